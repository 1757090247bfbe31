"""Load of a club night's phones (docs/club-night.md §6): sixty players' phones and a venue
screen polling ``ladder serve`` (gunicorn, its default sync workers) while the results of a
round come in.

``python -m tests.phones_load [--players 60] [--seconds 60] [--poll 5] [--screen-poll 5]
[--quiet]``
builds a fresh SQLite club (the players on its roster), serves it with ``ladder serve``,
checks every phone in through its code and the list, pairs and publishes round 1, then for
``--seconds`` lets each phone poll "My board" every ``--poll`` seconds as the browser does
(the fragment, with ``If-None-Match``), the screen poll its live part, and both players of
each board report a result at a random moment of the window (so the pages change about
sixty times while they are polled; ``--quiet``: nobody reports, the polls alone). It prints one JSON
line: requests per second, answers by status (304 is "nothing changed"), the latency's median, 95th
percentile and maximum, and the server's CPU time (every gunicorn process, from ``/proc``) per
second of the window — the share of one core the night costs.

The clients run on the same machine as the server; their own CPU is reported apart.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests
from sqlalchemy import select

from ladder.club.night_self import derive_code
from ladder.extensions import db
from ladder.models import Member, Night, NightBoard
from ladder.services import night_rounds as rounds
from ladder.services.night import NightSettings, create_night
from ladder.vocabulary.tournament import Kind
from tests.factories import make_app, publish_t, tournament

SECRET = "phones-load-secret"
_CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
_ETAG = re.compile(r'data-etag="([^"]+)"')


def _arrange(folder: Path, players: int) -> tuple[str, int]:
    """A club with ``players`` members (one event behind them) and a night; its URL, id."""
    url = f"sqlite:///{folder / 'load.sqlite3'}"
    app = make_app(folder, url, SECRET_KEY=SECRET)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
        names = [f"Player {i:03d}" for i in range(players)]
        games = [(1, i, i + 1, Kind.WIN if i % 3 else Kind.DRAW)
                 for i in range(1, players, 2)]
        publish_t(tournament(names, games, name="Earlier"), dt.date(2025, 1, 7))
        night = create_night(NightSettings(name="Load night", date=dt.date(2025, 2, 4),
                                           rounds=4), actor="load")
        night_id = night.id
        db.engine.dispose()
    return url, night_id


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of ``pid`` and every process below it (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo, seen = 0.0, [pid], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{current}/task").iterdir():
                children = (task / "children").read_text().split()
                todo.extend(int(child) for child in children)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Phone:
    """One player's phone: checks in by its name on the list, then polls and reports."""

    def __init__(self, base: str, night_id: int, code: str, member_id: int) -> None:
        self.base, self.night_id = base, night_id
        self.http = requests.Session()
        self.http.get(f"{base}/nights/{night_id}/join/{code}", timeout=60)
        page = self.http.get(f"{base}/nights/{night_id}/join", timeout=60).text
        self.token = _CSRF.search(page).group(1)  # type: ignore[union-attr]
        self.http.post(f"{base}/nights/{night_id}/checkin", timeout=60,
                       data={"csrf_token": self.token, "member": str(member_id)})
        self.etag = ""

    def poll(self) -> tuple[int, float]:
        """One poll of "My board" as the browser sends it."""
        headers = {"HX-Request": "true", "HX-Target": "me-live"}
        if self.etag:
            headers["If-None-Match"] = f'W/"{self.etag}"'
        start = time.perf_counter()
        answer = self.http.get(f"{self.base}/nights/{self.night_id}/me", headers=headers,
                               timeout=60)
        spent = time.perf_counter() - start
        if answer.status_code == 200:
            found = _ETAG.search(answer.text)
            self.etag = found.group(1) if found else ""
        return answer.status_code, spent

    def report(self, board_id: int, version: int, mine: str) -> tuple[int, float]:
        start = time.perf_counter()
        answer = self.http.post(f"{self.base}/nights/{self.night_id}/me/report", timeout=60,
                                headers={"HX-Request": "true", "HX-Target": "me-live"},
                                data={"csrf_token": self.token, "board": str(board_id),
                                      "version": str(version), "revision": "0",
                                      "key": f"k{board_id}", "mine": mine})
        return answer.status_code, time.perf_counter() - start


