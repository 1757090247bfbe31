"""Three nights of a Keizer competition in a real Chromium on a 390 px phone, in Korean: the
competition created from the desk, each night's attendance marked with one tap (away with
notice, away for the club's team), the night opened from the competition, the players ticked
on the check-in list (the competition's members first; a newcomer enters as a late entrant on
the third night), the round paired by the Keizer engine with its reasons, published, every
result tapped, the night finished into the ladder; then the season page as a visitor sees it:
the table by Keizer points (카이저 점수) with "why this many points" for every line, every round
with its absences and why, the rules in words. No page scrolls sideways; the test waits for
conditions, never for time."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Competition, CompetitionMember, Member, Night
from ladder.services.accounts import set_organizer
from ladder.vocabulary.tournament import Kind
from tests.e2e.htmx_wait import wait_for_htmx
from tests.factories import publish_t, tournament

pytestmark = pytest.mark.e2e

LOGIN = ("arbiter", "a long enough password")
LOCALE = "ko"
PLAYERS = ["김민준", "이서연", "박지훈", "최유나", "정하늘", "강도윤", "조은비"]
NEWCOMER = "윤시우"
RESULTS = ["1-0", "½-½", "0-1"]
#: Before each night: (player, mark) — away with notice, away for the club's team.
MARKS = {1: [(PLAYERS[6], "excused")], 2: [(PLAYERS[2], "club")], 3: [(PLAYERS[6], "excused")]}


def _arrange(app: Flask) -> dict[str, int]:
    with app.app_context():
        set_organizer(*LOGIN, actor="test")
        names = [*PLAYERS, NEWCOMER]
        games = [(1, i, i + 1, Kind.WIN) for i in range(1, len(names), 2)]
        publish_t(tournament(names, games, name="지난 모임"), dt.date(2025, 1, 7))
        return {m.name: m.id for m in db.session.scalars(select(Member))}


def _words(app: Flask) -> Any:
    """The pages' words in Korean, by their English message ids (the catalogue's)."""
    from flask_babel import gettext, ngettext

    def said(text: str, plural: str | None = None, **values: Any) -> str:
        with app.test_request_context(f"/?lang={LOCALE}"):
            if plural is not None:
                return str(ngettext(text, plural, values.pop("num"), **values))
            return str(gettext(text, **values))
    return said


def _settled_width(page: Page, width: int = 390) -> None:
    """No sideways scrolling, measured once htmx is idle and the page has loaded."""
    wait_for_htmx(page)
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/organize/?lang={LOCALE}")
    page.locator("#username").fill(LOGIN[0])
    page.locator("#password").fill(LOGIN[1])
    page.locator("#password").press("Enter")
    expect(page).to_have_url(re.compile(r"/organize/"))


def _create(page: Page, t: Any, base: str, ids: dict[str, int]) -> int:
    page.goto(f"{base}/organize/competitions")
    _settled_width(page)
    page.locator("#competition-name").fill("겨울 카이저 리그")
    page.locator("input[name=system][value=keizer]").check()
    for name in PLAYERS:
        page.locator(f"input[name=member][value='{ids[name]}']").check()
    page.get_by_role("button", name=t("Create the competition")).click()
    expect(page.get_by_role("heading", name="겨울 카이저 리그", level=1)).to_be_visible()
    return int(re.search(r"/competitions/(\d+)", page.url).group(1))


def _mark(page: Page, t: Any, base: str, competition_id: int, round_no: int,
          ids: dict[str, int]) -> None:
    """The one-tap attendance list of the round: each mark is one tap, answered in place."""
    page.goto(f"{base}/organize/competitions/{competition_id}")
    page.get_by_role("link", name=t("Attendance for round %(round)d", round=round_no)).click()
    expect(page.get_by_role("heading", name=t("Attendance for round %(round)d",
                                              round=round_no))).to_be_visible()
    _settled_width(page)
    label = {"excused": t("away"), "club": t("team match")}
    for name, status in MARKS[round_no]:
        row = page.locator(f"#mark-row-{ids[name]}")
        button = row.locator(f"button[value={status}]")
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44  # a large target (WCAG 2.5.5)
        expect(button).to_contain_text(label[status])
        button.click()
        wait_for_htmx(page)
        expect(page.locator(f"#mark-row-{ids[name]} button[value={status}]")
               ).to_have_attribute("aria-pressed", "true")
        expect(page.locator(f"#mark-row-{ids[name]} button[value=present]")
               ).to_have_attribute("aria-pressed", "false")


def _open_night(page: Page, t: Any, base: str, competition_id: int, day: dt.date) -> int:
    page.goto(f"{base}/organize/competitions/{competition_id}")
    page.locator("#open-date").fill(day.isoformat())
    page.get_by_role("button", name=t("Open tonight's club night")).click()
    expect(page).to_have_url(re.compile(r"/organize/nights/\d+"))
    return int(re.search(r"/nights/(\d+)", page.url).group(1))


def _tick(page: Page, member_id: int) -> None:
    row = page.locator(f"#tick-{member_id}")
    row.click()
    wait_for_htmx(page)
    expect(row).to_have_attribute("aria-pressed", "true")


def _play(page: Page, t: Any, round_no: int) -> None:
    """Pair, publish and tap every result of the night's round, then finish the night."""
    page.get_by_role("button", name=t("Pair round %(round)d", round=1)).click()
    expect(page.locator("#round-heading")).to_contain_text(t("preview (not public yet)"))
    expect(page.locator("#night-boards .why").first).to_contain_text("카이저")
    page.get_by_role("button", name=t("Publish round %(round)d", round=1)).click()
    expect(page.locator("#round-heading")).to_contain_text(t("published"))
    _settled_width(page)
    boards = page.locator("#night-boards > li.night-board:has(form.taps)")
    for index in range(boards.count()):
        board = page.locator("#night-boards > li.night-board:has(form.taps)").nth(index)
        number = int(board.locator(".no").inner_text().rstrip("."))
        result = RESULTS[(number + round_no) % 3]
        board_id = board.get_attribute("id")
        board.get_by_role("button", name=t("Board %(no)d: %(result)s", no=number,
                                           result=result), exact=True).click()
        wait_for_htmx(page)
        expect(page.locator(f"#{board_id} button[aria-pressed=true]")).to_have_count(1)
    page.get_by_role("link", name=t("Finish: see what goes into the ladder")).click()
    _settled_width(page)
    page.get_by_role("button", name=t("Put the night into the ladder")).click()
    expect(page.get_by_text(t("This night is finished and in the ladder."))).to_be_visible()


