"""Renders a discovery payload's templates the way Home Assistant's MQTT integration does.

Reads {"discovery": {...}, "states": [payload text, ...]} on stdin and prints, for each state,
{component: {"value": rendered value or null (HA's unknown), "available": bool}}: the value
template on value_json (a result "None" is unknown), each availability entry's template compared
with payload_available / payload_not_available, combined by availability_mode. Jinja2's sandbox is
the engine Home Assistant's templates run on; only value_json and the literals are used here.
"""
import json
import sys

from jinja2.sandbox import ImmutableSandboxedEnvironment

env = ImmutableSandboxedEnvironment()


def render(template, payload):
    value_json = json.loads(payload)
    return env.from_string(template).render(value_json=value_json, value=payload).strip()


def main():
    request = json.load(sys.stdin)
    # Per-component discovery: the platform and the object id are the topic's
    # (<prefix>/<component>/<node_id>/<object_id>/config).
    messages = [(m["topic"].split("/"), m["payload"]) for m in request["discovery"]]
    results = []
    for payload in request["states"]:
        result = {}
        for levels, component in messages:
            key = levels[3]
            if levels[1] != "sensor":
                continue
            value = render(component.get("value_template", "{{ value }}"), payload)
            available = []
            for entry in component.get("availability", []):
                if entry["topic"] != component["state_topic"]:
                    available.append(True)  # the device's own availability topic: online here
                    continue
                said = render(entry["value_template"], payload)
                on = entry.get("payload_available", "online")
                off = entry.get("payload_not_available", "offline")
                available.append(True if said == on else False if said == off else None)
            mode = component.get("availability_mode", "latest")
            combined = all(available) if mode == "all" else any(available) if mode == "any" else available[-1]
            result[key] = {"value": None if value == "None" else value, "available": combined}
        results.append(result)
    json.dump(results, sys.stdout)


main()
