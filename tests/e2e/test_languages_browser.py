"""Languages in a real browser (docs/qualities.md §2): the header's switcher with and without
JavaScript, the choice surviving navigation and an htmx search, a Korean calculator live."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.htmx_wait import wait_for_htmx
from tests.e2e.ladder_seed import seed_six_nights

pytestmark = pytest.mark.e2e


def _switch(page: Page, name: str) -> None:
    page.locator("details.languages > summary").click()
    page.locator("details.languages").get_by_role("link", name=name).click()


def test_switch_language_without_javascript(live_server, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280,
                                                                         "height": 800})
    page = context.new_page()
    page.goto(live_server.url + "/tools/elo?c_rating=1500")
    _switch(page, "한국어")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    assert "c_rating=1500" in page.url  # the page and its state are kept
    page.goto(live_server.url + "/tools/tiebreaks")  # the cookie remembers the choice
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    _switch(page, "Bahasa Indonesia")
    expect(page.locator("html")).to_have_attribute("lang", "id")
    context.close()


def test_the_choice_survives_navigation_and_an_htmx_search(live_server, page: Page) -> None:
    seed_six_nights(live_server.app)
    page.goto(live_server.url + "/")
    _switch(page, "简体中文")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    heading = page.locator("h1").inner_text()
    page.goto(live_server.url + "/members")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    page.goto(live_server.url + "/")
    search = page.locator("#ladder-search")
    with page.expect_response(lambda r: "q=" in r.url):
        search.fill("Ann")
    expect(page.locator("#ladder-rows")).to_contain_text("Ann")
    # The page around the swapped rows is still Chinese, and so is a fresh load of the URL.
    assert page.locator("h1").inner_text() == heading
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")


def test_a_korean_calculator_session_updates_live(live_server, page: Page) -> None:
    page.goto(live_server.url + "/tools/tiebreaks?lang=ko&edition=fide-2026&r=W,w,1")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    page.evaluate("window.__marker = 'same page'")
    add = page.locator("form button[name=op][value=add]")
    add.click()
    score = page.locator("input[name=s]").nth(1)
    expect(score).to_be_visible()
    wait_for_htmx(page)
    score.fill("1")
    expect(page.locator("#value-BH")).to_have_text("2")
    assert page.evaluate("window.__marker") == "same page"
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    # The results region is Korean: its heading is not the English one.
    assert "Tie-breaks" not in page.locator("#calc-results").inner_text()
