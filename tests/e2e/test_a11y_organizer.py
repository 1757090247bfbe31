"""Accessibility of the organizer's desk (axe-core, no serious or critical violation), logged in
through the real form over the demo club: dashboard, new event with a preview that lists errors,
confirm names, the event editor, members, duplicates, merges, audit log, settings, and the
public event page with its edit buttons."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe_support import AXE, serious_violations

pytestmark = pytest.mark.e2e

LOGIN = ("desk", "a long enough password")
PASTE_WITH_ERROR = "Round 1\nHenrik Larsen - Viktor Petrov 1-0\nAnna Kowalska Budi Santoso 1-0\n"
PASTE_FIXED = "Round 1\nHenrik Larsen - Viktor Petrov 1-0\nAnna Kowalska - Budi Santoso 1-0\n"


@pytest.fixture
def desk(demo_live_server):
    with demo_live_server.app.app_context():
        from sqlalchemy import select

        from ladder.extensions import db
        from ladder.models import Event, Member
        from ladder.services.accounts import set_organizer
        set_organizer(*LOGIN, actor="test")
        event_id = db.session.scalar(select(Event.id).where(Event.kind == "swiss").limit(1))
        member_id = db.session.scalar(select(Member.id).where(Member.name == "John Smith"))
    return demo_live_server, event_id, member_id


def _check(page: Page, problems: dict, label: str) -> None:
    found = serious_violations(page)
    if found:
        problems[label] = [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]])
                           for v in found]


def test_organizer_pages_pass_axe(desk, browser) -> None:
    server, event_id, member_id = desk
    assert AXE.exists()
    context = browser.new_context(bypass_csp=True)  # only to inject the test-only checker
    page = context.new_page()
    page.goto(server.url + "/organize/")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(server.url + "/organize/")
    problems: dict = {}
    for path in ["/organize/", "/organize/events/new", f"/organize/events/{event_id}",
                 "/organize/members/", f"/organize/members/{member_id}",
                 "/organize/members/duplicates", "/organize/members/merges",
                 "/organize/audit/", "/organize/settings/", f"/events/{event_id}",
                 "/auth/login"]:
        page.goto(server.url + path)
        _check(page, problems, path)
    # The preview listing an error by line, then the confirm-names page.
    page.goto(server.url + "/organize/events/new")
    page.get_by_label("Name", exact=True).fill("Accessibility night")
    page.get_by_label("Date").fill("2026-11-26")
    page.get_by_label("Results: paste them here").fill(PASTE_WITH_ERROR)
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#preview")).to_contain_text(re.compile("line 3", re.I))
    _check(page, problems, "preview with an error")
    page.get_by_label("Results: paste them here").fill(PASTE_FIXED)
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("button", name="Continue: confirm names").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Confirm names")
    _check(page, problems, "confirm names")
    context.close()
    assert not problems, problems
