"""Room server load: N rooms × 4 clients on loopback, bots and scripted humans.

Starts ``python -m liverpool_rooms serve --port 0`` (a fresh database in a temporary folder),
then adds rooms step by step (``--rooms 5,10,25,50,100``). Each room is ``online`` rules with
two bots (``--bot-seconds`` pace, the server's default 1 s) and two scripted humans who answer
each decision after a think time (``--think``, 0.5-2 s by default), and four WebSocket
clients: the two humans, the teacher's page (host) and a projector (watcher). Like the real
pages, every client asks for the card table's model (``--protocol-only``: none does).

Measured, over a window of ``--seconds`` at each step (rooms of earlier steps keep playing):

* **action → every client's state**: for each move a human makes on its own turn, from the
  moment its ``act`` leaves the client to the moment each of the room's four clients has the
  ``state`` that includes it: p50 / p95 / p99 over every (move, client) pair, and p95 of the
  time until the *last* of the four has it;
* the server process's CPU (``/proc``; 100% = one core), its CPU milliseconds per action (a
  figure other processes on the machine do not change) and the benchmark's own CPU (the
  clients share the machine's two cores with the server), and the load average: on a shared
  machine the latencies are only as good as the CPU the server gets;
* moves per second, server-wide.

The target (issue 16): p95 ≤ 50 ms at 100 rooms on a 2-core machine. The script prints the
last step where p95 held and the first where it did not. Run by hand::

    .venv/bin/python benchmarks/rooms_load.py                       # 5,10,25,50,100 rooms
    .venv/bin/python benchmarks/rooms_load.py --rooms 2,5 --seconds 10   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

# The scripted human (``choose``) and the server's URL line are the room tests' own
# (tests/rooms/roomkit.py, standard library and websockets only), as the browser benchmarks
# use tests/browser/labdriver.py: the load is played as the tests play a seat.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rooms"))
from roomkit import URL_LINE, choose

KEY = "bench-key"
SERVE = (sys.executable, "-m", "liverpool_rooms", "serve")


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0-100); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


@dataclass
class Pending:
    """A human's move in flight: when it was sent, the seq it answered, who has seen it."""

    sent: float
    seq: int
    owner: int
    waiting: set[int]


@dataclass
class Stats:
    deliveries: list[float] = field(default_factory=list)
    """ms from a move's send to one client's state holding it."""
    all_clients: list[float] = field(default_factory=list)
    """ms from a move's send until the last of the room's four clients had it."""
    moves: int = 0
    actions: int = 0
    """Every action applied in the rooms (bots', timers' and humans')."""
    errors: int = 0
    recording: bool = False

    def reset(self) -> None:
        self.deliveries.clear()
        self.all_clients.clear()
        self.moves = 0
        self.actions = 0
        self.errors = 0


class Room:
    """One room's four clients and the moves in flight in it."""

    def __init__(self, code: str, stats: Stats) -> None:
        self.code = code
        self.stats = stats
        self.pending: list[Pending] = []
        self.seq = 0

    def seen(self, client: int, seq: int, now: float) -> None:
        if seq > self.seq:
            if self.stats.recording:
                self.stats.actions += seq - self.seq
            self.seq = seq
        for p in list(self.pending):
            if seq > p.seq and client in p.waiting:
                p.waiting.discard(client)
                if self.stats.recording:
                    self.stats.deliveries.append((now - p.sent) * 1000)
                if not p.waiting:
                    self.pending.remove(p)
                    if self.stats.recording:
                        self.stats.all_clients.append((now - p.sent) * 1000)
                        self.stats.moves += 1

    def dropped(self, client: int) -> None:
        """A client's move was refused: stop waiting for it."""
        self.pending = [p for p in self.pending if p.owner != client]


async def run_client(
    url: str,
    room: Room,
    index: int,
    hello: dict[str, Any],
    think: tuple[float, float],
    stop: asyncio.Event,
    *,
    plays: bool = False,
    starts: bool = False,
) -> None:
    """One client: reads every message; a seated human (``plays``) answers its decisions;
    the host (``starts``) starts the match."""
    rng = random.Random(hash((room.code, index)))
    async with websockets.connect(url, max_size=2**22, open_timeout=30, close_timeout=1) as ws:
        await ws.send(json.dumps(hello))
        if starts:
            await asyncio.sleep(0.5)  # the humans have joined by then
            await ws.send(json.dumps({"type": "start"}))
        answered: set[tuple[int, int]] = set()
        mover: asyncio.Task[None] | None = None

        async def move(state: dict[str, Any]) -> None:
            await asyncio.sleep(rng.uniform(*think))
            view = state["view"]
            own_turn = view["to_act"] == view["seat"] and view["phase"] in ("draw", "play")
            action = choose(state["legal"], view)
            if own_turn:
                room.pending.append(Pending(time.monotonic(), state["seq"], index, {0, 1, 2, 3}))
            await ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))

        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            now = time.monotonic()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "state":
                room.seen(index, message["seq"], now)
                key = (message["seq"], len(message["legal"]))
                if plays and message["legal"] and key not in answered:
                    answered.add(key)
                    if mover is None or mover.done():
                        mover = asyncio.get_running_loop().create_task(move(message))
            elif kind == "error":
                room.stats.errors += 1
                room.dropped(index)
        if mover is not None:
            mover.cancel()


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url + "api/rooms",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        data: dict[str, Any] = json.loads(resp.read())
        return data


