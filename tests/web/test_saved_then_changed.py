"""A change is saved (committed, audited); before its answer is made, another organizer
deletes or changes what the answer reads. The answer says so, or shows the page as it is now:
never a 404 or a 500 for a change that was saved.

Each test runs the other organizer's change right after the use case's own commit, on a
session of its own (as another worker would), by wrapping the use case the view calls. The
races of a result edit and of a publish are in test_result_save_work.py and
test_organize_intake.py.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Competition, Member, Season
from ladder.services import competitions as competition_services
from ladder.services import corrections, seasons
from ladder.services.competitions import CompetitionSettings, create_competition
from ladder.services.members import add_member, merge
from ladder.services.night import NightSettings, create_night
from ladder.vocabulary.tournament import Kind
from ladder.web.organize import competitions as competition_view
from ladder.web.organize import events as event_view
from ladder.web.organize import night as night_view
from ladder.web.organize import seasons as season_view
from tests.factories import HTMX, csrf_token, latest_audit_actions, publish_t, seed, tournament

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"]


def _then(app: Flask, use_case: Callable[..., Any], other: Callable[[], object]
          ) -> Callable[..., Any]:
    """``use_case``, followed at once by another organizer's change ``other``."""
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        answer = use_case(*args, **kwargs)
        with app.app_context():  # another worker, on its own session
            other()
            db.session.remove()
        return answer
    return wrapped


def _members(app: Flask) -> dict[str, int]:
    with app.app_context():
        publish_t(tournament(NAMES, [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW)],
                             name="Earlier"), dt.date(2025, 1, 7))
        return {m.name: m.id for m in db.session.scalars(select(Member))}


def test_publishing_again_an_event_deleted_at_once_says_so(
        app: Flask, logged_in: FlaskClient) -> None:
    event_id = seed(app)
    token = csrf_token(logged_in, f"/organize/events/{event_id}")
    change = _then(app, corrections.set_published,
                   lambda: corrections.delete_event(event_id, "other organizer"))
    with mock.patch.object(event_view, "set_published", change):
        response = logged_in.post(f"/organize/events/{event_id}/status",
                                  data={"csrf_token": token, "version": "1", "publish": "0"})
    assert response.status_code == 303  # it was a 500: the vanished row's name was read
    assert response.headers["Location"].endswith("/organize/")
    desk = logged_in.get("/organize/").get_data(as_text=True)
    assert "The event was saved, but another organizer has since deleted it." in desk
    assert latest_audit_actions(app, 2) == ["event.delete", "event.unpublish"]


@pytest.mark.parametrize(("use_case", "path", "fields", "action"), [
    ("update_event", "", {"name": "Renamed", "date": "2025-01-08"}, "event.update"),
    ("update_tiebreaks", "/tiebreaks", {"edition": "fide-2024", "order_preset": "BH,SB"},
     "event.tiebreaks"),
])
def test_event_details_saved_then_deleted_at_once_say_so(
        app: Flask, logged_in: FlaskClient, use_case: str, path: str, fields: dict[str, str],
        action: str) -> None:
    event_id = seed(app)
    token = csrf_token(logged_in, f"/organize/events/{event_id}")
    change = _then(app, getattr(corrections, use_case),
                   lambda: corrections.delete_event(event_id, "other organizer"))
    with mock.patch.object(event_view, use_case, change):
        response = logged_in.post(f"/organize/events/{event_id}{path}",
                                  data={"csrf_token": token, "version": "1", **fields})
    assert response.status_code == 303
    # It led to the event's own page, which is "not found" once the event is deleted.
    assert response.headers["Location"].endswith("/organize/")
    desk = logged_in.get("/organize/").get_data(as_text=True)
    assert "The event was saved, but another organizer has since deleted it." in desk
    assert latest_audit_actions(app, 2) == ["event.delete", action]


def test_a_season_saved_then_deleted_at_once_says_so(app: Flask,
                                                     logged_in: FlaskClient) -> None:
    with app.app_context():
        season_id = seasons.create_season("Winter", dt.date(2025, 1, 1), dt.date(2025, 3, 31),
                                          "org").id
    token = csrf_token(logged_in, f"/organize/seasons/{season_id}")
    change = _then(app, seasons.update_season,
                   lambda: seasons.delete_season(season_id, "other organizer"))
    with mock.patch.object(season_view, "update_season", change):
        response = logged_in.post(f"/organize/seasons/{season_id}", data={
            "csrf_token": token, "name": "Winter 2025", "first": "2025-01-01",
            "last": "2025-03-31"})
    assert response.status_code == 303  # it was a 500
    listed = logged_in.get("/organize/seasons").get_data(as_text=True)
    assert "The season was saved, but another organizer has since deleted it." in listed
    with app.app_context():
        assert db.session.scalar(select(Season)) is None
    assert latest_audit_actions(app, 2) == ["season.delete", "season.update"]


