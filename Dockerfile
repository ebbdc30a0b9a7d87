# The service in a container: the official Deno image at the project's pinned version, every dependency fetched
# at build time, the embedded world served by default, an unprivileged user, and a health check.
#
#   docker build -t perps-api .
#   docker run --rm -p 8080:8080 perps-api                  # embedded world (no network, no keys)
#   docker run --rm -p 8080:8080 --env-file .env perps-api  # live mode: see .env.example
#
# BASE: any image with the official one's layout (a `deno` user owning DENO_DIR, `deno` on the PATH). Where the
# registry cannot be reached, deploy/images/build-base.sh builds one from Debian and npm (deploy/verify-image.sh).
ARG BASE=denoland/deno:2.9.6
FROM ${BASE}

# Build time only: which certificate authorities `deno install` trusts when fetching packages. Deno's own (mozilla)
# by default; `system` behind a TLS-inspecting proxy whose authority is in the build's /etc/ssl/certs (the
# verification scripts mount the machine's bundle there). Not kept in the image.
ARG DENO_TLS_CA_STORE=mozilla

WORKDIR /app
# The image's unprivileged user owns the dependency cache (DENO_DIR); the code stays root-owned and read-only to it.
USER deno

# Dependencies first: this layer is rebuilt only when the manifest or the lock file changes.
COPY --chown=root:root deno.json deno.lock ./
RUN deno install --frozen --quiet

# The code, the generated contract and the embedded world; then the module graphs of the entry point and of the worker
# it starts (src/state/prefaulted-slabs.worker.ts, loaded by URL, so not in the entry point's graph) are cached too.
COPY --chown=root:root . .
RUN deno install --frozen --quiet --entrypoint src/main.ts src/state/prefaulted-slabs.worker.ts

# METRICS_HOST: the metrics listener (/metrics, /livez) on every interface, so Prometheus and the kubelet reach it.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464
EXPOSE 8080 9464

# Healthy while /v2/health answers 200 (503 means ingestion is stale). The start period covers the boot's longest wait
# (120 s for a first load and 10 s for a first price, with an upstream down) before the service listens.
HEALTHCHECK --interval=15s --timeout=5s --start-period=150s --retries=3 \
  CMD ["deno", "eval", "const r = await fetch(`http://127.0.0.1:${Deno.env.get('PORT') ?? '8080'}/v2/health`); Deno.exit(r.status === 200 ? 0 : 1)"]

# --cached-only: the container never fetches a module at run time.
# --no-allocation-site-pretenuring: see src/main.ts (memory of the WebSocket streams under load).
CMD ["deno", "run", "--allow-all", "--cached-only", "--frozen", "--v8-flags=--no-allocation-site-pretenuring", "src/main.ts"]
