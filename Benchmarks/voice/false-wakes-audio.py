#!/usr/bin/env python3
# The audio of Benchmarks/voice/false-wakes.sh: speech that is not for Coach, and the commands said
# after the wake phrase, as 16 kHz mono 16-bit WAV files, made from nothing but what this machine
# has (espeak-ng, flite, sox, numpy; ordinary English prose from /usr/share/common-licenses,
# /usr/share/doc and Python's docstrings; everyday sentences from false-wakes-everyday.txt).
# Deterministic: block N is always made from seed N, so a cache of blocks can grow and be reused.
#   false-wakes-audio.py background DIR N      block N (5 min) → DIR/blockNNN.wav + .json (what is where)
#   false-wakes-audio.py commands DIR ROOT     the commands of Tests/CoachCLITests/Voice/commands.txt
#                                              said as "hey coach, …" → DIR/commands-SET.wav + .texts + .spans
#                                              (where each is said, s)
import ast, glob, gzip, json, os, random, re, subprocess, sys, tempfile, wave
import numpy as np

RATE = 16000
BLOCK_SECONDS = 300
here = os.path.dirname(os.path.abspath(__file__))

# espeak-ng: accents × variants (formant voices of several ages and sexes, klatt, a croak).
ESPEAK_BASES = ["en-us", "en", "en-gb-x-rp", "en-gb-scotland", "en-029", "en-us-nyc", "en-gb-x-gbclan", "en-gb-x-gbcwmd"]
ESPEAK_VARIANTS = ["", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f4", "f5", "klatt", "klatt2",
                   "klatt3", "croak", "Andy", "Annie", "Alex", "edward", "grandma", "grandpa", "iven", "john", "linda",
                   "max", "michel", "paul", "robert", "steph", "Tweaky"]
FLITE_VOICES = ["kal", "kal16", "awb", "rms", "slt"]


def run(args, data=None):
    return subprocess.run(args, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout


def to_samples(wav_bytes, effects=()):
    raw = run(["sox", "-t", "wav", "-", "-t", "raw", "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed", "-", *effects],
              wav_bytes)
    return np.frombuffer(raw, dtype=np.int16).astype(np.float32)


def random_voice(rng):
    if rng.random() < 0.65:
        v = rng.choice(ESPEAK_BASES) + ("+" + rng.choice(ESPEAK_VARIANTS) if rng.random() < 0.8 else "")
        voice = {"synth": "espeak", "voice": v, "speed": rng.randint(120, 220), "pitch": rng.randint(15, 85)}
    else:
        voice = {"synth": "flite", "voice": rng.choice(FLITE_VOICES)}
    # Voices moved down or up and sped up or slowed down, as people differ (sox pitch, tempo).
    if rng.random() < 0.5:
        voice["cents"] = rng.choice([-500, -350, -200, 200, 350])
    if rng.random() < 0.4:
        voice["tempo"] = round(rng.uniform(0.85, 1.2), 2)
    return voice


def say(voice, text):
    text = re.sub(r"^[^A-Za-z]+", "", text)
    effects = []
    if voice.get("cents"): effects += ["pitch", str(voice["cents"])]
    if voice.get("tempo"): effects += ["tempo", "-s", str(voice["tempo"])]
    if voice["synth"] == "espeak":
        wav = run(["espeak-ng", "-v", voice["voice"], "-s", str(voice.get("speed", 160)), "-p", str(voice.get("pitch", 50)),
                   "--stdout"], text.encode())
    else:
        with tempfile.NamedTemporaryFile(suffix=".wav") as f:
            run(["flite", "-voice", voice["voice"], "-t", text, "-o", f.name])
            wav = open(f.name, "rb").read()
    return to_samples(wav, effects)


# ---- text -----------------------------------------------------------------------------------------

def prose_sentences():
    """Sentences of ordinary English prose (not code, not lists of names) found on this machine."""
    texts = []
    for p in sorted(glob.glob("/usr/share/common-licenses/*")):
        if os.path.isfile(p) and not os.path.islink(p): texts.append(open(p, errors="ignore").read())
    for p in sorted(glob.glob("/usr/share/doc/*/README*") + glob.glob("/usr/share/doc/*/copyright")):
        try:
            data = gzip.open(p).read() if p.endswith(".gz") else open(p, "rb").read()
            texts.append(data[:40000].decode("utf-8", "ignore"))
        except OSError:
            pass
    libdir = os.path.dirname(os.__file__)
    for p in sorted(glob.glob(libdir + "/*.py"))[:400]:
        try:
            tree = ast.parse(open(p, errors="ignore").read())
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                d = ast.get_docstring(node)
                if d: texts.append(d)
    seen, out = set(), []
    for t in texts:
        t = re.sub(r"\s+", " ", t)
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", t):
            s = s.strip()
            words = s.split()
            if not (6 <= len(words) <= 35) or s in seen: continue
            if re.search(r"[@/\\<>{}\[\]=_|#*~^`$%]|::|\.\w|http|www|\(c\)", s, re.I): continue
            letters = sum(c.isalpha() for c in s)
            if letters < 0.8 * len(s.replace(" ", "")) or sum(w[0].isupper() for w in words) > len(words) / 3: continue
            if not s[-1] in ".!?": continue
            seen.add(s); out.append(s)
    return out


def everyday_sentences():
    return [l.strip() for l in open(os.path.join(here, "false-wakes-everyday.txt")) if l.strip() and not l.startswith("#")]


# ---- sound ----------------------------------------------------------------------------------------

def silence(seconds):
    return np.zeros(int(seconds * RATE), dtype=np.float32)


def rms(x):
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2))) + 1e-9


