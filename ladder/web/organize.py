"""Blueprint 'organize': the organizer's desk (dashboard, new event, corrections).

The routes live in small modules that register on this blueprint:
:mod:`.organize_intake` (new event), :mod:`.organize_results` (inline result editing),
:mod:`.organize_events` (event details, tie-breaks, delete).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from sqlalchemy import func, select

from ..extensions import db
from ..models import Entry, Event
from ..services import ServiceError
from ..services.check import check
from ..services.maintenance import rebuild
from .guards import organizer_required
from .helpers import actor, settings

bp = Blueprint("organize", __name__)

MAX_DIFFERENCES = 20


def see_other(endpoint: str, **values: object) -> Response:
    """A 303 redirect (after a mutation, never 302)."""
    return redirect(url_for(endpoint, **values), code=303)


def event_page_url(event_id: int) -> tuple[str, dict[str, int]]:
    """The endpoint showing an event: the public event page when it exists."""
    if "public.event" in current_app.view_functions:
        return "public.event", {"event_id": event_id}
    return "organize.event_edit", {"event_id": event_id}


@bp.get("/")
@organizer_required
def dashboard() -> str:
    """Events with edit links, "New event", and the ladder check indicator."""
    players = (select(func.count(Entry.id)).where(Entry.event_id == Event.id)
               .correlate(Event).scalar_subquery())
    events = db.session.execute(select(Event, players.label("players"))
                                .order_by(Event.date.desc(), Event.id.desc())).all()
    differences = check(db.session)
    return render_template("organize/dashboard.html", events=events,
                           differences=differences[:MAX_DIFFERENCES],
                           more_differences=max(0, len(differences) - MAX_DIFFERENCES),
                           last_replay=settings().last_replay_at)


@bp.post("/rebuild")
@organizer_required
def rebuild_ladder() -> Response:
    """Replay the whole ladder from scratch (the organizer's peace of mind)."""
    try:
        report = rebuild(actor())
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("The ladder was rebuilt: %(events)d events, %(rows)d rating rows.",
                events=report.events, rows=report.rows), "info")
    return see_other("organize.dashboard")


from . import organize_events, organize_intake, organize_results  # noqa: E402,F401
