"""Inline result editing (HTMX click-to-edit), with a plain-form fallback without JavaScript.

The event page renders each cell with ``hx-get`` to :func:`result_form`; Save posts to
:func:`result_save`, which answers with the updated cell and ``HX-Trigger: ladderChanged`` so
the standings, tie-breaks, rating changes and ladder fragments refresh themselves.
"""

from __future__ import annotations

from flask import Response, abort, flash, make_response, render_template, request
from flask_babel import gettext as _

from ..extensions import db
from ..models import Result
from ..queries.events import EventView, ResultCell, StandingRow, event_view, load_event
from ..services import ServiceError
from ..services.corrections import BYE_KINDS, PAIRED_KINDS, StaleEdit, edit_result
from ..tournament import Kind
from .guards import organizer_required
from .helpers import actor, form_version, is_htmx
from .organize import bp, event_page_url, see_other

CELL_TEMPLATES = ["public/_result_cell.html", "organize/_result_cell.html"]
DESK_CELL = "organize/_result_cell.html"


def _variant() -> dict[str, object]:
    """Which cell the editor came from: the organizer's grid (``ui=desk``) or the public
    page's, and whether that cell is an inline ``<span>`` (``inline=1``) instead of a ``<td>``.
    The editor carries both through Save and Cancel so the cell comes back the same."""
    return {"ui": "desk" if request.values.get("ui") == "desk" else "",
            "inline": request.values.get("inline") == "1"}


def _cell_templates() -> list[str] | str:
    return DESK_CELL if _variant()["ui"] == "desk" else CELL_TEMPLATES


def _locate(result_id: int) -> tuple[EventView, StandingRow, ResultCell]:
    """The event view, the standings row and the cell of one stored result (404 if none)."""
    result = db.session.get(Result, result_id)
    if result is None:
        abort(404)
    event = load_event(db.session, result.entry.event_id)
    if event is None:
        abort(404)
    view = event_view(db.session, event)
    row = view.row_for(result.entry_id)
    if row is None:
        abort(404)
    cell = next(c for c in row.cells if c.result_id == result_id)
    return view, row, cell


def _form(view: EventView, row: StandingRow, cell: ResultCell, *, message: str | None = None,
          stale: bool = False, status: int = 200) -> tuple[str, int]:
    kinds = PAIRED_KINDS if cell.opponent_start_no is not None else BYE_KINDS
    result = db.session.get(Result, cell.result_id)
    endpoint, values = event_page_url(view.event.id)
    context = {"cell": cell, "row": row, "event": view.event, "view": view,
               "kinds": [k.value for k in kinds], "message": message, "stale": stale,
               "outcome": result.outcome_halves if result else None,
               "back": (endpoint, values), **_variant()}
    if is_htmx():
        return render_template("organize/_result_form.html", **context), 200
    return render_template("organize/result_edit.html", **context), status


@bp.get("/results/<int:result_id>/edit")
@organizer_required
def result_form(result_id: int) -> tuple[str, int]:
    """The editor of one result: a fragment for HTMX, a small page otherwise."""
    return _form(*_locate(result_id))


@bp.get("/results/<int:result_id>")
@organizer_required
def result_cell(result_id: int) -> str:
    """The display cell of one result (Cancel of the inline editor)."""
    view, row, cell = _locate(result_id)
    return render_template(_cell_templates(), cell=cell, row=row, event=view.event, view=view,
                           **_variant())


@bp.post("/results/<int:result_id>")
@organizer_required
def result_save(result_id: int) -> Response | tuple[str, int]:
    """Save a result (version-checked, with replay); answers the new cell + ladderChanged."""
    kind = request.form.get("kind", "")
    version = form_version()
    outcome_text = request.form.get("outcome", "")
    outcome = int(outcome_text) if outcome_text in ("0", "1", "2") else None
    try:
        edit_result(result_id, kind, version, actor(),
                    outcome_halves=outcome if kind == Kind.UNRATED_PLAYED else None)
    except StaleEdit as error:
        db.session.rollback()
        return _form(*_locate(result_id), message=error.message, stale=True, status=409)
    except ServiceError as error:
        db.session.rollback()
        if db.session.get(Result, result_id) is None:
            abort(404)
        return _form(*_locate(result_id), message=error.message, status=422)
    view, row, cell = _locate(result_id)
    if not is_htmx():
        flash(_("The result is saved and the ladder is updated."), "info")
        endpoint, values = event_page_url(view.event.id)
        return see_other(endpoint, **values)
    response = make_response(render_template(_cell_templates(), cell=cell, row=row,
                                             event=view.event, view=view, **_variant()))
    response.headers["HX-Trigger"] = "ladderChanged"
    return response
