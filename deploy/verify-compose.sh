#!/usr/bin/env bash
# Runs compose.yaml here (podman-compose, local images: see deploy/verify-image.sh) and checks, through nginx:
# health, a quote, a builder, a stream; X-Request-Id passes through; the rate limit is shared (the 11th request in a
# second is 429 whichever replica answers); X-Forwarded-For cannot be spoofed; the owner's sixth socket is 429 across
# replicas; a Redis restart stops nothing; a replica killed mid-load loses no request. Every load is bounded in
# count and time; the published port is on loopback.
#   bash deploy/verify-compose.sh
source "$(dirname "$0")/lib.sh"

PROJECT=perps-verify
LB_PORT=${VERIFY_LB_PORT:-18090}
LB="http://127.0.0.1:$LB_PORT"
export API_IMAGE REDIS_IMAGE NGINX_IMAGE LB_PUBLISH="127.0.0.1:$LB_PORT" DENO_BASE="$BASE_IMAGE"
compose() { podman-compose -p "$PROJECT" -f "$REPO_DIR/compose.yaml" "$@"; }
container() { printf '%s_%s_1' "$PROJECT" "$1"; }
held=()
cleanup() {
  for pid in "${held[@]}"; do kill "$pid" 2>/dev/null || true; done
  compose down -t 5 >/dev/null 2>&1 || true
  # podman-compose 1.0.3 leaves the project's network behind.
  podman network rm -f "${PROJECT}_default" >/dev/null 2>&1 || true
}
trap cleanup EXIT
cleanup

bash "$DEPLOY_DIR/images/build-base.sh"
podman image exists "$API_IMAGE" && [[ -z "${REBUILD:-}" ]] || build_api_image
build_side_images

say "podman-compose up (redis, api-1, api-2, lb on 127.0.0.1:$LB_PORT)"
started=$(now_ms)
compose up -d >/tmp/perps-verify-compose.log 2>&1 || {
  tail -n 20 /tmp/perps-verify-compose.log
  fail "podman-compose up"
}
for api in api-1 api-2; do
  wait_for 180 "$api's health check" podman healthcheck run "$(container "$api")"
done
wait_for 30 "nginx" curl -sf --max-time 2 "$LB/v2/health"
ms=$(($(now_ms) - started))
say "both replicas healthy and answering through nginx $((ms / 1000)).$(printf '%03d' $((ms % 1000)))s after up"

check_api "$LB"

sleep 1.2 # every client's bucket full again
# A quote (logged at info, unlike the polled health reads) with the client's own id: echoed, and logged under it.
id="verify-$(date +%s%N)"
[[ $(curl -s -D - -o /dev/null -H "X-Request-Id: $id" -H 'content-type: application/json' \
  -d '{"inputTokenSymbol":"SOL","outputTokenSymbol":"SOL","inputAmountUi":"1","leverage":5,"tradeType":"LONG"}' \
  "$LB/v2/transaction-builder/open-position" | tr -d '\r' |
  awk -F': ' 'tolower($1) == "x-request-id" { print $2 }') == "$id" ]] || fail "X-Request-Id not echoed"
sleep 0.5 # log lines are written every 10 ms
logged=$(for api in api-1 api-2; do podman logs "$(container "$api")" 2>/dev/null | grep -c "\"requestId\":\"$id\"" || true; done | paste -sd' ')
[[ "$logged" == "1 0" || "$logged" == "0 1" ]] || fail "X-Request-Id $id logged by api-1, api-2: $logged"
say "ok: X-Request-Id $id echoed through nginx and logged by one replica (api-1 api-2: $logged)"

# 11 requests at once (curl --parallel: about as long as one, well under the 100 ms a token takes to come back), one
# client: 10 pass, 1 is refused, whichever replica each reaches. `spoof`: each with another X-Forwarded-For.
burst() {
  local args=(--parallel --parallel-immediate --parallel-max 11) i
  for i in $(seq 1 11); do
    ((i > 1)) && args+=(--next)
    args+=(-s -o /dev/null -w '%{http_code}\n')
    [[ "${1:-}" == spoof ]] && args+=(-H "X-Forwarded-For: 203.0.113.$i")
    args+=("$LB/v2/health")
  done
  curl "${args[@]}" 2>/dev/null | sort | uniq -c | awk '{ printf "%s%s x %s", (NR > 1 ? ", " : ""), $1, $2 }'
}
sleep 1.2
codes=$(burst)
[[ "$codes" == "10 x 200, 1 x 429" ]] || fail "shared rate limit: $codes"
say "ok: 11 requests at once through nginx: $codes"
sleep 1.2
codes=$(burst spoof)
[[ "$codes" == "10 x 200, 1 x 429" ]] || fail "X-Forwarded-For spoofing: $codes"
say "ok: 11 requests, each with another X-Forwarded-For: $codes (one client all the same)"

