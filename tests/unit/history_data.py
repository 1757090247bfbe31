"""A random but reproducible club history for the season, as-of and pool-health tests."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from ladder.club.history import DatedRow, EventGames, dated_rows, event_games
from ladder.rating import EventInput, Pairing, RatingOptions, RatingRow, replay
from ladder.vocabulary.tournament import EventKind, Kind

KINDS = [Kind.WIN, Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.LOSS, Kind.FORFEIT_WIN, Kind.WIN]


@dataclass(frozen=True)
class History:
    """Events in replay order, their dates, the engine's rows, and the derived plain data."""

    events: tuple[EventInput, ...]
    dates: dict[int, dt.date]
    rows: tuple[RatingRow, ...]
    dated: tuple[DatedRow, ...]
    games: tuple[EventGames, ...]
    options: RatingOptions


def make_history(seed: int, n_events: int = 30, n_members: int = 16,
                 start: dt.date = dt.date(2025, 1, 10),
                 options: RatingOptions = RatingOptions()) -> History:
    """``n_events`` events a week or so apart (sometimes two on one day), members joining
    over time, mixed result kinds (forfeits and byes too), one unrated event."""
    rnd = random.Random(seed)
    events = []
    dates = {}
    day = start
    for i in range(n_events):
        event_id = 100 + (i * 7919) % 1000  # ids not in date order
        if rnd.random() > 0.15:
            day = day + dt.timedelta(days=rnd.randint(3, 12))
        dates[event_id] = day
        pool = list(range(1, min(n_members, 4 + i) + 1))
        present = rnd.sample(pool, k=min(len(pool), rnd.randint(3, 8)))
        pairings = []
        for _ in range(rnd.randint(2, 10)):
            a, b = rnd.sample(present, 2)
            pairings.append(Pairing(a, b, rnd.choice(KINDS)))
        if rnd.random() < 0.3:
            pairings.append(Pairing(present[0], None, Kind.PAIRING_BYE))
        events.append(EventInput(event_id, rated=(i != 5), kind=EventKind.SWISS,
                                 participants=tuple(present), pairings=tuple(pairings)))
    ordered = tuple(sorted(events, key=lambda e: (dates[e.event_id], e.event_id)))
    rows, _ = replay(ordered, None, options)
    return History(ordered, dates, tuple(rows), tuple(dated_rows(rows, dates)),
                   tuple(event_games(e, dates[e.event_id]) for e in ordered), options)
