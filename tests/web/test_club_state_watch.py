"""The club's state without a round trip (ladder/web/support/request_state.py,
ladder/services/changes.py).

A worker keeps the club's state (generation, visibility, unlisted token, language, zone) and
reads the database again only when the change file says a write committed since, or after
``CLUB_STATE_RECHECK`` seconds. The staleness accepted, and tested here:

* a write made by a process of this installation: **none** once its request or command has
  answered — checked at once, on every worker of a served app, for a write made by another
  process (this test's own, as a ``ladder`` command would) and through a worker;
* a write no process here announced (another server, an edit by hand): at most
  ``CLUB_STATE_RECHECK`` seconds — polled until every worker shows it, failing after a
  generous limit (a bound on staleness, never a timing of speed).

Privacy: a club turned private stops answering on every worker at once (announced) or
within the bound (not announced), and never answers again afterwards.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from flask import Flask
from sqlalchemy import create_engine, select, text
from sqlalchemy import event as sa_event

from ladder.extensions import db
from ladder.models import ClubSettings, Event
from ladder.queries.club import ClubState
from ladder.services import corrections
from ladder.services.changes import ChangeSignal, signal_of, signal_path
from ladder.services.uow import unit_of_work
from ladder.vocabulary.tournament import Kind
from ladder.web.support.request_state import ClubStateWatch
from tests.factories import make_app, publish_t, tournament
from tests.served import arranged_app, gunicorn

#: The bound the served tests run with (seconds), and how long a poll may take before the
#: test fails: far beyond the bound, so a loaded machine never fails a correct server.
RECHECK = 0.5
GENEROUS = 60.0


def _state(generation: int, visibility: str = "public") -> ClubState:
    return ClubState(generation, visibility, None, "en", "UTC")


class _Signal:
    """A change signal whose token the test sets."""

    def __init__(self, token: bytes | None = b"a") -> None:
        self.value = token

    def token(self) -> bytes | None:
        return self.value


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _reader(*states: ClubState) -> tuple[Callable[[], ClubState], list[int]]:
    calls: list[int] = []

    def read() -> ClubState:
        calls.append(1)
        return states[min(len(calls), len(states)) - 1]
    return read, calls


# --- The watch alone ------------------------------------------------------------------------

def test_the_state_is_read_again_only_after_an_announced_write() -> None:
    signal, clock = _Signal(), _Clock()
    watch = ClubStateWatch(signal, recheck=1.0, clock=clock)  # type: ignore[arg-type]
    read, calls = _reader(_state(1), _state(2))
    assert watch.current(read).generation == 1
    for _ in range(5):
        assert watch.current(read).generation == 1
    assert len(calls) == 1 and watch.trusted == 5
    signal.value = b"b"  # a write committed and announced itself
    assert watch.current(read).generation == 2
    assert len(calls) == 2


def test_the_state_is_read_again_after_the_recheck_bound_without_any_announcement() -> None:
    signal, clock = _Signal(), _Clock()
    watch = ClubStateWatch(signal, recheck=1.0, clock=clock)  # type: ignore[arg-type]
    read, calls = _reader(_state(1), _state(2))
    watch.current(read)
    clock.now += 0.999
    assert watch.current(read).generation == 1 and len(calls) == 1
    clock.now += 0.001  # the bound: never trusted this long
    assert watch.current(read).generation == 2 and len(calls) == 2


def test_a_write_announced_while_the_state_is_read_is_never_missed() -> None:
    """The token is read before the database: a write that commits while the state is being
    read replaces it, so that reading is not trusted afterwards."""
    signal = _Signal(b"before")
    watch = ClubStateWatch(signal, recheck=60.0, clock=_Clock())  # type: ignore[arg-type]
    answers = iter([_state(1), _state(2)])

    def read_while_a_write_commits() -> ClubState:
        state = next(answers)
        signal.value = b"after"  # the write commits after our snapshot, and announces
        return state

    assert watch.current(read_while_a_write_commits).generation == 1
    assert watch.current(read_while_a_write_commits).generation == 2


def test_without_a_change_file_every_request_reads_the_database() -> None:
    watch = ClubStateWatch(_Signal(None), recheck=60.0, clock=_Clock())  # type: ignore[arg-type]
    read, calls = _reader(_state(1))
    for _ in range(3):
        watch.current(read)
    assert len(calls) == 3 and watch.trusted == 0


# --- The change file ------------------------------------------------------------------------

def test_each_announcement_is_a_new_token_replacing_the_file(tmp_path: Path) -> None:
    signal = ChangeSignal(tmp_path / "club.sqlite3.changed")
    assert signal.token() is None  # nothing announced yet
    seen = set()
    for _ in range(50):
        signal.announce()
        token = signal.token()
        assert token is not None and token not in seen
        seen.add(token)
    assert [p.name for p in tmp_path.iterdir()] == ["club.sqlite3.changed"]  # no leftovers


def test_a_change_file_that_cannot_be_written_is_never_trusted(tmp_path: Path) -> None:
    signal = ChangeSignal(tmp_path / "missing-folder" / "x.changed")
    signal.announce()
    assert signal.broken and signal.token() is None


def test_the_change_file_lies_beside_sqlite_and_in_the_instance_folder_for_postgresql(
        tmp_path: Path) -> None:
    lite = create_engine(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    assert signal_path(lite, "/elsewhere") == tmp_path / "club.sqlite3.changed"
    assert signal_path(create_engine("sqlite://"), str(tmp_path)) is None  # in memory
    one = signal_path(create_engine("postgresql+psycopg://u:secret@db:5432/club"), "/inst")
    same = signal_path(create_engine("postgresql://u:other@db:5432/club"), "/inst")
    other = signal_path(create_engine("postgresql+psycopg://u@db:5432/club2"), "/inst")
    assert one == same and one is not None and one.parent == Path("/inst") and one != other


def test_a_committed_write_announces_itself_and_a_read_or_a_rollback_does_not(app) -> None:
    with app.app_context():
        signal = signal_of(db.engine)
        assert signal is not None
        before = signal.token()
        db.session.scalar(select(ClubSettings.generation))
        db.session.commit()  # a read committed: nothing to announce
        assert signal.token() == before
        with pytest.raises(RuntimeError), unit_of_work():
            db.session.execute(text("UPDATE club_settings SET club_name = 'x'"))
            raise RuntimeError("rolled back")
        assert signal.token() == before
        with unit_of_work():
            pass  # the generation moves: a write
        assert signal.token() != before


# --- Two workers over one database, in one process --------------------------------------------

def _seed(app: Flask) -> int:
    with app.app_context():
        return publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                                    [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)],
                                    name="Club night"), dt.date(2025, 3, 4)).id


def _rename(app: Flask, event_id: int, name: str) -> None:
    with app.app_context():
        event = db.session.get(Event, event_id)
        corrections.update_event(event_id, "test", version=event.version, name=name)


def test_a_warm_answer_touches_no_database_connection_until_a_write(app, tmp_path) -> None:
    event_id = _seed(app)
    # Only the announcement may make it read again (no recheck during the test).
    reader = make_app(tmp_path, app.config["SQLALCHEMY_DATABASE_URI"], CLUB_STATE_RECHECK=3600)
    checkouts: list[int] = []
    with reader.app_context():
        sa_event.listen(db.engine, "checkout", lambda *_args: checkouts.append(1))
    client = reader.test_client()
    pages = ["/", "/events", f"/events/{event_id}", "/members"]
    for page in pages:  # cold: rendered and kept
        assert client.get(page).status_code == 200
    watch: ClubStateWatch = reader.extensions["club_state_watch"]
    reads, checkouts[:] = watch.reads, []
    for _ in range(5):
        for page in pages:
            assert client.get(page).status_code == 200
    assert checkouts == [] and watch.reads == reads  # no round trip at all
    _rename(app, event_id, "Renamed night")  # the other worker writes
    assert "Renamed night" in client.get("/events").get_data(as_text=True)  # at once
    assert watch.reads == reads + 1
    with reader.app_context():
        db.session.remove()
        db.engine.dispose()


# --- Worker processes under gunicorn ----------------------------------------------------------

def _all(base: str, paths: list[str], reads: int = 16) -> list[requests.Response]:
    """Every path ``reads`` times at once (several workers answer)."""
    with ThreadPoolExecutor(6) as pool:
        return list(pool.map(lambda p: requests.get(base + p, timeout=60),
                             [p for p in paths for _ in range(reads)]))


def _until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition`` until it holds; fail after :data:`GENEROUS` seconds."""
    deadline = time.monotonic() + GENEROUS
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not seen within {GENEROUS} s (the bound is {RECHECK} s): {what}")
        time.sleep(0.05)


