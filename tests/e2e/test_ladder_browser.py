"""The public ladder in a real Chromium: the table, greyed provisional members, live search."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Kind
from tests.factories import tournament

pytestmark = pytest.mark.e2e


def _seed(app) -> None:
    names = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Finn Roe"]
    games = []
    # Six nights of a small round robin, so everyone but Finn becomes established.
    for night in range(6):
        games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.DRAW),
                 (2, 2, 4, Kind.LOSS)]
        roster = names[:4]
        if night == 5:
            roster = names
            games.append((3, 5, 6, Kind.WIN))
        t = tournament(roster, games, name=f"Night {night + 1}")
        with app.app_context():
            publish(PublishRequest(tournament=t, name=t.name,
                                   date=dt.date(2025, 1, 7) + dt.timedelta(days=7 * night),
                                   kind=t.kind, links=exact_links(t)), actor="test")


def test_ladder_shows_ranks_and_greys_provisional(live_server, page: Page) -> None:
    _seed(live_server.app)
    page.goto(live_server.url + "/")
    rows = page.locator("#ladder-rows tr")
    expect(rows).to_have_count(6)
    # Established members first; the two newcomers (one game each) below them, greyed.
    expect(rows.nth(4)).to_have_class("provisional")
    expect(rows.nth(5)).to_have_class("provisional")
    expect(rows.nth(0)).to_have_class("established")
    colour = rows.nth(5).locator("td").first.evaluate("e => getComputedStyle(e).color")
    normal = rows.nth(0).locator("td").first.evaluate("e => getComputedStyle(e).color")
    assert colour != normal


def test_search_filters_without_reload(live_server, page: Page) -> None:
    _seed(live_server.app)
    page.goto(live_server.url + "/")
    page.evaluate("window.__marker = 'same page'")
    page.get_by_label("Find a member").fill("chen")
    rows = page.locator("#ladder-rows tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Bo Chen")
    assert page.evaluate("window.__marker") == "same page"  # swapped by htmx, not reloaded
    expect(page).to_have_url(live_server.url + "/?q=chen")
    page.get_by_label("Find a member").fill("")
    expect(rows).to_have_count(6)


def test_search_works_without_javascript(live_server, browser) -> None:
    _seed(live_server.app)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.get_by_label("Find a member").fill("kim")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(live_server.url + "/?q=kim")
    expect(page.locator("#ladder-rows tr")).to_have_count(1)
    expect(page.locator("#ladder-rows")).to_contain_text("Eve Kim")
    context.close()
