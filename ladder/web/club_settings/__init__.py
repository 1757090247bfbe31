"""Blueprint 'club_settings' at /organize/settings: the club's settings and the organizer's exports.

Organizers only (a visitor gets the login page). The page's forms are declared in
:mod:`.forms`: the settings, the new unlisted link; the backup is a bare button.

Exports (decision, docs/privacy.md/§6): the starting list and an event's TRF are **organizer-only**
and carry full names, because they are working files for seeding the next Swiss in a pairing
program; nothing public exports names, so the display-name policy has nothing to leak here.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...club.consent import (
    JUNIOR_AGE,
    LAW_AGES,
    MAX_CONSENT_AGE,
    MIN_CONSENT_AGE,
    default_consent_age,
    every_junior_needs_a_guardian,
)
from ...club.night_self import RULE_LABELS
from ...services import InvalidInput, ServiceError
from ...services.club_settings import VISIBILITIES, current_form, regenerate_token, update_settings
from ...services.maintenance import backup_download
from ..support.errors import refused
from ..support.forms import ClubForm
from ..support.guards import require_organizer
from ..support.i18n import LANGUAGE_NAMES
from ..support.request_state import actor
from ..support.request_state import club_settings as club
from .forms import RATING_OPTIONS, ClubSettingsForm, NewLinkForm

bp = Blueprint("club_settings", __name__, url_prefix="/organize/settings")
bp.before_request(require_organizer)

TEMPLATE = "club_settings/index.html"


def _unlisted_url() -> str | None:
    token = club().unlisted_token
    if club().visibility != "unlisted" or not token:
        return None
    return url_for("public.ladder", token=token, _external=True)


def _context(**posted: ClubForm) -> dict[str, object]:
    """What the settings page shows: its forms — the ``posted`` one as it was sent (with its
    messages), the others filled from the stored settings."""
    forms: dict[str, ClubForm] = {"form": ClubSettingsForm.of(current_form()),
                                  "link_form": NewLinkForm(formdata=None),
                                  "backup_form": ClubForm(formdata=None)}
    forms.update(posted)
    return dict(visibilities=VISIBILITIES, unlisted_url=_unlisted_url(),
                languages=LANGUAGE_NAMES, rating_options=RATING_OPTIONS,
                player_result_rules=[(str(rule), words) for rule, words in RULE_LABELS.items()],
                law_ages=LAW_AGES, consent_range=(MIN_CONSENT_AGE, MAX_CONSENT_AGE),
                language_consent_age=default_consent_age(club().default_language),
                junior_age=JUNIOR_AGE,
                every_junior_needs_a_guardian=every_junior_needs_a_guardian(club().consent_age),
                **forms)


@bp.get("/")
def index() -> str:
    """The settings form."""
    return render_template(TEMPLATE, **_context())


@bp.post("/")
def save() -> Response | tuple[str, int]:
    """Save the settings (rating options replay the ladder); errors re-render the form with
    what was typed, so one wrong field costs one correction."""
    stored = current_form()
    form = ClubSettingsForm.of(stored, posted=True)
    try:
        replayed = update_settings(form.checked().settings(stored), actor())
    except ServiceError as error:
        return refused(error, TEMPLATE, form, **_context(form=form))
    flash(_("Settings saved; the ladder was replayed.") if replayed else _("Settings saved."),
          "success")
    return redirect(url_for("club_settings.index"), code=303)


@bp.post("/token")
def new_token() -> Response | tuple[str, int]:
    """Regenerate the unlisted link: every old link stops working (so it asks first)."""
    form = NewLinkForm()
    try:
        if not form.checked().confirm.data:
            raise InvalidInput(_("Tick the box to confirm: every link shared so far will stop "
                                 "working."), field="confirm")
        regenerate_token(actor())
    except ServiceError as error:
        return refused(error, TEMPLATE, form, **_context(link_form=form))
    flash(_("A new unlisted link was made; the old one no longer works."), "success")
    return redirect(url_for("club_settings.index"), code=303)


@bp.post("/backup")
def backup() -> Response | tuple[str, int]:
    """Download a full backup of the club (SQLite); organizers only, audited."""
    form = ClubForm()
    try:
        data, name = backup_download(actor())
    except ServiceError as error:
        return refused(error, TEMPLATE, form, **_context(backup_form=form))
    response = Response(data, mimetype="application/vnd.sqlite3")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response
