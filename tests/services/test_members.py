"""Merging duplicates, refusing impossible merges, undo after later events, re-linking."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Entry, Merge
from ladder.services import ServiceError
from ladder.services.ladder_check import check
from ladder.services.members import merge, record_consent, relink, undo_merge
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, snapshot, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)


def _week(n: int) -> dt.date:
    return JAN + dt.timedelta(days=7 * n)


def _club_with_duplicate() -> None:
    publish_t(tournament(["John Smith", "Ann Lee", "Bo Chen"], [(1, 1, 2, W), (2, 2, 3, D)]),
              _week(0))
    publish_t(tournament(["J. Smith", "Bo Chen"], [(1, 1, 2, L)], name="Night 2"), _week(1))


def test_merge_moves_entries_hides_source_and_replays(ctx) -> None:
    _club_with_duplicate()
    record = merge(member("J. Smith").id, member("John Smith").id, actor="org")
    john = member("John Smith")
    assert john.games == 2
    assert member("J. Smith") is None  # hidden
    assert record.moved_entry_ids
    assert check() == []


def test_merge_of_two_who_played_each_other_is_refused(ctx) -> None:
    _club_with_duplicate()
    state = snapshot()
    with pytest.raises(ServiceError, match="played each other"):
        merge(member("Ann Lee").id, member("John Smith").id, actor="org")
    assert snapshot() == state


def test_undo_restores_exactly_even_after_later_events(ctx) -> None:
    _club_with_duplicate()
    before_merge = snapshot()
    record = merge(member("J. Smith").id, member("John Smith").id, actor="org")
    # A later event for John, then undo: the later event stays John's; all else as before.
    publish_t(tournament(["John Smith", "Ann Lee"], [(1, 2, 1, D)], name="Night 3"), _week(2))
    undo_merge(record.id, actor="org")
    assert check() == []
    # Undoing the later event's effect to compare: the first two events are exactly as before.
    restored = snapshot()
    assert member("J. Smith") is not None
    assert db.session.get(Merge, record.id).undone_at is not None
    first_two = [r for r in __import__("json").loads(restored)[0] if r[0] in (1, 2)]
    assert first_two == [r for r in __import__("json").loads(before_merge)[0]]


def test_undo_requires_undoing_a_later_merge_of_the_target_first(ctx) -> None:
    _club_with_duplicate()
    publish_t(tournament(["Jon Smith", "Ann Lee"], [(1, 1, 2, W)], name="Night 3"), _week(2))
    first = merge(member("J. Smith").id, member("John Smith").id, actor="org")
    # A later merge involving the first merge's target (John into Jon):
    second = merge(member("John Smith").id, member("Jon Smith").id, actor="org")
    # A chain of two merges in force (J. Smith → John Smith → Jon Smith) is consistent.
    assert check() == []
    assert member("Jon Smith").games == 3
    with pytest.raises(ServiceError, match=f"merge {second.id}"):
        undo_merge(first.id, actor="org")
    undo_merge(second.id, actor="org")
    undo_merge(first.id, actor="org")
    assert check() == []
    assert member("J. Smith") and member("John Smith") and member("Jon Smith")


def test_relink_one_entry_to_a_new_member(ctx) -> None:
    _club_with_duplicate()
    merge(member("J. Smith").id, member("John Smith").id, actor="org")
    entry = db.session.scalar(select(Entry).where(Entry.raw_name == "J. Smith"))
    new = relink(entry.id, None, actor="org")
    assert new.name == "J. Smith" and new.games == 1
    assert member("John Smith").games == 1
    assert check() == []


def test_relink_refuses_a_member_already_in_the_event(ctx) -> None:
    _club_with_duplicate()
    entry = db.session.scalar(select(Entry).where(Entry.raw_name == "J. Smith"))
    with pytest.raises(ServiceError, match="already plays"):
        relink(entry.id, member("Bo Chen").id, actor="org")


def test_consent_needs_who_recorded_it(ctx) -> None:
    _club_with_duplicate()
    with pytest.raises(ServiceError):
        record_consent(member("Ann Lee").id, True, actor="org", recorded_by=" ")
    record_consent(member("Ann Lee").id, True, actor="org", recorded_by="Organizer",
                   note="Parent and child agreed")
    assert member("Ann Lee").consent_given


def test_consent_refuses_a_note_or_recorder_longer_than_kept_and_changes_nothing(ctx) -> None:
    # A value longer than its column is refused naming the field, never stored cut short.
    _club_with_duplicate()
    ann = member("Ann Lee")
    with pytest.raises(ServiceError, match="at most 500 characters; this one has 501") as note:
        record_consent(ann.id, True, actor="org", recorded_by="Organizer", note="n" * 501)
    assert note.value.field == "note"
    with pytest.raises(ServiceError, match="at most 200 characters") as recorder:
        record_consent(ann.id, True, actor="org", recorded_by="r" * 201)
    assert recorder.value.field == "recorded_by"
    db.session.expire_all()
    ann = member("Ann Lee")
    assert not ann.consent_given and ann.consent_note is None
    assert ann.consent_recorded_by is None
    record_consent(ann.id, True, actor="org", recorded_by="r" * 200, note="n" * 500)
    db.session.expire_all()
    assert member("Ann Lee").consent_note == "n" * 500
