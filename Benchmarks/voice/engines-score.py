#!/usr/bin/env python3
# The tables of engines.sh: each `coach listen --json` result is given to the utterance whose span
# of the stream holds its middle (the spans from the u*.wav lengths), and compared with the set's
# tagged intent and with the slots `coach parse` reads from the same text. The first result that
# names an intent counts (one that names none is a refusal).
#   engines-score.py WORK CACHE SETS "CONDITIONS" "NONCOMMAND_CONDITIONS" ENGINE ...
import glob, json, os, statistics, sys, wave

work, cache, sets, conditions, nonconditions = sys.argv[1:6]
conditions, nonconditions, engines = conditions.split(), nonconditions.split(), sys.argv[6:]
STATES = ('idle', 'running', 'paused')
DESTRUCTIVE = ('EndWorkout', 'CancelWorkout')
TUNE = os.environ.get('ENGINES_TUNE_VOICES', '').split()  # voice names (after "espeak:", "flite:")
BY_STATE = bool(os.environ.get('ENGINES_BY_STATE'))  # each line also state by state
ASKED = {}  # (engine, set, condition) → the non-commands heard as an unsure End/Cancel, which ask


def set_lines(name):
    return [l.split('|') for l in open(f'{sets}/{name}.txt').read().splitlines() if l and not l.startswith('#')]


def expected(name):
    path = f'{work}/{name}.expected'
    return [json.loads(l) for l in open(path).read().splitlines()] if os.path.exists(path) else []


def spans(group):
    d, out, offset = f'{cache}/{group}', [], 0.0
    for u in sorted(glob.glob(f'{d}/u[0-9]*.wav')):
        with wave.open(u) as w:
            n = w.getnframes() / w.getframerate()
        out.append((offset, offset + n))
        offset += n
    index = [int(l.split('|', 1)[0]) for l in open(f'{d}/lines').read().splitlines()]
    voices = open(f'{d}/voices').read().split()
    return out, index, voices


def heard(engine, group, condition):
    """Per utterance of the group, the first result naming an intent (or None)."""
    path = f'{work}/{engine}/{group}-{condition}.json'
    span, index, voices = spans(group)
    firsts = [None] * len(span)
    for line in open(path).read().splitlines() if os.path.exists(path) else []:
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if not r.get('intent'):
            continue
        middle = (r.get('start', 0) + r.get('end', 0)) / 2
        for k, (a, b) in enumerate(span):
            if a <= middle < b:
                if firsts[k] is None:
                    firsts[k] = r
                break
    return firsts, index, voices


def cpu(engine, group, condition, startup_cpu):
    path = f'{work}/{engine}/{group}-{condition}.time'
    try:
        wall, user, system = map(float, open(path).read().split()[-3:])
    except (OSError, ValueError):
        return 0.0, 0
    return max(user + system - startup_cpu, 0.0), len(spans(group)[0])


def pct(a, b):
    return f'{a}/{b} ({100 * a / b:.0f} %)' if b else '-'


class Decoded:
    """Every decoded utterance of a set in one condition, state by state: (line index, its fields,
    the first result naming an intent or None, its voice); the CPU they took adds up as it goes."""
    def __init__(self, engine, name, condition, states, startup_cpu):
        self.engine, self.name, self.condition, self.states, self.startup_cpu = engine, name, condition, states, startup_cpu
        self.seconds = self.utterances = 0.0

    def __iter__(self):
        lines = set_lines(self.name)
        for state in self.states:
            group = f'{self.name}-{state}'
            if not os.path.exists(f'{cache}/{group}/lines') or not os.path.exists(f'{work}/{self.engine}/{group}-{self.condition}.json'):
                continue  # a run cut short is scored on what it decoded
            firsts, index, voices = heard(self.engine, group, self.condition)
            s, n = cpu(self.engine, group, self.condition, self.startup_cpu)
            self.seconds += s; self.utterances += n
            for k, i in enumerate(index):
                yield i, lines[i], firsts[k], voices[i % len(voices)].split('/')[-1]


