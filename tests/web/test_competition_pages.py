"""A competition through its pages: created with members, its rules (every Keizer setting a
field, a bad value refused beside its field), attendance marked with one tap (htmx and plain),
a night opened and played on the night's desk, the season page with the table, its reasons
and the rounds, the files."""

from __future__ import annotations

import datetime as dt
import json
import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Competition, Member, Night, NightBoard
from ladder.models import Season as SeasonModel
from ladder.services.seasons import create_season
from tests.factories import HTMX, csrf_token
from tests.services.competition_support import NAMES, history


def _ids(app: Flask) -> list[int]:
    with app.app_context():
        history()
        create_season("Winter 2025", dt.date(2025, 1, 1), dt.date(2025, 3, 31), "org")
        return [db.session.scalar(select(Member.id).where(Member.name == n)) for n in NAMES[:6]]


def _version(app: Flask, competition_id: int) -> str:
    with app.app_context():
        return str(db.session.get(Competition, competition_id).version)


def _night_version(app: Flask, night_id: int) -> str:
    with app.app_context():
        return str(db.session.get(Night, night_id).version)


def test_a_keizer_competition_through_its_pages(app: Flask, logged_in: FlaskClient) -> None:
    ids = _ids(app)
    token = csrf_token(logged_in, "/organize/competitions")
    refused = logged_in.post("/organize/competitions", data={
        "csrf_token": token, "name": "", "system": "keizer"})
    assert refused.status_code == 422
    with app.app_context():
        season_id = db.session.scalar(select(SeasonModel.id))
    answer = logged_in.post("/organize/competitions", data={
        "csrf_token": token, "name": "Winter Keizer", "system": "keizer",
        "season_id": str(season_id), "member": [str(i) for i in ids]})
    assert answer.status_code == 303
    competition_id = int(re.search(r"/competitions/(\d+)", answer.headers["Location"]).group(1))
    desk = f"/organize/competitions/{competition_id}"
    assert "Winter Keizer" in logged_in.get(desk).get_data(as_text=True)
    rules = logged_in.get(desk + "/rules").get_data(as_text=True)
    for setting in ("excused_cap", "rematch_gap", "bye_fraction", "colour_rule", "top_value"):
        assert f'name="{setting}"' in rules
    assert "Default: ⅔." in rules  # the documented default beside its field
    form = {"csrf_token": token, "version": _version(app, competition_id),
            "name": "Winter Keizer", "points_display": "exact", "season_id": str(season_id),
            "value_mode": "fixed",
            "ratio": "3", "top_value": "10", "value_step": "1", "count_start_value": "on",
            "win_fraction": "1", "draw_fraction": "1/2", "loss_fraction": "0",
            "forfeit_win": "opponent_value", "forfeit_win_fraction": "2/3",
            "forfeit_loss_fraction": "0", "bye_fraction": "2/3", "excused_fraction": "1/3",
            "excused_cap": "5", "unexcused_fraction": "0", "club_fraction": "2/3",
            "pre_entry_fraction": "1/3", "recalc": "fixpoint", "max_iterations": "50",
            "cycle_rule": "last", "tie_break": "rating", "rematch_gap": "3",
            "max_meetings": "", "bye_rule": "fewest_byes", "colour_rule": "balance",
            "avoid_three": "on"}
    bad = logged_in.post(desk + "/rules", data={**form, "bye_fraction": "two thirds"})
    assert bad.status_code == 422
    assert 'id="rule-bye_fraction-error"' in bad.get_data(as_text=True)
    assert logged_in.post(desk + "/rules", data={**form, "excused_fraction": "0,25"}
                          ).status_code == 303
    with app.app_context():
        stored = json.loads(db.session.get(Competition, competition_id).settings)
        assert stored["excused_fraction"] == "1/4" and stored["top_value"] == 10
    # Attendance for round 1: one tap (htmx answers the row), another without JavaScript.
    mark = f"{desk}/attendance/1/{ids[5]}"
    tapped = logged_in.post(mark, headers=HTMX, data={"csrf_token": token, "status": "excused"})
    assert tapped.status_code == 200
    row = tapped.get_data(as_text=True)
    assert row.lstrip().startswith("<li") and 'value="excused" aria-pressed="true"' in row
    assert logged_in.post(f"{desk}/attendance/1/{ids[4]}", data={
        "csrf_token": token, "status": "club"}).status_code == 303
    listed = logged_in.get(f"{desk}/attendance/1").get_data(as_text=True)
    assert listed.count('aria-pressed="true"') == 6
    # Tonight's night: open, check in four, pair, publish, results.
    opened = logged_in.post(desk + "/nights", data={
        "csrf_token": token, "version": _version(app, competition_id), "date": "2025-03-04",
        "rounds": "1", "rated": "on"})
    assert opened.status_code == 303
    night_id = int(re.search(r"/nights/(\d+)", opened.headers["Location"]).group(1))
    page = f"/organize/nights/{night_id}"
    desk_page = logged_in.get(page).get_data(as_text=True)
    assert f'href="/organize/competitions/{competition_id}"' in desk_page  # what it plays
    # The summary names the competition and its own system in one whole message, never the
    # night's pairing kind beside it; Korean sets no space before the bracket, no comma.
    summary = re.search(r'<p class="summary" id="night-summary".*?</p>', desk_page, re.S)
    assert summary is not None and "Swiss" not in summary.group(0)
    assert (f'<a href="/organize/competitions/{competition_id}">Winter Keizer</a> (Keizer), '
            "round 1") in summary.group(0)
    korean = logged_in.get(page + "?lang=ko").get_data(as_text=True)
    assert "Winter Keizer</a>(카이저) 1라운드" in korean and "스위스식" not in korean
    assert "대국 결과" in logged_in.get(desk + "/rules?lang=ko").get_data(as_text=True)
    for member_id in ids[:4]:
        assert logged_in.post(page + "/checkin", data={
            "csrf_token": token, "version": _night_version(app, night_id),
            "member_id": str(member_id)}).status_code == 303
    for action in ("pair", "publish"):
        logged_in.post(page + "/rounds/1", data={"csrf_token": token, "action": action,
                                                 "version": _night_version(app, night_id)})
    with app.app_context():
        boards = db.session.scalars(select(NightBoard).where(
            NightBoard.night_id == night_id)).all()
        assert len(boards) == 2 and all(b.black_id for b in boards)
        reasons = " ".join(b.reasons for b in boards)
        assert "Keizer" in reasons
        board_ids = [b.id for b in boards]
    for board_id, result in zip(board_ids, ("1-0", "½-½"), strict=True):
        logged_in.post(f"/organize/nights/boards/{board_id}",
                       data={"csrf_token": token, "version": "1", "result": result})
    public = logged_in.application.test_client()
    season = unescape(public.get(f"/competitions/{competition_id}").get_data(as_text=True))
    assert "Table after round 1" in season and "Keizer points" in season
    assert "Own value, counted once in the season" in season
    assert "Away with notice, excused absence 1 of the 5 that score (4 left)" in season
    assert "Playing for the club's team" in season
    # Who did not play: name and attendance joined by the language's colon (full-width in
    # Chinese, as a whole Chinese line writes it).
    reader = logged_in.application.test_client()  # ?lang= is remembered: a reader of its own
    chinese = unescape(reader.get(f"/competitions/{competition_id}?lang=zh_Hans").get_data(
        as_text=True))
    assert re.search(r"<li>[^<：]+：请假", chinese) and not re.search(r"<li>[^<:]+: 请假", chinese)
    assert f'href="/seasons/{season_id}"' in season
    assert f'href="/competitions/{competition_id}"' in public.get(
        f"/seasons/{season_id}").get_data(as_text=True)
    night_page = public.get(f"/nights/{night_id}").get_data(as_text=True)
    assert (f'<a href="/competitions/{competition_id}">Winter Keizer</a> (Keizer), round 1'
            in night_page)
    fragment = public.get(f"/competitions/{competition_id}",
                          headers={**HTMX, "HX-Target": "competition-table"})
    assert fragment.get_data(as_text=True).lstrip().startswith('<section id="competition-table"')
    case = json.loads(public.get(f"/competitions/{competition_id}.json").get_data(as_text=True))
    assert len(case["rounds"]) == 1 and case["final"]
    trf = public.get(f"/competitions/{competition_id}.trf").get_data(as_text=True)
    assert trf.startswith("012 Winter Keizer")
    guide = public.get("/guide/competitions").get_data(as_text=True)
    assert "29⅔" in guide  # the hand-worked Keizer season, computed live


