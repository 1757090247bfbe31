"""Profile and event pages in a real Chromium: chart, tables, tie-break explanation, keyboard,
print media, the ladder's live refresh on ``ladderChanged``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import select

pytestmark = pytest.mark.e2e


@pytest.fixture
def demo_server(demo_live_server):
    return demo_live_server


def _ids(server) -> dict[str, int]:
    from ladder.extensions import db
    from ladder.models import Event, Member
    with server.app.app_context():
        return {
            "viktor": db.session.scalar(select(Member.id).where(Member.name == "Viktor Petrov")),
            "noah": db.session.scalar(select(Member.id).where(Member.name == "Noah Becker")),
            "swiss": db.session.scalar(select(Event.id).where(Event.name == "Summer Swiss")),
            "unrated": db.session.scalar(select(Event.id).where(Event.name == "Chess960 Night")),
        }


def test_profile_page(demo_server, page: Page) -> None:
    ids = _ids(demo_server)
    page.goto(f"{demo_server.url}/members/{ids['viktor']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Viktor Petrov")
    chart = page.get_by_role("img", name="Rating history of Viktor Petrov")
    expect(chart).to_be_visible()
    points = page.locator("svg.chart circle.point")
    rows = page.locator("table.member-events tbody tr")
    assert points.count() == rows.count() > 5
    box = chart.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 100
    expect(page.locator("table.record")).to_contain_text("Everyone")
    expect(page.locator("table.h2h tbody tr").first).to_be_visible()
    page.locator("table.member-events a").first.click()
    expect(page.locator("#standings")).to_be_visible()


def test_junior_profile_shows_initials_only(demo_server, page: Page) -> None:
    ids = _ids(demo_server)
    page.goto(f"{demo_server.url}/members/{ids['noah']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("N. B.")
    assert "Noah" not in page.content() and "Becker" not in page.content()
    assert "Noah" not in page.title()


def test_event_page_and_explanation(demo_server, page: Page) -> None:
    ids = _ids(demo_server)
    page.goto(f"{demo_server.url}/events/{ids['swiss']}")
    standings = page.locator("#standings table")
    expect(standings.locator("thead")).to_contain_text("BH/C1")
    expect(page.locator("#crosstable")).to_contain_text("bye ½")
    expect(page.locator("section.legend")).to_contain_text("forfeit")
    # Keyboard: tab to the first tie-break link and follow it.
    link = standings.locator("tbody a[href*='/explain/']").first
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/explain/**")
    expect(page.locator("table.explain")).to_be_visible()
    expect(page.locator("main")).to_contain_text("C.07")


def test_unrated_event_is_labelled(demo_server, page: Page) -> None:
    ids = _ids(demo_server)
    page.goto(f"{demo_server.url}/events/{ids['unrated']}")
    expect(page.get_by_role("note")).to_contain_text("Not rated")


def test_ladder_prints_cleanly(demo_server, page: Page) -> None:
    page.goto(demo_server.url + "/")
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("form.search")).to_be_hidden()
    expect(page.locator("table.ladder")).to_be_visible()
    pdf = page.pdf(format="A4")
    assert pdf[:4] == b"%PDF"


def test_ladder_rows_refresh_on_ladder_changed(demo_server, page: Page) -> None:
    page.goto(demo_server.url + "/?sort=name&dir=asc")
    first = page.locator("#ladder-rows tr").first.inner_text()
    page.evaluate("window.__marker = 1")
    with page.expect_request(
            lambda r: "sort=name" in r.url and r.headers.get("hx-target") == "ladder-rows"):
        page.evaluate("htmx.trigger(document.body, 'ladderChanged')")
    expect(page.locator("#ladder-rows tr").first).to_have_text(first)
    assert page.evaluate("window.__marker") == 1
