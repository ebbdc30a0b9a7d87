#!/usr/bin/env bash
# Builds the image on a local base (deploy/images/build-base.sh: Debian + Deno from npm, the official image's
# layout), runs it, waits for its health check to say healthy, checks health, a quote, a builder and a stream through
# the published port, measures image size, time to healthy and idle RSS, then stops it with SIGTERM and checks the
# exit is graceful. Podman with the project's settings (deploy/containers/containers.conf); loopback ports only.
#   bash deploy/verify-image.sh
source "$(dirname "$0")/lib.sh"

NAME=perps-verify-api
PORT=${VERIFY_PORT:-18080}
METRICS=${VERIFY_METRICS_PORT:-19464}
cleanup() { quiet_podman rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup

bash "$DEPLOY_DIR/images/build-base.sh"
build_api_image

say "run $API_IMAGE on 127.0.0.1:$PORT (metrics 127.0.0.1:$METRICS)"
started=$(now_ms)
quiet_podman run -d --name "$NAME" -p "127.0.0.1:$PORT:8080" -p "127.0.0.1:$METRICS:9464" "$API_IMAGE" >/dev/null
# No systemd here to run the image's HEALTHCHECK on a timer: run it the way the timer would, until it passes.
wait_for 180 "the health check to pass" podman healthcheck run "$NAME"
healthy_ms=$(($(now_ms) - started))
[[ $(podman inspect --format '{{.State.Health.Status}}' "$NAME") == healthy ]] || fail "health status"
say "healthy after $((healthy_ms / 1000)).$(printf '%03d' $((healthy_ms % 1000)))s (container start to first passing health check)"

check_api "http://127.0.0.1:$PORT"
check_metrics_listener "http://127.0.0.1:$METRICS"

sleep 10 # idle: the replay keeps running, no client
rss=$(container_rss_mib "$NAME")
say "idle RSS: ${rss} MiB (deno process, 10 s after the checks)"

say "SIGTERM"
stop_started=$(now_ms)
podman kill --signal TERM "$NAME" >/dev/null
timeout 30 podman wait "$NAME" >/dev/null || fail "still running 30 s after SIGTERM"
code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
[[ "$code" == 0 ]] || fail "exit code $code after SIGTERM"
podman logs "$NAME" 2>/dev/null | grep -q '"msg":"shutting down"' || fail "no shutdown line in the log"
say "ok: exited 0 after SIGTERM in $(($(now_ms) - stop_started)) ms, shutdown logged"

say "image size: $(image_size_mb "$API_IMAGE") MB ($API_IMAGE; base $(image_size_mb "$BASE_IMAGE") MB)"
say "PASS: image"
