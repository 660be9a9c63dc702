#!/usr/bin/env bash
# Non-commands said after the wake phrase (#29) and the commands said the same way, heard with
# `coach listen --wake`, with and without the second opinion (WakeSecondOpinion). Each corpus is
# synthesised as the voice tests do: espeak-ng's 7 voices with clean / 20 dB / 10 dB pink noise in
# turn, and flite's 4 voices clean; 1.2 s of silence between utterances. docs/voice.md, "Non-commands
# after the wake phrase". CPU: ~15 min with the debug build (one pocketsphinx at a time).
#   Benchmarks/voice/wake-noncommands.sh [COACH_BINARY] [corpus …]
#   corpora (Tests/CoachCLITests/Voice/): wake-noncommands-tuning (tuned on), wake-noncommands
#   (the fresh 64, never tuned on), commands (said after "hey coach, ")
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"; shift || true
corpora=("${@:-wake-noncommands-tuning wake-noncommands commands}")
read -r -a corpora <<< "${corpora[*]}"
sox -n -r 16000 -c 1 -b 16 "$work/gap.wav" trim 0 1.2

# One 16 kHz file per utterance, then all of them with the gaps: $1 corpus, $2 espeak|flite, $3 prefix.
synth() {
    python3 - "$root/Tests/CoachCLITests/Voice/$1.txt" "$work/$1-$2" "$2" "$3" <<'PY'
import array, math, os, subprocess, sys, wave
corpus, out, synth, prefix = sys.argv[1:5]
os.makedirs(out, exist_ok=True)
lines = [l.split(': ', 1)[1] for l in open(corpus).read().splitlines() if not l.startswith('#') and ': ' in l]
voices = [("en-us", 130), ("en", 150), ("en-us+f3", 170), ("en+m3", 185), ("en-gb-x-rp", 200), ("en-us+m7", 160), ("en+f2", 140)]
flites, conditions = ["kal16", "awb", "rms", "slt"], [None, 20, 10]
def rms(p):
    w = wave.open(p); a = array.array('h', w.readframes(w.getnframes()))
    return math.sqrt(sum(x * x for x in a) / max(1, len(a)))
run = lambda *a: subprocess.run(a, check=True, stderr=subprocess.DEVNULL)
for i, text in enumerate(lines):
    raw, dst = f"{out}/raw.wav", f"{out}/u{i:03d}.wav"
    if synth == "flite": run("flite", "-voice", flites[i % 4], "-t", prefix + text, "-o", raw); snr = None
    else: v, s = voices[i % 7]; run("espeak-ng", "-v", v, "-s", str(s), "-w", raw, prefix + text); snr = conditions[i % 3]
    run("sox", raw, "-r", "16000", "-c", "1", "-b", "16", dst)
    if snr:
        w = wave.open(dst); noise = f"{out}/noise.wav"
        run("sox", "-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", f"{w.getnframes() / 16000:.3f}", "pinknoise", "vol", "0.3")
        run("sox", "-m", "-v", "1", dst, "-v", f"{rms(dst) / rms(noise) / 10 ** (snr / 20):.4f}", noise, f"{out}/mixed.wav")
        os.replace(f"{out}/mixed.wav", dst)
print(len(lines))
PY
    local files=() f
    for f in "$work/$1-$2"/u*.wav; do files+=("$f" "$work/gap.wav"); done
    sox "${files[@]}" "$work/$1-$2/all.wav"
}

printf '%-26s %-7s %-22s %-22s\n' corpus voices "acting/heard right, before" "after (second opinion)"
for corpus in "${corpora[@]}"; do
    prefix=""; [[ $corpus == commands ]] && prefix="hey coach, "
    for synth in espeak flite; do
        synth "$corpus" "$synth" "$prefix" > /dev/null
        dir=$work/$corpus-$synth
        nice "$coach" listen --input "$dir/all.wav" --wake --no-act --json > "$dir/before.json" 2>/dev/null
        nice "$coach" listen --input "$dir/all.wav" --wake --strict-wake --no-act --json > "$dir/after.json" 2>/dev/null
        if [[ $corpus == commands ]]; then
            grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/commands.txt" | sed 's/^[a-z]*: //' \
                | "$coach" parse --lang en --json --stdin > "$dir/expected.json"
        fi
        python3 - "$dir" "$corpus" "$synth" <<'PY'
import json, os, sys
d, corpus, synth = sys.argv[1:4]
load = lambda n: [json.loads(l) for l in open(f"{d}/{n}.json")]
cells = []
for n in ("before", "after"):
    h = load(n)
    if corpus == "commands":
        e = load("expected")
        right = sum(1 for x, y in zip(h, e) if x["intent"] == y["intent"]) if len(h) == len(e) else -1
        cells.append(f"{right}/{len(e)} right")
    else:
        cells.append(f"{sum(1 for x in h if x['intent'])}/{len(h)} act")
    if corpus != "commands":
        for x in h:
            if x["intent"] and n == "after": print(f"    acts: {x['heard']} → {x['intent']}")
print(f"{corpus:26} {synth:7} {cells[0]:22} {cells[1]:22}")
PY
    done
done
