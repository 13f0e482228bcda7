//! Why a command stopped, and the exit code that tells a script or a container manager what to do. The
//! codes follow the BSD sysexits convention where one fits; the README lists them.

use crate::config::ConfigError;
use crate::service::HostError;
use crate::service::ServiceError;
use crate::service::host::{LockError, StoreError};
use std::process::ExitCode;

/// A command's failure: its message (one line, for the host) and its kind.
#[derive(Debug)]
pub struct Failure {
    pub kind: Kind,
    pub message: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A check found problems (`verify`), self-play found a bug, or something unexpected: 1.
    Problem,
    /// The command was used wrongly: 2 (as clap's own usage errors).
    Usage,
    /// The database comes from another version of the program: 65.
    Version,
    /// The database or an input file does not exist: 66.
    Missing,
    /// An output file cannot be made (it exists, or its folder cannot be written): 73.
    CannotCreate,
    /// The disk is full, or reading or writing failed: 74.
    Io,
    /// Another `serve` is running on this database: 75 (try again once it stopped).
    Busy,
    /// The database cannot be written (read-only file or folder): 77.
    ReadOnly,
    /// The configuration, an environment variable, the game data files or the Discord token is wrong:
    /// 78. Restarting does not help until it is fixed.
    Config,
    /// Standard output was closed early (`gambit verify | head`): 141, quietly, as a shell reports SIGPIPE.
    BrokenPipe,
}

impl Kind {
    pub fn code(self) -> u8 {
        match self {
            Kind::Problem => 1,
            Kind::Usage => 2,
            Kind::Version => 65,
            Kind::Missing => 66,
            Kind::CannotCreate => 73,
            Kind::Io => 74,
            Kind::Busy => 75,
            Kind::ReadOnly => 77,
            Kind::Config => 78,
            Kind::BrokenPipe => 141,
        }
    }
}

impl Failure {
    pub fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure { kind, message: message.into() }
    }

    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.kind.code())
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        let kind = match &e {
            StoreError::Missing { .. } => Kind::Missing,
            StoreError::Newer { .. } | StoreError::Older { .. } => Kind::Version,
            StoreError::ReadOnly { .. } => Kind::ReadOnly,
            StoreError::Full => Kind::Io,
            StoreError::Open { source: sqlx::Error::Io(io), .. } if io.kind() == std::io::ErrorKind::AlreadyExists => {
                Kind::CannotCreate
            }
            StoreError::Open { source: sqlx::Error::Io(io), .. }
                if io.kind() == std::io::ErrorKind::PermissionDenied =>
            {
                Kind::ReadOnly
            }
            StoreError::Open { .. } => Kind::Io,
            _ => Kind::Problem,
        };
        Failure::new(kind, e.to_string())
    }
}

impl From<ServiceError> for Failure {
    fn from(e: ServiceError) -> Failure {
        match e {
            ServiceError::Store(s) => s.into(),
            other => Failure::new(Kind::Problem, other.detail()),
        }
    }
}

impl From<HostError> for Failure {
    fn from(e: HostError) -> Failure {
        match e {
            HostError::Store(s) => s.into(),
            HostError::Lock(l) => l.into(),
            HostError::Io(io) => io.into(),
            HostError::NoBackup(_) => Failure::new(Kind::Missing, e.to_string()),
            HostError::NotAFile(_) => Failure::new(Kind::Usage, e.to_string()),
            HostError::Damaged { .. } | HostError::Settle(_) | HostError::List(_) => {
                Failure::new(Kind::Problem, e.to_string())
            }
        }
    }
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Failure {
        Failure::new(Kind::Config, e.to_string())
    }
}

impl From<LockError> for Failure {
    fn from(e: LockError) -> Failure {
        let kind = match e {
            LockError::Held { .. } => Kind::Busy,
            LockError::Io { .. } => Kind::ReadOnly,
        };
        Failure::new(kind, e.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        match e.kind() {
            std::io::ErrorKind::BrokenPipe => Failure::new(Kind::BrokenPipe, ""),
            std::io::ErrorKind::StorageFull => Failure::new(Kind::Io, "the disk is full"),
            _ => Failure::new(Kind::Io, e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_trouble_has_its_own_code() {
        let path = std::path::PathBuf::from("g.db");
        let of = |e: StoreError| Failure::from(e).kind.code();
        assert_eq!(of(StoreError::Full), 74);
        assert_eq!(of(StoreError::Missing { path: path.clone() }), 66);
        assert_eq!(of(StoreError::ReadOnly { path: path.clone() }), 77);
        assert_eq!(of(StoreError::Newer { path, found: 9, known: 3 }), 65);
        assert_eq!(Failure::from(std::io::Error::from(std::io::ErrorKind::BrokenPipe)).kind.code(), 141);
        let codes = [
            Kind::Problem,
            Kind::Usage,
            Kind::Version,
            Kind::Missing,
            Kind::CannotCreate,
            Kind::Io,
            Kind::Busy,
            Kind::ReadOnly,
            Kind::Config,
            Kind::BrokenPipe,
        ]
        .map(Kind::code);
        let mut unique = codes.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len(), "no two kinds share a code");
    }
}
