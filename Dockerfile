# syntax=docker/dockerfile:1
# The bot in a small image: built with the Rust toolchain, run as a non-root user, its database on a volume.

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# Cache the registry and the build folder between builds (BuildKit).
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked && cp target/release/gambit /gambit && strip /gambit

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin gambit \
    && mkdir -p /data && chown gambit /data
COPY --from=build /gambit /usr/local/bin/gambit
USER gambit
WORKDIR /data
VOLUME ["/data"]
# The health and metrics listener is on inside the container (Prometheus can scrape port 9100 on the
# container's network); the health check asks it with `gambit health` (the image has no curl). The games'
# web pages listen on port 8080: publish it, and set GAMBIT_WEB_PUBLIC_URL to the address players reach.
ENV GAMBIT_DB=/data/gambit.db \
    GAMBIT_OPS_LISTEN=0.0.0.0:9100 \
    GAMBIT_WEB_LISTEN=0.0.0.0:8080 \
    RUST_LOG=info
EXPOSE 9100 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["gambit", "health"]
# SIGTERM stops the bot cleanly: what is in flight finishes (at most [ops] shutdown_seconds, 10 s), then
# the database is folded into one file. Exit code 78 means the configuration (or the token) is wrong.
STOPSIGNAL SIGTERM
ENTRYPOINT ["gambit"]
CMD ["serve"]
