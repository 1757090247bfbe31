"""The pairing core's public shape: what a round's pairing is, and why each board is as it is.

Pure: no Flask, no SQLAlchemy. The reasons are :class:`~ladder.vocabulary.messages.Message`
values (message ids with named values), translated only at the web edge; the CLI prints them in
English.

The interface between the engine and everything around it (the CLI, the club night, the bench)
is the TRF text posed as ``tests/data/pairings/README.md`` says: the rounds played so far, and
in the coming round's column ``0000 - H`` / ``Z`` / ``F`` for each player who is not to be
paired. :func:`ladder.pairing.pair_trf_detailed` answers a :class:`RoundPairing` or a
:class:`Refusal`; :func:`ladder.pairing.pair_trf` is the plain form the checks call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ladder.vocabulary.messages import Message


@dataclass(frozen=True)
class Board:
    """One board of a round: start numbers of White and Black, and why it is as it is."""

    number: int  # 1-based board number, in the engine's board order
    white: int
    black: int
    #: The sentences that explain this board (the float, the colour, a rematch avoided), most
    #: decisive first; each a Message whose values name players by start number
    #: (``white``/``black``/``player``) so the edge can put display names in.
    reasons: tuple[Message, ...] = ()


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round: boards in board order and the pairing-allocated bye."""

    round: int
    boards: tuple[Board, ...]
    pab: int | None = None  # start number of the player given the pairing-allocated bye
    pab_reason: Message | None = None
    #: Messages about the round as a whole (e.g. "a search bound was reached").
    notes: tuple[Message, ...] = field(default=())

    def pairs(self) -> list[tuple[int, int]]:
        """The boards as ``(white, black)`` start numbers, in board order."""
        return [(board.white, board.black) for board in self.boards]


@dataclass(frozen=True)
class Refusal:
    """No legal pairing exists (or could not be found within a bound): the reason, in words."""

    round: int
    reason: Message
