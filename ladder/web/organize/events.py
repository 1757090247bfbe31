"""The organizer's event page: details, tie-breaks, the editable result grid, delete."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, render_template
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Event, EventStatus
from ...queries.bughouse import team_view
from ...queries.events import EventView, event_view, load_event
from ...queries.rows import still_stored
from ...services import Conflict, InvalidInput, NotFound, ServiceError
from ...services.bughouse import set_teams
from ...services.corrections import delete_event, set_published, update_event, update_tiebreaks
from ...services.intake import KINDS, ORDER_PRESETS
from ...tiebreaks import DEFAULT_ORDER, EDITIONS
from ...vocabulary.tournament import EventKind
from ..support.errors import refused
from ..support.forms import ClubForm
from ..support.htmx import wants_fragment
from ..support.request_state import actor
from ..support.request_values import digits
from . import bp
from .dashboard import see_other
from .forms import EventDetailsForm, EventStatusForm, EventTiebreaksForm, TeamsForm


def _event(event_id: int) -> Event:
    event = load_event(db.session, event_id, drafts=True)
    if event is None:
        abort(404)
    return event


def _context(event: Event, *, typed: list[tuple[str, str, str]] | None = None,
             **posted: ClubForm) -> dict[str, Any]:
    """What the event page shows: the standings, the grid and its forms — the ``posted`` one
    as it was sent (with its messages), the others filled from the event."""
    view = event_view(db.session, event)
    presets = (DEFAULT_ORDER.get(event.kind, ""),) + ORDER_PRESETS
    forms: dict[str, ClubForm] = {
        "details": EventDetailsForm(formdata=None, obj=event),
        "tiebreaks": EventTiebreaksForm(formdata=None, version=event.version),
        # The button's value travels in hidden_tag() with the version (one "publish" field).
        "status": EventStatusForm(formdata=None, version=event.version,
                                  publish="1" if event.status is EventStatus.DRAFT else "0"),
        "teams_form": TeamsForm(formdata=None),
    }
    forms.update(posted)
    return dict(view=view, event=event, editions=tuple(EDITIONS), kinds=KINDS,
                presets=tuple(dict.fromkeys(p for p in presets if p)),
                **forms, **_teams_context(event, view, typed))


def _refused(error: ServiceError, event_id: int, **posted: ClubForm) -> tuple[str, int]:
    """The event page again after a refused change: the form that was sent (one of
    ``posted``) as typed, with the message beside the field it names, else above it. After a
    conflict (someone else changed the event meanwhile) the form shows the event as it is now
    — its values and version — so that a second save is made knowingly."""
    context = _context(_event(event_id))
    (name, form), = posted.items()
    shown = context[name] if error.status == Conflict.status else form
    context[name] = shown
    return refused(error, "organize/event_edit.html", shown, **context)


def _page(event: Event) -> tuple[str, int]:
    if wants_fragment("standings"):
        view = event_view(db.session, event)
        return render_template("organize/_standings.html", view=view, event=event), 200
    return render_template("organize/event_edit.html", **_context(event)), 200


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


@bp.get("/events/<int:event_id>")
def event_edit(event_id: int) -> tuple[str, int]:
    """The organizer's event page (the standings region alone when HTMX refreshes it)."""
    return _page(_event(event_id))


@bp.post("/events/<int:event_id>")
def event_update(event_id: int) -> Response | tuple[str, int]:
    """Change the name, date or rated flag (version-checked; a date or rated change replays)."""
    _event(event_id)  # a missing event is a 404 before anything is read
    form = EventDetailsForm()
    try:
        form.checked()
        update_event(event_id, actor(), version=form.posted_version(), name=form.name.data,
                     date=form.date.data, rated=form.rated.data)
    except ServiceError as error:
        return _refused(error, event_id, details=form)
    return _saved(event_id, _("The event is saved; the ladder is updated."))


def _saved(event_id: int, message: str, warnings: list[str] | None = None) -> Response:
    """After a saved change: the organizer's event page with ``message`` (and ``warnings``).
    When another organizer deleted the event between the change's commit and this answer
    (both audited), the desk says so instead of "page not found" for a saved change."""
    if load_event(db.session, event_id, drafts=True) is None:
        flash(_("The event was saved, but another organizer has since deleted it."), "info")
        return see_other("organize.dashboard")
    flash(message, "info")
    for warning in warnings or ():
        flash(warning, "warning")
    return see_other("organize.event_edit", event_id=event_id)


@bp.post("/events/<int:event_id>/tiebreaks")
def event_tiebreaks(event_id: int) -> Response | tuple[str, int]:
    """Change the tie-break edition and order (warned about once results exist, logged)."""
    _event(event_id)
    form = EventTiebreaksForm()
    try:
        form.checked()
        rating_text = form.unrated_rating.data or ""
        unrated_rating = digits(rating_text, 4) if rating_text else None
        if rating_text and unrated_rating is None:
            raise InvalidInput(_("The rating for unrated players must be a whole number, or "
                                 "empty."), field="unrated_rating")
        warnings = update_tiebreaks(event_id, actor(), version=form.posted_version(),
                                    edition=form.edition.data or "",
                                    order=form.order_custom.data or form.order_preset.data or "",
                                    unrated_rating=unrated_rating)[1]
    except ServiceError as error:
        return _refused(error, event_id, tiebreaks=form)
    return _saved(event_id, _("The tie-breaks are saved."), warnings)


@bp.post("/events/<int:event_id>/teams")
def event_teams(event_id: int) -> Response | tuple[str, int]:
    """Record a bughouse event's teams of two (they replace the stored ones)."""
    _event(event_id)
    teams_form = TeamsForm()
    try:
        set_teams(event_id, teams_form.teams(), actor())
    except ServiceError as error:
        return refused(error, "organize/event_edit.html", teams_form,
                       **_context(_event(event_id), typed=teams_form.typed_rows(),
                                  teams_form=teams_form))
    return _saved(event_id, _("The teams are saved."))


@bp.post("/events/<int:event_id>/status")
def event_status(event_id: int) -> Response | tuple[str, int]:
    """Take the event back to draft or publish it again (version-checked; the ladder replays)."""
    _event(event_id)
    form = EventStatusForm()
    published = form.publishing
    try:
        event = set_published(event_id, actor(), version=form.posted_version(),
                              published=published)
    except ServiceError as error:
        return _refused(error, event_id, status=form)
    stored = still_stored(db.session, event)
    if stored is None:
        # Changed, then another organizer deleted it before this answer was made (both
        # changes are audited): say so on the desk rather than fail on the vanished row.
        flash(_("The event was saved, but another organizer has since deleted it."), "info")
        return see_other("organize.dashboard")
    event = stored
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
def event_delete(event_id: int) -> Response | tuple[str, int]:
    """Delete the event; the ladder replays without it."""
    event = _event(event_id)
    name = event.name
    try:
        delete_event(event_id, actor())
    except NotFound:
        abort(404)  # deleted meanwhile (a second tab, a double click): nothing more to do
    except ServiceError as error:
        return refused(error, "organize/event_delete.html", event=_event(event_id))
    flash(_("“%(name)s” is deleted; the ladder is updated.", name=name), "info")
    return see_other("organize.dashboard")
