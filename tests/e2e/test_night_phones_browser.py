"""A club night with the players' own phones, in one real Chromium (docs/club-night.md §6):

twelve players check themselves in on their own phones (twelve browser contexts at 390 px):
ten tap their name on the list (a junior without consent among them, by initials), one types
a member's name ("Is this you?"), one types a new name, which the organizer accepts with one
tap on the desk, where it appeared by itself. Every phone shows its board once a round is
published, and the players report two rounds' results: both players agreeing, except on one
board of round 1 where both claim the win — flagged on the desk, settled by the organizer's
tap. Meanwhile a venue screen at 1920 × 1080 shows the pairings and then the standings after
each round change without a reload. The junior's name appears in full on no phone and no
screen. Waits are for conditions, never for time."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member, Night, NightBoard
from ladder.services.accounts import set_organizer
from ladder.services.members import set_junior
from ladder.services.night import NightSettings, create_night
from ladder.vocabulary.tournament import Kind
from tests.e2e.desk_login import LOGIN, open_desk
from tests.factories import publish_t, tournament

pytestmark = pytest.mark.e2e

HIDDEN = "Chloé Martin"
REGULARS = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ng", "Fay Oh", "Gus Roy",
            "Hal Oz", "Ivy Sun", "Jo Kim", HIDDEN]
TYPED = "Jo Kim"  # a member who types the name instead of tapping it
NEW = "Newton Quill"  # a new player: a name for the organizer
#: Polls come every few seconds; a condition may take a few polls on a busy machine.
LIVE = 30_000


def _arrange(app: Flask) -> int:
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        games = [(1, i, i + 1, Kind.WIN) for i in range(1, len(REGULARS), 2)]
        publish_t(tournament(REGULARS, games, name="Earlier"), dt.date(2025, 1, 7))
        hidden = db.session.scalar(select(Member.id).where(Member.name == HIDDEN))
        set_junior(hidden, True, "test")
        return create_night(NightSettings(name="Phones night", date=dt.date(2025, 2, 4),
                                          rounds=2), actor="test").id


def _phone(browser: Browser) -> Page:
    context: BrowserContext = browser.new_context(viewport={"width": 390, "height": 844},
                                                  is_mobile=True, has_touch=True)
    return context.new_page()


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _mark(page: Page) -> None:
    """A mark that a reload would wipe: the page changes only by itself from now on."""
    page.evaluate("window.__notReloaded = true")


def _not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__notReloaded === true")


def _board_of(page: Page) -> tuple[int, bool]:
    """The phone's board number this round and whether it plays White."""
    live = page.locator("#me-live")
    expect(live.locator(".board-no")).to_be_visible(timeout=LIVE)
    number = int(re.search(r"\d+", live.locator(".board-no").inner_text()).group(0))
    return number, live.locator(".colour.white").count() == 1


def _report(page: Page, label: str) -> None:
    page.locator("#me-live form.report").get_by_role("button", name=label, exact=True).click()


