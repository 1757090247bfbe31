"""The ladder's stored history as plain data: dated rating rows, per-game records, "as of".

Pure (no Flask, no SQLAlchemy): the query layer reads the stored rating rows and the events'
rated games, converts them with :func:`dated_rows` and :func:`event_games`, and the season,
pool-health and Glicko-2 pages compute from these.

* :class:`DatedRow` — a stored rating row (docs/club-rating.md §2) with its event's date.
* :class:`EventGames` — one event's rated games ``(a, b, score of a)`` and date.
* :class:`LadderGame` — one rated game with both players' frozen pre-event ladder ratings and
  provisional statuses, hence the ladder's expected score and who the game counted for.
* :func:`ladder_as_of` — the ladder as it stood on a past date, read from the stored rows
  (never by a replay): per member the ``rating_after`` of their last row on or before it.

Replay order is (event date, event id) everywhere (docs/club-rating.md §2).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from ladder.rating.club_elo import expected_score
from ladder.rating.event_rating import rated_games
from ladder.rating.types import EventInput

DEFAULT_PROVISIONAL_GAMES = 5  # docs/club-rating.md §1 (the club's setting is passed in)


class StoredRow(Protocol):
    """What :func:`dated_rows` needs of a rating row (``ladder.rating.RatingRow`` has it,
    and so has the database's row model)."""

    @property
    def event_id(self) -> int: ...
    @property
    def member_id(self) -> int: ...
    @property
    def rating_before(self) -> float: ...
    @property
    def rating_after(self) -> float: ...
    @property
    def games_before(self) -> int: ...
    @property
    def games_counted(self) -> int: ...
    @property
    def expected(self) -> float: ...
    @property
    def score(self) -> float: ...
    @property
    def provisional_before(self) -> bool: ...


@dataclass(frozen=True)
class DatedRow:
    """One stored rating row (one member in one event, docs/club-rating.md §2) with the event's
    date.

    ``games_counted``, ``expected`` and ``score`` cover only the games counted for this
    member (after the protection rule), as in :class:`ladder.rating.RatingRow`.
    """

    event_id: int
    date: dt.date
    member_id: int
    rating_before: float
    rating_after: float
    games_before: int
    games_counted: int
    expected: float
    score: float
    provisional_before: bool

    @property
    def games_after(self) -> int:
        """Counted games after the event."""
        return self.games_before + self.games_counted

    @property
    def change(self) -> float:
        """The rating change of the event."""
        return self.rating_after - self.rating_before

    @property
    def key(self) -> tuple[dt.date, int]:
        """The replay order of the row's event (event date, event id)."""
        return (self.date, self.event_id)


def dated_rows(rows: Iterable[StoredRow], dates: Mapping[int, dt.date]) -> list[DatedRow]:
    """``rows`` with their events' dates (``dates``: event id → date), in replay order.

    A row whose event has no date in ``dates`` raises KeyError (inconsistent input).
    """
    out = [DatedRow(r.event_id, dates[r.event_id], r.member_id, float(r.rating_before),
                    float(r.rating_after), int(r.games_before), int(r.games_counted),
                    float(r.expected), float(r.score), bool(r.provisional_before))
           for r in rows]
    out.sort(key=lambda r: (r.date, r.event_id, r.member_id))
    return out


@dataclass(frozen=True)
class LadderEntry:
    """One line of the ladder as of a date.

    ``rank`` is shared by equal ratings within a group (1, 2, 2, 4) and every provisional
    member ranks below every established one (docs/club-rating.md §1). ``last_change`` is the change
    of the member's last event on or before the date (0.0 when no game counted there).
    """

    member_id: int
    rating: float
    games: int
    provisional: bool
    rank: int
    last_change: float
    last_event_id: int
    last_date: dt.date


def ladder_as_of(rows: Iterable[DatedRow], day: dt.date | None,
                 provisional_games: int = DEFAULT_PROVISIONAL_GAMES) -> tuple[LadderEntry, ...]:
    """The ladder after the last event on or before ``day`` (None: after every event).

    Per member, the ``rating_after`` and counted games of their last row with an event date
    ≤ ``day`` (last in replay order); provisional while fewer than ``provisional_games``
    counted games. Ordered like the ladder: established members by rating (best first), then
    provisional ones by rating; equal ratings by member id.
    """
    last: dict[int, DatedRow] = {}
    for row in rows:
        if day is not None and row.date > day:
            continue
        seen = last.get(row.member_id)
        if seen is None or row.key >= seen.key:
            last[row.member_id] = row
    return rank_lines([(r.member_id, r.rating_after, r.games_after, r.change, r.event_id,
                        r.date) for r in last.values()], provisional_games)


def rank_lines(states: Iterable[tuple[int, float, int, float, int, dt.date]],
               provisional_games: int) -> tuple[LadderEntry, ...]:
    """Ladder lines from (member, rating, games, last change, last event, last date)."""
    ordered = sorted(states, key=lambda s: (s[2] < provisional_games, -s[1], s[0]))
    lines: list[LadderEntry] = []
    previous: tuple[bool, float] | None = None
    rank = 0
    for position, (member, rating, games, change, event_id, date) in enumerate(ordered, 1):
        provisional = games < provisional_games
        if (provisional, rating) != previous:
            rank = position
            previous = (provisional, rating)
        lines.append(LadderEntry(member, rating, games, provisional, rank, change, event_id,
                                 date))
    return tuple(lines)


@dataclass(frozen=True)
class EventGames:
    """One event's games that count at all (docs/club-rating.md §1 "never rated" left out), in
    listed order, as ``(a, b, score of a)`` with scores 1, 0.5, 0. Also a Glicko-2 rating period."""

    event_id: int
    date: dt.date
    games: tuple[tuple[int, int, float], ...]


def event_games(event: EventInput, date: dt.date) -> EventGames:
    """The rated games of a rating-engine event (byes, forfeits, unrated games, bughouse and
    unrated events left out, exactly as the engine does: :func:`rated_games`)."""
    return EventGames(event.event_id, date,
                      tuple((a, b, float(s)) for a, b, s in rated_games(event)))


@dataclass(frozen=True)
class LadderGame:
    """One rated game with the frozen pre-event ladder state of both players
    (docs/club-rating.md §1)."""

    event_id: int
    date: dt.date
    a: int
    b: int
    score_a: float  # 1, 0.5 or 0
    rating_a: float  # pre-event ladder ratings
    rating_b: float
    provisional_a: bool  # pre-event statuses
    provisional_b: bool

    @property
    def expected_a(self) -> float:
        """The ladder's expected score of ``a``: 1 / (1 + 10^((Rb − Ra) / 400))
        (docs/club-rating.md §1)."""
        return expected_score(self.rating_a, self.rating_b)

    @property
    def counted_a(self) -> bool:
        """Whether the game counted for ``a`` (docs/club-rating.md §1 protection rule): yes unless
        ``a`` is established and ``b`` provisional."""
        return self.provisional_a or not self.provisional_b

    @property
    def counted_b(self) -> bool:
        """Whether the game counted for ``b`` (the protection rule from ``b``'s side)."""
        return self.provisional_b or not self.provisional_a

    @property
    def score_b(self) -> float:
        """``b``'s score."""
        return 1.0 - self.score_a

    def side(self, member: int) -> tuple[int, float, float, float, bool]:
        """``(opponent, own rating, opponent's rating, own score, counted for member)``."""
        if member == self.a:
            return (self.b, self.rating_a, self.rating_b, self.score_a, self.counted_a)
        if member == self.b:
            return (self.a, self.rating_b, self.rating_a, self.score_b, self.counted_b)
        raise ValueError(f"member {member} did not play this game")


def ladder_games(events: Iterable[EventGames], rows: Iterable[StoredRow]) -> list[LadderGame]:
    """Every rated game of ``events`` with the players' pre-event ladder ratings and statuses.

    The stored rows hold only per-(event, member) sums, so the per-game predictions need the
    pairings (``events``) and each player's ``rating_before`` / ``provisional_before`` from
    the rows of that event. A game whose player has no row in its event raises ValueError.
    """
    before: dict[tuple[int, int], tuple[float, bool]] = {
        (r.event_id, r.member_id): (float(r.rating_before), bool(r.provisional_before))
        for r in rows}
    out: list[LadderGame] = []
    for event in events:
        for a, b, score in event.games:
            if a == b:
                continue
            try:
                r_a, p_a = before[(event.event_id, a)]
                r_b, p_b = before[(event.event_id, b)]
            except KeyError as missing:
                raise ValueError(f"no rating row for (event, member) {missing}") from None
            out.append(LadderGame(event.event_id, event.date, a, b, float(score), r_a, r_b,
                                  p_a, p_b))
    return out


def points(values: Sequence[float]) -> Fraction:
    """An exact sum of half points given as floats (0, 0.5, 1 are exact in binary)."""
    return sum((Fraction(v) for v in values), Fraction(0))
