"""The organizer's event page: details, tie-breaks, the editable result grid, delete."""

from __future__ import annotations

import datetime as dt

from flask import abort, flash, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...club.bughouse import BughouseTeam as Team
from ...extensions import db
from ...models import Event
from ...queries.bughouse import team_view
from ...queries.events import EventView, event_view, load_event
from ...services import InvalidInput, NotFound, ServiceError
from ...services.bughouse import set_teams
from ...services.corrections import delete_event, set_published, update_event, update_tiebreaks
from ...services.intake import KINDS, ORDER_PRESETS
from ...tiebreaks import DEFAULT_ORDER, EDITIONS
from ...vocabulary.tournament import EventKind
from ..errors import refused
from ..htmx import wants_fragment
from ..request_state import actor
from ..request_values import digits, form_version
from . import bp
from .dashboard import see_other


def _event(event_id: int) -> Event:
    event = load_event(db.session, event_id, drafts=True)
    if event is None:
        abort(404)
    return event


def _page(event: Event, *, errors: dict[str, str] | None = None, status: int = 200,
          typed: list[tuple[str, str, str]] | None = None) -> tuple[str, int]:
    view = event_view(db.session, event)
    if wants_fragment("standings"):
        return render_template("organize/_standings.html", view=view, event=event), 200
    presets = (DEFAULT_ORDER.get(event.kind, ""),) + ORDER_PRESETS
    return render_template("organize/event_edit.html", view=view, event=event,
                           errors=errors or {}, editions=tuple(EDITIONS), kinds=KINDS,
                           presets=tuple(dict.fromkeys(p for p in presets if p)),
                           **_teams_context(event, view, typed)), status


MAX_TEAM_ROWS = 200


