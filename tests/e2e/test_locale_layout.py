"""Layout that longer text breaks (docs/qualities.md §2), measured in a real Chromium on 360 and 390
px phones: the Indonesian organizer dashboard does not scroll sideways; the pool-health tables in
every language neither stack a word letter by letter nor clip their last column; the tie-break
calculator's edition select shows its whole choice.

How: ``scrollWidth`` of the page against the viewport; for every health table cell the number
of lines it takes against the number of words in it (a word split over lines takes more lines
than there are words) and, for a table wider than its scroll region, that the region scrolls
(``overflow-x`` auto) so the last column can be reached; for the select, its ``scrollWidth``
against its ``clientWidth`` (a truncated choice is wider than the box).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.locale_club import LOCALES, arrange_club
from tests.e2e.locale_club import log_in as _log_in

pytestmark = pytest.mark.e2e

PHONES = [(360, 740), (390, 844)]


@pytest.fixture
def club(demo_live_server):
    """The demo club, its pool-health page public, and an organizer account."""
    return arrange_club(demo_live_server)


def _page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


#: Per table cell of the pool-health page: lines taken, words held; per scroll region of a
#: table wider than it: whether it scrolls sideways.
_HEALTH = """() => {
  const cells = [];
  for (const cell of document.querySelectorAll('main table th, main table td')) {
    const text = cell.innerText.trim();
    if (!text) continue;
    const style = getComputedStyle(cell);
    const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    // The lines of the cell's text itself (a link's own box is not a line of text).
    const tops = new Set();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1) tops.add(Math.round(r.bottom));
    }
    cells.push({text, lines: tops.size, words: text.split(/\\s+/).length});
  }
  const regions = [];
  for (const table of document.querySelectorAll('main table')) {
    const region = table.closest('.scroll') || table.parentElement;
    const wider = table.getBoundingClientRect().width > region.clientWidth + 1;
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(region).overflowX);
    regions.push({caption: (table.caption || {}).innerText || '', wider, scrolls});
  }
  return {cells, regions};
}"""


@pytest.mark.parametrize("width,height", PHONES)
def test_the_indonesian_dashboard_fits_a_phone(club, page: Page, width: int,
                                               height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _log_in(page, club.url)
    page.goto(club.url + "/organize/?lang=id")
    assert page.locator("html").get_attribute("lang") == "id"
    assert _page_width(page) <= width, f"the dashboard is {_page_width(page)} px wide"
    # The events table fits as well (its region is only the net for a longer name).
    scroll, client = page.locator("table.events").evaluate(
        "t => [t.closest('.scroll').scrollWidth, t.closest('.scroll').clientWidth]")
    assert scroll <= client, f"the events table needs {scroll} px of {client}"


@pytest.mark.parametrize("locale", LOCALES)
def test_pool_health_tables_keep_words_whole_at_360(club, page: Page, locale: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    _log_in(page, club.url)
    page.goto(club.url + f"/organize/health?lang={locale}")
    measured = page.evaluate(_HEALTH)
    assert measured["cells"], "no table on the pool-health page"
    broken = [c for c in measured["cells"] if c["lines"] > c["words"]]
    assert not broken, broken[:5]
    clipped = [r for r in measured["regions"] if r["wider"] and not r["scrolls"]]
    assert not clipped, clipped
    assert _page_width(page) <= 360


@pytest.mark.parametrize("locale", ("en", *LOCALES))
def test_the_edition_select_shows_its_choice_at_360(club, page: Page, locale: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(club.url + f"/tools/tiebreaks?lang={locale}")
    select = page.locator("select#edition")
    for value in ("fide-2026", "fide-2024", "fide-2012", "uscf"):
        select.select_option(value)
        scroll, client = select.evaluate("s => [s.scrollWidth, s.clientWidth]")
        assert scroll <= client, f"{value}: {scroll} > {client}"


@pytest.mark.parametrize("locale", ("en", *LOCALES))
def test_the_consent_form_fits_a_phone_at_360(club, page: Page, locale: str) -> None:
    # The member page's consent form (docs/privacy.md, "Consent by country"): its two cases,
    # with their tick boxes, in every language; a refusal shown beside the box it names.
    with club.app.app_context():
        from sqlalchemy import select as query

        from ladder.demo.people import CONSENTING_JUNIOR
        from ladder.extensions import db
        from ladder.models import Member
        member_id = db.session.scalar(query(Member.id).where(Member.name == CONSENTING_JUNIOR))
    page.set_viewport_size({"width": 360, "height": 740})
    _log_in(page, club.url)
    page.goto(club.url + f"/organize/members/{member_id}?lang={locale}")
    form = page.locator("#member-consent")
    expect(form.locator("fieldset.consent-who input[type=radio]")).to_have_count(2)
    expect(form.locator("fieldset.consent-who input[type=checkbox]")).to_have_count(3)
    assert _page_width(page) <= 360, f"the member page is {_page_width(page)} px wide"
    form.locator("#consent-yes").check()
    form.locator("#consent-who-guardian").check()
    form.locator("#consent-guardian").check()
    form.get_by_role("button").click()
    expect(form.locator("#consent-child-error")).to_be_visible()  # the child's agreement
    box = form.locator("#consent-child-error").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    assert _page_width(page) <= 360
