"""Blueprint 'audit' (organizers only) at /organize/audit: the audit log, newest first, in
words, filterable by event and member (id or name) and by date, paginated, exportable as CSV.

docs/club-rating.md §2: who, when, what, old value, new value. Id filters come from links on the
member and event pages (``?event=…&member=…``); the form filters by name and date range. Names here
are full names: the page is for organizers only.
"""

from __future__ import annotations

import csv
import datetime as dt
import io

from flask import Blueprint, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...queries.audit import AuditPage, audit_page, audit_rows
from ..support.formatting import club_zone, time_text
from ..support.guards import require_organizer
from ..support.htmx import page_or_fragment
from ..support.request_state import names
from .forms import AuditFilterForm
from .words import Describer

bp = Blueprint("audit", __name__, url_prefix="/organize/audit")
bp.before_request(require_organizer)


def _filter() -> AuditFilterForm:
    """The filters of this request, as typed (the query string)."""
    return AuditFilterForm(formdata=request.args)


def _describer(page: AuditPage) -> Describer:
    """Sentences for this page's entries; members named through the one display-name
    function (full names: the page is for organizers), a deleted member by their number."""
    book = names()

    def member(member_id: int | None) -> str:
        if not member_id:
            return "—"
        shown = book(member_id)
        return shown if shown != "—" else page.member_names.get(member_id, f"#{member_id}")

    return Describer(
        member=member,
        event=lambda i: page.event_names.get(i, _("#%(id)d (deleted)", id=i)) if i else "—")


@bp.get("/")
def index() -> str:
    """The audit log, newest first, 50 to a page; a bad page number shows page 1."""
    form = _filter()
    wanted, problems = form.wanted()
    page = audit_page(db.session, number=form.page_number, wanted=wanted)
    win = page.page
    return page_or_fragment("audit/index.html", {"audit-more": "audit/_rows.html"},
                            form=form, entries=page.entries, page=page.page, win=win,
                            wanted=wanted, problems=problems, describe=_describer(page),
                            event_id=wanted.event_id, member_id=wanted.member_id,
                            member_names=page.member_names, event_names=page.event_names)


@bp.get("/export.csv")
def export() -> Response:
    """The filtered log as CSV (UTF-8 with a BOM, so spreadsheets show every script)."""
    wanted, _problems = _filter().wanted()
    page = audit_rows(db.session, wanted)
    describe = _describer(page)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("When (%(zone)s)", zone=club_zone().key), _("Who"), _("Action"),
                     _("What"), _("Old value"), _("New value")])
    for entry in page.entries:
        # The club's time zone, as on the page (web.support.formatting.time_text, the one
        # formatter).
        writer.writerow([time_text(entry.at, seconds=True, iso=True), entry.actor, entry.action,
                         describe(entry), entry.old_value or "", entry.new_value or ""])
    response = Response("\ufeff" + out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="audit-{dt.date.today().isoformat()}.csv"')
    response.headers["Cache-Control"] = "no-store"
    return response
