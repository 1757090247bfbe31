"""The organizer's desk (docs/organizer-guide.md §2), in a real Chromium: one player typed two ways,
the date field marked, the event grid at 1280 and 360 px, its result links named."""

from __future__ import annotations

import datetime as dt

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from ladder.formats import read_event
from ladder.services.accounts import set_organizer
from ladder.vocabulary.tournament import Kind
from tests.e2e.organizer_actions import Actions
from tests.factories import TESTDATA, TWO_SPELLINGS_PASTE, publish_t, tournament

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
KOSHNITSKY = TESTDATA / "real-events" / "hobsonsbay_koshnitsky_cup_2025_r5.trf"


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
    # the date in prose, as Babel writes it
    expect(page.locator("#preview .summary")).to_contain_text("May 20, 2025")
    expect(date).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#date-error")).to_have_count(0)


def _koshnitsky_event(app: Flask) -> int:
    """The real 35-player Koshnitsky Cup (5 rounds, four tie-breaks), published."""
    with app.app_context():
        t = read_event(KOSHNITSKY.read_text(), "k.trf").require()
        return publish_t(t, dt.date(2025, 5, 20)).id


def _grid_fits(page: Page) -> dict[str, float]:
    return page.evaluate("""() => {
        const grid = document.querySelector('#results-grid');
        const box = grid.parentElement;
        return {table: grid.getBoundingClientRect().width, column: box.clientWidth,
                overflow: box.scrollWidth - box.clientWidth,
                page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
    }""")


@pytest.mark.parametrize("lang", ["en", "ko", "zh_Hans", "id"])
def test_the_grid_fits_its_column_at_1280_and_360(live_server, page: Page, lang: str) -> None:
    """24.6: no part of the grid behind a scroll at 1280 px (Rating and Change in view); at
    360 px one round at a time, the editor on screen, the "saved" note over no cell."""
    _organizer(live_server.app)
    event_id = _koshnitsky_event(live_server.app)
    page.set_viewport_size({"width": 1280, "height": 900})
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organize/events/{event_id}?lang={lang}")
    wide = _grid_fits(page)
    print(f"grid {lang} 1280: {wide}")
    assert wide["overflow"] <= 0 and wide["table"] <= wide["column"], wide
    change = page.locator("#results-grid thead th.change").bounding_box()
    assert change["x"] + change["width"] <= 1280
    expect(page.locator(".grid-view")).to_be_hidden()  # all rounds at once on a wide screen

    page.set_viewport_size({"width": 360, "height": 740})
    page.reload()
    narrow = _grid_fits(page)
    print(f"grid {lang} 360: {narrow}")
    assert narrow["overflow"] <= 0 and narrow["page"] <= 0, narrow
    picker = page.locator("#grid-view")
    expect(picker).to_be_visible()
    picker.select_option("r3")
    expect(page.locator('#results-grid th[data-col="r3"]')).to_be_visible()
    expect(page.locator('#results-grid th[data-col="r1"]')).to_be_hidden()
    assert _grid_fits(page)["overflow"] <= 0
    cell = page.locator('#results-grid tbody tr').nth(3).locator('td[data-col="r3"] a.score')
    cell.click()
    form = page.locator("td.result-editor form")
    expect(form).to_be_visible()
    # The page's script moves an editor that would stick out back on screen once it is laid
    # out: wait for that (a frame or two), then measure.
    fits = "f => { const r = f.getBoundingClientRect(); return r.left >= 0 && r.right <= 360; }"
    form.evaluate(f"f => new Promise(done => {{ const fits = {fits}; const t0 = Date.now();"
                  " (function check() { if (fits(f) || Date.now() - t0 > 3000) done();"
                  " else requestAnimationFrame(check); })(); })")
    box = form.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    form.locator("select").first.select_option(index=0)
    form.get_by_role("button").first.click()
    status = page.locator("#edit-status .saved")
    expect(status).to_be_visible()
    covered = page.evaluate("""() => {
        const note = document.querySelector('#edit-status .saved').getBoundingClientRect();
        return [...document.querySelectorAll('#results-grid td')]
          .map(td => td.getBoundingClientRect())
          .filter(r => r.width > 0 && r.height > 0)
          .filter(r => !(note.right <= r.left || r.right <= note.left
                         || note.bottom <= r.top || r.bottom <= note.top)).length;
    }""")
    assert covered == 0


