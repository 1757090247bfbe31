"""Plain words for the rules: one sentence per tie-break, one reason per uncounted game.

Module-level texts are ``lazy_gettext`` (translated when printed, in the reader's language).
Each is a whole sentence, so translators never assemble a sentence from pieces; a code with a
modifier gets the base sentence and then a second whole sentence for the modifier.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...rating import Uncounted
from ...tiebreaks import TiebreakError, parse_code

#: One plain sentence per tie-break (keys: the canonical names of ``tiebreaks.codes.NAMES``).
PLAIN: dict[str, object] = {
    "PTS": _l("Points: the player's total score in the event."),
    "DE": _l("Direct encounter: the points the tied players scored in their games "
                       "against each other."),
    "WIN": _l("Wins: the number of rounds that brought a win's points, played or "
                        "not (a forfeit win or a full-point bye counts too)."),
    "WON": _l("Games won: the number of games won over the board."),
    "BPG": _l("Games with Black: the number of games played over the board with "
                        "the black pieces."),
    "BWG": _l("Wins with Black: the number of games won over the board with the "
                        "black pieces."),
    "PS": _l("Progressive score: the running score after each round, added up, so "
                       "points scored early weigh more."),
    "REP": _l("Rounds elected to play: the rounds minus requested byes and forfeit "
                        "losses."),
    "STD": _l("Standard points: 1 for each round scored better than the opponent, "
                        "½ for an equal score, whatever the event's scoring."),
    "BH": _l("Buchholz: the opponents' final scores added up, which tells how "
                       "strong the field a player met was."),
    "AOB": _l("Average of opponents' Buchholz: how strong the opponents' own "
                        "opponents were."),
    "FB": _l("Fore Buchholz: Buchholz as if every game of the last round had been "
                       "drawn, so it can be known before that round ends."),
    "SB": _l("Sonneborn-Berger: the score of each opponent a player beat, plus half "
                       "the score of each opponent they drew with."),
    "KS": _l("Koya: the points scored against the players who finished with at "
                       "least half of the possible points."),
    "ARO": _l("Average rating of opponents: the mean rating of the opponents met "
                        "over the board."),
    "TPR": _l("Performance rating: the rating for which the player's result would "
                        "be the expected one."),
    "PTP": _l("Perfect performance: the lowest rating at which the player's total "
                        "score would be exactly what is expected."),
    "APRO": _l("Average performance of opponents: the mean of the opponents' "
                         "performance ratings."),
    "APPO": _l("Average perfect performance of opponents: the mean of the "
                         "opponents' perfect performances."),
    "MM": _l("Modified median (US Chess): the opponents' scores added up, leaving "
                       "out the lowest, the highest or both, depending on the player's own "
                       "score."),
    "SOLK": _l("Solkoff (US Chess): the opponents' adjusted scores added up, with "
                         "nothing left out."),
    "HARK": _l("Median or Harkness (US Chess): the opponents' scores added up "
                         "without the highest and the lowest."),
    "CUM": _l("Cumulative (US Chess): the running score after each round added up, "
                        "minus points received without playing."),
    "OPCUM": _l("Opponents' cumulative (US Chess): the opponents' cumulative scores "
                          "added up."),
    "KASH": _l("Kashdan (US Chess): 4 for a win, 2 for a draw, 1 for a loss and 0 "
                         "for an unplayed round, added up."),
    "MB": _l("Most blacks (US Chess): the number of games played with Black."),
}


def modifier_sentence(code_text: str) -> str:
    """The second sentence of a code with a modifier (``BH/C1`` …), or "" without one."""
    try:
        code = parse_code(code_text)
    except TiebreakError:
        return ""
    if code.high:
        return ngettext("The lowest and the highest value are left out.",
                        "The %(num)d lowest and the %(num)d highest values are left out.",
                        code.low)
    if code.low and code.name == "PS":
        return ngettext("The first round is left out.", "The first %(num)d rounds are left out.",
                        code.low)
    if code.low:
        return ngettext("The lowest value is left out.", "The %(num)d lowest values are left out.",
                        code.low)
    if code.limit:
        return ngettext("The limit is moved by %(num)d half point.",
                        "The limit is moved by %(num)d half points.", abs(code.limit)) \
            if code.limit > 0 else ngettext(
                "The limit is lowered by %(num)d half point.",
                "The limit is lowered by %(num)d half points.", abs(code.limit))
    if code.forfeits_played:
        return str(_l("Forfeits count as games against the scheduled opponent."))
    return ""


def plain(code_text: str) -> str:
    """What the tie-break ``code_text`` measures, in one or two plain sentences."""
    try:
        name = parse_code(code_text).name
    except TiebreakError:
        return ""
    base = str(PLAIN.get(name, ""))
    extra = modifier_sentence(code_text)
    from ..support.formatting import punctuation
    return f"{base}{punctuation()['gap']}{extra}" if extra else base


def anchor(code_text: str) -> str:
    """The guide's anchor of a tie-break (``tb-bh`` for ``BH/C1``)."""
    try:
        return "tb-" + parse_code(code_text).name.lower()
    except TiebreakError:
        return "tiebreaks"


