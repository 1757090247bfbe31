"""Issue 13 over HTTP: accent-insensitive search, roster search and sort, the events list's
winners and year filter, one numbering in round-robin grids, the print header, the favicon,
the chart's start and links, and the Elo tools' messages (each under its field, no silent
truncation, proper plurals)."""

from __future__ import annotations

import datetime as dt
import re

from flask import Flask
from flask.testing import FlaskClient

from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import direct_writes, member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
NAMES = ["José González", "Zoë Jones", "김민준", "王小明", "Ann Lee"]


def seed(app: Flask) -> dict[str, int]:
    """A Swiss in 2025 (José wins) and a round-robin in 2026 (Ann Lee wins)."""
    swiss = tournament(NAMES, [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W), (2, 2, 4, L),
                               (3, 1, 4, W), (3, 2, 3, D)], name="Winter Swiss",
                       byes=[(1, 5, Kind.PAIRING_BYE), (2, 5, Kind.HALF_BYE),
                             (3, 5, Kind.ZERO_BYE)])
    rr = tournament(["Ann Lee", "Zoë Jones", "김민준"],
                    [(1, 1, 2, W), (2, 1, 3, W), (3, 2, 3, D)], name="Spring Round-Robin",
                    kind=EventKind.ROUND_ROBIN)
    with app.app_context():
        e1 = publish_t(swiss, dt.date(2025, 12, 4))
        e2 = publish_t(rr, dt.date(2026, 3, 5))
        return {"swiss": e1.id, "rr": e2.id, "jose": member("José González").id,
                "ann": member("Ann Lee").id}


def body(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def ladder_names(html: str) -> list[str]:
    rows = html.split('id="ladder-rows"')[1].split("</tbody>")[0]
    return re.findall(r'href="/members/\d+">([^<]+)</a>', rows)


def roster_names(html: str) -> list[str]:
    rows = html.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r'href="/members/\d+">([^<]+)</a>', rows)


# --- search --------------------------------------------------------------------------------

def test_ladder_search_ignores_case_and_accents_both_ways(app, client) -> None:
    seed(app)
    for query, found in (("gonzalez", "José González"), ("jose", "José González"),
                         ("GONZÁLEZ", "José González"), ("José", "José González"),
                         ("zoe", "Zoë Jones"), ("ZOË", "Zoë Jones"), ("김민준", "김민준"),
                         ("김미", "김민준"), ("王小", "王小明"), ("ann", "Ann Lee")):
        assert ladder_names(body(client, f"/?q={query}")) == [found], query
    assert ladder_names(body(client, "/?q=xyz")) == []
    # Spaces in CJK names do not matter either way.
    assert ladder_names(body(client, "/?q=김 민준")) == ["김민준"]


def test_roster_search_and_sort(app, client) -> None:
    seed(app)
    everyone = roster_names(body(client, "/members"))
    assert everyone == sorted(everyone, key=str.casefold) or everyone[0] == "Ann Lee"
    assert roster_names(body(client, "/members?q=gonzalez")) == ["José González"]
    assert roster_names(body(client, "/members?q=ZOE")) == ["Zoë Jones"]
    html = body(client, "/members?sort=rating&dir=desc")
    with app.app_context():
        ratings = {n: member(n).rating for n in NAMES}
    shown = roster_names(html)
    assert [ratings[n] for n in shown] == sorted(ratings.values(), reverse=True)
    assert 'aria-sort="descending"' in html
    ascending = roster_names(body(client, "/members?sort=rating&dir=asc"))
    assert ascending == shown[::-1] or [ratings[n] for n in ascending] == sorted(ratings.values())
    assert roster_names(body(client, "/members?sort=name&dir=desc")) == \
        roster_names(body(client, "/members"))[::-1]
    # Sorting keeps the search, the search keeps the sort; absurd values fall back.
    html = body(client, "/members?q=o&sort=games&dir=desc")
    assert 'name="sort" value="games"' in html and 'value="o"' in html
    assert roster_names(body(client, "/members?sort=%27;drop&dir=up")) == everyone


def test_a_too_long_search_is_said_not_cut(app, client) -> None:
    """A search longer than the box takes finds nobody and says why, in the reader's
    language, naming the box; the text stays whole in the box, nothing cut
    (docs/development.md §1)."""
    seed(app)
    typed = "ann" + "x" * 100  # 103 characters: 3 more than a search takes
    for path, names in (("/", ladder_names), ("/members", roster_names)):
        html = body(client, f"{path}?q={typed}")
        assert names(html) == []
        assert "Find a member: at most 100 characters; this one has 103." in html
        assert f'value="{typed}"' in html
        fragment = client.get(f"{path}?q={typed}", headers={"HX-Request": "true",
                                                            "HX-Target": "ladder-rows"})
        assert "at most 100 characters" in fragment.get_data(as_text=True)
    korean = body(client, f"/?q={typed}&lang=ko")
    assert "회원 찾기" in korean and "최대 100자" in korean
    # At the limit the search still runs as before.
    assert ladder_names(body(client, "/?q=" + "x" * 100)) == []
    assert "at most" not in body(client, "/?q=" + "x" * 100)


# --- events list ---------------------------------------------------------------------------

