"""A re-link taken back takes its alias back (docs/desk.md §2).

6 Jan: Ann Case beats Bob Case. Bob's entry is re-linked to Eve, then back to Bob: Eve must
not keep "Bob Case" as an alias (the spelling would be held by two members, pre-selected for
neither, and the next import would create a duplicate). 20 Jan: "Bob Case - Gus Hale 1-0"
links to Bob, who then has 2 games (before the fix: a new "Bob Case" member, and Bob stayed
at 1 game), and the stored ladder agrees with a replay from scratch.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Entry, Member, MemberAlias
from ladder.services.importing import import_file
from ladder.services.ladder_check import check
from ladder.services.members import add_member, relink
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament


def _import(text: str, day: dt.date) -> None:
    import_file(text, source="paste", file_format="paste", name=None, date=day, kind=None,
                rated=True, actor="test")


def test_relink_and_back_leaves_no_alias(ctx) -> None:
    publish_t(tournament(["Ann Case", "Bob Case"], [(1, 1, 2, Kind.WIN)]), dt.date(2026, 1, 6))
    eve = add_member("Eve Stone", "test")
    bob = member("Bob Case")
    entry = db.session.scalar(select(Entry.id).where(Entry.raw_name == "Bob Case"))
    relink(entry, eve.id, actor="test")
    assert db.session.scalars(select(MemberAlias.name).where(
        MemberAlias.member_id == eve.id)).all() == ["Bob Case"]
    relink(entry, bob.id, actor="test")
    assert db.session.scalars(select(MemberAlias.name)).all() == []
    _import("Bob Case - Gus Hale 1-0", dt.date(2026, 1, 20))
    bobs = db.session.scalars(select(Member).where(Member.name == "Bob Case")).all()
    assert [m.id for m in bobs] == [bob.id]  # no duplicate
    assert bobs[0].games == 2
    assert check() == []


def test_a_spelling_still_used_stays(ctx) -> None:
    """Eve keeps a re-linked spelling while another of her entries is typed that way."""
    publish_t(tournament(["Ann Case", "Bob Case"], [(1, 1, 2, Kind.WIN)]), dt.date(2026, 1, 6))
    publish_t(tournament(["Bob Case", "Cai Wu"], [(1, 1, 2, Kind.DRAW)], name="Night 2"),
              dt.date(2026, 1, 13))
    eve = add_member("Eve Stone", "test")
    bob = member("Bob Case")
    first, second = db.session.scalars(select(Entry.id).where(Entry.raw_name == "Bob Case")
                                       .order_by(Entry.id)).all()
    relink(first, eve.id, actor="test")
    relink(second, eve.id, actor="test")
    relink(first, bob.id, actor="test")  # her second entry is still typed "Bob Case"
    assert db.session.scalars(select(MemberAlias.name).where(
        MemberAlias.member_id == eve.id)).all() == ["Bob Case"]
    assert check() == []
