# Sourced by benchmark scripts (after setting $root): a throwaway XDG world (own runtime dir, store,
# tmux server) that is removed on exit, killing the gateway in $gateway_pid if the script started one.
#   scratch_world NAME   sets $work and $tmux_name and exports the XDG variables
#   release_coach        sets $coach to this checkout's release build (built now), unless $coach is set
#   serve_scratch SOCKET [SERVE ARGUMENTS…]
#                        starts `coach serve` on SOCKET (output in $work/gateway.log), sets
#                        $gateway_pid and returns once the socket is there (at most 10 s)
scratch_world() {
    work="$(mktemp -d "/tmp/coach-$1.XXXXXX")"
    tmux_name="coach-bench-$1-$$"
    trap scratch_world_cleanup EXIT
    mkdir -p "$work/run" && chmod 700 "$work/run"
    export XDG_RUNTIME_DIR="$work/run" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
        XDG_CONFIG_HOME="$work/config" SWIFT_BACKTRACE=interactive=no
    unset TMUX COACH_SOCKET
}

scratch_world_cleanup() {
    if [ -n "${gateway_pid:-}" ]; then
        kill "$gateway_pid" 2>/dev/null || true
        wait "$gateway_pid" 2>/dev/null || true
    fi
    tmux -L "$tmux_name" kill-server 2>/dev/null || true
    rm -rf "$work"
}

release_coach() {
    [ -n "${coach:-}" ] && return
    (cd "$root" && swift build -c release --product coach >/dev/null)
    coach="$root/.build/release/coach"
}

serve_scratch() {
    local socket=$1
    shift
    "$coach" serve "$@" --socket "$socket" >"$work/gateway.log" 2>&1 & gateway_pid=$!
    for _ in $(seq 200); do [ -S "$socket" ] && break; sleep 0.05; done
}