async def open_room(
    base: str, stats: Stats, args: argparse.Namespace, stop: asyncio.Event
) -> list[asyncio.Task[None]]:
    made = await asyncio.to_thread(
        post,
        base,
        {
            "rules": "online",
            "seats": ["human", "bot:basic", "human", "bot:basic"],
            "bot_seconds": args.bot_seconds,
        },
    )
    code = made["code"]
    room = Room(code, stats)
    url = base.replace("http://", "ws://") + f"ws/{code}"
    table = not args.protocol_only
    think = (args.think_min, args.think_max)
    hellos = [
        {"type": "join", "name": "Ada", "seat": 0, "table": table},
        {"type": "join", "name": "Ben", "seat": 2, "table": table},
        {"type": "host", "host_token": made["host_token"], "table": table},
        {"type": "watch", "table": table},
    ]
    loop = asyncio.get_running_loop()
    tasks = [
        loop.create_task(run_client(url, room, i, h, think, stop, plays=i < 2, starts=i == 2))
        for i, h in enumerate(hellos)
    ]
    await asyncio.sleep(0.6)
    return tasks


async def bench(args: argparse.Namespace, base: str, pid: int) -> list[dict[str, Any]]:
    stats = Stats()
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    results = []
    steps = [int(x) for x in args.rooms.split(",")]
    for target in steps:
        while len(tasks) // 4 < target:
            tasks += await open_room(base, stats, args, stop)
        await asyncio.sleep(args.warmup)
        stats.reset()
        stats.recording = True
        cpu0, me0, t0 = cpu_seconds(pid), time.process_time(), time.monotonic()
        await asyncio.sleep(args.seconds)
        stats.recording = False
        wall = time.monotonic() - t0
        used = cpu_seconds(pid) - cpu0
        server_cpu = used / wall * 100
        client_cpu = (time.process_time() - me0) / wall * 100
        row = {
            "rooms": target,
            "clients": 4 * target,
            "moves_s": stats.moves / wall,
            "actions_s": stats.actions / wall,
            "p50": percentile(stats.deliveries, 50),
            "p95": percentile(stats.deliveries, 95),
            "p99": percentile(stats.deliveries, 99),
            "p95_all": percentile(stats.all_clients, 95),
            "server_cpu": server_cpu,
            "cpu_ms_per_action": used / stats.actions * 1000 if stats.actions else float("nan"),
            "load": os.getloadavg()[0],
            "client_cpu": client_cpu,
            "samples": len(stats.deliveries),
            "errors": stats.errors,
        }
        results.append(row)
        print(
            f"{row['rooms']:>5} {row['clients']:>7} {row['actions_s']:>9.1f} "
            f"{row['moves_s']:>8.1f} "
            f"{row['samples']:>7} {row['p50']:>7.1f} {row['p95']:>7.1f} {row['p99']:>7.1f} "
            f"{row['p95_all']:>9.1f} {row['server_cpu']:>9.0f}% "
            f"{row['cpu_ms_per_action']:>8.1f} {row['client_cpu']:>9.0f}% {row['load']:>5.1f} "
            f"{row['errors']:>6}",
            flush=True,
        )
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="5,10,25,50,100", help="room counts, in steps")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window per step")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--bot-seconds", type=float, default=1.0, help="the bots' pace")
    parser.add_argument("--think-min", type=float, default=0.5)
    parser.add_argument("--think-max", type=float, default=2.0)
    parser.add_argument("--protocol-only", action="store_true", help="no table models")
    parser.add_argument("--json", default=None, help="write the figures here")
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="rooms-load-")
    db = Path(folder) / "rooms.sqlite3"
    proc = subprocess.Popen(
        [*SERVE, "--port", "0", "--db", str(db), "--teacher-key", KEY],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().decode()
        found = URL_LINE.search(line)
        if not found:
            print(f"the server did not start: {line!r}", file=sys.stderr)
            return 1
        base = found.group(1)
        mode = "protocol only" if args.protocol_only else "with table models (as the pages)"
        print(
            f"rooms_load: {base} · online rules · 2 humans (think {args.think_min}-"
            f"{args.think_max} s) + 2 basic bots (pace {args.bot_seconds} s) per room · "
            f"4 clients per room · {mode} · {os.cpu_count()} cores · load "
            f"{os.getloadavg()[0]:.2f}"
        )
        print(
            f"{'rooms':>5} {'clients':>7} {'actions/s':>9} {'moves/s':>8} {'samples':>7} "
            f"{'p50 ms':>7} "
            f"{'p95 ms':>7} {'p99 ms':>7} {'p95 last':>9} {'server CPU':>10} "
            f"{'ms/action':>8} {'bench CPU':>10} {'load':>5} {'errors':>6}"
        )
        results = asyncio.run(bench(args, base, proc.pid))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
    held = [r["rooms"] for r in results if r["p95"] <= 50]
    broke = [r for r in results if r["p95"] > 50]
    if not broke:
        print(f"p95 ≤ 50 ms held at every step, up to {max(held)} rooms")
    else:
        first = broke[0]
        below = [n for n in held if n < first["rooms"]]
        print(
            f"p95 ≤ 50 ms held up to {max(below) if below else 0} rooms; at {first['rooms']} "
            f"rooms p95 = {first['p95']:.0f} ms (server CPU {first['server_cpu']:.0f}%, load "
            f"average {first['load']:.1f} on {os.cpu_count()} cores)"
        )
        later = [n for n in held if n > first["rooms"]]
        if later:
            print(f"(it held again at {', '.join(map(str, later))} rooms: the machine is shared)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
