# The soak's clock (issue 42): `coach serve --test-clock-file PATH` (hidden, tests only) reads its
# boot and wall clocks as the real ones plus two offsets in that file (DrivenWorkoutClock in
# CoachCore). The driver moves them: hours of workout in seconds (both offsets), a wall-clock step
# of ±2 h (the wall offset alone, as NTP or a user would), a suspend (both, with the gateway
# stopped by SIGSTOP meanwhile, as a laptop's lid would stop it). The machine's clock is never touched.
import os
import signal
import time
from datetime import datetime


class DrivenClock:
    def __init__(self, path):
        self.path = path
        self.boot_ns = 0
        self.wall_ns = 0
        self.write()

    def write(self):
        temporary = self.path + ".new"
        with open(temporary, "w") as file:
            file.write(f"{self.boot_ns} {self.wall_ns}\n")
        os.replace(temporary, self.path)

    def advance(self, seconds):
        """Time passes: both clocks move (a workout's hour in a few seconds)."""
        self.boot_ns += int(seconds * 1e9)
        self.wall_ns += int(seconds * 1e9)
        self.write()

    def step_wall(self, seconds):
        """The wall clock is set (NTP, a user): only it moves, by ± seconds."""
        self.wall_ns += int(seconds * 1e9)
        self.write()

    def suspend(self, pid, seconds):
        """The machine sleeps: the gateway stops, both clocks (CLOCK_BOOTTIME counts suspend) move on."""
        os.kill(pid, signal.SIGSTOP)
        try:
            self.advance(seconds)
            time.sleep(0.2)
        finally:
            os.kill(pid, signal.SIGCONT)

    def boot_now(self):
        """What the gateway reads as its boot clock now, in seconds."""
        return time.clock_gettime(time.CLOCK_BOOTTIME) + self.boot_ns / 1e9


def span_seconds(start, end):
    """endDate − startDate of a workout row (stored as dates: numbers or ISO text)."""
    def seconds(value):
        if isinstance(value, (int, float)):
            return float(value)
        return datetime.fromisoformat(str(value).replace("Z", "+00:00").replace(" ", "T")).timestamp()
    return seconds(end) - seconds(start)
