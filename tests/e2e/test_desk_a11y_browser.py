"""Accessibility leftovers of the desk (docs/qualities.md §1) in a real Chromium: focus after
"Remove round", focus rings of at least 3:1 (WCAG 1.4.11), and "Skip the chart"."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ladder.vocabulary.tournament import Kind
from tests.e2e.htmx_wait import wait_for_htmx
from tests.factories import publish_t, tournament

pytestmark = pytest.mark.e2e

STATIC = Path(__file__).resolve().parents[2] / "static"

#: The contrast ratio of two colours (WCAG 2 relative luminance), in the browser.
CONTRAST_JS = """
(([a, b]) => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const v = c.map(x => {
                       x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const [l1, l2] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
})
"""

#: The focused element's outline colour and the opaque background around it.
RING_JS = """() => {
  const el = document.activeElement;
  const ring = getComputedStyle(el).outlineColor;
  let node = el.parentElement, bg = 'rgb(255, 255, 255)';
  while (node) { const c = getComputedStyle(node).backgroundColor;
                 if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') {
                   bg = c; break; }
                 node = node.parentElement; }
  return [ring, bg, getComputedStyle(el).outlineStyle];
}"""


def _tab_to(page: Page, selector: str, limit: int = 80) -> int:
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


def _ring_contrast(page: Page) -> float:
    ring, background, style = page.evaluate(RING_JS)
    assert style != "none", (ring, background)
    return page.evaluate(CONTRAST_JS, [ring, background])


def test_remove_round_moves_the_focus_to_the_next_round(live_server, page: Page) -> None:
    """24.15: after "Remove round 2" the focus is on the round that took its place; after
    removing the last round, on "Add a round" (never the page's body)."""
    page.goto(live_server.url + "/tools/tiebreaks?edition=fide-2026&r=W,w,1&r=D,b,2&r=L,w,3")
    _tab_to(page, "button[value='del:1']")
    page.keyboard.press("Enter")
    wait_for_htmx(page)
    expect(page.get_by_label("Round 3: result")).to_have_count(0)
    expect(page.get_by_label("Round 2: result")).to_be_focused()
    expect(page.get_by_label("Round 2: opponent's final score")).to_have_value("3")
    page.locator("button[value='del:1']").focus()
    page.keyboard.press("Enter")
    wait_for_htmx(page)
    expect(page.get_by_role("button", name="Add a round")).to_be_focused()


def test_focus_rings_have_three_to_one_everywhere(live_server, page: Page) -> None:
    """24.16 (WCAG 1.4.11): the ring of the Language and Menu buttons, of a scroll region, at
    least 3:1 against what surrounds it; and every outline colour of the style sheets
    against white and the header's grey."""
    with live_server.app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)], name="Night"),
                  dt.date(2025, 1, 7))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    _tab_to(page, "details.languages > summary")
    languages = _ring_contrast(page)
    _tab_to(page, ".scroll[role=region]")
    region = _ring_contrast(page)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    _tab_to(page, "details.menu > summary")
    menu = _ring_contrast(page)
    print(f"focus ring contrast: languages {languages:.2f}, region {region:.2f}, menu {menu:.2f}")
    assert min(languages, region, menu) >= 3, (languages, region, menu)
    colours = set()
    for sheet in STATIC.glob("*.css"):
        colours |= set(re.findall(r"outline:\s*\d+px solid (#[0-9a-fA-F]{6})", sheet.read_text()))
    assert colours
    for colour in colours:
        rgb = "rgb(" + ", ".join(str(int(colour[i:i + 2], 16)) for i in (1, 3, 5)) + ")"
        for background in ("rgb(255, 255, 255)", "rgb(243, 245, 248)"):
            assert page.evaluate(CONTRAST_JS, [rgb, background]) >= 3, (colour, background)


def test_skip_the_chart_on_a_profile_with_many_events(live_server, page: Page) -> None:
    """24.18: a member with many events: "Skip the chart" puts the next Tab stops on the
    events table instead of one stop per chart point."""
    with live_server.app.app_context():
        for week in range(20):
            publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)],
                                 name=f"Night {week + 1}"),
                      dt.date(2025, 1, 7) + dt.timedelta(weeks=week))
        from tests.factories import member
        ann = member("Ann Lee").id
    page.goto(f"{live_server.url}/members/{ann}")
    points = page.locator("svg.chart-points a, .chart a").count()
    assert points >= 20
    _tab_to(page, ".skip-chart a")
    page.keyboard.press("Enter")
    presses = _tab_to(page, ".scroll[aria-labelledby=member-events-caption]", limit=40)
    assert presses <= 3, presses


def test_a_printed_event_has_no_tooltips_or_screen_hints(live_server, page: Page) -> None:
    """24.19: on paper, no "not counted" tooltip text in the cells and no screen-only hints
    ("Select a rating change…", "More in the guide"); the mark itself stays."""
    with live_server.app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                             [(1, 1, 2, Kind.FORFEIT_WIN), (1, 3, 4, Kind.DRAW),
                              (2, 1, 3, Kind.WIN), (2, 2, 4, Kind.LOSS)], name="Night"),
                  dt.date(2025, 1, 7))
    page.goto(live_server.url + "/events/1")
    tips = page.locator(".nc-tip")
    assert tips.count() >= 1  # the forfeit did not count
    hint = page.get_by_text("Select a rating change to see how it was calculated")
    guide = page.get_by_role("link", name="More in the guide").first
    expect(hint).to_be_visible()
    expect(guide).to_be_visible()
    page.emulate_media(media="print")
    expect(hint).to_be_hidden()
    expect(guide).to_be_hidden()
    printed = page.locator("#crosstable").inner_text()
    for i in range(tips.count()):
        expect(tips.nth(i)).to_be_hidden()
        assert tips.nth(i).text_content() not in printed
    expect(page.locator("#crosstable .nc-mark").first).to_be_visible()
