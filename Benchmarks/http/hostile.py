"""Hostile clients against the page (or the Wyoming port), and the polite client that measures.

Run by hostile.sh, in separate processes so that the attack's own work never delays the client's:
`attack` opens TRICKLE connections that send a request head a byte every few seconds, SILENT ones
that connect and say nothing, and (HTTP) STREAMS event streams that are never read; each one the
server closes comes back after --reconnect seconds, so the attack never lets up; on SIGTERM it
prints its churn as JSON. `poll` asks /status (Wyoming: describe) every 100 ms on a new connection
for --seconds and prints its latencies, failures and the gateway's RSS as JSON.
"""
import argparse
import asyncio
import json
import random
import signal
import socket
import time


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Attack:
    def __init__(self, args):
        self.args = args
        self.connects = 0
        self.closed_by_server = 0
        self.open = 0
        self.stopping = False
        self.tasks = []

    async def connection(self, kind, index):
        head = (f"GET /status?token=x{index} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n" * 40).encode()
        if self.args.mode == "wyoming":
            head = (b'{"type":"describe","data":{"filler":"' + b"x" * 4000 + b'"}}\n')
        await asyncio.sleep(random.random() * 2)  # the crowd arrives over two seconds
        while not self.stopping:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.args.port)
            except OSError:
                await asyncio.sleep(self.args.reconnect)
                continue
            self.connects += 1
            self.open += 1
            try:
                sock = writer.get_extra_info("socket")
                if kind == "stream":
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                    writer.write(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {self.args.token}\r\n\r\n".encode())
                    await writer.drain()
                    # Never read: wait for the server to give up on it.
                    while not self.stopping:
                        await asyncio.sleep(1)
                        if writer.is_closing() or reader.at_eof():
                            break
                        if sock.fileno() < 0:
                            break
                        try:
                            # A peek that reads nothing: has the server closed it?
                            if sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                                break
                        except BlockingIOError:
                            pass
                elif kind == "trickle":
                    sent = 0
                    while not self.stopping and sent < len(head):
                        writer.write(head[sent:sent + 1])
                        await writer.drain()
                        sent += 1
                        try:
                            if await asyncio.wait_for(reader.read(1), timeout=self.args.trickle) == b"":
                                break
                        except asyncio.TimeoutError:
                            pass
                else:  # silent
                    while not self.stopping:
                        try:
                            if await asyncio.wait_for(reader.read(1), timeout=1) == b"":
                                break
                        except asyncio.TimeoutError:
                            pass
                if not self.stopping:
                    self.closed_by_server += 1
            except (OSError, ConnectionError):
                if not self.stopping:
                    self.closed_by_server += 1
            finally:
                self.open -= 1
                writer.close()
            await asyncio.sleep(self.args.reconnect)

    def start(self):
        kinds = ["trickle"] * self.args.trickle_count + ["silent"] * self.args.silent_count
        if self.args.mode == "http":
            kinds += ["stream"] * self.args.streams
        self.tasks = [asyncio.ensure_future(self.connection(kind, i)) for i, kind in enumerate(kinds)]

    async def stop(self):
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def ask(args):
    """One polite request on a new connection: seconds taken, or None on any failure."""
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", args.port), timeout=2)
        try:
            if args.mode == "http":
                writer.write(f"GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {args.token}\r\nConnection: close\r\n\r\n".encode())
                await writer.drain()
                body = await asyncio.wait_for(reader.read(-1), timeout=2)
                ok = body.startswith(b"HTTP/1.1 200") and b'"phase"' in body
            else:
                writer.write(b'{"type":"describe"}\n')
                await writer.drain()
                line = await asyncio.wait_for(reader.readline(), timeout=2)
                header = json.loads(line)
                if header.get("data_length"):
                    await asyncio.wait_for(reader.readexactly(header["data_length"]), timeout=2)
                ok = header.get("type") == "info"
        finally:
            writer.close()
        return time.perf_counter() - started if ok else None
    except (OSError, ConnectionError, asyncio.TimeoutError, ValueError, asyncio.IncompleteReadError):
        return None


async def poll(args, seconds, pid, rss_samples):
    latencies, failures = [], 0
    end = time.perf_counter() + seconds
    next_at = time.perf_counter()
    while time.perf_counter() < end:
        took = await ask(args)
        if took is None:
            failures += 1
        else:
            latencies.append(took * 1000)
        rss_samples.append(rss_kb(pid))
        next_at += 0.1
        await asyncio.sleep(max(0, next_at - time.perf_counter()))
    return latencies, failures


def summary(latencies, failures):
    return {"n": len(latencies), "failures": failures, "p50_ms": percentile(latencies, 50),
            "p99_ms": percentile(latencies, 99), "max_ms": max(latencies) if latencies else float("nan")}


async def attack_main(args):
    attack = Attack(args)
    started = time.perf_counter()
    attack.start()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    open_now = attack.open
    await attack.stop()
    print(json.dumps({"connects": attack.connects, "seconds": time.perf_counter() - started, "open_at_end": open_now,
                      "closed_by_server": attack.closed_by_server}))


async def poll_main(args):
    idle_rss = rss_kb(args.pid)
    samples = []
    result = summary(*await poll(args, args.seconds, args.pid, samples))
    result.update({"rss_before_kb": idle_rss, "rss_max_kb": max(samples)})
    print(json.dumps(result))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["attack", "poll"])
    parser.add_argument("--mode", choices=["http", "wyoming"], required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", default="")
    parser.add_argument("--pid", type=int, default=0)
    parser.add_argument("--trickle-count", type=int, default=1000)
    parser.add_argument("--silent-count", type=int, default=1000)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--trickle", type=float, default=3.0, help="seconds between a trickler's bytes")
    parser.add_argument("--reconnect", type=float, default=1.0, help="seconds before a closed hostile connection comes back")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    asyncio.run(attack_main(args) if args.role == "attack" else poll_main(args))


main()