@contextmanager
def _served(folder: Path, url: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``ladder serve`` over the club's database; yields its base URL and its process."""
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": SECRET,
           "LADDER_INSTANCE_PATH": str(folder / "instance")}
    ladder = Path(sys.executable).parent / "ladder"  # the `ladder` command of this venv
    with open(folder / "serve.log", "w") as log:
        server = subprocess.Popen([str(ladder), "serve", "--bind", f"127.0.0.1:{port}"],
                                  env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if requests.get(base + "/healthz", timeout=5).status_code == 200:
                        break
                except requests.RequestException:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((folder / "serve.log").read_text())
                time.sleep(0.2)
            yield base, server
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


def _round_one(app: Any, night_id: int) -> list[tuple[int, int, int, int]]:
    """Pair and publish round 1; its games as (board id, version, White's and Black's index
    among the phones, which check in in member order)."""
    with app.app_context():
        for action in (rounds.pair_round, rounds.publish_round):
            db.session.expire_all()
            action(night_id, 1, db.session.get(Night, night_id).version, "load")
        db.session.expire_all()
        night = db.session.get(Night, night_id)
        by_player = {p.id: i for i, p in enumerate(sorted(night.players,
                                                          key=lambda p: p.member_id))}
        boards = [(b.id, b.version, by_player[b.white_id], by_player[b.black_id])
                  for b in db.session.scalars(select(NightBoard).where(
                      NightBoard.night_id == night_id, NightBoard.black_id.is_not(None)))]
        db.engine.dispose()
    return boards


class Window:
    """The measured window: every phone's and the screen's loop, and what they saw."""

    def __init__(self, base: str, night_id: int, phones: list[Phone], seconds: float,
                 poll: float, screen_poll: float,
                 reports: dict[int, list[tuple[float, int, int, str]]]) -> None:
        self.base, self.night_id, self.phones = base, night_id, phones
        self.poll, self.screen_poll, self.reports = poll, screen_poll, reports
        self.samples: list[tuple[str, int, float]] = []
        self.lock = threading.Lock()
        self.stop = time.monotonic() + seconds
        rng = random.Random(11)
        self.offsets = [rng.uniform(0, poll) for _ in phones]  # phones do not poll in step

    def _note(self, kind: str, status: int, spent: float) -> None:
        with self.lock:
            self.samples.append((kind, status, spent))

    def phone_loop(self, index: int) -> None:
        """One phone: polls "My board", reports its result when its moment comes."""
        handset = self.phones[index]
        due = sorted(self.reports.get(index, []))
        begin = time.monotonic()
        time.sleep(self.offsets[index])
        while time.monotonic() < self.stop:
            self._note("me", *handset.poll())
            while due and time.monotonic() - begin >= due[0][0]:
                _at, board_id, version, mine = due.pop(0)
                self._note("report", *handset.report(board_id, version, mine))
            time.sleep(self.poll)

    def screen_loop(self) -> None:
        """The venue screen: polls its live part as the browser does."""
        http = requests.Session()
        etag = ""
        while time.monotonic() < self.stop:
            headers = {"HX-Request": "true", "HX-Target": "screen-live"}
            if etag:
                headers["If-None-Match"] = f'W/"{etag}"'
            start = time.perf_counter()
            answer = http.get(f"{self.base}/nights/{self.night_id}/screen", headers=headers,
                              timeout=60)
            self._note("screen", answer.status_code, time.perf_counter() - start)
            if answer.status_code == 200:
                found = _ETAG.search(answer.text)
                etag = found.group(1) if found else ""
            time.sleep(self.screen_poll)

    def run(self) -> None:
        """Every loop in its thread, until the window closes."""
        threads = [threading.Thread(target=self.phone_loop, args=(i,))
                   for i in range(len(self.phones))]
        threads.append(threading.Thread(target=self.screen_loop))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def run(players: int, seconds: float, poll: float, screen_poll: float,
        reporting: bool = True) -> dict[str, Any]:
    """Serve a night of ``players`` phones and a screen for ``seconds``; the figures."""
    folder = Path(tempfile.mkdtemp(prefix="phones-load-"))
    url, night_id = _arrange(folder, players)
    app = make_app(folder, url, SECRET_KEY=SECRET)
    with _served(folder, url) as (base, server):
        code = derive_code(SECRET.encode(), night_id, 0)
        with app.app_context():
            members = list(db.session.scalars(select(Member.id).order_by(Member.id)))
        started = time.perf_counter()
        phones = [Phone(base, night_id, code, member) for member in members]
        checkin_seconds = time.perf_counter() - started
        boards = _round_one(app, night_id)
        rng = random.Random(7)
        reports: dict[int, list[tuple[float, int, int, str]]] = {}
        for board_id, version, white, black in boards if reporting else ():
            at = rng.uniform(0.1, 0.9) * seconds
            reports.setdefault(white, []).append((at, board_id, version, "win"))
            reports.setdefault(black, []).append((at + rng.uniform(0, 5), board_id, version,
                                                  "loss"))
        window = Window(base, night_id, phones, seconds, poll, screen_poll, reports)
        client_before = resource.getrusage(resource.RUSAGE_SELF)
        server_before = _cpu_seconds(server.pid)
        started = time.perf_counter()
        window.run()
        elapsed = time.perf_counter() - started
        server_cpu = _cpu_seconds(server.pid) - server_before
        client_after = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu = (client_after.ru_utime - client_before.ru_utime
                  + client_after.ru_stime - client_before.ru_stime)
    samples = window.samples
    latencies = sorted(spent for _kind, _status, spent in samples)
    statuses = Counter(f"{kind} {status}" for kind, status, _spent in samples)
    with app.app_context():
        entered = sum(1 for result in db.session.scalars(select(NightBoard.result).where(
            NightBoard.night_id == night_id)) if result)
        db.engine.dispose()
    return {
        "players": len(phones), "boards": len(boards), "seconds": round(elapsed, 1),
        "poll_seconds": poll, "screen_poll_seconds": screen_poll,
        "requests": len(samples), "requests_per_second": round(len(samples) / elapsed, 1),
        "answers": dict(sorted(statuses.items())), "results_entered": entered,
        "latency_ms": {"p50": round(statistics.median(latencies) * 1000, 1),
                       "p95": round(latencies[int(len(latencies) * 0.95)] * 1000, 1),
                       "max": round(latencies[-1] * 1000, 1)},
        "server_cpu_seconds": round(server_cpu, 2),
        "server_cpu_share_of_one_core": round(server_cpu / elapsed, 3),
        "server_cpu_ms_per_request": round(server_cpu * 1000 / len(samples), 2),
        "client_cpu_seconds": round(client_cpu, 2),
        "checkin_seconds": round(checkin_seconds, 1),
    }


def main() -> None:
    """Parse the options, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument("--screen-poll", type=float, default=5.0)
    parser.add_argument("--quiet", action="store_true",
                        help="no results reported: the phones and the screen only poll")
    options = parser.parse_args()
    print(json.dumps(run(options.players, options.seconds, options.poll,
                         options.screen_poll, reporting=not options.quiet)))


if __name__ == "__main__":
    main()
