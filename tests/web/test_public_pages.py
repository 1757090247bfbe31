"""Public pages: ladder sorting, roster, profile (record, chart, events, head-to-head), events,
event page (standings, tie-break links, crosstables, marks, fragments), explanations, bad input.
"""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Event, Member, RatingRow
from ladder.services.members import merge
from ladder.vocabulary.tournament import EventKind, Kind
from tests.factories import direct_writes, member, publish_t, tournament
from tests.web.bodies import comparable

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
NAMES = ["Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park", "Eve Stone"]


def seed(app: Flask) -> dict[str, int]:
    """A Swiss with a half bye, a pairing bye and a forfeit; a round-robin; an unrated night;
    a junior (Minjun Kim) without consent; a merged duplicate (Ann Lea → Ann Lee)."""
    swiss = tournament(NAMES, [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W),
                               (2, 2, 5, Kind.FORFEIT_WIN), (3, 1, 4, D), (3, 3, 5, L)],
                       name="Spring Swiss", byes=[(1, 5, Kind.PAIRING_BYE), (2, 4, Kind.HALF_BYE),
                                                  (3, 2, Kind.ZERO_BYE)])
    rr = tournament(NAMES[:4], [(1, 1, 2, D), (1, 3, 4, W), (2, 1, 3, L), (2, 2, 4, W),
                                (3, 1, 4, W), (3, 2, 3, D)],
                    name="Club Round-Robin", kind=EventKind.ROUND_ROBIN)
    unrated = tournament(["Ann Lea", "Bo Chen"], [(1, 1, 2, W)], name="Chess960 Night")
    with app.app_context(), direct_writes():
        e1 = publish_t(swiss, dt.date(2025, 3, 6))
        e2 = publish_t(rr, dt.date(2025, 3, 20))
        e3 = publish_t(unrated, dt.date(2025, 4, 3), rated=False)
        kim = member("Minjun Kim")
        kim.junior = True
        db.session.commit()
        lea, lee = member("Ann Lea").id, member("Ann Lee").id
        merge(lea, lee, actor="test")
        return {"swiss": e1.id, "rr": e2.id, "unrated": e3.id, "lee": lee, "lea": lea,
                "kim": kim.id, "bo": member("Bo Chen").id}


