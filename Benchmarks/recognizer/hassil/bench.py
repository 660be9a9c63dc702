#!/usr/bin/env python3
"""Time hassil on Coach's Intents/ and dump its answers for the Swift recogniser to compare.

Per language:
- load: yaml.safe_load of every file + Intents.from_dict + first-use parse (one recognize
  of every test sentence: hassil parses templates and builds number-word tries lazily);
- per utterance: `recognize` run --repeat times (default 21) → median per utterance,
  then median / p99 / max across utterances (positives + negatives + paraphrases).

Answers go to OUT as JSON lines {"text","lang","intent","slots"} (slots as in check.py:
integral floats become ints). The last stdout line is one JSON summary.

Usage: bench.py OUT.jsonl [--repeat 21] [--lang en --lang ja]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import yaml
from hassil import Intents, recognize
from hassil.util import merge_dict

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (  # noqa: E402
    LANGUAGES,
    language_files,
    negative_cases,
    paraphrase_cases,
    positive_cases,
    result_slots,
)


def percentile(values, p):
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="JSON-lines file for hassil's answers")
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    args = parser.parse_args()

    summary = {"tool": "hassil", "repeat": args.repeat}
    with open(args.out, "w", encoding="utf-8") as out:
        for lang in args.lang or LANGUAGES:
            texts = [c[0] for c in positive_cases(lang) + negative_cases(lang) + paraphrase_cases(lang)]

            t0 = time.perf_counter()
            merged: dict = {}
            for path in language_files(lang):
                with open(path, encoding="utf-8") as f:
                    merge_dict(merged, yaml.safe_load(f) or {})
            t1 = time.perf_counter()
            intents = Intents.from_dict(merged)
            t2 = time.perf_counter()
            answers = [recognize(text, intents) for text in texts]  # first use: lazy parse + number tries
            t3 = time.perf_counter()

            for text, result in zip(texts, answers):
                out.write(json.dumps({
                    "text": text, "lang": lang,
                    "intent": result.intent.name if result else None,
                    "slots": result_slots(result) if result else {},
                }, ensure_ascii=False) + "\n")

            medians_us = []
            matched_us, unmatched_us = [], []
            for text, first in zip(texts, answers):
                runs = []
                for _ in range(args.repeat):
                    s = time.perf_counter()
                    recognize(text, intents)
                    runs.append(time.perf_counter() - s)
                m = statistics.median(runs) * 1e6
                medians_us.append(m)
                (matched_us if first else unmatched_us).append(m)

            summary[lang] = {
                "utterances": len(texts),
                "yaml_ms": round((t1 - t0) * 1e3, 2),
                "from_dict_ms": round((t2 - t1) * 1e3, 2),
                "first_pass_ms": round((t3 - t2) * 1e3, 2),
                "load_total_ms": round((t3 - t0) * 1e3, 2),
                "recognize_median_us": round(statistics.median(medians_us), 1),
                "recognize_p99_us": round(percentile(medians_us, 99), 1),
                "recognize_max_us": round(max(medians_us), 1),
                "matched_median_us": round(statistics.median(matched_us), 1) if matched_us else None,
                "unmatched_median_us": round(statistics.median(unmatched_us), 1) if unmatched_us else None,
            }
            print(f"{lang}: {json.dumps(summary[lang])}", file=sys.stderr)

    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