#: The start of the guide's "Paired on" line per language (two players of the ranking).
_PLAYER = r"[A-Z][a-z]+ [A-Z][a-z]+"
RANKED = {"en": rf"Paired on: {_PLAYER} \(\d+\), {_PLAYER} \(\d+\)",
          "ko": rf"대진 기준 순위: {_PLAYER}\(\d+\), {_PLAYER}\(\d+\)",
          "zh_Hans": rf"编排依据的排名：{_PLAYER}（\d+）、{_PLAYER}（\d+）",
          "id": rf"Urutan pairing: {_PLAYER} \(\d+\), {_PLAYER} \(\d+\)"}


def test_the_guide_chapter_in_every_language(client: FlaskClient) -> None:
    """The chapter's examples are computed live (the hand-worked season's 29⅔) and it reads in
    each language with that language's word for Keizer points."""
    words = {"en": "Keizer points", "ko": "카이저 점수", "zh_Hans": "凯泽积分", "id": "poin Keizer"}
    for lang, keizer_points in words.items():
        answer = client.get(f"/guide/competitions?lang={lang}")
        assert answer.status_code == 200
        html = unescape(answer.get_data(as_text=True))
        assert keizer_points in html and "29⅔" in html and "23½" in html
        if lang != "en":
            assert "Keizer points of a round" not in html and "Why this many points" not in html
        # The ranking a round was paired on: each name with its value in the language's
        # brackets, the items joined as the language lists them.
        assert re.search(RANKED[lang], html), lang
