#!/usr/bin/env bash
# Never acting on its own voice (#29): Coach's 8 replies (`coach start running`, `lap`, `pause`,
# `resume`, `start cycling`, `pause`/`resume --lang ja`, `end`, each `--speak-to` a file) are played
# back alone (none may act) and each with a command said over its end in other voices (espeak-ng
# en-us+m3 and en+f3, flite slt; "pause my workout", "resume my workout", "end my workout", "start
# an outdoor run" in turn), the command starting 0, 0.3 and 0.6 s before the reply's file ends.
# Decoded by `coach listen --no-act --json` with the spoken log present, with the echo canceller
# (the default) and without (`--no-echo-cancel`: the guard alone, as before), as a file and through
# a pipe. Prints, per overlap, the commands heard right (exactly the intended one) and the wrong
# actions; the same for each command said alone (what the recogniser makes of these voices at all:
# the ceiling); and the replies alone that acted.
#   Benchmarks/voice/own-voice.sh [COACH_BINARY]   (default: the release build, else the debug one)
#   OWN_VOICE_EXTRA="--residual-echo" adds options to every decode with the canceller.
# Needs espeak-ng, flite, sox, python3-numpy, libspeexdsp1. Work files (the mixes, each decode's
# JSON and --verbose lines) stay in ${XDG_CACHE_HOME:-~/.cache}/coach-bench/own-voice until the next
# run. A few minutes of CPU (release build). Figures: docs/voice.md, "Never acting on its own voice".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
coach=${1:-$root/.build/release/coach}
[[ -x $coach ]] || coach=$root/.build/debug/coach
[[ -x $coach ]] || { echo "no coach binary: swift build -c release --product coach" >&2; exit 1; }
coach=$(cd "$(dirname "$coach")" && pwd)/$(basename "$coach")
extra=(${OWN_VOICE_EXTRA:-})
work=${XDG_CACHE_HOME:-$HOME/.cache}/coach-bench/own-voice
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data
export XDG_RUNTIME_DIR=$work/run COACH_IDLE_EXIT=30s
mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"

# Coach's replies (each also noted in the spoken log, as any speaker does).
n=0
while read -r -a args; do
    # As written (espeak-ng: 22 050 Hz), not converted: the listener resamples the whole file, so
    # the reply it hears is no copy of the one it synthesises (another resampling phase).
    "$coach" "${args[@]}" --speak-to "$work/reply$n.wav" > /dev/null || true
    [[ -f $work/reply$n.wav ]] && n=$((n + 1))
    [[ ${args[*]} == "start running" ]] && sleep 4  # past the countdown: lap, pause, resume apply
done <<'ARGS'
start running
lap
pause
resume
start cycling
pause --lang ja
resume --lang ja
end
ARGS
"$coach" shutdown > /dev/null 2>&1 || true
echo "$n replies: $(cut -f3 "$XDG_STATE_HOME/coach/spoken.tsv" | paste -sd '|')" >&2

# The commands, in other voices, at the replies' rate.
rate=$(soxi -r "$work/reply0.wav")
texts=("pause my workout" "resume my workout" "end my workout" "start an outdoor run")
intents=($(printf '%s\n' "${texts[@]}" | "$coach" parse --lang en --json --stdin | python3 -c 'import json,sys; print(" ".join(json.loads(l)["intent"] for l in sys.stdin))'))
: > "$work/commands.tsv"
for voice in m3 f3 slt; do
    for i in "${!texts[@]}"; do
        if [[ $voice == slt ]]; then flite -voice slt -t "${texts[$i]}" -o "$work/raw.wav"
        else espeak-ng -v "en-us+$voice" -s 150 -w "$work/raw.wav" "${texts[$i]}"; fi
        sox "$work/raw.wav" -r "$rate" -c 1 -b 16 -e signed "$work/said-$voice-$i.wav"
        printf '%s\t%s\t%s\t%s\n' "$voice" "$i" "${texts[$i]}" "${intents[$i]}" >> "$work/commands.tsv"
    done
done
rm -f "$work/raw.wav"
python3 "$root/Benchmarks/voice/own-voice-mix.py" mix "$work"

# decode NAME WAV file|pipe [options]: the log re-dated first (the listener reads the last 10 minutes).
decode() {
    local name=$1 wav=$2 how=$3; shift 3
    awk -v now="$(date +%s)" 'BEGIN { FS = OFS = "\t" } { $1 = now; print }' "$XDG_STATE_HOME/coach/spoken.tsv" > "$work/log.tmp"
    mv "$work/log.tmp" "$XDG_STATE_HOME/coach/spoken.tsv"
    if [[ $how == file ]]; then
        nice -n 10 "$coach" listen --input "$wav" --no-act --json --verbose "$@" > "$work/$name.json" 2> "$work/$name.err"
    else
        # The WAV itself through the pipe: coach converts its rate as it would a file's.
        nice -n 10 "$coach" listen --input - --no-act --json --verbose "$@" < "$wav" > "$work/$name.json" 2> "$work/$name.err"
    fi
}
decode said-file "$work/said.wav" file "${extra[@]}"
decode alone-file "$work/alone.wav" file "${extra[@]}"
decode alone-pipe "$work/alone.wav" pipe "${extra[@]}"
decode over-file "$work/over.wav" file "${extra[@]}"
decode over-file-before "$work/over.wav" file --no-echo-cancel
decode over-pipe "$work/over.wav" pipe "${extra[@]}"
decode over-pipe-before "$work/over.wav" pipe --no-echo-cancel
for name in alone-file alone-pipe; do
    echo "$name: replies alone that acted: $(python3 "$root/Benchmarks/voice/own-voice-mix.py" acting "$work/$name.json") of $n"
done
python3 "$root/Benchmarks/voice/own-voice-mix.py" score "$work" said-file said
for name in over-file-before over-file over-pipe-before over-pipe; do
    python3 "$root/Benchmarks/voice/own-voice-mix.py" score "$work" "$name"
done
