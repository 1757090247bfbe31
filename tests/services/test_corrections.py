"""Corrections: edit a result (both sides, stale versions), change an event, delete an event."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Event, Result
from ladder.services import ServiceError
from ladder.services.corrections import StaleEdit, delete_event, edit_result, update_event
from ladder.services.ladder_check import check
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, snapshot, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)
NIGHT = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)])
LATER = tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, D)], name="Later")


def _result(name: str, round_no: int) -> Result:
    return db.session.scalar(select(Result).join(Entry, Entry.id == Result.entry_id).where(
        Entry.raw_name == name, Result.round == round_no).order_by(Result.id))


def test_edit_result_updates_both_sides_replays_and_audits(ctx) -> None:
    publish_t(NIGHT, JAN)
    publish_t(LATER, JAN + dt.timedelta(days=7))
    before_ann = member("Ann Lee").rating
    ann_r1 = _result("Ann Lee", 1)
    edit_result(ann_r1.id, "loss", ann_r1.version, actor="org")
    assert _result("Ann Lee", 1).kind == "loss"
    assert _result("Bo Chen", 1).kind == "win"
    assert member("Ann Lee").rating < before_ann
    assert check() == []
    entry = db.session.scalar(select(AuditEntry).where(AuditEntry.action == "result.edit"))
    assert (entry.old_value, entry.new_value, entry.actor) == ("win", "loss", "org")


def test_stale_edit_is_refused_and_changes_nothing(ctx) -> None:
    publish_t(NIGHT, JAN)
    result = _result("Ann Lee", 1)
    stale_version = result.version
    edit_result(result.id, "draw", stale_version, actor="first")
    state = snapshot()
    with pytest.raises(StaleEdit) as refused:
        edit_result(result.id, "loss", stale_version, actor="second")
    assert "draw" in refused.value.message
    assert snapshot() == state
    assert _result("Ann Lee", 1).kind == "draw"


def test_a_bye_cannot_become_a_game(ctx) -> None:
    t = tournament(["Ann Lee", "Bo Chen", "Cai Wu"], [(1, 1, 2, W)],
                   byes=[(1, 3, Kind.PAIRING_BYE)])
    publish_t(t, JAN)
    bye = _result("Cai Wu", 1)
    with pytest.raises(ServiceError):
        edit_result(bye.id, "win", bye.version, actor="org")
    edit_result(bye.id, "half_bye", bye.version, actor="org")
    assert _result("Cai Wu", 1).kind == "half_bye"


def test_change_date_moves_event_in_history_and_replays(ctx) -> None:
    first = publish_t(NIGHT, JAN)
    publish_t(LATER, JAN + dt.timedelta(days=7))
    update_event(first.id, "org", version=first.version, date=JAN + dt.timedelta(days=14))
    assert check() == []
    rows = db.session.scalars(select(Event).order_by(Event.date)).all()
    assert [e.name for e in rows] == ["Later", "Club night"]


def test_unrating_an_event_replays(ctx) -> None:
    event = publish_t(NIGHT, JAN)
    update_event(event.id, "org", version=event.version, rated=False)
    assert member("Ann Lee").rating == 1200
    assert member("Ann Lee").games == 0
    assert check() == []


def test_delete_event_replays_later_events(ctx) -> None:
    first = publish_t(NIGHT, JAN)
    publish_t(LATER, JAN + dt.timedelta(days=7))
    delete_event(first.id, actor="org")
    assert check() == []
    ann = member("Ann Lee")
    assert ann.games == 1 and ann.rating == 1200  # only the drawn game of "Later" is left
    assert member("Cai Wu").games == 0
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "event.delete"))
