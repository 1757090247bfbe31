"""Helpers of the competition tests: a history of rated games, nights played through the real
services (open, check in, pair, publish, results, finish) and the rating rows compared by
name."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterable

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Competition, Event, Member, Night, NightBoard, RatingRow
from ladder.services import night_rounds as rounds
from ladder.services.competition_nights import open_night
from ladder.services.night import Arrival, check_in
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament

#: Twelve members with a rated history (so the pairing numbers and Keizer's first ranking
#: follow club ratings), and names for late entrants.
NAMES = [f"Member {chr(65 + i)}{chr(97 + i)}" for i in range(12)]
LATE = ["Late Comer", "Later Still", "Last Minute"]
HISTORY_DATE = dt.date(2025, 1, 7)


def history() -> None:
    """One rated evening of the twelve: the first of each pair wins."""
    games = [(1, i, i + 1, Kind.WIN) for i in range(1, 12, 2)]
    games += [(2, i, i + 3, Kind.DRAW if i % 3 else Kind.WIN) for i in range(1, 10, 2)]
    publish_t(tournament(NAMES, games, name="Earlier"), HISTORY_DATE)


def member_id(name: str) -> int:
    """The visible member called ``name``."""
    found = db.session.scalar(select(Member.id).where(Member.name == name,
                                                      Member.merged_into_id.is_(None)))
    assert found is not None, name
    return found


def version_of_night(night_id: int) -> int:
    """The night's current version (after expiring what the session holds)."""
    db.session.expire_all()
    night = db.session.get(Night, night_id)
    assert night is not None
    return night.version


def version_of(competition_id: int) -> int:
    """The competition's current version."""
    db.session.expire_all()
    competition = db.session.get(Competition, competition_id)
    assert competition is not None
    return competition.version


def play_night_round(night_id: int, round_no: int, result: Callable[[NightBoard], str]) -> None:
    """Pair, publish and enter every result of one round of a night."""
    rounds.pair_round(night_id, round_no, version_of_night(night_id), "org")
    rounds.publish_round(night_id, round_no, version_of_night(night_id), "org")
    boards = db.session.scalars(select(NightBoard).where(
        NightBoard.night_id == night_id, NightBoard.round == round_no,
        NightBoard.black_id.is_not(None)).order_by(NightBoard.number)).all()
    for board in boards:
        rounds.record_result(board.id, result(board), board.version, "org")


def random_result(rng: random.Random, forfeits: bool = True) -> Callable[[NightBoard], str]:
    """Results drawn from ``rng``: mostly games, now and then a forfeit."""
    def result(_board: NightBoard) -> str:
        if forfeits and rng.random() < 0.08:
            return rng.choice(["1-0F", "0-1F", "0-0F"])
        return rng.choice(["1-0", "1-0", "½-½", "0-1", "0-1"])
    return result


def open_and_check_in(competition_id: int, date: dt.date, present: Iterable[int | str],
                      rounds_tonight: int = 1) -> Night:
    """Open the competition's next night and check in ``present``: member ids, or names of
    new members (late entrants)."""
    night = open_night(competition_id, date, rounds_tonight, version_of(competition_id), "org")
    for who in present:
        arrival = Arrival(member_id=who) if isinstance(who, int) else Arrival(name=who)
        check_in(night.id, arrival, version_of_night(night.id), "org")
    return db.session.get(Night, night.id)  # type: ignore[return-value]


def rating_rows() -> dict[tuple[str, str], tuple[float, float, float, int, int]]:
    """Every rating row by (event name and date, member name)."""
    names = dict(db.session.execute(select(Member.id, Member.name)).all())
    events = {e.id: f"{e.name} {e.date.isoformat()}" for e in db.session.scalars(select(Event))}
    return {(events[r.event_id], names[r.member_id]):
            (round(r.rating_before, 9), round(r.rating_after, 9), r.k, r.games_before,
             r.games_counted)
            for r in db.session.scalars(select(RatingRow))}
