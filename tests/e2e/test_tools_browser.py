"""The tools in a real Chromium: live recomputation without a reload, add a round, compare."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.htmx_wait import wait_for_htmx

pytestmark = pytest.mark.e2e


def test_typing_updates_the_tiebreaks_without_reload(live_server, page: Page) -> None:
    page.goto(live_server.url + "/tools/tiebreaks?edition=fide-2026&r=W,w,4&r=W,b,3&r=L,w,2"
              "&r=W,b,1&r=D,w,2")
    expect(page.locator("#value-BH")).to_have_text("12")
    page.evaluate("window.__marker = 'same page'")
    page.get_by_label("Round 1: opponent's final score").fill("3")
    expect(page.locator("#value-BH")).to_have_text("11")
    expect(page.locator("#value-BH-C1")).to_have_text("10")
    assert page.evaluate("window.__marker") == "same page"
    expect(page).to_have_url(re.compile(r"r=W%2Cw%2C3&r=W%2Cb%2C3"))
    # A bad score is marked on its field; fixing it brings the values back.
    page.get_by_label("Round 2: opponent's final score").fill("9")
    expect(page.locator("#s1-error")).to_contain_text("cannot score 9")
    expect(page.locator("#value-BH")).to_have_count(0)
    page.get_by_label("Round 2: opponent's final score").fill("2")
    expect(page.locator("#value-BH")).to_have_text("10")
    expect(page.locator("#s1-error")).to_have_text("")
    assert page.evaluate("window.__marker") == "same page"


def test_add_and_remove_a_round(live_server, page: Page) -> None:
    page.goto(live_server.url + "/tools/tiebreaks?edition=fide-2026&r=W,w,1")
    page.evaluate("window.__marker = 'same page'")
    page.get_by_role("button", name="Add a round").click()
    expect(page.get_by_label("Round 2: result")).to_be_visible()
    wait_for_htmx(page)
    page.get_by_label("Round 2: opponent's final score").fill("1")
    expect(page.locator("#value-BH")).to_have_text("2")
    page.get_by_role("button", name="Remove round 1").click()
    expect(page.get_by_label("Round 2: result")).to_have_count(0)
    expect(page.locator("#value-BH")).to_have_text("1")
    assert page.evaluate("window.__marker") == "same page"
    page.reload()  # the state survives a reload: it lives in the URL
    expect(page.locator("#value-BH")).to_have_text("1")


def test_compare_shows_three_winners(live_server, page: Page) -> None:
    page.goto(live_server.url + "/tools/tiebreaks/compare")
    page.locator("a.example").click()
    winner = lambda code: page.locator(f'tr[data-code="{code}"] td.winner')  # noqa: E731
    expect(winner("BH")).to_have_text("Bo")
    expect(winner("BH/C1")).to_have_text("Ana")
    expect(winner("BH/M1")).to_have_text("Cai")


def test_elo_tools_update_live(live_server, page: Page) -> None:
    page.goto(live_server.url + "/tools/elo?c_rating=1922&c_opps=1798,1801,1897&c_score=2&c_k=40")
    expect(page.locator("#change-new")).to_have_text("1928")
    page.evaluate("window.__marker = 'same page'")
    page.locator("#c_score").fill("3")
    expect(page.locator("#change-new")).to_have_text("1968")
    page.locator("#c_score").fill("4")
    expect(page.locator("#c_score-error")).to_contain_text("more than")
    expect(page.locator("#change-new")).to_have_count(0)
    assert page.evaluate("window.__marker") == "same page"
