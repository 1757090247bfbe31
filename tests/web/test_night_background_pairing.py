"""A big round blocks no one (docs/club-night.md §3, "A big round").

The engine's work runs outside the write lock: the round is read, paired, then stored under
the version check, refused when the night changed meanwhile. A round bigger than
``NIGHT_PAIRING_INLINE_PLAYERS`` is paired by a background job (the engine in a process of
its own) whose progress the desk shows and polls; a job whose worker stopped expires and the
round can be paired again; the old job then stores nothing. The served test runs gunicorn
with the background path for every round (the threshold at 0) and, while a job pairs, asks
for a public page and makes another write; none of them waits for the pairing.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from ladder.club.night import message_from_json
from ladder.extensions import db
from ladder.models import AuditEntry, Night, NightBoard, NightRound
from ladder.services import night_pairing
from ladder.services import night_rounds as rounds
from ladder.services.night import Arrival, NightSettings, check_in, create_night
from tests.factories import HTMX, csrf_token, direct_writes
from tests.served import Organizer, arranged_app, gunicorn


def _night(app: Flask, players: int, rounds_count: int = 3) -> int:
    with app.app_context():
        night = create_night(NightSettings(name="Big night", date=dt.date(2025, 2, 4),
                                           rounds=rounds_count), actor="test")
        for index in range(players):
            check_in(night.id, Arrival(name=f"Player {index:03d}"), _version(night.id), "test")
        return night.id


def _version(night_id: int) -> int:
    db.session.expire_all()
    return db.session.get(Night, night_id).version


def _boards(app: Flask, night_id: int) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(NightBoard).where(
            NightBoard.night_id == night_id)))


def test_the_engine_runs_outside_the_write_lock_and_a_changed_night_is_refused(
        app: Flask) -> None:
    """Read, pair, store: a check-in between the reading and the storing refuses the pairing
    (it was made without that player) with a clear message, and nothing is stored."""
    night_id = _night(app, 6)
    with app.app_context():
        version = _version(night_id)
        posed = rounds.pose_pairing(night_id, 1, version)
        assert not db.session().in_transaction()  # the read ended: no snapshot, no lock
        answer = rounds.engine_answer(posed)
        check_in(night_id, Arrival(name="Late Comer"), version, "test")
        with pytest.raises(rounds.StaleNight, match="changed while round 1 was being paired"):
            rounds.store_pairing(night_id, 1, version, answer, "test")
        assert db.session.scalar(select(func.count()).select_from(NightRound)) == 0
        rounds.pair_round(night_id, 1, _version(night_id), "test")
        assert len(db.session.get(Night, night_id).boards) == 4  # the late comer is paired


@pytest.mark.parametrize("process", [True, False], ids=["child process", "thread"])
def test_a_job_pairs_in_a_process_of_its_own_and_says_why_it_stored_nothing(
        app: Flask, process: bool) -> None:
    night_id = _night(app, 12)
    settings = night_pairing.JobSettings(heartbeat=0.01 if not process else 0.2,
                                         process=process)
    with app.app_context():
        version = _version(night_id)
        token = night_pairing.start_job(night_id, 1, version)
        assert token is not None
        assert night_pairing.start_job(night_id, 1, version) is None  # a double click
        assert night_pairing.heartbeat(night_id, token)
        assert not night_pairing.heartbeat(night_id, "another job")  # given up: it stops
        # The job as a thread of this process would run it (here in the test's thread).
        night_pairing.run_job(app, night_id, 1, version, token, "org", settings)
        night = db.session.get(Night, night_id)
        db.session.refresh(night)
        assert [r.round for r in night.rounds_state] == [1] and len(night.boards) == 6
        assert night.pairing_round is None and night.pairing_note is None
        assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
            AuditEntry.action == "night.pair")) == 1
    # Round 2, and the night changes while the job pairs: the job stores nothing and the
    # night says why.
    with app.app_context():
        rounds.publish_round(night_id, 1, _version(night_id), "org")
        for board in db.session.scalars(select(NightBoard).where(
                NightBoard.night_id == night_id, NightBoard.black_id.is_not(None))).all():
            rounds.record_result(board.id, "1-0", board.version, "org")
        version = _version(night_id)
        token = night_pairing.start_job(night_id, 2, version)
        check_in(night_id, Arrival(name="Late Comer"), version, "org")
        night_pairing.run_job(app, night_id, 2, version, token, "org", settings)
        db.session.expire_all()
        night = db.session.get(Night, night_id)
        assert [r.round for r in night.rounds_state] == [1]
        assert night.pairing_round is None
        note = str(message_from_json(json.loads(night.pairing_note)))
        assert note.startswith("The night changed while round 2 was being paired")


def test_the_desk_shows_the_progress_polls_it_and_an_expired_job_can_be_redone(
        app: Flask, logged_in: FlaskClient) -> None:
    night_id = _night(app, 10)
    page = f"/organize/nights/{night_id}"
    with app.app_context():
        version = _version(night_id)
        token = night_pairing.start_job(night_id, 1, version)  # a job whose worker …
    html = logged_in.get(page).get_data(as_text=True)
    assert "Round 1 is being paired (10 players)" in html
    assert f'hx-get="{page}/pairing"' in html and 'hx-trigger="every 2s"' in html
    assert 'value="pair"' not in html  # no second "Pair round 1" meanwhile
    poll = logged_in.get(page + "/pairing", headers=HTMX)
    assert poll.status_code == 200 and "Round 1 is being paired" in poll.get_data(as_text=True)
    assert "HX-Refresh" not in poll.headers
    # … stopped (a restart): no sign of life for longer than the stale time.
    with app.app_context(), direct_writes():
        db.session.execute(update(Night).where(Night.id == night_id).values(
            pairing_seen_at=dt.datetime(2025, 1, 1)))
        db.session.commit()
    poll = logged_in.get(page + "/pairing", headers=HTMX)
    assert poll.headers.get("HX-Refresh") == "true"
    html = logged_in.get(page).get_data(as_text=True)
    assert "The pairing of round 1 stopped before it was done" in html
    assert 'value="pair"' in html
    # Pairing again works; the old job, if it ever ends, stores nothing.
    token_answer = logged_in.post(page + "/rounds/1", data={
        "csrf_token": csrf_token(logged_in, page), "version": str(version), "action": "pair"})
    assert token_answer.status_code == 303
    assert _boards(app, night_id) == 5
    with app.app_context():
        assert token is not None
        night_pairing.run_job(app, night_id, 1, version, token, "old",
                              night_pairing.JobSettings(heartbeat=0.2))
    assert _boards(app, night_id) == 5
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
            AuditEntry.action == "night.pair")) == 1


@pytest.mark.db  # served over PostgreSQL too, when TEST_DATABASE_URL is set
def test_served_a_big_round_pairs_in_the_background_and_blocks_no_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn, every round through the background path (threshold 0, no wait): the pair
    request answers at once, the desk shows the job until the preview is there, and a public
    page and another organizer's write answer while the job runs."""
    monkeypatch.setenv("NIGHT_PAIRING_INLINE_PLAYERS", "0")
    monkeypatch.setenv("NIGHT_PAIRING_WAIT_SECONDS", "0")
    app = arranged_app(tmp_path)
    night_id = _night(app, 120)
    other_id = _night(app, 0)
    with app.app_context():
        version = _version(night_id)
        other_version = _version(other_id)
    with gunicorn(app, tmp_path, workers=2) as base:
        ann, bo = Organizer(base), Organizer(base)
        desk = f"/organize/nights/{night_id}"
        answer = ann.post(desk + "/rounds/1", action="pair", version=str(version))
        assert answer.status_code == 303, answer.text[:500]
        shown = ann.get(desk).text
        assert "is being paired" in shown or "Round 1 — preview" in shown
        # Meanwhile: a public page and a write of another organizer.
        public = requests.get(base + "/", timeout=60)
        write = bo.post(f"/organize/nights/{other_id}/checkin", name="Someone Else",
                        version=str(other_version))
        assert public.status_code == 200 and write.status_code == 303
        polls = []
        deadline = time.monotonic() + 300  # a condition awaited, not a time asserted
        while _boards(app, night_id) == 0 and time.monotonic() < deadline:
            poll = ann.http.get(base + desk + "/pairing", headers=HTMX, timeout=60)
            polls.append(poll.headers.get("HX-Refresh") == "true" or
                         "is being paired" in poll.text)
            time.sleep(0.5)
        assert all(polls)
        assert _boards(app, night_id) == 60
        shown = ann.get(desk).text
        assert "Round 1 — preview (not public yet)" in shown and "is being paired" not in shown
        assert ann.http.get(base + desk + "/pairing", headers=HTMX,
                            timeout=60).headers.get("HX-Refresh") == "true"
    with app.app_context():
        night = db.session.get(Night, night_id)
        assert night.pairing_round is None and night.pairing_note is None
        assert len(db.session.get(Night, other_id).players) == 1
        paired = db.session.scalars(select(AuditEntry).where(
            AuditEntry.action == "night.pair")).all()
        assert len(paired) == 1 and json.loads(paired[0].context)["background"] is True
        db.session.remove()
        db.engine.dispose()