def commands(engine, name, condition, states, startup_cpu, extra_groups=()):
    """(right intent, right intent+slots, wrong actions, total, cpu seconds, utterances, by voice)"""
    exp = expected(name)
    kind = name == 'wake'
    right = slots = wrong = total = 0
    by_voice = {}
    walk = Decoded(engine, name, condition, states, startup_cpu)
    for i, fields, r, voice in walk:
        if kind and fields[0] != 'command':
            continue
        tagged = fields[2] if kind else fields[1]
        total += 1
        vr = by_voice.setdefault(voice, [0, 0])
        vr[1] += 1
        if r and r['intent'] == tagged:
            right += 1; vr[0] += 1
            if i < len(exp) and exp[i].get('intent') == tagged and r.get('slots', {}) == exp[i].get('slots', {}):
                slots += 1
        elif r:
            wrong += 1
    return right, slots, wrong, total, walk.seconds, walk.utterances, by_voice


def noncommands(engine, name, condition, states, startup_cpu):
    acted = destructive = total = 0
    examples = []
    asked = ASKED.setdefault((engine, name, condition), [])
    walk = Decoded(engine, name, condition, states, startup_cpu)
    for _, fields, r, _ in walk:
        if name == 'wake' and fields[0] != 'noncommand':
            continue
        total += 1
        # An End or Cancel heard only just (`unsure`) asks for a yes instead of acting.
        if r and r['intent'] in DESTRUCTIVE and r.get('unsure'):
            asked.append(f'"{fields[-1]}" → {r["intent"]}, asks (heard "{r.get("heard", "")}")')
        elif r:
            acted += 1
            if r['intent'] in DESTRUCTIVE:
                destructive += 1
                examples.append(f'"{fields[-1]}" → {r["intent"]} (heard "{r.get("heard", "")}")')
    return acted, destructive, total, walk.seconds, walk.utterances, examples


def by_state(count):
    """'idle a/b, …' for the states a run decoded: commands give (right, …, total at 3), non-commands
    (acted, End/Cancel, total): right or acted of total, End/Cancel or wrong after it."""
    out = []
    for st in STATES:
        r = count(st)
        if len(r) == 7 and r[3]:
            out.append(f'{st} {r[0]}/{r[3]} ({r[2]} wrong)')
        elif len(r) == 6 and r[2]:
            out.append(f'{st} {r[0]}/{r[2]} ({r[1]} End/Cancel)')
    return out


# The sets against the text recogniser: a tagged intent `coach parse` does not read is named.
for name in ('en-commands', 'wake', 'ja-commands'):
    lines, exp = set_lines(name), expected(name)
    off = [(l[-1], e.get('intent')) for l, e in zip(lines, exp)
           if (l[0] == 'command' or name != 'wake') and e.get('intent') != (l[2] if name == 'wake' else l[1])]
    if off:
        print(f'{name}: {len(off)} sentences `coach parse` reads otherwise (slots not checked for them): '
              + '; '.join(f'"{t}" → {i}' for t, i in off))

