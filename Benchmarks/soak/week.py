#!/usr/bin/env python3
# A week of use, compressed: one `coach serve` (real process, private socket, store on its own small
# tmpfs) through DAYS days of DAY_SECONDS each — two workouts a day (the first from a plan, by
# sentence) with heart-rate and power samples streamed over the socket with sync identifiers, an
# SSE client on /events, the gateway's tmux control client on a private tmux server, Home
# Assistant's broker (mosquitto) killed and restarted, the disk filled and freed, and the gateway
# kill -9'd once a day and started again as its systemd unit does (Restart=on-failure). Per day:
# the gateway's RSS, open descriptors and threads (just before the day's kill), the store's size,
# workouts saved, samples acknowledged and found. At the end it fails unless nothing acknowledged is
# lost, RSS and descriptors stay flat (last day ≤ first day + 10 %) and every saved workout's
# statistics equal those recomputed from its samples.
#
# Not covered (see Benchmarks/soak/README.md): the virtual clock (it is the REPL's, with no store
# and no socket), wall-clock steps and suspend (they would move the clock of the shared machine),
# and a mirror. Usage: week.py COACH_BINARY [--days N] [--day-seconds S] [--rate SAMPLES_A_SECOND]
import argparse
import faulthandler
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Gateway:
    """`coach serve`, restarted on failure as systemd's Restart=on-failure does (100 ms later)."""

    def __init__(self, binary, environment, log):
        self.binary, self.environment, self.log = binary, environment, log
        self.process = None
        self.restarts = 0
        self.stopping = False
        self.lock = threading.Lock()
        self.start()
        threading.Thread(target=self.supervise, daemon=True).start()

    def start(self):
        with self.lock:
            self.process = subprocess.Popen([self.binary, "serve", "--idle-exit", "never"], env=self.environment,
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
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


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


class Week:
    def __init__(self, binary, days, day_seconds, rate):
        self.binary, self.days, self.day_seconds, self.rate = binary, days, day_seconds, rate
        self.root = tempfile.mkdtemp(prefix="coach-soak-")
        self.data = self.root + "/data"
        os.makedirs(self.data)
        self.tmpfs = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", self.data],
                                    capture_output=True).returncode == 0
        for name in ("config/coach", "run", "state"):
            os.makedirs(f"{self.root}/{name}", mode=0o700, exist_ok=True)
        os.chmod(self.root + "/run", 0o700)
        self.mqtt_port, self.http_port = free_port(), free_port()
        with open(self.root + "/config/coach/config.yaml", "w") as settings:
            settings.write(f"mqtt:\n  url: mqtt://127.0.0.1:{self.mqtt_port}\nhttp:\n  listen: 127.0.0.1:{self.http_port}\n")
        self.environment = dict(os.environ, XDG_DATA_HOME=self.data, XDG_CONFIG_HOME=self.root + "/config",
                                XDG_RUNTIME_DIR=self.root + "/run", XDG_STATE_HOME=self.root + "/state",
                                SWIFT_BACKTRACE="interactive=no", HOME=self.root)
        self.socket_path = self.root + "/run/coach/coach.sock"
        self.store_path = self.data + "/coach/coach.sqlite"
        self.log = open(self.root + "/gateway.log", "w")
        self.acknowledged = set()
        self.saved = []
        self.days_figures = []
        self.events_seen = 0
        self.refused = 0
        self.stop = False
        self.tmux = f"coach-soak-{os.getpid()}"

    # -- the processes around the gateway

    def start_broker(self):
        self.broker = subprocess.Popen(["mosquitto", "-p", str(self.mqtt_port)], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)

    def sse_reader(self):
        """An SSE page: reads /events, and comes back when the stream ends (as the page's EventSource does)."""
        token_file = self.root + "/config/coach/http-token"
        while not self.stop:
            try:
                token = open(token_file).read().strip()
                with socket.create_connection(("127.0.0.1", self.http_port), timeout=30) as stream:
                    stream.sendall(f"GET /events?token={token} HTTP/1.1\r\nHost: soak\r\n\r\n".encode())
                    while not self.stop:
                        chunk = stream.recv(65536)
                        if not chunk:
                            break
                        self.events_seen += chunk.count(b"event: status")
            except OSError:
                pass
            time.sleep(1)

    def coach(self, *arguments):
        return subprocess.run([self.binary, *arguments], env=self.environment, capture_output=True, text=True, timeout=60)

    # -- a workout

    def workout(self, client, day, number, seconds):
        if number == 0:
            reply = client.call("say", {"text": "start my soak plan"})
        else:
            reply = client.call("start", {"activity": "cycling", "location": "indoor"})
        if result_code(reply) != "success":
            print(f"soak: day {day} workout {number}: start refused: {reply}", flush=True)
            return
        self.wait_running(client)
        pending = []
        index = 0
        end_at = time.monotonic() + seconds
        while time.monotonic() < end_at or pending:
            if time.monotonic() < end_at:
                for _ in range(max(1, round(self.rate / 10))):
                    index += 1
                    kind, value = ("heartRate", random.randint(90, 185)) if index % 2 else ("power", random.randint(80, 320))
                    pending.append((f"soak-{os.getpid()}-d{day}-w{number}-{index}", kind, value))
            replies = client.batch([("sample", {"type": kind, "value": value, "syncIdentifier": sid, "syncVersion": 1})
                                    for sid, kind, value in pending])
            still = []
            for (sid, kind, value), reply in zip(pending, replies):
                if reply is not None and "error" not in reply and result_code(reply) in (None, "success"):
                    self.acknowledged.add(sid)
                elif reply is not None and (reply.get("error") or {}).get("code") == -32602:
                    self.refused += 1  # a bad sample: refused for good, never to be sent again
                else:
                    still.append((sid, kind, value))
            if still and os.environ.get("COACH_SOAK_VERBOSE"):
                failed = [reply for (sid, _, _), reply in zip(pending, replies) if sid in {entry[0] for entry in still}]
                print(f"soak: {len(still)} samples not acknowledged: {json.dumps(failed[0])[:300]}", flush=True)
            pending = still
            if pending:
                time.sleep(0.3)  # the gateway is restarting or the disk is full: send again
            else:
                time.sleep(0.1)
        if os.environ.get("COACH_SOAK_VERBOSE"):
            print(f"soak: day {day} workout {number}: {index} samples sent, ending", flush=True)
        for _ in range(100):
            reply = client.call("end", {"save": True})
            if os.environ.get("COACH_SOAK_VERBOSE"):
                print(f"soak: end: {json.dumps(reply)[:300]}", flush=True)
            if result_code(reply) == "success":
                workout = (reply.get("result") or {}).get("workout") or {}
                self.saved.append(workout.get("id"))
                return
            if result_code(reply) in ("failureNoActiveWorkout",):
                return
            time.sleep(0.5)
        print(f"soak: day {day} workout {number}: end not acknowledged", flush=True)

    def wait_running(self, client):
        for _ in range(100):
            reply = client.call("status")
            if (reply.get("result") or {}).get("state") == "running":
                return
            time.sleep(0.2)

    # -- the day's troubles

    def troubles(self, day, gateway):
        """Runs beside the workouts: the broker killed and restarted, the disk filled and freed, the kill -9."""
        part = self.day_seconds / 6
        time.sleep(part)
        self.broker.kill()
        self.broker.wait()
        time.sleep(2)
        self.start_broker()
        time.sleep(part)
        if self.tmpfs:
            filler = self.data + "/filler"
            subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=1M"], capture_output=True)
            time.sleep(min(5, part))
            os.remove(filler)
        time.sleep(part)
        # Just before the kill: the gateway's size after most of a day.
        self.sample_process(gateway)
        gateway.kill9()

    def sample_process(self, gateway):
        pid = gateway.pid
        status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines() if ":" in line)
        self.process_figures = {
            "rss_kib": int(status["VmRSS"].split()[0]),
            "fds": len(os.listdir(f"/proc/{pid}/fd")),
            "threads": int(status["Threads"].strip()),
        }

    # -- checks

    def found(self):
        with sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True, timeout=30) as db:
            present = {row[0] for row in db.execute("SELECT syncIdentifier FROM sample WHERE syncIdentifier IS NOT NULL")}
            saved = db.execute("SELECT COUNT(*) FROM workout WHERE state = 'saved'").fetchone()[0]
        return present, saved

    def statistics_mismatches(self):
        mismatches = []
        self.statistics_checked = 0
        with sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True, timeout=30) as db:
            for workout_id, statistics in db.execute("SELECT id, statistics FROM workout WHERE state = 'saved'"):
                stored = json.loads(statistics or "{}")
                entries = stored.values() if isinstance(stored, dict) else stored
                for entry in entries:
                    if not isinstance(entry, dict) or entry.get("type") not in ("heartRate", "power"):
                        continue
                    values = [row[0] for row in db.execute("SELECT value FROM sample WHERE workoutId = ? AND type = ?",
                                                           (workout_id, entry["type"]))]
                    if not values:
                        continue
                    self.statistics_checked += 1
                    expected = {"count": len(values), "minimum": min(values), "maximum": max(values),
                                "average": sum(values) / len(values)}
                    for key, value in expected.items():
                        if entry.get(key) is None or abs(entry[key] - value) > 1e-6 * max(1, abs(value)):
                            mismatches.append(f"{workout_id} {entry['type']} {key}: stored {entry.get(key)}, recomputed {value}")
        return mismatches

    def run(self):
        started = time.monotonic()
        self.start_broker()
        subprocess.run(["tmux", "-L", self.tmux, "-f", "/dev/null", "new-session", "-d", "-s", "soak",
                        f"exec tail --pid={os.getpid()} -f /dev/null"], check=True)
        plan = self.root + "/soak.yaml"
        with open(plan, "w") as file:
            file.write("name: soak\nactivity: cycling\nblocks:\n  - repeat: 3\n    steps:\n      - work: 2min\n      - recovery: 1min\n")
        self.coach("plan", "add", plan)
        gateway = Gateway(self.binary, self.environment, self.log)
        try:
            client = Client(self.socket_path)
            client.connect()
            print(f"soak: {self.days} days of {self.day_seconds} s; store on {'a 64 MiB tmpfs' if self.tmpfs else 'the disk (no tmpfs: no disk-full)'}", flush=True)
            setup = self.coach("tmux", "setup", "-L", self.tmux)
            if setup.returncode != 0:
                print(f"soak: tmux setup failed: {setup.stderr.strip()}", flush=True)
            threading.Thread(target=self.sse_reader, daemon=True).start()
            print("day  rss_kib  fds  threads  store_kib  saved  acknowledged  found  restarts", flush=True)
            for day in range(1, self.days + 1):
                troubles = threading.Thread(target=self.troubles, args=(day, gateway))
                troubles.start()
                workout_seconds = self.day_seconds * 0.38
                for number in range(2):
                    self.workout(client, day, number, workout_seconds)
                troubles.join()
                # The gateway restarted after the kill: wait for it, then count.
                client.call("status")
                present, saved = self.found()
                store = sum(os.path.getsize(self.store_path + suffix) for suffix in ("", "-wal")
                            if os.path.exists(self.store_path + suffix))
                figures = dict(self.process_figures, day=day, store_kib=store // 1024, saved=saved,
                               acknowledged=len(self.acknowledged), found=len(self.acknowledged & present),
                               restarts=gateway.restarts)
                self.days_figures.append(figures)
                print("{day:>3}  {rss_kib:>7}  {fds:>3}  {threads:>7}  {store_kib:>9}  {saved:>5}  {acknowledged:>12}  {found:>5}  {restarts:>8}".format(**figures), flush=True)
        finally:
            self.stop = True
            gateway.stop()
            self.broker.kill()
            self.broker.wait()
            subprocess.run(["tmux", "-L", self.tmux, "kill-server"], capture_output=True)
        present, saved = self.found()
        lost = self.acknowledged - present
        first, last = self.days_figures[0], self.days_figures[-1]
        mismatches = self.statistics_mismatches()
        failures = []
        if lost:
            failures.append(f"{len(lost)} acknowledged samples lost, e.g. {sorted(lost)[:3]}")
        for key in ("rss_kib", "fds"):
            if last[key] > first[key] * 1.1:
                failures.append(f"{key} grew: day 1 {first[key]}, day {last['day']} {last[key]}")
        if saved and not self.statistics_checked:
            failures.append("no workout's statistics were checked")
        if mismatches:
            failures.append(f"{len(mismatches)} statistics differ from their samples, e.g. {mismatches[:3]}")
        if saved < len([w for w in self.saved if w]):
            failures.append(f"{len(self.saved)} ends acknowledged, {saved} workouts saved")
        print(f"soak: {len(self.acknowledged)} samples acknowledged, {len(lost)} lost; {saved} workouts saved "
              f"({len(self.saved)} ends acknowledged); {self.statistics_checked} statistics checked, {len(mismatches)} differ; "
              f"{self.refused} samples refused; {self.events_seen} SSE status events read; {gateway.restarts} restarts; {time.monotonic() - started:.0f} s", flush=True)
        for failure in failures:
            print(f"soak: FAILED: {failure}", flush=True)
        return 1 if failures else 0

    def cleanup(self):
        if self.tmpfs:
            # A process that has just been stopped may hold the mount a moment longer: try again,
            # then detach it lazily rather than leave it mounted (and the directory behind).
            for _ in range(20):
                if subprocess.run(["umount", self.data], capture_output=True).returncode == 0:
                    break
                time.sleep(0.25)
            else:
                subprocess.run(["umount", "-l", self.data], capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


def main():
    faulthandler.register(signal.SIGUSR1)
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--day-seconds", type=float, default=540)
    parser.add_argument("--rate", type=float, default=20, help="samples a second while a workout runs")
    arguments = parser.parse_args()
    week = Week(arguments.binary, arguments.days, arguments.day_seconds, arguments.rate)
    try:
        return week.run()
    finally:
        week.cleanup()


if __name__ == "__main__":
    sys.exit(main())
