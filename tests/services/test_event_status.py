"""Drafts (docs/desk.md §1 status): taking an event back to draft and publishing it again.

A draft is out of the ladder and off the public pages; withdrawing and republishing leaves
every rating row and member state as it was; both are one audited, version-checked write.
"""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Event, EventStatus, RatingRow
from ladder.queries.event_list import event_page
from ladder.queries.events import load_event
from ladder.services import Conflict
from ladder.services.corrections import delete_event, set_published
from ladder.services.ladder_check import check
from ladder.services.uow import rehearsal
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, snapshot, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)
NIGHT = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)])
LATER = tournament(["Ann Lee", "Bo Chen", "Cai Wu"], [(1, 1, 2, D), (2, 2, 3, W)],
                   name="Later")


def _version(event_id: int) -> int:
    return db.session.get(Event, event_id).version


def _rows_of(event_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(RatingRow)
                             .where(RatingRow.event_id == event_id)) or 0


def test_a_draft_leaves_the_ladder_as_a_delete_would_and_comes_back_exactly(ctx) -> None:
    first = publish_t(NIGHT, JAN)
    later = publish_t(LATER, JAN + dt.timedelta(days=7))
    published = snapshot()
    # What the ladder would be without the first event: a delete, rolled back.
    with rehearsal():
        delete_event(first.id, actor="test")
        without_first = {name: (member(name).rating, member(name).games)
                         for name in ("Ann Lee", "Bo Chen", "Cai Wu")}
    assert snapshot() == published

    set_published(first.id, "org", version=_version(first.id), published=False)
    assert db.session.get(Event, first.id).status is EventStatus.DRAFT
    assert _rows_of(first.id) == 0 and _rows_of(later.id) == 3
    assert {name: (member(name).rating, member(name).games)
            for name in ("Ann Lee", "Bo Chen", "Cai Wu")} == without_first
    assert member("Ann Lee").games == 1  # only the drawn game of "Later" counts now
    assert check() == []
    # Off the public pages: not loadable as published, not in the events list.
    assert load_event(db.session, first.id) is None
    assert load_event(db.session, first.id, drafts=True) is not None
    assert [e.event_id for e in event_page(db.session, 0, 10)] == [later.id]

    set_published(first.id, "org", version=_version(first.id), published=True)
    assert snapshot() == published
    assert check() == []
    actions = db.session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()
    assert actions[-2:] == ["event.unpublish", "event.publish_draft"]


def test_a_second_click_changes_nothing_and_a_stale_form_is_refused(ctx) -> None:
    event = publish_t(NIGHT, JAN)
    version = _version(event.id)
    set_published(event.id, "org", version=version, published=False)
    after = snapshot()
    # The same click again (same old version): already a draft, nothing more happens.
    set_published(event.id, "org", version=version, published=False)
    assert snapshot() == after
    assert db.session.scalar(select(func.count()).select_from(AuditEntry)
                             .where(AuditEntry.action == "event.unpublish")) == 1
    # Publishing with the version from before the withdrawal: someone changed it meanwhile.
    with pytest.raises(Conflict):
        set_published(event.id, "org", version=version, published=True)
    assert db.session.get(Event, event.id).status is EventStatus.DRAFT
    assert snapshot() == after


def test_a_draft_can_be_corrected_and_then_counts_as_corrected(ctx) -> None:
    from ladder.models import Entry, Result
    from ladder.services.corrections import edit_result
    event = publish_t(NIGHT, JAN)
    set_published(event.id, "org", version=_version(event.id), published=False)
    result = db.session.scalar(select(Result).join(Entry, Entry.id == Result.entry_id)
                               .where(Entry.raw_name == "Ann Lee", Result.round == 1))
    edit_result(result.id, "draw", result.version, actor="org")
    assert _rows_of(event.id) == 0  # still a draft: still out of the ladder
    assert member("Ann Lee").games == 0
    set_published(event.id, "org", version=_version(event.id), published=True)
    assert member("Ann Lee").games == 2 and check() == []


def test_an_event_saved_as_a_draft_counts_only_once_published(ctx) -> None:
    from ladder.services.events import PublishRequest, exact_links, publish
    publish_t(LATER, JAN + dt.timedelta(days=7))
    before = snapshot()
    draft = publish(PublishRequest(tournament=NIGHT, name="Held back", date=JAN,
                                   kind=NIGHT.kind, links=exact_links(NIGHT), draft=True),
                    actor="org")
    assert draft.status is EventStatus.DRAFT and _rows_of(draft.id) == 0
    # Nothing of the ladder moved (the new members exist, with no games yet).
    assert member("Ann Lee").games == 1 and member("Dee Park").games == 0
    assert load_event(db.session, draft.id) is None
    assert db.session.scalar(select(AuditEntry.action).order_by(AuditEntry.id.desc())) \
        == "event.draft"
    set_published(draft.id, "org", version=_version(draft.id), published=True)
    assert check() == []
    assert member("Dee Park").games == 2 and _rows_of(draft.id) == 4
    assert snapshot() != before
