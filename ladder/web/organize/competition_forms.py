"""The declared forms of a competition's organizer pages (docs/competitions.md §7): a new
competition, its rules (every Keizer setting with its default and a short help, the slow
Swiss's and the round-robin's), members added, a night opened, an attendance mark.

Every rule field is named as the setting it fills, so a refusal of the service (a
:class:`~ladder.services.InvalidInput` naming the setting) shows beside its field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import Field, StringField
from wtforms.validators import ValidationError

from ...competition.keizer_params import DEFAULTS, KeizerParams
from ...competition.record import BERGER, KEIZER, MARKS, SWISS, SYSTEMS
from ...competition.roundrobin import ROUND_ROBIN_DEFAULTS
from ...competition.swiss import SWISS_DEFAULTS
from ...competition.words import share_text
from ...models import Competition, Night
from ...services.competition_nights import MAX_ROUNDS_A_NIGHT
from ...services.competitions import CompetitionSettings
from ..support.forms import (
    Checkbox,
    ClubForm,
    Filled,
    IsoDateField,
    OneOf,
    VersionedForm,
    text_field,
)
from ..support.request_values import digits


@dataclass(frozen=True)
class RuleField:
    """One Keizer setting on the rules form: its name (the setting's), kind and group."""

    name: str
    kind: str  # "fraction", "whole", "limit" (empty: no limit), "flag", or "choice"
    group: str
    choices: tuple[str, ...] = ()


#: The Keizer settings in the order the form groups them (docs/competitions.md §2).
KEIZER_FIELDS = (
    RuleField("value_mode", "choice", "values", ("ratio", "fixed")),
    RuleField("ratio", "fraction", "values"),
    RuleField("top_value", "whole", "values"),
    RuleField("value_step", "whole", "values"),
    RuleField("count_start_value", "flag", "values"),
    RuleField("win_fraction", "fraction", "games"),
    RuleField("draw_fraction", "fraction", "games"),
    RuleField("loss_fraction", "fraction", "games"),
    RuleField("forfeit_win", "choice", "games", ("opponent_value", "own_fraction")),
    RuleField("forfeit_win_fraction", "fraction", "games"),
    RuleField("forfeit_loss_fraction", "fraction", "games"),
    RuleField("bye_fraction", "fraction", "absences"),
    RuleField("excused_fraction", "fraction", "absences"),
    RuleField("excused_cap", "limit", "absences"),
    RuleField("unexcused_fraction", "fraction", "absences"),
    RuleField("club_fraction", "fraction", "absences"),
    RuleField("pre_entry_fraction", "fraction", "absences"),
    RuleField("recalc", "choice", "recalculation", ("fixpoint", "frozen")),
    RuleField("max_iterations", "whole", "recalculation"),
    RuleField("cycle_rule", "choice", "recalculation", ("last", "average")),
    RuleField("tie_break", "choice", "recalculation", ("rating", "previous")),
    RuleField("rematch_gap", "whole", "pairing"),
    RuleField("max_meetings", "limit", "pairing"),
    RuleField("forfeit_counts_as_meeting", "flag", "pairing"),
    RuleField("bye_rule", "choice", "pairing", ("fewest_byes", "lowest")),
    RuleField("colour_rule", "choice", "colours", ("balance", "kfc")),
    RuleField("avoid_three", "flag", "colours"),
)
GROUPS = ("values", "games", "absences", "recalculation", "pairing", "colours")


def default_text(params: KeizerParams, field: RuleField) -> str:
    """A setting's value as the form shows it (a fraction as ⅔, a limit empty for none)."""
    value = getattr(params, field.name)
    if field.kind == "fraction":
        return str(value)
    if field.kind == "limit":
        return "" if value is None else str(value)
    return str(value)


def default_shown(field: RuleField) -> str:
    """The documented default as the help text names it."""
    value = getattr(DEFAULTS, field.name)
    if field.kind == "fraction":
        return share_text(value)
    if value is None:
        return "—"
    return str(value)


def _fraction_text(value: Any) -> str:
    """A typed share: a decimal comma reads as a point (0,35 is 0.35)."""
    return str(value or "").strip().replace(",", ".")


class CompetitionForm(ClubForm):
    """A new competition: name, system, season, and the members (their ids ticked)."""

    name = text_field(lazy_pgettext("event", "Name"), Competition.name, required=True)
    system = StringField(_l("System"), default=KEIZER,
                         validators=[OneOf(SYSTEMS, _l("Choose Keizer, Swiss or "
                                                       "round-robin."))])
    season_id = StringField(_l("Season"))

    def member_ids(self, posted: Any) -> list[int]:
        """The ticked members (``member`` values of the posted form)."""
        return [n for n in (digits(v, 10) for v in posted.getlist("member")) if n is not None]

    def season(self) -> int | None:
        """The chosen season (None: none)."""
        return digits(self.season_id.data, 10)


class RulesForm(VersionedForm):
    """A competition's name, season, display and rules: every setting of its system."""

    name = text_field(lazy_pgettext("event", "Name"), Competition.name, required=True)
    season_id = StringField(_l("Season"))
    points_display = StringField(_l("Points shown"), default="exact",
                                 validators=[OneOf(("exact", "half"))])
    tiebreak_order = text_field(_l("Tie-break order"), Competition.tiebreak_order)
    # Keizer (docs/competitions.md §2): named as the settings.
    value_mode = StringField(_l("Kind of values"))
    ratio = StringField(_l("Ratio of the first value to the last"))
    top_value = StringField(_l("Value of the first place"))
    value_step = StringField(_l("Step between places"))
    count_start_value = Checkbox(_l("Count each player's own value once (start value)"))
    win_fraction = StringField(_l("Win: share of the opponent's value"))
    draw_fraction = StringField(_l("Draw: share of the opponent's value"))
    loss_fraction = StringField(_l("Loss: share of the opponent's value"))
    forfeit_win = StringField(_l("Win by forfeit scores"))
    forfeit_win_fraction = StringField(_l("Win by forfeit: share of own value"))
    forfeit_loss_fraction = StringField(_l("Loss by forfeit or double forfeit: share of own "
                                           "value"))
    bye_fraction = StringField(_l("Bye of an odd number: share of own value"))
    excused_fraction = StringField(_l("Away with notice: share of own value"))
    excused_cap = StringField(_l("Away with notice: how many absences score"))
    unexcused_fraction = StringField(_l("Absent without notice: share of own value"))
    club_fraction = StringField(_l("Away for the club's team match: share of own value"))
    pre_entry_fraction = StringField(_l("Rounds before a late entry: share of own value"))
    recalc = StringField(_l("Recalculation"))
    max_iterations = StringField(_l("Most passes after a round"))
    cycle_rule = StringField(_l("When the table goes round in a cycle"))
    tie_break = StringField(_l("Equal points"))
    rematch_gap = StringField(_l("Rounds between two meetings"))
    max_meetings = StringField(_l("Most meetings of two players"))
    forfeit_counts_as_meeting = Checkbox(_l("A forfeit counts as a meeting"))
    bye_rule = StringField(_l("Who gets the bye"))
    colour_rule = StringField(_l("Colours"))
    avoid_three = Checkbox(_l("No colour three times running where it can be avoided"))
    # The slow Swiss (docs/competitions.md §8).
    rounds = StringField(_l("Rounds"))
    excused_bye = StringField(_l("Away with notice: the requested bye is worth"))
    club_bye = StringField(_l("Away for the club's team match: the bye is worth"))
    late_bye = StringField(_l("Each round before a late entry: the bye is worth"))
    pab_half = Checkbox(_l("The bye of an odd number is worth half a point (else a point)"))
    initial_colour = StringField(_l("Colour of the top player in round 1"), default="white1")
    # The slow round-robin (docs/competitions.md §9).
    double = Checkbox(_l("Double round-robin (colours reversed in the second cycle)"))
    swap_last_two = Checkbox(_l("Swap the first cycle's last two rounds (FIDE's "
                                "recommendation)"))

    def fill(self, competition: Competition, rules: dict[str, Any]) -> None:
        """Show the competition as stored (a GET of the page)."""
        self.name.data = competition.name
        self.season_id.data = str(competition.season_id or "")
        self.points_display.data = competition.points_display
        self.tiebreak_order.data = competition.tiebreak_order
        self.version.data = str(competition.version)
        for key, value in rules.items():
            field = self._fields.get(key)
            if field is None:
                continue
            field.data = value if isinstance(value, bool) else (
                "" if value is None else str(value))

    def rules(self, system: str) -> dict[str, Any]:
        """The system's settings as posted, typed as the core reads them (the service checks
        every value and names the one it refuses)."""
        if system == KEIZER:
            found: dict[str, Any] = {}
            for spec in KEIZER_FIELDS:
                data = self._fields[spec.name].data
                if spec.kind == "flag":
                    found[spec.name] = bool(data)
                elif spec.kind == "limit":
                    text = str(data or "").strip()
                    found[spec.name] = None if not text else (
                        int(text) if text.isdecimal() and len(text) < 6 else text)
                elif spec.kind == "whole":
                    text = str(data or "").strip()
                    found[spec.name] = int(text) if text.isdecimal() and len(text) < 6 else text
                elif spec.kind == "fraction":
                    found[spec.name] = _fraction_text(data)
                else:
                    found[spec.name] = str(data or "")
            return found
        if system == SWISS:
            text = str(self.rounds.data or "").strip()
            return {"rounds": int(text) if text.isdecimal() and len(text) < 4 else text,
                    "excused_bye": self.excused_bye.data or "",
                    "club_bye": self.club_bye.data or "", "late_bye": self.late_bye.data or "",
                    "pab_half": bool(self.pab_half.data),
                    "initial_colour": self.initial_colour.data or ""}
        return {"double": bool(self.double.data), "swap_last_two": bool(self.swap_last_two.data)}

    def settings(self, system: str) -> CompetitionSettings:
        """The competition's settings as posted (call once the form is :meth:`checked`)."""
        return CompetitionSettings(
            name=self.name.data or "", system=system, rules=self.rules(system),
            points_display=self.points_display.data or "exact",
            tiebreak_order=self.tiebreak_order.data or None,
            season_id=digits(self.season_id.data, 10))


class MembersForm(VersionedForm):
    """Members added to a competition (``member`` values of the ticked boxes)."""

    def member_ids(self, posted: Any) -> list[int]:
        """The ticked members."""
        return [n for n in (digits(v, 10) for v in posted.getlist("member")) if n is not None]


class RatingForm(VersionedForm):
    """The rating a competition ranks a member by (empty: unrated)."""

    rating = StringField(_l("Rating"))

    def validate_rating(self, field: Field) -> None:
        """Empty, or a whole number (the service checks the range)."""
        text = (field.data or "").strip()
        if text and digits(text, 4) is None:
            raise ValidationError(str(_l("Rating: give a number from 0 to 9999, or nothing "
                                         "for unrated.")))

    def value(self) -> int | None:
        """The rating typed (None: unrated)."""
        return digits(self.rating.data, 4)


class OpenNightForm(VersionedForm):
    """Tonight's club night for the competition's next round(s)."""

    date = IsoDateField(_l("Date"), validators=[Filled()])
    rounds = StringField(_l("Rounds tonight"), default="1")
    name = text_field(lazy_pgettext("event", "Name"), Night.name)
    rated = Checkbox(_l("Rated (counts for the club ladder)"), default=True)

    def validate_rounds(self, field: Field) -> None:
        """A number of rounds (the service checks the range)."""
        if digits(field.data, 2) is None:
            raise ValidationError(str(_l("Rounds tonight: give a number from 1 to %(max)d."))
                                  % {"max": MAX_ROUNDS_A_NIGHT})

    def rounds_tonight(self) -> int:
        """The rounds asked for."""
        return digits(self.rounds.data, 2) or 0


class MarkForm(ClubForm):
    """One tap of the attendance list: a member's mark for a round."""

    status = StringField(validators=[OneOf((*MARKS, "present"), _l("Choose what to mark."))])


class CatchUpForm(VersionedForm):
    """A round-robin night's round of postponed games, on or off."""

    on = Checkbox()


__all__ = ["CompetitionForm", "RulesForm", "MembersForm", "RatingForm", "OpenNightForm", "MarkForm",
           "CatchUpForm", "KEIZER_FIELDS", "GROUPS", "RuleField", "default_shown",
           "default_text", "SWISS_DEFAULTS", "ROUND_ROBIN_DEFAULTS", "BERGER", "SWISS"]
