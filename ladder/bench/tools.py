"""``ladder bench tools``: what anonymous tool requests cost a visitor reading the ladder.

The tools are public in every visibility mode and a unique query string is never cached, so
each such request computes (docs/qualities.md §1). This bench serves the
demo club with gunicorn (``--workers`` sync workers, as ``ladder serve`` runs them) on a
temporary SQLite file, and measures over ``--seconds`` each:

* **alone**: one visitor reading the ladder (``GET /``) back to back;
* **under load**: the same visitor while ``--clients`` anonymous clients (each its own
  address, sent as ``X-Forwarded-For`` to a server with ``PROXY_FIX=1``) ask for tool URLs
  back to back, each URL unique: the tie-break calculator at its limits (30 rounds) and
  compare mode with 8 players of 24 rounds (the most gunicorn's request line takes), in turn.

It prints one JSON line: the visitor's p50/p99 in both phases, and the tool clients'
answers (how many computed, how many were refused with 429) and their p50. The server runs
with the app's defaults, so the tool budget (:mod:`ladder.web.tools.budget`) is on unless
``--no-budget`` turns it off (the "before" of a measurement).
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: 30 rounds: every kind, both colours, scores and ratings (the calculator's limit).
_ROUND = ("W,w,{s},{r}", "D,b,{s},{r}", "L,w,{s},{r}", "W,b,{s},{r}", "D,w,{s},{r}")


def _rounds(seed: int, rounds: int = 30) -> list[str]:
    return [_ROUND[i % len(_ROUND)].format(s=1 + (i + seed) % 5, r=1500 + (seed * 7 + i) % 900)
            for i in range(rounds)]


def tool_url(n: int) -> str:
    """The ``n``-th unique tool URL: the calculator or compare mode at its limits, in turn."""
    from urllib.parse import urlencode
    if n % 2 == 0:
        return "/tools/tiebreaks?" + urlencode([("edition", "fide-2026")]
                                               + [("r", r) for r in _rounds(n)])
    # 8 players of 24 rounds: the longest that fits gunicorn's 4094-byte request line.
    players = [";".join([f"P{p}", *_rounds(n + p, 24)]) for p in range(8)]
    return "/tools/tiebreaks/compare?" + urlencode([("edition", "fide-2026")]
                                                    + [("p", p) for p in players])


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _stats(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"n": 0}
    return {"n": len(samples), "p50_ms": round(statistics.median(samples) * 1000, 1),
            "p99_ms": round(_percentile(samples, 0.99) * 1000, 1)}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _prepare(folder: Path) -> str:
    """The demo club in a fresh SQLite file under ``folder``; its URL."""
    from .. import create_app
    from ..demo import load_demo
    from ..extensions import db
    from ..services.setup import init_database
    url = f"sqlite:///{folder / 'bench-tools.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "INSTANCE_PATH": str(folder / "instance"),
                      "SECRET_KEY": "bench-tools"})
    with app.app_context():
        init_database()
        load_demo()
        db.session.remove()
        db.engine.dispose()
    return url


def _visitor(base: str, until: float, samples: list[float]) -> None:
    import requests
    http = requests.Session()
    while time.monotonic() < until:
        start = time.perf_counter()
        response = http.get(base + "/", timeout=60)
        samples.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise RuntimeError(f"the ladder answered {response.status_code}")


def _tool_client(base: str, number: int, nice: int, ready: Any, start: _Start,
                 out: Any) -> None:
    """One anonymous client (its own process and address) asking for new tool URLs back to
    back from when ``start`` is set until the time it holds (``time.monotonic()``, one clock
    for every process of the machine); puts (answers by status, seconds of each computed
    answer) on ``out``."""
    import requests
    if nice:
        os.nice(nice)
    http = requests.Session()
    ready.put(number)
    start.wait()
    until = float(start.until.value)
    address = f"198.51.100.{10 + number}"
    n = number * 1_000_000
    answers: dict[int, int] = {}
    times: list[float] = []
    while time.monotonic() < until:
        began = time.perf_counter()
        response = http.get(base + tool_url(n), headers={"X-Forwarded-For": address},
                            timeout=60)
        elapsed = time.perf_counter() - began
        n += 1
        answers[response.status_code] = answers.get(response.status_code, 0) + 1
        if response.status_code == 200:
            times.append(elapsed)
    out.put((answers, times))


class _Start:
    """When the tool clients start and until when they ask (shared with their processes)."""

    def __init__(self, context: Any) -> None:
        self.event = context.Event()
        self.until = context.Value("d", 0.0)

    def go(self, seconds: float) -> float:
        """Start the clients now, for ``seconds``; the end as ``time.monotonic()``."""
        self.until.value = time.monotonic() + seconds
        self.event.set()
        return float(self.until.value)

    def wait(self) -> None:
        """(In a client) wait for :meth:`go`."""
        self.event.wait()


def _serve(url: str, folder: Path, workers: int, budget: bool) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    # The workers import this very ``ladder`` (a checkout's, or the installed one).
    code = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench-tools", "PROXY_FIX": "1",
           "LADDER_INSTANCE_PATH": str(folder / "instance"),
           "PYTHONPATH": os.pathsep.join([code, os.environ.get("PYTHONPATH", "")]).rstrip(
               os.pathsep)}
    if not budget:
        env["TOOL_BUDGET"] = "0"
    log = open(folder / "gunicorn.log", "w")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--bind",
         f"127.0.0.1:{port}", "--timeout", "120", "ladder.cli.serve:serving_app()"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    import requests
    deadline = time.monotonic() + 120
    while True:
        try:
            if requests.get(base + "/", timeout=5).status_code == 200:
                return process, base
        except requests.RequestException:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("gunicorn did not start: " + (folder / "gunicorn.log").read_text())
        time.sleep(0.2)


def bench_tools(*, workers: int = 5, clients: int = 4, seconds: float = 15.0,
                budget: bool = True, client_nice: int = 10) -> dict[str, Any]:
    """Measure as the module docstring says; the report as a dict."""
    import multiprocessing
    with tempfile.TemporaryDirectory(prefix="ladder-bench-tools-") as name:
        folder = Path(name)
        url = _prepare(folder)
        process, base = _serve(url, folder, workers, budget)
        try:
            for _ in range(20):  # warm every worker's page cache for the ladder
                _visitor(base, time.monotonic() + 0.05, [])
            alone: list[float] = []
            _visitor(base, time.monotonic() + seconds, alone)
            loaded: list[float] = []
            answers: dict[int, int] = {}
            tool_times: list[float] = []
            # Each client in a process of its own (spawned: nothing of this process is
            # copied), so that their Python never waits for the visitor's, nor the
            # visitor's for theirs (one process would share one interpreter lock).
            spawn = multiprocessing.get_context("spawn")
            out, ready = spawn.Queue(), spawn.Queue()
            start = _Start(spawn)
            runners = [spawn.Process(target=_tool_client,
                                     args=(base, i, client_nice, ready, start, out))
                       for i in range(clients)]
            for runner in runners:
                runner.start()
            for _runner in runners:  # every client has started its interpreter
                ready.get(timeout=120)
            until = start.go(seconds)
            time.sleep(min(1.0, seconds / 10))  # the clients are under way
            _visitor(base, until, loaded)
            for _runner in runners:
                got, times = out.get(timeout=120)
                for status, count in got.items():
                    answers[status] = answers.get(status, 0) + count
                tool_times.extend(times)
            for runner in runners:
                runner.join(timeout=30)
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
    return {"workers": workers, "tool_clients": clients, "seconds": seconds,
            "budget": budget, "client_nice": client_nice, "ladder_alone": _stats(alone),
            "ladder_under_tool_load": _stats(loaded),
            "tool_answers": {str(k): v for k, v in sorted(answers.items())},
            "tool_computed": _stats(tool_times)}
