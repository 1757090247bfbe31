"""Two organizers at one club night, against the app served by gunicorn (several worker
processes, real HTTP, two sessions racing from two threads): pairing a round at once pairs it
once; two different results tapped on one board from the same page: one is saved, the other
is refused with a message (that blames no one: it may be the organizer's own second tap),
nothing merged."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import requests
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Night, NightBoard
from ladder.services.night import Arrival, NightSettings, check_in, create_night
from tests.served import Organizer, arranged_app, gunicorn


def _race(calls: list) -> list[requests.Response]:  # type: ignore[type-arg]
    barrier = threading.Barrier(len(calls))
    answers: list[requests.Response | None] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [answer for answer in answers if answer is not None]


def test_two_organizers_at_one_night(tmp_path: Path) -> None:
    app = arranged_app(tmp_path)
    with app.app_context():
        night = create_night(NightSettings(name="Served", date=dt.date(2025, 2, 4), rounds=3),
                             actor="test")
        for index in range(8):
            db.session.expire_all()
            version = db.session.get(Night, night.id).version
            check_in(night.id, Arrival(name=f"Player {index}"), version, "test")
        night_id = night.id
        version = db.session.get(Night, night_id).version
    with gunicorn(app, tmp_path, preload=True) as base:
        ann, bo = Organizer(base), Organizer(base)
        path = f"/organize/nights/{night_id}/rounds/1"
        answers = _race([lambda who=who: who.post(path, action="pair", version=str(version))
                         for who in (ann, bo)])
        assert [a.status_code for a in answers] == [303, 303]
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(NightBoard)) == 4
            version = db.session.get(Night, night_id).version
        assert ann.post(path, action="publish", version=str(version)).status_code == 303
        with app.app_context():
            board = db.session.scalars(select(NightBoard).order_by(NightBoard.id)).first()
            board_id, board_version = board.id, board.version
        tap = f"/organize/nights/boards/{board_id}"
        answers = _race([lambda: ann.post(tap, result="1-0", version=str(board_version)),
                         lambda: bo.post(tap, result="0-1", version=str(board_version))])
        codes = sorted(a.status_code for a in answers)
        assert codes == [303, 409]
        refused = next(a for a in answers if a.status_code == 409)
        assert "result changed meanwhile" in refused.text and "Nothing was saved" in refused.text
        with app.app_context():
            db.session.expire_all()
            assert db.session.get(NightBoard, board_id).result in ("1-0", "0-1")
            assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
                AuditEntry.action == "night.result")) == 1
            assert db.session.scalar(select(func.count()).select_from(AuditEntry).where(
                AuditEntry.action == "night.pair")) == 1
