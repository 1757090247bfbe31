"""The club night, the competition and the players' own pages in Korean, Chinese and
Indonesian on a 390 px phone (docs/qualities.md §2), in a real Chromium: the organizer's desk
with a round paired, the public night page, the printed pairing sheet and the phones' poster;
a Keizer competition's season page and its organizer page after two rounds; a player's phone
checking in, "My board" and its result reported, and the venue screen.

Each page, measured once it is laid out as a reader sees it (:func:`wait_for_settled`):

* no sideways scroll (``scrollWidth`` of the page at most the viewport's width);
* it speaks the language: ``<html lang>`` is the locale's tag, and a heading or label of the
  page is there as the catalogue translates it (taken through gettext, never typed here);
* no Korean or Latin word is broken across two lines (Korean keeps words whole,
  ``word-break: keep-all``; a name is not split letter by letter in a narrow column): for
  every run of Hangul or Latin letters between spaces, the lines its text boxes lie on;
* no table caption reaches past the right edge of its scroll region (it would be cut).

One test per language walks all the pages and asserts once, listing every problem found.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.e2e.htmx_wait import wait_for_settled
from tests.e2e.locale_club import LOCALES, arrange_club
from tests.e2e.locale_club import log_in as _log_in

pytestmark = pytest.mark.e2e


@pytest.fixture
def club(demo_live_server):  # noqa: ANN001, ANN201 - the live-server fixture
    """The demo club and an organizer account (locale_club.py)."""
    return arrange_club(demo_live_server)

WIDTH, HEIGHT = 390, 844
#: ``<html lang>`` of each locale (BCP 47).
HTML_LANG = {"ko": "ko", "zh_Hans": "zh-Hans", "id": "id"}
#: Players checked in by name (not on the demo roster): a Han name, an Indonesian name of
#: three words, a Korean name.
NEW_NAMES = ["李小龙", "Ni Made Wulandari", "박서준"]

#: Per page: its width; each word of Latin or Hangul letters (a run between spaces, without a
#: hyphen, slash or bracket where a line may break) whose text boxes lie on more than one
#: line; each table caption that reaches past its scroll region's right edge.
_WORDS = """() => {
  const broken = [];
  const main = document.querySelector('main') || document.body;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.closest('.visually-hidden, .vh, svg, code, select, option')) continue;
    if (!element.getClientRects().length) continue;
    let at = 0;
    for (const word of node.textContent.split(/(\\s+)/)) {
      const start = at; at += word.length;
      if (word.length < 3 || /[-–—(（/]/.test(word)
          || !/^[\\uac00-\\ud7a3A-Za-zÀ-ž.,:;'’)]+$/.test(word)) continue;
      const range = document.createRange();
      range.setStart(node, start); range.setEnd(node, start + word.length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0.5)
                           .map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(`${word} in ${element.tagName.toLowerCase()}.${
        element.className} ${JSON.stringify(node.textContent.trim().slice(0, 60))}`);
    }
  }
  const clipped = [];
  for (const caption of main.querySelectorAll('caption')) {
    const region = caption.closest('.scroll, .table-scroll');
    if (region && caption.getBoundingClientRect().right > region.getBoundingClientRect().right + 1)
      clipped.push(caption.innerText.slice(0, 40));
  }
  return {width: document.documentElement.scrollWidth, lang: document.documentElement.lang,
          text: document.body.innerText, broken, clipped};
}"""


def _said(app: Flask, locale: str) -> Callable[..., str]:
    """The catalogue's words in ``locale``, by their English message ids."""
    from flask_babel import gettext

    def said(text: str, **values: Any) -> str:
        with app.test_request_context(f"/?lang={locale}"):
            return str(gettext(text, **values))
    return said


def _night(app: Flask) -> tuple[int, str]:
    """A club night of eight (five demo members and three new names) with round 1 paired
    and published; its id and the code of its players' phones."""
    from sqlalchemy import select

    from ladder.extensions import db
    from ladder.models import Member, Night
    from ladder.queries.night_self import link_state, night_code
    from ladder.services.night import Arrival, NightSettings, check_in, create_night
    from ladder.services.night_rounds import pair_round, publish_round
    with app.app_context():
        night = create_night(NightSettings(name="Thursday", date=dt.date.today(), rounds=3),
                             actor="test")
        members = db.session.scalars(select(Member.id).where(Member.merged_into_id.is_(None))
                                     .order_by(Member.id).limit(5)).all()
        for member_id in members:
            check_in(night.id, Arrival(member_id=member_id), None, actor="test")
        for name in NEW_NAMES:
            check_in(night.id, Arrival(name=name), None, actor="test")
        pair_round(night.id, 1, db.session.get(Night, night.id).version, actor="test")
        publish_round(night.id, 1, db.session.get(Night, night.id).version, actor="test")
        return night.id, night_code(night.id, link_state(db.session, night.id).rotation)


def _competition(app: Flask) -> int:
    """A Keizer competition of eight demo members after two nights of one round each, both
    finished into the ladder."""
    from sqlalchemy import select

    from ladder.extensions import db
    from ladder.models import Member
    from ladder.services.competitions import CompetitionSettings, create_competition
    from ladder.services.night_finish import finish
    from tests.services.competition_support import (
        open_and_check_in,
        play_night_round,
        version_of_night,
    )
    with app.app_context():
        ids = db.session.scalars(select(Member.id).where(Member.merged_into_id.is_(None))
                                 .order_by(Member.id.desc()).limit(8)).all()
        competition = create_competition(CompetitionSettings("Winter Keizer", "keizer"),
                                         list(ids), "test")
        results = ["1-0", "½-½", "0-1"]
        for week in (2, 1):
            night = open_and_check_in(competition.id,
                                      dt.date.today() - dt.timedelta(weeks=week), ids)
            play_night_round(night.id, 1, lambda board: results[board.number % 3])
            finish(night.id, version_of_night(night.id), "test")
        return competition.id


def _measure(page: Page, path: str, words: list[str], locale: str,
             problems: list[str]) -> None:
    """Measure the page shown now (``path`` names it) and add what is wrong to
    ``problems``."""
    wait_for_settled(page)
    measured = page.evaluate(_WORDS)
    if measured["width"] > WIDTH:
        problems.append(f"{path}: {measured['width']} px wide")
    if measured["lang"] != HTML_LANG[locale]:
        problems.append(f"{path}: <html lang={measured['lang']!r}>")
    missing = [word for word in words if word not in measured["text"]]
    if missing:
        problems.append(f"{path}: not on the page: {missing}")
    if measured["clipped"]:
        problems.append(f"{path}: captions cut {measured['clipped']}")
    if measured["broken"]:
        problems.append(f"{path}: words broken {measured['broken'][:6]}")


@pytest.mark.parametrize("locale", LOCALES)
def test_night_competition_and_phone_pages_fit_390_in_every_language(
        club, page: Page, locale: str) -> None:  # noqa: F811  (the imported fixture)
    app = club.app
    t = _said(app, locale)
    # The catalogue translates every word looked for (else the check proves nothing).
    english = _said(app, "en")
    night_id, code = _night(app)
    competition_id = _competition(app)
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    problems: list[str] = []
    lang = f"lang={locale}"

    def visit(path: str, *msgids: str | tuple[str, dict[str, Any]]) -> None:
        words = []
        for msgid in msgids:
            text, values = (msgid, {}) if isinstance(msgid, str) else msgid
            assert t(text, **values) != english(text, **values), f"untranslated: {text}"
            words.append(t(text, **values))
        page.goto(club.url + path + ("&" if "?" in path else "?") + lang)
        _measure(page, path, words, locale, problems)

    # (c) The player's phone: the code from the QR code, the name tapped, "My board", a
    # result reported; the venue screen.
    visit(f"/nights/{night_id}/join/{code}", "Tap your name", "Checked in tonight")
    page.locator("#names-tonight + ul.phone-names button.name").first.click()
    expect(page.locator("#me-live .board-no")).to_be_visible()
    _measure(page, "my board", [t("My board"), t("Report the result"), t("I won")], locale,
             problems)
    page.locator("#me-live form.report").get_by_role("button", name=t("Draw"),
                                                     exact=True).click()
    expect(page.locator("#me-live")).to_contain_text(t("You reported a draw."))
    _measure(page, "my board, a result reported", [t("You reported a draw.")], locale, problems)
    visit(f"/nights/{night_id}/screen", ("Round %(round)d", {"round": 1}))
    # (a) The public night page, (b) the public season page.
    visit(f"/nights/{night_id}", ("Round %(round)d", {"round": 1}))
    visit(f"/competitions/{competition_id}", ("Table after round %(round)d", {"round": 2}),
          "Round by round", "The rules")
    # The organizer's pages: the desk, the pairing sheet, the phones' poster, the competition.
    _log_in(page, club.url)
    visit(f"/organize/nights/{night_id}", "Players' phones", "published")
    visit(f"/organize/nights/{night_id}/print/1", "Board cards")
    visit(f"/organize/nights/{night_id}/phones/print",
          "Check in, see your board and report your result from your phone.")
    visit(f"/organize/competitions/{competition_id}",
          ("Table after round %(round)d", {"round": 2}), "Nights", "Members")
    assert not problems, "\n".join(problems)
