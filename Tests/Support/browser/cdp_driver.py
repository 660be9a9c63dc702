#!/usr/bin/env python3
"""A headless Chromium for tests, driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
fd 3 in, fd 4 out, NUL-separated JSON), with nothing but the standard library.

The test writes one JSON command per line on stdin and reads one JSON reply per line on stdout:
  {"cmd":"open","url":…,"width":800,"height":600,"transparent":false}
  {"cmd":"eval","js":EXPR}                     → {"ok":true,"value":…}
  {"cmd":"wait","js":EXPR,"timeout":S}         → polls until EXPR is truthy: {"ok":…,"value":…,"waited_ms":…}
  {"cmd":"screenshot","path":P,"probes":[{"name":N,"selector":CSS | "rect":[x,y,w,h],"near":"#rrggbb"}]}
        → saves the PNG and, per probe, {"total","near","transparent"}: pixels in the box, pixels within a
          small distance of the colour, fully transparent pixels (decoded here: zlib + PNG filters)
  {"cmd":"quit"}
Every wait is bounded, and the whole run is too (--lifetime): the browser never outlives the test.
"""
import base64, json, os, select, signal, struct, subprocess, sys, tempfile, threading, time, zlib


class Browser:
    def __init__(self, chromium, log_path, lifetime):
        self.profile = tempfile.mkdtemp(prefix="coach-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def wire():
            # fd 3: what Chromium reads; fd 4: what it writes. Via high numbers so neither clobbers the other.
            os.dup2(to_chrome_r, 100); os.dup2(from_chrome_w, 101)
            os.dup2(100, 3); os.dup2(101, 4)
            os.setsid()

        log = open(log_path, "ab")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile, "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
             "--disable-features=Translate,MediaRouter", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(3, 4), preexec_fn=wire)
        os.close(to_chrome_r); os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        timer = threading.Timer(lifetime, self.kill)
        timer.daemon = True
        timer.start()

    def kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass

    def call(self, method, params=None, session=True, timeout=20):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{method}: no answer in {timeout} s")
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if ready:
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe (it exited; see its log)")
                self.buffer += chunk

    def open(self, url, width, height, transparent):
        # The first call waits for Chromium to start, which takes seconds on a loaded machine.
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False, timeout=60)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        if transparent:
            self.call("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
        self.call("Page.navigate", {"url": url})
        return self.wait("document.readyState === 'complete'", 20)

    def eval(self, js):
        result = self.call("Runtime.evaluate", {"expression": js, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("script error: " + json.dumps(result["exceptionDetails"])[:500])
        return result.get("result", {}).get("value")

    def wait(self, js, timeout):
        start = time.monotonic()
        value = None
        while True:
            value = self.eval(js)
            waited = int((time.monotonic() - start) * 1000)
            if value:
                return {"ok": True, "value": value, "waited_ms": waited}
            if time.monotonic() - start > timeout:
                return {"ok": False, "error": f"not true within {timeout} s: {js}", "value": value, "waited_ms": waited}
            time.sleep(0.02)

    def screenshot(self, path, probes):
        data = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"])
        with open(path, "wb") as f:
            f.write(data)
        width, height, pixels = decode_png(data)
        results = {}
        for probe in probes:
            if "selector" in probe:
                rect = self.eval("(() => { const e = document.querySelector(%s); if (!e) return null; const r = e.getBoundingClientRect();"
                                 " return [r.x, r.y, r.width, r.height]; })()" % json.dumps(probe["selector"]))
                if rect is None:
                    results[probe["name"]] = {"total": 0, "near": 0, "transparent": 0, "missing": True}
                    continue
            else:
                rect = probe["rect"]
            x0, y0 = max(0, int(rect[0])), max(0, int(rect[1]))
            x1, y1 = min(width, int(rect[0] + rect[2])), min(height, int(rect[1] + rect[3]))
            target = probe.get("near", "#000000")
            tr, tg, tb = int(target[1:3], 16), int(target[3:5], 16), int(target[5:7], 16)
            total = near = transparent = 0
            for y in range(y0, y1):
                row = pixels[y]
                for x in range(x0, x1):
                    r, g, b, a = row[x]
                    total += 1
                    if a == 0:
                        transparent += 1
                    elif a == 255 and abs(r - tr) + abs(g - tg) + abs(b - tb) <= 60:
                        near += 1
            results[probe["name"]] = {"total": total, "near": near, "transparent": transparent, "rect": [x0, y0, x1 - x0, y1 - y0]}
        return {"ok": True, "value": results, "size": [width, height]}

    def quit(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            self.process.wait()
        subprocess.run(["rm", "-rf", self.profile])


def decode_png(data):
    """8-bit RGB or RGBA, not interlaced (what Chromium writes): rows of (r, g, b, a)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG: depth {depth} colour {colour}"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            upleft = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
        rows.append([tuple(line[x:x + channels]) + ((255,) if channels == 3 else ()) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def main():
    chromium, log_path, lifetime = sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 180
    browser = Browser(chromium, log_path, lifetime)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            kind = command["cmd"]
            if kind == "quit":
                break
            if kind == "open":
                reply = browser.open(command["url"], command.get("width", 800), command.get("height", 600), command.get("transparent", False))
            elif kind == "eval":
                reply = {"ok": True, "value": browser.eval(command["js"])}
            elif kind == "wait":
                reply = browser.wait(command["js"], command.get("timeout", 5))
            elif kind == "screenshot":
                reply = browser.screenshot(command["path"], command.get("probes", []))
            else:
                reply = {"ok": False, "error": "unknown command " + kind}
        except Exception as error:  # the test reads the reason; the browser stays up for the next command
            reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    browser.quit()
    print(json.dumps({"ok": True, "value": "bye"}), flush=True)


if __name__ == "__main__":
    main()
