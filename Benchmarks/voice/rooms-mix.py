# Mixes a noise bed (looped) under a voice's stream at a signal-to-noise ratio, the speech level
# measured over the sentences only (not the pauses between them). Stdlib only. Used by rooms.sh:
#   rooms-mix.py DIR NOISE.wav SNR_DB OUT.wav [SPEECH.wav]   (DIR holds u000.wav … and all.wav, as
#   say_all writes; SPEECH, when given, is mixed instead of all.wav: the same stream altered, e.g.
#   far away, so the level is measured on what is heard)
import array, glob, math, sys, wave

def read(path):
    with wave.open(path) as w:
        assert w.getframerate() == 16000 and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        a = array.array('h'); a.frombytes(w.readframes(w.getnframes()))
        return a

d, noise_path, snr, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
speech = read(sys.argv[5] if len(sys.argv) > 5 else f'{d}/all.wav')
energy, count, offset = 0.0, 0, 0
for u in sorted(glob.glob(f'{d}/u[0-9]*.wav')):
    with wave.open(u) as w: n = w.getnframes()
    part = speech[offset + 8000: offset + n - 11200]  # say_all's 0.5 s before and 0.7 s after
    energy += sum(s * s for s in part); count += len(part)
    offset += n
speech_rms = math.sqrt(energy / max(count, 1))
noise = read(noise_path)
noise_rms = math.sqrt(sum(s * s for s in noise) / len(noise))
gain = speech_rms / (noise_rms * 10 ** (snr / 20))
n = len(noise)
mixed = array.array('h', (max(-32768, min(32767, int(round(s + gain * noise[i % n])))) for i, s in enumerate(speech)))
with wave.open(out, 'wb') as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000); w.writeframes(mixed.tobytes())
