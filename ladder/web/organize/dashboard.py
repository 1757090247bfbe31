"""The organizer's dashboard: events with edit links, "New event", the ladder check, Rebuild."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, url_for
from werkzeug.wrappers import Response
from flask_babel import gettext as _

from ...extensions import db
from ...queries.dashboard import event_lines
from ...services import ServiceError
from ...services.check import check
from ...services.maintenance import rebuild
from ..helpers import actor, settings
from . import bp

MAX_DIFFERENCES = 20


def see_other(endpoint: str, **values: Any) -> Response:
    """A 303 redirect (after a mutation, never 302)."""
    return redirect(url_for(endpoint, **values), code=303)


@bp.get("/")
def dashboard() -> str:
    """Events with edit links, "New event", and the ladder check indicator."""
    differences = check(db.session)
    return render_template("organize/dashboard.html", events=event_lines(db.session),
                           differences=differences[:MAX_DIFFERENCES],
                           more_differences=max(0, len(differences) - MAX_DIFFERENCES),
                           last_replay=settings().last_replay_at)


@bp.post("/rebuild")
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