def body(client: FlaskClient, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == status, url
    return response.get_data(as_text=True)


def rows_of(html: str, group: str = "provisional|established") -> list[str]:
    return re.findall(rf"<tr class=\"(?:{group})\">(.*?)</tr>", html, re.S)


def names_of(html: str, group: str) -> list[str]:
    return [re.search(r">([^<>]+)</a>", r).group(1) for r in rows_of(html, group)]


# --- ladder ----------------------------------------------------------------------------------

def test_ladder_sorts_by_name_and_back(app: Flask, client: FlaskClient) -> None:
    seed(app)
    html = body(client, "/?sort=name&dir=asc")
    established = names_of(html, "established")
    provisional = names_of(html, "provisional")
    assert len(established) >= 2 and len(provisional) >= 2
    assert html.index(established[-1]) < html.index(provisional[0])  # groups stay
    for group in (established, provisional):
        assert group == sorted(group, key=str.casefold)
    desc = body(client, "/?sort=name&dir=desc")
    assert names_of(desc, "established") == established[::-1]
    assert names_of(desc, "provisional") == provisional[::-1]
    assert 'aria-sort="ascending"' in html and 'aria-sort="descending"' in desc


@pytest.mark.parametrize("query", ["sort=bogus", "sort=name&dir=sideways", "page=-1",
                                   "sort=rating&dir=" + "x" * 3000, "sort[]=1&dir=%00"])
def test_absurd_sorts_fall_back_to_the_default(app: Flask, client: FlaskClient,
                                               query: str) -> None:
    seed(app)
    default = rows_of(body(client, "/"))
    assert rows_of(body(client, "/?" + query))[:1] == default[:1]


def test_ladder_links_members_by_id_and_refreshes_on_ladder_changed(app, client) -> None:
    ids = seed(app)
    html = body(client, "/")
    assert f'href="/members/{ids["lee"]}"' in html
    assert 'hx-trigger="ladderChanged from:body"' in html
    assert "M. K." in html and "Minjun" not in html


def test_sorted_search_fragment_keeps_the_sort(app, client) -> None:
    seed(app)
    html = body(client, "/?q=e&sort=name&dir=desc", **{"HX-Request": "true",
                                                       "HX-Target": "ladder-rows"})
    assert html.startswith('<tbody id="ladder-rows">')
    for group in ("established", "provisional"):
        names = names_of(html, group)
        assert names == sorted(names, key=str.casefold, reverse=True)


# --- roster and profile ------------------------------------------------------------------------

def test_roster_lists_visible_members_only(app, client) -> None:
    ids = seed(app)
    html = body(client, "/members")
    assert "Ann Lee" in html and "Bo Chen" in html and "M. K." in html
    assert "Ann Lea" not in html and f"/members/{ids['lea']}\"" not in html
    assert "Minjun" not in html


def test_merged_member_is_404_like_an_unknown_id(app, client) -> None:
    ids = seed(app)
    merged = client.get(f"/members/{ids['lea']}")
    unknown = client.get("/members/987654")
    assert merged.status_code == unknown.status_code == 404
    assert comparable(merged.get_data()) == comparable(unknown.get_data())
    for url in ("/members/0", "/members/-1", "/members/abc", "/members/" + "9" * 40,
                "/members/1.5"):
        assert client.get(url).status_code == 404, url


def test_profile_shows_rating_record_events_and_head_to_head(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/members/{ids['lee']}")
    with app.app_context():
        lee = db.session.get(Member, ids["lee"])
        rating = f"{lee.rating:.1f}"
    assert rating in html  # one decimal on detail pages
    # Ann Lee: Swiss W W D, round-robin D L W, and the merged unrated night W vs Bo.
    record = re.search(r"Everyone</th>(.*?)</tr>", html, re.S).group(1)
    assert re.findall(r">(\d+½?)<", record) == ["7", "4", "2", "1", "5"]
    assert "Established players" in html and "Provisional players" in html
    for event in ("Spring Swiss", "Club Round-Robin", "Chess960 Night"):
        assert event in html
    assert "not rated" in html
    assert "2½ / 3" in html  # the Swiss score
    h2h = html.split('id="h2h-caption"')[1]
    assert "Bo Chen" in h2h and "M. K." in h2h and "Minjun" not in html
    assert f'href="/members/{ids["bo"]}"' in h2h


class SvgPoints(HTMLParser):
    """The chart's circles: (cy, data-rating, title)."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[dict[str, str]] = []
        self._in = False

    def handle_starttag(self, tag, attrs):  # noqa: ANN001,ANN201
        if tag == "circle":
            self.points.append(dict(attrs))

    def handle_data(self, data):  # noqa: ANN001,ANN201
        pass


def test_chart_points_match_the_rating_rows(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/members/{ids['lee']}")
    svg = html.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert 'role="img"' in svg and "<script" not in svg and "style=" not in svg
    parser = SvgPoints()
    parser.feed(html)
    with app.app_context():
        rows = db.session.execute(
            select(RatingRow.rating_after, Event.date).join(Event, Event.id == RatingRow.event_id)
            .where(RatingRow.member_id == ids["lee"]).order_by(Event.date, Event.id)).all()
    assert [(p["data-date"], p["data-rating"]) for p in parser.points] == \
        [(d.isoformat(), f"{r:.1f}") for r, d in rows]
    # Higher ratings are drawn higher (smaller y).
    ys = [float(p["cy"]) for p in parser.points]
    ratings = [r for r, _d in rows]
    for (y1, r1), (y2, r2) in zip(zip(ys, ratings, strict=False),
                                  zip(ys[1:], ratings[1:], strict=False), strict=False):
        assert (r1 < r2) == (y1 > y2) or r1 == r2
    # Every point has a tooltip; the axes carry labelled ticks.
    assert html.count("<title>") >= len(rows) + 1
    assert re.search(r'<text class="tick"[^>]*>1\d\d0</text>', html)
    assert re.search(r'<text class="tick"[^>]*>(Mar|Apr) 2025</text>', html)


def test_member_without_events_has_no_chart(app, client) -> None:
    seed(app)
    with app.app_context(), direct_writes():
        loner = Member(name="New Person", name_key="new person")
        db.session.add(loner)
        db.session.commit()
        loner_id = loner.id
    html = body(client, f"/members/{loner_id}")
    assert "<svg" not in html and "No rated event yet." in html


# --- events ------------------------------------------------------------------------------------

def test_events_list_labels_unrated_events(app, client) -> None:
    ids = seed(app)
    html = body(client, "/events")
    assert (html.index("Chess960 Night") < html.index("Club Round-Robin")
            < html.index("Spring Swiss"))
    row = re.search(r"Chess960 Night.*?</tr>", html, re.S).group(0)
    assert "not rated" in row
    assert f'href="/events/{ids["swiss"]}"' in html


def test_swiss_event_page(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/events/{ids['swiss']}")
    standings = html.split('id="standings"')[1].split("</section>")[0]
    for code in ("BH/C1", "BH", "SB", "WIN"):
        assert f">{code}</th>" in standings
    # Tie-break values link to their explanation (the code url-encoded in the path).
    assert re.search(r'href="/events/\d+/explain/\d+/BH/C1"', standings)
    assert "Rating before" in standings and "+" in standings
    crosstable = html.split('id="crosstable"')[1].split("</section>")[0]
    assert "Rd 1" in crosstable and "Rd 3" in crosstable
    assert "bye 1" in crosstable and "bye ½" in crosstable and "bye 0" in crosstable
    assert re.search(r">\d*[wb]?\+<span", crosstable)  # the forfeit, both sides
    assert re.search(r">\d*[wb]?−<span", crosstable)
    assert re.search(r">\d+w1<", crosstable) and re.search(r">\d+b0<", crosstable)
    assert "Legend" in html and "won, lost by forfeit" in html
    assert "M. K." in html and "Minjun" not in html
    assert 'class="scroll" role="region"' in html and 'tabindex="0"' in html


def test_round_robin_event_has_a_matrix(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/events/{ids['rr']}")
    crosstable = html.split('id="crosstable"')[1].split("</section>")[0]
    assert "crosstable matrix" in crosstable
    assert crosstable.count('class="self"') == 4
    assert "DE" in html.split('id="standings"')[1]


def test_unrated_event_says_so_and_shows_no_rating_columns(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/events/{ids['unrated']}")
    assert "Not rated." in html and "do not change the club ladder" in html
    assert "Rating before" not in html


def test_event_fragments_for_htmx_targets(app, client) -> None:
    ids = seed(app)
    url = f"/events/{ids['swiss']}"
    standings = body(client, url, **{"HX-Request": "true", "HX-Target": "standings"})
    assert standings.startswith('<section id="standings"') and "<html" not in standings
    assert 'hx-trigger="ladderChanged from:body"' in standings
    cross = body(client, url, **{"HX-Request": "true", "HX-Target": "crosstable"})
    assert cross.startswith('<section id="crosstable"') and "<html" not in cross
    restore = body(client, url, **{"HX-Request": "true", "HX-Target": "standings",
                                   "HX-History-Restore-Request": "true"})
    assert "<html" in restore


def test_result_cells_are_editable_for_organizers_only(app, client, logged_in) -> None:
    ids = seed(app)
    if "organize.result_form" not in app.view_functions:
        app.add_url_rule("/organize/results/<int:result_id>/form", "organize.result_form",
                         lambda result_id: "")
    url = f"/events/{ids['swiss']}"
    public = body(client, url)
    assert "organize/results" not in public
    assert "<button type=\"button\" class=\"cell\"" not in public
    html = body(logged_in, url)
    cells = re.findall(r'<td class="result[^"]*" hx-get="([^"]+)" hx-target="this" '
                       r'hx-swap="outerHTML"><button type="button" class="cell"', html)
    assert len(cells) >= 10
    assert all("/organize/results/" in c for c in cells)
    assert "Minjun Kim" in html  # organizers see full names


def test_unknown_and_draft_events_are_404(app, client) -> None:
    ids = seed(app)
    with app.app_context(), direct_writes():
        event = db.session.get(Event, ids["rr"])
        event.status = "draft"
        db.session.commit()
    draft = client.get(f"/events/{ids['rr']}")
    missing = client.get("/events/424242")
    assert draft.status_code == missing.status_code == 404
    assert comparable(draft.get_data()) == comparable(missing.get_data())
    assert client.get("/events/" + "9" * 30).status_code == 404


# --- explanations --------------------------------------------------------------------------------

def test_explanation_page(app, client) -> None:
    ids = seed(app)
    html = body(client, f"/events/{ids['swiss']}")
    link = re.search(r'href="(/events/\d+/explain/\d+/BH)"', html).group(1)
    page = body(client, link)
    assert "C.07 8.1" in page and "<table class=\"explain\"" in page
    assert "Minjun" not in page and "Buchholz" in page
    encoded = link[:-2] + "BH%2FC1"
    assert "cut" in body(client, encoded).lower()
    assert body(client, link[:-2] + "bh%2fc1")  # case-insensitive code


@pytest.mark.parametrize("tail", ["XX", "BH%2FC9", "TPR", "", "BH/C1/extra", "%00", "x" * 300])
def test_unknown_codes_are_404(app, client, tail: str) -> None:
    ids = seed(app)
    assert client.get(f"/events/{ids['swiss']}/explain/1/{tail}").status_code == 404


def test_unknown_start_number_is_404(app, client) -> None:
    ids = seed(app)
    assert client.get(f"/events/{ids['swiss']}/explain/99/BH").status_code == 404
    assert client.get("/events/999/explain/1/BH").status_code == 404


def test_explanation_uses_display_names_of_opponents(app, client) -> None:
    ids = seed(app)
    with app.app_context():
        swiss = db.session.get(Event, ids["swiss"])
        lee_start = next(e.start_no for e in swiss.entries if e.member_id == ids["lee"])
    page = body(client, f"/events/{ids['swiss']}/explain/{lee_start}/BH")
    assert "M. K." in page and "Bo Chen" in page and "Minjun" not in page


def test_event_page_links_the_prize_helper_and_organizers_edit_link(app, client, logged_in) -> None:
    event_id = seed(app)["swiss"]
    public_html = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"/tools/prizes?event={event_id}" in public_html
    assert f"/organize/events/{event_id}" not in public_html
    organizer_html = logged_in.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"/organize/events/{event_id}" in organizer_html
    prizes = client.get(f"/tools/prizes?event={event_id}")
    assert prizes.status_code == 200
