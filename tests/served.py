"""A real server for concurrency tests: gunicorn with several worker processes.

The database is a fresh SQLite file, or the PostgreSQL database of ``TEST_DATABASE_URL`` (CI
runs these tests again there). The test arranges the data through the services in its own
process, then starts gunicorn on 127.0.0.1 (a free port) over the same database, and talks
to it with real HTTP clients from several threads: the races are between processes, exactly
as between two organizers at one club night.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests
from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Entry, Result
from tests.factories import make_app

ROOT = Path(__file__).resolve().parents[1]
ORGANIZER = ("organizer", "correct horse battery staple")
_CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


def database_url(tmp_path: Path) -> str:
    """PostgreSQL when ``TEST_DATABASE_URL`` is set (its schema reset), else a SQLite file."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'served.sqlite3'}"
    from tests.factories import reset_postgres
    url = url.replace("postgresql://", "postgresql+psycopg://", 1)
    reset_postgres(url)
    return url


def arranged_app(tmp_path: Path) -> Flask:
    """An app over the served database, migrated, with the organizer account."""
    app = make_app(tmp_path, database_url(tmp_path))
    with app.app_context():
        from ladder.services.accounts import set_organizer
        from ladder.services.setup import init_database
        init_database()
        set_organizer(*ORGANIZER, actor="test")
    return app


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def gunicorn(app: Flask, tmp_path: Path, workers: int = 3,
             threads: int = 2, extra: tuple[str, ...] = (), *,
             preload: bool = False) -> Iterator[str]:
    """Serve ``app``'s database with gunicorn; yields the base URL. ``extra``: more gunicorn
    arguments.

    By default each worker builds its own app, as ``ladder serve`` runs them (about a second
    of CPU per worker). ``preload=True`` builds it once and forks the workers from it
    (``--preload``, which the product supports: ``forget_connections_on_fork``): for the
    tests whose point is requests racing between worker processes on one database, not
    how a worker starts (tests/web/test_token_served.py serves both ways)."""
    if preload:
        extra = ("--preload", *extra)
    with app.app_context():
        url = str(db.engine.url.render_as_string(hide_password=False))
        db.engine.dispose()
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "served-secret",
           "LADDER_INSTANCE_PATH": str(tmp_path / "instance")}
    log = open(tmp_path / "gunicorn.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--threads", str(threads),
         "--bind", f"127.0.0.1:{port}", "--timeout", "120",
         # A kept-alive connection idle longer than gunicorn's keep-alive (2 s) is closed by
         # the server just as a client may send on it again ("Remote end closed connection
         # without response"): on a loaded machine the pauses between a test's requests get
         # that long. The tests' clients reuse their connections, so the server keeps them.
         "--keep-alive", "120", *extra, "wsgi:app"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a loaded 2-core machine boots gunicorn slowly
        while True:
            try:
                if requests.get(base + "/tools/elo", timeout=5).status_code == 200:
                    break
            except requests.RequestException:  # not listening yet, or still booting
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not start: "
                                   + (tmp_path / "gunicorn.log").read_text())
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            # gunicorn lets its workers finish (graceful timeout); a loaded machine is slow.
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            # Reaped here: a Popen left running is a ResourceWarning (an error in this suite)
            # in whichever later test the garbage collector happens to free it.
            process.wait()
        log.close()


class Organizer:
    """One organizer's browser: a cookie jar, a CSRF token, plain form posts."""

    def __init__(self, base: str, login: tuple[str, str] = ORGANIZER) -> None:
        self.base = base
        self.http = requests.Session()
        page = self.http.get(base + "/auth/login", timeout=30).text
        response = self.http.post(base + "/auth/login", data={
            "csrf_token": _CSRF.search(page).group(1),  # type: ignore[union-attr]
            "username": login[0], "password": login[1]},
            allow_redirects=False, timeout=30)
        assert response.status_code == 303, response.text[:300]
        self.token = _CSRF.search(self.http.get(base + "/organize/", timeout=30).text)\
            .group(1)  # type: ignore[union-attr]

    def post(self, path: str, **fields: Any) -> requests.Response:
        """A plain form POST (no redirects followed), with the CSRF token."""
        return self.http.post(self.base + path, data={"csrf_token": self.token, **fields},
                              allow_redirects=False, timeout=120)

    def get(self, path: str) -> requests.Response:
        """A GET with this organizer's cookies."""
        return self.http.get(self.base + path, timeout=120)


def first_game(app: Flask, event_id: int) -> tuple[int, int]:
    """The first played game of an event: its result id and version (for an edit)."""
    with app.app_context():
        result = db.session.scalar(
            select(Result).join(Entry, Entry.id == Result.entry_id)
            .where(Entry.event_id == event_id, Result.opponent_entry_id.is_not(None))
            .order_by(Result.id))
        return result.id, result.version
