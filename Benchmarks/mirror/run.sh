#!/usr/bin/env bash
# Mirror lag, p50/p99, over unix: and over ssh — each with the link started by the mirror and then
# offered by the primary — against the peer measured in the same run (a direct subscriber of the
# primary). Two `coach serve` in separate XDG worlds under a temp dir; for
# ssh a throwaway sshd on a loopback port (own host/user keys and known_hosts, -f /dev/null; needs
# root and openssh-server, as the tests: shared/reference/ssh-bridge.md §3). Stops what it starts.
#
#   Benchmarks/mirror/run.sh [CHANGES=200]      (builds coach and coach-mirror-bench in debug)
#   CONFIG=release Benchmarks/mirror/run.sh     (swift build -c release first)
set -euo pipefail
cd "$(dirname "$0")/../.."
changes="${1:-200}"
config="${CONFIG:-debug}"
swift build -c "$config" --product coach >&2
swift build -c "$config" --product coach-mirror-bench >&2
bin="$PWD/.build/$config"
export SWIFT_BACKTRACE=interactive=no
work="$(mktemp -d /tmp/coach-mirror-bench.XXXXXX)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

world() {  # world NAME → starts `coach serve` in its own XDG world, prints its socket
  local root="$work/$1"
  mkdir -p "$root"/{run,state,data,config,home} && chmod 700 "$root/run"
  env XDG_RUNTIME_DIR="$root/run" XDG_STATE_HOME="$root/state" XDG_DATA_HOME="$root/data" \
      XDG_CONFIG_HOME="$root/config" HOME="$root/home" \
      "$bin/coach" serve --countdown 0 --idle-exit never >"$root/serve.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 200); do [[ -S "$root/run/coach/coach.sock" ]] && break; sleep 0.05; done
}
world primary
world mirror
primary_sock="$work/primary/run/coach/coach.sock"
mirror_sock="$work/mirror/run/coach/coach.sock"

"$bin/coach-mirror-bench" "$primary_sock" "$mirror_sock" "unix:" "$changes" \
  "{\"target\":\"unix:$primary_sock\"}"
"$bin/coach-mirror-bench" "$primary_sock" "$mirror_sock" "unix: offered by the primary" "$changes" \
  "{\"target\":\"unix:$mirror_sock\"}" offer

if [[ $(id -u) -ne 0 || ! -x /usr/sbin/sshd ]]; then
  echo "ssh: not measured (needs root and openssh-server for the loopback sshd)"
  exit 0
fi
keys="$work/ssh"; mkdir -m 700 "$keys"
ssh-keygen -q -t ed25519 -N '' -C bench-host -f "$keys/host_key"
ssh-keygen -q -t ed25519 -N '' -C bench-user -f "$keys/user_key"
cp "$keys/user_key.pub" "$keys/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1,2 "$keys/host_key.pub")" >"$keys/known_hosts"
mkdir -p -m 0755 /run/sshd
/usr/sbin/sshd -D -e -f /dev/null -p "$port" -h "$keys/host_key" -o ListenAddress=127.0.0.1 -o PidFile=none \
  -o AuthorizedKeysFile="$keys/authorized_keys" -o StrictModes=no -o UsePAM=no -o PasswordAuthentication=no \
  -o SetEnv=SHLVL=1 `# bash then skips root's ~/.bashrc (pyenv init): the link is measured, not rc files` \
  2>"$keys/sshd.log" &
pids+=($!)
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
printf '#!/bin/sh\nexec %s "$@" --socket %s\n' "$bin/coach" "$primary_sock" >"$keys/coach-remote"
chmod 755 "$keys/coach-remote"
printf '#!/bin/sh\nexec %s "$@" --socket %s\n' "$bin/coach" "$mirror_sock" >"$keys/coach-remote-mirror"
chmod 755 "$keys/coach-remote-mirror"
params=$(printf '{"target":"ssh://root@127.0.0.1:%s","remoteCoach":"%s","connectTimeout":5,"sshOptions":["-F","/dev/null","-i","%s","-o","IdentitiesOnly=yes","-o","UserKnownHostsFile=%s","-o","StrictHostKeyChecking=yes"]}' \
  "$port" "$keys/coach-remote" "$keys/user_key" "$keys/known_hosts")
"$bin/coach-mirror-bench" "$primary_sock" "$mirror_sock" "ssh (loopback sshd)" "$changes" "$params"
offer=$(printf '{"target":"ssh://root@127.0.0.1:%s","remoteCoach":"%s","connectTimeout":5,"sshOptions":["-F","/dev/null","-i","%s","-o","IdentitiesOnly=yes","-o","UserKnownHostsFile=%s","-o","StrictHostKeyChecking=yes"]}' \
  "$port" "$keys/coach-remote-mirror" "$keys/user_key" "$keys/known_hosts")
"$bin/coach-mirror-bench" "$primary_sock" "$mirror_sock" "ssh (loopback sshd) offered by the primary" "$changes" "$offer" offer
