"""The visible rules in a real Chromium: a "did not count" mark's reason opens by keyboard,
Escape hides it, it fits a 360 px phone; the guide pages need no sideways scrolling."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

pytestmark = pytest.mark.e2e


@pytest.fixture
def night_server(live_server):
    from ladder.extensions import db
    from ladder.models import Event
    from tests.factories import publish_t
    from tests.web.visible_rules_events import club_night_with_rules, round_robin_won_by_first
    with live_server.app.app_context():
        publish_t(round_robin_won_by_first(["A", "B", "C", "X", "Y", "Z"]), dt.date(2025, 1, 7))
        publish_t(club_night_with_rules(), dt.date(2025, 2, 4))
        live_server.event_id = db.session.scalar(select(Event.id).where(Event.name == "Club night"))
    return live_server


def _tab_to_first_mark(page: Page, limit: int = 200) -> None:
    """Press Tab until a "did not count" mark has the focus (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('nc-mark')"):
            return
    raise AssertionError("no mark reached with the keyboard")


def test_a_marks_reason_opens_by_keyboard(night_server, page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{night_server.url}/events/{night_server.event_id}")
    tip_id = page.locator("#crosstable a.nc-mark").first.get_attribute("aria-describedby")
    tip = page.locator(f"[id='{tip_id}']")
    box = tip.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # hidden from sight
    _tab_to_first_mark(page)
    focused = page.evaluate("document.activeElement.getAttribute('aria-describedby')")
    assert focused == tip_id
    expect(tip).to_have_text(re.compile(r"^Not counted: "))
    reason = tip.text_content()
    box = tip.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 10
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360  # fits the phone
    # The accessible description of the focused mark is the reason.
    assert page.evaluate(
        "document.getElementById(document.activeElement.getAttribute('aria-describedby'))"
        ".textContent") == reason
    # Escape hides it without moving the focus; Enter follows the link to the guide.
    page.keyboard.press("Escape")
    box = tip.bounding_box()
    assert box is not None and box["width"] <= 1
    assert page.evaluate("document.activeElement.classList.contains('nc-mark')")
    page.keyboard.press("Enter")
    page.wait_for_url("**/guide/ladder#*")
    anchor = page.url.split("#")[1]
    expect(page.locator(f"#{anchor}")).to_be_visible()


def test_a_mark_shows_its_reason_on_hover(night_server, page: Page) -> None:
    page.goto(f"{night_server.url}/events/{night_server.event_id}")
    mark = page.locator("#crosstable a.nc-mark").first
    tip = page.locator(f"[id='{mark.get_attribute('aria-describedby')}']")
    mark.hover()
    box = tip.bounding_box()
    assert box is not None and box["width"] > 100


@pytest.mark.parametrize("path", ["/guide/ladder", "/guide/tiebreaks", "/guide/faq"])
def test_guide_pages_fit_a_phone(night_server, page: Page, path: str) -> None:
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(night_server.url + path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, (path, width)
