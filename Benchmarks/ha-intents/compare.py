"""Scores hassil's and Coach's answers to Home Assistant's English intent tests with the checks of
HA's test runner (tests/test_language_sentences.py): the intent name, every matched slot
expected (a list in the test means "one of"), no expected slot missing. Prints both pass counts,
Coach's misses by category, and the sentences where the two differ.

Usage: compare.py TESTS.json HASSIL.json COACH.json [-v]
"""

import collections
import json
import sys
from pathlib import Path


def slot_equal(expected, actual) -> bool:
    if isinstance(expected, list):
        return set(expected).issubset(actual) if isinstance(actual, list) else actual in set(expected)
    if isinstance(actual, list):
        return expected in actual
    return expected == actual


def same_answer(a, b) -> bool:
    """hassil's and Coach's answers agree: intent, slot names and values (numbers by value)."""
    return a["intent"] == b["intent"] and a["slots"] == b["slots"]


def check(test, answer) -> str | None:
    """None when the answer passes; otherwise the kind of miss."""
    if answer["intent"] is None:
        return "no match"
    if answer["intent"] != test["intent"]:
        return "wrong intent"
    expected = test["slots"]
    for name, value in answer["slots"].items():
        if name not in expected:
            return "extra slot"
        if not slot_equal(expected[name], value):
            return "wrong slot value"
    for name in expected:
        if name not in answer["slots"]:
            return "missing slot"
    return None


def main() -> None:
    verbose = "-v" in sys.argv
    args = [a for a in sys.argv[1:] if a != "-v"]
    tests = json.loads(Path(args[0]).read_text(encoding="utf-8"))
    hassil = json.loads(Path(args[1]).read_text(encoding="utf-8"))
    coach = json.loads(Path(args[2]).read_text(encoding="utf-8"))
    h_answers, c_answers = hassil["answers"], coach["answers"]
    assert len(h_answers) == len(c_answers) == len(tests)

    h_pass = c_pass = agree = 0
    categories = collections.Counter()
    misses = []
    for test, h, c in zip(tests, h_answers, c_answers):
        h_miss, c_miss = check(test, h), check(test, c)
        h_pass += h_miss is None
        c_pass += c_miss is None
        agree += same_answer(h, c)
        if c_miss is not None:
            with_context = "with context" if test["context"] else "no context"
            categories[(c_miss, with_context)] += 1
            misses.append((test, h, c, c_miss))

    n = len(tests)
    print(f"HA English intent tests: {n} sentences ({sum(1 for t in tests if t['context'])} with intent_context)")
    print(f"  hassil {hassil.get('version', '?'):>8}: {h_pass:5d} / {n} pass   ({hassil['seconds']:.2f} s)")
    print(f"  coach           : {c_pass:5d} / {n} pass   ({coach['seconds']:.3f} s, "
          f"{coach['seconds'] / n * 1e6:.1f} µs per sentence)")
    print(f"  identical answers (intent and slots, pass or not): {agree} / {n}")
    methods = collections.Counter(a.get("method") for a in c_answers if a["intent"] is not None)
    print(f"  coach answers by method: {dict(sorted(methods.items()))}")
    if categories:
        print("  coach misses:")
        for (kind, ctx), count in sorted(categories.items(), key=lambda kv: -kv[1]):
            print(f"    {count:4d}  {kind} ({ctx})")
    shown = misses if verbose else misses[:40]
    for test, h, c, kind in shown:
        print(f"  - [{kind}] {test['file']}: {test['sentence']!r} context={test['context']}")
        print(f"      expected {test['intent']} {test['slots']}")
        print(f"      coach    {c['intent']} {c['slots']}  ({c.get('method')}; {c.get('template')!r})")
        if check(test, h) is not None:
            print(f"      hassil   {h['intent']} {h['slots']}  (hassil misses it too)")
    if len(misses) > len(shown):
        print(f"  … {len(misses) - len(shown)} more (-v lists all)")


main()
