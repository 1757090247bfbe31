"""Colour allocation (C.04.3 E) and the order of the boards (C.04.2 C.3 / board order).

For each board the rules, in order (C.04.3 E.1-E.5):

1. (E.1) both preferences can be met: each gets the colour it is due;
2. (E.2) the stronger preference wins: an absolute one (of two, the larger colour
   difference), else a strong one over a mild one;
3. (E.3) otherwise alternate from the most recent time one had White and the other Black,
   counting played games only (C.04.2 D.5), back from each one's latest game;
4. (E.4) otherwise the higher-ranked player gets their own preference;
5. (E.5) a higher-ranked player without one gets the colour given by the initial colour and
   their pairing number (odd: the initial colour).
"""

from __future__ import annotations

from enum import Enum

from ladder.pairing.round_state import WHITE, RoundPlayer, invert
from ladder.pairing.weights import preferences_compatible
from ladder.vocabulary.tournament import Colour


class Rule(Enum):
    """The colour rule that decided a board (C.04.3 E)."""

    BOTH_MET = "both"  # E.1 (or only one player had a preference)
    ABSOLUTE = "absolute"  # E.2, an absolute preference
    STRONG = "strong"  # E.2, a strong preference over a mild one
    ALTERNATION = "alternation"  # E.3
    HIGHER_RANK = "higher_rank"  # E.4, the higher-ranked player's preference
    INITIAL_COLOUR = "initial"  # E.5, no preference: the initial colour and the rank


def _played_colours(player: RoundPlayer) -> list[Colour]:
    return [m.colour for m in player.matches if m.played and m.colour is not None]


def _alternation(player: RoundPlayer, opponent: RoundPlayer) -> Colour | None:
    """The player's colour by E.3: the colour the opponent had in the latest round the two had
    different colours (played games only, counted back from each one's latest game)."""
    mine = list(reversed(_played_colours(player)))
    theirs = list(reversed(_played_colours(opponent)))
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            return b
    return None


def _neutral(player: RoundPlayer, opponent: RoundPlayer) -> tuple[Colour | None, Rule]:
    if preferences_compatible(player.preference, opponent.preference):
        if player.preference is not None:
            return player.preference, Rule.BOTH_MET
        if opponent.preference is not None:
            return invert(opponent.preference), Rule.BOTH_MET
        return None, Rule.INITIAL_COLOUR
    if player.absolute and (player.colour_difference > opponent.colour_difference
                            or not opponent.absolute):
        return player.preference, Rule.ABSOLUTE
    if opponent.absolute and (opponent.colour_difference > player.colour_difference
                              or not player.absolute):
        return invert(opponent.preference), Rule.ABSOLUTE
    if player.strong and not opponent.strong:
        return player.preference, Rule.STRONG
    if opponent.strong and not player.strong:
        return invert(opponent.preference), Rule.STRONG
    return _alternation(player, opponent), Rule.ALTERNATION


def ranks_higher(a: RoundPlayer, b: RoundPlayer) -> bool:
    """``a`` is ahead of ``b`` in the pairing order (higher score, then lower rank)."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def colour_of(player: RoundPlayer, opponent: RoundPlayer, initial: Colour) -> tuple[Colour, Rule]:
    """The colour ``player`` gets against ``opponent``, and the rule that decided it."""
    colour, rule = _neutral(player, opponent)
    if colour is not None:
        return colour, rule
    opponent_higher = ranks_higher(opponent, player)
    if player.preference is None:
        if opponent_higher:
            return (initial if opponent.rank & 1 else invert(initial)) or WHITE, \
                Rule.INITIAL_COLOUR
        return (invert(initial) if player.rank & 1 else initial) or WHITE, Rule.INITIAL_COLOUR
    if opponent_higher:
        return invert(opponent.preference) or WHITE, Rule.HIGHER_RANK
    return player.preference, Rule.HIGHER_RANK


def board_key(white: RoundPlayer, black: RoundPlayer) -> tuple[int, int, int]:
    """Sort key of a board: the higher player's score, the lower's, the higher's rank."""
    higher, lower = (white, black) if ranks_higher(white, black) else (black, white)
    return (-higher.score, -lower.score, higher.rank)
