#!/usr/bin/env bash
# Runs the Kubernetes manifests' pods here with `podman kube play` (deploy/kubernetes/base: the ConfigMap, the
# Secret, Redis and the service's Deployment) and checks, through the pod's port on loopback: readiness
# (/v2/health), a quote, a builder, a stream, liveness (/livez, once the metrics listener exists), that the pod runs
# with the manifest's user, memory limit and settings, idle RSS, and a graceful stop within the grace period.
# Podman has no Services: the copy it plays differs from the manifests only in what that needs (the local image
# names, REDIS_URL naming Redis's pod, loopback host ports for the checks, hence one replica), and Podman 4.3 reads the
# Secret for envFrom from a Podman secret holding its data as JSON (it cannot read one it made from the YAML itself).
#   bash deploy/verify-kube.sh
source "$(dirname "$0")/lib.sh"

MANIFESTS="$DEPLOY_DIR/kubernetes/base"
NETWORK=perps-kube-verify
PORT=${VERIFY_KUBE_PORT:-18100}
METRICS=${VERIFY_KUBE_METRICS_PORT:-19100}
scratch=$(mktemp -d)
played="$scratch/play.yaml"
REDIS_PORT=${VERIFY_KUBE_REDIS_PORT:-16379}
cleanup() {
  if [[ -f "$played" ]]; then quiet_podman kube down "$played" >/dev/null 2>&1 || true; fi
  podman secret rm perps-api-secrets >/dev/null 2>&1 || true
  podman network rm -f "$NETWORK" >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT

bash "$DEPLOY_DIR/images/build-base.sh"
podman image exists "$API_IMAGE" && [[ -z "${REBUILD:-}" ]] || build_api_image
build_side_images

# The pods as podman names them: <Deployment>-pod-0.
REDIS_POD=perps-redis-pod-0
API_POD=perps-api-pod-0
API_CONTAINER=$API_POD-api
{
  for file in configmap.yaml redis.yaml deployment.yaml; do
    echo "---"
    cat "$MANIFESTS/$file"
  done
} | sed -e "s#image: perps-api:latest#image: $API_IMAGE#" \
  -e "s#image: redis:7-alpine#image: $REDIS_IMAGE#" \
  -e "s#REDIS_URL: redis://perps-redis:6379#REDIS_URL: redis://$REDIS_POD:6379#" \
  -e "s#^\( *\)containerPort: 8080#\1containerPort: 8080\n\1hostIP: 127.0.0.1\n\1hostPort: $PORT#" \
  -e "s#^\( *\)containerPort: 9464#\1containerPort: 9464\n\1hostIP: 127.0.0.1\n\1hostPort: $METRICS#" \
  -e "s#^\( *\)containerPort: 6379#\1containerPort: 6379\n\1hostIP: 127.0.0.1\n\1hostPort: $REDIS_PORT#" \
  -e "s#^  replicas: 2#  replicas: 1#" >"$played"
# Each substitution must have happened: a manifest that changed shape fails here, not later in a confusing way.
for want in "image: $API_IMAGE" "image: $REDIS_IMAGE" "redis://$REDIS_POD:6379" "hostPort: $PORT" "hostPort: $METRICS" \
  "hostPort: $REDIS_PORT"; do
  grep -q "$want" "$played" || fail "the played copy lacks '$want'"
done

grep -q '^  replicas: 2' "$played" && fail "the played copy still has two replicas"
python3 -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))["data"] or {}))' \
  "$MANIFESTS/secret.yaml" >"$scratch/secret.json"
podman secret rm perps-api-secrets >/dev/null 2>&1 || true
podman secret create perps-api-secrets "$scratch/secret.json" >/dev/null
podman network exists "$NETWORK" || podman network create "$NETWORK" >/dev/null
say "podman kube play (ConfigMap, Secret, perps-redis, perps-api) on network $NETWORK"
started=$(now_ms)
quiet_podman kube play --network "$NETWORK" "$played" >"$scratch/play.log" </dev/null || {
  cat "$scratch/play.log"
  fail "podman kube play"
}
wait_for 180 "readiness (/v2/health 200)" curl -sf --max-time 2 "http://127.0.0.1:$PORT/v2/health"
ms=$(($(now_ms) - started))
say "ready $((ms / 1000)).$(printf '%03d' $((ms % 1000)))s after kube play (pods created and started, first load, health 200)"

check_api "http://127.0.0.1:$PORT"
check_metrics_listener "http://127.0.0.1:$METRICS"

# The pod as the manifest describes it.
user=$(podman exec "$API_CONTAINER" id -u)
[[ "$user" == 1993 ]] || fail "runs as uid $user, not the manifest's 1993"
limit=$(podman inspect --format '{{.HostConfig.Memory}}' "$API_CONTAINER")
[[ "$limit" == $((512 * 1024 * 1024)) ]] || fail "memory limit $limit, not the manifest's 512Mi"
env_of() { podman exec "$API_CONTAINER" printenv "$1"; }
[[ $(env_of TRUST_PROXY) == true && $(env_of REDIS_URL) == "redis://$REDIS_POD:6379" && $(env_of METRICS_HOST) == 0.0.0.0 ]] ||
  fail "the ConfigMap's settings are not in the container's environment"
env_of RPC_URL >/dev/null && fail "RPC_URL set: the empty Secret should leave the embedded world"
say "ok: uid 1993, memory limit 512 MiB, the ConfigMap's settings in the environment, no RPC_URL (embedded world)"
# The limits reach Redis's pod: a request through the service leaves its bucket there.
curl -s -o /dev/null "http://127.0.0.1:$PORT/v2/health"
wait_for 10 "a rate-limit bucket in Redis" bash -c \
  "[[ \$(podman exec $REDIS_POD-redis redis-cli --scan --pattern 'perps:rl:*' | wc -l) -gt 0 ]]"
say "ok: the rate-limit bucket is in the Redis pod (perps:rl:*)"

sleep 10
say "idle RSS: $(container_rss_mib "$API_CONTAINER") MiB (10 s without requests); boot peak (VmHWM): $(
  awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$(pgrep -P "$(podman inspect --format '{{.State.Pid}}' "$API_CONTAINER")" -x deno)/status"
) MiB"

grace=$(awk '/terminationGracePeriodSeconds:/ { print $2 }' "$MANIFESTS/deployment.yaml")
say "stop the pod (SIGTERM, at most ${grace}s as terminationGracePeriodSeconds)"
stop_started=$(now_ms)
quiet_podman pod stop -t "$grace" "$API_POD" >/dev/null
stop_ms=$(($(now_ms) - stop_started))
code=$(podman inspect --format '{{.State.ExitCode}}' "$API_CONTAINER")
((stop_ms < grace * 1000)) || fail "the stop took ${stop_ms} ms: killed at the deadline"
[[ "$code" == 0 ]] || fail "exit code $code after SIGTERM"
say "ok: exited 0 in ${stop_ms} ms after SIGTERM"
say "PASS: kube play"
