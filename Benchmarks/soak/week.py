#!/usr/bin/env python3
# A week of use, compressed: one `coach serve` (real process, private socket, store on its own small
# tmpfs) through DAYS days of DAY_SECONDS each, on a clock the driver moves (`--test-clock-file`,
# week_clock.py): two workouts of an hour a day (the first from a plan, by sentence) with
# heart-rate and power samples streamed over the socket with sync identifiers, the wall clock set
# 2 h ahead in the first and 2 h back in the second, an 8 h suspend (SIGSTOP, both clocks moved)
# while the second is paused; an SSE client on /events, the gateway's tmux control client on a
# private tmux server, Home Assistant's broker (mosquitto) killed and restarted, the disk filled
# and freed, a mirror gateway linked and dropped (week_mirror.py), and the gateway kill -9'd once
# a day and started again as its systemd unit does (Restart=on-failure). Per day: the gateway's
# RSS, open descriptors and threads (just before the day's kill), the store's size, workouts saved,
# samples acknowledged and found. At the end it fails unless nothing acknowledged is lost, RSS and
# descriptors stay flat (last day ≤ first day + 10 %), every saved workout's statistics equal those
# recomputed from its samples, every workout's elapsed time is the driven clock's (pauses and the
# suspend out, the wall-clock steps not in it), and the mirror's copies equal the store.
#
# Not covered: Benchmarks/soak/README.md. Usage: week.py COACH_BINARY [--days N] [--day-seconds S] [--rate SAMPLES_A_SECOND]
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

from week_clock import DrivenClock, span_seconds
from week_mirror import Mirror
from week_processes import Client, Gateway, free_port, result_code

