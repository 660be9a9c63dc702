#!/usr/bin/env python3
"""Minimal hassil timing + answers for run.sh (used when hassil/bench.py is absent).

Loads Intents/ through hassil/common.py (the same files and merge as check.py), writes
the sentence list for the Swift harness, times hassil.recognize per utterance (median of
REPEATS runs each) and prints one JSON object: load time, median/p90/p99, answers.
Usage: hassil_bench.py SENTENCES_OUT.json [REPEATS]
"""
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "hassil"))
from common import LANGUAGES, load_intents, negative_cases, paraphrase_cases, positive_cases, result_slots  # noqa: E402
from hassil import recognize  # noqa: E402

repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 21
sentences = []
for lang in LANGUAGES:
    for cases in (positive_cases(lang), negative_cases(lang), paraphrase_cases(lang)):
        sentences.extend({"lang": lang, "text": c[0]} for c in cases)
Path(sys.argv[1]).write_text(json.dumps(sentences, ensure_ascii=False))

t0 = time.perf_counter()
intents = {lang: load_intents(lang) for lang in LANGUAGES}
load_ms = (time.perf_counter() - t0) * 1000

# First pass (lazy template parsing and number-word generation happen here).
t0 = time.perf_counter()
for s in sentences:
    recognize(s["text"], intents[s["lang"]])
first_pass_ms = (time.perf_counter() - t0) * 1000

answers, medians = [], []
for s in sentences:
    times = []
    result = None
    for _ in range(repeats):
        t = time.perf_counter()
        result = recognize(s["text"], intents[s["lang"]])
        times.append((time.perf_counter() - t) * 1e6)
    med = statistics.median(times)
    medians.append(med)
    answers.append({"lang": s["lang"], "text": s["text"], "intent": result.intent.name if result else None,
                    "slots": result_slots(result) if result else {}, "median_us": med})
medians.sort()
pct = lambda p: medians[min(len(medians) - 1, int(len(medians) * p))]
print(json.dumps({"load_ms": load_ms, "first_pass_ms": first_pass_ms, "median_us": pct(0.5), "p90_us": pct(0.9),
                  "p99_us": pct(0.99), "max_us": medians[-1], "count": len(sentences), "repeats": repeats,
                  "answers": answers}, ensure_ascii=False))