def test_events_list_shows_winners_and_filters_by_year(app, client) -> None:
    ids = seed(app)
    html = body(client, "/events")
    swiss_row = re.search(r"Winter Swiss.*?</tr>", html, re.S).group(0)
    rr_row = re.search(r"Spring Round-Robin.*?</tr>", html, re.S).group(0)
    assert re.search(r'class="winner">José González<', swiss_row)
    assert re.search(r'class="winner">Ann Lee<', rr_row)
    assert 'href="/events?year=2026"' in html and 'href="/events?year=2025"' in html
    only_2025 = body(client, "/events?year=2025")
    assert "Winter Swiss" in only_2025 and "Spring Round-Robin" not in only_2025
    assert "Events of 2025" in only_2025
    assert "No event in 1999." in body(client, "/events?year=1999")
    assert "Spring Round-Robin" in body(client, "/events?year=abc")  # unreadable: every year
    assert f'href="/events/{ids["swiss"]}"' in html


def test_junior_winner_shows_initials_on_the_events_list(app, client) -> None:
    seed(app)
    with app.app_context(), direct_writes():
        from ladder.extensions import db
        member("José González").junior = True
        db.session.commit()
    html = body(client, "/events")
    assert "José" not in html and re.search(r'class="winner">J\. G\.<', html)


# --- crosstable numbering --------------------------------------------------------------------

def test_round_robin_grid_uses_start_numbers_everywhere(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/events/{ids['rr']}")
    grid = html.split('id="crosstable"')[1].split("</section>")[0]
    columns = [int(n) for n in re.findall(r'<th scope="col" class="num"><abbr title="[^"]*">(\d+)'
                                          r'</abbr></th>', grid)]
    rows = [int(n) for n in re.findall(r'<td class="num no">(\d+)</td>', grid)]
    assert rows == columns and sorted(rows) == [1, 2, 3]
    # The screen-reader text of each cell names the opponent by the same number as the column.
    body_rows = re.findall(r"<tr>(.*?)</tr>", grid.split("<tbody>")[1], re.S)
    for row in body_rows:
        cells = re.findall(r'<td class="(self|empty|result[^"]*)"[^>]*>(.*?)</td>', row, re.S)
        for column, (css, cell) in zip(columns, cells, strict=False):
            if css.startswith("result"):
                assert f"opponent no. {column})" in cell
    assert "numbered by start number" in grid


# --- print header, favicon, chart ------------------------------------------------------------

def test_every_page_carries_a_print_header(app, client) -> None:
    ids = seed(app)
    for url, subject in (("/", "Ladder"), (f"/events/{ids['swiss']}", "Winter Swiss"),
                         (f"/members/{ids['jose']}", "José González"), ("/members", "Members")):
        html = body(client, url)
        head = re.search(r'<p class="print-head">(.*?)</p>', html, re.S).group(1)
        assert "<strong>" in head and f'<span class="subject">{subject}</span>' in head
        assert re.search(r"as of \d{4}-\d\d-\d\d \d\d:\d\d", head)
        assert 'rel="icon"' in html
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    assert icon.get_data().startswith(b"<svg")
    icon.close()


def test_chart_starts_at_the_start_rating_and_links_every_point(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/members/{ids['jose']}")
    svg = html.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    start = re.search(r'<rect class="start" x="([\d.]+)" y="([\d.]+)"[^>]*data-rating="1200.0"',
                      svg)
    assert start, "the line starts at the start rating"
    first = re.search(r'<polyline class="line" points="([\d.]+),([\d.]+)', svg)
    assert abs(float(first.group(1)) - float(start.group(1)) - 4) < 0.2
    assert abs(float(first.group(2)) - float(start.group(2)) - 4) < 0.2
    overlay = html.split('<svg class="chart-points"', 1)[1].split("</svg>", 1)[0]
    links = re.findall(r'<a href="#event-(\d+)" aria-label="([^"]+)">', overlay)
    assert [int(e) for e, _label in links] == [ids["swiss"]]
    assert f'<tr id="event-{ids["swiss"]}">' in html
    assert 'href="#events-heading"' in html  # the table is the chart's text alternative
    assert "<circle" not in overlay  # the chart's circles are its points, one per rating row


# --- Elo tools -------------------------------------------------------------------------------

def elo(client: FlaskClient, **params: str) -> str:
    response = client.get("/tools/elo", query_string=params)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def message(html: str, field: str) -> str:
    return re.search(rf'<span id="{field}-error" class="field-error">([^<]*)</span>',
                     html).group(1)


def test_elo_messages_sit_under_their_own_field(client) -> None:
    html = elo(client, c_rating="1500", c_opps="1500", c_score="-1")
    assert message(html, "c_score") == "A score cannot be negative."
    assert message(html, "c_rating") == ""
    html = elo(client, p_opps="1500, -3", p_score="1")
    assert message(html, "p_opps") == "A rating cannot be negative."
    assert message(html, "p_score") == ""
    html = elo(client, c_rating="1500", c_opps="1500", c_score="1", c_k="0")
    assert "K is a whole number" in message(html, "c_k")


def test_elo_plurals_and_limits_are_said(client) -> None:
    one = message(elo(client, p_opps="1500", p_score="2"), "p_score")
    two = message(elo(client, p_opps="1500, 1600", p_score="3"), "p_score")
    assert one.endswith("(1 game).") and two.endswith("(2 games).")
    long = "1500, " * 80  # 480 characters: longer than a field takes
    html = elo(client, i_opps=long, i_score="1")
    assert "At most 400 characters" in message(html, "i_opps")
    assert 'id="initial-value"' not in html  # nothing computed from a cut field
    html = elo(client, c_rating="2000", c_opps=",".join(["2000"] * 18), c_score="9", c_k="40")
    assert "with 18 games K 40 becomes 38" in html
