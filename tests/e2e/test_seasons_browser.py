"""Issue 17 in a real Chromium over the demo club: the season page, the pool-health page, the
team night, the ladder "as of" and the organizer's sections pass axe (no serious or critical
violation) and fit a 360 px phone without scrolling sideways; the sections form works
without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe_support import serious_violations

pytestmark = pytest.mark.e2e

LOGIN = ("desk", "a long enough password")


@pytest.fixture
def demo(demo_live_server):
    with demo_live_server.app.app_context():
        from sqlalchemy import select

        from ladder.extensions import db
        from ladder.models import Event, Season
        from ladder.services.accounts import set_organizer
        set_organizer(*LOGIN, actor="test")
        season = db.session.scalar(select(Season.id).order_by(Season.first).limit(1))
        team_night = db.session.scalar(select(Event.id).where(
            Event.name == "Bughouse Team Night"))
    pages = ["/seasons", f"/seasons/{season}", "/health", f"/events/{team_night}",
             "/?as_of=2026-08-31"]
    return demo_live_server, pages


def _log_in(page: Page, url: str) -> None:
    page.goto(url + "/auth/login")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()


def test_season_and_health_pages_pass_axe_and_fit_a_phone(demo, browser) -> None:
    server, pages = demo
    context = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740})
    page = context.new_page()
    _log_in(page, server.url)
    problems = {}
    for path in [*pages, "/organize/seasons", "/organize/sections?all=1&count=3&split=1",
                 "/organize/health"]:
        page.goto(server.url + path)
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{path} scrolls sideways by {overflow}px"
        found = serious_violations(page)
        if found:
            problems[path] = [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]])
                              for v in found]
    context.close()
    assert not problems, problems


def test_season_page_shows_awards_and_links_the_ladder_as_of(demo, page: Page) -> None:
    server, pages = demo
    page.goto(server.url + pages[1])
    expect(page.get_by_role("heading", name="Summer 2026")).to_be_visible()
    for award in ("Most improved", "Most active", "Biggest upset", "Best performance"):
        expect(page.get_by_role("heading", name=award)).to_be_visible()
    page.get_by_role("link", name="The whole ladder as it stood on August 31, 2026").click()
    expect(page.get_by_role("note")).to_contain_text("as it stood on August 31, 2026")


def test_sections_form_without_javascript(demo, browser) -> None:
    server, _pages = demo
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    _log_in(page, server.url)
    page.goto(server.url + "/organize/sections")
    page.get_by_role("link", name="Tick everyone on the ladder").click()
    page.get_by_label("Number of sections").fill("3")
    page.get_by_role("button", name="Split into sections").click()
    expect(page.locator("section.section")).to_have_count(3)
    expect(page.get_by_role("heading", name="3 sections · 30 players")).to_be_visible()
    context.close()
