# Scores rooms.sh's runs: each result of `coach listen --json` is given to the sentence whose
# speech it overlaps most (sentences are at known places in the stream); a command is right when
# that result's intent is the one `coach parse` reads from its text, a non-command acts when it has
# any intent. Results over no sentence (noise heard as a command) are counted apart.
#   rooms-score.py WORK AUDIO NVOICES VOICE... CONDITION... -- MODE...
import glob, json, sys, wave

work, audio, nv = sys.argv[1], sys.argv[2], int(sys.argv[3])
rest = sys.argv[4:]
voices, rest = [v.split(':')[1] for v in rest[:nv]], rest[nv:]
cut = rest.index('--')
conditions, modes = rest[:cut], rest[cut + 1:]
lines = lambda p: open(p).read().splitlines()
expected = [json.loads(l)['intent'] for l in lines(f'{work}/expected.json')]
splits = {c: lines(f'{work}/{c}.splits') for c in ('commands', 'noncommands')}

def spans(d):
    out, t = [], 0.0
    for u in sorted(glob.glob(f'{d}/u[0-9]*.wav')):
        with wave.open(u) as w: dur = w.getnframes() / 16000
        out.append((t + 0.5, t + dur - 0.7)); t += dur
    return out

def assign(results, sp):
    given, stray = {}, []
    for r in results:
        best, overlap = None, 0.0
        for i, (a, b) in enumerate(sp):
            o = min(b, r['end']) - max(a, r['start'])
            if o > overlap: best, overlap = i, o
        if best is None: stray.append(r)
        else: given.setdefault(best, []).append(r)
    return given, stray

synth = lambda v: 'espeak' if v == 'en-us' else 'flite'
head = f'{"condition":10} {"mode":6} {"cmds tune":>10} {"fresh":>8} {"espeak":>7} {"flite":>7} {"non-cmds acting tune":>21} {"fresh":>6} {"stray acts":>10}'
print(head)
for c in conditions:
    for m in modes:
        row = {'ct': 0, 'cf': 0, 'ce': 0, 'cl': 0, 'nt': 0, 'nf': 0, 'stray': 0}
        tot = {'ct': 0, 'cf': 0, 'ce': 0, 'cl': 0, 'nt': 0, 'nf': 0}
        for v in voices:
            for corpus in ('commands', 'noncommands'):
                path = f'{work}/{corpus}-{v}-{c}-{m}.json'
                try: open(path).close()
                except FileNotFoundError: continue
                results = [json.loads(l) for l in lines(path) if l.startswith('{')]
                given, stray = assign(results, spans(f'{audio}/{corpus}-{v}'))
                row['stray'] += sum(1 for r in stray if r['intent'])
                for i, part in enumerate(splits[corpus]):
                    rs = given.get(i, [])
                    if corpus == 'commands':
                        best = max(rs, key=lambda r: r['end'] - r['start'], default=None)
                        ok = best is not None and best['intent'] == expected[i]
                        k = 'ct' if part == 'tune' else 'cf'
                        row[k] += ok; tot[k] += 1
                        s = 'ce' if synth(v) == 'espeak' else 'cl'
                        row[s] += ok; tot[s] += 1
                    else:
                        k = 'nt' if part == 'tune' else 'nf'
                        row[k] += any(r['intent'] for r in rs); tot[k] += 1
        f = lambda k: f"{row[k]}/{tot[k]}" if tot[k] else "—"
        print(f"{c:10} {m:6} {f('ct'):>10} {f('cf'):>8} {f('ce'):>7} {f('cl'):>7} {f('nt'):>21} {f('nf'):>6} {row['stray']:>10}")
print(f'voices: {", ".join(voices)}; commands right (tune/fresh lines; by synthesiser), non-commands that would act')
