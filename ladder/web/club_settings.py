"""Blueprint 'settings' at /organize/settings: the club's settings and the organizer's exports.

Organizers only (a visitor gets the login page).

Exports (decision, docs/privacy.md/§6): the starting list and an event's TRF are **organizer-only** and
carry full names, because they are working files for seeding the next Swiss in a pairing
program; nothing public exports names, so the display-name policy has nothing to leak here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ..services import InvalidInput, ServiceError
from ..services.club_settings import (
    VISIBILITIES,
    SettingsForm,
    current_form,
    regenerate_token,
    update_settings,
)
from ..services.maintenance import backup_download
from .errors import refused
from .guards import require_organizer
from .i18n import LANGUAGE_NAMES
from .request_state import actor
from .request_state import club_settings as club

bp = Blueprint("settings", __name__, url_prefix="/organize/settings")
bp.before_request(require_organizer)


def _number(field: str, default: float | None, *, optional: bool = False,
            integer: bool = False) -> float | int | None:
    """A number from the form; empty means None for optional fields, the default otherwise."""
    text = request.form.get(field, "").strip().replace(",", ".")
    if not text:
        return None if optional else default
    try:
        value = float(text)
    except ValueError:
        raise InvalidInput(_("“%(field)s” must be a number.", field=field),
                           field=field) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise InvalidInput(_("“%(field)s” must be a number.", field=field), field=field)
    return int(value) if integer else value


def _required(field: str, default: float, *, integer: bool = False) -> Any:
    """A number that cannot be left empty (empty keeps ``default``)."""
    value = _number(field, default, integer=integer)
    return default if value is None else value


def _parse_form() -> SettingsForm:
    now = current_form()
    return SettingsForm(
        club_name=request.form.get("club_name", now.club_name),
        visibility=request.form.get("visibility", now.visibility),
        initials_for_all=request.form.get("initials_for_all") == "on",
        default_language=request.form.get("default_language", now.default_language),
        start_rating=_required("start_rating", now.start_rating),
        k_new=_required("k_new", now.k_new),
        k_established=_required("k_established", now.k_established),
        k_threshold=_required("k_threshold", now.k_threshold, integer=True),
        provisional_games=_required("provisional_games", now.provisional_games, integer=True),
        junior_k=_number("junior_k", None, optional=True),
        rating_floor=_number("rating_floor", None, optional=True),
        award_min_games=_required("award_min_games", now.award_min_games, integer=True),
        glicko_tau=_required("glicko_tau", now.glicko_tau),
        health_public=request.form.get("health_public") == "on",
        timezone=request.form.get("timezone", now.timezone).strip())


def _unlisted_url() -> str | None:
    token = club().unlisted_token
    if club().visibility != "unlisted" or not token:
        return None
    return url_for("public.ladder", token=token, _external=True)


def _page(form: SettingsForm, error: str | None = None) -> str:
    return render_template("settings/index.html", form=form, error=error,
                           visibilities=VISIBILITIES, unlisted_url=_unlisted_url(),
                           languages=LANGUAGE_NAMES)


@bp.get("/")
def index() -> str:
    """The settings form."""
    return _page(current_form())


@bp.post("/")
def save() -> Response | tuple[str, int]:
    """Save the settings (rating options replay the ladder); errors re-render the form."""
    form: SettingsForm | None = None
    try:
        form = _parse_form()
        replayed = update_settings(form, actor())
    except ServiceError as error:
        # Keep what was typed when it could be read, so one wrong field costs one correction.
        shown = form or current_form()
        return refused(error, lambda message: _page(shown, message))
    flash(_("Settings saved; the ladder was replayed.") if replayed else _("Settings saved."),
          "success")
    return redirect(url_for("settings.index"), code=303)


@bp.post("/token")
def new_token() -> Response | tuple[str, int]:
    """Regenerate the unlisted link: every old link stops working (so it asks first)."""
    if request.form.get("confirm") != "yes":
        return refused(InvalidInput(_("Tick the box to confirm: every link shared so far will "
                                      "stop working.")),
                       lambda message: _page(current_form(), message))
    regenerate_token(actor())
    flash(_("A new unlisted link was made; the old one no longer works."), "success")
    return redirect(url_for("settings.index"), code=303)


@bp.post("/backup")
def backup() -> Response | tuple[str, int]:
    """Download a full backup of the club (SQLite); organizers only, audited."""
    try:
        data, name = backup_download(actor())
    except ServiceError as error:
        return refused(error, lambda message: _page(current_form(), message))
    response = Response(data, mimetype="application/vnd.sqlite3")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response
