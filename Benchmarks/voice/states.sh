#!/usr/bin/env bash
# Grammars that follow the state (#29): the voice tests' corpora heard with every intent (as before,
# `--state all`) and with only what can apply in each workout state (`--state idle|running|paused`),
# on the same audio. Per state: commands that apply there heard right; commands of other states that
# would act (with gating any intent heard acts, and is wrong); non-commands that would act (heard as
# an intent that applies in that state); CPU per utterance and warm start-up. Tune and fresh lines
# apart; the wake corpus (`wake-noncommands.txt`, all fresh) is said after "hey coach" with --wake.
# Voices: espeak-ng en-us clean and with white noise at 10 dB SNR, flite's 4 (never tuned on).
#   Benchmarks/voice/states.sh [COACH_BINARY]     (docs/voice.md, "Grammars that follow the state")
# STATES_CORPORA="commands noncommands": leave the wake corpus out; STATES_VOICES="espeak:en-us flite:slt …": other voices; STATES_LINES=N: the first N lines of each corpus only (a quick look); STATES_KEEP=DIR: keep the audio
# and what was heard in DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"
voices=(${STATES_VOICES:-espeak:en-us espeak-noise10:en-us flite:kal16 flite:awb flite:rms flite:slt})
states=(all idle running paused)

noisy() {  # white noise at $3 dB below the speech's RMS (over its loud part), in place of $1 → $2
    python3 - "$1" "$2" "$3" <<'PY'
import sys, wave, numpy as np
src, dst, snr = sys.argv[1], sys.argv[2], float(sys.argv[3])
w = wave.open(src); x = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(float)
loud = x[np.abs(x) > 0.05 * np.abs(x).max()] if x.any() else x
rms = np.sqrt(np.mean(loud ** 2)) if len(loud) else 1.0
y = x + np.random.default_rng(7).normal(0, rms / 10 ** (snr / 20), len(x))
o = wave.open(dst, 'wb'); o.setnchannels(1); o.setsampwidth(2); o.setframerate(w.getframerate())
o.writeframes(np.clip(y, -32768, 32767).astype(np.int16).tobytes())
PY
}

