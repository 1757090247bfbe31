"""Ids are never reused (docs/club-rating.md §2): a merge record or an audit entry that names a
deleted row must never come to name a new one.

The history that broke it on SQLite (which reuses the ids of deleted rows unless a table is
AUTOINCREMENT): import tonight, merge a duplicate, delete tonight's event, re-import the
corrected file, undo the merge later. The undo must move back exactly what the merge moved
that still exists — never an entry of someone else that happens to carry a recycled id.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Event, Member, utcnow
from ladder.services.corrections import delete_event
from ladder.services.ladder_check import check
from ladder.services.members import merge, undo_merge
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
JAN = dt.date(2025, 1, 7)


def test_undo_after_delete_and_reimport_moves_nobody_else(ctx) -> None:
    publish_t(tournament(["John Smith", "Ann Lee"], [(1, 1, 2, W)], name="Night 1"), JAN)
    tonight = publish_t(tournament(["J. Smith", "Bo Chen", "Cai Wu", "Dee Park"],
                                   [(1, 1, 2, L), (1, 3, 4, D)], name="Night 2"),
                        JAN + dt.timedelta(days=7))
    tonight_id = tonight.id
    moved = [e.id for e in member("J. Smith").entries]
    record = merge(member("J. Smith").id, member("John Smith").id, actor="org")
    merge_id = record.id
    delete_event(tonight_id, actor="org")
    # The corrected file: the same night, now with Eve instead of J. Smith.
    again = publish_t(tournament(["Eve Ito", "Bo Chen", "Cai Wu", "Dee Park"],
                                 [(1, 1, 2, L), (1, 3, 4, D)], name="Night 2"),
                      JAN + dt.timedelta(days=7))
    new_entries = {e.id for e in again.entries}
    assert again.id != tonight_id  # the event id was not reused
    assert not new_entries & set(moved)  # nor any entry id the merge record names
    eve_entry = db.session.scalar(select(Entry.id).join(Member).where(Member.name == "Eve Ito"))
    undo_merge(merge_id, actor="org")
    assert db.session.scalar(select(Member.name).join(Entry).where(Entry.id == eve_entry)) \
        == "Eve Ito"
    assert member("J. Smith") is not None and member("J. Smith").entries == []
    assert check() == []
    # The deleted event's audit entries still name only the deleted event's id.
    assert db.session.scalar(select(func.count(AuditEntry.id))
                             .where(AuditEntry.event_id == again.id)) == 1  # its publish


def test_ids_stay_unused_after_deleting_the_newest_rows(ctx) -> None:
    first = publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, W)], name="A"), JAN)
    first_id = first.id
    entries = sorted(e.id for e in first.entries)
    delete_event(first_id, actor="org")
    second = publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, W)], name="B"), JAN)
    assert second.id > first_id
    assert min(e.id for e in second.entries) > max(entries)
    assert db.session.get(Event, first_id) is None


def test_check_notices_broken_ownership(ctx) -> None:
    # What a lost race could leave: an entry of a merged-away member, a merge in force that
    # no longer holds. ``ladder check`` (and the dashboard) must say so.
    from sqlalchemy import update

    from ladder.models import Merge
    publish_t(tournament(["John Smith", "Ann Lee"], [(1, 1, 2, W)], name="Night 1"), JAN)
    publish_t(tournament(["J. Smith", "Bo Chen"], [(1, 1, 2, L)], name="Night 2"),
              JAN + dt.timedelta(days=7))
    source, target = member("J. Smith").id, member("John Smith").id
    record = merge(source, target, actor="org")
    assert check() == []
    entry = db.session.scalar(select(Entry.id).where(Entry.member_id == target,
                                                     Entry.raw_name == "J. Smith"))
    with direct_writes():  # what a lost race could leave, written by hand
        db.session.execute(update(Entry).where(Entry.id == entry).values(member_id=source))
        db.session.commit()
    assert any(d.where == f"entry {entry}" for d in check())
    with direct_writes():
        db.session.execute(update(Entry).where(Entry.id == entry).values(member_id=target))
        db.session.execute(update(Member).where(Member.id == source).values(merged_into_id=None))
        db.session.commit()
    assert any(d.where == f"merge {record.id}" for d in check())
    assert db.session.get(Merge, record.id).undone_at is None
    # Merged away with no merge in force that says so (the record undone, the member not).
    with direct_writes():
        db.session.execute(update(Merge).where(Merge.id == record.id).values(undone_at=utcnow()))
        db.session.execute(update(Member).where(Member.id == source).values(merged_into_id=target))
        db.session.commit()
    assert any(d.where == f"member {source}" for d in check())
