#!/usr/bin/env python3
# The tuning loop for `coach listen --engine`: sentences of a corpus said by several synthetic
# voices, each voice's sentences in one stream (0.5 s before, 0.7 s after each), altered (clean,
# pink noise at 10 dB, pitch ±400 cents), heard by each engine in one process per stream; a
# sentence counts as right when the engine's intent and slots equal `coach parse --json` of its
# text, and as wrong when it acted on anything else. Non-command corpora count what acted.
#   engine-tune.py COACH CORPUS PREFIX [--engines hama,pocketsphinx] [--voices ...] [--alter clean,pink,down,up] [--cache DIR]
# CORPUS: lines "PREFIX: text" (e.g. tune:, fresh:); PREFIX "all" takes every such line.
# Japanese (--lang ja; docs/voice.md, "Japanese by voice"): voices espeak:ja (given the text in kana,
# read by MeCab over Open JTalk's NAIST-jdic: apt-get install mecab) and jtalk:FILE.htsvoice[@SPEED@HALFTONES]
# (open_jtalk with that HTS voice), e.g.
#   engine-tune.py .build/debug/coach Benchmarks/voice/corpora/ja-commands.txt fresh --lang ja --engines hama \
#     --voices espeak:ja,jtalk:$V/mei_normal.htsvoice,jtalk:$V/mei_normal.htsvoice@1.1@-4 --alter clean,pink
# --second-opinion MODEL_DIR --whisper-python PY: whisper beside the engine (second_opinion.py).
# Figures: docs/voice.md, "The neural engine". Synthesised once into the cache (default /tmp/coach-voice-cache).
import argparse, hashlib, json, os, re, subprocess, sys, tempfile, wave

p = argparse.ArgumentParser()
p.add_argument('coach'); p.add_argument('corpus'); p.add_argument('prefix')
p.add_argument('--engines', default='hama,pocketsphinx')
p.add_argument('--voices', default='espeak:en-us,flite:slt,flite:kal16,flite:awb,flite:rms')
p.add_argument('--alter', default='clean,pink,down,up')
p.add_argument('--cache', default='/tmp/coach-voice-cache')
p.add_argument('--negative', action='store_true', help='a corpus of non-commands: count what acted')
p.add_argument('--state', default='all')
p.add_argument('--extra', default='', help='more coach listen options')
p.add_argument('--show', action='store_true', help='print every miss')
p.add_argument('--dump', help='append one JSON line per sentence heard (text, expected, heard, margin) to this file')
p.add_argument('--lang', default='en')
p.add_argument('--julius-python', default='python3', help='with --engines julius-py: a Python that has PySegmentKit (julius is coach listen --engine julius)')
p.add_argument('--second-opinion', metavar='MODEL_DIR', help='also hear each sentence with whisper (whisper-hear.py) and print the policies that combine it with the engine')
p.add_argument('--whisper-python', default='python3', help='with --second-opinion: a Python that has faster-whisper')
a = p.parse_args()
os.makedirs(a.cache, exist_ok=True)

texts = []
for line in open(a.corpus):
    m = re.match(r'\s*([a-z-]+):\s*(.+)$', line)
    if m and (a.prefix == 'all' or m.group(1) == a.prefix):
        texts.append(m.group(2).strip())

def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)

def expected():
    out = run([a.coach, 'parse', '--json', '--lang', a.lang, '--stdin'], input='\n'.join(texts) + '\n').stdout.splitlines()
    return [json.loads(l) for l in out]

JDIC = '/var/lib/mecab/dic/open-jtalk/naist-jdic'

def kana(text):
    # espeak-ng's ja voice says "Chinese letter" for a kanji: give it the text in hiragana, as Coach's
    # own replies are (JapaneseReadings), read here by MeCab's pronunciation field.
    d = tempfile.mkdtemp()
    for n in os.listdir(JDIC): os.symlink(os.path.join(JDIC, n), os.path.join(d, n))
    with open(os.path.join(d, 'dicrc'), 'w') as f: f.write('cost-factor = 800\nbos-feature = BOS/EOS,*,*,*,*,*,*,*,*\neval-size = 8\nunk-eval-size = 4\nconfig-charset = UTF-8\n')
    out = run(['mecab', '-d', d], input=text + '\n').stdout
    k = ''.join(l.split('\t')[1].split(',')[8] if len(l.split('\t')[1].split(',')) > 8 and l.split('\t')[1].split(',')[8] != '*'
                else l.split('\t')[0] for l in out.splitlines() if '\t' in l)
    return ''.join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in k)

