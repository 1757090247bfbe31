"""Pages that cost what they show (docs/qualities.md §2 "Growth"): what a page reads and
computes follows what it shows, not the size of the club.

* the ladder's default page pages in SQL and names its window's members only: the whole
  ladder and the whole name book are never built for it;
* the event page names its players only (a non-bughouse event reads no other name);
* a tie-break explanation computes the one explained tie-break, never the event's standings
  (every tie-break of every player), and gives the value the standings show.

The figures themselves are the bench's (``ladder bench pages --members … --games …``);
these tests check the mechanism, never a time.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest
from flask import Flask

from ladder.queries import events as event_queries
from ladder.web import request_state
from ladder.web.public import ladder as ladder_view
from tests.web.test_public_pages import seed


def _refuse(what: str):  # noqa: ANN202 - a stand-in that fails the test when called
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError(f"{what} was computed")
    return refuse


@pytest.fixture
def seeded(app: Flask) -> dict[str, int]:
    ids = seed(app)
    event_queries._ranking.cache_clear()  # noqa: SLF001 - what a cold page finds
    return ids


def test_the_ladders_default_page_builds_neither_the_whole_ladder_nor_every_name(
        app: Flask, seeded: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    whole = client.get("/?all=1").get_data(as_text=True)  # the whole ladder, for comparison
    monkeypatch.setattr(ladder_view, "ladder_lines", _refuse("the whole ladder"))
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    page = client.get("/?page=1")
    assert page.status_code == 200
    rows = re.findall(r'<tr class="(?:provisional|established)">(.*?)</tr>',
                      page.get_data(as_text=True), re.S)
    assert rows and rows == re.findall(r'<tr class="(?:provisional|established)">(.*?)</tr>',
                                       whole, re.S)[:len(rows)]
    assert "M. K." in page.get_data(as_text=True)  # the junior, by initials


def test_the_event_page_names_its_players_only(app: Flask, seeded: dict[str, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    page = app.test_client().get(f"/events/{seeded['swiss']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Ann Lee" in text and "M. K." in text and "Minjun" not in text


def _standings_values(text: str) -> dict[tuple[int, str], str]:
    """(start number, code) → the value shown in the standings, from the explain links."""
    return {(int(no), html_lib.unescape(code)): value for no, code, value in re.findall(
        r'<a class="tb" href="/events/\d+/explain/(\d+)/([^"]+)"[^>]*>([^<]+)</a>', text)}


def test_an_explanation_computes_one_tie_break_and_shows_the_standings_value(
        app: Flask, seeded: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    event_id = seeded["swiss"]
    shown = _standings_values(client.get(f"/events/{event_id}").get_data(as_text=True))
    assert len(shown) >= 5
    event_queries._ranking.cache_clear()  # noqa: SLF001
    monkeypatch.setattr(event_queries, "rank_prepared", _refuse("the event's standings"))
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    for (start_no, code), value in shown.items():
        page = client.get(f"/events/{event_id}/explain/{start_no}/{code}")
        assert page.status_code == 200, (start_no, code)
        assert f"<strong>{value}</strong>" in page.get_data(as_text=True), (start_no, code)
    assert client.get(f"/events/{event_id}/explain/99/{code}").status_code == 404
    assert client.get(f"/events/{event_id}/explain/1/ARO").status_code == 404  # not its order