def at_level(x, dbfs):
    return x * (32768 * 10 ** (dbfs / 20) / rms(x))


def fit(x, n):
    return np.concatenate([x, np.zeros(max(0, n - len(x)), np.float32)])[:n]


def noise(kind, n, rng):
    g = np.random.default_rng(rng.randrange(1 << 30))
    w = g.standard_normal(n).astype(np.float32)
    if kind == "white": return w
    spectrum = np.fft.rfft(w)
    f = np.maximum(np.fft.rfftfreq(n, 1 / RATE), 20)
    spectrum /= np.sqrt(f) if kind == "pink" else f  # pink 1/f power, brown 1/f²
    return np.fft.irfft(spectrum, n).astype(np.float32)


def music(seconds, rng):
    """Music-like sound: chords, a bass line, a melody from the key's scale and a drum pattern."""
    n = int(seconds * RATE)
    out = np.zeros(n, np.float32)
    bpm = rng.randint(70, 150); beat = 60 / bpm
    root = rng.randint(45, 57)  # MIDI: A2 … A3
    scale = [0, 2, 4, 5, 7, 9, 11] if rng.random() < 0.6 else [0, 2, 3, 5, 7, 8, 10]
    progression = rng.choice([[0, 4, 5, 3], [0, 5, 3, 4], [0, 3, 4, 4], [5, 3, 0, 4]])
    timbre = rng.choice([[1, .5, .33, .25], [1, .2, .6, .1, .3], [1, 0, .33, 0, .2], [1, .8, .6, .4, .2]])
    decay = rng.uniform(1.5, 6)
    hz = lambda m: 440 * 2 ** ((m - 69) / 12)

    def note(midi, start, length, level):
        i, m = int(start * RATE), int(length * RATE)
        if i >= n: return
        t = np.arange(min(m, n - i)) / RATE
        tone = sum(a * np.sin(2 * np.pi * hz(midi) * (k + 1) * t) for k, a in enumerate(timbre))
        out[i:i + len(t)] += level * tone * np.exp(-decay * t) * np.minimum(1, t * 200)

    def degree(d, octave=0):
        return root + 12 * (octave + d // 7) + scale[d % 7]

    t, bar, melody = 0.0, 0, 7
    while t < seconds:
        chord = progression[bar % 4]
        for d in (chord, chord + 2, chord + 4):
            note(degree(d, 1), t, 4 * beat, 0.25)
        for b in range(4):
            note(degree(chord, -1), t + b * beat, beat, 0.4)
            for half in (0, 0.5):
                if rng.random() < 0.7:
                    melody = max(0, min(14, melody + rng.choice([-2, -1, -1, 1, 1, 2, 0])))
                    note(degree(melody, 2), t + (b + half) * beat, beat / 2, 0.3)
        t += 4 * beat; bar += 1
    if rng.random() < 0.7:  # drums: a kick on 1 and 3, a hat on every eighth
        g = np.random.default_rng(rng.randrange(1 << 30))
        k = np.arange(int(0.15 * RATE)) / RATE
        kick = np.sin(2 * np.pi * (50 + 60 * np.exp(-30 * k)) * k) * np.exp(-20 * k)
        hat = np.diff(g.standard_normal(int(0.05 * RATE) + 1)).astype(np.float32) * np.exp(-80 * k[:int(0.05 * RATE)]) * 0.2
        s = 0.0
        while s < seconds:
            i = int(s * RATE)
            if round(s / beat) % 2 == 0 and i + len(kick) < n: out[i:i + len(kick)] += kick
            if i + len(hat) < n: out[i:i + len(hat)] += hat
            s += beat / 2
    return out


def speech(seconds, rng, voices, prose, everyday, share_everyday):
    """Voices taking turns reading sentences, with the pauses people leave between them."""
    parts, total, described, turn = [], 0, [], 0
    while total < seconds * RATE:
        voice = voices[turn % len(voices)]
        text = rng.choice(everyday) if rng.random() < share_everyday else rng.choice(prose)
        x = say(voice, text)
        gap = silence(rng.choice([0.15, 0.3, 0.5, 0.8, 1.2, 2.0]))
        parts += [x, gap]; total += len(x) + len(gap)
        described.append(text)
        if len(voices) > 1 and rng.random() < 0.7: turn += 1
    return np.concatenate(parts)[:int(seconds * RATE)], described


def segment(rng, prose, everyday):
    kind = rng.choices(["read", "conversation", "babble", "tv", "music", "noise"], [40, 15, 15, 15, 10, 5])[0]
    seconds = rng.randint(20, 60)
    info = {"kind": kind}
    if kind in ("read", "conversation", "tv"):
        voices = [random_voice(rng) for _ in range(1 if kind == "read" else 2)]
        x, texts = speech(seconds, rng, voices, prose, everyday, 0.3 if kind == "read" else 0.7)
        x = at_level(x, rng.uniform(-32, -20))
        info.update(voices=voices, texts=texts)
        if kind == "tv":  # speech over music, the music 0–15 dB below it
            snr = rng.uniform(0, 15)
            x = x + at_level(music(seconds, rng), 20 * np.log10(rms(x) / 32768) - snr)[:len(x)]
            info["music_snr"] = round(snr, 1)
    elif kind == "babble":  # several people talking at once
        k = rng.randint(3, 6)
        streams = []
        for _ in range(k):
            v = random_voice(rng)
            s, texts = speech(seconds, rng, [v], prose, everyday, 0.5)
            streams.append(at_level(s, rng.uniform(-34, -24)))
            info.setdefault("voices", []).append(v); info.setdefault("texts", []).extend(texts[:2])
        x = sum(fit(s, seconds * RATE) for s in streams)
    elif kind == "music":
        x = at_level(music(seconds, rng), rng.uniform(-30, -18))
    else:
        x = at_level(noise(rng.choice(["white", "pink", "brown"]), seconds * RATE, rng), rng.uniform(-50, -35))
    if kind != "noise" and rng.random() < 0.5:  # a fan, traffic, a room
        colour, snr = rng.choice(["white", "pink", "brown"]), rng.uniform(5, 30)
        x = x + at_level(noise(colour, len(x), rng), 20 * np.log10(rms(x) / 32768) - snr)
        info["noise"] = {"colour": colour, "snr": round(snr, 1)}
    return x, info


def write(path, x):
    tmp = path + ".tmp"
    with wave.open(tmp, "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(RATE)
        w.writeframes(np.clip(x, -32767, 32767).astype(np.int16).tobytes())
    os.replace(tmp, path)


def background(out, index):
    rng = random.Random(2900 + index)
    prose, everyday = prose_sentences(), everyday_sentences()
    parts, infos, total = [], [], 0
    while total < BLOCK_SECONDS * RATE:
        x, info = segment(rng, prose, everyday)
        x = fit(x, min(len(x), BLOCK_SECONDS * RATE - total))
        info.update(start=round(total / RATE, 2), end=round((total + len(x)) / RATE, 2))
        parts.append(x); infos.append(info); total += len(x)
    base = os.path.join(out, f"block{index:03d}")
    json.dump({"seconds": total / RATE, "prose_sentences": len(prose), "segments": infos}, open(base + ".json", "w"), indent=1)
    write(base + ".wav", np.concatenate(parts))


def commands(out, root):
    """The 60 test commands after "hey coach, " in three sets, 1.2 s apart: espeak-ng's voices
    (7 as the voice tests use, clean / 20 dB / 10 dB pink noise in turn), flite's 4 voices clean,
    and every voice of both over background sound 10 dB below (blocks of the false-wake audio:
    babble, music, TV, a room) — the sounds the false wakes are counted in."""
    lines = [l.split(": ", 1)[1].strip() for l in open(os.path.join(root, "Tests/CoachCLITests/Voice/commands.txt"))
             if re.match(r"^(tune|fresh): ", l)]
    espeak = [("en-us", 130), ("en", 150), ("en-us+f3", 170), ("en+m3", 185), ("en-gb-x-rp", 200), ("en-us+m7", 160), ("en+f2", 140)]
    voices = {"espeak": [{"synth": "espeak", "voice": v, "speed": s} for v, s in espeak],
              "flite": [{"synth": "flite", "voice": v} for v in ["kal16", "awb", "rms", "slt"]]}
    voices["background"] = voices["espeak"] + voices["flite"]
    rng = random.Random(29)
    bed = None
    for name, vs in voices.items():
        parts, spans, at = [], [], 0.5
        for i, text in enumerate(lines):
            x = at_level(say(vs[i % len(vs)], "hey coach, " + text), -24)
            if name == "espeak" and i % 3:
                x = x + at_level(noise("pink", len(x), rng), -24 - (20 if i % 3 == 1 else 10))
            parts += [silence(0.5), x, silence(1.2)]
            spans.append([round(at, 2), round(at + len(x) / RATE, 2)]); at += len(x) / RATE + 1.7
        x = np.concatenate(parts)
        if name == "background":
            if bed is None:
                bed = np.concatenate([to_samples(open(p, "rb").read()) for p in sorted(glob.glob(os.path.join(out, "block*.wav")))[:2]])
            x = x + at_level(fit(bed, len(x)), -34)
        write(os.path.join(out, f"commands-{name}.wav"), x)
        open(os.path.join(out, f"commands-{name}.texts"), "w").write("\n".join(lines) + "\n")
        json.dump(spans, open(os.path.join(out, f"commands-{name}.spans"), "w"))


if __name__ == "__main__":
    if sys.argv[1] == "background": background(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "commands": commands(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "sentences":
        s = prose_sentences(); print(len(s)); [print(" ", x) for x in random.Random(1).sample(s, 25)]
