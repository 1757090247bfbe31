"""The dashboard's ladder check runs once per change, not on every load (docs/club-rating.md §2).

The check is stored with the generation it verified (and a fingerprint of the members'
stored ratings); the dashboard reuses it while both are unchanged. "Check now" and
``ladder check`` always run it from scratch; storing it moves no generation.
"""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import ClubSettings, LadderCheck, Member
from ladder.services import ladder_check as verification
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, direct_writes, publish_t, seed, tournament


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the from-scratch checks (the real check still runs)."""
    calls: list[int] = []
    real = verification.check

    def counted(session=None):  # noqa: ANN001, ANN202
        calls.append(1)
        return real(session)

    monkeypatch.setattr(verification, "check", counted)
    return calls


def _generation(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(ClubSettings.generation))


def test_the_dashboard_checks_once_per_generation(app, logged_in, checks) -> None:
    seed(app)
    for _ in range(3):
        html = logged_in.get("/organize/").get_data(as_text=True)
        assert "Ladder verified" in html
    assert len(checks) == 1
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Eve Stone"], [(1, 1, 2, Kind.WIN)], name="Night 2"),
                  dt.date(2025, 2, 4))
    logged_in.get("/organize/")
    logged_in.get("/organize/")
    assert len(checks) == 2


def test_storing_the_check_moves_no_generation(app, logged_in, checks) -> None:
    seed(app)
    before = _generation(app)
    logged_in.get("/organize/")
    assert _generation(app) == before
    with app.app_context():
        stored = db.session.get(LadderCheck, 1)
        assert stored.generation == before and stored.total == 0


def test_check_now_and_the_command_run_from_scratch(app, logged_in, runner, checks) -> None:
    seed(app)
    logged_in.get("/organize/")
    token = csrf_token(logged_in, "/organize/")
    response = logged_in.post("/organize/check", data={"csrf_token": token})
    assert response.status_code == 303
    assert "Ladder verified" in logged_in.get("/organize/").get_data(as_text=True)
    assert len(checks) == 2
    assert runner.invoke(args=["check"]).exit_code == 0
    assert runner.invoke(args=["check"]).exit_code == 0
    assert len(checks) == 4
    logged_in.get("/organize/")
    assert len(checks) == 4  # the command stored its answer for the dashboard


def test_check_now_requires_login_and_csrf(app, client, logged_in, checks) -> None:
    seed(app)
    assert client.post("/organize/check").status_code == 303  # to the login page
    assert logged_in.post("/organize/check").status_code == 403
    assert checks == []


def test_a_stored_difference_is_shown_until_the_ladder_is_right_again(app, logged_in,
                                                                      runner, checks) -> None:
    seed(app)
    with app.app_context(), direct_writes():
        ann = db.session.scalar(select(Member).where(Member.name == "Ann Lee"))
        ann.rating = 1999.0  # behind the app's back: no generation moves
        db.session.commit()
    result = runner.invoke(args=["check"])
    assert result.exit_code == 1 and "rating stored 1999.0" in result.output
    for _ in range(2):
        html = logged_in.get("/organize/").get_data(as_text=True)
        assert "Ladder verified" not in html and "rating stored 1999.0" in html
    assert len(checks) == 1  # shown from the store
    token = csrf_token(logged_in, "/organize/")
    logged_in.post("/organize/rebuild", data={"csrf_token": token})
    html = logged_in.get("/organize/").get_data(as_text=True)
    assert "Ladder verified" in html and len(checks) == 2


def test_an_edit_outside_the_app_is_noticed_without_a_generation_change(app, logged_in,
                                                                        checks) -> None:
    seed(app)
    logged_in.get("/organize/")
    with app.app_context(), direct_writes():
        ann = db.session.scalar(select(Member).where(Member.name == "Ann Lee"))
        ann.games += 3
        db.session.commit()
    html = logged_in.get("/organize/").get_data(as_text=True)
    assert "games stored" in html and len(checks) == 2


def test_a_newer_stored_check_is_never_replaced_by_an_older_one(app) -> None:
    seed(app)
    with app.app_context():
        newer = verification.run_check()
        verification._store(verification.CheckResult(
            newer.generation - 1, newer.checked_at, 5, ("old",), fresh=True), "x")
        kept = verification.stored_check()
        assert kept.generation == newer.generation and kept.total == 0
