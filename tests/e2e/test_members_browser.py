"""Members pages in a real Chromium: merge then undo through the pages restores the ladder.

docs/desk.md §2: merge then undo → ``ladder standings --json`` identical to before.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from ladder.services.accounts import set_organizer
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Kind
from tests.factories import tournament

pytestmark = pytest.mark.e2e

LOGIN = ("alice", "a long enough password")
W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def seed_six_nights(app: Flask) -> None:
    nights = [
        (["John Smith", "Ann Lee", "Bo Chen", "Cai Wu"],
         [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, D), (2, 2, 4, L)]),
        (["J. Smith", "Bo Chen", "Cai Wu", "Dee Park"],
         [(1, 1, 2, W), (1, 3, 4, W), (2, 1, 3, L), (2, 2, 4, D)]),
        (["John Smith", "Dee Park", "Ann Lee", "Bo Chen"],
         [(1, 1, 2, D), (1, 3, 4, W), (2, 1, 3, W), (2, 2, 4, L)]),
    ]
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        for week, (roster, games) in enumerate(nights):
            t = tournament(roster, games, name=f"Night {week + 1}")
            publish(PublishRequest(tournament=t, name=t.name,
                                   date=dt.date(2025, 1, 7) + dt.timedelta(days=7 * week),
                                   kind=t.kind, links=exact_links(t)), actor="test")


def _standings(app: Flask) -> list[dict]:
    result = app.test_cli_runner().invoke(args=["standings", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _ready(page: Page) -> None:
    """Wait until htmx has processed the page (a click before that would be a plain POST)."""
    page.wait_for_load_state("load")
    page.wait_for_function("window.htmx !== undefined && document.readyState === 'complete'")


def _log_in(page: Page, base: str) -> None:
    page.goto(base + "/organize/members/duplicates")
    expect(page).to_have_url(re.compile(r"/auth/login"))
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Possible duplicates")).to_be_visible()
    _ready(page)


def test_merge_then_undo_through_the_pages_restores_the_standings(live_server,
                                                                   page: Page) -> None:
    app = live_server.app
    seed_six_nights(app)
    before = _standings(app)
    assert any(line["name"] == "J. Smith" for line in before)

    _log_in(page, live_server.url)
    page.evaluate("window.__marker = 'same page'")
    # Keep John Smith: J. Smith's entries move to him.
    page.get_by_role("button", name="Merge J. Smith (#5) into John Smith (#1)").click()
    status = page.locator("#duplicates .flash.success")
    expect(status).to_contain_text("Merged “J. Smith” into “John Smith”")
    assert page.evaluate("window.__marker") == "same page"  # swapped by htmx, no reload
    expect(page.locator("#merge-source option", has_text="J. Smith")).to_have_count(0)

    merged = _standings(app)
    assert merged != before
    assert not any(line["name"] == "J. Smith" for line in merged)

    # The merges list: Undo swaps its own row.
    page.get_by_role("link", name="Merges", exact=True).first.click()
    expect(page.get_by_role("heading", name="Merges")).to_be_visible()
    _ready(page)
    row = page.locator("tr.active", has_text="J. Smith")
    expect(row).to_have_count(1)
    page.evaluate("window.__marker = 'merges page'")
    row.get_by_role("button", name="Undo").click()
    undone = page.locator("tr.undone", has_text="J. Smith")
    expect(undone).to_contain_text("Undid the merge of “J. Smith” into “John Smith”.")
    expect(undone.get_by_role("button", name="Undo")).to_have_count(0)
    assert page.evaluate("window.__marker") == "merges page"

    assert _standings(app) == before


def test_refused_merge_shows_the_message_and_changes_nothing(live_server, page: Page) -> None:
    app = live_server.app
    seed_six_nights(app)
    before = _standings(app)
    _log_in(page, live_server.url)
    page.get_by_label("Duplicate record (hidden after the merge)").select_option(
        label="Ann Lee (#2)")
    page.get_by_label("Member to keep (receives the entries)").select_option(
        label="John Smith (#1)")
    page.get_by_role("button", name="Merge", exact=True).click()
    expect(page.locator("#duplicates [role=alert]")).to_contain_text(
        "Ann Lee and John Smith played each other")
    assert _standings(app) == before


def test_relink_an_entry_to_a_new_member_in_the_browser(live_server, page: Page) -> None:
    app = live_server.app
    seed_six_nights(app)
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/members/1")
    _ready(page)
    page.get_by_role("link", name="Re-link “John Smith” in “Night 3”").click()
    page.get_by_label("Move “John Smith” in “Night 3” to").select_option("new")
    page.get_by_role("button", name="Re-link", exact=True).click()
    expect(page.locator("#member-entries .flash.success")).to_contain_text(
        "“John Smith” in “Night 3” now belongs to John Smith.")
    expect(page.locator("#member-entries tbody tr")).to_have_count(1)
    names = [line["name"] for line in _standings(app)]
    assert names.count("John Smith") == 2
