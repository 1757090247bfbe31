"""The organizer's evening in a real Chromium: log in, paste with an error, fix, preview,
confirm names, publish, see the ladder; then correct a result inline without a reload."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from ladder.services.accounts import set_organizer
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Kind
from tests.factories import tournament

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
BROKEN = ("Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park 3-0\n"
          "Round 2\nAnn Lee - Cai Wu 0-1\nBo Chenn - Dee Park 1-0\n")


def _arrange(app: Flask) -> None:
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        t = tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.DRAW)], name="Last week")
        publish(PublishRequest(tournament=t, name=t.name, date=dt.date(2025, 1, 7), kind=t.kind,
                               links=exact_links(t)), actor="test")


def _log_in(page: Page, base: str) -> None:
    page.goto(base + "/organize/")
    expect(page).to_have_url(re.compile(re.escape(base + "/auth/login?next=/organize/")))
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(base + "/organize/")
    expect(page.locator("#ladder-status")).to_contain_text("Ladder verified")


def test_the_whole_evening(live_server, page: Page) -> None:
    _arrange(live_server.app)
    base = live_server.url
    _log_in(page, base)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name", exact=True).fill("Club night <3")
    page.get_by_label("Date").fill("2025-02-04")
    page.get_by_label("Results: paste them here").fill(BROKEN)
    page.evaluate("window.__marker = 'same page'")
    page.get_by_role("button", name="Preview").click()
    errors = page.locator("#preview .errors li")
    expect(errors).to_have_count(1)
    expect(errors.first).to_contain_text("Line 3")
    assert page.evaluate("window.__marker") == "same page"  # swapped by htmx

    page.get_by_label("Results: paste them here").fill(BROKEN.replace("3-0", "½-½"))
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#preview")).to_contain_text("Standings as they will be published")
    expect(page.locator("#preview .preview-standings tbody tr")).to_have_count(5)
    page.get_by_role("button", name="Continue: confirm names").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Confirm names")
    # Identical names are pre-selected; "Bo Chenn" resembles Bo Chen, so it waits for a choice.
    expect(page.get_by_label("Ann Lee", exact=True)).to_have_value("m1")
    assert page.get_by_label("Bo Chenn", exact=True).input_value() == ""
    expect(page.get_by_label("Cai Wu", exact=True)).to_have_value("new")
    page.get_by_label("Bo Chenn", exact=True).select_option("new")
    page.get_by_role("button", name="Publish").click()

    expect(page.locator(".flash")).to_contain_text("is published")
    expect(page.locator("body")).to_contain_text("Club night <3")
    page.goto(base + "/")
    rows = page.locator("#ladder-rows tr")
    expect(rows).to_have_count(5)
    expect(page.locator("#ladder-rows")).to_contain_text("Cai Wu")
    expect(page.locator("#ladder-rows")).to_contain_text("Bo Chenn")


def test_inline_edit_refreshes_standings_without_reload(live_server, page: Page) -> None:
    _arrange(live_server.app)
    base = live_server.url
    _log_in(page, base)
    page.goto(base + "/organize/events/1")
    page.evaluate("window.__marker = 'same page'")
    ann = page.locator("#standings tr", has_text="Ann Lee")
    # A half in the table's one number style: ½, or 0.5 when a tie-break in the same table
    # is a quarter (vocabulary/numbers.py, table_style).
    expect(ann.locator(".points")).to_have_text(re.compile(r"^\s*(½|0\.5)\s*$"))
    ann.locator("td.result a.score").first.click()
    editor = page.locator("td.result-editor")
    editor.get_by_label("Result of round 1").select_option("win")
    editor.get_by_role("button", name="Save").click()
    expect(page.locator("td.result-editor")).to_have_count(0)
    ann = page.locator("#standings tr", has_text="Ann Lee")
    expect(ann.locator(".points")).to_have_text("1")
    expect(ann.locator(".rating-change")).to_have_text("+20.0")
    assert page.evaluate("window.__marker") == "same page"
    # Cancel brings the cell back unchanged.
    page.locator("#standings tr", has_text="Bo Chen").locator("td.result a.score").first.click()
    page.locator("td.result-editor").get_by_role("link", name="Cancel").click()
    expect(page.locator("td.result-editor")).to_have_count(0)
    expect(page.locator("#standings tr", has_text="Bo Chen").locator(".points")).to_have_text("0")


def test_stale_edit_in_the_browser_shows_the_current_value(live_server, page: Page) -> None:
    _arrange(live_server.app)
    base = live_server.url
    _log_in(page, base)
    page.goto(base + "/organize/events/1")
    page.locator("#standings tr", has_text="Ann Lee").locator("td.result a.score").first.click()
    editor = page.locator("td.result-editor")
    expect(editor).to_be_visible()
    with live_server.app.app_context():  # someone else saves meanwhile
        from ladder.services.corrections import edit_result
        edit_result(1, "loss", 1, "someone")
    editor.get_by_label("Result of round 1").select_option("win")
    editor.get_by_role("button", name="Save").click()
    expect(page.locator("td.result-editor [role=alert]")).to_contain_text("“loss”")


def test_inline_edit_on_the_public_event_page(live_server, page: Page) -> None:
    _arrange(live_server.app)
    base = live_server.url
    _log_in(page, base)
    page.goto(base + "/events/1")
    page.evaluate("window.__marker = 'same page'")
    standings = page.locator("#standings tbody tr", has_text="Ann Lee")
    expect(standings.locator("td.change")).to_have_text("±0.0")
    page.locator("#crosstable td.result button.cell").first.click()
    editor = page.locator(".result-editor")
    editor.get_by_label("Result of round 1").select_option("win")
    editor.get_by_role("button", name="Save").click()
    expect(page.locator(".result-editor")).to_have_count(0)
    standings = page.locator("#standings tbody tr", has_text="Ann Lee")
    expect(standings.locator("td.change")).not_to_have_text("±0.0")
    assert page.evaluate("window.__marker") == "same page"
