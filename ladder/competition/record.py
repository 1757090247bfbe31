"""A competition as played over the club nights, whatever its system (docs/competitions.md §7).

Plain data the queries build from the stored nights and attendance marks, and the three systems
read:

* :class:`CompetitionEntrant` — a member of the competition: the pairing number (``number``,
  given at the start by rating, late entrants the next free one), the rating the competition
  ranks him by, the round he enters in, his name (only for the TRF the organizer exports: the
  core never shows a name);
* :class:`RecordedRound` — one round: each entrant's attendance (``present``, ``excused``, ``club``,
  ``absent``: :mod:`ladder.competition.season`'s statuses), the games with their results, the
  pairing-allocated bye;
* :class:`Played` — the entrants and the rounds 1..n in order.

Results are the Keizer exchange format's (``1-0``, ``0-1``, ``1/2-1/2``, ``+-``, ``-+``,
``--``; None while the game is on): :data:`NIGHT_RESULTS` maps the club night's
(``1-0``, ``½-½``, ``0-1``, ``1-0F``, ``0-1F``, ``0-0F``) onto them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ladder.competition.season import (
    ABSENT,
    BLACK_FORFEIT_WIN,
    BLACK_WINS,
    CLUB,
    DOUBLE_FORFEIT,
    DRAW,
    EXCUSED,
    FORFEITS,
    PRESENT,
    WHITE_FORFEIT_WIN,
    WHITE_WINS,
)

#: A club night board's result → the competition's.
NIGHT_RESULTS = {"1-0": WHITE_WINS, "½-½": DRAW, "0-1": BLACK_WINS, "1-0F": WHITE_FORFEIT_WIN,
                 "0-1F": BLACK_FORFEIT_WIN, "0-0F": DOUBLE_FORFEIT}
#: The marks an organizer (or, later, the player) gives before a night; the check-in decides
#: present or absent for everyone else.
MARKS = (EXCUSED, CLUB)
#: Every attendance status a round records.
STATUSES = (PRESENT, EXCUSED, CLUB, ABSENT)

KEIZER, SWISS, BERGER = "keizer", "swiss", "berger"
SYSTEMS = (KEIZER, SWISS, BERGER)


@dataclass(frozen=True)
class CompetitionEntrant:
    """A member of the competition (``number``: his pairing number; ``rating`` None: unrated)."""

    number: int
    rating: int | None = None
    entry_round: int = 1
    name: str = ""


@dataclass(frozen=True)
class RecordedGame:
    """One game: pairing numbers, the result (None while it is on), and for a round-robin's
    postponed game the round it was scheduled in (``scheduled``; None: this round's own)."""

    white: int
    black: int
    result: str | None = None
    board: int = 0
    scheduled: int | None = None

    def score(self, number: int) -> Fraction | None:
        """The game points of ``number`` (a forfeit loss and ``--`` are 0)."""
        if self.result is None:
            return None
        white = {WHITE_WINS: Fraction(1), BLACK_WINS: Fraction(0), DRAW: Fraction(1, 2),
                 WHITE_FORFEIT_WIN: Fraction(1), BLACK_FORFEIT_WIN: Fraction(0),
                 DOUBLE_FORFEIT: Fraction(0)}[self.result]
        if number == self.white:
            return white
        return Fraction(0) if self.result == DOUBLE_FORFEIT else 1 - white

    @property
    def forfeit(self) -> bool:
        """Not played over the board."""
        return self.result in FORFEITS

    def opponent(self, number: int) -> int:
        """The other player."""
        return self.black if number == self.white else self.white


@dataclass(frozen=True)
class RecordedRound:
    """One round of the competition as the nights recorded it."""

    number: int
    attendance: Mapping[int, str] = field(default_factory=dict)
    games: tuple[RecordedGame, ...] = ()
    bye: int | None = None
    #: Postponed games of earlier rounds played on this round's night (a round-robin).
    catch_up: tuple[RecordedGame, ...] = ()

    def status(self, number: int) -> str:
        """The entrant's attendance (``absent`` when not recorded)."""
        return self.attendance.get(number, ABSENT)

    def game_of(self, number: int) -> RecordedGame | None:
        """The game ``number`` played in this round (its own, not a catch-up)."""
        return next((g for g in self.games if number in (g.white, g.black)), None)

    @property
    def complete(self) -> bool:
        """Every game has its result."""
        return all(g.result is not None for g in self.games)


@dataclass(frozen=True)
class Played:
    """The entrants (in pairing-number order) and the rounds 1..n."""

    entrants: tuple[CompetitionEntrant, ...]
    rounds: tuple[RecordedRound, ...] = ()

    def entrant(self, number: int) -> CompetitionEntrant:
        """The entrant with pairing number ``number``."""
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise KeyError(number)

    def field(self, round_no: int) -> tuple[CompetitionEntrant, ...]:
        """Everyone entered by round ``round_no``."""
        return tuple(e for e in self.entrants if e.entry_round <= round_no)

    def complete_rounds(self) -> int:
        """How many rounds from the first have every result."""
        done = 0
        for round_ in self.rounds:
            if not round_.complete:
                break
            done += 1
        return done


def keizer_season(played: Played, upto: int | None = None,
                  attendance_of: int | None = None) -> dict[str, Any]:
    """The Keizer core's season (:mod:`ladder.competition.season`) of rounds ``1..upto``
    (default all), with round ``attendance_of``'s attendance appended when it is not among
    them (the round to be paired). Ids are the pairing numbers as text."""
    last = len(played.rounds) if upto is None else upto
    rounds: list[dict[str, Any]] = []
    for round_ in played.rounds[:last]:
        rounds.append({
            "round": round_.number,
            "attendance": {str(n): s for n, s in round_.attendance.items()
                           if played.entrant(n).entry_round <= round_.number},
            "bye": None if round_.bye is None else str(round_.bye),
            "games": [{"board": g.board or i, "white": str(g.white), "black": str(g.black),
                       "result": g.result} for i, g in enumerate(round_.games, start=1)]})
    if attendance_of is not None and attendance_of == last + 1:
        marked = (played.rounds[last].attendance if last < len(played.rounds) else {})
        rounds.append({"round": attendance_of,
                       "attendance": {str(n): s for n, s in marked.items()
                                      if played.entrant(n).entry_round <= attendance_of}})
    return {"members": [{"id": str(e.number), "rating": e.rating or 0,
                         "entry_round": e.entry_round} for e in played.entrants],
            "rounds": rounds}


__all__ = ["CompetitionEntrant", "RecordedGame", "RecordedRound", "Played", "NIGHT_RESULTS",
           "MARKS", "STATUSES", "KEIZER", "SWISS", "BERGER", "SYSTEMS", "keizer_season"]
