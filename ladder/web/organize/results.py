"""Inline result editing (HTMX click-to-edit), with a plain-form fallback without JavaScript.

The event page renders each cell with ``hx-get`` to :func:`result_form`; Save posts to
:func:`result_save`, which answers with the updated cell and the ``ladderChanged`` event
(:func:`ladder.web.htmx.changed`) so the standings, tie-breaks, rating changes and ladder
fragments refresh themselves. One self-targeting cell template serves the public page and the
organizer's grid (``ui=desk`` only changes what the cell shows).
"""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Result
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
from ..errors import refused
from ..htmx import changed, is_htmx
from ..request_state import actor
from ..request_values import form_version
from . import bp

CELL = "public/_result_cell.html"


def _variant() -> dict[str, object]:
    """Which cell the editor came from: the organizer's grid (``ui=desk``) or the public
    page's, and whether that cell is an inline ``<span>`` (``inline=1``) instead of a ``<td>``.
    The editor carries both through Save and Cancel so the cell comes back the same."""
    return {"ui": "desk" if request.values.get("ui") == "desk" else "",
            "inline": request.values.get("inline") == "1"}


def _locate(result_id: int) -> tuple[EventView, StandingRow, ResultCell]:
    """The event view, the standings row and the cell of one stored result (404 if none)."""
    result = db.session.get(Result, result_id)
    if result is None:
        abort(404)
    event = load_event(db.session, result.entry.event_id, drafts=True)
    if event is None:
        abort(404)
    view = event_view(db.session, event)
    row = view.row_for(result.entry_id)
    if row is None:
        abort(404)
    cell = next(c for c in row.cells if c.result_id == result_id)
    return view, row, cell


def _form(view: EventView, row: StandingRow, cell: ResultCell, *, message: str | None = None,
          stale: bool = False) -> str:
    kinds = PAIRED_KINDS if cell.opponent_start_no is not None else BYE_KINDS
    result = db.session.get(Result, cell.result_id)
    context = {"cell": cell, "row": row, "event": view.event, "view": view,
               "kinds": [k.value for k in kinds], "message": message, "stale": stale,
               "outcome": result.outcome_halves if result else None,
               "back": ("public.event", {"event_id": view.event.id}), **_variant()}
    if is_htmx():
        return render_template("organize/_result_form.html", **context)
    return render_template("organize/result_edit.html", **context)


@bp.get("/results/<int:result_id>/edit")
def result_form(result_id: int) -> str:
    """The editor of one result: a fragment for HTMX, a small page otherwise."""
    return _form(*_locate(result_id))


@bp.get("/results/<int:result_id>")
def result_cell(result_id: int) -> str:
    """The display cell of one result (Cancel of the inline editor)."""
    view, row, cell = _locate(result_id)
    return render_template(CELL, cell=cell, row=row, event=view.event, view=view, **_variant())


@bp.post("/results/<int:result_id>")
def result_save(result_id: int) -> Response | tuple[str, int]:
    """Save a result (version-checked, with replay); answers the new cell + ladderChanged."""
    kind = request.form.get("kind", "")
    version = form_version()
    outcome_text = request.form.get("outcome", "")
    outcome = int(outcome_text) if outcome_text in ("0", "1", "2") else None
    before = _order(result_id) if is_htmx() else None
    try:
        edit_result(result_id, kind, version, actor(),
                    outcome_halves=outcome if kind == Kind.UNRATED_PLAYED else None)
    except NotFound:
        abort(404)  # the event was deleted meanwhile: the cell's own URL is gone
    except ServiceError as error:
        stale = error.status == 409
        return refused(error, lambda message: _form(*_locate(result_id), message=message,
                                                    stale=stale))
    view, row, cell = _locate(result_id)
    if not is_htmx():
        flash(_("The result is saved and the ladder is updated."), "info")
        return redirect(url_for("public.event", event_id=view.event.id), code=303)
    # Say so when the standings re-sort: the rows move under the pointer (issue 14.5).
    moved = before is not None and before != tuple(r.entry_id for r in view.rows)
    return changed(render_template(CELL, cell=cell, row=row, event=view.event, view=view,
                                   saved=_("Saved; the standings changed order.") if moved
                                   else _("The result is saved and the ladder is updated."),
                                   **_variant()))


def _order(result_id: int) -> tuple[int, ...] | None:
    """The entries of the result's event in standings order (None when it is gone)."""
    result = db.session.get(Result, result_id)
    if result is None:
        return None
    return standings_order(db.session, result.entry.event_id)  # the ranking, not a whole view
