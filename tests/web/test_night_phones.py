"""The players' phones and the venue screen through the Flask client (docs/club-night.md §6):
the attacks (a wrong, an old, a forged and a brute-forced code, a missing CSRF token: each
changes nothing), a hidden junior's name on no page, fragment or attribute of the phones and
the screen (typed in full, it reads exactly as a new name), a player who cannot overwrite the
organizer's result, reports retried without doubling, the desk's one-tap answers, private and
unlisted clubs, finished nights, and the conditional polls."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, CodeAttempt, Night, NightArrival, NightReport
from ladder.services import night_rounds as rounds
from ladder.services import night_self as phones
from tests.factories import HTMX, csrf_token, direct_writes
from tests.services.night_support import simple_engine
from tests.web.crawler import assert_no_leak
from tests.web.phones_support import (
    HIDDEN,
    ROSTER,
    arrange,
    board_result,
    boards_of,
    code_of,
    pair_and_publish,
    phone,
    tick_members,
    version_of,
)


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


def _count(app: Flask, model: type, *where: object) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model).where(*where)) or 0


def _changes(app: Flask) -> tuple[int, ...]:
    """Everything a phone could change, counted."""
    return (_count(app, NightArrival), _count(app, NightReport), _count(app, AuditEntry),
            version_of(app, 1))


def test_wrong_old_and_forged_codes_change_nothing(app: Flask) -> None:
    night_id, ids = arrange(app)
    code = code_of(app, night_id)
    stranger = phone(app, night_id)
    status, html, _h = stranger.get(f"/nights/{night_id}/join")
    assert status == 200 and 'name="code"' in html and "Ann Lee" not in html
    before = _changes(app)
    # Without the code nothing acts: the pages send the phone to the code.
    assert stranger.check_in(member=str(ids["Ann Lee"]))[0] == 303
    assert stranger.me()[0] == 303
    assert stranger.post(f"/nights/{night_id}/me/report", board="1", version="1",
                         revision="0", key="x", mine="win")[0] == 303
    for wrong in ("ZZZZZZ", code[:5], code + "2", "", "<script>"):
        status, html, headers = stranger.type_code(wrong)
        assert status == 422 and "ladder_night_" not in headers.get("Set-Cookie", "")
    assert stranger.scan("AAAAAA")[0] == 422
    # A forged cookie (a cookie of another secret, or edited) proves nothing.
    stranger.client.set_cookie(f"ladder_night_{night_id}", "eyJuIjoxLCJjIjoiQUJDIn0.x.y",
                               path=f"/nights/{night_id}/")
    assert stranger.check_in(member=str(ids["Ann Lee"]))[0] == 303
    assert _changes(app)[:2] == before[:2]
    # The right code: the phone checks in.
    player = phone(app, night_id)
    status, _html, headers = player.scan(code.lower())
    assert status == 303 and headers["Location"].endswith(f"/nights/{night_id}/join")
    assert player.check_in(member=str(ids["Ann Lee"]))[0] == 303
    assert "You are Ann Lee, number 1 tonight." in player.me()[1]
    # A new code: the old one opens nothing, the phone must type the new one and is then
    # the same player again.
    with app.app_context():
        phones.rotate_code(night_id, "org")
    assert player.me()[0] == 303
    status, html, _h = player.me(fragment=True)
    assert status == 200 and "the night's code changed" in html and "hx-trigger" not in html
    assert phone(app, night_id).scan(code)[0] == 422
    assert player.type_code(code_of(app, night_id))[0] == 303
    assert "You are Ann Lee" in player.me()[1]


def test_brute_forced_codes_are_throttled_and_change_nothing(app: Flask) -> None:
    night_id, _ids = arrange(app)
    code = code_of(app, night_id)
    attacker = phone(app, night_id)
    attacker.client.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    answers = [attacker.type_code(f"{n:06d}".replace("0", "A").replace("1", "B"))[0]
               for n in range(phones.ADDRESS_LIMIT + 5)]
    assert answers[:phones.ADDRESS_LIMIT] == [422] * phones.ADDRESS_LIMIT
    assert answers[phones.ADDRESS_LIMIT:] == [429] * 5
    # Even the right code is not compared any more from that address…
    status, html, headers = attacker.type_code(code)
    assert status == 429 and "wait ten minutes" in html
    assert "ladder_night_" not in headers.get("Set-Cookie", "")
    # …and no further guess was even counted.
    assert _count(app, CodeAttempt) == phones.ADDRESS_LIMIT
    # Another address is not hindered.
    other = phone(app, night_id)
    other.client.environ_base["REMOTE_ADDR"] = "198.51.100.7"
    assert other.type_code(code)[0] == 303


def test_every_write_needs_the_csrf_token(app: Flask, logged_in: FlaskClient) -> None:
    night_id, ids = arrange(app)
    player = phone(app, night_id)
    player.scan(code_of(app, night_id))
    before = _changes(app)
    for path, fields in [(f"/nights/{night_id}/join", {"code": code_of(app, night_id)}),
                         (f"/nights/{night_id}/checkin", {"member": str(ids["Ann Lee"])}),
                         (f"/nights/{night_id}/checkin", {"name": "Zed New", "new": "1"}),
                         (f"/nights/{night_id}/me/report", {"board": "1", "mine": "win"}),
                         (f"/nights/{night_id}/me/forget", {})]:
        status, html, _h = player.post(path, with_token=False, **fields)
        assert status == 403 and "nothing was changed" in html, path
    for path in (f"/organize/nights/{night_id}/phones",
                 f"/organize/nights/{night_id}/phones/arrivals/1"):
        assert logged_in.post(path, data={"action": "rotate"}).status_code == 403
    assert _changes(app) == before


def _play_round_one(app: Flask, night_id: int, ids: dict[str, int]) -> None:
    tick_members(app, night_id, ids, ["Ann Lee", "Bo Chen", "Cai Wu", HIDDEN, "Dee Park"])
    pair_and_publish(app, night_id, 1)


def test_a_hidden_junior_never_appears_on_the_phones_or_the_screen(app: Flask) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    code = code_of(app, night_id)
    # Every phone of the night, the junior's own among them, picks its name from the list.
    seen: dict[tuple[str, str], tuple[int, str, dict[str, str]]] = {}
    with app.app_context():
        players = {p.member_id: p.start_no for p in db.session.get(Night, night_id).players}
    phones_by_name = {}
    for name in ["Ann Lee", "Bo Chen", "Cai Wu", HIDDEN, "Dee Park"]:
        handset = phone(app, night_id)
        handset.scan(code)
        status, html, _h = handset.get(f"/nights/{night_id}/join")
        assert status == 200 and "C. M." in html  # the junior in the list, by initials
        assert handset.check_in(player=str(players[ids[name]]))[0] == 303
        phones_by_name[name] = handset
    # Round 1's results from the phones, so that the standings show too.
    for board_id, version, _w, _b in boards_of(app, night_id, 1):
        for handset in phones_by_name.values():
            handset.report(board_id, version, "draw")
    for number, handset in enumerate(phones_by_name.values()):
        for fragment in (False, True):
            seen[(f"phone {number}", f"me-{fragment}")] = handset.me(fragment=fragment)
        seen[(f"phone {number}", "join")] = handset.get(f"/nights/{night_id}/join")
    viewer = phone(app, night_id)
    seen[("screen", "page")] = viewer.get(f"/nights/{night_id}/screen")
    seen[("screen", "live")] = viewer.get(f"/nights/{night_id}/screen",
                                          **{**HTMX, "HX-Target": "screen-live"})
    # A phone that types the junior's name in full (it is told nothing).
    typist = phone(app, night_id)
    typist.scan(code)
    seen[("typist", "checkin")] = typist.check_in(name=HIDDEN.upper())
    seen[("typist", "me")] = typist.me()
    pages = {key: (status, body.encode(), headers) for key, (status, body, headers)
             in seen.items()}
    assert all(status in (200, 303) for status, _b, _h in pages.values())
    assert any("Standings after round 1" in body.decode() for _s, body, _h in pages.values())
    assert "You are C. M., number" in seen[("phone 3", "me-False")][1]
    bodies = {key: (status, body.replace(HIDDEN.upper().encode(), b""), headers)
              for key, (status, body, headers) in pages.items()}
    assert_no_leak(bodies, [HIDDEN, "Chloé", "Martin"])
    # The phones' cookies hold no name either.
    for handset in phones_by_name.values():
        jar = " ".join(c.value for c in handset.client._cookies.values())
        assert "Chlo" not in jar and "Martin" not in jar


def _normalised(body: str, typed: str) -> str:
    body = body.replace(typed, "TYPED")
    body = re.sub(r'(csrf-token" content=|name="csrf_token" value=)"[^"]*"', r'\1""', body)
    body = re.sub(r"as of [^<]*</p>", "as of </p>", body)  # the print header's minute
    return re.sub(r'data-etag="[^"]*"', 'data-etag=""', body)


@pytest.mark.parametrize("typed", [HIDDEN, "chloe  MARTIN", "\uff23hloé Martin"])
def test_typing_a_hidden_junior_s_name_reads_exactly_as_a_new_name(app: Flask,
                                                                    typed: str) -> None:
    night_id, ids = arrange(app)
    tick_members(app, night_id, ids, ["Ann Lee", HIDDEN])  # the junior is even here tonight
    code = code_of(app, night_id)
    answers = []
    for name in (typed, "Zed Unknown"):
        handset = phone(app, night_id)
        handset.scan(code)
        status, html, headers = handset.check_in(name=name)
        assert status == 303 and headers["Location"].endswith("/me")
        me = handset.me()
        answers.append((status, _normalised(me[1], name), headers["Location"]))
    import difflib
    assert answers[0] == answers[1], "\n".join(difflib.unified_diff(
        answers[0][1].splitlines(), answers[1][1].splitlines(), lineterm="", n=0))
    assert "Your name was sent to the organizer." in answers[0][1]
    # Only the organizer is offered the member (the desk is theirs: full names).
    with app.app_context():
        offers = db.session.scalars(select(NightArrival.member_id).where(
            NightArrival.status == "pending").order_by(NightArrival.id)).all()
    assert offers == [ids[HIDDEN], None]


def test_a_visible_name_typed_is_offered_and_a_new_one_goes_to_the_desk(
        app: Flask, logged_in: FlaskClient) -> None:
    night_id, ids = arrange(app)
    handset = phone(app, night_id)
    handset.scan(code_of(app, night_id))
    status, html, _h = handset.check_in(name="ann  LEE")
    assert status == 200 and "Is this you?" in html and "Ann Lee" in html
    assert _count(app, NightArrival) == 0  # nothing written before the answer
    status, html, _h = handset.check_in(name="Bo Chn")
    assert "Did you mean one of these?" in html and "Bo Chen" in html
    # A member offered is checked in with one tap.
    assert handset.check_in(name="Bo Chn", member=str(ids["Bo Chen"]))[0] == 303
    assert "You are Bo Chen" in handset.me()[1]
    # A member never offered to this phone is refused.
    other = phone(app, night_id)
    other.scan(code_of(app, night_id))
    status, html, _h = other.check_in(name="Zed", member=str(ids["Cai Wu"]) + "0")
    assert status == 422
    # A new name: one tap on the desk accepts it.
    assert other.check_in(name="Zed New", new="1", junior="1")[0] == 303
    desk = logged_in.get(f"/organize/nights/{night_id}").get_data(as_text=True)
    assert "Names waiting for you" in desk and "Zed New" in desk
    arrival = re.search(r'id="arrival-(\d+)"><strong>Zed New', desk).group(1)
    token = csrf_token(logged_in, f"/organize/nights/{night_id}")
    answer = logged_in.post(f"/organize/nights/{night_id}/phones/arrivals/{arrival}",
                            data={"csrf_token": token, "action": "guest", "junior": "1"},
                            headers={**HTMX, "HX-Target": "night-phones"})
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and body.lstrip().startswith('<section id="night-phones"')
    assert 'id="night-players" hx-swap-oob="true"' in body and "Zed New" in body
    assert "You are Z. N., number" in other.me()[1]  # a junior guest: initials


def _two_phones(app: Flask, night_id: int, white: int, black: int) -> tuple:
    code = code_of(app, night_id)
    with app.app_context():
        numbers = {p.id: p.start_no for p in db.session.get(Night, night_id).players}
    pair = []
    for player_id in (white, black):
        handset = phone(app, night_id)
        handset.scan(code)
        handset.check_in(player=str(numbers[player_id]))
        pair.append(handset)
    return tuple(pair)


def test_a_player_cannot_overwrite_the_organizer_s_result(app: Flask,
                                                          logged_in: FlaskClient) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    board_id, version, white, black = boards_of(app, night_id, 1)[0]
    white_phone, black_phone = _two_phones(app, night_id, white, black)
    token = csrf_token(logged_in, f"/organize/nights/{night_id}")
    assert logged_in.post(f"/organize/nights/boards/{board_id}", data={
        "csrf_token": token, "result": "1-0", "version": str(version)}).status_code == 303
    reports = _count(app, NightReport)
    for handset, mine in ((white_phone, "loss"), (black_phone, "win")):
        # From the page shown before the result (the old version) and from a fresh page.
        for shown in (version, version + 1):
            status, html, _h = handset.report(board_id, shown, mine)
            assert status == 200 and "is entered already: 1-0" in html
    assert board_result(app, board_id) == "1-0"
    assert _count(app, NightReport) == reports
    assert "Result entered: 1-0. You won." in white_phone.me()[1]


def test_reports_that_agree_enter_a_disagreement_waits_for_the_desk(
        app: Flask, logged_in: FlaskClient) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    (first, v1, w1, b1), (second, v2, w2, b2) = boards_of(app, night_id, 1)[:2]
    one = _two_phones(app, night_id, w1, b1)
    two = _two_phones(app, night_id, w2, b2)
    status, html, _h = one[0].report(first, v1, "win")
    assert "it is entered once your opponent reports the same result" in html
    assert "Your opponent reported that you lost." in one[1].me()[1]
    status, html, _h = one[1].report(first, v1, "loss")
    assert "Both players reported the same result: it is entered." in html
    assert board_result(app, first) == "1-0"
    two[0].report(second, v2, "win")
    status, html, _h = two[1].report(second, v2, "win")
    assert "You and your opponent reported different results" in html
    assert board_result(app, second) is None
    desk = logged_in.get(f"/organize/nights/{night_id}").get_data(as_text=True)
    assert "The players disagree:" in desk and "Enter 1-0" in desk and "Enter 0-1" in desk
    token = csrf_token(logged_in, f"/organize/nights/{night_id}")
    assert logged_in.post(f"/organize/nights/boards/{second}", data={
        "csrf_token": token, "result": "0-1", "version": str(v2)}).status_code == 303
    assert board_result(app, second) == "0-1"
    assert "Result entered: 0-1. You lost." in two[0].me()[1]


def test_a_retried_report_is_never_doubled(app: Flask) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    board_id, version, white, black = boards_of(app, night_id, 1)[0]
    white_phone, _black_phone = _two_phones(app, night_id, white, black)
    audits = _count(app, AuditEntry, AuditEntry.action == "phones.report")
    first = white_phone.report(board_id, version, "win", key="form-1")
    retry = white_phone.report(board_id, version, "win", key="form-1")
    assert first[0] == retry[0] == 200 and "Your report was saved already." in retry[1]
    plain = white_phone.report(board_id, version, "win", key="form-1", htmx=False)
    assert plain[0] == 303
    assert _count(app, NightReport) == 1
    assert _count(app, AuditEntry, AuditEntry.action == "phones.report") == audits + 1
    # A changed mind from the page that showed the report, then the first form's late retry.
    white_phone.report(board_id, version, "draw", revision=1, key="form-2")
    late = white_phone.report(board_id, version, "loss", revision=0, key="form-0")
    assert "You reported ½-½ meanwhile" in late[1]
    with app.app_context():
        assert db.session.scalars(select(NightReport.result)).all() == ["½-½"]


@pytest.mark.parametrize("key", ["k" * 41, "form\x00-1"])
def test_a_report_whose_hidden_key_the_page_did_not_write_asks_for_a_reload(
        app: Flask, key: str) -> None:
    # The player never sees the key: the answer says the page is stale, not "Key: …".
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    board_id, version, white, black = boards_of(app, night_id, 1)[0]
    white_phone, _black_phone = _two_phones(app, night_id, white, black)
    status, html, _h = white_phone.report(board_id, version, "win", key=key)
    assert status == 200 and "Reload the page and try again." in unescape(html)
    assert "Key" not in html
    assert _count(app, NightReport) == 0 and board_result(app, board_id) is None


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_private_or_unlisted_club_needs_the_code_even_to_read(app: Flask,
                                                                visibility: str) -> None:
    night_id, ids = arrange(app, visibility)
    _play_round_one(app, night_id, ids)
    code = code_of(app, night_id)
    visitor = phone(app, night_id)
    assert visitor.get(f"/nights/{night_id}/screen")[0] == 404
    assert visitor.get(f"/nights/{night_id}/screen?code=AAAAAA")[0] == 404
    assert visitor.get(f"/nights/{night_id}")[0] == 404  # the public page, as before
    status, html, _h = visitor.get(f"/nights/{night_id}/join")
    assert status == 200 and "Tuesday" not in html and "Ann Lee" not in html
    assert visitor.me()[0] == 303
    status, html, _h = visitor.get(f"/nights/{night_id}/screen?code={code.lower()}")
    assert status == 200 and "Round 1" in html and 'name="robots" content="noindex"' in html
    visitor.scan(code)
    assert "Ann Lee" in visitor.get(f"/nights/{night_id}/join")[1]


def test_a_public_club_s_screen_is_open_a_finished_or_closed_night_answers_404(
        app: Flask) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    handset = phone(app, night_id)
    handset.scan(code_of(app, night_id))
    handset.check_in(member=str(ids["Eve Ng"]))
    assert handset.get(f"/nights/{night_id}/screen")[0] == 200
    with app.app_context():
        phones.switch_phones(night_id, False, "org")
    for path in ("join", "me", f"join/{code_of(app, night_id)}"):
        assert handset.get(f"/nights/{night_id}/{path}")[0] == 404, path
    assert handset.get(f"/nights/{night_id}/screen")[0] == 200  # a public club's screen
    with app.app_context():
        phones.switch_phones(night_id, True, "org")
        with direct_writes():
            db.session.get(Night, night_id).event_id = 1  # as the finish sets it
            db.session.commit()
    for path in ("join", "me", "screen", f"join/{code_of(app, night_id)}"):
        assert handset.get(f"/nights/{night_id}/{path}")[0] == 404, path
    assert handset.get("/nights/999/join")[0] == 404


def test_the_polls_are_answered_304_or_204_until_something_changes(
        app: Flask, logged_in: FlaskClient) -> None:
    night_id, ids = arrange(app)
    _play_round_one(app, night_id, ids)
    board_id, version, white, black = boards_of(app, night_id, 1)[0]
    white_phone, black_phone = _two_phones(app, night_id, white, black)
    status, body, headers = white_phone.me(fragment=True)
    etag = headers["ETag"]
    assert status == 200 and etag.startswith('W/"') and f'data-etag="{etag[3:-1]}"' in body
    assert "no-cache" in headers["Cache-Control"] and "private" in headers["Cache-Control"]
    assert white_phone.me(fragment=True, **{"If-None-Match": etag})[0] == 304
    screen = white_phone.get(f"/nights/{night_id}/screen", **{**HTMX,
                                                              "HX-Target": "screen-live"})
    assert white_phone.get(f"/nights/{night_id}/screen", **{
        **HTMX, "HX-Target": "screen-live", "If-None-Match": screen[2]["ETag"]})[0] == 304
    desk = logged_in.get(f"/organize/nights/{night_id}").get_data(as_text=True)
    seen = re.search(r"phones\?seen=([0-9.]+)", desk).group(1)
    poll = f"/organize/nights/{night_id}/phones?seen={seen}"
    shown = str(version_of(app, night_id))  # the desk's night version (hx-include)
    headers = {**HTMX, "HX-Target": "night-phones"}
    assert logged_in.get(f"{poll}&version={shown}", headers=headers).status_code == 204
    black_phone.report(board_id, version, "loss")
    status, body, _h = white_phone.me(fragment=True, **{"If-None-Match": etag})
    assert status == 200 and "Your opponent reported that you won." in body
    # A report: the panel and that board's reports alone (the organizer's focus stays).
    answer = logged_in.get(f"{poll}&version={shown}", headers=headers)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "(Black) reports 1-0" in body
    assert f'id="phones-board-{board_id}" class="phones-board" hx-swap-oob="true"' in body
    assert 'id="round" class="night-round"' not in body
    # A phone's check-in changes the night: the desk's parts come along, out of band.
    late = phone(app, night_id)
    late.scan(code_of(app, night_id))
    assert late.check_in(name="Zed New", new="1")[0] == 303
    assert late.check_in(name="Zed New", new="1")[0] == 303
    tick_members(app, night_id, ids, ["Eve Ng"])
    answer = logged_in.get(f"{poll}&version={shown}", headers=headers)
    body = answer.get_data(as_text=True)
    assert 'id="round" class="night-round" hx-swap-oob="true"' in body and "Zed New" in body


def test_the_club_chooses_how_reported_results_are_entered(app: Flask,
                                                           logged_in: FlaskClient) -> None:
    page = logged_in.get("/organize/settings/").get_data(as_text=True)
    assert 'name="player_results" value="agree" checked' in page
    from ladder.services.club_settings import current_form
    with app.app_context():
        form = current_form()
    token = csrf_token(logged_in, "/organize/settings/")
    fields = {"csrf_token": token, "club_name": form.club_name, "visibility": form.visibility,
              "default_language": form.default_language, "timezone": form.timezone,
              "player_results": "organizer"}
    assert logged_in.post("/organize/settings/", data=fields).status_code == 303
    with app.app_context():
        from ladder.queries.club import club_settings
        assert club_settings().player_results == "organizer"
    log = logged_in.get("/organize/audit/").get_data(as_text=True)
    assert "results from the players&#39; phones" in log and "entered by the organizer" in log
    fields["player_results"] = "anyone"
    assert logged_in.post("/organize/settings/", data=fields).status_code == 422


def test_roster_names_of_the_list_follow_the_display_rule(app: Flask) -> None:
    night_id, _ids = arrange(app)
    handset = phone(app, night_id)
    handset.scan(code_of(app, night_id))
    html = handset.get(f"/nights/{night_id}/join")[1]
    for name in ROSTER[:6]:
        assert f">{name}</button>" in html
    assert ">C. M.</button>" in html and 'data-key="c. m."' in html
