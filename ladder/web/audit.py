"""Blueprint 'audit' (organizers only) at /organize/audit: the audit log, newest first,
filterable, paginated.

SPEC §3: who, when, what, old value, new value. Filters come from the query string
(``?event=…&member=…``) so the member and event pages can link to their own history.
Names here are full names: the page is for organizers only.
"""

from __future__ import annotations

from flask import Blueprint, request

from ..extensions import db
from ..queries.audit import MAX_ID, PAGE_SIZE, audit_page
from .guards import require_organizer
from .helpers import digits
from .htmx import page_or_fragment
from .paging import Window

bp = Blueprint("audit", __name__, url_prefix="/organize/audit")
bp.before_request(require_organizer)


def _positive_int(value: str | None) -> int | None:
    """A positive integer from the query string, or None for anything else (never a crash)."""
    number = digits(value, 13)
    return number if number is not None and 0 < number <= MAX_ID else None


@bp.get("/")
def index() -> str:
    """The audit log, newest first, 50 to a page; a bad page number shows page 1."""
    event_id = _positive_int(request.args.get("event"))
    member_id = _positive_int(request.args.get("member"))
    page = audit_page(db.session, event_id=event_id, member_id=member_id,
                      number=_positive_int(request.args.get("page")))
    win = Window(page.page.number, PAGE_SIZE, page.page.total)
    return page_or_fragment("audit/index.html", {"audit-more": "audit/_rows.html"},
                            entries=page.entries, page=page.page, win=win,
                            event_id=event_id, member_id=member_id,
                            member_names=page.member_names, event_names=page.event_names,
                            raw_event=request.args.get("event", "")[:20],
                            raw_member=request.args.get("member", "")[:20])