def test_a_pairing_process_whose_worker_died_ends_itself(tmp_path: Path) -> None:
    """The worker that started the engine's process is killed: nobody will read the answer,
    so the process ends instead of spending the CPU (it is waiting for its input here)."""
    import os
    import subprocess
    import sys
    read, write = os.pipe()
    starter = ("import os, subprocess, sys; child = subprocess.Popen([sys.executable, '-m', "
               "'ladder.club.pairing_job', str(os.getpid())], stdin=int(sys.argv[1]), "
               "pass_fds=(int(sys.argv[1]),)); print(child.pid, flush=True)")
    worker = subprocess.run([sys.executable, "-c", starter, str(read)], pass_fds=(read,),
                            capture_output=True, text=True, check=True, timeout=120)
    os.close(read)
    child = int(worker.stdout.strip())
    deadline = time.monotonic() + 120  # a condition awaited, not a time asserted
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        stat = Path(f"/proc/{child}/stat").read_text() if Path(f"/proc/{child}").exists() else ""
        if stat.rsplit(")", 1)[-1].split()[:1] == ["Z"]:
            break  # ended, not yet reaped
        time.sleep(0.2)
    os.close(write)
    assert not Path(f"/proc/{child}").exists() or Path(
        f"/proc/{child}/stat").read_text().rsplit(")", 1)[-1].split()[0] == "Z"
