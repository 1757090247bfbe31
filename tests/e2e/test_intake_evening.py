"""The organizer's evening with a real past event, in a real Chromium (docs/organizer-guide.md §2).

Upload the real Koshnitsky Cup 2025 TRF → the date (the file gives none: its title names
2025, so the organizer types the day) and the tie-break edition → accept every suggestion in
one action → the names given name first in one action → the preview shows every rating
change → publish → the ladder and the event page match the preview exactly. The actions an
organizer takes are counted. Then an inline edit by keyboard alone.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from ladder.formats import read_event
from ladder.names.display_form import display_form
from ladder.services.accounts import set_organizer
from ladder.vocabulary.tournament import Kind
from tests.e2e.htmx_wait import wait_for_settled
from tests.e2e.organizer_actions import Actions
from tests.factories import TESTDATA, member, publish_t, tournament

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
REAL = TESTDATA / "real-events"
KOSHNITSKY = REAL / "hobsonsbay_koshnitsky_cup_2025_r5.trf"




def _arrange(app: Flask) -> None:
    """An organizer, and last month's event with names typed given name first."""
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        t = read_event((REAL / "hobsonsbay_april_rapid_2025.trf").read_text(), "a.trf").require()
        t = dataclasses.replace(t, name="April Rapid", players=tuple(
            dataclasses.replace(p, name=display_form(p.name) or p.name) for p in t.players))
        publish_t(t, dt.date(2025, 4, 10))


def _log_in(page: Page, base: str) -> None:
    page.goto(base + "/auth/login?next=/organize/")
    page.get_by_label("Login name").fill(LOGIN[0])
    page.get_by_label("Password").fill(LOGIN[1])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(base + "/organize/")


def _table(page: Page, selector: str) -> dict[str, tuple[str, str]]:
    """name → (before → after, change) of a rating table's rows."""
    rows = page.locator(selector)
    out = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        out[cells.nth(1).locator(".name").inner_text()] = (cells.nth(2).inner_text(),
                                                           cells.nth(3).inner_text())
    return out


def test_a_real_past_event_in_a_handful_of_actions(live_server, page: Page) -> None:
    _arrange(live_server.app)
    base = live_server.url
    _log_in(page, base)
    act = Actions(page)

    act.click(page.get_by_role("link", name="New event"))
    act.choose_file(page.get_by_label("upload a file"), KOSHNITSKY)
    act.click(page.get_by_role("button", name="Preview"))
    expect(page.locator("#preview .errors")).to_contain_text(
        "The file gives no date; its title names the year 2025. Give the event's date.")
    act.fill(page.get_by_label("Date"), "2025-05-20")
    act.click(page.get_by_role("button", name="Preview"))
    summary = page.locator("#preview .summary")
    expect(summary).to_contain_text("May 20, 2025 (typed in the form)")
    expect(summary).to_contain_text("FIDE 2024")  # the 2024 rules, not 2026's
    expect(page.locator("#preview .preview-standings tbody tr")).to_have_count(35)
    act.click(page.get_by_role("button", name="Continue: confirm names"))

    expect(page.get_by_role("heading", level=1)).to_contain_text("Confirm names")
    groups = page.locator("tr.group-heading")
    expect(groups.nth(0)).to_have_text("15 names need your decision")
    expect(page.locator("#ladder-preview")).to_contain_text("once every name has a choice")
    act.click(page.get_by_role("button", name="Accept every undecided suggestion"))
    expect(page.locator(".flash.info")).to_have_text(
        "15 suggestions accepted; check them, then publish.")
    act.click(page.get_by_role("button", name="Write every “Surname,Given” name given name first"))
    expect(page.locator("#name-2")).to_have_value("Nathan Hibberd")

    rows = page.locator("#ladder-preview tbody tr")
    expect(rows).to_have_count(35)
    preview = _table(page, "#ladder-preview tbody tr")
    assert preview["Dean Hogg"][0].startswith("1260.0 → ")  # his April rating, then tonight's
    assert "Nathan Hibberd" in preview and len(preview) == 35
    hibberd = rows.filter(has_text="Nathan Hibberd")
    expect(hibberd).to_contain_text("New member")
    expect(hibberd).to_contain_text("becomes established")  # five games tonight
    assert all(re.fullmatch(r"\d+\.\d → \d+\.\d", shown) for shown, _ in preview.values())
    act.click(page.get_by_role("button", name="Publish"))

    expect(page.locator(".flash")).to_contain_text("is published")
    event_url = page.url
    event_id = int(event_url.rstrip("/").rsplit("/", 1)[1])
    # 9 actions for 35 players: 7 for a file that carries its date.
    assert act.count == 9

    page.goto(f"{base}/organize/events/{event_id}")
    stored = {}
    lines = page.locator("#standings tbody tr")
    for i in range(lines.count()):
        cells = lines.nth(i).locator("td")
        name = cells.nth(2).inner_text()
        # The grid writes the rating before above the rating after: one line here.
        stored[name] = (" ".join(lines.nth(i).locator("td.num").nth(-2).inner_text().split()),
                        lines.nth(i).locator("td.rating-change").inner_text())
    expected = preview
    assert stored == expected  # the ladder's change is exactly the preview's

    # The ladder holds exactly the previewed ratings (unrounded), and shows them rounded.
    exact = {}
    for i in range(rows.count()):
        exact[rows.nth(i).locator(".name").inner_text()] = float(
            rows.nth(i).locator("td.rating").get_attribute("data-after"))
    with live_server.app.app_context():
        assert {name: member(name).rating for name in exact} == exact
    page.goto(base + "/")
    for name, rating in exact.items():
        row = page.locator("#ladder-rows tr", has_text=name).first
        expect(row.locator("td").nth(2)).to_have_text(f"{rating:.0f}")


