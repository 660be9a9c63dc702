# Whisper as a second opinion beside a grammar engine (engine-tune.py --second-opinion; issue 39,
# docs/voice.md "A second opinion"). Each sentence of a stream is cut out (its own span, as the
# engine's result is matched to it), transcribed by whisper-hear.py in one resident process, and the
# transcript read by `coach parse` in the same state. Per sentence, four ways to decide:
#   engine     the engine alone (what coach listen does today)
#   whisper    whisper's transcript alone, through the text recogniser
#   confirm    the engine's command only when whisper's transcript has the same intent
#   settle     the engine alone, except an End/Cancel it is unsure of (it would ask) acts when
#              whisper agrees and is refused when whisper hears no such command
# Counted as engine-tune.py counts: commands right (intent and intent + slots), wrong actions;
# non-commands that act, End/Cancel apart; whisper's CPU per sentence it was asked about.
import json, os, subprocess

DESTRUCTIVE = ('EndWorkout', 'CancelWorkout')


class SecondOpinion:
    def __init__(self, a, run):
        self.a, self.run = a, run
        here = os.path.dirname(os.path.abspath(__file__))
        cmd = [a.whisper_python, os.path.join(here, 'whisper-hear.py'), a.second_opinion, '--lang', a.lang]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.totals = {}
        self.cpu = []
        self.asked = 0

    def transcribe(self, path):
        # Kept beside the cut audio: a rerun with other policies does not transcribe again.
        kept = f'{path}.{os.path.basename(self.a.second_opinion.rstrip("/"))}.json'
        if os.path.exists(kept):
            line = json.load(open(kept))
        else:
            self.proc.stdin.write(path + '\n'); self.proc.stdin.flush()
            line = json.loads(self.proc.stdout.readline())
            json.dump(line, open(kept, 'w'))
        self.cpu.append(line['ms'])
        return line['text']

    def parse(self, texts):
        context = [] if self.a.state == 'all' else ['--context', f'workout={self.a.state}']
        # Exit 3 says some line was not understood: expected here.
        out = subprocess.run([self.a.coach, 'parse', '--json', '--lang', self.a.lang, '--stdin'] + context,
                             input='\n'.join(t or '.' for t in texts) + '\n', capture_output=True, text=True).stdout
        return [json.loads(l) for l in out.splitlines()]

    def judge(self, engine, voice, alter, wav, offsets, heard, expected):
        texts = []
        for i, (s, e) in enumerate(offsets):
            cut = f'{wav}.{i:03d}.wav'
            if not os.path.exists(cut):
                self.run(['sox', wav, cut, 'trim', f'{s:.3f}', f'{e - s:.3f}'])
            texts.append(self.transcribe(cut))
        parsed = self.parse(texts)
        for i, (s, e) in enumerate(offsets):
            mine = [h for h in heard if h.get('intent') and s - 0.3 <= h['start'] < e]
            eng = mine[0] if mine else None
            wh = parsed[i] if parsed[i].get('intent') else None
            decisions = {'engine': eng, 'whisper': wh,
                         'confirm': eng if eng and wh and wh['intent'] == eng['intent'] else None,
                         'settle': self.settle(eng, wh)}
            for policy, d in decisions.items():
                self.count(engine, alter, policy, d, None if expected is None else expected[i])

    def settle(self, eng, wh):
        if not eng or not eng.get('unsure'):
            return eng
        self.asked += 1
        if wh and wh['intent'] == eng['intent']:
            return dict(eng, unsure=False)
        return None

    def count(self, engine, alter, policy, d, want):
        t = self.totals.setdefault((engine, policy, alter), {'n': 0, 'right': 0, 'slots': 0, 'wrong': 0, 'acted': 0, 'ec': 0, 'ask': 0})
        t['n'] += 1
        if d and d.get('unsure'): t['ask'] += 1
        if want is None:
            if d:
                t['acted'] += 1
                t['ec'] += d['intent'] in DESTRUCTIVE and not d.get('unsure')
            return
        if d and d['intent'] == want['intent']:
            t['right'] += 1
            same = json.dumps(d.get('slots', {}), sort_keys=True) == json.dumps(want.get('slots', {}), sort_keys=True)
            t['slots'] += same
        elif d:
            t['wrong'] += 1

    def report(self):
        self.proc.stdin.close(); self.proc.wait()
        print(f'second opinion: whisper {os.path.basename(self.a.second_opinion.rstrip("/"))}, '
              f'{sum(self.cpu) / max(len(self.cpu), 1):.0f} ms CPU per sentence, {self.asked} unsure End/Cancel settled')
        for (engine, policy, alter), t in sorted(self.totals.items()):
            if self.a.negative:
                print(f'  {engine:6} {policy:8} {alter:6} acted {t["acted"]}/{t["n"]} (End/Cancel acting {t["ec"]}, asking {t["ask"]})')
            else:
                print(f'  {engine:6} {policy:8} {alter:6} intent {t["right"]}/{t["n"]}  slots {t["slots"]}/{t["n"]}  wrong {t["wrong"]}  asking {t["ask"]}')
