"""The club's settings (docs/privacy.md, docs/desk.md §3): visibility, unlisted token, initials
policy, consent age, rating options.

Each function is one transaction with its audit entry. Changing a rating option replays the
whole ladder from scratch in the same transaction (docs/club-rating.md §2: a settings change can
move every rating). Switching to "unlisted" without a token creates one; regenerating it kills old
links. The age under which a guardian's consent is asked follows the club's language while the
organizer has not chosen one (:func:`update_settings`; docs/privacy.md, "Consent by country").
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, replace

from flask_babel import gettext as _

from ..club.consent import (
    GENERAL_CONSENT_AGE,
    MAX_CONSENT_AGE,
    MIN_CONSENT_AGE,
    default_consent_age,
    is_valid_consent_age,
)
from ..club.night_self import RULES
from ..extensions import db
from ..models import Visibility
from ..queries.club import club_settings
from . import InvalidInput, audit, use_case
from .replay import replay
from .timezones import is_known

VISIBILITIES = tuple(v.value for v in Visibility)
#: The club's default language: "" follows each visitor's browser (docs/qualities.md §2).
LANGUAGE_CHOICES = ("", "en", "ko", "zh_Hans", "id")
#: The Glicko-2 lens's τ: Glickman suggests 0.3 to 1.2; a little room either side.
MIN_TAU, MAX_TAU = 0.1, 2.0
RATING_FIELDS = ("start_rating", "k_new", "k_established", "k_threshold", "provisional_games",
                 "junior_k", "rating_floor")


def new_token() -> str:
    """A fresh unlisted token: 192 random bits, URL-safe (docs/privacy.md asks for at least 128)."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class SettingsForm:
    """What the settings page submits (already parsed into numbers)."""

    club_name: str
    visibility: str
    initials_for_all: bool
    start_rating: float
    k_new: float
    k_established: float
    k_threshold: int
    provisional_games: int
    junior_k: float | None
    rating_floor: float | None
    default_language: str = ""
    # Seasons and pool health (docs/qualities.md §2): none of these touches a rating (no replay).
    award_min_games: int = 10
    glicko_tau: float = 0.5
    health_public: bool = False
    #: The club's IANA time zone (every time shown is written in it; no replay).
    timezone: str = "UTC"
    #: How the results players report from their phones are entered (docs/club-night.md §6).
    player_results: str = "agree"
    #: The age under which a parent's or guardian's consent is asked (docs/privacy.md): who
    #: consents for a junior, never who is one (juniors are the members under 18). No replay.
    consent_age: int = GENERAL_CONSENT_AGE


def current_form() -> SettingsForm:
    """The stored settings as a form."""
    s = club_settings()
    return SettingsForm(club_name=s.club_name, visibility=str(s.visibility),
                        initials_for_all=s.initials_for_all, start_rating=s.start_rating,
                        k_new=s.k_new, k_established=s.k_established, k_threshold=s.k_threshold,
                        provisional_games=s.provisional_games, junior_k=s.junior_k,
                        rating_floor=s.rating_floor, default_language=s.default_language,
                        award_min_games=s.award_min_games, glicko_tau=s.glicko_tau,
                        health_public=s.health_public, timezone=s.timezone or "UTC",
                        player_results=s.player_results or "agree",
                        consent_age=s.consent_age)


