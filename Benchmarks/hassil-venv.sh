# Sourced by the benchmarks that run hassil beside Coach's recogniser (ha-intents, recognizer),
# after setting $root and $here: their output directory and the Python venv with the pinned hassil.
#   hassil_world NAME   sets $out (${TMPDIR:-/tmp}/coach-NAME, made) and $py (Benchmarks/.venv's
#                       python, with $here/requirements.txt installed); crash reports stay off the
#                       terminal (SWIFT_BACKTRACE)
hassil_world() {
    out="${TMPDIR:-/tmp}/coach-$1"
    mkdir -p "$out"
    export SWIFT_BACKTRACE=interactive=no
    local venv="$root/Benchmarks/.venv"
    if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
    "$venv/bin/pip" install -q -r "$here/requirements.txt"
    py="$venv/bin/python"
}
