"""The page cache under gunicorn (docs/architecture.md §3): separate worker processes, each with its
own cache, never serve a page older than the last write.

The pages are read many times at once (so both workers render and cache them), a result is
edited and an event renamed through one worker, and at once every page is read again many
times: every answer equals every other and shows the change. Runs on SQLite, and in CI
again on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.served import Organizer, arranged_app, first_game, gunicorn
from tests.web.bodies import comparable_text

pytestmark = pytest.mark.db

READS = 24


def _read_all(base: str, paths: list[str]) -> dict[str, list[str]]:
    """Every path ``READS`` times at once, by visitors without cookies."""
    def get(path: str) -> tuple[str, str]:
        response = requests.get(base + path, timeout=60)
        assert response.status_code == 200, (path, response.status_code)
        return path, comparable_text(response.text)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(get, [p for p in paths for _ in range(READS)]))
    bodies: dict[str, list[str]] = {}
    for path, body in answers:
        bodies.setdefault(path, []).append(body)
    return bodies


def test_no_worker_serves_a_page_older_than_the_last_write(tmp_path: Path) -> None:
    app = arranged_app(tmp_path)
    with app.app_context():
        event_id = publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                                        [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)],
                                        name="Club night"), dt.date(2025, 3, 4)).id
    paths = ["/", "/members", "/events", f"/events/{event_id}", "/members/1"]
    with gunicorn(app, tmp_path, workers=2, threads=2) as base:
        before = _read_all(base, paths)  # both workers render and cache every page
        assert all(len(set(bodies)) == 1 for bodies in before.values())
        organizer = Organizer(base)
        result_id, version = first_game(app, event_id)
        assert organizer.post(f"/organize/results/{result_id}", kind="loss",
                              version=version).status_code == 303
        with app.app_context():
            from ladder.extensions import db
            from ladder.models import Event
            event_version = db.session.get(Event, event_id).version
        assert organizer.post(f"/organize/events/{event_id}", name="Renamed night",
                              date="2025-03-04", rated="on",
                              version=str(event_version)).status_code == 303
        after = _read_all(base, paths)
    with app.app_context():
        from ladder.extensions import db
        db.session.remove()
        db.engine.dispose()  # no connection outlives the test (PostgreSQL warns otherwise)
    for path in paths:
        assert len(set(after[path])) == 1, path  # every worker answers the same
        assert after[path][0] != before[path][0], path  # and the page changed
    assert "Renamed night" in after["/events"][0] and "Club night" not in after["/events"][0]
    assert "Renamed night" in after[f"/events/{event_id}"][0]
