"""Home Assistant's English intent tests → what the Swift harness reads.

Usage: prepare.py HA_INTENTS_CHECKOUT OUT_DIR

Writes
  OUT_DIR/intents/en/*.yaml   HA's sentences/en/*.yaml (with _common.yaml) copied as they are, plus
                              _fixtures.yaml: the lists `name`, `area` and `floor` built from
                              tests/en/_fixtures.yaml by the checkout's own `shared.get_slot_lists`
                              (what HA's test runner passes to hassil as slot_lists);
  OUT_DIR/tests.json          one entry per test sentence: file, sentence, expected intent + slots,
                              the test's intent_context, and the names HA's trie finds in it.
Nothing of the checkout is kept outside OUT_DIR.
"""

import json
import shutil
import sys
from pathlib import Path

import yaml

checkout = Path(sys.argv[1]).resolve()
out = Path(sys.argv[2]).resolve()
sys.path.insert(0, str(checkout))

from hassil import TextChunk, TextSlotList, Trie  # noqa: E402
from shared import get_slot_lists  # noqa: E402  (the checkout's own code)

LANGUAGE = "en"
TEMPLATE_CHARS = "\\()[]{}<>|;"


def escape(text: str) -> str:
    """hassil's fixture values are literal text chunks; Coach parses `in:` as a template."""
    return "".join("\\" + c if c in TEMPLATE_CHARS else c for c in text)


def load_tests() -> list:
    tests = []
    for path in sorted((checkout / "tests" / LANGUAGE).glob("*.yaml")):
        if path.name in ("_fixtures.yaml", "_test_failures.yaml"):
            continue
        for test in yaml.safe_load(path.read_text(encoding="utf-8"))["tests"]:
            intent = test["intent"]
            for sentence in test.get("sentences") or []:
                tests.append(
                    {
                        "file": path.stem,
                        "sentence": sentence,
                        "intent": intent["name"],
                        "slots": intent.get("slots") or {},
                        "context": intent.get("context") or {},
                    }
                )
    return tests


def main() -> None:
    intents_dir = out / "intents" / LANGUAGE
    if intents_dir.exists():
        shutil.rmtree(intents_dir)
    intents_dir.mkdir(parents=True)
    for path in sorted((checkout / "sentences" / LANGUAGE).glob("*.yaml")):
        shutil.copyfile(path, intents_dir / path.name)

    fixtures = yaml.safe_load(
        (checkout / "tests" / LANGUAGE / "_fixtures.yaml").read_text(encoding="utf-8")
    )
    slot_lists = get_slot_lists(fixtures)
    lists = {}
    for name, slot_list in slot_lists.items():
        assert isinstance(slot_list, TextSlotList), name
        values = []
        for value in slot_list.values:
            assert isinstance(value.text_in, TextChunk), (name, value)
            item = {"in": escape(value.text_in.text), "out": value.value_out}
            if value.context:
                item["context"] = value.context
            values.append(item)
        lists[name] = {"values": values}
    (intents_dir / "_fixtures.yaml").write_text(
        yaml.safe_dump({"language": LANGUAGE, "lists": lists}, allow_unicode=True, sort_keys=False),
        encoding="utf-8",
    )

    # HA's runner narrows {name} per sentence to the names its trie finds in the text.
    name_trie = Trie()
    for value in slot_lists["name"].values:
        name_trie.insert(value.text_in.text.strip().lower(), value)
    tests = load_tests()
    for test in tests:
        test["names"] = sorted({v[2].value_out for v in name_trie.find(test["sentence"].lower())})
    (out / "tests.json").write_text(json.dumps(tests, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(tests)} tests, {len(lists['name']['values'])} names, {len(lists['area']['values'])} areas, "
          f"{len(lists['floor']['values'])} floors", file=sys.stderr)


main()
