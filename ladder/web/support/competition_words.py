"""A competition's words at the web edge (docs/competitions.md §7): the systems' names, the
attendance statuses, the Keizer settings' help and choices, points as the club shows them.

Labels are ``lazy_gettext`` (module level); the core's sentences arrive as Messages and are
translated by the templates' finaliser (:func:`ladder.web.support.i18n.finalize`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from ...competition.keizer import points_to_half
from ...competition.words import exact_text
from ...vocabulary.numbers import points_text
from .formatting import localised

#: The systems by name (Keizer stays Keizer in every language).
SYSTEM_NAMES = {"keizer": _l("Keizer"), "swiss": _l("Swiss (FIDE Dutch system)"),
                "berger": _l("Round-robin (Berger tables)")}

#: The systems by their short name, in brackets after a competition's name on a night's
#: line ("Autumn League (Keizer), round 3"): the same words as the night kinds.
SYSTEM_SHORT = {"keizer": _l("Keizer"), "swiss": _l("Swiss"), "berger": _l("round-robin")}

#: Attendance as the pages say it.
STATUS_WORDS = {"present": _l("present"), "excused": _l("away with notice"),
                "club": _l("away for the club's team"), "absent": _l("absent without notice"),
                "pre": _l("not yet in the competition")}

#: The groups of the Keizer settings on the rules form ("Games": what a game scores, not the
#: column of a count of games, hence its own context).
GROUP_TITLES = {"values": _l("Value numbers"), "games": lazy_pgettext("rules group", "Games"),
                "absences": _l("Rounds without a game"),
                "recalculation": _l("Recalculation and equal points"),
                "pairing": _l("Pairing"), "colours": _l("Colours")}

#: One line of help per Keizer setting (its default is added by the template).
KEIZER_HELP = {
    "value_mode": _l("Ratio: the values grow with the field, the first about “ratio” times the "
                     "last. Fixed: the first place is worth the value you set."),
    "ratio": _l("With ratio values: how many times the last place's value the first is worth."),
    "top_value": _l("With fixed values: the first place's value (Dutch clubs use 70)."),
    "value_step": _l("How much less each place is worth than the one above it."),
    "count_start_value": _l("Each player's own value is added once to their points."),
    "win_fraction": _l("A win scores this share of the opponent's value."),
    "draw_fraction": _l("A draw scores this share of the opponent's value."),
    "loss_fraction": _l("A loss scores this share (a bonus for playing; usually 0)."),
    "forfeit_win": _l("As a win (the opponent's value), or a share of the winner's own value."),
    "forfeit_win_fraction": _l("With “share of own value”: the share."),
    "forfeit_loss_fraction": _l("A no-show's share of their own value."),
    "bye_fraction": _l("The player left over when the number present is odd."),
    "excused_fraction": _l("A member who said in time they would be away."),
    "excused_cap": _l("How many such absences score in a season; empty: all of them."),
    "unexcused_fraction": _l("A member who stayed away without a word."),
    "club_fraction": _l("A member playing for the club's team that night (never capped)."),
    "pre_entry_fraction": _l("Each round played before a late entrant joined."),
    "recalc": _l("Rescore the whole season with the new values after each round, or score "
                 "each round once with the values it was paired on."),
    "max_iterations": _l("Passes of rescoring after a round; 1 is the one-pass scheme of "
                         "KeizerForClubs and Sharly Chess."),
    "cycle_rule": _l("Rescoring can go round in a cycle: keep the last pass, or average it."),
    "tie_break": _l("Who ranks first on equal points."),
    "rematch_gap": _l("Two players meet again only when this many other rounds lie between; "
                      "0: the next round already."),
    "max_meetings": _l("Empty: no limit."),
    "forfeit_counts_as_meeting": _l("Whether a game not played keeps two players apart as a "
                                    "played one does."),
    "bye_rule": _l("Among the players present."),
    "colour_rule": _l("Balance: no three in a row, the colour balance, alternation. "
                      "KeizerForClubs: fewer Whites, then their last game reversed."),
    "avoid_three": _l("With the balance rule."),
}

#: The choices of the Keizer settings that are choices.
CHOICE_LABELS = {
    ("value_mode", "ratio"): _l("ratio (grows with the field)"),
    ("value_mode", "fixed"): _l("fixed first value"),
    ("forfeit_win", "opponent_value"): _l("as a win"),
    ("forfeit_win", "own_fraction"): _l("a share of own value"),
    ("recalc", "fixpoint"): _l("rescore until the table settles"),
    ("recalc", "frozen"): _l("no rescoring"),
    ("cycle_rule", "last"): _l("keep the last pass"),
    ("cycle_rule", "average"): _l("average the cycle"),
    ("tie_break", "rating"): _l("the higher rating"),
    ("tie_break", "previous"): _l("the better place before the round"),
    ("bye_rule", "fewest_byes"): _l("the lowest-ranked with the fewest byes"),
    ("bye_rule", "lowest"): _l("the lowest-ranked"),
    ("colour_rule", "balance"): _l("balance"),
    ("colour_rule", "kfc"): _l("KeizerForClubs"),
}

#: The value of a requested bye (the slow Swiss's settings).
BYE_VALUES = {"H": _l("half a point"), "Z": _l("no point"), "F": _l("a full point")}

#: How the table shows points.
DISPLAY_LABELS = {"exact": _l("exactly (29⅔)"), "half": _l("to the nearest half point (29½)")}

#: How the recalculation of the last round ended.
HOW_WORDS = {"converged": _l("the table settled"), "cycle": _l("the table went round in a "
                                                               "cycle"),
             "cap": _l("the most passes were reached"), "frozen": _l("no rescoring")}


def shown_points(value: Fraction | int | None, display: str = "exact") -> str:
    """Points as the club shows them, with the locale's decimal separator: exact (29⅔) or
    to the nearest half (29½)."""
    if value is None:
        return ""
    if display == "half":
        return localised(points_text(points_to_half(Fraction(value))))
    return localised(exact_text(Fraction(value)))


@dataclass(frozen=True)
class NightCompetition:
    """What a night's pages say about the competition the night plays (``system``: its
    short name, :data:`SYSTEM_SHORT`)."""

    competition_id: int
    name: str
    system: str
    first: int
    last: int


def night_competition(night_id: int) -> NightCompetition | None:
    """The competition a night plays and its rounds that night (None: it plays none); a
    template global of the night's pages."""
    from ...extensions import db
    from ...queries import rows
    from ...queries.competitions import link_of_night
    link = link_of_night(db.session, night_id)
    competition = rows.competition(db.session, link.competition_id) if link else None
    if link is None or competition is None:
        return None
    return NightCompetition(competition.id, competition.name,
                            str(SYSTEM_SHORT.get(competition.system, competition.system)),
                            link.first_round, link.first_round + link.rounds - 1)


def word(table: dict[Any, Any], key: Any) -> str:
    """A label from one of the tables above (the key itself when unknown)."""
    found = table.get(key)
    return str(found) if found is not None else str(key)


__all__ = ["SYSTEM_NAMES", "SYSTEM_SHORT", "STATUS_WORDS", "GROUP_TITLES", "KEIZER_HELP",
           "CHOICE_LABELS", "BYE_VALUES", "DISPLAY_LABELS", "HOW_WORDS", "shown_points", "word",
           "night_competition", "NightCompetition"]
