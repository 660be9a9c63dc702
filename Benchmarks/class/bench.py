#!/usr/bin/env python3
"""A class on one broker, measured (Benchmarks/class/README.md). Not a test: prints figures.

One throwaway mosquitto on a free loopback port. First the floor: RIDERS `mosquitto_pub -l`
clients (one persistent connection each, C, libmosquitto) publishing a timestamp at the same
staggered pace as the riders, read by one `mosquitto_sub` printing its own arrival time. Then
Coach: `coach class simulate` (RIDERS riders through Coach's bridge and encoder) read by
`coach class watch --json`, each change matched on the board by rider and published distance.
Both runs: change -> reader latency p50/p90/p99/max, and the broker's own message counters
($SYS, every second) as messages in and out per second. Ratio = Coach / floor.
"""
import argparse, json, os, re, shutil, socket, subprocess, sys, tempfile, threading, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    index = min(len(values) - 1, max(0, int(round(p / 100 * len(values) + 0.5)) - 1))
    return values[index]

def summary(values):
    return {"n": len(values), "p50": percentile(values, 50), "p90": percentile(values, 90),
            "p99": percentile(values, 99), "max": max(values) if values else float("nan")}

class SysCounters:
    """$SYS/broker/messages/{received,sent} as the broker counts them, sampled each second."""
    def __init__(self, port):
        self.samples = []  # (time, topic, value)
        self.proc = subprocess.Popen(["stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-v",
                                      "-t", "$SYS/broker/messages/received", "-t", "$SYS/broker/messages/sent"],
                                     stdout=subprocess.PIPE, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            topic, _, value = line.strip().partition(" ")
            if value.isdigit():
                self.samples.append((time.time(), topic.rsplit("/", 1)[-1], int(value)))

    def rate(self, start, end, which):
        points = [(t, v) for t, k, v in self.samples if k == which and start <= t <= end]
        if len(points) < 2:
            return float("nan")
        (t0, v0), (t1, v1) = points[0], points[-1]
        return (v1 - v0) / (t1 - t0) if t1 > t0 else float("nan")

    def stop(self):
        self.proc.terminate()
        self.proc.wait()

def floor_run(port, riders, interval, seconds):
    """mosquitto_pub -l per rider -> mosquitto_sub; payload = send time, %U = arrival time."""
    sub = subprocess.Popen(["stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p", str(port),
                            "-t", "bench/floor/+", "-F", "%U %p"], stdout=subprocess.PIPE, text=True)
    arrivals = []
    def read():
        for line in sub.stdout:
            parts = line.split()
            if len(parts) == 2:
                arrivals.append((float(parts[0]), float(parts[1])))
    threading.Thread(target=read, daemon=True).start()
    time.sleep(0.5)
    pubs = [subprocess.Popen(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(port), "-t", f"bench/floor/r{i:02d}", "-l", "-q", "0"],
                             stdin=subprocess.PIPE, text=True) for i in range(riders)]
    time.sleep(0.5)
    start = time.monotonic()
    wall_start = time.time()
    rounds = int(seconds / interval)
    for r in range(1, rounds + 1):
        for i, pub in enumerate(pubs):
            due = start + r * interval + interval * i / riders
            delay = due - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            pub.stdin.write(f"{time.time():.6f}\n")
            pub.stdin.flush()
    wall_end = time.time()
    time.sleep(1)
    for pub in pubs:
        pub.stdin.close()
        pub.wait()
    sub.terminate()
    sub.wait()
    return [arrived - sent for arrived, sent in arrivals], (wall_start, wall_end), rounds * riders

