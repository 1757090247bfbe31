"""Why each board is as it is, in sentences (Messages) the web edge translates."""

from __future__ import annotations

from ladder.pairing.colours import Rule
from ladder.pairing.dutch import Trace
from ladder.pairing.state import Player, Round
from ladder.vocabulary.messages import Message, msg


def board_reasons(round_: Round, trace: Trace, white: Player, black: Player,
                  rule: Rule) -> tuple[Message, ...]:
    """The reasons of one board, most decisive first."""
    return ()


def pab_reason(round_: Round, player: Player) -> Message:
    """Why ``player`` gets the pairing-allocated bye."""
    return msg("%(player)d gets the pairing-allocated bye.", player=player.start_number)


def refusal_reason(round_: Round) -> Message:
    """Why no legal pairing exists."""
    return msg("No pairing of round %(round)d meets the absolute criteria.",
               round=round_.round_number)


def round_notes(round_: Round, trace: Trace) -> tuple[Message, ...]:
    """Notes about the round as a whole."""
    return ()