def synth(voice, text):
    key = hashlib.sha1(f'{voice}|{text}'.encode()).hexdigest()[:16]
    path = f'{a.cache}/{key}.wav'
    if not os.path.exists(path):
        raw = path + '.raw.wav'
        kind, name = voice.split(':', 1)
        if kind == 'flite': run(['flite', '-voice', name, '-t', text, '-o', raw])
        elif kind == 'festival': run(['text2wave', '-eval', f'(voice_{name})', '-o', raw], input=text)
        elif kind == 'jtalk':
            voice_file, *tweak = name.split('@')
            extra = (['-r', tweak[0]] if tweak else []) + (['-fm', tweak[1]] if len(tweak) > 1 else [])
            with tempfile.NamedTemporaryFile('w', suffix='.txt') as f:
                f.write(text); f.flush()
                run(['open_jtalk', '-x', JDIC, '-m', voice_file, '-ow', raw] + extra + [f.name])
        elif a.lang == 'ja': run(['espeak-ng', '-v', name, '-w', raw, kana(text)])
        else: run(['espeak-ng', '-v', name, '-s', '160', '-w', raw, text])
        run(['sox', raw, '-r', '16000', '-c', '1', '-b', '16', path, 'pad', '0.5', '0.7'])
        os.remove(raw)
    return path

def stream(voice, alter):
    parts = [synth(voice, t) for t in texts]
    key = hashlib.sha1(('|'.join(parts) + alter).encode()).hexdigest()[:16]
    out = f'{a.cache}/stream-{key}.wav'
    offsets, t = [], 0.0
    for f in parts:
        with wave.open(f) as w: n = w.getnframes()
        offsets.append((t, t + n / 16000)); t += n / 16000
    if not os.path.exists(out):
        clean = out + '.clean.wav'
        run(['sox'] + parts + [clean])
        if alter == 'clean': os.rename(clean, out)
        elif alter == 'pink':
            noise = out + '.noise.wav'
            run(['sox', '-n', '-r', '16000', '-c', '1', '-b', '16', noise, 'synth', str(t), 'pinknoise', 'vol', '0.1'])
            # speech level over the sentences, noise 10 dB under it
            def rms(f):
                s = run(['sox', f, '-n', 'stat'], ).stderr
                return float(re.search(r'RMS\s+amplitude:\s+([\d.]+)', s).group(1))
            speech_rms = rms(clean) * (t / max(sum(b - e + 1.2 for e, b in offsets), 1e-9)) ** 0.5
            gain = speech_rms / (rms(noise) * 10 ** (10 / 20))
            run(['sox', '-m', clean, '-v', f'{gain:.4f}', noise, out])
            os.remove(noise); os.remove(clean)
        elif alter in ('down', 'up'):
            run(['sox', clean, out, 'pitch', '-400' if alter == 'down' else '400']); os.remove(clean)
    return out, offsets

def julius(wav, offsets):
    # --julius-python: a Python with PySegmentKit; the grammar is built once into the cache.
    here = os.path.dirname(os.path.abspath(__file__))
    grammar = os.path.join(a.cache, 'julius-grammar')
    if not os.path.exists(grammar + '/coach.dict'):
        run([a.julius_python, os.path.join(here, 'ja-julius.py'), 'build', a.coach, grammar])
    spans = [f'{max(0, s - 0.2):.2f},{e + 0.2:.2f}' for s, e in offsets]
    lines = [json.loads(l) for l in run([a.julius_python, os.path.join(here, 'ja-julius.py'), 'hear', grammar, wav] + spans).stdout.splitlines()]
    texts = [l['heard'] or '。' for l in lines]  # nothing heard: a line that is no command
    r = subprocess.run([a.coach, 'parse', '--json', '--lang', a.lang, '--stdin'], input='\n'.join(texts) + '\n', capture_output=True, text=True)
    parsed = [json.loads(l) for l in r.stdout.splitlines()]
    assert len(parsed) == len(texts), r.stderr
    return [dict(p, heard=t, start=(l['start'] + l['end']) / 2) for p, t, l in zip(parsed, texts, lines)]  # inside its sentence

