#!/usr/bin/env bash
# Builds the Debian package of the edge agent from this repository with dpkg-deb:
#   apps/agent/packaging/build-deb.sh [arch [out-dir]]
# arch: arm64 for a Raspberry Pi 4/5, amd64, armhf (default: this machine's); out-dir: where the .deb goes (default:
# dist/ of the repository).
# The package holds the agent's tree (stage-tree.sh: its production build, dist/solarops-agent.mjs and the supervisor
# dist/solarops-agent-supervisor.mjs, plain JavaScript: the service needs no compiler; its sources and their
# production dependencies) under /opt/solarops-agent, the systemd unit, which starts the supervisor, and an
# example /etc/solarops-agent/agent.yaml. It needs
# Node.js 20.19 or newer on the target (Debian's nodejs or NodeSource's). No native module is needed for Modbus TCP;
# serialport's prebuilt bindings come along for RS-485 where they fit the architecture.
set -euo pipefail
# A given out-dir is taken from where the script was started, before it moves to the repository's root.
out_arg="${2:+$(realpath -m "$2")}"
cd "$(dirname "$0")/../../.."
arch="${1:-$(dpkg --print-architecture)}"
version=$(node -p "require('./apps/agent/package.json').version")
out="${out_arg:-$(pwd)/dist}"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/solarops-agent_${version}_${arch}"
app="$root/opt/solarops-agent"
mkdir -p "$root/DEBIAN" "$root/lib/systemd/system" "$root/etc/solarops-agent"

# The agent's tree, as an update package carries it too.
apps/agent/packaging/stage-tree.sh "$app" "$arch"

cp apps/agent/packaging/solarops-agent.service "$root/lib/systemd/system/"
cp apps/agent/packaging/agent.example.yaml "$root/etc/solarops-agent/agent.yaml"
cat > "$root/DEBIAN/control" <<CONTROL
Package: solarops-agent
Version: ${version}
Architecture: ${arch}
Maintainer: SolarOps maintainers
Depends: nodejs (>= 20.19) | nodejs-lts
Section: net
Priority: optional
Description: SolarOps edge agent
 Reads inverters, meters and batteries over Modbus TCP/RTU and SunSpec and sends
 their readings to a SolarOps console over MQTT, buffered on disk while offline.
CONTROL
echo "/etc/solarops-agent/agent.yaml" > "$root/DEBIAN/conffiles"
cat > "$root/DEBIAN/postinst" <<'POSTINST'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
  getent passwd solarops-agent >/dev/null || adduser --system --group --home /var/lib/solarops-agent solarops-agent
  chmod 640 /etc/solarops-agent/agent.yaml
  chgrp solarops-agent /etc/solarops-agent/agent.yaml
  systemctl daemon-reload >/dev/null 2>&1 || true
fi
POSTINST
cat > "$root/DEBIAN/prerm" <<'PRERM'
#!/bin/sh
set -e
systemctl stop solarops-agent >/dev/null 2>&1 || true
PRERM
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/prerm"
mkdir -p "$out"
dpkg-deb --root-owner-group --build "$root" "$out/solarops-agent_${version}_${arch}.deb"
echo "$out/solarops-agent_${version}_${arch}.deb"
