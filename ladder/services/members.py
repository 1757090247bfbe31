"""Members: merge duplicates, undo a merge, re-link one entry, junior flag and consent (SPEC §4, §5).

Every change that moves an entry between members replays from the earliest event involved.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import Entry, Event, Member, Merge, RatingRow, Result, utcnow
from ..names import name_key, suggest
from . import ServiceError, atomically, audit
from .events import clean_name
from .replay import EventKey, earliest, replay, replay_change


def _member(member_id: int) -> Member:
    member = db.session.get(Member, member_id)
    if member is None:
        raise ServiceError(_("There is no member %(id)d.", id=member_id))
    return member


def _first_event_key(entry_ids: list[int]) -> EventKey | None:
    if not entry_ids:
        return None
    row = db.session.execute(
        select(Event.date, Event.id).join(Entry, Entry.event_id == Event.id)
        .where(Entry.id.in_(entry_ids)).order_by(Event.date, Event.id).limit(1)).first()
    return (row.date, row.id) if row else None


def played_each_other(a: int, b: int) -> bool:
    """True when members ``a`` and ``b`` met in any round (played, forfeited or scheduled)."""
    mine, theirs = aliased(Entry), aliased(Entry)
    found = db.session.scalar(
        select(Result.id).join(mine, mine.id == Result.entry_id)
        .join(theirs, theirs.id == Result.opponent_entry_id)
        .where(mine.member_id == a, theirs.member_id == b).limit(1))
    return found is not None


def _shared_event(a: int, b: int) -> str | None:
    mine, theirs = aliased(Entry), aliased(Entry)
    return db.session.scalar(
        select(Event.name).join(mine, mine.event_id == Event.id)
        .join(theirs, theirs.event_id == Event.id)
        .where(mine.member_id == a, theirs.member_id == b).limit(1))


def merge(source_id: int, target_id: int, actor: str) -> Merge:
    """Merge duplicate ``source`` into ``target``: its entries move, the source is hidden."""
    source, target = _member(source_id), _member(target_id)
    if source.id == target.id:
        raise ServiceError(_("A member cannot be merged into itself."))
    if source.merged_into_id is not None or target.merged_into_id is not None:
        raise ServiceError(_("One of these members was already merged into another."))
    if played_each_other(source.id, target.id):
        raise ServiceError(_("%(a)s and %(b)s played each other, so they are two different "
                             "people; they cannot be merged.", a=source.name, b=target.name))
    shared = _shared_event(source.id, target.id)
    if shared:
        raise ServiceError(_("%(a)s and %(b)s both took part in “%(event)s”; they cannot be "
                             "merged.", a=source.name, b=target.name, event=shared))
    moved = [entry.id for entry in source.entries]
    record = Merge(source_id=source.id, target_id=target.id, actor=actor,
                   moved_entry_ids=",".join(str(i) for i in sorted(moved)))

    def change() -> None:
        for entry in list(source.entries):
            entry.member_id = target.id
        source.merged_into_id = target.id
        db.session.add(record)

    atomically(lambda: replay_change(_first_event_key(moved), change))
    audit.record(actor, "member.merge", f"Merged “{source.name}” into “{target.name}”",
                 member_id=target.id, old={"source": source.id, "entries": moved},
                 new={"target": target.id})
    db.session.commit()
    return record


def undo_merge(merge_id: int, actor: str) -> None:
    """Undo a merge exactly: the moved entries go back and the source is visible again."""
    record = db.session.get(Merge, merge_id)
    if record is None or record.undone_at is not None:
        raise ServiceError(_("There is no such merge to undo."))
    later = db.session.scalars(
        select(Merge).where(Merge.id > record.id, Merge.undone_at.is_(None),
                            (Merge.target_id == record.target_id)
                            | (Merge.source_id == record.target_id))
        .order_by(Merge.id.desc())).first()
    if later is not None:
        raise ServiceError(_("Undo the later merge of “%(source)s” into “%(target)s” "
                             "(merge %(id)d) first.", source=_member(later.source_id).name,
                             target=_member(later.target_id).name, id=later.id))
    moved = [int(i) for i in record.moved_entry_ids.split(",") if i]
    entries = db.session.scalars(select(Entry).where(Entry.id.in_(moved))).all()
    strays = [e for e in entries if e.member_id != record.target_id]
    if strays:
        raise ServiceError(_("An entry of this merge was re-linked since (event “%(event)s”); "
                             "re-link it back first.", event=strays[0].event.name))
    source = _member(record.source_id)

    def change() -> None:
        for entry in entries:
            entry.member_id = source.id
        source.merged_into_id = None
        record.undone_at = utcnow()

    atomically(lambda: replay_change(_first_event_key(moved), change))
    audit.record(actor, "member.unmerge", f"Undid the merge of “{source.name}”",
                 member_id=source.id, old={"target": record.target_id},
                 new={"source": source.id, "entries": moved})
    db.session.commit()


def relink(entry_id: int, member_id: int | None, actor: str) -> Member:
    """Move one entry to another member, or (``member_id`` None) to a new member."""
    entry = db.session.get(Entry, entry_id)
    if entry is None:
        raise ServiceError(_("There is no such entry."))
    old_member = entry.member_id
    if member_id is not None:
        target = _member(member_id)
        if target.merged_into_id is not None:
            raise ServiceError(_("That member was merged into another; choose the other."))
        if target.id == old_member:
            raise ServiceError(_("The entry already belongs to that member."))
        clash = db.session.scalar(select(Entry.id).where(
            Entry.event_id == entry.event_id, Entry.member_id == target.id))
        if clash is not None:
            raise ServiceError(_("%(name)s already plays in this event.", name=target.name))
    else:
        name = clean_name(entry.raw_name)
        target = Member(name=name, name_key=name_key(name))
        db.session.add(target)
    key = (entry.event.date, entry.event_id)

    def change() -> None:
        db.session.flush()
        entry.member_id = target.id

    atomically(lambda: replay_change(key, change))
    audit.record(actor, "entry.relink",
                 f"“{entry.raw_name}” in “{entry.event.name}” re-linked",
                 event_id=entry.event_id, member_id=target.id, old={"member": old_member},
                 new={"member": target.id})
    db.session.commit()
    return target


def set_junior(member_id: int, junior: bool, actor: str) -> None:
    """Set the junior flag (initials on public pages); replays when the junior K option is on."""
    member = _member(member_id)
    if member.junior == junior:
        return
    old = member.junior
    member.junior = junior
    from .replay import club_settings
    if club_settings().junior_k is not None:
        atomically(lambda: replay(db.session, None))
    audit.record(actor, "member.junior", f"Junior flag of member {member.id}",
                 member_id=member.id, old=old, new=junior)
    db.session.commit()


def record_consent(member_id: int, given: bool, actor: str, *, date: dt.date | None = None,
                   recorded_by: str | None = None, note: str | None = None,
                   parent_and_child: bool = True) -> None:
    """Record (or withdraw) the consent of parent and child to show a junior's full name.

    SPEC §5: a consent counts only when the parent *and* the child agreed; ``parent_and_child``
    is the organizer's confirmation of that (the web form asks for it explicitly).
    """
    member = _member(member_id)
    if given and not parent_and_child:
        raise ServiceError(_("A consent needs the agreement of both the parent and the child."))
    if given and not (recorded_by and recorded_by.strip()):
        raise ServiceError(_("Say who recorded the consent."))
    if given and date is not None and date > dt.date.today():
        raise ServiceError(_("The consent date cannot be in the future."))
    old = {"given": member.consent_given, "date": str(member.consent_date),
           "by": member.consent_recorded_by}
    member.consent_given = given
    member.consent_date = (date or dt.date.today()) if given else None
    member.consent_recorded_by = recorded_by.strip()[:200] if given and recorded_by else None
    member.consent_note = (note or "").strip()[:500] or None
    audit.record(actor, "member.consent", f"Consent of member {member.id}", member_id=member.id,
                 old=old, new={"given": given, "date": str(member.consent_date),
                               "by": member.consent_recorded_by})
    db.session.commit()


# --- Read side for the organizer's members pages (reads only; nothing here writes) -----------

MAX_SUGGESTIONS_PER_MEMBER = 3


@dataclass(frozen=True)
class EntryLine:
    """One participation of a member: the event, the name as typed, the rating change."""

    entry_id: int
    event_id: int
    event_name: str
    event_date: dt.date
    raw_name: str
    rating_before: float | None
    rating_after: float | None

    @property
    def change(self) -> float | None:
        """The rating change of this event (None when the event was not rated for them)."""
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


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
    """Merge suggestions: visible members whose names look alike (SPEC §4), best first.

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
        events.setdefault(member_id, set()).add(event_id)
    merged = {frozenset((m.source_id, m.target_id)) for m in db.session.execute(
        select(Merge.source_id, Merge.target_id))}
    kept = [p for p in pairs
            if not (events.get(p.first_id, set()) & events.get(p.second_id, set()))
            and frozenset((p.first_id, p.second_id)) not in merged]
    return sorted(kept, key=lambda p: (-p.score, p.first_name.casefold(), p.first_id,
                                       p.second_id))


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


__all__ = ["merge", "undo_merge", "relink", "set_junior", "record_consent",
           "played_each_other", "earliest", "roster", "visible_members", "member_entries",
           "merge_suggestions", "merge_list", "merge_line", "EntryLine", "DuplicatePair",
           "MergeLine"]
