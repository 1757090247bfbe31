"""Long lists in a real Chromium (docs/organizer-guide.md §1): the "more" row appends the next
window in place with htmx, and is a plain link to the next page without JavaScript."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament

pytestmark = pytest.mark.e2e

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Finn Roe", "Gus Tan"]


def seed_six_nights(app) -> None:
    app.config["LIST_PAGE_SIZE"] = 3  # read per request: windows of three rows
    games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 5, 6, Kind.LOSS), (2, 7, 1, Kind.WIN)]
    with app.app_context():
        publish_t(tournament(NAMES, games, name="Night 1"), dt.date(2025, 1, 7))


def test_more_appends_the_next_rows_in_place(live_server, page: Page) -> None:
    seed_six_nights(live_server.app)
    page.goto(live_server.url + "/")
    page.evaluate("window.__marker = 'same page'")
    members = page.locator("#ladder-rows tr:not(.more)")
    expect(members).to_have_count(3)
    page.get_by_role("link", name="Show the next 3").click()
    expect(members).to_have_count(6)
    expect(page.locator("#ladder-more")).to_have_count(1)
    page.get_by_role("link", name="Show the next 1").click()
    expect(members).to_have_count(7)
    expect(page.locator("#ladder-more")).to_have_count(0)
    ranks = members.locator("td:first-child").all_inner_texts()
    assert ranks == sorted(ranks, key=int) and len(set(members.all_inner_texts())) == 7
    assert page.evaluate("window.__marker") == "same page"  # swapped, not reloaded
    expect(page).to_have_url(live_server.url + "/")


def test_more_is_a_plain_link_without_javascript(live_server, browser) -> None:
    seed_six_nights(live_server.app)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/members")
    page.get_by_role("link", name="Show the next 3").click()
    expect(page).to_have_url(live_server.url + "/members?page=2")
    expect(page.locator("table.roster tbody tr:not(.more)")).to_have_count(3)
    page.get_by_role("link", name="First page").click()
    expect(page).to_have_url(live_server.url + "/members")
    context.close()


def test_the_printable_ladder_holds_every_row(live_server, page: Page) -> None:
    seed_six_nights(live_server.app)
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="The whole ladder on one page (for printing)").click()
    expect(page.locator("#ladder-rows tr")).to_have_count(7)
    page.emulate_media(media="print")
    expect(page.locator(".print-all")).to_have_count(0)


def test_windowed_pages_pass_axe(live_server, browser) -> None:
    from tests.e2e.axe_support import serious_violations
    seed_six_nights(live_server.app)
    live_server.app.config["PROFILE_PAGE_SIZE"] = 2
    context = browser.new_context(bypass_csp=True)  # the checker is a test-only script
    page = context.new_page()
    problems = {}
    for path in ("/", "/?page=2", "/?page=3", "/members?page=2", "/events", "/members/1",
                 "/members/1?h2h_page=2"):
        page.goto(live_server.url + path)
        found = serious_violations(page)
        if found:
            problems[path] = [v["id"] for v in found]
    context.close()
    assert problems == {}