def _play_round(desk: Page, screen: Page, phones: dict[str, Page], round_no: int,
                disagree_on: int | None) -> None:
    desk.get_by_role("button", name=f"Pair round {round_no}").click()
    desk.get_by_role("button", name=f"Publish round {round_no}").click()
    expect(desk.locator("#round-heading")).to_contain_text("published")
    expect(screen.locator("#screen-pairings-heading")).to_have_text(f"Round {round_no}",
                                                                    timeout=LIVE)
    boards: dict[int, dict[bool, Page]] = {}
    for page in phones.values():
        expect(page.locator("#me-live #me-round")).to_have_text(f"Round {round_no}",
                                                                timeout=LIVE)
        number, white = _board_of(page)
        boards.setdefault(number, {})[white] = page
    assert sorted(boards) == list(range(1, 7)) and all(len(b) == 2 for b in boards.values())
    for number, pair in sorted(boards.items()):
        if number == disagree_on:
            _report(pair[True], "I won")
            _report(pair[False], "I won")
            expect(pair[False].locator("#me-live")).to_contain_text(
                "You and your opponent reported different results")
        # A report's answer says what happened; the phone's next poll (every few seconds)
        # then shows the board's settled state in its place. On a loaded machine the poll can
        # come first: either proves the report was taken.
        elif number % 2:
            _report(pair[True], "I won")
            expect(pair[True].locator("#me-live")).to_contain_text(
                re.compile(r"Your report is saved|You reported that you won\."))
            _report(pair[False], "I lost")
            expect(pair[False].locator("#me-live")).to_contain_text(re.compile(
                r"Both players reported the same result: it is entered\."
                r"|Result entered: 1-0\. You lost\."))
        else:
            _report(pair[True], "Draw")
            _report(pair[False], "Draw")
            expect(pair[False].locator("#me-live")).to_contain_text(
                re.compile(r"it is entered|Result entered: ½-½\. A draw\."))
    if disagree_on is not None:
        flagged = desk.locator(".phones-reports.disagree")
        expect(flagged).to_contain_text("The players disagree", timeout=LIVE)
        board = desk.locator("li.night-board", has=flagged)
        board.get_by_role("button", name=f"Board {disagree_on}: enter the reported 1-0").click()
        loser = boards[disagree_on][False]
        expect(loser.locator("#me-live")).to_contain_text("Result entered: 1-0. You lost.",
                                                          timeout=LIVE)
    expect(screen.locator("#screen-standings-heading")).to_have_text(
        f"Standings after round {round_no}", timeout=LIVE)


def test_twelve_phones_and_a_venue_screen_run_a_night(live_server: Any,
                                                      browser: Browser) -> None:
    app, base = live_server.app, live_server.url
    night_id = _arrange(app)
    desk = open_desk(browser, base, night_id)
    code = desk.locator("#night-phones .code").inner_text().strip()
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code), code
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    screen.goto(f"{base}/nights/{night_id}/screen")
    expect(screen.locator("h1")).to_have_text("Phones night")
    _mark(screen)

    phones: dict[str, Page] = {}
    for name in [*REGULARS, NEW]:
        page = _phone(browser)
        page.goto(f"{base}/nights/{night_id}/join/{code}")  # the QR code's address
        expect(page.get_by_role("heading", name="Check in at the club night")).to_be_visible()
        _fits(page)
        if name == NEW:
            page.locator("#phone-name").fill(NEW)
            page.get_by_role("button", name="Check in", exact=True).click()
            expect(page.locator("#me-live")).to_contain_text("Your name was sent to the "
                                                             "organizer.")
        elif name == TYPED:
            page.locator("#phone-name").fill("jo  KIM")
            page.get_by_role("button", name="Check in", exact=True).click()
            expect(page.get_by_role("heading", name="Is this you?")).to_be_visible()
            page.get_by_role("button", name="Yes, that is me").click()
        else:
            shown = "C. M." if name == HIDDEN else name
            page.locator("#phone-filter").fill(shown.split()[0][:3])
            page.get_by_role("button", name=shown, exact=True).click()
        expect(page.get_by_role("heading", name="My board")).to_be_visible()
        _fits(page)
        _mark(page)
        phones[name] = page
    # The new name appeared on the desk by itself; one tap accepts it.
    waiting = desk.locator("#night-phones .waiting")
    expect(waiting).to_contain_text(NEW, timeout=LIVE)
    waiting.get_by_role("button", name="Accept as a guest").click()
    expect(phones[NEW].locator("#me-live .who")).to_contain_text(f"You are {NEW}, number",
                                                                 timeout=LIVE)
    expect(phones[HIDDEN].locator("#me-live .who")).to_contain_text("You are C. M., number")
    expect(desk.locator("#night-players")).to_contain_text("Players (12)", timeout=LIVE)

    _play_round(desk, screen, phones, 1, disagree_on=3)
    _play_round(desk, screen, phones, 2, disagree_on=None)

    expect(phones["Ann Lee"].locator("#me-live .next")).to_contain_text("That was the last "
                                                                        "round.", timeout=LIVE)
    expect(phones["Ann Lee"].locator("#me-live .score")).to_contain_text("After round 2:")
    for page in (screen, *phones.values()):
        _not_reloaded(page)
    for page in (screen, *phones.values()):
        text = page.content()
        assert HIDDEN not in text and "Chloé" not in text and "Martin" not in text
    with app.app_context():
        night = db.session.get(Night, night_id)
        results = [b.result for b in db.session.scalars(select(NightBoard).where(
            NightBoard.night_id == night_id).order_by(NightBoard.round, NightBoard.number))]
        assert len(night.players) == 12 and len(results) == 12
        assert results[2] == "1-0" and all(r in ("1-0", "½-½") for r in results)


