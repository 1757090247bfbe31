"""Inline result editing (HTMX click-to-edit), with a plain-form fallback without JavaScript.

The event page renders each cell with ``hx-get`` to :func:`result_form`; Save posts to
:func:`result_save`, which answers with the updated cell and the ``ladderChanged`` event
(:func:`ladder.web.support.htmx.changed`) so the standings, tie-breaks, rating changes and ladder
fragments refresh themselves. One self-targeting cell template serves the public page and the
organizer's grid (``ui=desk`` only changes what the cell shows).
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import EventStatus
from ...queries import rows
from ...queries.events import (
    EventView,
    ResultCell,
    StandingRow,
    event_view,
    load_event,
    standings_order,
)
from ...services import NotFound, ServiceError
from ...services.corrections import edit_result
from ...vocabulary.tournament import BYE_KINDS, PAIRED_KINDS, Kind
from ..support.errors import refused
from ..support.htmx import answers_fragment, changed, fragment_or_page, redirect_to
from ..support.request_state import actor
from . import bp
from .forms import ResultForm

CELL = "public/_result_cell.html"


def _sent() -> ResultForm:
    """The editor's form as sent: posted by Save; on opening the editor and on Cancel, the
    query string (which cell the editor came from)."""
    return ResultForm() if request.method == "POST" else ResultForm(formdata=request.args)


def _find(result_id: int) -> tuple[EventView, StandingRow, ResultCell] | None:
    """The event view, the standings row and the cell of one stored result; None when the
    result or its event is gone."""
    result = rows.result(db.session, result_id)
    if result is None:
        return None
    event = load_event(db.session, result.entry.event_id, drafts=True)
    if event is None:
        return None
    view = event_view(db.session, event)
    row = view.row_for(result.entry_id)
    if row is None:
        return None
    cell = next(c for c in row.cells if c.result_id == result_id)
    return view, row, cell


def _locate(result_id: int) -> tuple[EventView, StandingRow, ResultCell]:
    """:func:`_find`, or 404."""
    found = _find(result_id)
    if found is None:
        abort(404)
    return found


def _editor(view: EventView, row: StandingRow, cell: ResultCell,
            variant: dict[str, Any]) -> dict[str, Any]:
    """The editor's context: the cell as stored now (its kinds, its version in the form)."""
    kinds = PAIRED_KINDS if cell.opponent_start_no is not None else BYE_KINDS
    result = rows.result(db.session, cell.result_id)
    editor = ResultForm(formdata=None, version=cell.version, ui=variant["ui"],
                        inline="1" if variant["inline"] else "")
    return {"cell": cell, "row": row, "event": view.event, "view": view, "editor": editor,
            "kinds": [k.value for k in kinds],
            "outcome": result.outcome_halves if result else None,
            "back": ("public.event", {"event_id": view.event.id}), **variant}


def _editor_template() -> str:
    """The editor alone for htmx (it replaces the cell, which has no id), a small page
    otherwise."""
    return fragment_or_page("organize/_result_form.html", "organize/result_edit.html")


@bp.get("/results/<int:result_id>/edit")
def result_form(result_id: int) -> str:
    """The editor of one result: a fragment for HTMX, a small page otherwise."""
    return render_template(_editor_template(),
                           **_editor(*_locate(result_id), _sent().variant()))


@bp.get("/results/<int:result_id>")
def result_cell(result_id: int) -> str:
    """The display cell of one result (Cancel of the inline editor)."""
    view, row, cell = _locate(result_id)
    return render_template(CELL, cell=cell, row=row, event=view.event, view=view,
                           **_sent().variant())


@bp.post("/results/<int:result_id>")
def result_save(result_id: int) -> Response | tuple[str, int]:
    """Save a result (version-checked, with replay); answers the new cell + ladderChanged."""
    form = _sent()
    kind = form.kind.data or ""
    before = _order(result_id) if answers_fragment() else None
    try:
        edit_result(result_id, kind, form.posted_version(), actor(),
                    outcome_halves=form.outcome_halves if kind == Kind.UNRATED_PLAYED else None)
    except NotFound:
        abort(404)  # the event was deleted meanwhile: the cell's own URL is gone
    except ServiceError as error:
        # The editor again, showing the result as stored now (a stale edit: its new version).
        return refused(error, _editor_template(), form,
                       **_editor(*_locate(result_id), form.variant()), stale=error.status == 409)
    found = _find(result_id)
    if found is None:
        # Saved, then another organizer deleted the event before this answer was made (both
        # changes are audited): say so on the desk, not "page not found" for a saved change.
        flash(_("The result was saved, but another organizer has since deleted its event."),
              "info")
        return redirect_to(url_for("organize.dashboard"))
    view, row, cell = found
    draft = view.event.status is EventStatus.DRAFT
    saved = (_("The result is saved. The event is a draft, so the ladder stays as it is.")
             if draft else _("The result is saved and the ladder is updated."))
    if not answers_fragment():
        flash(saved, "info")
        # A draft has no public page (it answers 404 like a missing event): the organizer's.
        endpoint = "organize.event_edit" if draft else "public.event"
        return redirect(url_for(endpoint, event_id=view.event.id), code=303)
    # Say so when the standings re-sort: the rows move under the pointer (test_inline_editor.py).
    moved = before is not None and before != tuple(r.entry_id for r in view.rows)
    return changed(render_template(CELL, cell=cell, row=row, event=view.event, view=view,
                                   saved=_("Saved; the standings changed order.") if moved
                                   else saved, **form.variant()))


def _order(result_id: int) -> tuple[int, ...] | None:
    """The entries of the result's event in standings order (None when it is gone)."""
    result = rows.result(db.session, result_id)
    if result is None:
        return None
    return standings_order(db.session, result.entry.event_id)  # the ranking, not a whole view
