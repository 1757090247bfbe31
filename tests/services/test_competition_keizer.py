"""A Keizer season of twenty club nights through the real services: attendance marked before
each night (away with notice, away for the club's team), the check-in deciding who is there,
late entrants checked in as new members, forfeits among the results. After every night the
ladder's rating rows equal those of a second club that imported the same nights' TRFs into a
fresh database (the night is its own event on its own date, exactly as an import of it)."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from flask import Flask
from sqlalchemy import func, select

from ladder.competition import keizer
from ladder.competition.exchange import write_case
from ladder.competition.record import keizer_season
from ladder.extensions import db
from ladder.models import AuditEntry, Competition, CompetitionMember, Night
from ladder.queries.competitions import assemble, competition_view, rules_of
from ladder.services import night_rounds as rounds
from ladder.services.competitions import CompetitionSettings, create_competition, mark_attendance
from ladder.services.importing import import_file
from ladder.services.night_finish import finish
from ladder.services.setup import init_database
from tests.factories import make_app
from tests.services.competition_support import (
    LATE,
    NAMES,
    history,
    member_id,
    open_and_check_in,
    play_night_round,
    random_result,
    rating_rows,
    version_of_night,
)

NIGHTS = 20
FIRST_NIGHT = dt.date(2025, 2, 4)


def test_twenty_keizer_nights_rate_as_importing_each_night(app: Flask, tmp_path: Path) -> None:
    rng = random.Random(20261206)
    other = make_app(tmp_path / "other")
    with other.app_context():
        init_database()
        history()
    forfeits = 0
    with app.app_context():
        history()
        ids = [member_id(name) for name in NAMES]
        competition = create_competition(
            CompetitionSettings("Club championship", "keizer",
                                {"value_mode": "ratio", "excused_cap": 3, "rematch_gap": 2}),
            ids, "org")
        competition_id = competition.id
        late_nights = {5: LATE[0], 11: LATE[1], 16: LATE[2]}
        members = list(ids)
        for index in range(NIGHTS):
            date = FIRST_NIGHT + dt.timedelta(weeks=index)
            round_no = index + 1
            present: list[int | str] = []
            for who in members:
                roll = rng.random()
                if roll < 0.1:
                    mark_attendance(competition_id, round_no, who, "excused", "org")
                elif roll < 0.15:
                    mark_attendance(competition_id, round_no, who, "club", "org")
                elif roll < 0.25:
                    continue  # away without notice
                else:
                    present.append(who)
            if index in late_nights:
                present.append(late_nights[index])
            night = open_and_check_in(competition_id, date, present)
            if index in late_nights:
                members.append(member_id(late_nights[index]))
            result = random_result(rng)
            play_night_round(night.id, 1, result)
            night = db.session.get(Night, night.id)
            forfeits += sum(1 for b in night.boards if (b.result or "").endswith("F"))
            trf, name = rounds.night_trf(night), night.name
            finish(night.id, version_of_night(night.id), "org")
            ours = rating_rows()
            with other.app_context():
                import_file(trf, source="night.trf", file_format="trf", name=name,
                            date=date, kind=None, rated=True, actor="org")
                theirs = rating_rows()
            assert ours == theirs, f"night {round_no}"
        assert forfeits > 0
        _the_season_is_whole(competition_id, members)
    with other.app_context():
        db.engine.dispose()


def _the_season_is_whole(competition_id: int, members: list[int]) -> None:
    """Every night's round is in the competition: late entrants entered from the round of
    their check-in, the table computed with reasons for every line, the audit complete."""
    db.session.expire_all()
    competition = db.session.get(Competition, competition_id)
    assert competition is not None
    entries = {cm.member_id: cm.entry_round for cm in competition.members}
    assert sorted(entries) == sorted(members)
    late = sorted(round_no for round_no in entries.values() if round_no > 1)
    assert late == [6, 12, 17]
    assembled = assemble(db.session, competition)
    assert len(assembled.played.rounds) == NIGHTS == assembled.played.complete_rounds()
    statuses = {s for r in assembled.played.rounds for s in r.attendance.values()}
    assert {"present", "excused", "club", "absent"} <= statuses
    view = competition_view(db.session, competition, lambda m: f"#{m}")
    assert view.after == NIGHTS and len(view.table) == len(members)
    # The table is the core's on the same season, and every line's points add up.
    params = rules_of(competition)
    final = keizer.compute(keizer_season(assembled.played), params).final  # type: ignore[arg-type]
    assert final is not None
    assert [(int(s.member_id), s.points) for s in final.standings] == [
        (row.number, row.points) for row in view.table]
    for row in view.table:
        assert sum(points for _r, _m, points in row.lines) == row.points
        assert len(row.lines) == NIGHTS + 1  # the start value and one line a round
    assert write_case(keizer_season(assembled.played), params)["final"]
    actions = set(db.session.scalars(select(AuditEntry.action)))
    assert {"competition.create", "competition.attendance", "competition.night",
            "competition.enter", "night.finish"} <= actions
    assert db.session.scalar(select(func.count()).select_from(CompetitionMember)) == len(members)