# Five sockets of one owner held open through nginx (curl, at most 30 s), then the sixth.
sleep 1.2
ws_path="/v2/owner/$OWNER_WITH_BASKET/ws"
ws_dir=$(mktemp -d)
for i in 1 2 3 4 5; do
  curl -s -i -N --http1.1 --max-time 30 -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
    -H 'Sec-WebSocket-Version: 13' -H "Sec-WebSocket-Key: $(head -c 16 /dev/urandom | base64)" \
    "$LB$ws_path" >"$ws_dir/$i" 2>/dev/null &
  held+=($!)
done
wait_for 10 "five sockets open" bash -c "[[ \$(grep -al '^HTTP/1.1 101' $ws_dir/* | wc -l) == 5 ]]"
per_replica=$(for api in api-1 api-2; do podman logs "$(container "$api")" 2>/dev/null | grep -c '"route":"/v2/owner/:owner/ws"' || true; done | paste -sd' ')
sixth=$(curl -s --http1.1 --max-time 5 -w ' %{http_code}' -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
  -H 'Sec-WebSocket-Version: 13' -H "Sec-WebSocket-Key: $(head -c 16 /dev/urandom | base64)" "$LB$ws_path")
[[ "$sixth" == *'"WS_OWNER_LIMIT"'*' 429' ]] || fail "sixth socket: $sixth"
say "ok: five sockets streaming through nginx (upgrades logged per replica, this run and check_api's: $per_replica); the sixth -> 429 WS_OWNER_LIMIT"
for pid in "${held[@]}"; do kill "$pid" 2>/dev/null || true; done
held=()
rm -rf "$ws_dir"

# Redis restarted while requests keep coming: none fails (the replicas fall back to their own counters).
sleep 1.2
quiet_podman restart -t 2 "$(container redis)" >/dev/null &
restart_pid=$!
codes=()
for i in $(seq 1 16); do
  codes+=("$(status_of "$LB/v2/health")")
  sleep 0.25
done
wait "$restart_pid"
bad=$(printf '%s\n' "${codes[@]}" | grep -vc '^200$' || true)
[[ "$bad" == 0 ]] || fail "during the Redis restart: ${codes[*]}"
wait_for 20 "the buckets back in Redis" bash -c \
  "curl -s -o /dev/null $LB/v2/health; [[ \$(podman exec $(container redis) redis-cli dbsize) -gt 0 ]]"
say "ok: Redis restarted: 16 requests over 4 s all 200, then the buckets are counted in Redis again"

# A replica killed (SIGKILL) mid-load: 32 requests at most 8 a second, api-2 killed after 1.5 s. nginx retries what
# reached the dead replica on the survivor (after proxy_connect_timeout when its address no longer answers at all).
sleep 1.2
codes=()
load_started=$(now_ms)
killed=""
for i in $(seq 1 32); do
  if [[ -z "$killed" ]] && (($(now_ms) - load_started > 1500)); then
    podman kill --signal KILL "$(container api-2)" >/dev/null
    killed=$i
  fi
  codes+=("$(curl -s -o /dev/null -w '%{http_code} %{time_total}' --max-time 10 "$LB/v2/health" || true)")
  sleep 0.125
done
slowest=$(printf '%s\n' "${codes[@]}" | awk '{ print $2 }' | sort -n | tail -n 1)
codes=("${codes[@]%% *}")
bad=$(printf '%s\n' "${codes[@]}" | grep -vc '^200$' || true)
[[ -n "$killed" && "$bad" == 0 ]] || fail "replica killed mid-load: ${codes[*]}"
say "ok: api-2 killed before request $killed of 32: non-2xx answers: $bad, slowest answer ${slowest}s, all in $(($(now_ms) - load_started)) ms"
expect_status 200 "the survivor answers through nginx" "$LB/v2/health"

sleep 10
say "idle RSS of api-1 (10 s without requests): $(container_rss_mib "$(container api-1)") MiB"
say "PASS: compose"
