"""New event: paste or upload → preview (every error by line) → confirm names → publish.

Every step re-reads the original text, which travels in the form itself: no draft is kept on
the server, so reloading or going back is harmless, and nothing is stored before Publish.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ...extensions import db
from ...formats import FormatError
from ...formats.same_player import candidates
from ...models import EventStatus
from ...queries import rows
from ...queries.organizer_members import visible_members
from ...services import ServiceError
from ...services.intake import (
    FORMATS,
    KINDS,
    ORDER_PRESETS,
    IntakeForm,
    Links,
    NameChoice,
    Preview,
    accept_suggestions,
    decode_upload,
    ladder_preview,
    name_choices,
    new_publish_token,
    ordered,
    preview,
    publish_preview,
    read_links,
    same_field,
    same_pairs,
    skipped_suggestions,
)
from ...tiebreaks import DEFAULT_ORDER, EDITIONS
from ..support.errors import refused
from ..support.htmx import wants_fragment
from ..support.request_state import actor
from ..support.request_values import digits
from . import bp
from .forms import NamesForm, NewEventForm


def _options() -> dict[str, object]:
    """The choices offered by the form's selects."""
    return {"kinds": KINDS, "editions": tuple(EDITIONS), "formats": FORMATS,
            "presets": ORDER_PRESETS, "default_orders": DEFAULT_ORDER}


