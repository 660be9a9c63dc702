#!/usr/bin/env python3
# ja-julius.py: the peer for `coach listen --lang ja` (issue #39) — Julius 4.6 with the Japanese PTM
# triphone model that PySegmentKit ships, given a grammar made from the same Intents/ja templates:
# the FSG Coach compiles for the phoneme engine (taken from its cache), its null arcs folded, turned
# into Julius's reversed DFA with one category per word, and every word's kana reading (the same
# _voice.yaml / _voice_readings.tsv / _readings.tsv Coach reads) in Julius's phones (PySegmentKit's
# yomi2voca). engine-tune.py calls it for `--engines julius`: it hears each sentence's stretch of
# the stream and prints one JSON line per sentence, as `coach listen --json` would.
#   ja-julius.py build COACH OUTDIR          (needs: pip install PySegmentKit==0.2.1; apt-get install libpulse0 libsndfile1 libasound2 libgomp1)
#   ja-julius.py hear OUTDIR WAV START,END [START,END …]
import glob, importlib.util, json, os, re, subprocess, sys, tempfile, wave

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def segmentkit():
    spec = importlib.util.find_spec('PySegmentKit')
    if spec is None: sys.exit('pip install PySegmentKit==0.2.1')
    return os.path.dirname(spec.origin)

def readings():
    import yaml
    with open(os.path.join(ROOT, 'Intents/ja/_voice.yaml'), encoding='utf-8') as f:
        given = {str(k): (v if isinstance(v, list) else [v]) for k, v in yaml.safe_load(f)['pronunciations'].items()}
    table = {}
    for name in ('_voice_readings.tsv', '_readings.tsv'):
        for line in open(os.path.join(ROOT, 'Intents/ja', name), encoding='utf-8'):
            if line.startswith('#') or '\t' not in line: continue
            w, r = line.rstrip('\n').split('\t')
            table.setdefault(w, r)
    keys = sorted(table, key=len, reverse=True)
    def read(word):
        if word in given: return [str(v) for v in given[word]]
        out, i = '', 0
        while i < len(word):
            for k in keys:
                if word.startswith(k, i): out += table[k]; i += len(k); break
            else: out += word[i]; i += 1
        return [out]
    return read

def hiragana(k): return ''.join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in k)

