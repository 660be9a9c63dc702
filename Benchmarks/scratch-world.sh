# Sourced by benchmark scripts: a throwaway XDG world (own runtime dir, store, tmux server) that is
# removed on exit, killing the gateway in $gateway_pid if the script started one.
#   scratch_world NAME   sets $work and $tmux_name and exports the XDG variables
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
    [ -n "${gateway_pid:-}" ] && kill "$gateway_pid" 2>/dev/null
    tmux -L "$tmux_name" kill-server 2>/dev/null || true
    rm -rf "$work"
}
