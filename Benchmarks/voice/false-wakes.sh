#!/usr/bin/env bash
# False wakes per hour (#29), as the wake-word benchmarks count them: an hour or more of sound that is
# not for Coach — synthesised voices (espeak-ng accents × variants, flite's 5, moved in pitch and
# tempo) reading ordinary prose found on this machine and everyday sentences said without "hey coach"
# (false-wakes-everyday.txt), conversations, babble of 3–6 voices, music-like sound, speech over music
# (TV), rooms with white / pink / brown noise — streamed in 5-minute blocks through
# `coach listen --wake --strict-wake --input - --no-act --json --verbose`. A false wake is an
# utterance that would act, or the wake phrase heard alone (which opens the window for a command).
# One decode gives both settings: an utterance the second opinion refuses says so on standard error,
# and would have acted with plain `--wake` (everything before the second opinion is the same).
# Then misses at the same settings: the 60 test commands said as "hey coach, <command>" in espeak-ng's
# 7 voices (clean / 20 / 10 dB pink noise in turn), flite's 4, and all 11 over this background sound
# 10 dB below them (decoded once, with --strict-wake, read both ways likewise). The second opinion's
# threshold (0.7) is swept from the same decodes (exact up to 0.7); more garbage-loop weights with
# FALSE_WAKES_FILLER="0.005 0.02" (one more decode of everything each).
#   Benchmarks/voice/false-wakes.sh [COACH_BINARY]
#   FALSE_WAKES_MINUTES=70 (5-minute blocks, made once and cached under
#   ${XDG_CACHE_HOME:-~/.cache}/coach-bench/false-wakes), FALSE_WAKES_JOBS=2 (decodes at once).
# Needs espeak-ng, flite, sox, python3-numpy. CPU: ~6 s to make a block, ~100 s to decode it (0.34 ×
# real time, release build): ~20 min of CPU per hour of sound. Figures: docs/voice.md, "False wakes
# per hour".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
coach=${1:-$root/.build/release/coach}
[[ -x $coach ]] || { echo "no $coach: swift build -c release --product coach" >&2; exit 1; }
coach=$(cd "$(dirname "$coach")" && pwd)/$(basename "$coach")
minutes=${FALSE_WAKES_MINUTES:-70}
jobs=${FALSE_WAKES_JOBS:-2}
weights=${FALSE_WAKES_FILLER:-0.005}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/coach-bench/false-wakes
mkdir -p "$cache"
# Each decode's output stays in $cache/last-run until the next run (what was heard, and why refused).
work=$cache/last-run; rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state
gen=$root/Benchmarks/voice/false-wakes-audio.py

blocks=$(( (minutes + 4) / 5 ))
missing=()
for ((b = 0; b < blocks; b++)); do
    [[ -f $(printf '%s/block%03d.wav' "$cache" $b) ]] || missing+=("$b")
done
if ((${#missing[@]})); then
    echo "making ${#missing[@]} blocks of 5 min in $cache …" >&2
    printf '%s\n' "${missing[@]}" | nice -n 10 xargs -P "$jobs" -I{} python3 "$gen" background "$cache" {}
fi
[[ -f $cache/commands-background.wav ]] || nice -n 10 python3 "$gen" commands "$cache" "$root"
"$coach" parse --lang en --json --stdin < "$cache/commands-espeak.texts" > "$work/expected.json"

# The grammar compiled once (cached in $work), so parallel decodes do not all compile it.
sox -n -r 16000 -c 1 -b 16 -e signed -t raw - trim 0 1 | "$coach" listen --wake --input - --no-act --json > /dev/null

# decode NAME WAV WEIGHT [extra options]: json on $work/NAME.json, the verbose lines on NAME.err,
# CPU seconds on NAME.cpu.
decode() {
    local name=$1 wav=$2 weight=$3; shift 3
    nice -n 10 /usr/bin/time -f '%U %S' -o "$work/$name.cpu" "$coach" listen --wake --input - --no-act --json --verbose \
        --filler-weight "$weight" "$@" < "$wav" > "$work/$name.json" 2> "$work/$name.err"
}
export -f decode; export coach work

for w in $weights; do
    for ((b = 0; b < blocks; b++)); do
        printf 'w%s-b%03d %s/block%03d.wav %s --strict-wake\n' "$w" $b "$cache" $b "$w"
    done
    for set in espeak flite background; do
        echo "w$w-c$set-strict $cache/commands-$set.wav $w --strict-wake"
    done
done > "$work/jobs"
echo "decoding $(wc -l < "$work/jobs") streams, $jobs at a time …" >&2
xargs -P "$jobs" -L 1 bash -c 'decode "$@"' _ < "$work/jobs"

python3 "$root/Benchmarks/voice/false-wakes-report.py" "$work" "$cache" "$weights" "$coach"