def coach_run(coach, port, riders, interval, seconds, workdir):
    url = f"mqtt://127.0.0.1:{port}"
    env = dict(os.environ, XDG_CONFIG_HOME=workdir, XDG_DATA_HOME=workdir, XDG_STATE_HOME=workdir, XDG_RUNTIME_DIR=workdir)
    board_out = open(os.path.join(workdir, "board.jsonl"), "w")
    board = subprocess.Popen([coach, "class", "watch", "bench", "--mqtt", url, "--json"], stdout=board_out, env=env)
    time.sleep(0.5)
    sim_out = open(os.path.join(workdir, "simulate.jsonl"), "w")
    sim = subprocess.Popen([coach, "class", "simulate", "bench", "--riders", str(riders), "--interval", f"{interval}s",
                            "--mqtt", url, "--json", "--duration", f"{int(seconds)}s"], stdout=sim_out, env=env)
    wall_start = time.time()
    sim.wait()
    wall_end = time.time()
    time.sleep(1)
    board.terminate()
    board.wait()
    board_out.close()
    sim_out.close()
    heard = {}
    for line in open(board_out.name):
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if "distance" in row and "heard" in row:
            heard.setdefault((row["rider"], json.dumps(row["distance"])), row["heard"])
    latencies, changes = [], 0
    for line in open(sim_out.name):
        try:
            row = json.loads(line)
        except ValueError:
            continue
        changes += 1
        key = (row["rider"], json.dumps(row["distance"]))
        if key in heard:
            latencies.append(heard[key] - row["changed"])
    # The broker's rate over the riders' own changes (not the start-up, nor the goodbyes after).
    times = [json.loads(line)["changed"] for line in open(sim_out.name) if line.startswith("{")]
    window = (min(times) + 1, max(times)) if times else (wall_start, wall_end)
    return latencies, window, changes

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coach", default=None, help="the coach binary (default: .build/release/coach, else .build/debug/coach)")
    parser.add_argument("--riders", type=int, default=30)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between one rider's changes (0.1 or more)")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    coach = args.coach or next((p for p in (os.path.join(root, ".build/release/coach"), os.path.join(root, ".build/debug/coach"))
                                if os.path.exists(p)), None)
    if not coach or not all(shutil.which(p) for p in ("mosquitto", "mosquitto_pub", "mosquitto_sub", "stdbuf")):
        sys.exit("needs a built coach (--coach PATH) and Debian's mosquitto and mosquitto-clients")
    workdir = tempfile.mkdtemp(prefix="coach-class-bench-")
    port = free_port()
    conf = os.path.join(workdir, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nsys_interval 1\n")
    broker = subprocess.Popen(["mosquitto", "-c", conf], stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.time() > deadline:
                    sys.exit("mosquitto did not listen")
                time.sleep(0.05)
        counters = SysCounters(port)
        load = os.getloadavg()
        print(f"== class benchmark: {args.riders} riders, a change each {args.interval} s per rider, {args.seconds:.0f} s per run")
        print(f"   coach: {coach}; mosquitto {subprocess.run(['mosquitto', '-h'], capture_output=True, text=True).stdout.split()[2]}; "
              f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        floor, floor_window, floor_sent = floor_run(port, args.riders, args.interval, args.seconds)
        floor_in = counters.rate(*floor_window, "received")
        floor_out = counters.rate(*floor_window, "sent")
        ours, our_window, our_changes = coach_run(coach, port, args.riders, args.interval, args.seconds, workdir)
        our_in = counters.rate(*our_window, "received")
        our_out = counters.rate(*our_window, "sent")
        counters.stop()
        f, c = summary(floor), summary(ours)
        ms = lambda v: f"{v * 1000:8.2f}"
        print(f"{'change -> reader (ms)':34} {'n':>6} {'p50':>8} {'p90':>8} {'p99':>8} {'max':>8}   broker msgs/s in / out")
        print(f"{'floor: mosquitto_pub -l -> _sub':34} {f['n']:6} {ms(f['p50'])} {ms(f['p90'])} {ms(f['p99'])} {ms(f['max'])}"
              f"   {floor_in:7.1f} / {floor_out:7.1f}   ({floor_sent} sent)")
        print(f"{'coach: simulate -> class watch':34} {c['n']:6} {ms(c['p50'])} {ms(c['p90'])} {ms(c['p99'])} {ms(c['max'])}"
              f"   {our_in:7.1f} / {our_out:7.1f}   ({our_changes} changes)")
        ratio = lambda a, b: a / b if b > 0 else float("nan")
        print(f"ratio coach / floor: p50 {ratio(c['p50'], f['p50']):.1f}x, p99 {ratio(c['p99'], f['p99']):.1f}x")
    finally:
        broker.terminate()
        broker.wait()
        shutil.rmtree(workdir, ignore_errors=True)

if __name__ == "__main__":
    main()