WORKOUT_HOURS = 1     # each workout, on the driven clock
SUSPEND_HOURS = 8     # the day's suspend, during the second workout's pause
STEP_HOURS = 2        # the wall clock set ahead in the first workout, back in the second


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
        self.clock = DrivenClock(self.root + "/clock")
        self.expected_elapsed = {}
        self.steps = 0
        self.suspends = 0

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

    # -- a workout: an hour on the driven clock, in `seconds` of real time

    def send(self, client, pending):
        """Sends the pending samples once; returns those not acknowledged (to send again)."""
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
        return still

    def workout(self, client, day, number, seconds, gateway):
        if number == 0:
            reply = client.call("say", {"text": "start my soak plan"})
        else:
            reply = client.call("start", {"activity": "cycling", "location": "indoor"})
        if result_code(reply) != "success":
            print(f"soak: day {day} workout {number}: start refused: {reply}", flush=True)
            return
        status = self.wait_running(client)
        # Where the gateway's elapsed time began on its boot clock; pauses are taken out below.
        began = self.clock.boot_now() - float(status.get("elapsed") or 0)
        paused = 0.0
        # The day's troubles at fixed points of the workout: the first gets the wall clock set 2 h
        # ahead, the second 2 h back and an 8 h suspend while paused; the day's kill -9 comes
        # after the step, in the first workout on odd days and in the second on even days. The
        # clock moves with real time, an hour in `seconds`, so a loaded machine sends fewer
        # batches rather than taking longer.
        troubles = [(0.4, "step")] if number == 0 else [(0.3, "step"), (0.5, "suspend")]
        if (day % 2 == 1) == (number == 0):
            troubles.append((0.7, "kill"))
        total = WORKOUT_HOURS * 3600
        real_start = time.monotonic()
        moved = 0.0
        pending = []
        index = 0
        while moved < total:
            for _ in range(max(1, round(self.rate / 10))):
                index += 1
                kind, value = ("heartRate", random.randint(90, 185)) if index % 2 else ("power", random.randint(80, 320))
                pending.append((f"soak-{os.getpid()}-d{day}-w{number}-{index}", kind, value))
            pending = self.send(client, pending)
            time.sleep(0.3 if pending else 0.1)  # not acknowledged: the gateway is restarting or the disk is full
            progress = min(1.0, (time.monotonic() - real_start) / seconds)
            self.clock.advance(progress * total - moved)
            moved = progress * total
            while troubles and troubles[0][0] <= progress:
                _, trouble = troubles.pop(0)
                if trouble == "step":
                    self.clock.step_wall(STEP_HOURS * 3600 if number == 0 else -STEP_HOURS * 3600)
                    self.steps += 1
                elif trouble == "suspend":
                    client.call("pause")
                    pause_began = self.clock.boot_now()
                    self.clock.suspend(gateway.pid, SUSPEND_HOURS * 3600)
                    self.suspends += 1
                    client.call("resume")
                    paused += self.clock.boot_now() - pause_began
                else:
                    self.sample_process(gateway)  # the gateway's size after most of a day
                    gateway.kill9()
        while pending:
            time.sleep(0.3)
            pending = self.send(client, pending)
        for _ in range(100):
            reply = client.call("end", {"save": True})
            if result_code(reply) == "success":
                workout = (reply.get("result") or {}).get("workout") or {}
                self.saved.append(workout.get("id"))
                self.expected_elapsed[workout.get("id")] = self.clock.boot_now() - began - paused
                return
            if result_code(reply) in ("failureNoActiveWorkout",):
                return
            time.sleep(0.5)
        print(f"soak: day {day} workout {number}: end not acknowledged", flush=True)

    def wait_running(self, client):
        for _ in range(100):
            result = client.call("status").get("result") or {}
            if result.get("state") == "running":
                return result
            time.sleep(0.2)
        return {}

    # -- the day's troubles

    def troubles(self, day):
        """Runs beside the workouts: the broker killed and restarted, the disk filled and freed, the
        mirror linked and dropped (the gateway's kill -9 and the clock's troubles are in `workout`)."""
        part = self.day_seconds / 6
        reply = self.mirror.connect()
        if reply.returncode != 0:
            print(f"soak: mirror start: {reply.stdout.strip()} {reply.stderr.strip()}", flush=True)
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
        if day % 2:
            self.mirror.kill9()  # it mirrors again by itself (the target is remembered)
        time.sleep(part)
        reply = self.mirror.drop(self.environment, by_primary=day % 2 == 0)
        if reply.returncode != 0:
            print(f"soak: day {day}: mirror {'drop' if day % 2 == 0 else 'stop'}: {reply.stdout.strip()} {reply.stderr.strip()}"[:300], flush=True)

    def sample_process(self, gateway):
        pid = gateway.pid
        status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines() if ":" in line)
        self.process_figures = {
            "rss_kib": int(status["VmRSS"].split()[0]),
            "anon_kib": int(status["RssAnon"].split()[0]),  # the heap: RSS less the libraries' shared pages
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

    def durations(self):
        """Each saved workout's stored elapsed time beside the driven clock's, and end − start."""
        rows = []
        with sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True, timeout=30) as db:
            for workout_id, elapsed, start, end in db.execute("SELECT id, elapsed, startDate, endDate FROM workout WHERE state = 'saved'"):
                if workout_id in self.expected_elapsed:
                    rows.append({"id": workout_id, "elapsed": elapsed, "expected": self.expected_elapsed[workout_id],
                                 "span": span_seconds(start, end)})
        return rows

    def run(self):
        started = time.monotonic()
        self.start_broker()
        subprocess.run(["tmux", "-L", self.tmux, "-f", "/dev/null", "new-session", "-d", "-s", "soak",
                        f"exec tail --pid={os.getpid()} -f /dev/null"], check=True)
        self.tmux_pid = int(subprocess.run(["tmux", "-L", self.tmux, "display-message", "-p", "#{pid}"],
                                           capture_output=True, text=True).stdout.strip() or 0)
        plan = self.root + "/soak.yaml"
        with open(plan, "w") as file:
            file.write("name: soak\nactivity: cycling\nblocks:\n  - repeat: 3\n    steps:\n      - work: 2min\n      - recovery: 1min\n")
        self.coach("plan", "add", plan)
        gateway = Gateway(self.binary, self.environment, self.log, self.clock.path)
        self.mirror = Mirror(self.binary, self.root + "/mirror", self.socket_path, self.log)
        try:
            client = Client(self.socket_path)
            client.connect()
            print(f"soak: {self.days} days of {self.day_seconds} s; store on {'a 64 MiB tmpfs' if self.tmpfs else 'the disk (no tmpfs: no disk-full)'}", flush=True)
            setup = self.coach("tmux", "setup", "-L", self.tmux)
            if setup.returncode != 0:
                print(f"soak: tmux setup failed: {setup.stderr.strip()}", flush=True)
            threading.Thread(target=self.sse_reader, daemon=True).start()
            print("day  rss_kib  anon_kib  fds  threads  store_kib  saved  acknowledged  found  restarts", flush=True)
            for day in range(1, self.days + 1):
                day_began = self.clock.boot_now()
                troubles = threading.Thread(target=self.troubles, args=(day,))
                troubles.start()
                workout_seconds = self.day_seconds * 0.38
                for number in range(2):
                    self.workout(client, day, number, workout_seconds, gateway)
                troubles.join()
                self.clock.advance(max(0, day_began + 24 * 3600 - self.clock.boot_now()))  # the night
                # The gateway restarted after the kill: wait for it, then count.
                client.call("status")
                present, saved = self.found()
                store = sum(os.path.getsize(self.store_path + suffix) for suffix in ("", "-wal")
                            if os.path.exists(self.store_path + suffix))
                figures = dict(self.process_figures, day=day, store_kib=store // 1024, saved=saved,
                               acknowledged=len(self.acknowledged), found=len(self.acknowledged & present),
                               restarts=gateway.restarts)
                self.days_figures.append(figures)
                print("{day:>3}  {rss_kib:>7}  {anon_kib:>8}  {fds:>3}  {threads:>7}  {store_kib:>9}  {saved:>5}  {acknowledged:>12}  {found:>5}  {restarts:>8}".format(**figures), flush=True)
            mirrored, mirror_differences = self.mirror.catch_up(self.store_path)
        finally:
            self.stop = True
            self.mirror.stop()
            gateway.stop()
            self.broker.kill()
            self.broker.wait()
            subprocess.run(["tmux", "-L", self.tmux, "kill-server"], capture_output=True)
            self.stop_tmux_server()
        present, saved = self.found()
        lost = self.acknowledged - present
        # The kill alternates between the first workout (odd days) and the second (even days), so
        # a day's figures are of a process half a day old on odd days and a day and a half on even
        # days: the last day is compared with the first day of its parity.
        first, last = self.days_figures[(len(self.days_figures) - 1) % 2], self.days_figures[-1]
        mismatches = self.statistics_mismatches()
        failures = []
        durations = self.durations()
        if any(abs(d["elapsed"] - d["expected"]) > 5 for d in durations):
            failures.append("elapsed times differ from the clock's: " + "; ".join(
                f"{d['id']}: {d['elapsed']:.0f} s stored, {d['expected']:.0f} s expected" for d in durations
                if abs(d["elapsed"] - d["expected"]) > 5)[:600])
        if not durations:
            failures.append("no workout's elapsed time was checked")
        if mirror_differences:
            failures.append(f"the mirror's copies differ from the store ({mirrored} workouts): {mirror_differences[:5]}")
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
        spans = [d["span"] - d["elapsed"] for d in durations]
        print(f"soak: clock: {self.steps} wall-clock steps of ±{STEP_HOURS} h, {self.suspends} suspends of {SUSPEND_HOURS} h (paused); "
              f"{len(durations)} elapsed times checked, largest difference {max((abs(d['elapsed'] - d['expected']) for d in durations), default=0):.1f} s; "
              f"end − start − elapsed: {min(spans, default=0) / 3600:+.2f} h to {max(spans, default=0) / 3600:+.2f} h; "
              f"negative spans: {sum(1 for d in durations if d['span'] < 0)}", flush=True)
        print(f"soak: mirror: {self.mirror.links} links, {self.mirror.drops} drops, {self.mirror.kills} kills; "
              f"{mirrored} workouts compared, {len(mirror_differences)} differ", flush=True)
        for failure in failures:
            print(f"soak: FAILED: {failure}", flush=True)
        return 1 if failures else 0

    def stop_tmux_server(self):
        """A server that stopped answering ignores kill-server (seen once in ~6 runs): by its pid."""
        for _ in range(50):
            try:
                if not self.tmux_pid or " Z " in open(f"/proc/{self.tmux_pid}/stat").read():
                    return
            except OSError:
                return  # gone
            time.sleep(0.1)
        print(f"soak: the tmux server {self.tmux_pid} outlived kill-server by 5 s; stopping it by its pid", flush=True)
        subprocess.run(["kill", str(self.tmux_pid)], capture_output=True)  # it may be gone by now

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
