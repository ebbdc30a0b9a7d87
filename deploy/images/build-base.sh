#!/usr/bin/env bash
# Builds a local stand-in for the official denoland/deno:2.9.6 image where registries cannot be reached: Debian
# bookworm (debootstrap --variant=minbase from the machine's own Debian mirror) plus Deno's Linux binary from npm,
# with the official image's layout: a `deno` user and group (uid/gid 1993), DENO_DIR=/deno-dir/ owned by it,
# /usr/bin/deno on the PATH, tini as PID 1. Skipped when the image exists (REBUILD=1 forces it).
source "$(dirname "$0")/../lib.sh"

DENO_VERSION=2.9.6
if [[ -z "${REBUILD:-}" ]] && podman image exists "$BASE_IMAGE"; then
  say "base image $BASE_IMAGE exists (REBUILD=1 to rebuild)"
  exit 0
fi

work=$(mktemp -d /var/tmp/perps-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

say "debootstrap bookworm (minbase) into $rootfs"
started=$(date +%s)
debootstrap --variant=minbase --include=ca-certificates,tini bookworm "$rootfs" "$(debian_mirror)" \
  >"$work/debootstrap.log" 2>&1 || {
  tail -n 20 "$work/debootstrap.log"
  fail "debootstrap"
}
say "debootstrap took $(($(date +%s) - started))s"

say "deno $DENO_VERSION from npm (@deno/linux-x64-glibc)"
(cd "$work" && npm pack --silent "@deno/linux-x64-glibc@$DENO_VERSION" >/dev/null)
tar -xzf "$work"/deno-linux-x64-glibc-"$DENO_VERSION".tgz -C "$work"
install -m 0755 "$work/package/deno" "$rootfs/usr/bin/deno"
[[ "$(chroot "$rootfs" /usr/bin/deno --version | head -n 1)" == "deno $DENO_VERSION "* ]] || fail "deno binary"

# The official image's user, cache directory and entry point.
chroot "$rootfs" groupadd --gid 1993 deno
chroot "$rootfs" useradd --uid 1993 --gid deno --create-home deno
install -d -o 1993 -g 1993 "$rootfs/deno-dir"
# Smaller image: no package lists, caches or documentation (apt-get update restores the lists when needed).
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*

say "podman import -> $BASE_IMAGE"
tar -C "$rootfs" -c . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV DENO_DIR=/deno-dir/' \
  --change 'ENV DENO_INSTALL_ROOT=/usr/local' \
  --change 'ENTRYPOINT ["/usr/bin/tini", "--"]' \
  --change 'CMD ["deno", "eval", "console.log(Deno.version.deno)"]' \
  - "$BASE_IMAGE" >/dev/null
say "base image: $(podman image inspect --format '{{.Size}}' "$BASE_IMAGE" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
podman run --rm "$BASE_IMAGE" >/dev/null || fail "the base image does not run deno"
