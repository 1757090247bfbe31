"""Read models of the organizer's members pages: the roster with full names, a member's
entries, merge suggestions and the merges list (reads only; the members service writes).

Names here are full names: these pages are for logged-in organizers only.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import select

from ..extensions import db
from ..models import Entry, Event, Member, MemberAlias, Merge, RatingRow
from ..names import name_key, suggest
from .common import RatingChangeMixin

MAX_SUGGESTIONS_PER_MEMBER = 3


@dataclass(frozen=True)
class EntryLine(RatingChangeMixin):
    """One participation of a member: the event, the name as typed, the rating change."""

    entry_id: int
    event_id: int
    event_name: str
    event_date: dt.date
    raw_name: str
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True)
class DuplicatePair:
    """Two visible members whose names look like one person's, with the reasons why."""

    first_id: int
    first_name: str
    second_id: int
    second_name: str
    score: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class MergeLine:
    """A merge as the merges list shows it."""

    id: int
    source_id: int
    source_name: str
    target_id: int
    target_name: str
    at: dt.datetime
    actor: str
    moved: int
    undone_at: dt.datetime | None


def roster(query: str = "") -> list[Member]:
    """Every visible (not merged away) member, by name; ``query`` filters by identity key."""
    statement = select(Member).where(Member.merged_into_id.is_(None))
    needle = name_key(query) if query.strip() else ""
    if needle:
        statement = statement.where(Member.name_key.contains(needle, autoescape=True))
    return list(db.session.scalars(statement.order_by(Member.name_key, Member.id)))


def visible_members() -> list[tuple[int, str]]:
    """(id, name) of every visible member, by name: the choices of the organizer's selects."""
    return [(row.id, row.name) for row in db.session.execute(
        select(Member.id, Member.name).where(Member.merged_into_id.is_(None))
        .order_by(Member.name_key, Member.id))]


def member_aliases(member_id: int) -> list[str]:
    """The other spellings a member was confirmed under, oldest first."""
    return list(db.session.scalars(select(MemberAlias.name)
                                   .where(MemberAlias.member_id == member_id)
                                   .order_by(MemberAlias.id)))


def member_entries(member_id: int) -> list[EntryLine]:
    """Every entry of a member with its event and rating change, oldest first."""
    rows = db.session.execute(
        select(Entry.id, Event.id.label("event_id"), Event.name, Event.date, Entry.raw_name,
               RatingRow.rating_before, RatingRow.rating_after)
        .join(Event, Event.id == Entry.event_id)
        .outerjoin(RatingRow, (RatingRow.event_id == Entry.event_id)
                   & (RatingRow.member_id == Entry.member_id))
        .where(Entry.member_id == member_id)
        .order_by(Event.date, Event.id, Entry.id))
    return [EntryLine(r.id, r.event_id, r.name, r.date, r.raw_name, r.rating_before,
                      r.rating_after) for r in rows]


@lru_cache(maxsize=4)
def _name_pairs(members: tuple[tuple[int, str], ...]) -> tuple[DuplicatePair, ...]:
    """Pairs of likely-same names: each member against the members created before it.

    The score is symmetric in practice (tested on the labelled name pairs), so comparing each
    pair once halves the work; the newer member plays the "typed" name, as when it was imported.
    Names only, so the result is cached on the (id, name) list itself.
    """
    pairs: list[DuplicatePair] = []
    ordered = sorted(members)
    for index, (member_id, name) in enumerate(ordered):
        if index == 0:
            continue
        for found in suggest(name, ordered[:index], limit=MAX_SUGGESTIONS_PER_MEMBER):
            pairs.append(DuplicatePair(found.candidate, found.name, member_id, name,
                                       found.score, tuple(found.reasons)))
    return tuple(pairs)


def merge_suggestions() -> list[DuplicatePair]:
    """Merge suggestions: visible members whose names look alike (docs/desk.md §2), best first.

    Excluded: pairs who share an event (they played each other or at least sat in one room, so
    they are two people; the merge would be refused anyway) and pairs merged before (an undone
    merge says the organizer already decided they are two people).
    """
    pairs = _name_pairs(tuple(visible_members()))
    if not pairs:
        return []
    involved = {p.first_id for p in pairs} | {p.second_id for p in pairs}
    events: dict[int, set[int]] = {}
    for member_id, event_id in db.session.execute(
            select(Entry.member_id, Entry.event_id).where(Entry.member_id.in_(involved))):
        if member_id is not None:
            events.setdefault(member_id, set()).add(event_id)
    merged = {frozenset((m.source_id, m.target_id)) for m in db.session.execute(
        select(Merge.source_id, Merge.target_id))}
    kept = [p for p in pairs
            if not (events.get(p.first_id, set()) & events.get(p.second_id, set()))
            and frozenset((p.first_id, p.second_id)) not in merged]
    return sorted(kept, key=lambda p: (-p.score, p.first_name.casefold(), p.first_id,
                                       p.second_id))


def undone_merges() -> list[MergeLine]:
    """Merges undone whose two members are both visible again and not merged since: the pairs
    the suggestions leave out because of the undo (docs/desk.md §2), newest first, one per pair."""
    visible = {member_id for member_id, _name in visible_members()}
    seen: set[frozenset[int]] = set()
    out = []
    for line in merge_list():
        pair = frozenset((line.source_id, line.target_id))
        if pair in seen:
            continue
        seen.add(pair)
        if line.undone_at is not None and pair <= visible:
            out.append(line)
    return out


def merge_list() -> list[MergeLine]:
    """Every merge, newest first, with the names of both members."""
    records = db.session.scalars(select(Merge).order_by(Merge.id.desc())).all()
    ids = {r.source_id for r in records} | {r.target_id for r in records}
    names = dict(db.session.execute(select(Member.id, Member.name).where(Member.id.in_(ids)))
                 .all()) if ids else {}
    return [MergeLine(r.id, r.source_id, names.get(r.source_id, "—"), r.target_id,
                      names.get(r.target_id, "—"), r.at, r.actor, _moved_count(r), r.undone_at)
            for r in records]


def merge_line(merge_id: int) -> MergeLine | None:
    """One merge as the merges list shows it (None when there is no such merge)."""
    return next((line for line in merge_list() if line.id == merge_id), None)


def _moved_count(record: Merge) -> int:
    return len([i for i in record.moved_entry_ids.split(",") if i])


__all__ = ["member_aliases", "roster", "visible_members", "member_entries", "merge_suggestions",
           "merge_list", "merge_line", "EntryLine", "DuplicatePair", "MergeLine"]