def slots_equal(x, y):
    return json.dumps(x.get('slots', {}), sort_keys=True) == json.dumps(y.get('slots', {}), sort_keys=True)

exp = expected() if not a.negative else None
second = None
if a.second_opinion:
    from second_opinion import SecondOpinion
    second = SecondOpinion(a, run)
print(f'{len(texts)} sentences ({a.prefix}) from {os.path.basename(a.corpus)}; state {a.state}')
totals = {}
for engine in a.engines.split(','):
    for voice in a.voices.split(','):
        for alter in a.alter.split(','):
            wav, offsets = stream(voice, alter)
            if engine == 'julius-py':  # the first measurement: Julius over the same grammar run by ja-julius.py, its words read by coach parse
                heard, ms = julius(wav, offsets), []
            else:
                cmd = [a.coach, 'listen', '--lang', a.lang, '--input', wav, '--no-act', '--json', '--verbose', '--state', a.state, '--engine', engine] + a.extra.split()
                r = subprocess.run(cmd, capture_output=True, text=True)
                heard = [json.loads(l) for l in r.stdout.splitlines() if l.startswith('{')]
                ms = [float(x) for x in re.findall(r'\((\d+) ms[,)]', r.stderr)]
            right = slots = wrong = acted = destructive = 0
            misses = []
            for i, (s, e) in enumerate(offsets):
                mine = [h for h in heard if h.get('intent') and s - 0.3 <= h['start'] < e]
                if a.dump:
                    with open(a.dump, 'a') as d:
                        for h in mine or [{}]:
                            d.write(json.dumps({'engine': engine, 'voice': voice, 'alter': alter, 'text': texts[i],
                                                'negative': a.negative, 'expected': None if a.negative else exp[i]['intent'],
                                                'slotsRight': (not a.negative) and h.get('intent') == exp[i]['intent'] and slots_equal(h, exp[i]),
                                                'heard': h.get('heard'), 'intent': h.get('intent'), 'margin': h.get('margin'),
                                                'cmscore': h.get('cmscore')}) + '\n')
                if a.negative:
                    if mine:
                        acted += 1; destructive += any(h['intent'] in ('EndWorkout', 'CancelWorkout') for h in mine)
                        misses.append(f'ACTED {texts[i]!r} -> {[h["heard"] for h in mine]}')
                    continue
                want = exp[i]
                if any(h['intent'] == want['intent'] for h in mine):
                    right += 1
                    if any(h['intent'] == want['intent'] and slots_equal(h, want) for h in mine): slots += 1
                    else: misses.append(f'SLOTS {texts[i]!r} -> {[h["heard"] for h in mine]}')
                    if any(h['intent'] != want['intent'] for h in mine): wrong += 1
                else:
                    if mine: wrong += 1
                    misses.append(f'{"WRONG" if mine else "MISS "} {texts[i]!r} -> {[h["heard"] for h in mine]}')
            if second: second.judge(engine, voice, alter, wav, offsets, heard, exp)
            cpu = sum(ms) / max(len(ms), 1)
            n = len(texts)
            if a.negative:
                print(f'{engine:13} {voice:14} {alter:6} acted {acted}/{n} (End/Cancel {destructive})  {cpu:.0f} ms/utt')
            else:
                print(f'{engine:13} {voice:14} {alter:6} intent {right}/{n}  slots {slots}/{n}  wrong {wrong}  {cpu:.0f} ms/utt')
            t = totals.setdefault(engine, [0, 0, 0, 0, 0])
            t[0] += right; t[1] += slots; t[2] += wrong; t[3] += acted; t[4] += n
            if a.show:
                for m in misses: print('   ', m)
            sys.stdout.flush()
if second: second.report()
for engine, (right, slots, wrong, acted, n) in totals.items():
    if a.negative: print(f'TOTAL {engine}: acted {acted}/{n}')
    else: print(f'TOTAL {engine}: intent {right}/{n} ({100*right/n:.1f} %), slots {slots}/{n}, wrong {wrong}')
