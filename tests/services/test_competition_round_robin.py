"""The slow round-robin: the Berger schedule fixed at the start, a game postponed when a player
is away, shown as pending, and played on a later night in a round of postponed games — where
it belongs to that night's event, so the ladder rates it on the night it was played (the
ladder equals importing each night's TRF); the table counts it in the round it was scheduled
in."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import select

from ladder.competition.roundrobin import ROUND_ROBIN_DEFAULTS, schedule
from ladder.extensions import db
from ladder.models import Competition, Event, Night, NightBoard, NightPlayer
from ladder.queries.competitions import competition_view
from ladder.services import Conflict
from ladder.services import night_rounds as rounds
from ladder.services.competition_nights import set_catch_up
from ladder.services.competitions import CompetitionSettings, add_members, create_competition
from ladder.services.importing import import_file
from ladder.services.night_finish import finish
from ladder.services.setup import init_database
from tests.factories import make_app
from tests.services.competition_support import (
    NAMES,
    history,
    member_id,
    open_and_check_in,
    play_night_round,
    rating_rows,
    version_of,
    version_of_night,
)


def _white_wins(_board: NightBoard) -> str:
    return "1-0"


def test_a_postponed_game_is_rated_on_the_night_it_is_played(app: Flask,
                                                             tmp_path: Path) -> None:
    other = make_app(tmp_path / "other")
    with other.app_context():
        init_database()
        history()
    with app.app_context():
        history()
        ids = [member_id(name) for name in NAMES[:4]]
        competition = create_competition(CompetitionSettings("Spring round-robin", "berger"),
                                         ids, "org")
        competition_id = competition.id
        numbers = {m.number: m.member_id for m in competition.members}
        table = schedule(4, ROUND_ROBIN_DEFAULTS)
        away = numbers[table[1][0][0]]  # round 2, board 1's White stays away
        plan = {1: ids, 2: [i for i in ids if i != away], 3: ids}
        for round_no, present in plan.items():
            night = open_and_check_in(competition_id, dt.date(2025, 4, 1) +
                                      dt.timedelta(weeks=round_no), present)
            if round_no == 3:
                set_catch_up(competition_id, night.id, True, version_of(competition_id), "org")
            play_night_round(night.id, 1, _white_wins)
            if round_no == 2:
                view = competition_view(db.session, db.session.get(Competition,
                                                                   competition_id), str)
                pending = {row.member_id: row.pending for row in view.table}
                assert pending[away] == 1 and sum(pending.values()) == 2
                assert len(view.pending) == 1 and view.rounds[-1].postponed
                with pytest.raises(Conflict):  # the schedule is fixed
                    add_members(competition_id, [member_id(NAMES[5])],
                                version_of(competition_id), "org")
            if round_no == 3:
                play_night_round(night.id, 2, _white_wins)  # the postponed game
                boards = db.session.scalars(select(NightBoard).where(
                    NightBoard.night_id == night.id, NightBoard.round == 2)).all()
                players = {p.id: p.member_id for p in db.session.scalars(
                    select(NightPlayer).where(NightPlayer.night_id == night.id))}
                assert [(players[b.white_id], players[b.black_id]) for b in boards] == [
                    (numbers[w], numbers[b]) for w, b in [table[1][0]]]
            trf, name = rounds.night_trf(db.session.get(Night, night.id)), night.name
            finish(night.id, version_of_night(night.id), "org")
            ours = rating_rows()
            with other.app_context():
                import_file(trf, source="night.trf", file_format="trf", name=name,
                            date=dt.date(2025, 4, 1) + dt.timedelta(weeks=round_no),
                            kind=None, rated=True, actor="org")
                assert rating_rows() == ours
        third = db.session.scalar(select(Event).where(Event.name.contains("round 3")))
        assert third is not None and third.rounds == 2  # its own round and the postponed game
        view = competition_view(db.session, db.session.get(Competition, competition_id), str)
        assert view.pending == () and all(row.pending == 0 for row in view.table)
        assert view.after == 3 and sum(row.points for row in view.table) == 6
        assert view.rounds[-1].catch_up and view.rounds[-1].catch_up[0].scheduled == 2
    with other.app_context():
        db.engine.dispose()
