"""Automated accessibility check (axe-core, vendored in tests/e2e/vendor — test-only) of the
public pages of the demo club: no violation of impact serious or critical; and on a phone-sized
screen no page scrolls sideways (wide tables scroll inside their own labelled region)."""

from __future__ import annotations

import json

import pytest

from tests.e2e.axe_support import TOOLS, serious_violations

pytestmark = pytest.mark.e2e



@pytest.fixture
def demo_server(demo_live_server):
    return demo_live_server


def _pages(server) -> list[str]:
    from sqlalchemy import select

    from ladder.extensions import db
    from ladder.models import Event, Member
    with server.app.app_context():
        swiss = db.session.scalar(select(Event.id).where(Event.kind == "swiss").limit(1))
        rr = db.session.scalar(select(Event.id).where(Event.kind == "round_robin").limit(1))
        member = db.session.scalar(select(Member.id).where(Member.name == "Viktor Petrov"))
        junior = db.session.scalar(select(Member.id).where(Member.name == "Noah Becker"))
        from ladder.models import RatingRow
        rated = db.session.scalar(select(RatingRow.member_id).where(
            RatingRow.event_id == swiss, RatingRow.games_counted > 0).limit(1))
    return ["/", "/?sort=name&dir=asc", "/members", f"/members/{member}", f"/members/{junior}",
            "/events", f"/events/{swiss}", f"/events/{rr}", f"/events/{swiss}/explain/1/BH/C1",
            f"/events/{swiss}/rating/{rated}", *TOOLS, *GUIDE]


# The guide (public in every mode, like the tools).
GUIDE = ["/guide/ladder", "/guide/tiebreaks", "/guide/faq"]


# The public tools, including a state with a field error (marked with aria-invalid).




def test_public_pages_pass_axe(demo_server, browser) -> None:
    # The pages' CSP forbids inline scripts (as it should); the checker is injected from a
    # test-only file, so this one context bypasses the CSP.
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    problems = {}
    for path in _pages(demo_server):
        page.goto(demo_server.url + path)
        found = serious_violations(page)
        if found:
            problems[path] = [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]])
                              for v in found]
    context.close()
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


def test_pages_fit_a_phone(demo_server, browser) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for path in _pages(demo_server):
        page.goto(demo_server.url + path)
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{path} scrolls sideways by {overflow}px"
    # The wide crosstable scrolls inside a focusable, labelled region.
    page.goto(demo_server.url + _pages(demo_server)[6])
    region = page.locator("#crosstable .scroll")
    assert region.get_attribute("role") == "region" and region.get_attribute("tabindex") == "0"
    assert region.evaluate("e => e.scrollWidth > e.clientWidth")
    context.close()
