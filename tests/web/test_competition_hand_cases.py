"""The three Keizer seasons worked by hand (tests/data/keizer) played through the app: members
added, the ratings the case gives set in the competition, the rules the case gives saved,
attendance marked before each night (away with notice, away for the club's team), the night
opened, the present members checked in (the late entrant enters at his check-in), the round
paired by the night's desk (the boards must be the case's), the results entered; after every
round the season page's table (its htmx fragment, as a visitor gets it) shows the case's
places, exact points and values."""

from __future__ import annotations

import datetime as dt
import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select

from ladder.competition.words import exact_text
from ladder.extensions import db
from ladder.models import Night, NightBoard, NightPlayer
from ladder.services.competition_nights import open_night
from ladder.services.competitions import (
    CompetitionSettings,
    create_competition,
    mark_attendance,
    set_member_rating,
)
from ladder.services.members import add_member
from ladder.services.night import Arrival, check_in
from ladder.services.night_rounds import pair_round, publish_round, record_result
from tests.factories import HTMX
from tests.services.competition_support import version_of, version_of_night

DATA = Path(__file__).resolve().parents[1] / "data" / "keizer"
#: The case's results as the night's desk taps them.
TAPS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+-": "1-0F", "-+": "0-1F", "--": "0-0F"}
ROW = re.compile(r'<tr><td>(\d+)</td><th scope="row">([^<]+)</th>\s*<td class="num">([^<]+)</td>'
                 r'\s*<td class="num">(-?\d+)</td>')


def _table(app: Flask, competition_id: int) -> list[tuple[int, str, str, int]]:
    client = app.test_client()
    answer = client.get(f"/competitions/{competition_id}",
                        headers={**HTMX, "HX-Target": "competition-table"})
    assert answer.status_code == 200
    html = unescape(answer.get_data(as_text=True))
    return [(int(place), name, points, int(value)) for place, name, points, value
            in ROW.findall(html)]


@pytest.mark.parametrize("case", ["hand-1", "hand-2", "hand-3"])
def test_a_hand_case_through_the_nights_and_the_season_page(app: Flask, case: str) -> None:
    data = json.loads((DATA / f"{case}.json").read_text(encoding="utf-8"))
    with app.app_context():
        ids = {m["id"]: add_member(f"Player {m['id']}", "org").id for m in data["members"]}
        rating = {m["id"]: m["rating"] for m in data["members"]}
        first = [ids[m["id"]] for m in data["members"] if m["entry_round"] == 1]
        competition = create_competition(
            CompetitionSettings(case, "keizer", data["params"]), first, "org")
        competition_id = competition.id
        for member in data["members"]:
            if member["entry_round"] == 1:
                set_member_rating(competition_id, ids[member["id"]], member["rating"],
                                  version_of(competition_id), "org")
        for round_ in data["rounds"]:
            number = round_["round"]
            for member, status in round_["attendance"].items():
                if status in ("excused", "club"):
                    mark_attendance(competition_id, number, ids[member], status, "org")
            night = open_night(competition_id, dt.date(2025, 3, 4) + dt.timedelta(weeks=number),
                               1, version_of(competition_id), "org")
            night_id = night.id
            for member, status in round_["attendance"].items():
                if status == "present":
                    check_in(night_id, Arrival(member_id=ids[member]),
                             version_of_night(night_id), "org")
                    late = next(m for m in data["members"] if m["id"] == member)
                    if late["entry_round"] == number > 1:  # entered now: his rating
                        set_member_rating(competition_id, ids[member], rating[member],
                                          version_of(competition_id), "org")
            pair_round(night_id, 1, version_of_night(night_id), "org")
            publish_round(night_id, 1, version_of_night(night_id), "org")
            _play_as_the_case(night_id, round_, ids)
            standings = [(place, f"Player {member}", exact_text(Fraction(points)), value)
                         for place, (member, points, value)
                         in enumerate(round_["standings"], start=1)]
            assert _table(app, competition_id) == standings, f"{case}, round {number}"


def _play_as_the_case(night_id: int, round_: dict, ids: dict[str, int]) -> None:
    """The night's boards are the case's (White, Black, the bye); enter the case's results."""
    night = db.session.get(Night, night_id)
    assert night is not None
    member_of = {p.id: p.member_id for p in db.session.scalars(
        select(NightPlayer).where(NightPlayer.night_id == night_id))}
    boards = db.session.scalars(select(NightBoard).where(
        NightBoard.night_id == night_id).order_by(NightBoard.number)).all()
    games = [(ids[g["white"]], ids[g["black"]]) for g in round_["games"]]
    assert [(member_of[b.white_id], member_of[b.black_id]) for b in boards
            if b.black_id is not None] == games
    byes = [member_of[b.white_id] for b in boards if b.black_id is None]
    assert byes == ([ids[round_["bye"]]] if round_["bye"] else [])
    for board, game in zip([b for b in boards if b.black_id is not None], round_["games"],
                           strict=True):
        record_result(board.id, TAPS[game["result"]], board.version, "org")