def test_three_keizer_nights_in_korean_on_a_phone(live_server: Any, browser: Browser) -> None:
    ids = _arrange(live_server.app)
    t = _words(live_server.app)
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ko-KR")
    page = context.new_page()
    _log_in(page, base)
    competition_id = _create(page, t, base, ids)
    for round_no in (1, 2, 3):
        _mark(page, t, base, competition_id, round_no, ids)
        night_id = _open_night(page, t, base, competition_id,
                               dt.date(2025, 2, 4) + dt.timedelta(weeks=round_no))
        expect(page.get_by_role("heading", name=t("Members of the competition “%(name)s”",
                                                  name="겨울 카이저 리그"))).to_be_visible()
        _settled_width(page)
        marked = {name for name, _status in MARKS[round_no]}
        for name in PLAYERS:
            if name not in marked and not (round_no == 2 and name == PLAYERS[5]):
                _tick(page, ids[name])  # the sixth player stays away unannounced in round 2
        if round_no == 3:
            _tick(page, ids[NEWCOMER])  # not in the competition: enters as a late entrant
        _play(page, t, round_no)
        with live_server.app.app_context():
            assert db.session.get(Night, night_id).event_id is not None
    with live_server.app.app_context():
        entries = {m.member_id: m.entry_round for m in db.session.scalars(
            select(CompetitionMember))}
        assert entries[ids[NEWCOMER]] == 3
        assert db.session.get(Competition, competition_id).nights
    # The season page, as a visitor sees it, in Korean at 390 px.
    visitor = browser.new_context(viewport={"width": 390, "height": 844},
                                  locale="ko-KR").new_page()
    visitor.goto(f"{base}/competitions/{competition_id}?lang={LOCALE}")
    expect(visitor.locator("html")).to_have_attribute("lang", "ko")
    expect(visitor.get_by_role("heading", name=t("Table after round %(round)d", round=3))
           ).to_be_visible()
    expect(visitor.locator("table.competition-table thead")).to_contain_text("카이저 점수")
    rows = visitor.locator("table.competition-table tbody tr")
    expect(rows).to_have_count(len(PLAYERS) + 1)
    _settled_width(visitor)
    for index in range(rows.count()):  # every line says why it has its points
        why = rows.nth(index).locator("td.why details")
        why.locator("summary").click()
        expect(why.locator("li")).to_have_count(4)  # the own value, and one line a round
        expect(why.locator("li").first).to_contain_text("자기 가치")
    table = visitor.locator("table.competition-table").inner_text()
    assert "사전 통보 불참" in table and "클럽 단체전 출전" in table and "무단 불참" in table
    assert "리그 합류 전" in table  # the late entrant's rounds before he joined
    assert "남음" in table  # how many excused absences still score
    rounds = visitor.locator("#competition-rounds")
    expect(rounds.locator("section.competition-round")).to_have_count(3)
    expect(rounds).to_contain_text(t("away with notice"))
    expect(rounds).to_contain_text(t("away for the club's team"))
    expect(visitor.locator("ol.competition-rules li").first).to_contain_text("가치")
    _settled_width(visitor)
    context.close()


