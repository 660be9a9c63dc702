#!/usr/bin/env python3
# One other talker over each command (engines.sh's overlap6): utterance i of DIR gets utterance
# (i + 7) mod M of OTHER (another voice, another sentence) mixed in from 0.3 s after the command's
# own start, SNR_DB below the command's speech level and cut at its end — overlapping speech with
# the pauses between commands left quiet, so the speech detector still finds each utterance
# (talker6's talker, speaking throughout, leaves it no pause at all).
#   overlap-mix.py DIR OTHER SNR_DB OUT.wav   (both hold u000.wav …, as say_all writes)
import glob, sys, wave
import numpy as np

d, other, snr, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]


def read(path):
    with wave.open(path) as w:
        assert w.getframerate() == 16000 and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64)


def level(x):
    part = x[8000:len(x) - 11200]  # say's 0.5 s before and 0.7 s after
    return np.sqrt(np.mean(part ** 2)) if len(part) else 0.0


mine = [read(p) for p in sorted(glob.glob(f'{d}/u[0-9]*.wav'))]
theirs = [read(p) for p in sorted(glob.glob(f'{other}/u[0-9]*.wav'))]
pieces = []
for i, u in enumerate(mine):
    t = theirs[(i + 7) % len(theirs)][8000:]  # their speech, without their leading silence
    start = 8000 + 4800  # the command's speech starts after 0.5 s; the other voice 0.3 s later
    room = len(u) - 11200 - start
    t = t[:max(room, 0)]
    gain = level(u) / (max(np.sqrt(np.mean(t ** 2)), 1e-9) * 10 ** (snr / 20)) if len(t) else 0.0
    mixed = u.copy()
    mixed[start:start + len(t)] += gain * t
    pieces.append(mixed)
stream = np.clip(np.concatenate(pieces), -32768, 32767).astype(np.int16)
with wave.open(out, 'wb') as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000); w.writeframes(stream.tobytes())
