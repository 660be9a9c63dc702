#!/usr/bin/env bash
# Latency a person feels: spoken commands fed in real time (20 ms writes of 16 kHz s16le, as a
# microphone delivers them) into `coach listen --input - --no-act --json`, and in the same run into
# Debian's pocketsphinx_continuous (the same grammar as JSGF, `coach listen --print-grammar`, the
# same dictionary, `-infile /dev/stdin`). Coach four ways: its default engine (hama's phoneme model
# when installed), which decodes an utterance during the end-of-speech wait; the same with
# `--no-decode-ahead` (after the wait); pocketsphinx fed while the person speaks; pocketsphinx
# decoding each utterance whole after its end (`--decoding whole`). Per engine: end of speech (where each file's speech ends,
# from its samples) → the first result line after it, median / p90 / max; CPU per command (the
# process's CPU over the stream less its CPU on empty input, divided by the commands); start-up
# (the process run on empty input, wall, median of 5); first read (when the process first reads
# its input: audio said before then waits, or is lost from a microphone); intents right (in order: a line that comes
# late still counts). Prints the ratios. A line is taken as a command's result when it comes
# after that command's speech ended and before the next one's did: an engine falling more than a
# command behind real time has its lines counted against later commands.
#   Benchmarks/voice/latency.sh [COACH_BINARY] [COMMANDS]   (default: the release build; 44 commands)
#   LATENCY_RUNS="coach late"   only those rows (names as in `files` below: coach late streaming whole psc)
# On a machine busy with other work, `nice -n -10` (as root) keeps the scheduler from measuring itself.
# The commands of Tests/CoachCLITests/Voice/commands.txt in turn in espeak-ng's 7 voices
# (130–200 wpm) and flite's 4, each with 0.5 s of silence before and 0.7 s after. Wall figures
# depend on the machine's load (printed): rerun when other work shares the cores.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"
count=${2:-44}
py="python3 $root/Benchmarks/voice/latency.py"

grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/commands.txt" | sed 's/^[a-z]*: //' | head -n "$count" > "$work/texts"
say_in_turn "$work/texts" "$work"
n=$said
# One stream, 2 s of silence at its end so the last command ends by the pause, not by the input's end.
sox -n -r 16000 -c 1 -b 16 "$work/tail.wav" trim 0 2
sox "$work"/u*.wav "$work/tail.wav" -t raw -e signed -b 16 "$work/stream.raw"
$py ends "$work"/u*.wav | awk '{print offset + $2; offset += $1}' > "$work/ends"

"$coach" parse --lang en --json --stdin < "$work/texts" | sed 's/.*"intent":\([^,]*\),.*/\1/' | tr -d '"' > "$work/expected" || true
# The grammar compiled and cached once (cold), so every run below starts warm.
"$coach" listen --input "$work/u000.wav" --no-act --json > /dev/null 2>&1
"$coach" listen --print-grammar --no-wake --no-filler --write-dictionary "$work/coach.dict" > "$work/coach.jsgf" 2>/dev/null
hmm=/usr/share/pocketsphinx/model/en-us/en-us
coach_cmd=("$coach" listen --input - --no-act --json)
psc_cmd=(pocketsphinx_continuous -hmm "$hmm" -dict "$work/coach.dict" -jsgf "$work/coach.jsgf" -infile /dev/stdin -logfn /dev/null)

startup() {  # median wall and CPU (s) of 5 runs on empty input: "wall cpu"
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" < /dev/null > /dev/null 2>&1 || true
        awk '{printf "%s %.3f\n", $1, $2 + $3}' "$work/t"
    done | sort -n | sed -n 3p
}
names=("coach listen" "coach, --no-decode-ahead" "coach, pocketsphinx streaming" "coach, pocketsphinx whole" "pocketsphinx_continuous")
files=(coach late streaming whole psc)
cmds=("${coach_cmd[*]@Q}" "${coach_cmd[*]@Q} --no-decode-ahead" "${coach_cmd[*]@Q} --engine pocketsphinx"
      "${coach_cmd[*]@Q} --engine pocketsphinx --decoding whole" "${psc_cmd[*]@Q}")
