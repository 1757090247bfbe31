"""The desk's answers can arrive out of order: an older one never overwrites a newer desk, and
one swapped just after a tap's never leaves the focus on ``<body>``.

The phones panel polls every 4 s and, when the night changed, brings the desk's parts out of
band. On a loaded server a poll's answer can arrive after the answers of taps made after it
was rendered. Swapped, it would take the desk back in time: a result just tapped shown as
missing, the focus dropped to ``<body>``, and the night's version in every form set back, so
the next tap looks like a stale page and reloads the whole desk (CI saw exactly that: the
focus on ``<body>`` after a reload). The test holds a poll's answer in the browser until two
more results are in, then lets it through.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from ladder.services.accounts import set_organizer
from tests.e2e.desk_login import LOGIN, open_desk
from tests.web.phones_support import ROSTER, arrange, pair_and_publish, tick_members, version_of

pytestmark = pytest.mark.e2e

def _desk_in_round_one(live_server: Any, browser: Browser) -> tuple[Page, int]:
    """The organizer's desk of a six-player night with round 1 published (no result yet),
    marked so that a reload would show; the night's id."""
    app = live_server.app
    night_id, ids = arrange(app)
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
    tick_members(app, night_id, ids, ROSTER[:6])
    pair_and_publish(app, night_id, 1)
    page = open_desk(browser, live_server.url, night_id)
    page.evaluate("window.__notReloaded = true")  # a reload would wipe it
    return page, night_id


def _tap_first_open_board(page: Page) -> str:
    """A win for White on the first board without a result, answered in place (not with a
    reload of the whole desk); returns the board's id."""
    board = page.locator("#night-boards > li.night-board:not(.done):has(form.taps)").first
    board_id = board.get_attribute("id") or ""
    with page.expect_response(re.compile(r"/organize/nights/boards/\d+$")) as answer:
        board.locator("form.taps button").first.click()
    assert "hx-refresh" not in answer.value.headers, "the desk was loaded again whole"
    _settled_but_the_poll(page)
    expect(page.locator(f"#{board_id} button[aria-pressed=true]")).to_have_count(1)
    return board_id


def _settled_but_the_poll(page: Page) -> None:
    """htmx idle, but for the panel's poll, which may be held."""
    page.wait_for_function("() => !document.querySelector('.htmx-request:not(#night-phones), "
                           ".htmx-settling, .htmx-swapping, .htmx-added')")


def _held(page: Page, held: list[Route], what: str = "the phones panel's poll") -> Route:
    """The first request ``held`` caught (the next poll of the phones panel, unless ``what``
    says otherwise), stopped in the browser before it reaches the server."""
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, f"{what} was not sent within 30 s"
    return held[0]


def test_an_old_poll_answer_arriving_late_leaves_the_desk_as_it_is(
        live_server: Any, browser: Browser) -> None:
    app = live_server.app
    page, night_id = _desk_in_round_one(live_server, browser)

    held: list[Route] = []
    # Every poll is held from now on: none may mend the desk meanwhile.
    page.route(re.compile(r"/organize/nights/\d+/phones\?"), lambda route: held.append(route))
    poll = _held(page, held)  # sent with the version the desk shows now
    first = _tap_first_open_board(page)
    # The poll reaches the server now: the night changed since the version it carries, so
    # its answer brings the desk's parts as they are after the first result.
    answer = poll.fetch()
    assert "night-version" in answer.text()
    second = _tap_first_open_board(page)
    shown = page.locator("input.night-version").first.get_attribute("value")
    assert shown == str(version_of(app, night_id))
    page.evaluate("""() => { window.__pollsDone = 0;
        document.body.addEventListener('htmx:beforeSwap', (event) => {
          if (event.detail.elt.id === 'night-phones') { window.__pollsDone += 1; } }); }""")
    poll.fulfill(response=answer)  # the older answer arrives last
    # Its answer is in: swapped at once, or not at all (htmx swaps right after this event).
    page.wait_for_function("() => window.__pollsDone >= 1")
    _settled_but_the_poll(page)

    for board_id in (first, second):
        expect(page.locator(f"#{board_id} button[aria-pressed=true]")).to_have_count(1)
    assert page.locator("input.night-version").first.get_attribute("value") == shown
    # The next tap is taken as it is: no reload of the whole desk, the focus stays on it.
    third = _tap_first_open_board(page)
    assert third not in (first, second)
    assert page.evaluate("window.__notReloaded === true")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#night-boards, "
        "#round-next')")


def test_a_poll_answer_swapped_right_after_a_tap_leaves_the_focus_on_the_desk(
        live_server: Any, browser: Browser) -> None:
    """A tap's answer is swapped, and before htmx settles it (20 ms later) the panel's poll,
    sent before the tap's answer came, brings the desk's parts and replaces every part the tap
    brought. htmx then announces the tap's settle on elements no longer in the page, so that
    announcement never reaches the desk; the focus must still go to the next board, not stay
    on ``<body>`` (CI saw that once under load, with this very order of events). The test
    stretches htmx's settle delay so that the poll's answer always lands in that window, as a
    busy phone or machine stretches it."""
    page, _ = _desk_in_round_one(live_server, browser)
    page.evaluate("""() => { htmx.config.defaultSettleDelay = 2000;
        window.__swapped = []; window.__settled = [];
        const from = (event) => { const source = event.detail.requestConfig
            && event.detail.requestConfig.elt; return source && source.id === 'night-phones'
            ? 'poll' : 'tap'; };
        document.body.addEventListener('htmx:afterSwap', (e) => window.__swapped.push(from(e)));
        document.body.addEventListener('htmx:afterSettle',
                                       (e) => window.__settled.push(from(e))); }""")

    polls: list[Route] = []
    page.route(re.compile(r"/organize/nights/\d+/phones\?"), lambda route: polls.append(route))
    poll = _held(page, polls)  # sent with the version the desk shows now
    taps: list[Route] = []
    page.route(re.compile(r"/organize/nights/boards/\d+$"), lambda route: taps.append(route))
    board = page.locator("#night-boards > li.night-board:not(.done):has(form.taps)").first
    board_id = board.get_attribute("id") or ""
    board.locator("form.taps button").first.click()
    tap = _held(page, taps, "the tap")
    tap_answer = tap.fetch()  # the result is written
    poll_answer = poll.fetch()  # the poll's version is old: it brings the desk's parts
    assert "night-version" in poll_answer.text()
    tap.fulfill(response=tap_answer)
    page.wait_for_function("() => window.__swapped.includes('tap')")
    poll.fulfill(response=poll_answer)  # swapped before the tap's settle
    page.wait_for_function("() => window.__settled.includes('poll')")

    expect(page.locator(f"#{board_id} button[aria-pressed=true]")).to_have_count(1)
    focused = page.evaluate("() => { const a = document.activeElement; return a === document.body"
                            " ? 'body' : (a.closest('li.night-board') || {}).id "
                            "|| (a.closest('#round-next') ? 'next step' : a.tagName); }")
    assert focused not in ("body", board_id), focused
    assert page.evaluate("window.__notReloaded === true")
