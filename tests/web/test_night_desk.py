"""The club night desk's pages: a round-robin pairable from the desk, the finish page with the
import's ladder preview and the finish taken back, the tick list (htmx and plain), a typed
name that is a hidden junior's (the member offered, initials on every public page, fragment
and print), a result's answer moving the desk on (out of band), a stale desk reloaded, the
public page's earlier rounds, one number style per standings table, the words in Korean."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import Event, Member, Night, NightBoard
from ladder.services import night_rounds as rounds
from ladder.services.members import set_junior
from ladder.services.night import Arrival, NightSettings, check_in, create_night
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import HTMX, csrf_token, publish_t, tournament
from tests.services.night_support import simple_engine

ROSTER = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ng", "Fay Oh", "Chloé Martin"]
HIDDEN = "Chloé Martin"


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


def _arrange(app: Flask) -> dict[str, int]:
    with app.app_context():
        games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 5, 6, Kind.LOSS)]
        publish_t(tournament(ROSTER, games, name="Earlier"), dt.date(2025, 1, 7))
        ids = {m.name: m.id for m in db.session.scalars(select(Member))}
        set_junior(ids[HIDDEN], True, "org")
        return ids


def _night(app: Flask, kind: EventKind = EventKind.SWISS, rounds_count: int = 2) -> int:
    with app.app_context():
        return create_night(NightSettings(name="Tuesday", date=dt.date(2025, 2, 4), kind=kind,
                                          rounds=rounds_count), actor="org").id


def _version(app: Flask, night_id: int) -> str:
    with app.app_context():
        return str(db.session.get(Night, night_id).version)


def _post(client: FlaskClient, url: str, token: str, htmx: str = "",
          **fields: str) -> tuple[int, str, dict[str, str]]:
    """POST ``fields``; ``htmx`` is the htmx target (the element the tap swaps), if any."""
    answer = client.post(url, data={"csrf_token": token, **fields},
                         headers={**HTMX, "HX-Target": htmx} if htmx else {})
    return answer.status_code, answer.get_data(as_text=True), dict(answer.headers)


def _boards(app: Flask, night_id: int, round_no: int) -> list[tuple[int, int]]:
    with app.app_context():
        return [(b.id, b.version) for b in db.session.scalars(select(NightBoard).where(
            NightBoard.night_id == night_id, NightBoard.round == round_no,
            NightBoard.black_id.is_not(None)).order_by(NightBoard.number))]


def _round(client: FlaskClient, app: Flask, night_id: int, round_no: int, token: str) -> str:
    """Pair, publish and tap every result of a round through the desk (htmx taps); returns
    the answer to the last tap."""
    page = f"/organize/nights/{night_id}"
    for action in ("pair", "publish"):
        status, _html, _h = _post(client, f"{page}/rounds/{round_no}", token, action=action,
                                  version=_version(app, night_id))
        assert status == 303, action
    last = ""
    for board_id, version in _boards(app, night_id, round_no):
        status, last, _h = _post(client, f"/organize/nights/boards/{board_id}", token,
                                 htmx=f"board-{board_id}", result="1-0", version=str(version),
                                 night_version=_version(app, night_id))
        assert status == 200
    return last


def test_a_round_robin_is_played_from_the_desk_and_finished_with_a_preview(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app, EventKind.ROUND_ROBIN)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    html = logged_in.get(page).get_data(as_text=True)
    assert "Pair round 1" not in html and "Finish" not in html
    assert "Check in at least three players" in html
    for name in ROSTER[:6]:
        status, _html, _h = _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]),
                                  here="1")
        assert status == 303
    html = logged_in.get(page).get_data(as_text=True)
    assert "5 rounds" in html and "Pair round 1" in html  # the Berger table's, before round 1
    assert "Finish" not in html  # nothing played: no finish offered
    assert logged_in.get(page + "/finish").status_code == 409  # nor reachable by its address
    for round_no in range(1, 6):
        last = _round(logged_in, app, night_id, round_no, token)
        # The round's last result brings the next step and the standings, out of band.
        step = f"Pair round {round_no + 1}" if round_no < 5 else "Finish: see what goes"
        assert re.search(r'id="round-next"[^>]*hx-swap-oob="true"', last)
        assert step in last
        assert f"Standings after round {round_no}" in last
        assert 'class="night-version" hx-swap-oob="outerHTML:input.night-version"' in last
    finish_page = logged_in.get(page + "/finish").get_data(as_text=True)
    assert "What publishing does to the ladder" in finish_page
    assert finish_page.count('<tr id="change-') == 6
    generation = re.search(r'name="ladder_generation" value="(\d+)"', finish_page).group(1)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Event)) == 1  # Earlier only
    status, _html, headers = _post(logged_in, page + "/finish", token,
                                   version=_version(app, night_id),
                                   ladder_generation=generation)
    assert status == 303 and headers["Location"].endswith(f"{page}#finished")
    html = logged_in.get(page).get_data(as_text=True)
    assert "This night is finished and in the ladder." in html
    assert "Take the night back from the ladder" in html
    status, _html, _h = _post(logged_in, page + "/reopen", token,
                              version=_version(app, night_id))
    assert status == 303
    html = logged_in.get(page).get_data(as_text=True)
    assert "Finish: see what goes into the ladder" in html
    with app.app_context():
        assert db.session.get(Night, night_id).event_id is None
        assert db.session.scalar(select(func.count()).select_from(Event)) == 1


def test_finishing_with_a_preview_older_than_the_ladder_is_refused(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app, rounds_count=1)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:4]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    _round(logged_in, app, night_id, 1, token)
    status, html, _h = _post(logged_in, page + "/finish", token, version=_version(app, night_id),
                             ladder_generation="1")
    assert status == 409 and "The ladder changed since this preview was shown" in html
    assert "What publishing does to the ladder" in html  # the new preview, shown again
    with app.app_context():
        assert db.session.get(Night, night_id).event_id is None


def test_the_tick_list_answers_its_row_and_the_desk_out_of_band(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    html = logged_in.get(page).get_data(as_text=True)
    assert html.count('class="tick"') == len(ROSTER)
    recent = html.index("Played at the club")
    assert all(html.index(f">{name}<") > recent for name in ROSTER)
    status, row, _h = _post(logged_in, f"{page}/tick", token, htmx=f"tick-row-{ids['Ann Lee']}",
                            member_id=str(ids["Ann Lee"]), here="1")
    assert status == 200 and row.lstrip().startswith(f'<li id="tick-row-{ids["Ann Lee"]}"')
    assert 'aria-pressed="true"' in row.split("</li>")[0]
    assert 'id="night-players" hx-swap-oob="true"' in row and "Players (1)" in row
    assert 'hx-swap-oob="outerHTML:input.night-version"' in row
    # Without JavaScript: the search filters the list, the tap comes back to the row.
    html = logged_in.get(page + "?q=chloe").get_data(as_text=True)
    assert html.count('class="tick"') == 1 and HIDDEN in html
    status, _html, headers = _post(logged_in, f"{page}/tick", token, member_id=str(ids["Bo Chen"]),
                                   here="1", q="bo")
    assert status == 303 and headers["Location"].endswith(f"?q=bo#tick-{ids['Bo Chen']}")
    html = logged_in.get(page + "?q=nobody").get_data(as_text=True)
    assert "No member matches “nobody”." in html and 'value="nobody"' in html


@pytest.mark.parametrize("typed", ["Chloé Martin", "Chloe\u0301  MARTIN", "\uff23hloé Martin"])
def test_a_typed_hidden_junior_is_offered_and_shown_by_initials_everywhere(
        app: Flask, logged_in: FlaskClient, typed: str) -> None:
    ids = _arrange(app)
    night_id = _night(app, rounds_count=1)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:3]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    status, html, _h = _post(logged_in, f"{page}/checkin", token, name=typed, guest="on",
                             version=_version(app, night_id))
    assert status == 422 and "the name of a junior on the roster" in html
    assert f'name="member_id" value="{ids[HIDDEN]}"' in html  # the member offered
    # The organizer insists it is another person: a guest, still shown by initials.
    status, _html, _h = _post(logged_in, f"{page}/checkin", token, name=typed, guest="on",
                              different="on", version=_version(app, night_id))
    assert status == 303
    _round(logged_in, app, night_id, 1, token)
    visitor = app.test_client()
    surfaces = [visitor.get(f"/nights/{night_id}").get_data(as_text=True),
                visitor.get(f"/nights/{night_id}?round=1").get_data(as_text=True),
                visitor.get(f"/nights/{night_id}", headers={**HTMX, "HX-Target": "night-live"}
                            ).get_data(as_text=True),
                logged_in.get(f"{page}/print/1").get_data(as_text=True)]
    finish_page = logged_in.get(page + "/finish").get_data(as_text=True)
    assert f'value="m{ids[HIDDEN]}" selected' in finish_page  # the identical name, preselected
    generation = re.search(r'name="ladder_generation" value="(\d+)"', finish_page).group(1)
    _post(logged_in, page + "/finish", token, version=_version(app, night_id),
          ladder_generation=generation)
    with app.app_context():
        event_id = db.session.get(Night, night_id).event_id
        assert db.session.scalar(select(func.count()).select_from(Member).where(
            Member.name_key == "chloé martin")) == 1  # no second, adult Chloé Martin
    surfaces += [visitor.get(f"/events/{event_id}").get_data(as_text=True),
                 visitor.get("/").get_data(as_text=True),
                 visitor.get(f"/members/{ids[HIDDEN]}").get_data(as_text=True)]
    for html in surfaces:
        assert "C. M." in html
        assert not re.search(r"chlo[eé\u0301]", html.lower().replace("\uff43", "c")), html[:200]
    organizer_copy = logged_in.get(f"{page}/print/1?copy=organizer").get_data(as_text=True)
    assert "Organizer's copy: full names, not for the wall." in organizer_copy


def test_a_tap_from_a_desk_older_than_the_night_reloads_it(app: Flask,
                                                           logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:4]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    for action in ("pair", "publish"):
        _post(logged_in, f"{page}/rounds/1", token, action=action,
              version=_version(app, night_id))
    shown = _version(app, night_id)
    (first, v1), (second, v2) = _boards(app, night_id, 1)
    status, html, headers = _post(logged_in, f"/organize/nights/boards/{first}", token,
                                  htmx=f"board-{first}", result="1-0", version=str(v1),
                                  night_version=shown)
    assert status == 200 and "HX-Refresh" not in headers  # the desk's own tap
    assert re.search(r'id="round-actions"[^>]*hx-swap-oob="true"', html)
    assert "Undo the pairing" not in html  # the round has a result: no Undo offered any more
    with app.app_context():  # another organizer's change meanwhile
        check_in(night_id, Arrival(name="Late Comer"), int(_version(app, night_id)), "org")
    status, html, headers = _post(logged_in, f"/organize/nights/boards/{second}", token,
                                  htmx=f"board-{second}", result="0-1", version=str(v2),
                                  night_version=str(int(shown) + 1))
    assert headers.get("HX-Refresh") == "true"
    # A second tap on the first board from the same (stale) board form: refused in words
    # that blame no one, the board as it is now.
    status, html, headers = _post(logged_in, f"/organize/nights/boards/{first}", token,
                                  htmx=f"board-{first}", result="½-½", version=str(v1),
                                  night_version=_version(app, night_id))
    assert status == 200 and "changed meanwhile" in html and "Someone else" not in html
    # A plain Undo from the old page: the results are the reason given.
    status, html, _h = _post(logged_in, f"{page}/rounds/1", token, action="undo", version=shown)
    assert status == 409 and "has results" in html and "Someone else" not in html


def test_the_public_page_shows_earlier_rounds_and_their_standings(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app, rounds_count=3)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:4]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    _round(logged_in, app, night_id, 1, token)
    _round(logged_in, app, night_id, 2, token)
    visitor = app.test_client()
    latest = visitor.get(f"/nights/{night_id}").get_data(as_text=True)
    assert 'aria-current="page"' in latest and "Standings after round 2" in latest
    assert f'href="/nights/{night_id}?round=1"' in latest
    first = visitor.get(f"/nights/{night_id}?round=1").get_data(as_text=True)
    assert re.search(r'<h2 id="pairings-heading">Round 1</h2>', first)
    assert "Standings after round 1" in first and "Back to the latest round" in first
    assert "hx-trigger" not in first  # an earlier round does not poll
    assert visitor.get(f"/nights/{night_id}?round=9").status_code == 404


def test_one_number_style_per_standings_table(app: Flask) -> None:
    from fractions import Fraction

    from ladder.queries.night import Standings, StandingView
    lines = (StandingView(1, 1, "A", Fraction(3, 2), (Fraction(33, 4),)),
             StandingView(2, 2, "B", Fraction(1), (Fraction(5, 2),)))
    with app.test_request_context("/?lang=id"):
        from flask import render_template_string
        html = render_template_string(
            '{% from "public/_night_table.html" import night_standings %}'
            '{{ night_standings(t, "h") }}', t=Standings(1, lines, ("SB",)))
        cells = re.findall(r'<td class="num">([^<]*)</td>', html)
        assert cells == ["1,5", "8,25", "1", "2,5"]  # not "1½" beside "8,25"
        halves = Standings(1, tuple(StandingView(i, i, "A", Fraction(3, 2), (Fraction(5, 2),))
                                    for i in (1,)), ("BH",))
        html = render_template_string(
            '{% from "public/_night_table.html" import night_standings %}'
            '{{ night_standings(t, "h") }}', t=halves)
        assert re.findall(r'<td class="num">([^<]*)</td>', html) == ["1½", "2½"]


def test_a_withdrawal_is_said_in_one_word(
        app: Flask, logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app, rounds_count=3)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:5]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    _round(logged_in, app, night_id, 1, token)
    _post(logged_in, f"{page}/players/1", token, action="withdraw",
          version=_version(app, night_id))
    _post(logged_in, f"{page}/tick", token, member_id=str(ids["Fay Oh"]), here="1")
    _post(logged_in, f"{page}/rounds/2", token, action="pair", version=_version(app, night_id))
    html = logged_in.get(page + "?lang=ko").get_data(as_text=True)
    resting = re.search(r'<p class="resting">(.*?)</p>', html, re.S).group(1)
    assert "기권" in resting and "불참" not in resting
    withdrawn = re.search(r'<li id="player-\d+">(?:(?!</li>).)*기권(?:(?!</li>).)*</li>', html,
                          re.S)
    assert withdrawn is not None and "불참" not in withdrawn.group(0)
    assert "불참(0점)" in html  # the zero-point bye keeps its own word


def test_a_row_cannot_be_unticked_once_round_1_is_paired(app: Flask,
                                                         logged_in: FlaskClient) -> None:
    ids = _arrange(app)
    night_id = _night(app)
    token = csrf_token(logged_in, "/organize/nights")
    page = f"/organize/nights/{night_id}"
    for name in ROSTER[:4]:
        _post(logged_in, f"{page}/tick", token, member_id=str(ids[name]), here="1")
    _round(logged_in, app, night_id, 1, token)
    row = f"tick-row-{ids['Ann Lee']}"
    status, html, _h = _post(logged_in, f"{page}/tick", token, htmx=row,
                             member_id=str(ids["Ann Lee"]), here="0")
    answered = html.split("</li>")[0]
    assert status == 200 and "withdraw the player instead" in answered
    assert 'aria-pressed="true"' in answered and 'aria-disabled="true"' in answered
    status, html, _h = _post(logged_in, f"{page}/tick", token, member_id=str(ids["Ann Lee"]),
                             here="0")
    assert status == 409 and "withdraw the player instead" in html  # without JavaScript
    with app.app_context():
        assert len(db.session.get(Night, night_id).players) == 4
