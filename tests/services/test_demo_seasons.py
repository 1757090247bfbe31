"""Issue 17 on the demo club: its seasons with awards, the bughouse team night, the public
pool-health page with numbers, and ``ladder season NAME --json``."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from ladder.demo.season_2026 import SEASONS, TEAMS
from ladder.extensions import db
from ladder.models import Event, Season
from ladder.queries.bughouse import team_view
from ladder.queries.club import club_settings
from ladder.queries.events import event_view, load_event
from ladder.queries.seasons import find_season, season_page


def test_the_demo_seasons_cover_every_event_and_have_awards(demo: Flask) -> None:
    with demo.app_context():
        seasons = db.session.scalars(select(Season).order_by(Season.first)).all()
        assert [(s.name, s.first, s.last) for s in seasons] == list(SEASONS)
        dates = db.session.scalars(select(Event.date)).all()
        assert all(any(s.first <= d <= s.last for s in seasons) for d in dates)
        for season in seasons:
            page = season_page(db.session, club_settings(), season)
            assert len(page.report.table) >= 20
            assert all(award.winners for award in page.report.awards), season.name


def test_the_team_night_has_team_standings(demo: Flask) -> None:
    with demo.app_context():
        event = db.session.scalar(select(Event).where(Event.name == "Bughouse Team Night"))
        assert event.kind == "bughouse" and len(event.teams) == len(TEAMS)
        view = team_view(event_view(db.session, load_event(db.session, event.id)))
        assert view is not None and not view.problems and view.unteamed == ()
        names = {line.team.name for line in view.standings}
        assert names == {name for _a, _b, name in TEAMS}
        points = {row.start_no: row.points for row in event_view(db.session, event).rows}
        for line in view.standings:
            a, b = line.team.partners
            assert line.points == points[a] + points[b]


def test_the_demo_health_page_states_how_well_each_system_predicts(
        demo: Flask, client: FlaskClient) -> None:
    html = client.get("/health").get_data(as_text=True)
    verdict = re.search(r'<p class="verdict" id="verdict">(.*?)</p>', html, re.S)
    assert verdict is not None
    assert re.search(r"Over all \d{3} rated games .*Brier score 0\.\d{4} against 0\.\d{4}, "
                     r"log-loss 0\.\d{4} against 0\.\d{4}", verdict.group(1))
    assert "Summer 2026" in html and "Autumn 2026" in html


def test_cli_season_json(demo: Flask, runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["season", "summer 2026", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["season"]["name"] == "Summer 2026"
    assert [a["key"] for a in data["awards"]] == ["most_improved", "most_active",
                                                  "biggest_upset", "best_performance"]
    assert "at least 10 counted games" in data["awards"][0]["rule"]
    with demo.app_context():
        page = season_page(db.session, club_settings(), find_season(db.session, "Summer 2026"))
        assert [line["member_id"] for line in data["table"]] == \
            [line.member_id for line in page.report.table]
        assert [line["rating_end"] for line in data["table"]] == \
            [line.rating_end for line in page.report.table]
    # Names as the public sees them: a junior without consent by initials.
    names = {line["name"] for line in data["table"]}
    assert "Chloé Martin" not in names and "C. M." in names
    missing = runner.invoke(args=["season", "Winter 1999"])
    assert missing.exit_code == 2 and "“Summer 2026”" in missing.output