def _competition(app: Flask, ids: dict[str, int]) -> int:
    with app.app_context():
        return create_competition(CompetitionSettings(name="Winter Keizer"),
                                  list(ids.values()), "org").id


def _tap_mark(client: FlaskClient, competition_id: int, member_id: int) -> Any:
    desk = f"/organize/competitions/{competition_id}"
    token = csrf_token(client, f"{desk}/attendance/1")
    return client.post(f"{desk}/attendance/1/{member_id}",
                       headers={**HTMX, "HX-Target": f"mark-{member_id}"},
                       data={"csrf_token": token, "status": "excused"})


def _competition_version(competition_id: int) -> int:
    competition = db.session.get(Competition, competition_id)
    assert competition is not None
    return competition.version


def _mark_while(app: Flask, client: FlaskClient,
                other: Callable[[int, int, int], object]) -> tuple[Any, int]:
    """Bo Chen marked away with notice for round 1 (htmx), and at once another organizer's
    ``other(competition_id, Bo Chen's id, the competition's version)``; returns the answer
    and the competition's id."""
    ids = _members(app)
    competition_id = _competition(app, ids)
    change = _then(app, competition_services.mark_attendance, lambda: other(
        competition_id, ids["Bo Chen"], _competition_version(competition_id)))
    with mock.patch.object(competition_view.services, "mark_attendance", change):
        return _tap_mark(client, competition_id, ids["Bo Chen"]), competition_id


def test_a_mark_whose_competition_is_deleted_at_once_leads_to_the_list(
        app: Flask, logged_in: FlaskClient) -> None:
    response, _ = _mark_while(app, logged_in, lambda competition, _member, version: (
        competition_services.delete_competition(competition, version, "other organizer")))
    assert response.status_code == 204  # it was a 500: the expired competition was read
    assert response.headers["HX-Redirect"].endswith("/organize/competitions")
    listed = logged_in.get("/organize/competitions").get_data(as_text=True)
    assert ("The mark was saved, but another organizer has since deleted the competition."
            in listed)


def test_a_mark_whose_member_is_taken_off_at_once_reloads_the_list(
        app: Flask, logged_in: FlaskClient) -> None:
    response, competition_id = _mark_while(
        app, logged_in, lambda competition, member, version: competition_services.remove_member(
            competition, member, version, "other organizer"))
    assert response.status_code == 200  # it was a 500 (StopIteration)
    assert response.headers.get("HX-Refresh") == "true"
    page = logged_in.get(f"/organize/competitions/{competition_id}/attendance/1"
                         ).get_data(as_text=True)
    assert "Ann Lee" in page and "Bo Chen" not in page


def test_a_tick_whose_member_is_merged_at_once_reloads_the_desk(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _members(app)
    with app.app_context():
        # Bo Chen's record kept twice: "Bo Chen" of the events, "Chen Bo" added by hand.
        duplicate = add_member("Chen Bo", "org").id
        night_id = create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4),
                                              rounds=2), actor="org").id
    page = f"/organize/nights/{night_id}"
    token = csrf_token(logged_in, page)
    change = _then(app, night_view.nights.tick,
                   lambda: merge(ids["Bo Chen"], duplicate, "other organizer"))
    with mock.patch.object(night_view.nights, "tick", change):
        response = logged_in.post(f"{page}/tick", data={
            "csrf_token": token, "member_id": str(ids["Bo Chen"]), "here": "1"},
            headers={**HTMX, "HX-Target": f"tick-row-{ids['Bo Chen']}"})
    assert response.status_code == 200  # it was a 404, which htmx does not swap
    assert response.headers.get("HX-Refresh") == "true"
    assert latest_audit_actions(app, 2)[0] == "member.merge"
    desk = logged_in.get(page).get_data(as_text=True)
    assert f'id="tick-row-{ids["Bo Chen"]}"' not in desk
