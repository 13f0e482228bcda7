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
ENV GAMBIT_DB=/data/gambit.db \
    RUST_LOG=info
ENTRYPOINT ["gambit"]
CMD ["serve"]
