#!/usr/bin/env python3
"""Compare hassil's and Coach's benchmark outputs: figures, speed ratio, answer agreement.

Agreement is checked on every sentence hassil matches: same intent and same slots
(numbers numerically). Usage: compare.py HASSIL.json COACH.json. Exit 1 on disagreement.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "hassil"))
from common import slots_equal  # noqa: E402

h = json.load(open(sys.argv[1]))
c = json.load(open(sys.argv[2]))
assert [a["text"] for a in h["answers"]] == [a["text"] for a in c["answers"]], "different sentence lists"

matched = disagree = 0
for ha, ca in zip(h["answers"], c["answers"]):
    if ha["intent"] is None:
        continue
    matched += 1
    if ha["intent"] != ca["intent"] or not slots_equal(ha["slots"], ca["slots"]):
        disagree += 1
        print(f"  DISAGREE [{ha['lang']}] {ha['text']!r}: hassil {ha['intent']} {ha['slots']} / coach {ca['intent']} {ca['slots']}")

def by(ans, lang):
    xs = sorted(a["median_us"] for a in ans if a["lang"] == lang)
    return xs[len(xs) // 2] if xs else float("nan")

print(f"{'':22}{'hassil':>12}{'coach':>12}{'ratio':>10}")
print(f"{'load (all languages)':22}{h['load_ms']:>10.1f}ms{c['load_ms']:>10.2f}ms")
for key in ("median_us", "p90_us", "p99_us", "max_us"):
    print(f"{key[:-3] + ' per utterance':22}{h[key]:>10.1f}µs{c[key]:>10.2f}µs{h[key] / c[key]:>9.0f}×")
for lang in ("en", "ja"):
    hm, cm = by(h["answers"], lang), by(c["answers"], lang)
    print(f"{'median ' + lang:22}{hm:>10.1f}µs{cm:>10.2f}µs{hm / cm:>9.0f}×")
print(f"hassil first pass (lazy parsing): {h.get('first_pass_ms', 0):.0f} ms over {h['count']} utterances")
understood_h = sum(a["intent"] is not None for a in h["answers"])
understood_c = sum(a["intent"] is not None for a in c["answers"])
print(f"utterances: {h['count']}; hassil understood {understood_h}, coach {understood_c}")
print(f"answer agreement on the {matched} sentences hassil matches: {matched - disagree}/{matched} identical, {disagree} disagreements")
sys.exit(1 if disagree else 0)
