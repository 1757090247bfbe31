"""The slow Swiss: six rounds over six club nights through the real services, with members away
with notice (a half-point bye), away for the club's team (the club's rule: no point here),
absent without notice (a zero-point bye) and a late entrant, the club's strongest player
(zero-point byes for the rounds he missed, then ranked among the others by rating). Each round is
paired by the Dutch engine from the competition's TRF; the whole competition exported as a TRF is
re-paired identically, round by round, by ``ladder pair --check`` (the CLI, in-process), and
``ladder import`` reads it back."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from click.testing import CliRunner
from flask import Flask
from sqlalchemy import select

from ladder.cli import cli
from ladder.competition.swiss import export
from ladder.extensions import db
from ladder.formats import read_exchange, read_trf
from ladder.models import Competition, Event, Member, Night
from ladder.queries.competitions import assemble, rules_of
from ladder.services.competitions import CompetitionSettings, create_competition, mark_attendance
from ladder.services.night_finish import finish
from ladder.vocabulary.tournament import Kind
from tests.services.competition_support import (
    NAMES,
    history,
    member_id,
    open_and_check_in,
    play_night_round,
    random_result,
    version_of_night,
)

ROUNDS = 6


def _name(member: int) -> str:
    found = db.session.get(Member, member)
    assert found is not None
    return found.name


def test_a_slow_swiss_exports_and_is_re_paired_identically(app: Flask, tmp_path: Path) -> None:
    rng = random.Random(6)
    with app.app_context():
        history()
        ids = [member_id(name) for name in NAMES[1:]]
        late_id = member_id(NAMES[0])
        competition = create_competition(CompetitionSettings(
            "Autumn Swiss", "swiss", {"rounds": ROUNDS, "excused_bye": "H", "club_bye": "Z",
                                      "late_bye": "Z"}), ids, "org")
        competition_id = competition.id
        members = list(ids)
        for index in range(ROUNDS):
            round_no = index + 1
            present: list[int | str] = []
            for who in members:
                roll = rng.random()
                if roll < 0.12:
                    mark_attendance(competition_id, round_no, who, "excused", "org")
                elif roll < 0.17:
                    mark_attendance(competition_id, round_no, who, "club", "org")
                elif roll < 0.25:
                    continue  # away without notice: a zero-point bye
                else:
                    present.append(who)
            if round_no == 3:
                present.append(late_id)
            night = open_and_check_in(competition_id, dt.date(2025, 9, 2) +
                                      dt.timedelta(weeks=index), present)
            if round_no == 3:
                members.append(late_id)
            play_night_round(night.id, 1, random_result(rng, forfeits=False))
            finish(night.id, version_of_night(night.id), "org")
        competition = db.session.get(Competition, competition_id)
        assembled = assemble(db.session, competition, _name)
        rules = rules_of(competition)
        text = export(assembled.played, rules, competition.name)  # type: ignore[arg-type]
        nights = db.session.scalars(select(Night)).all()
        assert len(nights) == ROUNDS and all(n.event_id for n in nights)
    exchange = read_exchange(text)
    kinds = {entry.kind for entry in exchange.byes}
    assert {Kind.HALF_BYE, Kind.ZERO_BYE} <= kinds  # away with notice, and absent
    assert exchange.rounds == ROUNDS and exchange.pairing_order is not None  # the late entrant
    t = read_trf(text)
    late = next(p for p in t.players if p.name == NAMES[0])
    # Ranked in by rating (C.04.2), not appended: the pairing order is by rating.
    ratings = {p.start_no: p.rating or 0 for p in t.players}
    order = list(exchange.pairing_order)
    assert order.index(late.start_no) < len(order) - 1
    assert [ratings[n] for n in order] == sorted(ratings.values(), reverse=True)
    assert [r.kind for r in late.results[:2]] == [Kind.ZERO_BYE, Kind.ZERO_BYE]
    path = tmp_path / "autumn-swiss.trf"
    path.write_text(text, encoding="utf-8")
    checked = CliRunner().invoke(cli, ["pair", "--check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.strip().endswith(f"{ROUNDS} rounds re-paired, 0 differ")
    imported = app.test_cli_runner().invoke(args=["import", str(path), "--name",
                                                  "Autumn Swiss (file)", "--date",
                                                  "2025-10-14"])
    assert imported.exit_code == 0, imported.output
    with app.app_context():
        event = db.session.scalar(select(Event).where(Event.name == "Autumn Swiss (file)"))
        assert event is not None and event.rounds == ROUNDS
        assert len(event.entries) == len(members)
