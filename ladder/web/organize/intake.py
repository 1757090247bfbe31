"""New event: paste or upload → preview (every error by line) → confirm names → publish.

Every step re-reads the original text, which travels in the form itself: no draft is kept on
the server, so reloading or going back is harmless, and nothing is stored before Publish.
"""

from __future__ import annotations

from dataclasses import replace

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ...formats import FormatError
from ...formats.same_player import candidates
from ...models import EventStatus, PublishToken
from ...queries.organizer_members import visible_members
from ...services import ServiceError
from ...services.events import MAX_NAME
from ...services.intake import (
    ACCEPT_SCORE,
    FORMATS,
    KINDS,
    ORDER_PRESETS,
    IntakeForm,
    Links,
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
from ..errors import refused
from ..forms import column_limit
from ..htmx import wants_fragment
from ..request_state import actor
from ..request_values import digits
from . import bp


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


def _read_form() -> IntakeForm | Preview:
    """The posted form (an uploaded file's text replaces the paste box), or a Preview
    carrying the reason the request could not be read (too large, binary file)."""
    try:
        data: ImmutableMultiDict[str, str] = request.form
        upload = request.files.get("file")
    except RequestEntityTooLarge:
        return _too_large()
    form = IntakeForm.from_mapping(data)
    if upload is not None and upload.filename:
        name = upload.filename[-200:]
        try:
            text = decode_upload(upload.read(), name)
        except FormatError as error:
            result = Preview(form=form)
            result.parse_errors.append(error)
            return result
        form = replace(form, text=text, source=name)
    return form


def _page(result: Preview, status: int = 200) -> tuple[str, int]:
    if wants_fragment("preview"):
        return render_template("organize/_preview.html", result=result, **_options()), 200
    return render_template("organize/new_event.html", result=result, form=result.form,
                           **_options()), status


@bp.route("/events/new", methods=["GET", "POST"])
def event_new() -> tuple[str, int]:
    """The new-event form; POST previews it (the preview region alone for HTMX)."""
    if request.method == "GET":
        # No date by default: the file's own date is used, or today for pasted results
        # (a default of today dated a 2025 file 2026, under the 2026 tie-break rules).
        form = IntakeForm()
        return render_template("organize/new_event.html", result=None, form=form,
                               **_options()), 200
    read = _read_form()
    if isinstance(read, Preview):
        return _page(read, 413 if "text" in read.field_errors else 200)
    result = preview(read)
    if result.file_format and not read.file_format:
        # Show the detected format, so that the next preview reads the text the same way.
        result.form = replace(read, file_format=result.file_format)
    return _page(result)


def _start_no(text: str | None) -> str:
    """A posted "same player as" choice: a start number as typed, else none ("")."""
    number = digits(text, 4)
    return "" if number is None else str(number)


def _publish_token(text: str | None) -> str | None:
    """The preview's publish token as posted, when it can be one we issued (the column holds
    64 characters); anything else is no token, so a new preview gets a fresh one."""
    text = (text or "").strip()
    return text if 0 < len(text) <= column_limit(PublishToken.token) else None


def _names_page(result: Preview, links: Links | None = None, error: str | None = None,
                posted: dict[str, str] | None = None, action: str = "") -> str:
    """The confirm-names page (or its ladder preview alone, for htmx): the rows in the
    order that needs the fewest actions, the one-click actions applied, and what publishing
    would do to the ladder once every name has a choice."""
    assert result.tournament is not None
    members = visible_members()
    choices = name_choices(result.tournament, result.date, members)
    data = posted or {}
    selected = {c.field: data.get(c.field, c.default) for c in choices}
    spellings = {c.start_no: data.get(c.name_field, c.typed)[:MAX_NAME + 1] for c in choices}
    juniors = {c.start_no: (data.get(f"junior-{c.start_no}") == "on")
               if posted is not None else c.junior_hint for c in choices}
    score = digits(data.get("accept_score"), 3)
    score = ACCEPT_SCORE if score is None else min(score, 100)
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
    t = result.tournament
    pairs = same_pairs(t, choices)
    same = {c.start_no: _start_no(data.get(same_field(c.start_no))) for c in choices}
    if action == "same-all":
        joined = 0
        for pair in pairs:
            if not same[pair.first] and not same[pair.second]:
                same[pair.second] = str(pair.first)
                joined += 1
        notice = ngettext("%(num)d pair of names made one player; check them, then publish.",
                          "%(num)d pairs of names made one player; check them, then publish.",
                          joined)
    token = _publish_token(data.get("publish_token")) or new_publish_token()
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
    context = {"result": result, "form": result.form, "choices": ordered(choices),
               "members": members, "selected": selected, "spellings": spellings,
               "juniors": juniors, "errors": links.errors if links else {}, "error": error,
               "notice": notice, "accept_score": score, "publish_token": token,
               "ladder": ladder, "ladder_error": ladder_error, "pairs": pairs, "skipped": skipped,
               "pair_of": {row: pair for pair in pairs for row in (pair.first, pair.second)},
               "same": same, "same_errors": chosen.errors,
               "same_candidates": candidates(t), "tournament": t, **_options()}
    if wants_fragment("ladder-preview"):
        return render_template("organize/_ladder_preview.html", **context)
    return render_template("organize/confirm_names.html", **context)


@bp.post("/events/new/names")
def event_names() -> tuple[str, int]:
    """Confirm names (docs/desk.md §2): the suggestions for every typed name; nothing is stored.

    Posted again from the names page itself (``names_step``) it keeps the choices made and
    applies the button pressed (``do``): accept the suggestions above a score, write the
    "Surname,Given" names given name first, or show the ladder's change again.
    """
    read = _read_form()
    if isinstance(read, Preview):
        return _page(read, 413 if "text" in read.field_errors else 200)
    result = preview(read)
    if not result.ok:
        return render_template("organize/new_event.html", result=result, form=result.form,
                               **_options()), 200
    posted = request.form.to_dict() if request.form.get("names_step") else None
    return _names_page(result, posted=posted, action=request.form.get("do", "")), 200


@bp.post("/events/new/publish")
def event_publish() -> Response | tuple[str, int]:
    """Publish with the confirmed links: one transaction with replay and audit."""
    read = _read_form()
    if isinstance(read, Preview):
        return _page(read, 413 if "text" in read.field_errors else 200)
    result = preview(read)
    if not result.ok or result.tournament is None:
        return render_template("organize/new_event.html", result=result, form=result.form,
                               **_options()), 200
    posted = request.form.to_dict()
    choices = name_choices(result.tournament, result.date)
    links = read_links(choices, posted, t=result.tournament)
    if links.errors:
        return _names_page(result, links, _("Some names need your attention; nothing was "
                                            "stored."), posted), 200
    draft = posted.get("as_draft") == "1"
    try:
        event, published = publish_preview(result, links, actor(),
                                           token=_publish_token(posted.get("publish_token")),
                                           generation=digits(posted.get("ladder_generation"),
                                                             12), draft=draft)
    except ServiceError as error:
        # "The ladder changed since this preview" is a Conflict: 409 to a plain request (the
        # page shows the fresh preview), 200 to htmx, which swaps no 4xx answer.
        return refused(error, lambda message: _names_page(result, links, message, posted))
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
