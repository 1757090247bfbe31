"""Aliases through publish, merge, undo and re-link (docs/desk.md §2), stored in the database.

A spelling a member was confirmed under is matched like their name; a merged-away name
typed again points at the member it was merged into; an undo takes that back; after a split
the spelling is ambiguous and nothing is pre-selected.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Entry, MemberAlias
from ladder.services.events import PublishRequest, publish
from ladder.services.intake import name_choices
from ladder.services.ladder_check import check
from ladder.services.members import merge, relink, undo_merge
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament

W = Kind.WIN
JAN = dt.date(2025, 1, 7)


def _typed(name: str, other: str = "Ann Lee"):
    return tournament([name, other], [(1, 1, 2, W)], name="Tonight")


def _choice(name: str):
    return name_choices(_typed(name, "Zed Newcomer"), JAN)[0]


def test_a_confirmed_spelling_becomes_an_alias_and_is_preselected_next_time(ctx) -> None:
    publish_t(tournament(["Robert Pemberton", "Ann Lee"], [(1, 1, 2, W)]), JAN)
    robert = member("Robert Pemberton").id
    assert _choice("Bob Pemberton").exact is None  # a nickname is suggested, not preselected
    t = _typed("Bob Pemberton")
    publish(PublishRequest(tournament=t, name="Night 2", date=JAN + dt.timedelta(days=7),
                           kind=t.kind, links={1: robert, 2: member("Ann Lee").id}),
            actor="org")
    assert db.session.scalars(select(MemberAlias.name).where(
        MemberAlias.member_id == robert)).all() == ["Bob Pemberton"]
    choice = _choice("Bob Pemberton")
    assert choice.exact == robert
    assert check() == []


def test_a_merged_away_name_points_at_the_target_until_the_merge_is_undone(ctx) -> None:
    publish_t(tournament(["Robert Pemberton", "Ann Lee"], [(1, 1, 2, W)]), JAN)
    publish_t(tournament(["Bob Pemberton", "Cai Wu"], [(1, 1, 2, W)], name="Night 2"),
              JAN + dt.timedelta(days=7))
    bob, robert = member("Bob Pemberton").id, member("Robert Pemberton").id
    record = merge(bob, robert, actor="org")
    choice = _choice("Bob Pemberton")
    assert choice.exact == robert
    assert any("was merged into Robert Pemberton" in str(r) for r in choice.exact_reasons)
    undo_merge(record.id, actor="org")
    assert _choice("Bob Pemberton").exact == bob  # his own name again, not the target
    assert db.session.scalars(select(MemberAlias).where(
        MemberAlias.member_id == robert)).all() == []
    assert check() == []


def test_after_a_split_the_spelling_is_ambiguous(ctx) -> None:
    publish_t(tournament(["Robert Pemberton", "Ann Lee"], [(1, 1, 2, W)]), JAN)
    robert = member("Robert Pemberton").id
    t = _typed("Bob Pemberton", "Cai Wu")
    publish(PublishRequest(tournament=t, name="Night 2", date=JAN + dt.timedelta(days=7),
                           kind=t.kind, links={1: robert, 2: None}), actor="org")
    entry = db.session.scalar(select(Entry.id).where(Entry.raw_name == "Bob Pemberton"))
    new = relink(entry, None, actor="org")  # the organizer: they were two people after all
    assert new.name == "Bob Pemberton"
    choice = _choice("Bob Pemberton")
    assert choice.exact is None
    assert set(choice.ambiguous) == {robert, new.id}
    assert check() == []