def test_a_dated_copy_of_the_file_dates_the_event_itself(live_server, page: Page,
                                                          tmp_path: Path) -> None:
    """The published Koshnitsky file carries no date; the same file with its start date
    (tag 042) needs no typing: the date and the edition come from the file."""
    _arrange(live_server.app)
    lines = KOSHNITSKY.read_text().splitlines(keepends=True)
    dated = tmp_path / "koshnitsky_dated.trf"
    dated.write_text(lines[0] + "042 2025/05/20\n" + "".join(lines[1:]))
    _log_in(page, live_server.url)
    page.goto(live_server.url + "/organize/events/new")
    page.get_by_label("upload a file").set_input_files(str(dated))
    page.get_by_role("button", name="Preview").click()
    summary = page.locator("#preview .summary")
    expect(summary).to_contain_text(
        "May 20, 2025 (from the file: its start date (TRF tag 042))")
    expect(summary).to_contain_text("FIDE 2024")

    # The names page's enhancements: a search box over a member list (Enter picks the first
    # match, by keyboard), "Use …" fills a name in place, and the ladder's change refreshes
    # itself after each choice — all without leaving the page.
    page.get_by_role("button", name="Continue: confirm names").click()
    page.evaluate("window.__marker = 'same page'")
    with live_server.app.app_context():
        dean = member("Dean Hogg").id
    search = page.locator("td:has(> #link-2) .member-search")
    search.fill("dean h")
    expect(page.locator("#link-2 option[hidden]").first).to_be_attached()  # filtered
    search.press("Enter")
    expect(page.locator("#link-2")).to_have_value(f"m{dean}")
    expect(page.locator("#link-2")).to_be_focused()
    page.locator("#link-2").select_option("new")
    page.get_by_role("button", name="Use “Nathan Hibberd”").click()
    expect(page.locator("#name-2")).to_have_value("Nathan Hibberd")
    page.get_by_role("button", name="Accept every undecided suggestion").click()  # a reload
    page.evaluate("window.__marker = 'same page'")
    expect(page.locator("#ladder-preview tbody tr")).to_have_count(35)
    page.locator("#name-7").fill("Dhruv Hari")
    page.locator("#name-7").press("Tab")  # a change refreshes the preview by itself
    expect(page.locator("#ladder-preview tbody tr", has_text="Dhruv Hari")).to_have_count(1)
    assert page.evaluate("window.__marker") == "same page"