def test_result_links_are_named_and_a_link_skips_to_the_results(live_server,
                                                                page: Page) -> None:
    """24.8: each result link says the round, both players and the result; a "skip to the
    results" link puts the next Tab on the first result."""
    _organizer(live_server.app)
    with live_server.app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                             [(1, 1, 2, Kind.DRAW), (1, 3, 4, Kind.LOSS), (2, 1, 3, Kind.WIN)],
                             name="Night", byes=[(2, 2, Kind.HALF_BYE), (2, 4, Kind.ZERO_BYE)]),
                  dt.date(2025, 1, 7))
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/events/1")
    expect(page.get_by_role("link", name="Round 1, Ann Lee – Bo Chen: ½ (draw), edit",
                            exact=True)).to_have_count(1)
    expect(page.get_by_role("link", name="Round 1, Dee Park – Cai Wu: 1 (win), edit",
                            exact=True)).to_have_count(1)
    # Public notation on the grid (24.7): "bye ½", never the TRF's "H".
    bye = page.get_by_role("link", name="Round 2, Bo Chen: bye ½ (half-point bye), edit",
                           exact=True)
    expect(bye).to_have_text("bye ½")
    presses = 0
    while not page.evaluate("document.activeElement.matches('a.skip-to-results')"):
        page.keyboard.press("Tab")
        presses += 1
        assert presses < 30, "Tab never reached the skip link"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#results-grid a.score')")
    assert presses <= 2, presses  # the second tab stop of the page


def test_each_find_a_member_box_is_named_by_its_row(live_server, page: Page) -> None:
    """24.17: "Find a member for ‘Bo Chenn’"; each suggestion's reason tied to its select."""
    _organizer(live_server.app)
    with live_server.app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.DRAW)], name="Night"),
                  dt.date(2025, 1, 7))
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/events/new")
    page.get_by_label("Name", exact=True).fill("Second night")
    page.get_by_label("Results: paste them here").fill("Ann Leee - Bo Chenn 1-0\n")
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("button", name="Continue: confirm names").click()
    expect(page.locator("input.member-search")).to_have_count(2)  # the page's script has run
    names = page.locator("input.member-search").evaluate_all(
        "boxes => boxes.map(b => b.getAttribute('aria-label'))")
    assert names == ["Find a member for “Ann Leee”", "Find a member for “Bo Chenn”"]
    expect(page.get_by_role("searchbox", name="Find a member for “Bo Chenn”")).to_have_count(1)
    select = page.locator("#link-2")
    described = select.get_attribute("aria-describedby").split()
    assert "link-2-why" in described
    expect(page.locator("#link-2-why")).to_contain_text("Might be Bo Chen")


def test_the_header_is_one_line_at_1280_logged_in(live_server, page: Page) -> None:
    """24.14: logged in, in English, at 1280 px: the club's name, every menu entry and the
    language button on one line (it was three); narrower, it wraps without a sideways scroll."""
    _organizer(live_server.app)
    page.set_viewport_size({"width": 1280, "height": 800})
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/?lang=en")
    line = page.evaluate("""() => {
        const h = document.querySelector('header.site');
        const items = [...h.querySelectorAll(
          '.brand, nav a, nav button, details.languages > summary')];
        const mids = items.map(e => {
          const r = e.getBoundingClientRect(); return r.top + r.height / 2; });
        return {count: items.length, spread: Math.max(...mids) - Math.min(...mids),
                height: h.getBoundingClientRect().height}; }""")
    assert line["count"] >= 14, line
    assert line["spread"] <= 12 and line["height"] <= 64, line
    page.set_viewport_size({"width": 900, "height": 800})
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth")
