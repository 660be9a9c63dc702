# The soak's mirror (issue 42): a second `coach serve` with its own XDG directories (its store on
# the disk), mirroring the soak's gateway over its Unix socket (`coach mirror start unix:PATH`,
# docs/mirroring.md). Each day the link is started and dropped (`coach mirror stop`, or the
# primary's `coach mirror drop`), and the mirror gateway is kill -9'd and started again once; the
# primary's own daily kill -9 drops the link too. The mirror is another machine: its clock is the
# real one, not the primary's driven clock. At the end the mirror catches up and its copies
# of the saved workouts (rows, samples by sync identifier) must equal the primary's.
import os
import socket
import sqlite3
import subprocess
import time

from week_processes import stop_process


class Mirror:
    def __init__(self, binary, root, primary_socket, log):
        self.binary, self.root, self.primary_socket, self.log = binary, root, primary_socket, log
        for name in ("data", "config/coach", "run", "state"):
            os.makedirs(f"{root}/{name}", mode=0o700, exist_ok=True)
        os.chmod(root + "/run", 0o700)
        self.environment = dict(os.environ, XDG_DATA_HOME=root + "/data", XDG_CONFIG_HOME=root + "/config",
                                XDG_RUNTIME_DIR=root + "/run", XDG_STATE_HOME=root + "/state",
                                SWIFT_BACKTRACE="interactive=no", HOME=root)
        self.store_path = root + "/data/coach/coach.sqlite"
        self.socket_path = root + "/run/coach/coach.sock"
        self.process = None
        self.links = 0
        self.drops = 0
        self.kills = 0
        self.start()

    def start(self):
        self.process = subprocess.Popen([self.binary, "serve", "--idle-exit", "never"],
                                        env=self.environment, stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL)
        # Probed with a bare connect: a one-shot command finding the stale socket a kill -9 left
        # would start a gateway of its own there (--idle-exit 10m), which would then be the mirror.
        for _ in range(150):
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(self.socket_path)
                return
            except OSError:
                time.sleep(0.2)
            finally:
                probe.close()

    def coach(self, *arguments, environment=None):
        return subprocess.run([self.binary, *arguments], env=environment or self.environment, capture_output=True,
                              text=True, timeout=60)

    def connect(self):
        reply = self.coach("mirror", "start", "unix:" + self.primary_socket)
        if reply.returncode == 0:
            self.links += 1
        return reply

    def wait_live(self, seconds=30):
        """Until the link is up again (after the primary's kill -9 it reconnects with backoff)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if '"state":"live"' in self.coach("mirror", "status", "--json").stdout.replace(" ", ""):
                return True
            time.sleep(0.5)
        return False

    def drop(self, primary_environment, by_primary):
        """The link goes: the mirror stops it, or the primary drops the mirror."""
        self.wait_live()
        if by_primary:
            reply = self.coach("mirror", "drop", os.uname().nodename, "--reason", "soak", environment=primary_environment)
        else:
            reply = self.coach("mirror", "stop")
        if reply.returncode == 0:
            self.drops += 1
        return reply

    def kill9(self):
        self.process.kill()
        self.process.wait()
        self.kills += 1
        time.sleep(0.1)
        self.start()

    def stop(self):
        stop_process(self.process)

    @staticmethod
    def copies(path):
        """Saved workouts as {id: (elapsed, statistics, sorted [(syncIdentifier, value)])}: samples
        without an identifier (energy the gateway generated) are compared by value."""
        if not os.path.exists(path):
            return {}
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30) as db:
            workouts = {row[0]: (round(row[1] or 0, 3), row[2], []) for row in
                        db.execute("SELECT id, elapsed, statistics FROM workout WHERE state = 'saved'")}
            for workout_id, sync_id, value in db.execute("SELECT workoutId, syncIdentifier, value FROM sample"):
                if workout_id in workouts:
                    workouts[workout_id][2].append((sync_id or "", value))
        for _, _, samples in workouts.values():
            samples.sort()
        return workouts

    def catch_up(self, primary_store, seconds=120):
        """Mirrors once more and waits until its copies equal the primary's; returns the differences."""
        self.connect()
        expected = self.copies(primary_store)
        differences = ["not compared"]
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            found = self.copies(self.store_path)
            differences = [f"{workout_id}: {'missing' if workout_id not in found else 'differs'}"
                           for workout_id in expected if found.get(workout_id) != expected[workout_id]]
            differences += [f"{workout_id}: extra" for workout_id in found if workout_id not in expected]
            if not differences:
                break
            time.sleep(1)
        return len(expected), differences