def _tab_to(page: Page, selector: str, limit: int = 200) -> None:
    """Press Tab until the focused element matches ``selector`` (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_inline_edit_by_keyboard_only(live_server, page: Page) -> None:
    with live_server.app.app_context():
        set_organizer(*LOGIN, actor="test")
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                             [(1, 1, 2, Kind.DRAW), (1, 3, 4, Kind.LOSS)], name="Night"),
                  dt.date(2025, 1, 7))
    base = live_server.url
    _log_in(page, base)
    page.goto(base + "/organize/events/1")
    table = page.locator("#standings table")
    width = table.bounding_box()["width"]
    # Cai Wu lost round 1 to Dee Park, so Cai is the last row.
    last = "#standings tbody tr:last-child td.result a.score"
    expect(page.locator("#standings tbody tr").last).to_contain_text("Cai Wu")
    _tab_to(page, last)
    cell_id = page.evaluate("() => document.activeElement.closest('td').dataset.result")
    page.keyboard.press("Enter")  # opens the editor…
    editor = page.locator("td.result-editor")
    kind = editor.get_by_label("Result of round 1")
    expect(kind).to_be_focused()  # …with the focus inside it
    wait_for_settled(page)
    assert table.bounding_box()["width"] == width  # the editor does not widen the table
    page.keyboard.press("Escape")  # cancel: the editor closes, focus is back on the cell
    expect(editor).to_have_count(0)
    cell = page.locator(f'td[data-result="{cell_id}"] a.score')
    expect(cell).to_be_focused()

    page.keyboard.press("Enter")
    expect(kind).to_be_focused()
    page.keyboard.press("Home")  # the first kind in the list: "win"
    expect(kind).to_have_value("win")
    page.keyboard.press("Enter")  # Enter saves
    expect(editor).to_have_count(0)
    expect(page.locator("#edit-status")).not_to_be_empty()
    expect(page.locator("#standings tbody tr").first).to_contain_text("Cai Wu")
    expect(page.locator("#standings tr", has_text="Cai Wu").locator(".points")).to_have_text("1")
    expect(page.locator(f'td[data-result="{cell_id}"] a.score')).to_be_focused()
    # Cai now leads: the rows re-sorted, and the confirmation says so.
    expect(page.locator("#edit-status")).to_have_text("Saved; the standings changed order.")
    wait_for_settled(page)
    assert table.bounding_box()["width"] == width

    # The public event page's crosstable editor behaves the same.
    page.goto(base + "/events/1")
    _tab_to(page, "#crosstable td.result button.cell")
    button_id = page.evaluate(
        "() => document.activeElement.querySelector('[data-result]').dataset.result")
    page.keyboard.press("Enter")
    expect(page.locator(".result-editor select").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".result-editor")).to_have_count(0)
    expect(page.locator(f'button.cell:has([data-result="{button_id}"])')).to_be_focused()


def test_a_stale_edit_message_does_not_widen_the_table(live_server, page: Page) -> None:
    with live_server.app.app_context():
        set_organizer(*LOGIN, actor="test")
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.DRAW)], name="Night"),
                  dt.date(2025, 1, 7))
    base = live_server.url
    _log_in(page, base)
    page.goto(base + "/organize/events/1")
    table = page.locator("#standings table")
    width = table.bounding_box()["width"]
    page.locator("#standings tr", has_text="Ann Lee").locator("td.result a.score").click()
    editor = page.locator("td.result-editor")
    expect(editor.get_by_label("Result of round 1")).to_be_focused()
    with live_server.app.app_context():
        from ladder.services.corrections import edit_result
        edit_result(1, "loss", 1, "someone")
    editor.get_by_label("Result of round 1").select_option("win")
    editor.get_by_role("button", name="Save").click()
    expect(page.locator("td.result-editor [role=alert]")).to_contain_text("“loss”")
    wait_for_settled(page)
    assert table.bounding_box()["width"] == width
