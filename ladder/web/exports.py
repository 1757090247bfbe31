"""Blueprint 'exports' (organizers only) at /organize/settings/export: the starting list in
ladder order (CSV, TRF ``001`` lines) and any event as a TRF file, with full names (they are
for the organizer's pairing program)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from flask import Blueprint, abort, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ..extensions import db
from ..formats.startlist import StartEntry, startlist_csv, startlist_trf
from ..formats.trf_write import write_trf
from ..queries import ladder_lines
from ..queries.events import load_event, tournament_of
from .support.guards import require_organizer
from .support.i18n import translate
from .support.request_state import club_settings as club
from .support.request_state import names
from .support.request_values import MAX_ID

bp = Blueprint("exports", __name__, url_prefix="/organize/settings/export")
bp.before_request(require_organizer)


def _start_entries() -> list[StartEntry]:
    book = names()  # an organizer's request: full names
    return [StartEntry(line.member_id, book(line.member_id), line.rating, line.games,
                       line.provisional) for line in ladder_lines(db.session, club())]


def _download(text: str, filename: str, mimetype: str) -> Response:
    if mimetype == "text/csv":
        # A byte-order mark, so spreadsheet programs read UTF-8 (김민준, González) right.
        text = "\ufeff" + text
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/startlist.csv")
def startlist_csv_file() -> Response:
    """The starting list sorted by ladder rating, as CSV (full names; organizers only)."""
    return _download(startlist_csv(_start_entries()),
                     f"startlist-{dt.date.today().isoformat()}.csv", "text/csv")


@bp.get("/startlist.trf")
def startlist_trf_file() -> Response:
    """The starting list sorted by ladder rating, as TRF ``001`` lines (organizers only)."""
    title = _("%(club)s starting list", club=club().club_name)
    return _download(startlist_trf(_start_entries(), title),
                     f"startlist-{dt.date.today().isoformat()}.trf", "text/plain")


@bp.get("/events/<int:event_id>.trf")
def event_trf_file(event_id: int) -> Response:
    """An event (a draft too) as a TRF file, with the members' full names (organizers only)."""
    event = load_event(db.session, event_id, drafts=True) if event_id <= MAX_ID else None
    if event is None:
        abort(404)
    t = tournament_of(event)
    book = names()
    member_of = {entry.start_no: entry.member_id for entry in event.entries}
    players = tuple(replace(p, name=book(member_of[p.start_no]) if member_of.get(p.start_no)
                            else p.name) for p in t.players)
    try:
        text = write_trf(replace(t, players=players))
    except ValueError as error:
        # The reason comes from the pure TRF writer (not translated); the sentence is.
        flash(_("This event cannot be written as a TRF file: %(reason)s",
                reason=translate(getattr(error, "message", str(error)))),
              "error")
        return redirect(url_for("club_settings.index"), code=303)
    return _download(text, f"event-{event.id}.trf", "text/plain")
