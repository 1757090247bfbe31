"""The settings page's declared forms (see :mod:`ladder.web.support.forms` for the rules they
share).

The form reads what was typed — text within the column's length, numbers with a decimal comma
or point — and names the field it refuses; the ranges (a start rating of 100 to 3000, …) are
the service's (:func:`ladder.services.club_settings.validate`), so they live in one place.
"""

from __future__ import annotations

from dataclasses import asdict

from flask_babel import lazy_gettext as _l
from wtforms import StringField

from ...club.night_self import RULES
from ...models import ClubSettings
from ...services.club_settings import LANGUAGE_CHOICES, VISIBILITIES, SettingsForm
from ..support.forms import Checkbox, ClubForm, NumberField, OneOf, text_field

#: The rating options in the order the page shows them: (field, step of the number input).
RATING_OPTIONS = (("start_rating", "any"), ("k_new", "any"), ("k_threshold", "1"),
                  ("k_established", "any"), ("provisional_games", "1"), ("junior_k", "any"),
                  ("rating_floor", "any"))


class ClubSettingsForm(ClubForm):
    """The club's settings. A field not posted keeps its stored value (an unticked box posts
    nothing: off); a required number left empty keeps its stored value too."""

    club_name = text_field(_l("Club name"), ClubSettings.club_name, required=True)
    visibility = StringField(_l("Who can see the club's pages"),
                             validators=[OneOf(VISIBILITIES)])
    default_language = StringField(_l("Language of the pages when a visitor has chosen none"),
                                   validators=[OneOf(LANGUAGE_CHOICES)])
    timezone = text_field(_l("Time zone (every time on the pages, the audit log and the "
                             "exports is shown in it)"), ClubSettings.timezone)
    initials_for_all = Checkbox(_l("Initials for everyone (juniors without a recorded "
                                       "consent always get initials)"))
    consent_age = NumberField(_l("Age under which a parent's or guardian's consent is asked"),
                              integer=True)
    start_rating = NumberField(_l("Start rating"))
    k_new = NumberField(_l("K for new players"))
    k_threshold = NumberField(_l("… until this many rated games"), integer=True)
    k_established = NumberField(_l("K for established players"))
    provisional_games = NumberField(_l("Provisional below this many rated games"), integer=True)
    junior_k = NumberField(_l("Junior K below 2300 (empty: off)"))
    rating_floor = NumberField(_l("Rating floor (empty: none)"))
    award_min_games = NumberField(_l("Counted games a member needs in a season for “most "
                                     "improved” and “best performance”"), integer=True)
    glicko_tau = NumberField(_l("Glicko-2 system constant τ (0.3 to 1.2 is usual; the Glicko-2 "
                                "view only, never the ladder)"))
    health_public = Checkbox(_l("Show the pool-health page (inflation, activity, how well "
                                    "the ratings predict) to visitors"))
    player_results = StringField(_l("Results the players report from their phones"),
                                 validators=[OneOf(RULES)])

    @classmethod
    def of(cls, stored: SettingsForm, *, posted: bool = False) -> ClubSettingsForm:
        """The form filled from the ``stored`` settings; with ``posted``, what was sent over
        them (a field not sent keeps its stored value)."""
        data = asdict(stored)
        return cls(data=data) if posted else cls(formdata=None, data=data)

    def settings(self, stored: SettingsForm) -> SettingsForm:
        """The settings as typed, for the service (it checks the ranges)."""
        def kept(name: str) -> float:
            value = self[name].data
            return getattr(stored, name) if value is None else value

        return SettingsForm(
            club_name=self.club_name.data or "", visibility=self.visibility.data or "",
            initials_for_all=bool(self.initials_for_all.data),
            default_language=self.default_language.data or "",
            start_rating=kept("start_rating"), k_new=kept("k_new"),
            k_established=kept("k_established"), k_threshold=int(kept("k_threshold")),
            provisional_games=int(kept("provisional_games")),
            junior_k=self.junior_k.data, rating_floor=self.rating_floor.data,
            award_min_games=int(kept("award_min_games")), glicko_tau=kept("glicko_tau"),
            health_public=bool(self.health_public.data), timezone=self.timezone.data or "",
            player_results=self.player_results.data or stored.player_results,
            consent_age=int(kept("consent_age")))


class NewLinkForm(ClubForm):
    """Make a new unlisted link (every shared one stops working, so a box must be ticked)."""

    confirm = Checkbox(_l("I understand that every link shared so far stops working"))
