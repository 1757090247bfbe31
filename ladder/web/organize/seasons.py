"""The organizer's seasons: list, create, edit, delete (docs/qualities.md §2).

The service refuses a season that overlaps another, shares its name or ends before it
starts, with the pure validator's sentences translated; the form comes back with the message
beside the field and what was typed (422, 200 for htmx), nothing saved.
"""

from __future__ import annotations

import datetime as dt

from flask import abort, flash, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Season as SeasonModel
from ...queries.seasons import season_summaries
from ...services import InvalidInput, NotFound, ServiceError
from ...services.seasons import create_season, delete_season, update_season
from ..errors import refused
from ..forms import quoted
from ..request_state import actor
from ..request_values import MAX_ID
from . import bp
from .dashboard import see_other

MAX_FIELD = 300


def _date(field: str, label: str) -> dt.date:
    text = request.form.get(field, "").strip()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidInput(_("%(field)s: “%(value)s” is not a date (YYYY-MM-DD).",
                             field=label, value=quoted(text)), field=field) from None


def _posted() -> tuple[str, dt.date, dt.date]:
    """Name, first and last day from the form (InvalidInput naming a field that is wrong)."""
    name = request.form.get("name", "")[:MAX_FIELD]
    return name, _date("first", _("First day")), _date("last", _("Last day"))


def _typed() -> dict[str, str]:
    return {key: request.form.get(key, "")[:MAX_FIELD] for key in ("name", "first", "last")}


def _list_page(*, error: ServiceError | None = None, typed: dict[str, str] | None = None) -> str:
    return render_template("organize/seasons.html", seasons=season_summaries(db.session),
                           error=error, typed=typed or {})


def _season(season_id: int) -> SeasonModel:
    season = db.session.get(SeasonModel, season_id) if season_id <= MAX_ID else None
    if season is None:
        abort(404)
    return season


def _edit_page(season: SeasonModel, *, error: ServiceError | None = None,
               typed: dict[str, str] | None = None) -> str:
    shown = typed or {"name": season.name, "first": season.first.isoformat(),
                      "last": season.last.isoformat()}
    return render_template("organize/season_edit.html", season=season, error=error,
                           typed=shown)


@bp.get("/seasons")
def seasons() -> str:
    """Every season with its dates, and the form for a new one."""
    return _list_page()


@bp.post("/seasons")
def season_create() -> Response | tuple[str, int]:
    """Create a season (refused with the reason when it overlaps another, …)."""
    try:
        name, first, last = _posted()
        season = create_season(name, first, last, actor())
    except ServiceError as error:
        failure = error  # the name ``error`` is unbound once the except block ends

        def page(_message: str) -> str:
            return _list_page(error=failure, typed=_typed())
        return refused(error, page)
    flash(_("Season “%(name)s” is saved.", name=season.name), "info")
    return see_other("organize.seasons")


@bp.get("/seasons/<int:season_id>")
def season_edit(season_id: int) -> str:
    """The form of one season (rename, re-date, delete)."""
    return _edit_page(_season(season_id))


@bp.post("/seasons/<int:season_id>")
def season_update(season_id: int) -> Response | tuple[str, int]:
    """Save a season's name and dates under the same rules as a new one."""
    season = _season(season_id)
    try:
        name, first, last = _posted()
        update_season(season_id, name, first, last, actor())
    except NotFound:
        abort(404)
    except ServiceError as error:
        failure = error

        def page(_message: str) -> str:
            return _edit_page(season, error=failure, typed=_typed())
        return refused(error, page)
    flash(_("Season “%(name)s” is saved.", name=season.name), "info")
    return see_other("organize.seasons")


@bp.post("/seasons/<int:season_id>/delete")
def season_delete(season_id: int) -> Response:
    """Delete a season; its events stay."""
    season = _season(season_id)
    name = season.name
    try:
        delete_season(season_id, actor())
    except NotFound:
        abort(404)
    flash(_("Season “%(name)s” is deleted; its events stay.", name=name), "info")
    return see_other("organize.seasons")
