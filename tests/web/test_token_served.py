"""Regenerating an unlisted club's link ends the old one at once on every worker (docs/privacy.md).

Under gunicorn with several worker processes (each with its own page cache and per-generation
memo), every worker first serves the old link many times (cached pages, ETags, pooled
connections warmed); then the organizer regenerates the link through one worker, and at once
every request for the old link, with or without its ETag, with and without cookies, on every
worker, answers 404, while the new link answers. Also with ``--preload`` (the app built once
and forked): each worker must get its own database pool, or the workers share the start-up
check's connection (on PostgreSQL that answered 500s and could read an old state). Runs on
SQLite, and in CI again on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from ladder.extensions import db
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.served import Organizer, arranged_app, gunicorn

pytestmark = pytest.mark.db

READS = 48
PAGES = ["/", "/members", "/events", "/members/1", "/events/1"]
_TOKEN = re.compile(r"/c/([A-Za-z0-9_-]{20,})/")


def _token(organizer: Organizer) -> str:
    found = _TOKEN.search(organizer.get("/organize/settings/").text)
    assert found, "the settings page shows the unlisted link"
    return found.group(1)


def _statuses(base: str, token: str, etags: dict[str, str]) -> list[tuple[str, int, int]]:
    """Every page under ``token``, READS times at once: (path, status, worker pid)."""
    def get(job: tuple[str, bool]) -> tuple[str, int, int]:
        path, revalidate = job
        headers = {"If-None-Match": etags[path]} if revalidate and path in etags else {}
        response = requests.get(f"{base}/c/{token}{path}", headers=headers, timeout=60)
        if response.status_code == 200 and "ETag" in response.headers:
            etags.setdefault(path, response.headers["ETag"])
        return path, response.status_code, int(response.headers.get("X-Worker", "0") or 0)

    jobs = [(p, i % 2 == 1) for p in PAGES for i in range(READS)]
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(get, jobs))


@pytest.mark.parametrize(("extra", "threads"), [((), 2), (("--preload",), 1)],
                         ids=["threaded-workers", "preloaded-sync-workers"])
def test_an_old_link_dies_on_every_worker(tmp_path: Path, extra: tuple[str, ...],
                                          threads: int) -> None:
    app = arranged_app(tmp_path)
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu"],
                             [(1, 1, 2, Kind.WIN), (2, 2, 3, Kind.DRAW)]), dt.date(2025, 1, 7))
        from dataclasses import replace

        from ladder.services.club_settings import current_form, update_settings
        update_settings(replace(current_form(), visibility="unlisted"), actor="test")
        db.session.remove()
    with gunicorn(app, tmp_path, workers=3, threads=threads, extra=extra) as base:
        organizer = Organizer(base)
        old = _token(organizer)
        etags: dict[str, str] = {}
        before = _statuses(base, old, etags)
        assert {status for _p, status, _w in before} <= {200, 304}, before[:5]
        assert etags, "shared pages carry an ETag"
        answer = organizer.post("/organize/settings/token", confirm="yes")
        assert answer.status_code == 303
        new = _token(organizer)
        assert new != old
        after = _statuses(base, old, etags)
        alive = [(path, status) for path, status, _w in after if status != 404]
        assert not alive, alive[:10]
        fresh = _statuses(base, new, {})
        assert {status for _p, status, _w in fresh} <= {200, 304}
        assert any(status == 200 for _p, status, _w in fresh)

