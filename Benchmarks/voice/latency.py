#!/usr/bin/env python3
# Latency a person feels (latency.sh): feeds a 16 kHz s16le stream to a recogniser's standard input
# in real time (20 ms writes, as a microphone delivers them), timestamps every line the recogniser
# prints, and measures for each command the time from the end of its speech (known from the files)
# to the first result line after it. Also the process's CPU (rusage) and wall time.
#   latency.py measure STREAM.raw ENDS.txt OUT.tsv -- COMMAND ...
#       ENDS.txt: one end-of-speech time (s, in the stream) per command. Writes per command
#       "end_s latency_ms line" (latency "-" when no line came before the next command ended) and
#       prints "cpu_s wall_s" of the process.
#       Every line, in order, goes to OUT.tsv.lines.
#   latency.py firstread -- COMMAND ...   when the process first reads its standard input (ms after
#       it was started; median of 5): the pipe (64 KiB) is filled, and the next 20 ms write
#       returns once the process has read. Audio said before that waits in a pipe, and is lost from
#       a microphone (ALSA's buffer overruns).
#   latency.py matched EXPECTED GOT   intents right in order (one a line in each file)
#   latency.py ends WAV ...      prints, per WAV (16 kHz mono 16-bit), its length and where its
#       speech ends (the last 10 ms frame over -45 dBFS), in seconds.
import os, struct, subprocess, sys, threading, time, wave

RATE = 16_000
CHUNK = 320  # samples: 20 ms


def speech_end(path):
    with wave.open(path) as w:
        data = w.readframes(w.getnframes())
    n = len(data) // 2
    samples = struct.unpack(f"<{n}h", data)
    frame, threshold = 160, (32768 * 10 ** (-45 / 20)) ** 2
    last = 0
    for i in range(0, n - frame + 1, frame):
        power = sum(s * s for s in samples[i:i + frame]) / frame
        if power > threshold:
            last = i + frame
    return n / RATE, last / RATE


def measure(stream, ends_file, out, command):
    with open(stream, "rb") as f:
        audio = f.read()
    ends = [float(x) for x in open(ends_file).read().split()]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    lines = []  # (seconds since the first sample was written, text)
    t0 = [None]

    def read():
        for raw in proc.stdout:
            now = time.monotonic()
            lines.append((now - t0[0] if t0[0] else 0.0, raw.decode(errors="replace").strip()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    started = time.monotonic()
    t0[0] = started
    step = CHUNK * 2
    for k, offset in enumerate(range(0, len(audio), step)):
        due = started + k * CHUNK / RATE
        delay = due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        try:
            proc.stdin.write(audio[offset:offset + step])
            proc.stdin.flush()
        except BrokenPipeError:
            break
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - started
    reader.join(timeout=5)
    with open(out, "w") as o:
        for i, end in enumerate(ends):
            limit = ends[i + 1] if i + 1 < len(ends) else float("inf")
            after = [(t, text) for t, text in lines if end < t <= limit and text]
            if after:
                o.write(f"{end:.3f}\t{(after[0][0] - end) * 1000:.0f}\t{after[0][1]}\n")
            else:
                o.write(f"{end:.3f}\t-\t\n")
    with open(out + ".lines", "w") as o:
        o.writelines(f"{text}\n" for _, text in lines if text)
    print(f"{usage.ru_utime + usage.ru_stime:.3f} {wall:.3f}")


def first_read(command):
    times = []
    for _ in range(5):
        started = time.monotonic()
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            proc.stdin.write(bytes(65536))  # fills the pipe whether or not anyone reads
            proc.stdin.flush()
            proc.stdin.write(bytes(CHUNK * 2))  # returns once the process has read some
            proc.stdin.flush()
            times.append((time.monotonic() - started) * 1000)
            proc.stdin.close()
        except BrokenPipeError:
            pass
        proc.wait()
    times.sort()
    print(f"{times[len(times) // 2]:.0f}" if times else "-")


def matched(expected_file, got_file):
    """Commands whose intent was heard, in order: the longest common subsequence of the expected
    intents and those of every result line (a late line is still counted; a split or an extra
    utterance costs nothing but itself)."""
    a = [x for x in open(expected_file).read().split()]
    b = [x for x in open(got_file).read().split() if x != "null"]
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y and x != "null" else max(prev[j + 1], cur[j]))
        prev = cur
    print(prev[-1])


if __name__ == "__main__":
    if sys.argv[1] == "ends":
        for p in sys.argv[2:]:
            length, end = speech_end(p)
            print(f"{length:.3f} {end:.3f}")
    elif sys.argv[1] == "firstread":
        first_read(sys.argv[sys.argv.index("--") + 1:])
    elif sys.argv[1] == "matched":
        matched(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "measure":
        sep = sys.argv.index("--")
        measure(*sys.argv[2:5], sys.argv[sep + 1:])
