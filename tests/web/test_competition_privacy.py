"""A competition's public surfaces under the club's rules (docs/privacy.md): a junior without
consent appears by initials on the competition pages, their htmx fragments and files (and every
page they link to), never by name; the club's "initials for all" hides every full name; a
private club answers a visitor nothing; an unlisted club only under its current token, with
noindex."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ladder.extensions import db
from ladder.models import Member
from ladder.services.competitions import CompetitionSettings, create_competition, mark_attendance
from ladder.services.members import add_member
from tests.services.competition_support import (
    NAMES,
    history,
    member_id,
    open_and_check_in,
    play_night_round,
    random_result,
)
from tests.web.crawler import assert_no_leak, crawl, forbidden_strings, set_visibility

JUNIORS = ("김민준", "Noah Becker")


@pytest.fixture
def club(app: Flask) -> tuple[Flask, list[int]]:
    """A Keizer competition and a slow Swiss, two nights each, two juniors without consent
    among the players (one away with notice in the second round, so a line names them)."""
    rng = random.Random(3)
    with app.app_context():
        history()
        juniors = [add_member(name, "org", junior=True).id for name in JUNIORS]
        ids = [member_id(name) for name in NAMES[:6]] + juniors
        made = []
        for system, rules in (("keizer", {}), ("swiss", {"rounds": 4})):
            competition = create_competition(CompetitionSettings(
                f"Championship ({system})", system, rules), ids, "org")
            made.append(competition.id)
            for round_no in (1, 2):
                present: list[int | str] = list(ids)
                if round_no == 2:
                    mark_attendance(competition.id, 2, juniors[1], "excused", "org")
                    present.remove(juniors[1])
                night = open_and_check_in(competition.id, dt.date(2025, 5, 6) +
                                          dt.timedelta(weeks=round_no), present)
                play_night_round(night.id, 1, random_result(rng))
    return app, made


def _surfaces(client: FlaskClient, prefix: str, competition_id: int) -> dict[str, str]:
    """The competition's page, its two fragments, its files and the list (the exchange JSON
    is a Keizer competition's: the first one made)."""
    page = f"{prefix}/competitions/{competition_id}"
    found = {}
    files = (page + ".trf", page + ".json") if competition_id == 1 else (page + ".trf",)
    for url, target in ((page, None), (page, "competition-table"),
                        (page, "competition-rounds"), (f"{prefix}/competitions", None),
                        *((f, None) for f in files)):
        headers = {"HX-Request": "true", "HX-Target": target} if target else {}
        answer = client.get(url, headers=headers)
        found[f"{url}#{target}"] = f"{answer.status_code}\n{answer.headers}\n" + \
            answer.get_data(as_text=True)
    return found


def test_juniors_by_initials_on_every_competition_surface(club: tuple[Flask, list[int]],
                                                          client: FlaskClient) -> None:
    app, made = club
    forbidden = forbidden_strings(app, client)
    assert "김민준" in forbidden and "Noah Becker" in forbidden
    for competition_id in made:
        surfaces = _surfaces(client, "", competition_id)
        assert all(body.startswith("200") for body in surfaces.values()), list(surfaces)
        assert_no_leak({(url, None): (200, body, "") for url, body in surfaces.items()},
                       forbidden)
        page = surfaces[f"/competitions/{competition_id}#None"]
        assert "김O준" in page and "N. B." in page
    trf = surfaces[f"/competitions/{made[1]}.trf#None"]
    assert "N. B." in trf and "김O준" in trf  # the Swiss's TRF names them by initials
    # Everything the competition pages link to (nights, events, members, fragments).
    pages = crawl(client, f"/competitions/{made[0]}")
    assert any(url.startswith("/nights/") for url, _t in pages)
    assert any(url.endswith(".trf") for url, _t in pages)
    assert_no_leak(pages, forbidden)


def test_initials_for_all_hides_every_name(club: tuple[Flask, list[int]],
                                           client: FlaskClient) -> None:
    app, made = club
    set_visibility(app, "public", initials_for_all=True)
    with app.app_context():
        every = sorted(db.session.scalars(Member.__table__.select().with_only_columns(
            Member.name)).all())
    for competition_id in made:
        surfaces = _surfaces(client, "", competition_id)
        assert_no_leak({(url, None): (200, body, "") for url, body in surfaces.items()}, every)


def test_private_and_unlisted_clubs(club: tuple[Flask, list[int]], client: FlaskClient) -> None:
    app, made = club
    set_visibility(app, "private")
    for competition_id in made:
        assert all(body.startswith("404") for body in _surfaces(client, "", competition_id)
                   .values())
    token = set_visibility(app, "unlisted")
    assert token
    for competition_id in made:
        assert all(body.startswith("404") for body in _surfaces(client, "", competition_id)
                   .values())
        assert all(body.startswith("404") for body in _surfaces(
            client, "/c/" + "x" * len(token), competition_id).values())
        hidden = _surfaces(client, f"/c/{token}", competition_id)
        assert all(body.startswith("200") for body in hidden.values()), list(hidden)
        page = hidden[f"/c/{token}/competitions/{competition_id}#None"]
        assert "X-Robots-Tag: noindex" in page and 'name="robots"' in page
        # Its links carry the token (the files, the nights), never a plain club URL.
        assert f'href="/c/{token}/competitions/{competition_id}.trf"' in page
        assert f'href="/competitions/{competition_id}' not in page
