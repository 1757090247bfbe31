"""The public ladder in a real Chromium: the table, greyed provisional members, live search."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.ladder_seed import seed_six_nights

pytestmark = pytest.mark.e2e




def test_ladder_shows_ranks_and_greys_provisional(live_server, page: Page) -> None:
    seed_six_nights(live_server.app)
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
    seed_six_nights(live_server.app)
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
    seed_six_nights(live_server.app)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.get_by_label("Find a member").fill("kim")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(live_server.url + "/?q=kim")
    expect(page.locator("#ladder-rows tr")).to_have_count(1)
    expect(page.locator("#ladder-rows")).to_contain_text("Eve Kim")
    context.close()
