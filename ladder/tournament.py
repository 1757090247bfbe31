"""Plain data shared by the pure core: round-result kinds, players' records, tournaments.

Everything here is immutable and free of Flask and SQLAlchemy, so the TRF reader, the rating
engine, the tie-break engine and the services all speak the same vocabulary (SPEC §1).
Points are exact: ``fractions.Fraction`` (½ is ``Fraction(1, 2)``), never floats.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

HALF = Fraction(1, 2)


class Kind(StrEnum):
    """One entry's result in one round (SPEC §1)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAIRING_BYE = "pairing_bye"  # PAB, TRF "U"
    FULL_BYE = "full_bye"  # requested full-point bye, TRF "F"
    HALF_BYE = "half_bye"  # TRF "H"
    ZERO_BYE = "zero_bye"  # absence or after withdrawal, TRF "Z" or blank
    UNRATED_PLAYED = "unrated_played"  # TRF "W"/"D"/"L": played, never rated

    @property
    def played(self) -> bool:
        """True when the game was played over the board (rated or not)."""
        return self in (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.UNRATED_PLAYED)

    @property
    def has_opponent(self) -> bool:
        """True when the round names an opponent (played games and forfeits)."""
        return self in _WITH_OPPONENT

    @property
    def is_bye(self) -> bool:
        """True for every kind of bye (no opponent, no game)."""
        return self in (Kind.PAIRING_BYE, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE)


_WITH_OPPONENT = frozenset(
    {Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.UNRATED_PLAYED, Kind.FORFEIT_WIN,
     Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT}
)


class Colour(StrEnum):
    """The colour a player had in a played (or scheduled) game."""

    WHITE = "w"
    BLACK = "b"


class EventKind(StrEnum):
    """What kind of event this is (SPEC §1)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    MATCH = "match"
    CASUAL = "casual"
    BUGHOUSE = "bughouse"


@dataclass(frozen=True)
class Scoring:
    """Points awarded per result (default 1 / ½ / 0; a pairing bye scores as a win)."""

    win: Fraction = Fraction(1)
    draw: Fraction = HALF
    loss: Fraction = Fraction(0)
    pairing_bye: Fraction | None = None  # None: same as a win
    full_bye: Fraction | None = None  # None: same as a win
    half_bye: Fraction | None = None  # None: same as a draw

    def points(self, kind: Kind, outcome: Fraction | None = None) -> Fraction:
        """Points for ``kind``; ``outcome`` (1, ½ or 0) is needed for ``unrated_played``."""
        if kind is Kind.UNRATED_PLAYED:
            if outcome is None:
                raise ValueError("unrated_played needs an outcome (1, 1/2 or 0)")
            return {Fraction(1): self.win, HALF: self.draw, Fraction(0): self.loss}[outcome]
        if kind in (Kind.WIN, Kind.FORFEIT_WIN):
            return self.win
        if kind is Kind.DRAW:
            return self.draw
        if kind is Kind.PAIRING_BYE:
            return self.win if self.pairing_bye is None else self.pairing_bye
        if kind is Kind.FULL_BYE:
            return self.win if self.full_bye is None else self.full_bye
        if kind is Kind.HALF_BYE:
            return self.draw if self.half_bye is None else self.half_bye
        return self.loss  # loss, forfeit loss, double forfeit, zero bye


DEFAULT_SCORING = Scoring()


@dataclass(frozen=True)
class RoundResult:
    """One player's result in one round.

    ``opponent`` is the opponent's start number (None for byes). ``outcome`` is the
    over-the-board result from this player's side (1, ½, 0) and is set only for
    ``unrated_played``; for every other kind the kind says it all.
    """

    round: int
    kind: Kind
    opponent: int | None = None
    colour: Colour | None = None
    outcome: Fraction | None = None

    def points(self, scoring: Scoring = DEFAULT_SCORING) -> Fraction:
        """Points this result earns under ``scoring``."""
        return scoring.points(self.kind, self.outcome)


@dataclass(frozen=True)
class Player:
    """A participant as written in the source: start number, name, optional data, results.

    ``results`` holds one entry per round played so far, in round order; a round with no
    entry in the source is a ``zero_bye``. ``birth_year`` is only ever used to suggest the
    junior flag and is never stored (SPEC §9).
    """

    start_no: int
    name: str
    rating: int | None = None
    results: tuple[RoundResult, ...] = ()
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_year: int | None = None
    points: Fraction | None = None  # as printed in the file (not trusted, just checked)
    rank: int | None = None  # as printed in the file

    def result_in(self, round_no: int) -> RoundResult | None:
        """This player's result in round ``round_no`` (1-based), or None."""
        for result in self.results:
            if result.round == round_no:
                return result
        return None


@dataclass(frozen=True)
class Tournament:
    """A whole event as read from a file or the database (pure data)."""

    name: str
    players: tuple[Player, ...]
    rounds: int
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    kind: EventKind = EventKind.SWISS
    scoring: Scoring = DEFAULT_SCORING
    tiebreak_codes: tuple[str, ...] = ()  # TRF-2026 tag 202 (or None given)
    rounds_dates: tuple[dt.date | None, ...] = ()
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def player(self, start_no: int) -> Player:
        """The player with start number ``start_no`` (KeyError if absent)."""
        for player in self.players:
            if player.start_no == start_no:
                return player
        raise KeyError(start_no)
