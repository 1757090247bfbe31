"""A small club for the browser tests: six nights of a round robin, Finn still provisional."""

from __future__ import annotations

import datetime as dt

from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Kind
from tests.factories import tournament


def seed_six_nights(app) -> None:
    names = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Finn Roe"]
    games = []
    # Six nights of a small round robin, so everyone but Finn becomes established.
    for night in range(6):
        games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.DRAW),
                 (2, 2, 4, Kind.LOSS)]
        roster = names[:4]
        if night == 5:
            roster = names
            games.append((3, 5, 6, Kind.WIN))
        t = tournament(roster, games, name=f"Night {night + 1}")
        with app.app_context():
            publish(PublishRequest(tournament=t, name=t.name,
                                   date=dt.date(2025, 1, 7) + dt.timedelta(days=7 * night),
                                   kind=t.kind, links=exact_links(t)), actor="test")
