"""Plain data shared by the pure core: round-result kinds, players' records, tournaments.

Everything here is immutable and free of Flask and SQLAlchemy, so the TRF reader, the rating
engine, the tie-break engine and the services all speak the same vocabulary (docs/desk.md §1).
Points are exact: ``fractions.Fraction`` (½ is ``Fraction(1, 2)``), never floats.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from ladder.vocabulary.messages import N_
from ladder.vocabulary.numbers import HALF


class Kind(StrEnum):
    """One entry's result in one round (docs/desk.md §1)."""

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

    @property
    def mirror(self) -> Kind:
        """The opponent's side of this result (win ↔ loss, forfeit win ↔ forfeit loss).

        A bye has no opponent and mirrors to itself.
        """
        return _MIRROR.get(self, self)

    @property
    def label(self) -> str:
        """The result kind in words: a message id, translated at the web edge."""
        return KIND_LABELS[self]


_WITH_OPPONENT = frozenset(
    {Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.UNRATED_PLAYED, Kind.FORFEIT_WIN,
     Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT}
)


_MIRROR = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
           Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}

#: Each result kind in words (message ids; the web edge translates them).
KIND_LABELS: dict[Kind, str] = {
    Kind.WIN: N_("win"),
    Kind.DRAW: N_("draw"),
    Kind.LOSS: N_("loss"),
    Kind.FORFEIT_WIN: N_("won by forfeit"),
    Kind.FORFEIT_LOSS: N_("lost by forfeit"),
    Kind.DOUBLE_FORFEIT: N_("double forfeit"),
    Kind.PAIRING_BYE: N_("pairing bye (full point)"),
    Kind.FULL_BYE: N_("requested full-point bye"),
    Kind.HALF_BYE: N_("half-point bye"),
    Kind.ZERO_BYE: N_("absent (zero-point bye)"),
    Kind.UNRATED_PLAYED: N_("played, not rated"),
}

#: The kinds a round with an opponent can hold, and those of a round without one.
PAIRED_KINDS = (Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS,
                Kind.DOUBLE_FORFEIT, Kind.UNRATED_PLAYED)
BYE_KINDS = (Kind.PAIRING_BYE, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE)


class Colour(StrEnum):
    """The colour a player had in a played (or scheduled) game."""

    WHITE = "w"
    BLACK = "b"


class EventKind(StrEnum):
    """What kind of event this is (docs/desk.md §1)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    MATCH = "match"
    CASUAL = "casual"
    BUGHOUSE = "bughouse"

    @property
    def label(self) -> str:
        """The event kind in words: a message id, translated at the web edge."""
        return EVENT_KIND_LABELS[self]


EVENT_KIND_LABELS: dict[EventKind, str] = {
    EventKind.SWISS: N_("Swiss"),
    EventKind.ROUND_ROBIN: N_("round-robin"),
    EventKind.MATCH: N_("match"),
    EventKind.CASUAL: N_("casual games"),
    EventKind.BUGHOUSE: N_("bughouse"),
}


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

#: The codes of :func:`scoring_text` (TRF(x) ``XXS`` spells the byes the same way).
_SCORING_CODES = (("W", "win"), ("D", "draw"), ("L", "loss"), ("PAB", "pairing_bye"),
                  ("FPB", "full_bye"), ("HPB", "half_bye"))


def scoring_text(scoring: Scoring) -> str | None:
    """How an event stores its scoring (``events.scoring``): None for the default
    (1 / ½ / 0, byes as a win or a draw), else every point value as an exact fraction, the
    byes only where they differ from their default.

    >>> scoring_text(Scoring()) is None, scoring_text(Scoring(pairing_bye=HALF))
    (True, 'W=1 D=1/2 L=0 PAB=1/2')
    """
    if scoring == DEFAULT_SCORING:
        return None
    parts = []
    for code, name in _SCORING_CODES:
        value = getattr(scoring, name)
        if value is not None:
            parts.append(f"{code}={value}")
    return " ".join(parts)


def scoring_from_text(text: str | None) -> Scoring:
    """The scoring :func:`scoring_text` stored (None: the default).

    >>> scoring_from_text("W=1 D=1/2 L=0 PAB=1/2") == Scoring(pairing_bye=HALF)
    True
    """
    if not text:
        return DEFAULT_SCORING
    names = dict(_SCORING_CODES)
    values = {}
    for part in text.split():
        code, _equals, value = part.partition("=")
        values[names[code]] = Fraction(value)
    return Scoring(**values)


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
    junior flag and is never stored (docs/desk.md §4).
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


def looks_like_round_robin(players: tuple[Player, ...] | list[Player]) -> bool:
    """True when the pairings look pre-determined (C.07 15.2): at least three players and every
    two of them scheduled against each other equally often (once, or twice in a double
    round-robin), forfeits included.

    Only a fallback for sources that do not say what kind of event they are (a TRF without tag
    092, a paste, a crosstable): the event's kind decides whenever it is known, because a Swiss
    in which every pair happened to meet is still a Swiss (Art. 16, not 15.2, then applies).
    """
    n = len(players)
    if n < 3:
        return False
    meetings: dict[frozenset[int], int] = {}
    for player in players:
        for result in player.results:
            if result.kind.has_opponent and result.opponent is not None:
                pair = frozenset((player.start_no, result.opponent))
                meetings[pair] = meetings.get(pair, 0) + 1
    # Each meeting is seen from both sides: an even count per pair, the same for every pair.
    if len(meetings) != n * (n - 1) // 2:
        return False
    counts = set(meetings.values())
    return len(counts) == 1 and counts.pop() % 2 == 0