for engine in engines:
    try:
        start_wall, start_cpu = map(float, open(f'{work}/{engine}/startup').read().split())
    except (OSError, ValueError):
        start_wall, start_cpu = float('nan'), 0.0
    print(f'\n=== engine: {engine}   start-up (0.3 s of silence, whole process, median of 5): '
          f'{start_wall * 1000:.0f} ms wall, {start_cpu * 1000:.0f} ms CPU')
    print(f'{"English commands, in their state":34} {"intent":>16} {"intent+slots":>16} {"acted wrongly":>14} {"CPU/utt":>9}')
    all_right = all_total = 0
    clean_voices = {}
    for c in conditions:
        right, slots, wrong, total, seconds, n, by_voice = commands(engine, 'en-commands', c, STATES, start_cpu)
        all_right += right; all_total += total
        print(f'{c:34} {pct(right, total):>16} {pct(slots, total):>16} {wrong:>14} {1000 * seconds / max(n, 1):>6.0f} ms')
        if TUNE:  # the part of the voices a choice was made on, and the rest, apart
            part = [[0, 0], [0, 0]]
            for v, (a, b) in by_voice.items():
                k = 0 if v.split(':')[-1] in TUNE else 1
                part[k][0] += a; part[k][1] += b
            print(f'{"":4}tune voices {part[0][0]}/{part[0][1]}, the others {part[1][0]}/{part[1][1]}')
        if BY_STATE:
            print(f'{"":4}' + ', '.join(by_state(lambda st: commands(engine, 'en-commands', c, (st,), start_cpu))))
        if c == 'clean':
            clean_voices = by_voice
    if all_total:
        print(f'{"all alterations":34} {pct(all_right, all_total):>16}')
    if clean_voices:
        print('clean, by voice: ' + ', '.join(f'{v} {a}/{b}' for v, (a, b) in sorted(clean_voices.items())))
    print(f'{"English non-commands":34} {"acted":>16} {"End/Cancel":>16} {"":>14} {"CPU/utt":>9}')
    for c in nonconditions:
        acted, destructive, total, seconds, n, examples = noncommands(engine, 'en-noncommands', c, STATES, start_cpu)
        asks = ASKED.get((engine, 'en-noncommands', c), [])
        print(f'{c:34} {pct(acted, total):>16} {destructive:>16} {f"{len(asks)} ask":>14} {1000 * seconds / max(n, 1):>6.0f} ms')
        if BY_STATE:
            print(f'{"":4}' + ', '.join(by_state(lambda st: noncommands(engine, 'en-noncommands', c, (st,), start_cpu))))
        for e in examples[:4]:
            print(f'    {e}')
    right, slots, wrong, total, _, _, _ = commands(engine, 'wake', 'clean', STATES, start_cpu)
    acted, destructive, ntotal, _, _, examples = noncommands(engine, 'wake', 'clean', STATES, start_cpu)
    print(f'after "hey coach" (--wake), clean: commands {pct(right, total)} (slots {slots}, wrong {wrong}); '
          f'non-commands acting {pct(acted, ntotal)}, End/Cancel {destructive}')
    if BY_STATE and total:
        print(f'{"":4}commands ' + ', '.join(by_state(lambda st: commands(engine, 'wake', 'clean', (st,), start_cpu)))
              + '; non-commands ' + ', '.join(by_state(lambda st: noncommands(engine, 'wake', 'clean', (st,), start_cpu))))
    right, slots, wrong, total, seconds, n, by_voice = commands(engine, 'ja-commands', 'clean', STATES, start_cpu)
    acted, destructive, ntotal, _, _, _ = noncommands(engine, 'ja-noncommands', 'clean', STATES, start_cpu)
    print(f'Japanese (--lang ja), clean: commands {pct(right, total)} (slots {slots}, wrong {wrong}; '
          + ', '.join(f'{v} {a}/{b}' for v, (a, b) in sorted(by_voice.items()))
          + f'); non-commands acting {pct(acted, ntotal)}, End/Cancel {destructive}')
    errors = sorted({l for f in glob.glob(f'{work}/{engine}/*.err') for l in open(f).read().splitlines()
                     if l.startswith('coach:') or 'rror' in l})
    for e in errors[:3]:
        print(f'  stderr: {e}')
    path = f'{work}/{engine}/latency.tsv'
    if os.path.exists(path):
        got = [float(l.split('\t')[1]) for l in open(path).read().splitlines() if l.split('\t')[1] != '-']
        n = len(open(path).read().splitlines())
        cpu_s = open(f'{work}/{engine}/latency.cpu').read().split()[0]
        if got:
            got.sort()
            p90 = got[min(len(got) - 1, int(len(got) * 0.9 + 0.999) - 1)]
            print(f'end of speech → result, fed in real time (running-state commands, clean): median '
                  f'{statistics.median(got):.0f} ms, p90 {p90:.0f} ms, max {got[-1]:.0f} ms, answered {len(got)}/{n}; '
                  f'process CPU {float(cpu_s):.1f} s')
print('\ntargets (issue 39, default engine): clean >= 98 %; each alteration >= 90 % (talker6 >= 80 %); '
      'non-commands acting <= 1 % and 0 End/Cancel; after the wake phrase >= 95 % and 0 non-commands acting; '
      'Japanese clean >= 95 %; CPU <= 250 ms per command; median latency <= 350 ms; decoder ready <= 300 ms')
