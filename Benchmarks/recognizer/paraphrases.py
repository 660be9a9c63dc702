#!/usr/bin/env python3
"""Score Coach's fallback on the paraphrase, negative and holdout sets (release build).

Usage: paraphrases.py [--set tuned|holdout|fresh|offtopic|all] [--verbose]
(fresh: the second Japanese holdout, _holdout_fresh.yaml; offtopic: _negatives_offtopic.yaml)
Prints per set and language: understood (intent + slots right), handled (End/Cancel
suggested instead of returned counts as handled), negatives rejected.
Needs Benchmarks/.build/release/RecognizerBench (run.sh builds it).
"""
import argparse, json, subprocess, sys, tempfile
from pathlib import Path
import yaml

root = Path(__file__).resolve().parents[2]
KEYS = ("activity", "location", "goal_value", "goal_unit")


def cases(lang, name, key):
    p = root / "Intents" / "tests" / lang / name
    if not p.exists():
        return []
    out = []
    for item in yaml.safe_load(p.read_text()).get(key, []) or []:
        if isinstance(item, str):
            out.append((item, None, {}))
        else:
            for s in item["sentences"]:
                out.append((s, item["intent"]["name"], item["intent"].get("slots") or {}))
    return out


def same(a, b):
    if set(a) != set(b):
        return False
    for k, v in a.items():
        w = b[k]
        try:
            if abs(float(v) - float(w)) > 1e-9:
                return False
        except (TypeError, ValueError):
            if str(v) != str(w):
                return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="all", choices=["tuned", "holdout", "fresh", "offtopic", "all"])
    ap.add_argument("--verbose", "-v", action="store_true")
    a = ap.parse_args()
    sets = []
    for lang in ("en", "ja"):
        if a.set in ("tuned", "all"):
            sets.append((lang, "tuned", cases(lang, "_paraphrases.yaml", "paraphrases"), cases(lang, "_negatives.yaml", "negatives")))
        if a.set in ("holdout", "all"):
            sets.append((lang, "holdout", cases(lang, "_holdout.yaml", "paraphrases"), cases(lang, "_holdout.yaml", "negatives")))
        if a.set in ("fresh", "all") and (root / "Intents" / "tests" / lang / "_holdout_fresh.yaml").exists():
            sets.append((lang, "fresh", cases(lang, "_holdout_fresh.yaml", "paraphrases"), cases(lang, "_holdout_fresh.yaml", "negatives")))
        if a.set in ("offtopic", "all"):
            sets.append((lang, "offtopic", [], cases(lang, "_negatives_offtopic.yaml", "negatives")))
    items = [{"lang": l, "text": t} for (l, _, ps, ns) in sets for (t, _, _) in ps + ns]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(items, f)
    exe = root / "Benchmarks" / ".build" / "release" / "RecognizerBench"
    res = json.loads(subprocess.run([str(exe), str(root / "Intents"), f.name, "1"], capture_output=True, text=True, check=True).stdout)
    answers = {(x["lang"], x["text"]): x for x in res["answers"]}
    for lang, name, ps, ns in sets:
        ok = handled = 0
        for t, intent, slots in ps:
            r = answers[(lang, t)]
            got = {k: v for k, v in r["slots"].items() if k in KEYS}
            good = r["intent"] == intent and same(slots, got)
            ok += good
            h = good or (r["intent"] is None and r["suggested"] == intent and intent in ("EndWorkout", "CancelWorkout"))
            handled += h
            if a.verbose and not good:
                print(f"  MISS {lang} {t!r}: want {intent} {slots} got {r['intent']} {got} ({r['method']}, {r['confidence']:.2f}, sugg {r['suggested']})")
        rej = 0
        for t, _, _ in ns:
            r = answers[(lang, t)]
            rej += r["intent"] is None
            if r["intent"] is not None:
                print(f"  FALSE POSITIVE {lang} {t!r}: {r['intent']} ({r['method']}, {r['confidence']:.2f})")
        n = max(len(ps), 1)
        print(f"{name:8s} {lang}: understood {ok}/{len(ps)} = {ok / n:.0%}, handled {handled}/{len(ps)} = {handled / n:.0%}, negatives rejected {rej}/{len(ns)}")


if __name__ == "__main__":
    sys.exit(main())
