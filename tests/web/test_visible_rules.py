"""Visible rules on the data pages (docs/qualities.md §2): games that did not count are marked
exactly, the rating change of a player opens its hand calculation, tie-breaks say what they measure.

Which games did not count is taken from the stored rating rows (each player's pre-event
status) and the kinds of the results — never from the template — and the number of marks is
checked against each row's ``games_counted``.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Entry, Member, RatingRow, Result
from ladder.rating.club_elo import expected_score
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, publish_t, tournament
from tests.web.visible_rules_events import club_night_with_rules, round_robin_won_by_first

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
OVER_THE_BOARD = {Kind.WIN, Kind.DRAW, Kind.LOSS}






@pytest.fixture
def night(app: Flask) -> dict[str, int]:
    with app.app_context():
        publish_t(round_robin_won_by_first(["A", "B", "C", "X", "Y", "Z"]), dt.date(2025, 1, 7))
        event = publish_t(club_night_with_rules(), dt.date(2025, 2, 4))
        ids = {name: db.session.scalar(select(Member.id).where(Member.name == name))
               for name in ("A", "B", "C", "N1", "N2")}
        return {"event": event.id, **ids}


def expected_uncounted(app: Flask, event_id: int) -> dict[int, set[int]]:
    """Member id → rounds with an opponent that did not count, from the rating rows."""
    with app.app_context():
        rows = {r.member_id: r for r in db.session.scalars(
            select(RatingRow).where(RatingRow.event_id == event_id))}
        entries = db.session.scalars(select(Entry).where(Entry.event_id == event_id)).all()
        member_of = {e.id: e.member_id for e in entries}
        out: dict[int, set[int]] = {e.member_id: set() for e in entries}
        for e in entries:
            for r in db.session.scalars(select(Result).where(Result.entry_id == e.id)):
                if r.opponent_entry_id is None:
                    continue  # a bye is no game
                own, opp = rows[e.member_id], rows[member_of[r.opponent_entry_id]]
                counted = (Kind(r.kind) in OVER_THE_BOARD
                           and (own.provisional_before or not opp.provisional_before))
                if not counted:
                    out[e.member_id].add(r.round)
        return out


def marks_in_crosstable(html: str) -> dict[int, dict[int, str]]:
    """Start number → {round: reason} of the marks in the crosstable."""
    table = html.split('id="crosstable"')[1].split("</section>")[0]
    found: dict[int, dict[int, str]] = {}
    for row in table.split("<tr>")[2:]:
        start_no = int(re.findall(r'<td class="num no">(\d+)</td>', row)[0])
        cells = re.findall(r'<td class="result[^"]*"[^>]*>(.*?)</td>', row, re.S)
        found[start_no] = {}
        for rnd, cell in enumerate(cells, start=1):
            reason = re.search(r'data-reason="(\w+)"', cell)
            if reason:
                found[start_no][rnd] = reason.group(1)
    return found


def test_marks_are_exactly_the_games_that_did_not_count(app: Flask, client: FlaskClient,
                                                        night: dict[str, int]) -> None:
    html = client.get(f"/events/{night['event']}").get_data(as_text=True)
    marks = marks_in_crosstable(html)
    want = expected_uncounted(app, night["event"])
    with app.app_context():
        start_of = {e.member_id: e.start_no for e in db.session.scalars(
            select(Entry).where(Entry.event_id == night["event"]))}
        rows = {r.member_id: r for r in db.session.scalars(
            select(RatingRow).where(RatingRow.event_id == night["event"]))}
        games = {e.member_id: db.session.scalar(
            select(db.func.count(Result.id)).where(Result.entry_id == e.id,
                                                   Result.opponent_entry_id.is_not(None)))
            for e in db.session.scalars(select(Entry).where(Entry.event_id == night["event"]))}
    for member, rounds in want.items():
        assert set(marks[start_of[member]]) == rounds, member
        # Games with an opponent minus the marked ones is what the engine counted.
        assert games[member] - len(rounds) == rows[member].games_counted, member
    # The scenario covers every per-game reason, each on the game it belongs to.
    a, n2, b, c = (start_of[night[k]] for k in ("A", "N2", "B", "C"))
    assert marks[a] == {1: "protection", 3: "forfeit"}
    assert marks[n2] == {3: "forfeit"}
    assert marks[b] == {3: "unrated_game"}
    assert marks[c] == {4: "protection"}
    assert rows[night["A"]].games_counted == 1 and rows[night["N1"]].games_counted == 3
    # Each mark links to the guide and is described by its reason (screen readers).
    table = html.split('id="crosstable"')[1].split("</section>")[0]
    for _link, tip_id in re.findall(
            r'<a class="nc-mark" href="(/guide/ladder#[\w-]+)" aria-describedby="([\w-]+)"',
            table):
        tip = re.search(rf'<span class="nc-tip" role="tooltip" id="{tip_id}">([^<]+)</span>',
                        table)
        assert tip and tip.group(1).startswith("Not counted:"), tip_id
    assert table.count('class="nc-mark"') == sum(len(r) for r in want.values()) == 6
    assert "Not counted: the opponent was provisional (protection rule)." in table
    assert 'href="/guide/ladder#protection"' in table
    # The legend explains the mark.
    assert "did not count for this player" in html.split('id="legend-heading"')[1]


def test_an_unrated_event_is_marked_once_not_game_by_game(app: Flask,
                                                          client: FlaskClient) -> None:
    with app.app_context():
        event_id = publish_t(club_night_with_rules(), dt.date(2025, 2, 4), rated=False).id
    html = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'class="nc-mark"' not in html
    assert 'href="/guide/ladder#never-rated"' in html.split('class="notice unrated"')[1]


def test_the_profile_marks_the_event_with_its_reasons(app: Flask, client: FlaskClient,
                                                      night: dict[str, int]) -> None:
    want = expected_uncounted(app, night["event"])
    html = client.get(f"/members/{night['A']}").get_data(as_text=True)
    events = html.split('class="member-events"')[1].split("</table>")[0]
    line = next(tr for tr in events.split("<tr") if f"/events/{night['event']}\"" in tr)
    assert f'data-games="{len(want[night["A"]])}"' in line
    assert "1 game against a provisional player did not count (protection rule)." in line
    assert "1 forfeit did not count." in line
    assert f'href="/events/{night["event"]}/rating/{night["A"]}"' in line
    # The founders' round-robin counted every game: no mark on its line.
    other = next(tr for tr in events.split("<tr") if "Founders" in tr)
    assert 'class="nc"' not in other
    # Newcomer N2's only marked game is the forfeit.
    html = client.get(f"/members/{night['N2']}").get_data(as_text=True)
    assert 'data-games="1"' in html and "1 forfeit did not count." in html


def test_the_rating_detail_lists_counted_and_uncounted_games(app: Flask, client: FlaskClient,
                                                             night: dict[str, int]) -> None:
    response = client.get(f"/events/{night['event']}/rating/{night['A']}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    with app.app_context():
        rows = {r.member_id: r for r in db.session.scalars(
            select(RatingRow).where(RatingRow.event_id == night["event"]))}
    a, b = rows[night["A"]], rows[night["B"]]
    # One counted game (the loss to B), with the engine's expected score.
    table = html.split('id="rating-calculation"')[1].split("</table>")[0]
    assert table.count('class="num expected"') == 1
    assert f"{expected_score(a.rating_before, b.rating_before):.4f}" in table
    assert f"{a.expected:.4f}" in table  # the sum equals the stored row
    uncounted = html.split('class="uncounted-games"')[1].split("</ul>")[0]
    assert 'data-round="1"' in uncounted and "protection rule" in uncounted
    assert 'data-round="3"' in uncounted and "forfeit" in uncounted
    # Reached from the standings' change column.
    event_html = client.get(f"/events/{night['event']}").get_data(as_text=True)
    assert f'href="/events/{night["event"]}/rating/{night["A"]}"' in event_html
    # Someone who did not play there, and unknown ids, are 404s.
    with app.app_context():
        x = db.session.scalar(select(Member.id).where(Member.name == "X"))
    assert client.get(f"/events/{night['event']}/rating/{x}").status_code == 404
    assert client.get(f"/events/{night['event']}/rating/99999").status_code == 404
    assert client.get(f"/events/99999/rating/{night['A']}").status_code == 404
    assert client.get(f"/events/{night['event']}/rating/{2**40}").status_code == 404


def test_the_seed_example_shows_every_intermediate_number(app: Flask,
                                                          client: FlaskClient) -> None:
    """docs/club-rating.md §1 example 1: 1400, K 20, 1500 L, 1300 W, 1600 D, 1350 W → 1413.76."""
    with app.app_context(), direct_writes():
        t = tournament(["Ann", "Opp A", "Opp B", "Opp C", "Opp D"],
                       [(1, 1, 2, L), (2, 1, 3, W), (3, 1, 4, D), (4, 1, 5, W)])
        event = publish_t(t, dt.date(2025, 3, 1))
        # The example's members come with a history (30 counted games, these ratings) that
        # the test does not build game by game: the event's rows are those the engine gives
        # from that state, stored in place of the newcomers' rows.
        from ladder.rating import MemberState, RatingOptions, rate_event
        from ladder.services.replay import load_inputs
        ids = {m.name: m.id for m in db.session.scalars(select(Member))}
        state = {ids[name]: MemberState(rating, 30) for name, rating in (
            ("Ann", 1400.0), ("Opp A", 1500.0), ("Opp B", 1300.0), ("Opp C", 1600.0),
            ("Opp D", 1350.0))}
        event_input = next(e for e in load_inputs(db.session, None) if e.event_id == event.id)
        rows, _final = rate_event(event_input, state, RatingOptions())
        for computed in rows:
            stored = db.session.get(RatingRow, (event.id, computed.member_id))
            for field in ("rating_before", "rating_after", "k", "games_before",
                          "games_counted", "expected", "score", "provisional_before"):
                setattr(stored, field, getattr(computed, field))
        db.session.commit()
        ann = ids["Ann"]
        row = db.session.get(RatingRow, (event.id, ann))
    assert (row.rating_before, row.k, row.games_counted) == (1400.0, 20.0, 4)
    assert row.rating_after == pytest.approx(1413.76, abs=0.01)
    html = client.get(f"/events/{event.id}/rating/{ann}").get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    table = html.split('id="rating-calculation"')[1].split("</table>")[0]
    cells = re.findall(r'class="num expected">([^<]+)<', table)
    assert cells == [f"{expected_score(1400.0, r):.4f}" for r in (1500, 1300, 1600, 1350)] \
        == ["0.3599", "0.6401", "0.2403", "0.5715"]
    for opponent in ("1500.0", "1300.0", "1600.0", "1350.0"):
        assert f">{opponent}<" in table
    for number in ("−0.3599", "+0.3599", "+0.2597", "+0.4285"):  # S − E per game
        assert number in table
    assert re.search(r'class="num expected-total">1\.8117<', table)
    assert f"{row.expected:.4f}" == "1.8117"
    assert "+0.6883" in table and "2½" in table
    assert "K = 20," in text
    # Inside arithmetic the score is a decimal and the added change keeps its operator apart
    # (guide/_calculation.html).
    assert "20 × (2.5 − 1.8117) = 20 × 0.6883 = +13.7657" in text
    assert f"1400.0000 + 13.7657 = {row.rating_after:.4f}" in text
    # docs/club-rating.md §1: 1413.76 (unrounded 1413.7657)
    assert "1413.7657" in text and "1413.76" in text
    assert "Shown with one decimal: 1413.8; on the ladder: 1414." in text


def test_tiebreak_headers_and_explanations_say_what_they_measure(
        app: Flask, client: FlaskClient, night: dict[str, int]) -> None:
    html = client.get(f"/events/{night['event']}").get_data(as_text=True)
    standings = html.split('id="standings"')[1].split("</section>")[0]
    assert '>BH/C1</th>' in standings and '>SB</th>' in standings
    key = standings.split('class="tb-key"')[1].split("</dl>")[0]
    assert "Buchholz: the opponents&#39; final scores added up" in key
    assert "The lowest value is left out." in key
    assert 'href="/guide/tiebreaks#tb-bh"' in key and 'href="/guide/tiebreaks#tb-sb"' in key
    assert 'aria-describedby="tb-key-1"' in standings and 'id="tb-key-1"' in key
    explain = client.get(f"/events/{night['event']}/explain/1/BH/C1").get_data(as_text=True)
    first = explain.split("</h1>")[1].split("</p>")[0]
    assert 'class="plain"' in first and "Buchholz: the opponents&#39; final scores" in first
    assert 'href="/guide/tiebreaks#tb-bh"' in first


def test_the_ladder_says_what_grey_rows_are(client: FlaskClient, night: dict[str, int]
                                            ) -> None:
    html = client.get("/").get_data(as_text=True)
    line = html.split('class="note grey-rows"')[1].split("</p>")[0]
    assert "Grey rows are provisional members: fewer than 5 counted games" in line
    assert 'href="/guide/ladder#provisional"' in line


def test_the_organizer_still_gets_the_inline_editor_on_marked_cells(
        app: Flask, logged_in: FlaskClient, night: dict[str, int]) -> None:
    html = logged_in.get(f"/events/{night['event']}").get_data(as_text=True)
    table = html.split('id="crosstable"')[1].split("</section>")[0]
    # Marked cells keep their editor button; the reason is words inside it, no nested link.
    buttons = re.findall(r"<button type=\"button\" class=\"cell\">(.*?)</button>", table, re.S)
    marked = [b for b in buttons if 'span class="nc-mark"' in b]
    assert len(marked) == 6
    assert all("<a " not in b for b in buttons)
    assert all("Not counted:" in b for b in marked)
