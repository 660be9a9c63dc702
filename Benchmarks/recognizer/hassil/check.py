#!/usr/bin/env python3
"""Verify Coach's Intents/ vocabulary with the real hassil (the reference implementation).

- every positive test (Intents/tests/<lang>/*.yaml) must match its intent with exactly its slots
  (numbers compare as numbers: hassil gives 30.0 for "30" and 30 for "thirty");
- every negative (_negatives.yaml) must match no intent;
- held-out paraphrases (_paraphrases.yaml) are only reported: they measure the Swift
  fallback matcher, and hassil is expected to miss most of them;
- slot out-values must be in the contract (Intents/intents.yaml);
- every intent x response code must have a text in Intents/<lang>/_responses.yaml.

Usage: check.py [--lang en --lang ja] [--verbose] [--extra DIR]
Exit status 0 when everything passes. The last line of output is one JSON summary.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml
from hassil import recognize

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (  # noqa: E402
    INTENTS_DIR,
    LANGUAGES,
    load_intents,
    load_language_dict,
    negative_cases,
    paraphrase_cases,
    positive_cases,
    positive_contexts,
    result_slots,
    slots_equal,
)

# Codes every intent needs a response for (SiriKit response + resolution codes).
RESPONSE_CODES = [
    "success", "ready", "failure", "failureNoMatchingWorkout", "failureRequiringAppLaunch",
    "needsValue", "disambiguation", "confirmationRequired", "unsupported",
]
START_ONLY_CODES = ["failureOngoingWorkout"]
GLOBAL_CODES = ["notUnderstood", "didYouMean"]


def check_contract(lang: str, data: dict, contract: dict, problems: list) -> None:
    """Out-values of the activity/location/unit lists must be in Intents/intents.yaml."""
    activities = set(contract["activities"])
    units = {u for family in contract["units"].values() for u in family}
    list_contract = {
        "activity": activities, "activity_verb": activities,
        "location": {"indoor", "outdoor"}, "location_after": {"indoor", "outdoor"},
        "time_unit": set(contract["units"]["time"]), "distance_unit": set(contract["units"]["distance"]),
        "energy_unit": set(contract["units"]["energy"]),
    }
    for name, spec in data.get("lists", {}).items():
        allowed = list_contract.get(name)
        if allowed is None or "values" not in spec:
            continue
        for value in spec["values"]:
            out = value.get("out") if isinstance(value, dict) else value
            if out not in allowed:
                problems.append(f"{lang}: list {name}: out-value {out!r} not in contract")
    for intent_name, intent in data.get("intents", {}).items():
        if intent_name not in contract["intents"]:
            problems.append(f"{lang}: intent {intent_name} not in intents.yaml")
        for block in intent["data"]:
            for slot, value in (block.get("slots") or {}).items():
                if slot == "activity" and value not in activities:
                    problems.append(f"{lang}: {intent_name}: fixed activity {value!r} not in contract")
                if slot == "goal_unit" and value not in units:
                    problems.append(f"{lang}: {intent_name}: fixed goal_unit {value!r} not in contract")


def check_responses(lang: str, data: dict, contract: dict, problems: list) -> int:
    responses = (data.get("responses") or {})
    per_intent = responses.get("intents") or {}
    count = 0
    for intent_name in contract["intents"]:
        codes = RESPONSE_CODES + (START_ONLY_CODES if intent_name == "StartWorkout" else [])
        for code in codes:
            text = (per_intent.get(intent_name) or {}).get(code)
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{lang}: responses.intents.{intent_name}.{code} missing")
            else:
                count += 1
    for code in GLOBAL_CODES:
        if not (responses.get("errors") or {}).get(code):
            problems.append(f"{lang}: responses.errors.{code} missing")
        else:
            count += 1
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    parser.add_argument("--verbose", "-v", action="store_true", help="also list paraphrase misses")
    parser.add_argument("--extra", action="append", type=Path, default=[],
                        help="extra directory of user YAML files merged into every checked language")
    args = parser.parse_args()

    with open(INTENTS_DIR / "intents.yaml", encoding="utf-8") as f:
        contract = yaml.safe_load(f)

    summary = {"ok": True}
    for lang in args.lang or LANGUAGES:
        problems: list = []
        data = load_language_dict(lang, extra_dirs=args.extra)
        intents = load_intents(lang, extra_dirs=args.extra)
        check_contract(lang, data, contract, problems)
        n_responses = check_responses(lang, data, contract, problems)

        positives = positive_cases(lang)
        pos_ok = 0
        contexts = positive_contexts(lang)
        for text, intent, slots, src in positives:
            result = recognize(text, intents, intent_context=contexts.get(text))
            got_intent = result.intent.name if result else None
            got_slots = result_slots(result) if result else {}
            if got_intent == intent and slots_equal(slots, got_slots):
                pos_ok += 1
            else:
                problems.append(f"{lang}: FAIL {src}: {text!r}: expected {intent} {slots}, got {got_intent} {got_slots}")

        negatives = negative_cases(lang)
        neg_ok = 0
        for text, _, _, src in negatives:
            result = recognize(text, intents)
            if result is None:
                neg_ok += 1
            else:
                problems.append(f"{lang}: FALSE POSITIVE {src}: {text!r} -> {result.intent.name} {result_slots(result)}")

        paraphrases = paraphrase_cases(lang)
        para_intent = para_full = 0
        for text, intent, slots, _ in paraphrases:
            result = recognize(text, intents)
            got_intent = result.intent.name if result else None
            if got_intent == intent:
                para_intent += 1
                if slots_equal(slots, result_slots(result)):
                    para_full += 1
            elif args.verbose:
                print(f"{lang}: paraphrase miss: {text!r} -> {got_intent}")

        for p in problems:
            print(p)
        templates = sum(len(block["sentences"]) for i in data["intents"].values() for block in i["data"])
        print(f"{lang}: templates {templates}; positives {pos_ok}/{len(positives)}; "
              f"negatives rejected {neg_ok}/{len(negatives)}; "
              f"paraphrases matched {para_full}/{len(paraphrases)} (intent only {para_intent}); "
              f"responses {n_responses}; problems {len(problems)}")
        summary[lang] = {
            "templates": templates,
            "positives": len(positives), "positives_ok": pos_ok,
            "negatives": len(negatives), "negatives_rejected": neg_ok,
            "paraphrases": len(paraphrases), "paraphrases_matched": para_full,
            "paraphrases_intent_matched": para_intent,
            "responses": n_responses, "problems": len(problems),
        }
        if problems:
            summary["ok"] = False

    print(json.dumps(summary, ensure_ascii=False))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
