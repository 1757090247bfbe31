"""The organizer's seasons: list, create, edit, delete (docs/qualities.md §2).

The service refuses a season that overlaps another, shares its name or ends before it
starts, with the pure validator's sentences translated; the form comes back with the message
beside the field and what was typed (422, 200 for htmx), nothing saved.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, render_template
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...extensions import db
from ...models import Season as SeasonModel
from ...queries import rows
from ...queries.seasons import season_summaries
from ...services import NotFound, ServiceError
from ...services.seasons import create_season, delete_season, update_season
from ..support.errors import refused
from ..support.request_state import actor
from . import bp
from .dashboard import see_other
from .forms import SeasonForm


def _list_context(form: SeasonForm) -> dict[str, Any]:
    return dict(seasons=season_summaries(db.session), form=form)


def _season(season_id: int) -> SeasonModel:
    season = rows.season(db.session, season_id)
    if season is None:
        abort(404)
    return season


@bp.get("/seasons")
def seasons() -> str:
    """Every season with its dates, and the form for a new one."""
    return render_template("organize/seasons.html", **_list_context(SeasonForm(formdata=None)))


@bp.post("/seasons")
def season_create() -> Response | tuple[str, int]:
    """Create a season (refused with the reason when it overlaps another, …)."""
    form = SeasonForm()
    try:
        form.checked()
        season = create_season(form.name.data or "", form.first.data, form.last.data, actor())
    except ServiceError as error:
        return refused(error, "organize/seasons.html", form, **_list_context(form))
    flash(_("Season “%(name)s” is saved.", name=season.name), "info")
    return see_other("organize.seasons")


@bp.get("/seasons/<int:season_id>")
def season_edit(season_id: int) -> str:
    """The form of one season (rename, re-date, delete)."""
    season = _season(season_id)
    form = SeasonForm(formdata=None, obj=season)
    return render_template("organize/season_edit.html", season=season, form=form)


@bp.post("/seasons/<int:season_id>")
def season_update(season_id: int) -> Response | tuple[str, int]:
    """Save a season's name and dates under the same rules as a new one."""
    season = _season(season_id)
    form = SeasonForm()
    try:
        form.checked()
        update_season(season_id, form.name.data or "", form.first.data, form.last.data,
                      actor())
    except NotFound:
        abort(404)
    except ServiceError as error:
        return refused(error, "organize/season_edit.html", form, season=season, form=form)
    stored = rows.still_stored(db.session, season)
    if stored is None:
        # Saved, then deleted by another organizer before this answer was made (both audited).
        flash(_("The season was saved, but another organizer has since deleted it."), "info")
    else:
        flash(_("Season “%(name)s” is saved.", name=stored.name), "info")
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
