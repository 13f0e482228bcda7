//! Why `gambit serve` could not run: each cause in words a host can act on.

use super::NO_TOKEN;
use crate::service::host::{LockError, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{}", NO_TOKEN)]
    NoToken,
    #[error(
        "Discord refused the token in DISCORD_TOKEN: copy it again from the Developer Portal (Bot > Reset Token); \
         restarting will not help until it is fixed"
    )]
    BadToken,
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr} for health and metrics ([ops] listen): {source}")]
    Listen { addr: std::net::SocketAddr, source: std::io::Error },
    #[error("{0}")]
    Other(String),
}
