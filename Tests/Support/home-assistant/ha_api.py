"""Home Assistant's REST API as RealHomeAssistantTests reads and drives it (standard library only).

    ha_api.py URL TOKEN ready SECONDS               → {"ok": bool}: /api/ answers 200 with the token
    ha_api.py URL TOKEN states PREFIX               → {entity_id: {"state", "attributes"}} for ids containing PREFIX
    ha_api.py URL TOKEN wait ENTITY STATE SECONDS   → {"ok", "seconds", "state"}: polls every 50 ms until it is STATE
    ha_api.py URL TOKEN press ENTITY                → {"ok", "status"}: the button.press service
"""
import json
import sys
import time
import urllib.error
import urllib.request


def call(url, token, path, body=None):
    request = urllib.request.Request(url + path, headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"},
                                     data=None if body is None else json.dumps(body).encode(), method="GET" if body is None else "POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read() or b"null")


def state(url, token, entity):
    try:
        return call(url, token, "/api/states/" + entity)[1]["state"]
    except urllib.error.HTTPError as error:
        return None if error.code == 404 else f"HTTP {error.code}"


def main():
    url, token, command, *rest = sys.argv[1:]
    if command == "ready":
        deadline = time.monotonic() + float(rest[0])
        while time.monotonic() < deadline:
            try:
                if call(url, token, "/api/")[0] == 200:
                    return {"ok": True}
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.2)
        return {"ok": False}
    if command == "states":
        _, states = call(url, token, "/api/states")
        return {s["entity_id"]: {"state": s["state"], "attributes": s["attributes"]} for s in states if rest[0] in s["entity_id"]}
    if command == "wait":
        entity, wanted, seconds = rest[0], rest[1], float(rest[2])
        started = time.monotonic()
        last = state(url, token, entity)
        while last != wanted and time.monotonic() - started < seconds:
            time.sleep(0.05)
            last = state(url, token, entity)
        return {"ok": last == wanted, "seconds": round(time.monotonic() - started, 3), "state": last}
    if command == "press":
        status, _ = call(url, token, "/api/services/button/press", {"entity_id": rest[0]})
        return {"ok": status == 200, "status": status}
    raise SystemExit(f"unknown command {command}")


print(json.dumps(main()))
