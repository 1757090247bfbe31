"""The club night's pages: new night, check-in, pair → publish, one-tap results (htmx and
plain), the public pairing page with juniors by initials and the reasons in words, a stale
form's message, the print sheet."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Night, NightBoard
from ladder.services import night_rounds as rounds
from tests.factories import HTMX, csrf_token
from tests.services.night_support import simple_engine


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


def _version(app: Flask, night_id: int) -> str:
    with app.app_context():
        return str(db.session.get(Night, night_id).version)


def test_a_night_through_its_pages(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    answer = logged_in.post("/organize/nights", data={
        "csrf_token": token, "name": "Tuesday", "date": "2025-02-04", "kind": "swiss",
        "rounds": "x", "pab": "full"})
    assert answer.status_code == 422 and "Rounds" in answer.get_data(as_text=True)
    answer = logged_in.post("/organize/nights", data={
        "csrf_token": token, "name": "Tuesday", "date": "2025-02-04", "kind": "swiss",
        "rounds": "3", "pab": "half", "rated": "on"})
    assert answer.status_code == 303
    night_id = int(re.search(r"/nights/(\d+)", answer.headers["Location"]).group(1))
    page = f"/organize/nights/{night_id}"
    for name, junior in (("Ann Lee", ""), ("Bo Chen", ""), ("Cai Wu", "on"), ("Dee Park", "")):
        fields = {"csrf_token": token, "version": _version(app, night_id), "name": name}
        if junior:
            fields["junior"] = "on"
        assert logged_in.post(page + "/checkin", data=fields).status_code == 303
    html = logged_in.get(page).get_data(as_text=True)
    assert "Pairing numbers follow the club ladder" in html
    stale = logged_in.post(page + "/rounds/1", data={"csrf_token": token, "version": "1",
                                                      "action": "pair"})
    assert stale.status_code == 409 and "meanwhile" in stale.get_data(as_text=True)
    version = _version(app, night_id)
    for _twice in range(2):  # a double click pairs once
        logged_in.post(page + "/rounds/1", data={"csrf_token": token, "version": version,
                                                 "action": "pair"})
    public = logged_in.application.test_client()
    assert "No round is published yet" in public.get(f"/nights/{night_id}").get_data(
        as_text=True)
    logged_in.post(page + "/rounds/1", data={"csrf_token": token,
                                             "version": _version(app, night_id),
                                             "action": "publish"})
    with app.app_context():
        boards = db.session.scalars(select(NightBoard)).all()
        assert len(boards) == 2
        first, second = boards[0].id, boards[1].id
    tapped = logged_in.post(f"/organize/nights/boards/{first}",
                            headers={**HTMX, "HX-Target": f"board-{first}"},
                            data={"csrf_token": token, "version": "1", "result": "1-0"})
    assert tapped.status_code == 200 and 'aria-pressed="true"' in tapped.get_data(as_text=True)
    logged_in.post(f"/organize/nights/boards/{second}",
                   data={"csrf_token": token, "version": "1", "result": "½-½"})
    shown = public.get(f"/nights/{night_id}").get_data(as_text=True)
    assert "C. W." in shown and "Cai Wu" not in shown  # a junior by initials
    assert "has White" in shown  # the engine's reason in words, names put in
    assert "Standings after round 1" in shown
    fragment = public.get(f"/nights/{night_id}", headers={**HTMX, "HX-Target": "night-live"})
    assert fragment.get_data(as_text=True).lstrip().startswith('<div id="night-live"')
    printed = logged_in.get(page + "/print/1").get_data(as_text=True)
    assert "Board cards" in printed


def test_reasons_name_the_players_in_the_readers_language(app: Flask) -> None:
    from ladder.vocabulary.messages import msg
    from ladder.web.support.night_words import render_named
    with app.test_request_context("/?lang=ko"):
        said = render_named(msg("%(player)d gets the pairing-allocated bye.", player=7),
                            {7: "A. L."})
        assert "A. L." in said and "7" not in said
    with app.test_request_context("/"):
        said = render_named(msg("C.04.1 b: %(white)s and %(black)s have already played each "
                                "other.", white=1, black=2), {1: "Ann Lee", 2: "Bo Chen"})
        assert said == "C.04.1 b: Ann Lee and Bo Chen have already played each other."


def test_every_step_is_audited_in_words(app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    logged_in.post("/organize/nights", data={"csrf_token": token, "name": "Words",
                                             "date": "2025-02-04", "kind": "swiss",
                                             "rounds": "2"})
    with app.app_context():
        night_id = db.session.scalar(select(Night.id))
    page = f"/organize/nights/{night_id}"
    for name in ("Ann Lee", "Bo Chen", "Cai Wu"):
        logged_in.post(page + "/checkin", data={"csrf_token": token, "name": name,
                                                "version": _version(app, night_id)})
    logged_in.post(page + "/rounds/1", data={"csrf_token": token, "action": "pair",
                                             "version": _version(app, night_id)})
    html = logged_in.get("/organize/audit/").get_data(as_text=True)
    assert "Club night “Words” started" in html
    assert "Cai Wu checked in for “Words”." in html
    assert "Round 1 of “Words” paired (1 board), not yet public." in html


@pytest.mark.parametrize("locale", ("ko", "zh_Hans", "id"))
def test_the_night_pages_in_every_language(app: Flask, logged_in: FlaskClient,
                                           locale: str) -> None:
    token = csrf_token(logged_in, "/organize/nights")
    logged_in.post("/organize/nights", data={"csrf_token": token, "name": "Malam",
                                             "date": "2025-02-04", "kind": "swiss",
                                             "rounds": "3", "pab": "half"})
    with app.app_context():
        night_id = db.session.scalar(select(Night.id))
    page = f"/organize/nights/{night_id}"
    for name in ("Ann Lee", "Bo Chen", "Cai Wu"):
        logged_in.post(page + "/checkin", data={"csrf_token": token, "name": name,
                                                "version": _version(app, night_id)})
    logged_in.post(page + "/rounds/1", data={"csrf_token": token, "action": "pair",
                                             "version": _version(app, night_id)})
    expected = {"ko": "대진 번호는 클럽 래더를 따릅니다", "zh_Hans": "编排号按俱乐部等级分榜排列",
                "id": "Nomor pairing mengikuti peringkat klub"}[locale]
    for url in (page, "/organize/nights", page + "/print/1", f"/nights/{night_id}",
                "/guide/pairing"):
        answer = logged_in.get(f"{url}?lang={locale}")
        assert answer.status_code == 200, url
    assert expected in logged_in.get(f"{page}?lang={locale}").get_data(as_text=True)


def test_each_board_says_why_with_the_real_engine(app: Flask, logged_in: FlaskClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real Dutch engine, not the stand-in
    token = csrf_token(logged_in, "/organize/nights")
    logged_in.post("/organize/nights", data={"csrf_token": token, "name": "Why",
                                             "date": "2025-02-04", "kind": "swiss",
                                             "rounds": "3"})
    with app.app_context():
        night_id = db.session.scalar(select(Night.id))
    page = f"/organize/nights/{night_id}"
    names = ("Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ng")
    for name in names:
        logged_in.post(page + "/checkin", data={"csrf_token": token, "name": name,
                                                "version": _version(app, night_id)})
    for action in ("pair", "publish"):
        logged_in.post(page + "/rounds/1", data={"csrf_token": token, "action": action,
                                                 "version": _version(app, night_id)})
    for locale in ("en", "ko"):
        html = logged_in.application.test_client().get(
            f"/nights/{night_id}?lang={locale}").get_data(as_text=True)
        why = re.findall(r'<p class="why">([^<]+)</p>', html)
        assert len(why) == 3  # two boards and the pairing-allocated bye
        assert all(any(name in sentence for name in names) for sentence in why), why
        assert not any("fewer whites" in sentence for sentence in why)  # not the stand-in
        assert not any("Lee번" in sentence or "Ng번" in sentence for sentence in why)