#: Why a game did not count, in one short sentence (the mark's reason).
REASONS: dict[Uncounted, object] = {
    Uncounted.PROTECTION: _l(
        "Not counted: the opponent was provisional (protection rule)."),
    Uncounted.FORFEIT: _l(
        "Not counted: a forfeit is not a game played over the board."),
    Uncounted.UNRATED_GAME: _l("Not counted: this game was recorded as not rated."),
    Uncounted.NOT_A_MEMBER: _l(
        "Not counted: the opponent is not linked to a club member."),
    Uncounted.EVENT_UNRATED: _l("Not counted: the event is not rated."),
    Uncounted.BUGHOUSE: _l("Not counted: bughouse games are never rated."),
    Uncounted.BYE: _l("Not counted: no game was played (a bye)."),
}

#: Where the guide explains each reason.
REASON_ANCHORS: dict[Uncounted, str] = {
    Uncounted.PROTECTION: "protection", Uncounted.FORFEIT: "never-rated",
    Uncounted.UNRATED_GAME: "never-rated", Uncounted.NOT_A_MEMBER: "never-rated",
    Uncounted.EVENT_UNRATED: "never-rated", Uncounted.BUGHOUSE: "never-rated",
    Uncounted.BYE: "never-rated",
}


def reason(value: Uncounted | str | None) -> str:
    """The short reason of an uncounted game, in the reader's language ("" if counted)."""
    if value is None:
        return ""
    return str(REASONS.get(Uncounted(value), ""))


def reason_anchor(value: Uncounted | str | None) -> str:
    """The anchor of the guide section explaining ``value``."""
    return REASON_ANCHORS.get(Uncounted(value), "never-rated") if value else "never-rated"


def reasons_summary(reasons: tuple[tuple[Uncounted, int], ...]) -> list[str]:
    """One sentence per reason with its count (the profile's event list)."""
    texts = {
        Uncounted.PROTECTION: lambda n: ngettext(
            "%(num)d game against a provisional player did not count (protection rule).",
            "%(num)d games against provisional players did not count (protection rule).", n),
        Uncounted.FORFEIT: lambda n: ngettext(
            "%(num)d forfeit did not count.", "%(num)d forfeits did not count.", n),
        Uncounted.UNRATED_GAME: lambda n: ngettext(
            "%(num)d game recorded as not rated did not count.",
            "%(num)d games recorded as not rated did not count.", n),
        Uncounted.NOT_A_MEMBER: lambda n: ngettext(
            "%(num)d game against someone not linked to a member did not count.",
            "%(num)d games against people not linked to a member did not count.", n),
    }
    return [texts[r](n) if r in texts else reason(r) for r, n in reasons]
