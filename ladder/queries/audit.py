"""The audit log as the organizer reads it: filtered by event or member, a page at a time."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session

from ..extensions import DbSession
from ..models import AuditEntry, Event, Member

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
    return or_(AuditEntry.member_id == member_id,
               and_(AuditEntry.action.in_(_TWO_MEMBER_ACTIONS), mentioned))


@dataclass(frozen=True)
class Page:
    """Where this page is in the log."""

    number: int
    pages: int
    total: int

    @property
    def has_previous(self) -> bool:
        """True when there is a newer page."""
        return self.number > 1

    @property
    def has_next(self) -> bool:
        """True when there is an older page."""
        return self.number < self.pages


@dataclass(frozen=True)
class AuditPage:
    """One page of the log with the names its entries mention."""

    page: Page
    entries: list[AuditEntry]
    member_names: dict[int, str] = field(default_factory=dict)
    event_names: dict[int, str] = field(default_factory=dict)


def audit_page(session: DbSession, *, event_id: int | None, member_id: int | None,
               number: int | None) -> AuditPage:
    """Page ``number`` (1 when missing or past the end) of the entries matching the filters."""
    condition = []
    if event_id is not None:
        condition.append(AuditEntry.event_id == event_id)
    if member_id is not None:
        condition.append(_about_member(member_id))
    total = session.scalar(select(func.count(AuditEntry.id)).where(*condition)) or 0
    pages = max(1, -(-total // PAGE_SIZE))
    if number is None or number > pages:
        number = 1
    entries = list(session.scalars(
        select(AuditEntry).where(*condition).order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        .limit(PAGE_SIZE).offset((number - 1) * PAGE_SIZE)))
    member_ids = {e.member_id for e in entries if e.member_id} | ({member_id} if member_id else set())
    event_ids = {e.event_id for e in entries if e.event_id} | ({event_id} if event_id else set())
    member_names: dict[int, str] = dict(session.execute(
        select(Member.id, Member.name).where(Member.id.in_(member_ids))).all())
    event_names: dict[int, str] = dict(session.execute(
        select(Event.id, Event.name).where(Event.id.in_(event_ids))).all())
    return AuditPage(Page(number, pages, total), entries, member_names, event_names)
