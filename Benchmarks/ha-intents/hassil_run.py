"""Home Assistant's English intent tests through hassil, the way HA's test runner does it
(tests/test_language_sentences.py + tests/conftest.py of home-assistant/intents):
_common.yaml as the base Intents, every other sentences file merged on top, the fixtures' slot
lists, {name} narrowed per sentence by the trie, `recognize_best(..., intent_context=the test's
context, best_slot_name="name")`.

Usage: hassil_run.py HA_INTENTS_CHECKOUT TESTS.json [VERSION]  → JSON answers on stdout
"""

import dataclasses
import json
import sys
import time
from pathlib import Path

import yaml

checkout = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(checkout))

from hassil import Intents, TextChunk, TextSlotList, Trie, merge_dict, recognize_best  # noqa: E402
from shared import get_slot_lists  # noqa: E402

LANGUAGE = "en"


def load_intents() -> Intents:
    files = {}
    for path in sorted((checkout / "sentences" / LANGUAGE).glob("*.yaml")):
        files[path.name] = yaml.safe_load(path.read_text(encoding="utf-8"))
    files["_common.yaml"].setdefault("intents", {})
    common = Intents.from_dict(files["_common.yaml"])
    merged: dict = {}
    for name, intents_dict in files.items():
        if name != "_common.yaml":
            merge_dict(merged, intents_dict)
    return dataclasses.replace(common, intents=Intents.from_dict(merged).intents)


def jsonable(value):
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return str(value)


def main() -> None:
    tests = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    intents = load_intents()
    fixtures = yaml.safe_load((checkout / "tests" / LANGUAGE / "_fixtures.yaml").read_text(encoding="utf-8"))
    slot_lists = get_slot_lists(fixtures)
    name_trie = Trie()
    for value in slot_lists["name"].values:
        assert isinstance(value.text_in, TextChunk)
        name_trie.insert(value.text_in.text.strip().lower(), value)

    answers = []
    started = time.perf_counter()
    for test in tests:
        sentence = test["sentence"]
        slot_lists["name"] = TextSlotList(name="name", values=[v[2] for v in name_trie.find(sentence.lower())])
        result = recognize_best(
            sentence, intents, slot_lists=slot_lists, intent_context=test["context"], best_slot_name="name"
        )
        answers.append(
            {
                "sentence": sentence,
                "intent": result.intent.name if result else None,
                "slots": {e.name: jsonable(e.value) for e in result.entities.values()} if result else {},
                "template": result.intent_sentence.text if result and result.intent_sentence else None,
            }
        )
    elapsed = time.perf_counter() - started
    json.dump({"version": sys.argv[3] if len(sys.argv) > 3 else "?", "seconds": elapsed, "answers": answers}, sys.stdout, ensure_ascii=False)
    print()


main()