def test_the_phone_pages_the_screen_and_the_desk_panel_pass_axe(live_server: Any,
                                                                browser: Browser) -> None:
    """axe-core finds no serious or critical violation on the phone pages (the code form, the
    list, "Is this you?", a name waiting, My board with its report buttons), the venue screen,
    the desk's phone panel and the poster; the phone pages fit a 360 px phone (Korean)."""
    from ladder.services import night_rounds as rounds
    from ladder.services.night import tick
    from tests.e2e.axe_support import serious_violations
    app, base = live_server.app, live_server.url
    night_id = _arrange(app)
    with app.app_context():
        ids = {m.name: m.id for m in db.session.scalars(select(Member))}
        for name in REGULARS[:4]:
            tick(night_id, ids[name], True, "test")
    problems: dict[str, list[str]] = {}
    desk = open_desk(browser, base, night_id, axe=True)
    code = desk.locator("#night-phones .code").inner_text().strip()
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()

    def check(label: str, target: Page = page, width: int | None = 360) -> None:
        found = serious_violations(target)
        if found:
            problems[label] = [f"{v['id']}: {v['help']}" for v in found]
        if width:
            assert target.evaluate("document.documentElement.scrollWidth") <= width, label

    page.goto(f"{base}/nights/{night_id}/join?lang=ko")
    check("code form")
    page.locator("#code").fill(code)
    page.locator("form.phone-code button").click()
    expect(page.locator("#phone-filter")).to_be_visible()
    check("the list")
    page.locator("#phone-name").fill("ann lee")
    page.locator(".phone-type button[type=submit]").click()
    check("is this you")
    page.locator(".phone-match button.primary").click()
    expect(page.locator("#me-live .who")).to_be_visible()
    check("my board before round 1")
    with app.app_context():
        for action in (rounds.pair_round, rounds.publish_round):
            db.session.expire_all()
            action(night_id, 1, db.session.get(Night, night_id).version, "test")
    expect(page.locator("#me-live form.report")).to_be_visible(timeout=LIVE)
    check("my board with its report buttons")
    stranger = browser.new_context(viewport={"width": 360, "height": 740},
                                   bypass_csp=True).new_page()
    stranger.goto(f"{base}/nights/{night_id}/join/{code}")
    stranger.locator("#phone-name").fill("Zed Waiting")
    stranger.locator(".phone-type button[type=submit]").click()
    expect(stranger.locator("#me-live")).to_be_visible()
    check("a name waiting", stranger)
    screen = browser.new_context(viewport={"width": 1920, "height": 1080},
                                 bypass_csp=True).new_page()
    screen.goto(f"{base}/nights/{night_id}/screen")
    check("venue screen", screen, None)
    desk.reload()
    expect(desk.locator("#night-phones .waiting")).to_contain_text("Zed Waiting")
    check("desk with the phone panel", desk, None)
    desk.goto(f"{base}/organize/nights/{night_id}/phones/print")
    check("poster", desk, None)
    assert not problems, problems
