"""Issue 17 pages: seasons (public and organizer), the ladder "as of", the pool-health page
(public only when the club says so), bughouse teams on the event pages, the new settings."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import BughouseTeam, Event, Member, Season
from ladder.queries.club import club_settings
from ladder.queries.history import ladder_at
from ladder.services.uow import unit_of_work
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import HTMX, csrf_token, direct_writes, publish_t, tournament
from tests.services.club_history import SPRING, WINTER, publish_history


@pytest.fixture
def club(app: Flask) -> Flask:
    """The small two-season history; "Cai Wu" is a junior without consent."""
    with app.app_context(), direct_writes():
        publish_history()
        cai = db.session.scalar(select(Member).where(Member.name == "Cai Wu"))
        cai.junior = True
        db.session.commit()
    return app


def _season_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Season.id).where(Season.name == name))


def _settings(app: Flask, **values: object) -> None:
    with app.app_context(), unit_of_work():
        settings = club_settings()
        for key, value in values.items():
            setattr(settings, key, value)


def _main(html: str) -> str:
    return html.split("<main", 1)[1].split("</main>", 1)[0]


# ------------------------------------------------------------------ public seasons

def test_seasons_list_and_season_page(club: Flask, client: FlaskClient) -> None:
    listing = client.get("/seasons").get_data(as_text=True)
    assert listing.index(SPRING[0]) < listing.index(WINTER[0])  # newest first
    winter = _season_id(club, WINTER[0])
    response = client.get(f"/seasons/{winter}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for title in ("Most improved", "Most active", "Biggest upset", "Best performance"):
        assert title in html
    # The rules are on the page, with the club's minimum.
    assert "at least 10 counted games in the season" in html
    assert f'href="/?as_of={WINTER[2].isoformat()}"' in html
    assert "Night 1" in html and "Night 6" not in html  # only the season's events
    # A junior without consent shows by initials only, everywhere on the page.
    assert "Cai Wu" not in html and "C. W." in html


def test_season_awards_follow_the_setting(club: Flask, client: FlaskClient) -> None:
    _settings(club, award_min_games=500)
    html = client.get(f"/seasons/{_season_id(club, WINTER[0])}").get_data(as_text=True)
    assert "at least 500 counted games" in html and "Nobody qualifies this season." in html


def test_unknown_and_hidden_seasons_are_404(club: Flask, client: FlaskClient) -> None:
    assert client.get("/seasons/999").status_code == 404
    assert client.get(f"/seasons/{2**40}").status_code == 404
    _settings(club, visibility="private")
    missing = client.get("/seasons/999")
    hidden = client.get(f"/seasons/{_season_id(club, WINTER[0])}")
    assert hidden.status_code == 404 and client.get("/seasons").status_code == 404
    assert _main(hidden.get_data(as_text=True)) == _main(missing.get_data(as_text=True))


def test_unlisted_season_pages_live_under_the_token(club: Flask, client: FlaskClient) -> None:
    _settings(club, visibility="unlisted", unlisted_token="t" * 32)
    season = _season_id(club, WINTER[0])
    assert client.get(f"/seasons/{season}").status_code == 404
    html = client.get(f"/c/{'t' * 32}/seasons/{season}").get_data(as_text=True)
    assert f'href="/c/{"t" * 32}/?as_of=' in html and "noindex" in html


# ------------------------------------------------------------------ the ladder as of

def test_ladder_as_of_a_date(club: Flask, client: FlaskClient) -> None:
    day = dt.date(2025, 2, 10)
    html = client.get(f"/?as_of={day.isoformat()}").get_data(as_text=True)
    assert "The ladder as it stood on February 10, 2025" in html
    assert 'value="2025-02-10"' in html  # the date field keeps it
    with club.app_context():
        expected = ladder_at(db.session, club_settings(), day)
    rows = re.findall(r'<tr class="(?:provisional|established)">\s*<td class="num">(\d+)</td>',
                      html)
    assert [int(r) for r in rows] == [line.rank for line in expected]
    # Sorting keeps the date; the fragment too.
    assert "as_of=2025-02-10" in html.split('class="sort"', 2)[1]
    fragment = client.get(f"/?as_of={day.isoformat()}&q=ann",
                          headers={**HTMX, "HX-Target": "ladder-rows"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<tbody id="ladder-rows">') and "Ann Lee" in fragment


def test_ladder_before_any_event_and_a_bad_date(club: Flask, client: FlaskClient) -> None:
    assert "No rated games yet." in client.get("/?as_of=2024-12-31").get_data(as_text=True)
    bad = client.get("/?as_of=2025-13-45")
    html = bad.get_data(as_text=True)
    assert bad.status_code == 200 and "is not a date (YYYY-MM-DD)" in html
    assert "2025-13-45" in html and "Ann Lee" in html  # today's ladder instead


# ------------------------------------------------------------------ organizer seasons

def test_organizer_creates_edits_and_deletes_a_season(club: Flask,
                                                      logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/seasons")
    created = logged_in.post("/organize/seasons", data={
        "csrf_token": token, "name": "Summer 2025", "first": "2025-06-01",
        "last": "2025-08-31"})
    assert created.status_code == 303
    summer = _season_id(club, "Summer 2025")
    page = logged_in.get("/organize/seasons").get_data(as_text=True)
    assert "Summer 2025" in page and f"/organize/seasons/{summer}" in page
    edited = logged_in.post(f"/organize/seasons/{summer}", data={
        "csrf_token": token, "name": "Summer", "first": "2025-06-01", "last": "2025-09-30"})
    assert edited.status_code == 303
    with club.app_context():
        assert db.session.get(Season, summer).name == "Summer"
    assert logged_in.post(f"/organize/seasons/{summer}/delete",
                          data={"csrf_token": token}).status_code == 303
    with club.app_context():
        assert db.session.get(Season, summer) is None
    assert logged_in.post(f"/organize/seasons/{summer}/delete",
                          data={"csrf_token": token}).status_code == 404


def test_an_overlap_is_refused_naming_both_seasons(club: Flask,
                                                   logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/seasons")
    response = logged_in.post("/organize/seasons", data={
        "csrf_token": token, "name": "Late winter", "first": "2025-02-15",
        "last": "2025-03-15"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "overlap" in html and WINTER[0] in html and "Late winter" in html
    assert 'id="season-first"' in html and 'aria-invalid="true"' in html
    assert 'value="2025-02-15"' in html  # what was typed stays
    with club.app_context():
        assert db.session.scalar(select(func.count()).select_from(Season)) == 2
    htmx = logged_in.post("/organize/seasons", headers=HTMX, data={
        "csrf_token": token, "name": "x", "first": "not a date", "last": "2025-03-15"})
    assert htmx.status_code == 200 and "“not a date” is not a date" in htmx.get_data(as_text=True)


def test_season_pages_need_an_organizer(club: Flask, client: FlaskClient) -> None:
    for path in ("/organize/seasons", "/organize/sections", "/organize/health"):
        response = client.get(path)
        assert response.status_code in (302, 303) and "/auth/login" in response.location
    assert client.post("/organize/seasons", data={"name": "x"}).status_code in (302, 303, 400)


# ------------------------------------------------------------------ pool health

def test_health_is_public_only_when_the_club_says_so(club: Flask, client: FlaskClient,
                                                     logged_in: FlaskClient) -> None:
    missing = client.get("/no-such-page")
    hidden = client.get("/health")
    assert hidden.status_code == 404
    assert _main(hidden.get_data(as_text=True)) == _main(missing.get_data(as_text=True))
    assert 'href="/health"' not in client.get("/").get_data(as_text=True)
    assert logged_in.get("/organize/health").status_code == 200
    _settings(club, health_public=True)
    response = client.get("/health")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'href="/health"' in html  # in the navigation now
    assert re.search(r"Over all \d+ rated games (the ladder|Glicko-2 \(τ 0\.5\)) predicted "
                     r"better|the two measures disagree|equally well", html)
    assert re.search(r"Brier score \d\.\d{4}", html)
    for chart in ("pool-chart", "provisional-chart", "games-chart", "calibration-chart",
                  "glicko-chart"):
        assert f'id="{chart}"' in html, chart
    assert "Cai Wu" not in html and "C. W." in html
    assert WINTER[0] in html and "All games" in html
    # Equal ratings have no favourite; the page says how they count (docs/organizer-guide.md §4).
    assert 'id="equal-ratings"' in html and "has no favourite" in html


# ------------------------------------------------------------------ bughouse teams

def _bughouse(app: Flask) -> int:
    games = [(1, 1, 3, Kind.WIN), (1, 4, 2, Kind.LOSS), (2, 1, 4, Kind.DRAW),
             (2, 3, 2, Kind.DRAW)]
    with app.app_context():
        return publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"], games,
                                    kind=EventKind.BUGHOUSE, name="Bughouse"),
                         dt.date(2025, 7, 1)).id


def test_teams_form_and_team_standings(club: Flask, client: FlaskClient,
                                       logged_in: FlaskClient) -> None:
    event_id = _bughouse(club)
    page = logged_in.get(f"/organize/events/{event_id}").get_data(as_text=True)
    assert "Bughouse teams" in page and 'name="a-2"' in page  # two rows for four players
    token = csrf_token(logged_in, f"/organize/events/{event_id}")
    saved = logged_in.post(f"/organize/events/{event_id}/teams", data={
        "csrf_token": token, "rows": "2", "a-1": "1", "b-1": "2", "name-1": "Knights",
        "a-2": "3", "b-2": "4", "name-2": "Cai and Dee"})
    assert saved.status_code == 303
    html = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'id="teams"' in html and "Team standings" in html and "Knights" in html
    # Team points: Ann 1½ + Bo 1½ = 3; Cai ½ + Dee ½ = 1.
    teams = html.split('id="teams"', 1)[1].split("</section>", 1)[0]
    assert re.search(r"Knights.*?<td class=\"num\">3</td>", teams, re.S)
    assert re.search(r"C\. W\..*?<td class=\"num\">1</td>", teams, re.S)
    # The name holding the junior's given name is not shown to visitors.
    assert "Cai and Dee" not in html and "Cai Wu" not in html
    assert "Cai and Dee" in logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    fragment = client.get(f"/events/{event_id}", headers={**HTMX, "HX-Target": "teams"})
    assert fragment.get_data(as_text=True).lstrip().startswith('<section id="teams"')


def test_bad_teams_keep_the_form_and_save_nothing(club: Flask,
                                                  logged_in: FlaskClient) -> None:
    event_id = _bughouse(club)
    token = csrf_token(logged_in, f"/organize/events/{event_id}")
    twice = logged_in.post(f"/organize/events/{event_id}/teams", data={
        "csrf_token": token, "rows": "2", "a-1": "1", "b-1": "2", "a-2": "2", "b-2": "3"})
    assert twice.status_code == 422
    assert "Player 2 plays in teams 1 and 2" in twice.get_data(as_text=True)
    half = logged_in.post(f"/organize/events/{event_id}/teams", data={
        "csrf_token": token, "rows": "2", "a-1": "1", "b-1": "", "name-1": "Solo"})
    html = half.get_data(as_text=True)
    assert half.status_code == 422 and "Team row 1: choose both players." in html
    assert 'value="Solo"' in html
    with club.app_context():
        assert db.session.scalar(select(func.count()).select_from(BughouseTeam)) == 0
    swiss = db_event(club, "Night 1")
    refused = logged_in.post(f"/organize/events/{swiss}/teams", data={
        "csrf_token": token, "rows": "1", "a-1": "1", "b-1": "2"})
    assert refused.status_code == 422
    assert "only for a bughouse event" in refused.get_data(as_text=True)
    assert "Bughouse teams" not in logged_in.get(f"/organize/events/{swiss}").get_data(
        as_text=True)


def db_event(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Event.id).where(Event.name == name))


# ------------------------------------------------------------------ settings

def test_settings_store_the_award_minimum_tau_and_public_health(club: Flask,
                                                                logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/settings/")
    from ladder.services.club_settings import current_form
    with club.app_context():
        form = current_form()
    data = {"csrf_token": token, "club_name": form.club_name, "visibility": "public",
            "start_rating": "1200", "k_new": "40", "k_established": "20", "k_threshold": "20",
            "provisional_games": "5", "award_min_games": "6", "glicko_tau": "0.75",
            "health_public": "on"}
    assert logged_in.post("/organize/settings/", data=data).status_code == 303
    with club.app_context():
        settings = club_settings()
        assert (settings.award_min_games, settings.glicko_tau, settings.health_public) == \
            (6, 0.75, True)
    bad = logged_in.post("/organize/settings/", data={**data, "glicko_tau": "7"})
    assert bad.status_code == 422 and "system constant τ: between 0.1 and 2.0" in \
        bad.get_data(as_text=True)
    bad = logged_in.post("/organize/settings/", data={**data, "award_min_games": "many"})
    assert bad.status_code == 422 and "award_min_games" in bad.get_data(as_text=True)
    with club.app_context():
        assert club_settings().glicko_tau == 0.75


def test_health_report_is_kept_per_generation(club: Flask, logged_in: FlaskClient) -> None:
    first = logged_in.get("/organize/health").get_data(as_text=True)
    games = re.search(r"Over all (\d+) rated games", first)
    assert games is not None
    # A new rated event (a committed write: the generation moves) shows at once.
    with club.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN), (2, 2, 1, Kind.DRAW)]),
                  dt.date(2025, 7, 1))
    again = logged_in.get("/organize/health").get_data(as_text=True)
    assert f"Over all {int(games.group(1)) + 2} rated games" in again
    _settings(club, glicko_tau=1.1)
    assert "τ = 1.1" in logged_in.get("/organize/health").get_data(as_text=True)
