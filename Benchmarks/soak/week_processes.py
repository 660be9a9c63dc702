# The soak's processes (Benchmarks/soak/week.py): the gateway under a systemd-like supervisor, and
# a JSON-RPC client of its socket that reconnects when the gateway went away.
import json
import os
import signal
import socket
import subprocess
import threading
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Gateway:
    """`coach serve`, restarted on failure as systemd's Restart=on-failure does (100 ms later)."""

    def __init__(self, binary, environment, log, clock_file):
        self.binary, self.environment, self.log, self.clock_file = binary, environment, log, clock_file
        self.process = None
        self.restarts = 0
        self.stopping = False
        self.lock = threading.Lock()
        self.start()
        threading.Thread(target=self.supervise, daemon=True).start()

    def start(self):
        with self.lock:
            self.process = subprocess.Popen([self.binary, "serve", "--idle-exit", "never",
                                             "--test-clock-file", self.clock_file], env=self.environment,
                                            stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)

    def supervise(self):
        while not self.stopping:
            status = self.process.wait()
            if self.stopping or status == 0:
                return
            time.sleep(0.1)
            self.restarts += 1
            self.start()

    @property
    def pid(self):
        return self.process.pid

    def kill9(self):
        os.kill(self.process.pid, signal.SIGKILL)

    def stop(self):
        self.stopping = True
        stop_process(self.process)


def stop_process(process):
    """SIGTERM, then SIGKILL if it has not gone within 10 s; waits for it either way."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Client:
    """JSON-RPC lines over the gateway's socket; reconnects when the gateway went away."""

    def __init__(self, path):
        self.path = path
        self.sock = None
        self.buffer = b""
        self.next_id = 0

    def connect(self, deadline=30):
        end = time.monotonic() + deadline
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.settimeout(20)
                self.sock.connect(self.path)
                self.buffer = b""
                return
            except OSError:
                self.sock.close()
                self.sock = None
                if time.monotonic() > end:
                    raise
                time.sleep(0.2)

    def batch(self, calls):
        """Sends every (method, params) pipelined; returns the replies in order (None: no reply)."""
        if self.sock is None:
            self.connect()
        ids = []
        lines = []
        for method, params in calls:
            self.next_id += 1
            ids.append(self.next_id)
            lines.append(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        replies = {}
        try:
            self.sock.sendall(("\n".join(lines) + "\n").encode())
            while len(replies) < len(ids):
                while b"\n" not in self.buffer:
                    chunk = self.sock.recv(65536)
                    if not chunk:
                        raise ConnectionError("closed")
                    self.buffer += chunk
                line, self.buffer = self.buffer.split(b"\n", 1)
                message = json.loads(line)
                if "id" in message:
                    replies[message["id"]] = message
        except (OSError, ConnectionError, ValueError):
            self.sock.close()
            self.sock = None
        return [replies.get(i) for i in ids]

    def call(self, method, params=None):
        for _ in range(100):
            reply = self.batch([(method, params or {})])[0]
            if reply is not None:
                return reply
            time.sleep(0.3)
        raise RuntimeError(f"no reply to {method}")


def result_code(reply):
    return (reply or {}).get("result", {}).get("code") if isinstance((reply or {}).get("result"), dict) else None
