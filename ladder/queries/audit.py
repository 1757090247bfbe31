"""The audit log as the organizer reads it: filtered by event or member, a page at a time."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, func, or_, select

from ..extensions import DbSession
from ..models import AuditEntry, Event, Member, MemberAlias
from ..names import fold_diacritics, name_key
from .common import Window

PAGE_SIZE = 50
MAX_ID = 10**12


# Merges, undos and re-links concern two members but carry one member id; the other one is in
# the old/new values (JSON with sorted keys, so the id is followed by "}" there).
_TWO_MEMBER_ACTIONS = ("member.merge", "member.unmerge", "entry.relink")


def _about_member(member_id: int):  # noqa: ANN202 - an SQL condition
    """Audit entries about ``member_id``: its own, and the merges and re-links involving it."""
    patterns = [f'%"{key}": {member_id}}}%' for key in ("member", "source", "target")]
    mentioned = or_(*[column.like(pattern) for pattern in patterns
                      for column in (AuditEntry.old_value, AuditEntry.new_value)])
    # A result edit is about both players: the opponent's id is in the entry's context.
    opponent = or_(*[AuditEntry.context.like(f'%"opponent_id": {member_id}{end}%')
                     for end in (",", "}")])
    return or_(AuditEntry.member_id == member_id,
               and_(AuditEntry.action.in_(_TWO_MEMBER_ACTIONS), mentioned),
               and_(AuditEntry.action == "result.edit", opponent))


@dataclass(frozen=True)
class AuditPage:
    """One page of the log with the names its entries mention."""

    page: Window
    entries: list[AuditEntry]
    member_names: dict[int, str] = field(default_factory=dict)
    event_names: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AuditFilter:
    """What the organizer filters by: ids (from links), names typed, a date range."""

    event_id: int | None = None
    member_id: int | None = None
    event_name: str = ""
    member_name: str = ""
    since: dt.date | None = None
    until: dt.date | None = None

    @property
    def active(self) -> bool:
        """True when anything narrows the log."""
        return bool(self.event_id or self.member_id or self.event_name or self.member_name
                    or self.since or self.until)


def _conditions(session: DbSession, wanted: AuditFilter) -> list[Any]:
    condition: list[Any] = []
    if wanted.event_id is not None:
        condition.append(AuditEntry.event_id == wanted.event_id)
    if wanted.member_id is not None:
        condition.append(_about_member(wanted.member_id))
    if wanted.event_name:
        ids = list(session.scalars(select(Event.id).where(
            Event.name.contains(wanted.event_name, autoescape=True))))
        # Deleted events live on in the entries' own words (summary, context).
        condition.append(or_(AuditEntry.event_id.in_(ids),
                             AuditEntry.summary.contains(wanted.event_name, autoescape=True),
                             AuditEntry.context.contains(wanted.event_name, autoescape=True)))
    if wanted.member_name:
        # Folded both ways (gonzalez finds González): compared in Python, a club's roster
        # and its aliases are a few thousand names at most.
        key = fold_diacritics(name_key(wanted.member_name))
        spellings = list(session.execute(select(Member.id, Member.name_key)))
        spellings += list(session.execute(select(MemberAlias.member_id, MemberAlias.name_key)))
        ids = [member for member, spelling in spellings
               if key in fold_diacritics(spelling)]
        condition.append(or_(*[_about_member(i) for i in sorted(set(ids))[:200]],
                             AuditEntry.context.contains(wanted.member_name, autoescape=True),
                             AuditEntry.summary.contains(wanted.member_name, autoescape=True)))
    if wanted.since is not None:
        condition.append(AuditEntry.at >= dt.datetime.combine(wanted.since, dt.time()))
    if wanted.until is not None:
        condition.append(AuditEntry.at < dt.datetime.combine(
            wanted.until + dt.timedelta(days=1), dt.time()))
    return condition


def _names(session: DbSession, entries: list[AuditEntry],
           wanted: AuditFilter) -> tuple[dict[int, str], dict[int, str]]:
    member_ids = {e.member_id for e in entries if e.member_id}
    event_ids = {e.event_id for e in entries if e.event_id}
    if wanted.member_id:
        member_ids.add(wanted.member_id)
    if wanted.event_id:
        event_ids.add(wanted.event_id)
    member_names: dict[int, str] = dict(session.execute(
        select(Member.id, Member.name).where(Member.id.in_(member_ids))).all())
    event_names: dict[int, str] = dict(session.execute(
        select(Event.id, Event.name).where(Event.id.in_(event_ids))).all())
    return member_names, event_names


def audit_page(session: DbSession, *, event_id: int | None = None,
               member_id: int | None = None, number: int | None = None,
               wanted: AuditFilter | None = None) -> AuditPage:
    """Page ``number`` (1 when missing or past the end) of the entries matching the filters."""
    wanted = wanted or AuditFilter(event_id=event_id, member_id=member_id)
    condition = _conditions(session, wanted)
    total = session.scalar(select(func.count(AuditEntry.id)).where(*condition)) or 0
    pages = Window(1, PAGE_SIZE, total).pages
    if number is None or number > pages:
        number = 1
    entries = list(session.scalars(
        select(AuditEntry).where(*condition).order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        .limit(PAGE_SIZE).offset((number - 1) * PAGE_SIZE)))
    member_names, event_names = _names(session, entries, wanted)
    return AuditPage(Window(number, PAGE_SIZE, total), entries, member_names, event_names)


#: The most rows one CSV export carries (a club's log stays far below it).
MAX_EXPORT = 100_000


def audit_rows(session: DbSession, wanted: AuditFilter) -> AuditPage:
    """Every entry matching the filters, newest first (for the CSV export)."""
    entries = list(session.scalars(
        select(AuditEntry).where(*_conditions(session, wanted))
        .order_by(AuditEntry.at.desc(), AuditEntry.id.desc()).limit(MAX_EXPORT)))
    member_names, event_names = _names(session, entries, wanted)
    return AuditPage(Window(1, max(1, len(entries)), len(entries)), entries, member_names,
                     event_names)
