"""One comparison key for names in every Unicode form (docs/desk.md §2).

A hidden junior's name typed decomposed (NFD, as macOS and some copy-paste produce), or with
soft hyphens inside the words, looks identical to the composed name: no public page may show
it. The crawl of every public page (as the privacy crawler does) looks for each hidden name in
any form; typed names are stored in NFC; search and duplicates see one name.
"""

from __future__ import annotations

import unicodedata

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.club.bughouse import BughouseTeam as Team
from ladder.extensions import db
from ladder.models import BughouseTeam, Event, Member
from ladder.names import name_key, parse
from tests.web.crawler import assert_no_leak, crawl, forbidden_strings

NFD = "NFD"
SHY = "\u00ad"
#: Team names naming hidden juniors, each looking exactly like the composed name.
TRICKY = [
    "Team " + unicodedata.normalize(NFD, "이서연"),
    unicodedata.normalize(NFD, "Zoë Müller Squad"),
    f"Chlo{SHY}é Mar{SHY}tin",
    unicodedata.normalize(NFD, "Chloé") + "\u200b Fans",
]


@pytest.fixture
def demo(demo: Flask) -> Flask:
    """The demo club (tests/conftest.py) and a junior whose name is typed decomposed."""
    with demo.app_context():
        from ladder.services.members import add_member
        add_member(unicodedata.normalize(NFD, "Zoë Müller"), "test", junior=True)
    return demo


def _team_night() -> Event:
    """The demo's team night: the bughouse event with teams."""
    return db.session.scalars(select(Event).join(BughouseTeam, BughouseTeam.event_id == Event.id)
                              .order_by(Event.id)).first()


def test_the_one_key_sees_through_unicode_forms() -> None:
    composed = name_key("Zoë Müller")
    assert name_key(unicodedata.normalize(NFD, "Zoë Müller")) == composed
    assert name_key(f"Zo{SHY}ë Mül\u200bler") == composed
    assert name_key(unicodedata.normalize(NFD, "이서연")) == name_key("이서연")
    assert parse(f"Chlo{SHY}é Mar{SHY}tin").plain == "chloe martin"


def test_team_names_in_other_forms_never_show_a_hidden_junior(demo: Flask,
                                                              client: FlaskClient) -> None:
    with demo.app_context():
        from ladder.services.bughouse import set_teams
        event = _team_night()
        assert event is not None
        teams = [Team((t.first_no, t.second_no), TRICKY[i])
                 for i, t in enumerate(event.teams)]
        event_id = event.id
        db.session.rollback()
        set_teams(event_id, teams, "test")
        stored = db.session.scalars(select(BughouseTeam.name)).all()
        # Stored in NFC: one spelling of é and of 이, whatever was typed.
        assert all(unicodedata.is_normalized("NFC", name) for name in stored)
        assert "Team 이서연" in stored
        zoe = db.session.scalar(select(Member).where(Member.junior.is_(True),
                                                     Member.name_key == name_key("Zoë Müller")))
        assert zoe is not None and zoe.name == "Zoë Müller"  # the typed NFD name, in NFC
    pages = crawl(client, "/")
    assert (f"/events/{event_id}", None) in pages
    forbidden = forbidden_strings(demo)
    assert {"이서연", "Chloé Martin", "Zoë Müller"} <= set(forbidden)
    assert_no_leak(pages, forbidden)
    # The teams are there, numbered instead of named.
    body = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'id="teams"' in body or "teams" in body


def test_search_and_duplicates_see_one_name(demo: Flask, logged_in: FlaskClient) -> None:
    with demo.app_context():
        from ladder.services.members import add_member, namesakes
        add_member(f"Sofia Ros{SHY}si", "test")
        assert len(namesakes(unicodedata.normalize(NFD, "Sofia Rossi"))) == 2
    html = logged_in.get("/organize/members/?q=" + f"Ros{SHY}si").get_data(as_text=True)
    assert html.count("Sofia Ros") >= 2
