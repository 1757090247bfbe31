"""Plain, immutable data of the ladder rating engine (docs/club-rating.md §1, §2).

No Flask, no SQLAlchemy: the replay service converts database rows to these types, calls the
engine, and stores the :class:`RatingRow` values it gets back.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ladder.vocabulary.tournament import EventKind, Kind


@dataclass(frozen=True)
class RatingOptions:
    """A club's rating settings (docs/club-rating.md §1 defaults); changing any means a replay."""

    start_rating: float = 1200.0
    k_new: float = 40.0  # K while fewer than k_threshold counted games before the event
    k_established: float = 20.0  # K from k_threshold counted games on
    k_threshold: int = 20
    provisional_games: int = 5  # provisional while fewer than this many counted games
    junior_k: float | None = None  # FIDE-style junior K (None: off)
    junior_k_ceiling: float = 2300.0  # junior K applies while the rating is below this
    floor: float | None = None  # rating floor (None: no floor)


@dataclass(frozen=True)
class MemberState:
    """A member's ladder state between events: unrounded rating and counted games so far."""

    rating: float
    games: int


@dataclass(frozen=True)
class Pairing:
    """One scheduled or played pairing of an event, seen from member ``a``'s side.

    ``b`` is None for byes. ``kind`` is ``a``'s result; ``outcome`` (1, ½, 0) is only
    meaningful for ``unrated_played`` and is never used for the rating.
    """

    a: int
    b: int | None
    kind: Kind
    outcome: Fraction | None = None


@dataclass(frozen=True)
class EventInput:
    """One event as the rating engine sees it.

    ``participants`` lists every member of the event (each gets a row, even without a counted
    game). Each game appears once in ``pairings`` (from either side); byes appear with
    ``b=None``. Members named in ``pairings`` but missing from ``participants`` get rows too.
    """

    event_id: int
    rated: bool
    kind: EventKind
    participants: tuple[int, ...]
    pairings: tuple[Pairing, ...]


@dataclass(frozen=True)
class RatingRow:
    """The rating record of one member in one event (docs/club-rating.md §2), stored by the service.

    ``games_counted``, ``expected`` and ``score`` cover only the games counted *for this
    member* (after the protection rule); ``k`` and ``provisional_before`` come from the
    pre-event state.
    """

    event_id: int
    member_id: int
    rating_before: float
    rating_after: float
    k: float
    games_before: int
    games_counted: int
    expected: float
    score: float
    provisional_before: bool