def _too_large() -> Preview:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    form_limit = current_app.config.get("MAX_FORM_MEMORY_SIZE") or limit
    result = Preview(form=IntakeForm())
    result.field_errors["text"] = _(
        "That is too large: pasted text may have at most %(text)d KB and a file at most "
        "%(file)d KB. Nothing was stored; paste one event's results at a time.",
        text=form_limit // 1024, file=limit // 1024)
    return result


def _previewed() -> tuple[Preview, bool]:
    """The posted new-event form read and previewed (an uploaded file's text replaces the
    paste box), with what the form itself refuses (a value too long) among the preview's
    problems; and whether it could be read at all (not when too large or a binary file)."""
    try:
        fields = NewEventForm()
        upload = request.files.get("file")
    except RequestEntityTooLarge:
        return _too_large(), False
    fields.validate()
    read = fields.intake()
    if upload is not None and upload.filename:
        try:
            text = decode_upload(upload.read(), upload.filename)
        except FormatError as error:
            result = Preview(form=read, field_errors=fields.problems())
            result.parse_errors.append(error)
            return result, False
        read = replace(read, text=text, source=upload.filename)
    result = preview(read)
    result.field_errors.update(fields.problems())
    if result.file_format and not read.file_format:
        # Show the detected format, so that the next preview reads the text the same way.
        result.form = replace(read, file_format=result.file_format)
    return result, True


def _page(result: Preview | None, status: int = 200, *,
          fragment: bool = True) -> tuple[str, int]:
    """The new-event page (the preview region alone when htmx asks for it, at 200: htmx
    swaps no 4xx answer)."""
    if fragment and result is not None and wants_fragment("preview"):
        return render_template("organize/_preview.html", result=result, **_options()), 200
    form = result.form if result is not None else IntakeForm()
    return render_template("organize/new_event.html", result=result, form=form,
                           event_form=NewEventForm.showing(result), **_options()), status


def _unread(result: Preview) -> tuple[str, int]:
    """The page for a form that could not be read: 413 when too large, else 200."""
    return _page(result, 413 if "text" in result.field_errors else 200)


@bp.route("/events/new", methods=["GET", "POST"])
def event_new() -> tuple[str, int]:
    """The new-event form; POST previews it (the preview region alone for HTMX)."""
    if request.method == "GET":
        # No date by default: the file's own date is used, or today for pasted results
        # (a default of today dated a 2025 file 2026, under the 2026 tie-break rules).
        return _page(None)
    result, read = _previewed()
    return _page(result) if read else _unread(result)


def _start_no(text: str | None) -> str:
    """A posted "same player as" choice: a start number as typed, else none ("")."""
    number = digits(text, 4)
    return "" if number is None else str(number)


def _names_template() -> str:
    """The confirm-names page, or its ladder preview alone when htmx refreshes it."""
    if wants_fragment("ladder-preview"):
        return "organize/_ladder_preview.html"
    return "organize/confirm_names.html"


def _names_context(result: Preview, names: NamesForm, links: Links | None = None,
                   error: str | None = None, action: str = "", *,
                   kept: bool = True) -> dict[str, Any]:
    """The confirm-names page: the rows in the order that needs the fewest actions, the
    one-click actions applied, and what publishing would do to the ladder once every name has
    a choice. With ``kept`` the rows show the choices posted in ``names``; without (the first
    arrival from the preview), the suggestions."""
    assert result.tournament is not None
    members = visible_members()
    choices = name_choices(result.tournament, result.date, members)
    posted = names.posted_rows if kept else None
    data = posted or {}
    selected = {c.field: data.get(c.field, c.default) for c in choices}
    spellings = {c.start_no: data.get(c.name_field, c.typed) for c in choices}
    juniors = {c.start_no: (data.get(f"junior-{c.start_no}") == "on")
               if posted is not None else c.junior_hint for c in choices}
    score = names.score
    t = result.tournament
    pairs = same_pairs(t, choices)
    same = {c.start_no: _start_no(data.get(same_field(c.start_no))) for c in choices}
    notice, skipped, selected = _apply(action, choices, selected, spellings, same, pairs, score)
    token = names.token or new_publish_token()
    state = {**selected, **{c.name_field: spellings[c.start_no] for c in choices},
             **{f"junior-{no}": "on" for no, on in juniors.items() if on},
             **{same_field(no): value for no, value in same.items() if value}}
    chosen = read_links(choices, state, members, t)
    ladder, ladder_error = None, None
    if not chosen.errors:
        try:
            ladder = ladder_preview(result, chosen)
        except ServiceError as refusal:
            ladder_error = refusal.message
    errors = {**(links.errors if links else {}), **names.spelling_problems()}
    return {"result": result, "form": result.form, "choices": ordered(choices),
            "members": members, "selected": selected, "spellings": spellings,
            "juniors": juniors, "errors": errors, "error": error, "notice": notice,
            "accept_score": score, "publish_token": token, "name_limit": names.name_limit,
            "ladder": ladder, "ladder_error": ladder_error, "pairs": pairs, "skipped": skipped,
            "pair_of": {row: pair for pair in pairs for row in (pair.first, pair.second)},
            "same": same, "same_errors": chosen.errors,
            "same_candidates": candidates(t), "tournament": t, **_options()}


def _apply(action: str, choices: list[NameChoice], selected: dict[str, str],
           spellings: dict[int, str], same: dict[int, str], pairs: list[Any],
           score: int) -> tuple[str | None, list[tuple[str, str]], dict[str, str]]:
    """The one-click action pressed (``do``): accept the suggestions at or above ``score``,
    write "Surname,Given" names given name first, or make the suggested pairs one player.
    Returns the notice to show, the rows left to decide and the selections."""
    notice = None
    skipped: list[tuple[str, str]] = []
    if action == "accept":
        before = selected
        selected, accepted = accept_suggestions(choices, selected, score)
        skipped = skipped_suggestions(choices, before, selected, score)
        notice = ngettext("%(num)d suggestion accepted; check them, then publish.",
                          "%(num)d suggestions accepted; check them, then publish.", accepted)
    elif action.startswith("display-"):
        which = action.removeprefix("display-")
        for c in choices:
            if c.display_form and which in ("all", str(c.start_no)):
                spellings[c.start_no] = c.display_form
    elif action == "same-all":
        joined = 0
        for pair in pairs:
            if not same[pair.first] and not same[pair.second]:
                same[pair.second] = str(pair.first)
                joined += 1
        notice = ngettext("%(num)d pair of names made one player; check them, then publish.",
                          "%(num)d pairs of names made one player; check them, then publish.",
                          joined)
    return notice, skipped, selected


@bp.post("/events/new/names")
def event_names() -> tuple[str, int]:
    """Confirm names (docs/desk.md §2): the suggestions for every typed name; nothing is stored.

    Posted again from the names page itself (``names_step``) it keeps the choices made and
    applies the button pressed (``do``): accept the suggestions above a score, write the
    "Surname,Given" names given name first, or show the ladder's change again.
    """
    result, read = _previewed()
    if not read:
        return _unread(result)
    if not result.ok:
        return _page(result, fragment=False)
    names = NamesForm()
    return render_template(_names_template(), **_names_context(
        result, names, action=names.do.data or "", kept=bool(names.names_step.data))), 200


@bp.post("/events/new/publish")
def event_publish() -> Response | tuple[str, int]:
    """Publish with the confirmed links: one transaction with replay and audit."""
    result, read = _previewed()
    if not read:
        return _unread(result)
    if not result.ok or result.tournament is None:
        return _page(result, fragment=False)
    names = NamesForm()
    choices = name_choices(result.tournament, result.date)
    links = read_links(choices, names.posted_rows, t=result.tournament)
    links.errors.update(names.spelling_problems())
    if links.errors:
        return render_template(_names_template(), **_names_context(
            result, names, links, _("Some names need your attention; nothing was stored."))), 200
    try:
        event, published = publish_preview(result, links, actor(), token=names.token,
                                           generation=names.generation, draft=names.drafting)
    except ServiceError as error:
        # "The ladder changed since this preview" is a Conflict: 409 to a plain request (the
        # page shows the fresh preview), 200 to htmx, which swaps no 4xx answer.
        return refused(error, _names_template(), names,
                       **_names_context(result, names, links, error.message))
    stored = rows.still_stored(db.session, event)
    if stored is None:
        # Published, then another organizer deleted it before this answer was made (both
        # changes are audited): say so on the desk rather than fail on the vanished row.
        flash(_("The event was saved, but another organizer has since deleted it."), "info")
        return redirect(url_for("organize.dashboard"), code=303)
    event = stored
    if event.status is EventStatus.DRAFT:
        if published:
            flash(_("“%(name)s” is saved as a draft: only organizers see it, and it counts for "
                    "nothing until you publish it.", name=event.name), "info")
        return redirect(url_for("organize.event_edit", event_id=event.id), code=303)
    if published:
        flash(_("“%(name)s” is published; the ladder is updated.", name=event.name), "info")
    else:
        flash(_("“%(name)s” was already published from this preview; it was not published "
                "again.", name=event.name), "info")
    return redirect(url_for("public.event", event_id=event.id), code=303)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> tuple[str, int]:
    """A paste or file over the limit (raised while reading the form, even before the CSRF
    check): the new-event form again with a clear message; nothing was read or stored."""
    if request.endpoint in ("organize.event_new", "organize.event_names",
                            "organize.event_publish"):
        return _page(_too_large(), 413)
    return render_template("error.html", code=413,
                           message=_("That upload is too large.")), 413
