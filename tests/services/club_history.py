"""A small, reproducible club history published through the real services, for the tests of
seasons, sections and pool health (docs/organizer-guide.md §4).

Eight members, club nights over two seasons, a mix of wins, draws, losses, a forfeit and a
bye; one unrated night and one bughouse night inside the seasons (neither may count), one
night outside every season, and members who become established along the way.
"""

from __future__ import annotations

import datetime as dt
import random

from ladder.models import Event
from ladder.services.seasons import create_season
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import publish_t, tournament

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Fay Ng", "Gus Roy", "Hal Fox"]
KINDS = [Kind.WIN, Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.LOSS, Kind.DRAW, Kind.WIN]

#: (date, players taking part (indexes into NAMES), rounds, rated, kind)
NIGHTS = [
    (dt.date(2025, 1, 7), [0, 1, 2, 3], 3, True, EventKind.SWISS),
    (dt.date(2025, 1, 21), [0, 1, 2, 3, 4, 5], 3, True, EventKind.SWISS),
    (dt.date(2025, 2, 4), [0, 1, 2, 3, 4, 5, 6, 7], 4, True, EventKind.SWISS),
    (dt.date(2025, 2, 4), [0, 1, 4, 5], 2, False, EventKind.SWISS),  # unrated, same day
    (dt.date(2025, 2, 18), [0, 2, 4, 6], 3, True, EventKind.BUGHOUSE),  # never rated
    (dt.date(2025, 3, 4), [1, 2, 3, 4, 5, 6, 7], 3, True, EventKind.SWISS),
    (dt.date(2025, 3, 18), [0, 1, 2, 3, 4, 5, 6, 7], 4, True, EventKind.SWISS),
    (dt.date(2025, 4, 1), [0, 3, 5, 7], 3, True, EventKind.SWISS),
    (dt.date(2025, 6, 10), [0, 1, 2, 3], 2, True, EventKind.SWISS),  # outside the seasons
]
WINTER = ("Winter 2025", dt.date(2025, 1, 1), dt.date(2025, 2, 28))
SPRING = ("Spring 2025", dt.date(2025, 3, 1), dt.date(2025, 5, 31))


def night(rng: random.Random, players: list[int], rounds: int, name: str,
          kind: EventKind) -> object:
    """Random pairings each round; an odd player out gets a bye; one forfeit per night."""
    names = [NAMES[i] for i in players]
    games = []
    byes = []
    forfeit_done = False
    for round_no in range(1, rounds + 1):
        order = list(range(1, len(names) + 1))
        rng.shuffle(order)
        if len(order) % 2:
            byes.append((round_no, order.pop(), Kind.PAIRING_BYE))
        for white, black in zip(order[::2], order[1::2], strict=False):
            result = rng.choice(KINDS)
            if not forfeit_done and round_no == 2 and kind is not EventKind.BUGHOUSE:
                result, forfeit_done = Kind.FORFEIT_WIN, True
            games.append((round_no, white, black, result))
    return tournament(names, games, name=name, kind=kind, byes=byes)


def publish_history(seed: int = 17, seasons: bool = True) -> list[Event]:
    """Publish every night in date order (inside the caller's app context); the seasons too."""
    rng = random.Random(seed)
    events = []
    for number, (date, players, rounds, rated, kind) in enumerate(NIGHTS, start=1):
        t = night(rng, players, rounds, f"Night {number}", kind)
        events.append(publish_t(t, date, rated=rated))
    if seasons:
        for name, first, last in (WINTER, SPRING):
            create_season(name, first, last, "test")
    return events
