#!/usr/bin/env python3
# own-voice-mix.py: the sound for own-voice.sh. `mix WORK`: WORK/reply*.wav (Coach's replies, as
# `coach … --speak-to` wrote them) and WORK/said-VOICE-N.wav (commands in other voices, same rate)
# become WORK/alone.wav (each reply by itself, 1.2 s apart), WORK/said.wav (each command by
# itself: what the recogniser makes of the voices at all) and WORK/over.wav (each reply with a
# command starting OVERLAP s before the reply's end, the commands taken in turn), with
# WORK/said.tsv and WORK/over.tsv saying where each item lies. `score WORK NAME [said|over]`: the
# commands heard right in WORK/NAME.json; `acting JSON`: how many utterances would act.
import json, sys, wave
from pathlib import Path
import numpy as np

RATE = 16000  # set from the replies
OVERLAPS = [0.0, 0.3, 0.6]

def read(path):
    with wave.open(str(path)) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2, (path, w.getframerate())
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.int32)

def write(path, samples):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(RATE)
        w.writeframes(np.clip(samples, -32768, 32767).astype(np.int16).tobytes())

def mix(work):
    global RATE
    work = Path(work)
    replies = sorted(work.glob("reply*.wav"), key=lambda p: int(p.stem[5:]))
    with wave.open(str(replies[0])) as w:
        RATE = w.getframerate()
    GAP = np.zeros(int(1.2 * RATE), dtype=np.int32)
    commands = [line.split("\t") for line in (work / "commands.tsv").read_text().splitlines()]  # voice, n, text, intent
    alone = [GAP]
    for r in replies:
        alone += [read(r), GAP]
    write(work / "alone.wav", np.concatenate(alone))
    out, rows, pos = [GAP], [], len(GAP)
    for voice, n, text, intent in commands:
        said = read(work / f"said-{voice}-{n}.wav")
        rows.append(("-", voice, "alone", text, intent, pos / RATE, (pos + len(said)) / RATE))
        out += [said, GAP]
        pos += len(said) + len(GAP)
    write(work / "said.wav", np.concatenate(out))
    (work / "said.tsv").write_text("".join("\t".join(map(str, row)) + "\n" for row in rows))
    out, rows, pos, turn = [GAP], [], len(GAP), 0
    for overlap in OVERLAPS:
        for r in replies:
            reply = read(r)
            voices = sorted({c[0] for c in commands})
            for voice in voices:
                mine = [c for c in commands if c[0] == voice]
                c = mine[turn % len(mine)]
                turn += 1
                said = read(work / f"said-{voice}-{c[1]}.wav")
                start = max(0, len(reply) - int(overlap * RATE))
                item = np.zeros(max(len(reply), start + len(said)), dtype=np.int32)
                item[: len(reply)] += reply
                item[start : start + len(said)] += said
                rows.append((r.stem, voice, overlap, c[2], c[3], pos / RATE, (pos + len(item)) / RATE))
                out += [item, GAP]
                pos += len(item) + len(GAP)
    write(work / "over.wav", np.concatenate(out))
    (work / "over.tsv").write_text("".join("\t".join(map(str, row)) + "\n" for row in rows))

def heard(json_path):
    out = []
    for line in Path(json_path).read_text().splitlines():
        o = json.loads(line)
        if o.get("heard") is not None and o.get("intent"):
            out.append(((o["start"] + o["end"]) / 2, o["intent"]))
    return out

def score(work, name, items="over"):
    """Per overlap: commands heard right (exactly the expected intent in the item's span), wrong
    actions (any other intent), out of the items."""
    work = Path(work)
    h = heard(work / f"{name}.json")
    result = {}
    for line in (work / f"{items}.tsv").read_text().splitlines():
        reply, voice, overlap, text, intent, a, b = line.split("\t")
        got = [i for t, i in h if float(a) <= t < float(b)]
        s = result.setdefault(overlap, [0, 0, 0])
        s[0] += got == [intent]
        s[1] += any(i != intent for i in got)
        s[2] += 1
    return result

if __name__ == "__main__":
    if sys.argv[1] == "mix":
        mix(sys.argv[2])
    elif sys.argv[1] == "score":
        for overlap, (right, wrong, n) in sorted(score(*sys.argv[2:5]).items()):
            print(f"{sys.argv[3]}\toverlap {overlap}\tright {right}/{n}\twrong actions {wrong}")
    elif sys.argv[1] == "acting":
        print(len(heard(sys.argv[2])))