def _arrange_played(app: Flask) -> int:
    """A Keizer competition with two nights played through the services (marks, a late
    entrant), for the pages' checks."""
    import random

    from ladder.services.competitions import (
        CompetitionSettings,
        create_competition,
        mark_attendance,
    )
    from tests.services.competition_support import (
        open_and_check_in,
        play_night_round,
        random_result,
    )
    ids = _arrange(app)
    rng = random.Random(5)
    with app.app_context():
        competition = create_competition(CompetitionSettings("겨울 카이저 리그", "keizer"),
                                         [ids[n] for n in PLAYERS], "test")
        for round_no in (1, 2):
            mark_attendance(competition.id, round_no, ids[PLAYERS[6]], "excused", "test")
            present: list[int | str] = [ids[n] for n in PLAYERS[:6]]
            if round_no == 2:
                present.append(ids[NEWCOMER])
            night = open_and_check_in(competition.id, dt.date(2025, 3, 4) +
                                      dt.timedelta(weeks=round_no), present)
            play_night_round(night.id, 1, random_result(rng))
        return competition.id


def test_the_competition_pages_pass_axe_and_fit_a_phone(live_server: Any,
                                                        browser: Browser) -> None:
    """axe-core finds no serious or critical violation, and no page scrolls sideways at
    390 px, on every competition page: the public list, season page and guide chapter, and
    the organizer's list, desk, rules and attendance list (in Korean and English)."""
    from tests.e2e.axe_support import serious_violations
    competition_id = _arrange_played(live_server.app)
    base = live_server.url
    public = ["/competitions", f"/competitions/{competition_id}", "/guide/competitions"]
    desk = ["/organize/competitions", f"/organize/competitions/{competition_id}",
            f"/organize/competitions/{competition_id}/rules",
            f"/organize/competitions/{competition_id}/attendance/3"]
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    problems = {}
    for lang in ("ko", "en"):
        for path in public:
            page.goto(f"{base}{path}?lang={lang}")
            found = serious_violations(page)
            if found:
                problems[f"{path} {lang}"] = [(v["id"], v["help"]) for v in found]
            _settled_width(page)
    _log_in(page, base)
    for path in desk:
        page.goto(base + path)
        found = serious_violations(page)
        if found:
            problems[path] = [(v["id"], v["help"]) for v in found]
        _settled_width(page)
    context.close()
    assert not problems, problems