runs=(${LATENCY_RUNS:-${files[*]}})
chosen() { [[ " ${runs[*]} " == *" $1 "* ]]; }
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for k in "${!files[@]}"; do
    chosen "${files[$k]}" || continue
    eval "cmd=(${cmds[$k]})"
    read -r start_wall start_cpu < <(startup "${cmd[@]}")
    first_read=$($py firstread -- "${cmd[@]}")
    read -r cpu wall < <($py measure "$work/stream.raw" "$work/ends" "$work/${files[$k]}.tsv" -- "${cmd[@]}")
    echo "$start_wall $start_cpu $cpu $first_read" > "$work/${files[$k]}.time"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

intents() {  # the intent of every result line, in order
    if [[ $1 == psc ]]; then
        "$coach" parse --lang en --json --stdin < "$work/psc.tsv.lines" | sed 's/.*"intent":\([^,]*\),.*/\1/' | tr -d '"' || true
    else
        sed 's/.*"intent":\([^,]*\),.*/\1/' "$work/$1.tsv.lines" | tr -d '"'
    fi
}
stats() {  # latencies (ms) of the commands that got a line: "median p90 max answered"
    cut -f2 "$1" | grep -v '^-$' | sort -n | awk '{a[NR] = $1} END {
        if (NR == 0) { print "- - - 0"; exit }
        printf "%d %d %d %d\n", a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.999)], a[NR], NR }'
}
audio=$(echo "$(stat -c %s "$work/stream.raw") / 32000" | bc -l)
printf 'commands %d, stream %.1f s fed in real time; %s cores, load %s before, %s after\n' "$n" "$audio" "$(nproc)" "$load_before" "$load_after"
printf '%-28s %8s %9s %9s %9s %10s %12s %10s %11s\n' "" "intent" "median" "p90" "max" "answered" "CPU/command" "start-up" "first read"
declare -A med per up
for k in "${!files[@]}"; do
    f=${files[$k]}
    chosen "$f" || continue
    intents "$f" > "$work/$f.intents"
    ok=$($py matched "$work/expected" "$work/$f.intents")
    read -r m p x a < <(stats "$work/$f.tsv")
    read -r start_wall start_cpu cpu first_read < "$work/$f.time"
    med[$f]=$m; per[$f]=$(echo "($cpu - $start_cpu) * 1000 / $n" | bc -l); up[$f]=$(echo "$start_wall * 1000" | bc -l)
    printf '%-28s %4d/%-3d %6s ms %6s ms %6s ms %6d/%-3d %9.0f ms %7.0f ms %8s ms\n' "${names[$k]}" "$ok" "$n" "$m" "$p" "$x" "$a" "$n" "${per[$f]}" "${up[$f]}" "$first_read"
    printf '%-28s process CPU %.2f s over the stream, %.2f s on empty input\n' "" "$cpu" "$start_cpu"
done
ratio() { [[ $2 =~ ^[0-9.]+$ && $1 =~ ^[0-9.]+$ ]] && printf '%.2f' "$(echo "$1 / $2" | bc -l)" || printf '-'; }
printf 'coach / pocketsphinx_continuous: median latency %s, CPU per command %s, start-up %s\n' \
    "$(ratio "${med[coach]:-}" "${med[psc]:-}")" "$(ratio "${per[coach]:-}" "${per[psc]:-}")" "$(ratio "${up[coach]:-}" "${up[psc]:-}")"
printf 'coach / coach --no-decode-ahead: median latency %s, CPU per command %s\n' \
    "$(ratio "${med[coach]:-}" "${med[late]:-}")" "$(ratio "${per[coach]:-}" "${per[late]:-}")"
printf 'targets (issue 39): median <= 350 ms, CPU <= 250 ms per command, decoder ready <= 300 ms\n'
if [[ -n ${LATENCY_KEEP:-} ]]; then cp "$work"/*.tsv "$work"/ends "$work"/expected "$LATENCY_KEEP"/; fi
