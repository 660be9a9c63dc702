# Scores rooms.sh's runs: each result of `coach listen --json` is given to the sentence whose
# speech it overlaps most (sentences are at known places in the stream); a command is right when
# that result's intent is the one `coach parse` reads from its text, a non-command acts when it has
# any intent. Results over no sentence (noise heard as a command) are counted apart.
# ROOMS_SELECT="MODE MODE …": also the rows "best" and "best-ac", per utterance the result of the
# mode whose decode fit best (path score per frame; acoustic score per frame, from
# COACH_VOICE_SCORES's lines), and how often each mode was picked.
#   rooms-score.py WORK AUDIO NVOICES VOICE... CONDITION... -- MODE...
import glob, json, os, re, sys, wave

work, audio, nv = sys.argv[1], sys.argv[2], int(sys.argv[3])
rest = sys.argv[4:]
voices, rest = [v.split(':')[1] for v in rest[:nv]], rest[nv:]
cut = rest.index('--')
conditions, modes = rest[:cut], rest[cut + 1:]
select = os.environ.get('ROOMS_SELECT', '').split()
if select: modes = modes + ['best', 'best-ac']
picked = {}
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

def scored(corpus, v, c, m):
    """The results of one run, each with its scores (path, acoustic per frame)."""
    results = [json.loads(l) for l in lines(f'{work}/{corpus}-{v}-{c}-{m}.json') if l.startswith('{')]
    fits = [tuple(float(x) for x in re.match(r'scores: ([^ ,]+) per frame, acoustic ([^ ,]+)', l).groups())
            for l in lines(f'{work}/{corpus}-{v}-{c}-{m}.scores') if l.startswith('scores: ')]
    if len(fits) != len(results): sys.exit(f'{corpus}-{v}-{c}-{m}: {len(results)} results, {len(fits)} scores')
    # A decode where nothing in the grammar matched prints 0: no fit at all (as SpeechDecoder+Warping).
    return [dict(r, fit=tuple(x if x != 0 else -1e9 for x in f)) for r, f in zip(results, fits)]

def results_of(corpus, v, c, m):
    if m not in ('best', 'best-ac'):
        return [json.loads(l) for l in lines(f'{work}/{corpus}-{v}-{c}-{m}.json') if l.startswith('{')]
    runs = [scored(corpus, v, c, s) for s in select]  # the VAD hears the same audio: the same cuts
    k = 0 if m == 'best' else 1
    out = []
    for rs in zip(*runs):
        i = max(range(len(rs)), key=lambda j: rs[j]['fit'][k])
        picked[(c, m, select[i])] = picked.get((c, m, select[i]), 0) + 1
        out.append(rs[i])
    return out

synth = lambda v: 'espeak' if v == 'en-us' else 'flite'
head = f'{"condition":10} {"mode":6} {"cmds tune":>10} {"fresh":>8} {"espeak":>7} {"flite":>7} {"non-cmds acting tune":>21} {"fresh":>6} {"stray acts":>10}'
print(head)
for c in conditions:
    for m in modes:
        row = {'ct': 0, 'cf': 0, 'ce': 0, 'cl': 0, 'nt': 0, 'nf': 0, 'stray': 0}
        tot = {'ct': 0, 'cf': 0, 'ce': 0, 'cl': 0, 'nt': 0, 'nf': 0}
        for v in voices:
            for corpus in ('commands', 'noncommands'):
                try: results = results_of(corpus, v, c, m)
                except FileNotFoundError: continue
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
for c in conditions:
    if any(k[0] == c for k in picked):
        print(f'picked in {c}: ' + ', '.join(f'{m} {s} {n}' for (cc, m, s), n in sorted(picked.items()) if cc == c))
print(f'voices: {", ".join(voices)}; commands right (tune/fresh lines; by synthesiser), non-commands that would act')
