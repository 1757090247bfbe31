"""The demo club's season competition: a Keizer competition played one round a club night.

It goes the way the organizer's evenings would (docs/competitions.md): the competition is
created with its members, each night is opened from it, whoever turns up is checked in, the
round is paired, published and its results entered, and the night is finished into the
ladder as its own event. Two nights are played; for the third, one member has sent notice
and one is away with the club's team, so the season page shows every kind of line.
"""

from __future__ import annotations

import datetime as dt
import random

from sqlalchemy import select

from ..extensions import db
from ..models import Competition, Member, Night, NightBoard
from ..services import night_rounds
from ..services.competition_nights import open_night
from ..services.competitions import CompetitionSettings, create_competition, mark_attendance
from ..services.night import Arrival, check_in
from ..services.night_finish import finish

NAME = "Autumn Keizer 2026"
#: Its members, by name (the demo roster's regulars, two juniors among them).
MEMBERS = ("Viktor Petrov", "Maria González", "Henrik Larsen", "Anna Kowalska",
           "Mateo Fernández", "이서연", "Chloé Martin", "Dewi Lestari", "Noah Becker",
           "Liam Murphy", "王小明", "김민준", "Budi Santoso", "Siti Rahayu")
#: The nights played, and who was not there (absent without notice).
NIGHTS: tuple[tuple[dt.date, tuple[str, ...]], ...] = (
    (dt.date(2026, 11, 10), ("Liam Murphy",)),
    (dt.date(2026, 11, 17), ("Noah Becker", "Henrik Larsen")),
)
#: The next round's marks, given before its night.
NEXT_ROUND_MARKS = (("Anna Kowalska", "excused"), ("Viktor Petrov", "club"))
SEED = 2028
ACTOR = "demo"


def play_competition(member_id: dict[str, int], season_id: int | None) -> Competition:
    """Create the competition (in the season ``season_id``) and play its nights;
    ``member_id`` maps the roster's names to their ids (a name the roster does not have is
    left out)."""
    rng = random.Random(SEED)
    members = [member_id[name] for name in MEMBERS if name in member_id]
    competition = create_competition(CompetitionSettings(NAME, "keizer", season_id=season_id),
                                     members, ACTOR)
    for date, away in NIGHTS:
        night = open_night(competition.id, date, 1, competition.version, ACTOR)
        for name in MEMBERS:
            if name in member_id and name not in away:
                check_in(night.id, Arrival(member_id=member_id[name]), night.version, ACTOR)
        _play_round(night, rng)
        finish(night.id, night.version, ACTOR)
    for name, mark in NEXT_ROUND_MARKS:
        if name in member_id:
            mark_attendance(competition.id, len(NIGHTS) + 1, member_id[name], mark, ACTOR)
    return competition


def _play_round(night: Night, rng: random.Random) -> None:
    """Pair and publish the night's round, then enter every board's result."""
    night_rounds.pair_round(night.id, 1, night.version, ACTOR)
    night_rounds.publish_round(night.id, 1, night.version, ACTOR)
    boards = db.session.scalars(select(NightBoard).where(
        NightBoard.night_id == night.id, NightBoard.round == 1,
        NightBoard.black_id.is_not(None)).order_by(NightBoard.number)).all()
    for board in boards:
        result = rng.choice(["1-0", "1-0", "½-½", "0-1", "0-1"])
        night_rounds.record_result(board.id, result, board.version, ACTOR)


def roster_ids() -> dict[str, int]:
    """The visible members' ids by name."""
    return {name: member_id for member_id, name in db.session.execute(
        select(Member.id, Member.name).where(Member.merged_into_id.is_(None)))}
