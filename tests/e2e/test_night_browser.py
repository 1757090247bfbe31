"""A club night of 16 players × 5 rounds in a real Chromium on a 390 px phone, from check-in to
the ladder: members found by search, a new member and a junior guest added on the spot, each
round paired by the Dutch engine, previewed, published and its results tapped in; a bye asked
for; the public pairing page with the junior by initials; the finish; and the ladder then
equals what importing the night's TRF into a fresh club gives."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member, Night
from ladder.services.accounts import set_organizer
from ladder.services.importing import import_file
from ladder.services.night_rounds import night_trf
from ladder.vocabulary.tournament import Kind
from tests.e2e.htmx_wait import wait_for_htmx, wait_for_settled
from tests.factories import make_app, publish_t, tournament

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
MEMBERS = [f"Member {chr(65 + i)}{chr(97 + i)}" for i in range(14)]
RESULTS = ["1-0", "½-½", "0-1"]


def _history() -> None:
    games = [(1, i, i + 1, Kind.WIN) for i in range(1, 14, 2)]
    publish_t(tournament(MEMBERS, games, name="Earlier"), dt.date(2025, 1, 7))


def _arrange(app: Flask) -> None:
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        _history()


def _no_sideways_scroll(page: Page, width: int = 390) -> None:
    wait_for_settled(page)  # measured half styled, the desk once read 415 px (htmx_wait.py)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _log_in(page: Page, base: str) -> None:
    page.goto(base + "/organize/")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(base + "/organize/")


def _check_in(page: Page) -> None:
    for name in MEMBERS:
        page.get_by_label("Search members").fill(name)
        page.get_by_role("button", name="Search").click()
        page.get_by_role("button", name=f"Check in {name}").click()
        expect(page.locator(".night-players")).to_contain_text(name)
    page.get_by_label("New player's name").fill("Newcomer Nn")
    page.get_by_role("button", name="Add and check in").click()
    page.get_by_label("New player's name").fill("Guest Gg")
    page.get_by_label("Guest (not on the roster").check()
    page.get_by_label("Junior (shown by initials").check()
    page.get_by_role("button", name="Add and check in").click()
    expect(page.get_by_role("heading", name="Players (16)")).to_be_visible()


def _play_round(page: Page, round_no: int) -> None:
    page.get_by_role("button", name=f"Pair round {round_no}").click()
    expect(page.get_by_role("heading", name=re.compile(
        f"Round {round_no} — preview"))).to_be_visible()
    _no_sideways_scroll(page)
    page.get_by_role("button", name=f"Publish round {round_no}").click()
    expect(page.get_by_role("heading", name=re.compile(
        f"Round {round_no} — published"))).to_be_visible()
    boards = page.locator(".night-board form.taps")
    count = boards.count()
    assert count >= 7
    for index in range(count):
        board = page.locator(".night-board").nth(index)
        number = int(board.locator(".no").inner_text().rstrip("."))
        result = RESULTS[(number + round_no) % 3]
        board.get_by_role("button", name=f"Board {number}: {result}", exact=True).click()
        wait_for_htmx(page)
        expect(page.locator(".night-board").nth(index).get_by_role(
            "button", name=f"Board {number}: {result}", exact=True)).to_have_attribute("aria-pressed",
                                                                          "true")
    page.reload()  # the standings and the next step come with the page


def test_club_night_from_check_in_to_the_ladder(live_server, browser: Browser,
                                                tmp_path: Path) -> None:
    _arrange(live_server.app)
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    _log_in(page, base)
    page.get_by_role("link", name="Club nights").first.click()
    page.get_by_label("Name", exact=True).fill("Tuesday night")
    page.get_by_label("Date").fill("2025-02-04")
    page.get_by_label("Rounds (Swiss)").fill("5")
    page.get_by_role("button", name="Start the night").click()
    expect(page.get_by_role("heading", name="Tuesday night")).to_be_visible()
    expect(page.locator(".rule")).to_contain_text("Pairing numbers follow the club ladder")
    _check_in(page)
    _no_sideways_scroll(page)
    night_url = page.url

    public = context.new_page()  # another tab: the public pairing page
    for round_no in range(1, 6):
        if round_no == 3:  # a half-point bye asked for round 3
            player = page.locator("#player-16")
            player.get_by_text("Change").click()
            player.get_by_role("button", name="Half-point bye").click()
            expect(page.get_by_text("Byes asked for:")).to_be_visible()
        _play_round(page, round_no)
        expect(page.get_by_role("heading", name=f"Standings after round {round_no}")
               ).to_be_visible()
        if round_no == 1:
            page.set_viewport_size({"width": 360, "height": 740})  # the smaller phone too
            _no_sideways_scroll(page, 360)
            page.set_viewport_size({"width": 390, "height": 844})
            night_id = int(re.search(r"/nights/(\d+)", night_url).group(1))
            public.goto(f"{base}/nights/{night_id}")
            expect(public.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
            expect(public.locator("#night-live")).to_contain_text("G. G.")
            expect(public.locator("#night-live")).not_to_contain_text("Guest Gg")
    # The public page followed the night without a reload (htmx polling).
    expect(public.get_by_role("heading", name="Round 5", exact=True)).to_be_visible(
        timeout=20_000)
    _no_sideways_scroll(page)
    _no_sideways_scroll(public)
    page.get_by_role("button", name="Finish: put the night into the ladder").click()
    expect(page).to_have_url(re.compile(r"/events/\d+"))
    expect(page.get_by_text("The night is in the ladder.")).to_be_visible()

    with live_server.app.app_context():
        night = db.session.scalar(select(Night))
        assert night.event_id is not None
        trf = night_trf(night)
        after_night = {m.name: (round(m.rating, 6), m.games)
                       for m in db.session.scalars(select(Member))}
    other = make_app(tmp_path / "import")
    with other.app_context():
        from ladder.services.setup import init_database
        init_database()
        _history()
        import_file(trf, source="night.trf", file_format="trf", name="Tuesday night",
                    date=dt.date(2025, 2, 4), kind=None, rated=True, actor="test")
        imported = {m.name: (round(m.rating, 6), m.games)
                    for m in db.session.scalars(select(Member))}
        db.engine.dispose()
    assert imported == after_night
    assert len(after_night) == 16
    context.close()


def test_the_pairing_chapter_on_a_360_px_phone(live_server, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + "/guide/pairing?lang=ko")
    expect(page.get_by_role("heading", level=1)).to_have_text("클럽 나이트의 대진 방법")
    _no_sideways_scroll(page, 360)
    assert page.locator("td.why").count() >= 4
    context.close()
