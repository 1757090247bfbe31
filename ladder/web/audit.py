"""Blueprint 'audit' (organizer only): the audit log, newest first, filterable, paginated.

SPEC §3: who, when, what, old value, new value. Filters come from the query string
(``?event=…&member=…``) so the member and event pages can link to their own history.
Names here are full names: the page is for organizers only.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template, request
from sqlalchemy import and_, func, or_, select

from ..extensions import db
from ..models import AuditEntry, Event, Member
from .guards import organizer_required
from .helpers import digits

bp = Blueprint("audit", __name__)

PAGE_SIZE = 50
MAX_ID = 10**12


def _positive_int(value: str | None) -> int | None:
    """A positive integer from the query string, or None for anything else (never a crash)."""
    number = digits(value, 13)
    return number if number is not None and 0 < number <= MAX_ID else None


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


@bp.get("/")
@organizer_required
def index() -> str:
    """The audit log, newest first, 50 to a page; a bad page number shows page 1."""
    event_id = _positive_int(request.args.get("event"))
    member_id = _positive_int(request.args.get("member"))
    condition = []
    if event_id is not None:
        condition.append(AuditEntry.event_id == event_id)
    if member_id is not None:
        condition.append(_about_member(member_id))
    total = db.session.scalar(select(func.count(AuditEntry.id)).where(*condition)) or 0
    pages = max(1, -(-total // PAGE_SIZE))
    number = _positive_int(request.args.get("page"))
    if number is None or number > pages:
        number = 1
    entries = db.session.scalars(
        select(AuditEntry).where(*condition).order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        .limit(PAGE_SIZE).offset((number - 1) * PAGE_SIZE)).all()
    member_ids = {e.member_id for e in entries if e.member_id} | ({member_id} if member_id else set())
    event_ids = {e.event_id for e in entries if e.event_id} | ({event_id} if event_id else set())
    member_names = dict(db.session.execute(
        select(Member.id, Member.name).where(Member.id.in_(member_ids))).all())
    event_names = dict(db.session.execute(
        select(Event.id, Event.name).where(Event.id.in_(event_ids))).all())
    return render_template("audit/index.html", entries=entries,
                           page=Page(number, pages, total), event_id=event_id,
                           member_id=member_id, member_names=member_names,
                           event_names=event_names,
                           raw_event=request.args.get("event", "")[:20],
                           raw_member=request.args.get("member", "")[:20])