def _behind_the_apps_back(url: str, *statements: str) -> None:
    """A write no process of this installation announces (another server, a hand edit):
    Core on a connection of its own, outside any session."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))
            connection.execute(text("UPDATE club_settings SET generation = generation + 1"))
    finally:
        engine.dispose()


@pytest.mark.db
def test_workers_see_every_write_at_once_or_within_the_bound(tmp_path: Path,
                                                            monkeypatch) -> None:
    monkeypatch.setenv("CLUB_STATE_RECHECK", str(RECHECK))
    app = arranged_app(tmp_path)
    event_id = _seed(app)
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    paths = ["/", "/events", f"/events/{event_id}"]
    with gunicorn(app, tmp_path, workers=3, threads=2) as base:
        assert all(r.status_code == 200 for r in _all(base, paths))  # every worker warm
        # Announced: a write by another process of the installation, seen at once.
        _rename(app, event_id, "Announced night")
        answers = _all(base, ["/events", f"/events/{event_id}"])
        assert all("Announced night" in r.text for r in answers)
        # Not announced: seen by every worker within the bound.
        _behind_the_apps_back(url, f"UPDATE events SET name = 'Quiet night' WHERE id = {event_id}")
        _until(lambda: all("Quiet night" in r.text for r in _all(base, ["/events"])),
               "a rename made behind the app's back")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.mark.db
def test_a_club_turned_private_stops_answering_on_every_worker(tmp_path: Path,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("CLUB_STATE_RECHECK", str(RECHECK))
    app = arranged_app(tmp_path)
    event_id = _seed(app)
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    paths = ["/", "/members", "/events", f"/events/{event_id}", "/members/1"]

    def hidden() -> bool:
        answers = _all(base, paths, reads=8)
        return all(r.status_code == 404 and "Ann Lee" not in r.text for r in answers)

    with gunicorn(app, tmp_path, workers=3, threads=2) as base:
        etags = {r.url: r.headers["ETag"] for r in _all(base, paths)}
        # Announced (a `ladder` command or another worker): no worker answers afterwards.
        with app.app_context(), unit_of_work():
            db.session.scalar(select(ClubSettings)).visibility = "private"
        assert hidden()
        revalidated = [requests.get(page, headers={"If-None-Match": etag}, timeout=60)
                       for page, etag in etags.items()]
        assert all(r.status_code == 404 for r in revalidated)
        # Public again, then private behind the app's back: within the bound, then for good.
        with app.app_context(), unit_of_work():
            db.session.scalar(select(ClubSettings)).visibility = "public"
        assert all(r.status_code == 200 for r in _all(base, paths))
        _behind_the_apps_back(url, "UPDATE club_settings SET visibility = 'private'")
        _until(hidden, "a club made private behind the app's back")
        for _ in range(3):
            assert hidden()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
