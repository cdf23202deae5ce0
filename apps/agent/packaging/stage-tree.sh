#!/usr/bin/env bash
# Lays out the agent's installed tree, as the Debian package and an update package both carry it:
#   apps/agent/packaging/stage-tree.sh <dir> [arch]
# arch: arm64, amd64 or armhf (Debian's names; default: this machine's). <dir> gets the repository's manifests and
# lock file, the agent's production build (dist/: the agent and its supervisor, plain JavaScript), its sources, the
# workspace code they import, and the production dependencies of the agent installed for the target's CPU
# (`npm ci --prefer-offline`: from npm's cache where it holds them).
set -euo pipefail
app="$(realpath -m "$1")"
cd "$(dirname "$0")/../../.."
arch="${2:-$(node -p "({ x64: 'amd64', arm64: 'arm64', arm: 'armhf' })[process.arch] ?? process.arch")}"
# tsx runs on esbuild, a native binary per platform: install the one of the target, not this machine's.
case "$arch" in arm64) cpu=arm64 ;; amd64) cpu=x64 ;; armhf) cpu=arm ;; *) echo "unknown arch $arch" >&2; exit 2 ;; esac
mkdir -p "$app"

# The workspaces the agent imports, and the lock file, then their production dependencies only.
cp package.json package-lock.json "$app/"
for ws in $(node -p "require('./package.json').workspaces.join(' ')"); do
  mkdir -p "$app/$ws"
  cp "$ws/package.json" "$app/$ws/"
done
node apps/agent/build.mjs >/dev/null
cp -r apps/agent/bin apps/agent/dist apps/agent/src apps/agent/README.md "$app/apps/agent/"
cp -r packages/contracts/src packages/contracts/sunspec "$app/packages/contracts/"
cp -r apps/simulator/src "$app/apps/simulator/"
(cd "$app" && npm ci --os=linux --cpu="$cpu" --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --workspace apps/agent --include-workspace-root=false >/dev/null)