def validate(form: SettingsForm) -> list[str]:
    """Every problem of ``form``, each naming its field (empty when it is fine)."""
    errors = []
    if not form.club_name.strip() or len(form.club_name) > 200:
        errors.append(_("Club name: between 1 and 200 characters."))
    if form.visibility not in VISIBILITIES:
        errors.append(_("Visibility: choose private, unlisted or public."))
    if not 100 <= form.start_rating <= 3000:
        errors.append(_("Start rating: between 100 and 3000."))
    for label, value in ((_("K for new players"), form.k_new),
                         (_("K for established players"), form.k_established)):
        if not 1 <= value <= 100:
            errors.append(_("%(field)s: between 1 and 100.", field=label))
    if not 0 <= form.k_threshold <= 1000:
        errors.append(_("Games with the higher K: between 0 and 1000."))
    if not 0 <= form.provisional_games <= 100:
        errors.append(_("Provisional games: between 0 and 100."))
    if form.junior_k is not None and not 1 <= form.junior_k <= 100:
        errors.append(_("Junior K: between 1 and 100, or empty."))
    if form.rating_floor is not None and not 0 <= form.rating_floor <= 3000:
        errors.append(_("Rating floor: between 0 and 3000, or empty."))
    if form.default_language not in LANGUAGE_CHOICES:
        errors.append(_("Language: choose one of the list."))
    if not 0 <= form.award_min_games <= 1000:
        errors.append(_("Counted games for the season awards: between 0 and 1000."))
    if not is_known(form.timezone):
        errors.append(_("Time zone: a name from the time zone database, such as "
                        "Asia/Seoul, Asia/Jakarta or Europe/London."))
    errors.extend(_night_problems(form))
    if not is_valid_consent_age(form.consent_age):
        errors.append(_("Age under which a parent's or guardian's consent is asked: a whole "
                        "number between %(low)d and %(high)d.",
                        low=MIN_CONSENT_AGE, high=MAX_CONSENT_AGE))
    if not MIN_TAU <= form.glicko_tau <= MAX_TAU:
        errors.append(_("Glicko-2 system constant τ: between %(low)s and %(high)s.",
                        low=MIN_TAU, high=MAX_TAU))
    return errors


def _night_problems(form: SettingsForm) -> list[str]:
    """The club night's settings' problems (docs/club-night.md §6)."""
    if form.player_results not in RULES:
        return [_("Results from the players' phones: choose one of the two ways.")]
    return []


@use_case
def update_settings(form: SettingsForm, actor: str) -> bool:
    """Store ``form``; replay when a rating option changed. Returns True when it replayed.

    Raises :class:`InvalidInput` (nothing saved) when the form has problems.

    The consent age follows the language (docs/privacy.md, "Consent by country"): when the
    language changes and the age sent is the stored one, still the old language's default
    (the organizer never chose another), it becomes the new language's default — a club
    switched to Indonesian asks a guardian's consent for every junior (under 18), one switched
    to Korean under 14. An age
    the organizer chose, or types in the same form, is kept.
    """
    errors = validate(form)
    if errors:
        raise InvalidInput(" ".join(errors))
    session = db.session
    settings = club_settings(session)
    stored = current_form()
    form = _consent_age_follows_language(stored, form)
    old = asdict(stored)
    new = asdict(form)
    new["club_name"] = form.club_name.strip()
    changed = {key: value for key, value in new.items() if old[key] != value}
    if not changed:
        return False
    for key, value in changed.items():
        setattr(settings, key, Visibility(value) if key == "visibility" else value)
    if settings.visibility == Visibility.UNLISTED and not settings.unlisted_token:
        settings.unlisted_token = new_token()
    replayed = any(key in RATING_FIELDS for key in changed)
    if replayed:
        replay(session, None)
    audit.record(actor, "settings.update",
                 "Settings changed: " + ", ".join(sorted(changed))
                 + (" (ladder replayed)" if replayed else ""),
                 old={key: old[key] for key in changed}, new=changed)
    return replayed


def _consent_age_follows_language(stored: SettingsForm, form: SettingsForm) -> SettingsForm:
    """``form`` with the new language's default consent age when the language changes and
    the age is still the old language's default, untouched (see :func:`update_settings`)."""
    if (form.default_language != stored.default_language
            and form.consent_age == stored.consent_age
            == default_consent_age(stored.default_language)):
        return replace(form, consent_age=default_consent_age(form.default_language))
    return form


@use_case
def regenerate_token(actor: str) -> str:
    """A new unlisted token; every link with the old one stops working at once."""
    settings = club_settings(db.session)
    settings.unlisted_token = new_token()
    # The token itself is a secret: the audit log says that it changed, not what it is.
    audit.record(actor, "settings.token", "Unlisted link regenerated (old links dead)")
    return settings.unlisted_token