def _teams_context(event: Event, view: EventView,
                   typed: list[tuple[str, str, str]] | None) -> dict[str, object]:
    """The bughouse teams form: one row per stored team, enough empty rows for every
    player to have a partner; ``typed`` (a refused save) shows what was posted."""
    if event.kind != EventKind.BUGHOUSE.value:
        return {"team_rows": None}
    rows = typed if typed is not None else [
        (str(t.first_no), str(t.second_no), t.name) for t in event.teams]
    wanted = max(len(rows), len(event.entries) // 2, 1)
    rows = rows + [("", "", "")] * (wanted - len(rows))
    return {"team_rows": rows, "team_standings": team_view(view)}


def _typed_rows() -> list[tuple[str, str, str]]:
    """The team rows as posted: (first start number, second, name), as typed."""
    count = min(digits(request.form.get("rows"), 4) or 0, MAX_TEAM_ROWS)
    return [(request.form.get(f"a-{row}", "")[:6], request.form.get(f"b-{row}", "")[:6],
             request.form.get(f"name-{row}", "")[:300]) for row in range(1, count + 1)]


def _teams_of(typed: list[tuple[str, str, str]]) -> list[Team]:
    """The teams of the typed rows (empty rows skipped; a half-filled row is refused)."""
    teams: list[Team] = []
    for row, (a_text, b_text, name) in enumerate(typed, start=1):
        a, b = digits(a_text, 4), digits(b_text, 4)
        if a is None and b is None and not name.strip():
            continue
        if a is None or b is None:
            raise InvalidInput(_("Team row %(row)d: choose both players.", row=row),
                               field="teams")
        teams.append(Team((a, b), name))
    return teams


@bp.get("/events/<int:event_id>")
def event_edit(event_id: int) -> tuple[str, int]:
    """The organizer's event page (the standings region alone when HTMX refreshes it)."""
    return _page(_event(event_id))


@bp.post("/events/<int:event_id>")
def event_update(event_id: int) -> Response | tuple[str, int]:
    """Change the name, date or rated flag (version-checked; a date or rated change replays)."""
    event = _event(event_id)
    try:
        date = dt.date.fromisoformat(request.form.get("date", "").strip())
    except ValueError:
        return _page(event, errors={"details": _("“%(value)s” is not a date (YYYY-MM-DD).",
                                                 value=request.form.get("date", "")[:20])},
                     status=422)
    try:
        update_event(event_id, actor(), version=form_version(),
                     name=request.form.get("name", "")[:1000], date=date,
                     rated=request.form.get("rated") == "on")
    except ServiceError as error:
        return refused(error, lambda message: _page(_event(event_id),
                                                    errors={"details": message})[0])
    flash(_("The event is saved; the ladder is updated."), "info")
    return see_other("organize.event_edit", event_id=event_id)


@bp.post("/events/<int:event_id>/tiebreaks")
def event_tiebreaks(event_id: int) -> Response | tuple[str, int]:
    """Change the tie-break edition and order (warned about once results exist, logged)."""
    _event(event_id)  # a missing event is a 404 before anything is read
    typed = request.form.get("order_custom", "").strip()[:300]
    order = typed or request.form.get("order_preset", "")[:300]
    rating_text = request.form.get("unrated_rating", "").strip()
    try:
        unrated_rating = digits(rating_text, 4) if rating_text else None
        if rating_text and unrated_rating is None:
            raise InvalidInput(_("The rating for unrated players must be a whole number, or "
                                 "empty."), field="unrated_rating")
        warnings = update_tiebreaks(event_id, actor(), version=form_version(),
                                    edition=request.form.get("edition", ""), order=order,
                                    unrated_rating=unrated_rating)[1]
    except ServiceError as error:
        return refused(error, lambda message: _page(_event(event_id),
                                                    errors={"tiebreaks": message})[0])
    flash(_("The tie-breaks are saved."), "info")
    for warning in warnings:
        flash(warning, "warning")
    return see_other("organize.event_edit", event_id=event_id)


@bp.post("/events/<int:event_id>/teams")
def event_teams(event_id: int) -> Response | tuple[str, int]:
    """Record a bughouse event's teams of two (they replace the stored ones)."""
    _event(event_id)
    typed = _typed_rows()
    try:
        set_teams(event_id, _teams_of(typed), actor())
    except ServiceError as error:
        return refused(error, lambda message: _page(_event(event_id),
                                                    errors={"teams": message},
                                                    typed=typed)[0])
    flash(_("The teams are saved."), "info")
    return see_other("organize.event_edit", event_id=event_id)


@bp.post("/events/<int:event_id>/status")
def event_status(event_id: int) -> Response | tuple[str, int]:
    """Take the event back to draft or publish it again (version-checked; the ladder replays)."""
    _event(event_id)
    published = request.form.get("publish") == "1"
    try:
        event = set_published(event_id, actor(), version=form_version(), published=published)
    except ServiceError as error:
        return refused(error, lambda message: _page(_event(event_id),
                                                    errors={"status": message})[0])
    if published:
        flash(_("“%(name)s” is published; the ladder is updated.", name=event.name), "info")
    else:
        flash(_("“%(name)s” is a draft now: hidden from the public pages and left out of the "
                "ladder until you publish it again.", name=event.name), "info")
    return see_other("organize.event_edit", event_id=event_id)


@bp.get("/events/<int:event_id>/delete")
def event_delete_confirm(event_id: int) -> str:
    """Ask before deleting an event."""
    return render_template("organize/event_delete.html", event=_event(event_id))


@bp.post("/events/<int:event_id>/delete")
def event_delete(event_id: int) -> Response:
    """Delete the event; the ladder replays without it."""
    event = _event(event_id)
    name = event.name
    try:
        delete_event(event_id, actor())
    except NotFound:
        abort(404)  # deleted meanwhile (a second tab, a double click): nothing more to do
    except ServiceError as error:
        flash(error.message, "error")
        return see_other("organize.event_edit", event_id=event_id)
    flash(_("“%(name)s” is deleted; the ladder is updated.", name=name), "info")
    return see_other("organize.dashboard")
