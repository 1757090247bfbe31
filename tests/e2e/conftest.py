"""Real-browser tests: Debian's Chromium driven by Playwright against a live server.

The browser is Chromium's headless shell (Debian's ``chromium-headless-shell``, the same
Chromium release as its ``chromium``): the build made for automation, which Playwright itself
runs for headless tests. It lays out, scripts and paints pages with the same engine as the
browser, without the desktop browser's layers; our 92 browser tests took 42 % less CPU with
it than with ``chromium`` in its headless mode (docs/development.md).

The app runs with werkzeug's ``make_server`` on 127.0.0.1, port 0, in a thread, over a file
SQLite database. A missing browser is a failure, never a skip.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import expect
from werkzeug.serving import make_server

from ladder.extensions import db
from tests.e2e.axe_support import serve_axe
from tests.factories import SqliteTemplate, make_app

#: How long ``expect`` waits for its condition (Playwright's default is 5 s). A passing check
#: returns as soon as the condition holds; the ceiling only matters on a loaded machine, where
#: a page that needs a few seconds of the live server's CPU must not fail for being slow.
expect.set_options(timeout=30_000)

# The live server's line per request (every stylesheet, every poll) buried a failing browser
# test's message under hundreds of lines in CI's output; its warnings and errors still show.
logging.getLogger("werkzeug").setLevel(logging.WARNING)

CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's Chromium headless shell (Playwright's own browser download does not
    work here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, which installs Debian's "
                    "chromium-headless-shell")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class LiveServer:
    """A running app: its base URL and the app itself (for arranging data in its context)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._thread.join(timeout=5)


@contextmanager
def _app_over(tmp_path: Path, template: SqliteTemplate) -> Iterator[Flask]:
    """An app over a fresh copy of ``template``'s file SQLite database."""
    app = make_app(tmp_path, template.fresh(tmp_path), SECRET_KEY="e2e-secret")
    serve_axe(app)
    yield app
    with app.app_context():
        db.engine.dispose()


@contextmanager
def _serving(app: Flask) -> Iterator[LiveServer]:
    """``app`` served on a free local port until the block ends."""
    server = LiveServer(app)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def live_app(tmp_path: Path, migrated_sqlite: SqliteTemplate) -> Iterator[Flask]:
    """An app over a fresh file SQLite database (browser tests always use SQLite), a copy of
    the test process's migrated one."""
    with _app_over(tmp_path, migrated_sqlite) as app:
        yield app


@pytest.fixture
def live_server(live_app: Flask) -> Iterator[LiveServer]:
    """``live_app`` served on a free local port for the duration of the test."""
    with _serving(live_app) as server:
        yield server


@pytest.fixture
def demo_live_server(tmp_path: Path, demo_sqlite: SqliteTemplate) -> Iterator[LiveServer]:
    """The demo club served for the duration of the test: a copy of the test process's demo
    database (``demo_sqlite``, loaded once), so no test loads it again."""
    with _app_over(tmp_path, demo_sqlite) as app, _serving(app) as server:
        yield server
