# Shared by the verification scripts: the project-local Podman settings, the Debian mirror this machine already
# uses, timing and small checks. Sourced, not run.
set -euo pipefail

DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$DEPLOY_DIR/.." && pwd)"
export CONTAINERS_CONF="$DEPLOY_DIR/containers/containers.conf"

# Local image names (the public ones cannot be pulled here).
BASE_IMAGE=localhost/perps-deno-base:2.9.6
API_IMAGE=localhost/perps-api:verify
REDIS_IMAGE=localhost/perps-redis:bookworm
NGINX_IMAGE=localhost/perps-nginx:bookworm

say() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() {
  say "FAIL: $*"
  exit 1
}

# The first Debian archive URI of the machine's apt sources (deb822 or one-line format): the mirror is read at run
# time, never written into the repository.
debian_mirror() {
  local uri=""
  if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
    uri=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' \
      /etc/apt/sources.list.d/*.sources)
  fi
  if [[ -z "$uri" && -f /etc/apt/sources.list ]]; then
    uri=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }' \
      /etc/apt/sources.list)
  fi
  [[ -n "$uri" ]] || fail "no Debian mirror in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list"
  printf '%s\n' "$uri"
}

# Milliseconds since the epoch.
now_ms() { date +%s%3N; }

# Polls a command until it succeeds, at most $1 seconds.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$(($(date +%s) + seconds))
  until "$@" >/dev/null 2>&1; do
    (($(date +%s) < deadline)) || fail "timed out after ${seconds}s waiting for $what"
    sleep 0.5
  done
}

# HTTP status of a request (curl), the body discarded.
# A request that fails outright (refused, timed out) is "000": counted, never an abort of the script.
status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$@" || true; }

expect_status() {
  local want=$1 what=$2
  shift 2
  local got
  got=$(status_of "$@")
  [[ "$got" == "$want" ]] || fail "$what: HTTP $got, expected $want"
  say "ok: $what -> $got"
}

# Owners of the embedded world (fixtures/world/manifest.json).
OWNER_WITH_BASKET=$(jq -r '.cases.v2.manyPositionsAndLimitOrder.owner' "$REPO_DIR/fixtures/world/manifest.json")

# The service's answers through one address: health, a quote, a builder, a stream's first frame.
check_api() {
  local base=$1 body
  body=$(curl -sf --max-time 10 "$base/v2/health") || fail "GET /v2/health through $base"
  [[ $(jq -r .status <<<"$body") == ok ]] || fail "health: $body"
  say "ok: GET /v2/health -> 200 $(jq -c '{status}' <<<"$body")"

  local quote='{"inputTokenSymbol":"SOL","outputTokenSymbol":"SOL","inputAmountUi":"1","leverage":5,"tradeType":"LONG"}'
  body=$(curl -sf --max-time 10 -H 'content-type: application/json' -d "$quote" \
    "$base/v2/transaction-builder/open-position") || fail "quote (open-position without owner)"
  [[ $(jq -r '.transactionBase64' <<<"$body") == null && $(jq -r '.err // empty' <<<"$body") == "" &&
    $(jq -r '.newEntryPrice' <<<"$body") =~ ^[0-9.]+$ ]] || fail "quote: $body"
  say "ok: quote (open-position preview) -> 200 $(jq -c '{newEntryPrice, newLeverage, entryFee}' <<<"$body")"

  local build="${quote%\}},\"owner\":\"$OWNER_WITH_BASKET\"}"
  body=$(curl -sf --max-time 10 -H 'content-type: application/json' -d "$build" \
    "$base/v2/transaction-builder/open-position") || fail "builder (open-position with owner)"
  local tx
  tx=$(jq -r '.transactionBase64' <<<"$body")
  [[ "$tx" != null && ${#tx} -gt 100 ]] || fail "builder: $body"
  say "ok: builder (open-position) -> 200, unsigned transaction of $(base64 -d <<<"$tx" | wc -c) bytes"

  check_stream "$base" "/v2/owner/$OWNER_WITH_BASKET/ws"
}

# A WebSocket upgrade by hand (curl): 101, then the stream's first frame names its type.
check_stream() {
  local base=$1 path=$2 out
  out=$(curl -s -i -N --http1.1 --max-time 4 -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
    -H 'Sec-WebSocket-Version: 13' -H "Sec-WebSocket-Key: $(head -c 16 /dev/urandom | base64)" \
    "$base$path" | head -c 4096 | tr -d '\0' || true)
  grep -q '^HTTP/1.1 101' <<<"$out" || fail "stream $path: $(head -n 1 <<<"$out")"
  grep -aq '"type":"basket"' <<<"$out" || fail "stream $path: no basket frame"
  say "ok: stream $path -> 101 and a basket frame"
}

# /livez and /metrics on the metrics listener (METRICS_PORT; METRICS_HOST=0.0.0.0 in the image and the manifests).
check_metrics_listener() {
  local base=$1
  expect_status 200 "GET /livez on the metrics listener" "$base/livez"
  local body
  body=$(curl -sf --max-time 5 "$base/metrics") || fail "/metrics on the metrics listener"
  grep -q '^http_requests_total{' <<<"$body" || fail "/metrics: no http_requests_total sample"
  say "ok: GET /metrics on the metrics listener -> 200, $(grep -c '^[a-z]' <<<"$body") samples"
}

# RSS (MiB) of the deno process under a container's init (tini): the container's main PID's child.
container_rss_mib() {
  local init deno
  init=$(podman inspect --format '{{.State.Pid}}' "$1")
  deno=$(pgrep -P "$init" -x deno || echo "$init")
  awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$deno/status"
}

# Podman without systemd: it cannot install the health check's timer and says so on every run and removal
# (the scripts run the check themselves), nor syslog for `kube down`. Other messages pass through.
quiet_podman() { podman "$@" 2> >(grep -v -e 'systemd connection' -e 'connect to syslog' >&2); }

image_size_mb() { podman image inspect --format '{{.Size}}' "$1" | awk '{ printf "%.0f", $1 / 1e6 }'; }

# The project image on the local base. --format docker keeps the HEALTHCHECK (OCI images have none). The machine's
# CA bundle is lent to the build (DENO_TLS_CA_STORE=system) for networks that inspect TLS; it is not kept.
build_api_image() {
  local ca=() started
  if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
    ca=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro --build-arg DENO_TLS_CA_STORE=system)
  fi
  say "build $API_IMAGE on $BASE_IMAGE"
  started=$(date +%s)
  podman build -q --format docker --build-arg "BASE=$BASE_IMAGE" "${ca[@]}" -t "$API_IMAGE" "$REPO_DIR" >/dev/null ||
    fail "podman build"
  say "built in $(($(date +%s) - started))s"
}

# The Redis and nginx images from Debian packages on the local base (the public ones cannot be pulled here).
build_side_images() {
  local image file
  for pair in "$REDIS_IMAGE:redis" "$NGINX_IMAGE:nginx"; do
    image=${pair%:*}
    file=${pair##*:}
    if [[ -z "${REBUILD:-}" ]] && podman image exists "$image"; then continue; fi
    say "build $image from Debian's package"
    podman build -q --format docker --build-arg "BASE=$BASE_IMAGE" -t "$image" \
      -f "$DEPLOY_DIR/images/$file.Containerfile" "$DEPLOY_DIR/images" 2> >(grep -v '^debconf: delaying' >&2) \
      >/dev/null || fail "podman build $image"
  done
}