corpora=(${STATES_CORPORA:-commands noncommands wake-noncommands})
for corpus in "${corpora[@]}"; do
    grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/$corpus.txt" | head -n "${STATES_LINES:-1000}" > "$work/$corpus.lines"
    sed 's/^[a-z]*: //' "$work/$corpus.lines" > "$work/$corpus.texts"
    cut -d: -f1 "$work/$corpus.lines" > "$work/$corpus.splits"
    for v in "${voices[@]}"; do
        name=${v%%:*}-${v#*:}; dir=$work/$corpus-$name
        synth=${v%%:*}; [[ $synth == espeak-noise10 ]] && synth=espeak
        say_all "$synth:${v#*:}" "$work/$corpus.texts" "$dir"
        [[ ${v%%:*} == espeak-noise10 ]] && { noisy "$dir/all.wav" "$dir/n.wav" 10; mv "$dir/n.wav" "$dir/all.wav"; }
        wake=(); [[ $corpus == wake-noncommands ]] && wake=(--wake)
        for s in "${states[@]}"; do  # two at a time: the grammars are independent
            COACH_VOICE_SCORES=1 nice -n 10 "$coach" listen --input "$dir/all.wav" --no-act --json --verbose --state "$s" "${wake[@]}" \
                > "$dir/$s.json" 2> "$dir/$s.err" &
            [[ $s == idle || $s == paused ]] && wait
        done
    done
done

[[ -n ${STATES_KEEP:-} ]] && cp -r "$work" "$STATES_KEEP"
[[ -f $work/commands.texts ]] || exit 0
"$coach" parse --lang en --json --stdin < "$work/commands.texts" > "$work/expected.json"
python3 - "$work" "$root/Intents/intents.yaml" "${voices[@]}" <<'PY'
import json, re, sys, yaml
work, contract, voices = sys.argv[1], sys.argv[2], [v.split(':')[0] + '-' + v.split(':')[1] for v in sys.argv[3:]]
possible = {k: set((v or {}).get('possible_when', {}).get('workout', ['idle', 'running', 'paused']))
            for k, v in yaml.safe_load(open(contract))['intents'].items()}
applies = lambda intent, s: intent in possible and s in possible[intent]
lines = lambda p: open(p).read().splitlines()
expected = [json.loads(l)['intent'] for l in lines(f'{work}/expected.json')]
heard = lambda corpus, v, s: [json.loads(l) for l in lines(f'{work}/{corpus}-{v}/{s}.json')]
import os
corpora = [c for c in ('commands', 'noncommands', 'wake-noncommands') if os.path.exists(f'{work}/{c}.splits')]
splits = {c: lines(f'{work}/{c}.splits') for c in corpora}
groups = {'espeak-ng clean': ['espeak-en-us'], 'espeak-ng + white noise 10 dB': ['espeak-noise10-en-us'],
          'flite': [v for v in voices if v.startswith('flite')]}
groups = {k: [v for v in vs if v in voices] for k, vs in groups.items() if any(v in voices for v in vs)}
def ms(corpus, v, s):
    err = open(f'{work}/{corpus}-{v}/{s}.err').read()
    return [int(m) for m in re.findall(r'\((\d+) ms\)', err)], int(re.search(r'grammar ready in (\d+)', err).group(1))
for gname, vs in groups.items():
    print(f'\n== {gname}')
    print(f'{"state":8} {"grammar":8} {"in-state commands right":>24} {"other-state commands acting":>28} '
          f'{"non-commands acting":>20} {"after hey coach":>16}   (tune / fresh)')
    for s in ('idle', 'running', 'paused'):
        for g in ('all', s):
            row = []
            for part in ('tune', 'fresh'):
                ok = n = wrong = m = 0
                for v in vs:
                    h = heard('commands', v, g)
                    for i, e in enumerate(expected):
                        if splits['commands'][i] != part or i >= len(h): continue
                        got = h[i]['intent']
                        if applies(e, s):
                            n += 1; ok += got == e
                        else:
                            m += 1; wrong += got is not None and applies(got, s)
                row.append((ok, n, wrong, m))
            nc = ['-', '-']
            for k, corpus in enumerate(c for c in ('noncommands', 'wake-noncommands') if c in corpora):
                acted = tot = 0
                for v in vs:
                    h = heard(corpus, v, g)
                    for i, sp in enumerate(splits[corpus]):
                        if corpus == 'noncommands' or sp == 'fresh':
                            tot += 1; acted += i < len(h) and h[i]['intent'] is not None and applies(h[i]['intent'], s)
                nc[k] = f'{acted}/{tot}'
            ntune = sum(1 for v in vs for i, sp in enumerate(splits['noncommands']) if sp == 'tune'
                        and i < len(heard('noncommands', v, g)) and heard('noncommands', v, g)[i]['intent']
                        and applies(heard('noncommands', v, g)[i]['intent'], s))
            ttune = sum(1 for v in vs for sp in splits['noncommands'] if sp == 'tune')
            nfresh = int(nc[0].split('/')[0]) - ntune; tfresh = int(nc[0].split('/')[1]) - ttune
            print(f'{s:8} {g:8} {row[0][0]:>3}/{row[0][1]:<3} {row[1][0]:>3}/{row[1][1]:<3}{"":12} '
                  f'{row[0][2]:>3}/{row[0][3]:<3} {row[1][2]:>3}/{row[1][3]:<3}{"":12} '
                  f'{ntune:>3}/{ttune:<3} {nfresh:>3}/{tfresh:<3} {nc[1]:>16}')
print('\n== CPU per utterance (ms, mean over every corpus and voice) and start-up (grammar ready, warm, ms)')
for g in ('all', 'idle', 'running', 'paused'):
    cpu, start = [], []
    for v in voices:
        for corpus in corpora:
            c, st = ms(corpus, v, g); cpu += c
            if corpus != 'wake-noncommands': start.append(st)
    start = sorted(start[1:])  # the first run of each grammar compiles its FSG (cold)
    print(f'{g:8} CPU {sum(cpu) / len(cpu):6.0f} ms/utterance (max {max(cpu)}), start-up median {start[len(start) // 2]} ms')
print('\nnon-commands that act with gating, by the words heard (one-word attractors?):')
words = {}
for v in voices:
    for s in ('idle', 'running', 'paused'):
        for corpus in ('noncommands',):
            for r in heard(corpus, v, s):
                if r['intent']: words[r['heard']] = words.get(r['heard'], 0) + 1
for w, n in sorted(words.items(), key=lambda x: -x[1])[:15]: print(f'  {n:3}  {w}')
# A confidence floor: the hypothesis's path score per frame (the FSG search gives no posterior).
def scored(corpus, v, s):
    err = open(f'{work}/{corpus}-{v}/{s}.err').read()
    return [(float(a), float(b), int(c)) for a, b, c in re.findall(r'scores: (-?[\d.]+) per frame, acoustic (-?[\d.]+), posterior (-?\d+)', err)]
for mode in ('all', 'gated'):
  good, bad = {'tune': [], 'fresh': []}, {'tune': [], 'fresh': []}
  posteriors = set()
  for v in voices:
    for s in (('idle', 'running', 'paused') if mode == 'gated' else ('all',)):
        h, sc = heard('commands', v, s), scored('commands', v, s)
        for i, e in enumerate(expected):
            if i < len(h) and i < len(sc) and (s == 'all' or applies(e, s)) and h[i]['intent'] == e:
                good[splits['commands'][i]].append(sc[i][0]); posteriors.add(sc[i][2])
        h, sc = heard('noncommands', v, s), scored('noncommands', v, s)
        for i, sp in enumerate(splits['noncommands']):
            if i < len(h) and i < len(sc) and h[i]['intent']:
                bad[sp].append(sc[i][0]); posteriors.add(sc[i][2])
  print(f'\n== a confidence floor on the path score per frame ({mode} grammar; posteriors seen: {sorted(posteriors)[:5]})')
  best = None
  for floor in sorted(set(good['tune'] + bad['tune'])):
      lost = sum(1 for x in good['tune'] if x < floor); refused = sum(1 for x in bad['tune'] if x < floor)
      if lost <= max(1, len(good['tune']) // 50) and (best is None or refused > best[2]): best = (floor, lost, refused)
  if best:
      floor = best[0]
      for part in ('tune', 'fresh'):
          print(f'{part:5}: floor {floor:.1f} (chosen on tune) loses {sum(1 for x in good[part] if x < floor)}/{len(good[part])} commands heard right, '
                f'refuses {sum(1 for x in bad[part] if x < floor)}/{len(bad[part])} acting non-commands')
  for part in ('tune', 'fresh'):
      if good[part] and bad[part]:
          print(f'{part:5}: commands right {min(good[part]):.1f} … {max(good[part]):.1f}, acting non-commands {min(bad[part]):.1f} … {max(bad[part]):.1f}')
print('(utterances compared in order; a VAD split shifts the rest of that voice)')
PY