def build(coach, out):
    os.makedirs(out, exist_ok=True)
    cache = tempfile.mkdtemp()
    subprocess.run([coach, 'listen', '--lang', 'ja', '--engine', 'hama', '--input', '/dev/null', '--no-act'],
                   env=dict(os.environ, XDG_CACHE_HOME=cache), capture_output=True)
    fsg = open(glob.glob(cache + '/coach/voice/*.fsg')[0], encoding='utf-8').read().splitlines()
    arcs, nulls, start, final = [], {}, 0, 0
    for line in fsg:
        f = line.split()
        if not f: continue
        if f[0] == 'START_STATE': start = int(f[1])
        elif f[0] == 'FINAL_STATE': final = int(f[1])
        elif f[0] == 'TRANSITION':
            if len(f) >= 5: arcs.append((int(f[1]), int(f[2]), f[4].lstrip('^~')))
            else: nulls.setdefault(int(f[1]), []).append(int(f[2]))
    def closure(s):
        seen, todo = {s}, [s]
        while todo:
            for t in nulls.get(todo.pop(), []):
                if t not in seen: seen.add(t); todo.append(t)
        return seen
    states = {s for a in arcs for s in (a[0], a[1])} | {start, final}
    by_from = {}
    for a in arcs: by_from.setdefault(a[0], []).append(a)
    folded = set()
    for s in states:
        for t in closure(s):
            for (_, u, w) in by_from.get(t, []): folded.add((s, u, w))
    finals = {s for s in states if final in closure(s)}
    words = sorted({w for (_, _, w) in folded})
    cat = {w: i + 2 for i, w in enumerate(words)}  # 0 silB, 1 silE
    # Julius follows one arc per category and state (mkdfa.pl determinises): the automaton with
    # silB/silE around it, made deterministic by subset construction, reversed for the .dfa (its
    # second pass reads right to left) and as it is for .dfa.forward (the first pass).
    START, ACCEPT = 'S', 'A'
    nfa = [(START, 0, start)] + [(s, cat[w], u) for (s, u, w) in folded] + [(f, 1, ACCEPT) for f in finals]
    def dfa_lines(arcs, initial, accepting):
        out = {}
        for (a, c, b) in arcs: out.setdefault(a, {}).setdefault(c, set()).add(b)
        first = frozenset([initial]); number = {first: 0}; todo = [first]; lines = []
        while todo:
            subset = todo.pop()
            moves = {}
            for a in subset:
                for c, bs in out.get(a, {}).items(): moves.setdefault(c, set()).update(bs)
            for c, bs in sorted(moves.items()):
                key = frozenset(bs)
                if key not in number: number[key] = len(number); todo.append(key)
                lines.append(f'{number[subset]} {c} {number[key]} 0 {1 if number[subset] == 0 else 0}')
        for subset, n in number.items():
            if accepting in subset: lines.append(f'{n} -1 -1 1 0')
        return lines
    lines = dfa_lines([(b, c, a) for (a, c, b) in nfa], ACCEPT, START)
    open(out + '/coach.dfa', 'w').write('\n'.join(lines) + '\n')
    open(out + '/coach.dfa.forward', 'w').write('\n'.join(dfa_lines(nfa, START, ACCEPT)) + '\n')
    spec = importlib.util.spec_from_file_location('psk', os.path.join(segmentkit(), 'main.py'))
    psk = importlib.util.module_from_spec(spec); spec.loader.exec_module(psk)
    read = readings()
    with open(out + '/coach.dict', 'w', encoding='utf-8') as f:
        f.write('0 [<s>] silB\n1 [</s>] silE\n')
        for w in words:
            for r in read(w):
                voca = psk.PySegmentKit.yomi2voca(hiragana(r)).strip()
                f.write(f'{cat[w]} [{w}] {voca}\n')
    print(f'{len(words)} words, {len(lines)} arcs in the reversed DFA → {out}')

def hear(out, wav, spans):
    kit = segmentkit()
    with wave.open(wav) as w:
        rate = w.getframerate(); audio = w.readframes(w.getnframes())
    d = tempfile.mkdtemp(); files = []
    for i, (s, e) in enumerate(spans):
        p = f'{d}/{i}.wav'
        with wave.open(p, 'wb') as o:
            o.setnchannels(1); o.setsampwidth(2); o.setframerate(rate)
            o.writeframes(audio[int(s * rate) * 2:int(e * rate) * 2])
        files.append(p)
    open(d + '/list', 'w').write('\n'.join(files) + '\n')
    r = subprocess.run([os.path.join(kit, 'bin/linux/julius'), '-h', os.path.join(kit, 'models/hmmdefs_ptm_gid.binhmm'),
                        '-hlist', os.path.join(kit, 'models/logicalTri'), '-dfa', out + '/coach.dfa', '-v', out + '/coach.dict',
                        '-input', 'file', '-filelist', d + '/list', '-nostrip', '-s', '4000', '-m', '40000', '-b', '4000', '-b2', '300'], capture_output=True, text=True)
    heard, current = {}, None
    for line in r.stdout.splitlines():
        m = re.match(r'.*input speechfile: (.*)', line)
        if m: current = m.group(1).strip()
        m = re.match(r'sentence1: (.*)', line)
        if m and current: heard[current] = ' '.join(x for x in m.group(1).split() if x not in ('<s>', '</s>'))
    for i, f in enumerate(files):
        print(json.dumps({'heard': heard.get(f), 'start': spans[i][0], 'end': spans[i][1]}, ensure_ascii=False))
    if not heard: print(r.stdout[-2000:], r.stderr[-2000:], file=sys.stderr)

if __name__ == '__main__':
    if sys.argv[1] == 'build': build(sys.argv[2], sys.argv[3])
    else: hear(sys.argv[2], sys.argv[3], [tuple(map(float, x.split(','))) for x in sys.argv[4:]])
