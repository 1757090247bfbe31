"""Two organizers at once (docs/club-rating.md §2): real concurrency against gunicorn, several
workers.

Each test arranges data through the services, serves the same database with gunicorn
(3 worker processes × 2 threads, forked from one preloaded app: the races are between the
processes, not in how each starts), fires the competing requests from threads released by one
barrier, and then checks the database: one winner, the others refused with a clear status,
no server error, ``ladder check`` green, one audit entry per applied change.
Runs on SQLite, and in CI again on PostgreSQL (``TEST_DATABASE_URL``).
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from flask import Flask
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Event, Member, Merge, Result
from ladder.services.ladder_check import check
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.served import Organizer, arranged_app, first_game, gunicorn

pytestmark = pytest.mark.db

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
NIGHT = dt.date(2025, 3, 4)


@pytest.fixture
def arrange(tmp_path: Path) -> Iterator[Callable[[], Flask]]:
    """``arrange()`` gives the app over the served database; its connections are closed
    at the end of the test (PostgreSQL warns about connections left open)."""
    apps: list[Flask] = []

    def make() -> Flask:
        apps.append(arranged_app(tmp_path))
        return apps[-1]

    yield make
    for app in apps:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def _at_once(count: int, action: Callable[[int], requests.Response]) -> list[requests.Response]:
    """Run ``action(i)`` for i < count in threads released together."""
    barrier = threading.Barrier(count)

    def run(i: int) -> requests.Response:
        barrier.wait()
        return action(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def _events(app, count: int = 3) -> list[int]:
    """``count`` club nights of four players, a week apart; their ids."""
    ids = []
    with app.app_context():
        for n in range(count):
            t = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                           [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)],
                           name=f"Night {n + 1}")
            ids.append(publish_t(t, NIGHT + dt.timedelta(days=7 * n)).id)
    return ids


def _audit(app, action: str) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(AuditEntry.id))
                                 .where(AuditEntry.action == action)) or 0


def _codes(responses: list[requests.Response]) -> list[int]:
    codes = [r.status_code for r in responses]
    assert 500 not in codes, [r.text[:300] for r in responses if r.status_code == 500]
    return codes


def test_same_result_saved_at_once_from_the_same_version_has_one_winner(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    event_id = _events(app, 1)[0]
    with gunicorn(app, tmp_path, preload=True) as base:
        organizers = [Organizer(base) for _ in range(6)]
        kinds = ["win", "draw", "loss"]
        for attempt in range(4):
            result_id, version = first_game(app, event_id)
            responses = _at_once(6, lambda i, result_id=result_id, version=version: organizers[i]
                                 .post(f"/organize/results/{result_id}", kind=kinds[i % 3],
                                       version=version))
            codes = _codes(responses)
            assert codes.count(303) == 1 and codes.count(409) == 5, (attempt, codes)
            with app.app_context():
                stored = db.session.get(Result, result_id)
                assert stored.version == version + 1
    assert _audit(app, "result.edit") == 4
    with app.app_context():
        assert check() == []


def test_same_event_date_changed_at_once_has_one_winner(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    event_id = _events(app, 2)[1]
    with gunicorn(app, tmp_path, preload=True) as base:
        organizers = [Organizer(base) for _ in range(6)]
        responses = _at_once(6, lambda i: organizers[i].post(
            f"/organize/events/{event_id}", name=f"Night {i}", rated="on", version=1,
            date=(NIGHT - dt.timedelta(days=i + 1)).isoformat()))
    codes = _codes(responses)
    assert codes.count(303) == 1 and codes.count(409) == 5, codes
    assert _audit(app, "event.update") == 1
    with app.app_context():
        assert db.session.get(Event, event_id).version == 2
        assert check() == []


def test_corrections_in_different_events_at_once_leave_the_ladder_consistent(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    events = _events(app, 4)
    games = [first_game(app, event_id) for event_id in events]
    with gunicorn(app, tmp_path, preload=True) as base:
        organizers = [Organizer(base) for _ in range(4)]
        for kind in ("draw", "loss"):
            games = [first_game(app, event_id) for event_id in events]
            responses = _at_once(4, lambda i, games=games, kind=kind: organizers[i].post(
                f"/organize/results/{games[i][0]}", kind=kind, version=games[i][1]))
            assert _codes(responses) == [303] * 4
            with app.app_context():
                assert check() == []  # every replay started from committed state
    assert _audit(app, "result.edit") == 8


def _two_strangers(app) -> tuple[int, int]:
    """Two members who never met nor shared an event (so a merge is allowed)."""
    with app.app_context():
        publish_t(tournament(["Jon Smith", "Ann Lee"], [(1, 1, 2, W)], name="A"), NIGHT)
        publish_t(tournament(["John Smith", "Bo Chen"], [(1, 1, 2, D)], name="B"),
                  NIGHT + dt.timedelta(days=7))
        ids = [db.session.scalar(select(Member.id).where(Member.name == name))
               for name in ("Jon Smith", "John Smith")]
        return ids[0], ids[1]


def test_crossed_merges_at_once_one_is_refused_nobody_vanishes(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    a, b = _two_strangers(app)
    with gunicorn(app, tmp_path, preload=True) as base:
        organizers = [Organizer(base) for _ in range(2)]
        pairs = [(a, b), (b, a)]
        responses = _at_once(2, lambda i: organizers[i].post(
            "/organize/members/merge", source=pairs[i][0], target=pairs[i][1]))
    codes = _codes(responses)
    assert sorted(codes) == [303, 409], codes
    assert "already merged" in responses[codes.index(409)].text
    with app.app_context():
        visible = db.session.scalar(select(func.count(Member.id))
                                    .where(Member.merged_into_id.is_(None)))
        assert visible == 3  # four people, one merged away
        assert db.session.scalar(select(func.count(Merge.id))) == 1
        assert check() == []


def test_the_same_merge_sent_twice_merges_once(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    a, b = _two_strangers(app)
    with gunicorn(app, tmp_path, preload=True) as base:
        organizer = Organizer(base)
        responses = _at_once(3, lambda i: organizer.post(
            "/organize/members/merge", source=a, target=b))
    assert _codes(responses) == [303] * 3
    assert _audit(app, "member.merge") == 1
    with app.app_context():
        assert db.session.scalar(select(func.count(Merge.id))) == 1


def test_merge_against_edit_and_delete_against_edit_never_fail_with_500(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    a, b = _two_strangers(app)
    with app.app_context():
        event_b = db.session.scalar(select(Event.id).where(Event.name == "B"))
    result_id, version = first_game(app, event_b)
    with gunicorn(app, tmp_path, preload=True) as base:
        organizers = [Organizer(base) for _ in range(2)]
        responses = _at_once(2, lambda i: organizers[i].post(
            "/organize/members/merge", source=a, target=b) if i == 0 else organizers[i].post(
            f"/organize/results/{result_id}", kind="loss", version=version))
        assert _codes(responses) == [303, 303]  # independent changes: both apply, in turn
        result_id, version = first_game(app, event_b)
        responses = _at_once(2, lambda i: organizers[i].post(
            f"/organize/events/{event_b}/delete") if i == 0 else organizers[i].post(
            f"/organize/results/{result_id}", kind="win", version=version))
        codes = _codes(responses)
        assert codes[0] == 303 and codes[1] in (303, 404), codes
    with app.app_context():
        assert db.session.get(Event, event_b) is None
        assert check() == []


def test_one_preview_published_twice_at_once_publishes_once(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    text = "Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"
    with gunicorn(app, tmp_path, preload=True) as base:
        organizer = Organizer(base)
        form = {"name": "Double click night", "date": "2025-04-01", "rated": "on",
                "text": text, "format": "paste"}
        names = organizer.post("/organize/events/new/names", **form).text
        token = re.search(r'name="publish_token" value="([^"]+)"', names).group(1)
        links = {f"link-{n}": "new" for n in range(1, 5)}
        responses = _at_once(4, lambda i: organizer.post(
            "/organize/events/new/publish", publish_token=token, **form, **links))
    codes = _codes(responses)
    assert codes == [303] * 4, codes
    assert len({r.headers["Location"] for r in responses}) == 1  # all shown the same event
    with app.app_context():
        assert db.session.scalar(select(func.count(Event.id))) == 1
        assert db.session.scalar(select(func.count(Member.id))) == 4
        assert check() == []
    assert _audit(app, "event.publish") == 1


def test_parallel_wrong_passwords_cannot_slip_under_the_limit(
        tmp_path: Path, arrange: Callable[[], Flask]) -> None:
    app = arrange()
    with gunicorn(app, tmp_path, workers=4, threads=4, preload=True) as base:
        clients = [requests.Session() for _ in range(16)]
        tokens = [re.search(r'name="csrf-token" content="([^"]+)"',
                            c.get(base + "/auth/login", timeout=30).text).group(1)
                  for c in clients]
        responses = _at_once(16, lambda i: clients[i].post(
            base + "/auth/login", data={"csrf_token": tokens[i], "username": "organizer",
                                        "password": f"wrong password {i}"},
            allow_redirects=False, timeout=60))
    codes = _codes(responses)
    evaluated = codes.count(200)
    assert evaluated <= 5 and codes.count(429) == 16 - evaluated, codes


def test_a_mixed_soak_loses_nothing_and_audits_every_change(tmp_path: Path) -> None:
    from tests.soak import run_soak
    figures = run_soak(tmp_path, workers=3, clients=6, writes=60, seed=7)
    assert figures["server_errors"] == 0, figures["errors"]
    assert figures["lost_updates"] == 0
    # A string, so that CI prints it whole (pytest shortens a dict's repr): which action's
    # answers and audit entries disagree.
    assert figures["one_audit_per_change"], (
        f"{figures['applied']} changes answered as applied, {figures['audit_entries']} audit "
        f"entries; answers {figures['outcomes']}; audit entries in all "
        f"{figures['audit_by_action']} (6 of the publishes were arranged before the soak)")
    assert figures["check_differences"] == 0, figures["differences"]
    assert not figures["entries_of_merged_members"]
    assert figures["applied"] > 20  # the soak did write (not everything refused)
