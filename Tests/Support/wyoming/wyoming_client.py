"""Talks to `coach serve --wyoming` as Home Assistant does, with the wyoming package's own client.

Usage: wyoming_client.py HOST PORT. Prints one JSON object: what describe, recognize (en, ja, a
non-command) and transcript (en, ja, a non-command) answered, and what a malformed frame got
(an error event, then the connection closed) — and that a new connection still works after it.
"""
import asyncio
import json
import socket
import sys

from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.event import read_event
from wyoming.info import Describe, Info
from wyoming.intent import Recognize


async def ask(host, port, event):
    async with AsyncTcpClient(host, port) as client:
        await client.write_event(event.event())
        return await asyncio.wait_for(client.read_event(), 10)


async def main(host, port):
    out = {}
    info = Info.from_event(await ask(host, port, Describe()))
    out["intent_languages"] = info.intent[0].models[0].languages
    out["handle_languages"] = info.handle[0].models[0].languages
    for key, text in [("en", "start a 30 minute outdoor run"), ("ja", "ランニングを開始して"), ("none", "what a nice day")]:
        event = await ask(host, port, Recognize(text=text))
        out["recognize_" + key] = {"type": event.type, **event.data}
    for key, text, language in [("start", "start a run", "en"), ("pause_ja", "一時停止", "ja"), ("none", "what a nice day", "en")]:
        event = await ask(host, port, Transcript(text=text, language=language))
        out["transcript_" + key] = {"type": event.type, "text": event.data.get("text")}

    with socket.create_connection((host, port), timeout=10) as raw:
        raw.sendall(b"this is not wyoming\n")
        stream = raw.makefile("rb")
        event = read_event(stream)
        out["malformed"] = {"type": event.type if event else None, "code": event.data.get("code") if event else None,
                            "closed": stream.read() == b""}
    out["after"] = (await ask(host, port, Describe())).type
    print(json.dumps(out, ensure_ascii=False))


asyncio.run(main(sys.argv[1], int(sys.argv[2])))
