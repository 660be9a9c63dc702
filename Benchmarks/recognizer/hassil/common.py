"""Shared loading of Coach's Intents/ folder and test files for the hassil scripts.

check.py (correctness) and bench.py (timing) must see exactly the same
grammar and the same test sentences, so both load them through here.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Tuple

import yaml
from hassil import Intents
from hassil.util import merge_dict

REPO = Path(__file__).resolve().parents[3]
INTENTS_DIR = REPO / "Intents"
LANGUAGES = ("en", "ja")


def language_files(lang: str, intents_dir: Path = INTENTS_DIR, extra_dirs: Iterable[Path] = ()) -> List[Path]:
    """Every YAML file of a language, built-ins first, then user extension dirs.

    Sorted by name so loading is deterministic; the Swift side uses the same order.
    """
    files = sorted((intents_dir / lang).glob("*.yaml"))
    for extra in extra_dirs:
        files.extend(sorted(Path(extra).glob("*.yaml")))
    return files


def load_language_dict(lang: str, intents_dir: Path = INTENTS_DIR, extra_dirs: Iterable[Path] = ()) -> Dict[str, Any]:
    """All files of a language deep-merged the way hassil.Intents.from_files does."""
    merged: Dict[str, Any] = {}
    for path in language_files(lang, intents_dir, extra_dirs):
        with open(path, encoding="utf-8") as f:
            merge_dict(merged, yaml.safe_load(f) or {})
    return merged


def load_intents(lang: str, intents_dir: Path = INTENTS_DIR, extra_dirs: Iterable[Path] = ()) -> Intents:
    return Intents.from_dict(load_language_dict(lang, intents_dir, extra_dirs))


def _read_yaml(path: Path) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f) or {}


Case = Tuple[str, Optional[str], Dict[str, Any], str]  # text, intent, slots, source file


def positive_cases(lang: str, intents_dir: Path = INTENTS_DIR) -> List[Case]:
    """hassil legacy test format: tests: [{sentences, intent: {name, slots}}], files not starting with '_'."""
    cases: List[Case] = []
    for path in sorted((intents_dir / "tests" / lang).glob("*.yaml")):
        if path.name.startswith("_"):
            continue
        for test in _read_yaml(path).get("tests", []):
            intent = test["intent"]
            for text in test["sentences"]:
                cases.append((text, intent["name"], dict(intent.get("slots") or {}), path.name))
    return cases


def positive_contexts(lang: str, intents_dir: Path = INTENTS_DIR) -> Dict[str, Dict[str, Any]]:
    """text -> the caller's intent_context of a positive test (`context:` beside `sentences:`)."""
    out: Dict[str, Dict[str, Any]] = {}
    for path in sorted((intents_dir / "tests" / lang).glob("*.yaml")):
        if path.name.startswith("_"):
            continue
        for test in _read_yaml(path).get("tests", []):
            if test.get("context"):
                for text in test["sentences"]:
                    out[text] = dict(test["context"])
    return out


def paraphrase_cases(lang: str, intents_dir: Path = INTENTS_DIR) -> List[Case]:
    """_paraphrases.yaml: paraphrases: [{sentences, intent: {name, slots}}] (held out from the templates)."""
    path = intents_dir / "tests" / lang / "_paraphrases.yaml"
    cases: List[Case] = []
    if path.exists():
        for test in _read_yaml(path).get("paraphrases", []):
            intent = test["intent"]
            for text in test["sentences"]:
                cases.append((text, intent["name"], dict(intent.get("slots") or {}), path.name))
    return cases


def negative_cases(lang: str, intents_dir: Path = INTENTS_DIR) -> List[Case]:
    """_negatives*.yaml (_negatives.yaml, _negatives_offtopic.yaml, …): negatives: [text, ...]
    — must match no intent."""
    cases: List[Case] = []
    for path in sorted((intents_dir / "tests" / lang).glob("_negatives*.yaml")):
        cases.extend((text, None, {}, path.name) for text in _read_yaml(path).get("negatives", []))
    return cases


def result_slots(result) -> Dict[str, Any]:
    """Slots of a hassil RecognizeResult as plain values; integral floats become ints
    (hassil returns digits as 30.0 and number words as 30 — the contract is a number)."""
    slots: Dict[str, Any] = {}
    for name, entity in result.entities.items():
        value = entity.value
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        slots[name] = value
    return slots


def values_equal(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return math.isclose(float(expected), float(actual), rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(expected, (int, float)) and isinstance(actual, str):
        try:
            return math.isclose(float(expected), float(actual))
        except ValueError:
            return False
    return expected == actual


def slots_equal(expected: Dict[str, Any], actual: Dict[str, Any]) -> bool:
    if set(expected) != set(actual):
        return False
    return all(values_equal(expected[k], actual[k]) for k in expected)
