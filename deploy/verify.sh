#!/usr/bin/env bash
# The three deployment checks in turn (each also runs alone): the image, the compose topology, the Kubernetes pod.
# REBUILD=1 rebuilds every local image from scratch (base, service, Redis, nginx) instead of reusing them.
#   bash deploy/verify.sh        (or: npx -y deno@2.9.6 task verify:deploy)
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)
if [[ -n "${REBUILD:-}" ]]; then
  # Gone images are built again by the script that needs them first.
  (source lib.sh && podman rmi -f "$API_IMAGE" "$REDIS_IMAGE" "$NGINX_IMAGE" "$BASE_IMAGE" >/dev/null 2>&1) || true
  unset REBUILD
fi
bash verify-image.sh
bash verify-compose.sh
bash verify-kube.sh
echo "PASS: image, compose and kube play in $(($(date +%s) - started)) s"
