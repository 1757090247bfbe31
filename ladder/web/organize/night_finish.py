"""Finishing a club night from the desk (docs/club-night.md §4): the finish page shows what
goes into the ladder — each guest's name matched against the roster, and the import's preview
"What publishing does to the ladder" (every player's rating before → after, K, games) — and
asks once; a finish made by mistake is taken back to the night.
"""

from __future__ import annotations

from typing import Any

from flask import flash, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...models import Night
from ...services import ServiceError
from ...services.night_finish import (
    check_finishable,
    finish,
    finish_preview,
    guest_choices,
    read_guest_links,
    reopen,
)
from ..support.forms import VersionedForm
from ..support.htmx import status_for_htmx, wants_fragment
from ..support.request_state import actor
from . import bp
from .dashboard import see_other
from .forms import FinishForm
from .night import _night, _refused


def _finish_context(night: Night, posted: dict[str, str] | None = None,
                    message: str | None = None) -> dict[str, Any]:
    """The finish page: the guests' rows (the organizer's choices, else each row's default),
    what is wrong with them, and the ladder's change for those choices (a rehearsal: nothing
    is stored)."""
    choices = guest_choices(night)
    data = posted or {}
    selected = {c.field: data.get(c.field) or c.default for c in choices}
    links, errors = read_guest_links(choices, selected)
    ladder = ladder_error = None
    if not errors:
        try:
            ladder = finish_preview(night.id, links)
        except ServiceError as refusal:
            ladder_error = refusal.message
    night = _night(night.id)  # the rehearsal rolled the session back: read the night again
    return dict(night=night, choices=choices, selected=selected, errors=errors, ladder=ladder,
                ladder_error=ladder_error, form=night, message=message,
                preview_url=url_for("organize.night_finish", night_id=night.id))


def _finish_page(night: Night, posted: dict[str, str] | None = None,
                 message: str | None = None, status: int = 200) -> tuple[str, int]:
    """The finish page, or its ladder preview alone when htmx refreshes it."""
    context = _finish_context(night, posted, message)
    if wants_fragment("ladder-preview"):
        return render_template("organize/_ladder_preview.html", **context), 200
    return render_template("organize/night_finish.html", **context), status_for_htmx(status)


@bp.get("/nights/<int:night_id>/finish")
def night_finish_page(night_id: int) -> Response | tuple[str, int]:
    """What finishing the night does: the guests' names and the ladder's change; one button
    puts it into the ladder. A night that cannot be finished goes back to the desk, saying
    why."""
    night = _night(night_id)
    try:
        check_finishable(night)
    except ServiceError as error:
        return _refused(error, night_id, VersionedForm(formdata=None))
    return _finish_page(night)


@bp.post("/nights/<int:night_id>/finish")
def night_finish(night_id: int) -> Response | tuple[str, int]:
    """Put the night into the ladder as the finish page showed it (``do=refresh``: show the
    page again for the choices made, nothing stored)."""
    night = _night(night_id)
    form = FinishForm()
    if form.do.data == "refresh":
        return _finish_page(night, form.posted_rows)
    choices = guest_choices(night)
    links, errors = read_guest_links(
        choices, {c.field: form.posted_rows.get(c.field) or c.default for c in choices})
    if errors:
        return _finish_page(night, form.posted_rows,
                            _("Some names need your attention; nothing was stored."), 422)
    try:
        finish(night_id, form.posted_version(), actor(), links, form.generation)
    except ServiceError as error:
        return _finish_page(_night(night_id), form.posted_rows, error.message, error.status)
    flash(_("The night is in the ladder."), "info")
    return see_other("organize.night", night_id=night_id, _anchor="finished")


@bp.post("/nights/<int:night_id>/reopen")
def night_reopen(night_id: int) -> Response | tuple[str, int]:
    """Take a finished night back from the ladder: the night runs again."""
    _night(night_id)
    form = VersionedForm()
    try:
        reopen(night_id, form.posted_version(), actor())
    except ServiceError as error:
        return _refused(error, night_id, form)
    flash(_("The night is out of the ladder again and runs on with its rounds and results."),
          "info")
    return see_other("organize.night", night_id=night_id)
