"""The organizer's dashboard: events with edit links, "New event", the ladder check, Rebuild."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from ...extensions import db
from ...queries.dashboard import event_count, event_lines
from ...services import ServiceError
from ...services.ladder_check import current_check, run_check
from ...services.maintenance import rebuild
from ..support.errors import refused
from ..support.htmx import page_or_fragment
from ..support.paging import window
from ..support.request_state import actor, club_settings
from . import bp

MAX_DIFFERENCES = 20


def see_other(endpoint: str, **values: Any) -> Response:
    """A 303 redirect (after a mutation, never 302)."""
    return redirect(url_for(endpoint, **values), code=303)


def _page_url(number: int) -> str:
    return url_for("organize.dashboard", page=number if number > 1 else None)


def _context() -> dict[str, Any]:
    """What the dashboard shows: a window of the events, the ladder check's first
    differences (the stored check while nothing was written since, else a new one)."""
    result = current_check(db.session)
    win = window(event_count(db.session))
    return dict(events=event_lines(db.session, win.offset, win.size), win=win,
                page_url=_page_url, differences=result.differences[:MAX_DIFFERENCES],
                more_differences=max(0, result.total - MAX_DIFFERENCES),
                checked_at=result.checked_at, last_replay=club_settings().last_replay_at)


@bp.get("/")
def dashboard() -> str:
    """Events with edit links, "New event", and the ladder check indicator."""
    return page_or_fragment("organize/dashboard.html",
                            {"dashboard-more": "organize/_event_rows.html"}, **_context())


@bp.post("/check")
def check_now() -> Response:
    """Check the ladder from scratch now (whatever the stored check says)."""
    result = run_check(db.session)
    if result.verified:
        flash(_("Ladder verified: a replay from scratch gives exactly what is stored."), "info")
    else:
        flash(ngettext("The check found %(num)d difference.",
                       "The check found %(num)d differences.", result.total), "error")
    return see_other("organize.dashboard")


@bp.post("/rebuild")
def rebuild_ladder() -> Response | tuple[str, int]:
    """Replay the whole ladder from scratch (the organizer's peace of mind)."""
    try:
        report = rebuild(actor())
    except ServiceError as error:
        return refused(error, "organize/dashboard.html", **_context())
    flash(_("The ladder was rebuilt: %(events)d events, %(rows)d rating rows.",
            events=report.events, rows=report.rows), "info")
    return see_other("organize.dashboard")
