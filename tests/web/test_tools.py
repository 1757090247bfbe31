"""The public tools over HTTP: the tie-break calculator, compare mode, Elo tools, prizes.

Every worked example of docs/tiebreaks.md §6, docs/elo-tools.md goes through the web tool here; bad
input is marked on its field (aria-invalid + aria-describedby) at 200, never a stack trace.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.factories import direct_writes

HX = {"HX-Request": "true"}


def values(html: str) -> dict[str, str]:
    """The tie-break summary: code slug -> shown value."""
    return dict(re.findall(r'id="value-([^"]+)">([^<]*)<', html))


def calc(client, *rounds: str, edition: str = "fide-2026", headers=None) -> str:
    query = "&".join([f"edition={edition}"] + [f"r={quote(r)}" for r in rounds])
    response = client.get(f"/tools/tiebreaks?{query}", headers=headers or {})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_nav_links_and_full_page(client) -> None:
    html = client.get("/tools/tiebreaks").get_data(as_text=True)
    assert 'href="/tools/tiebreaks"' in html and 'href="/tools/elo"' in html
    assert '<form id="calc-form"' in html and 'hx-trigger="input changed delay:300ms"' in html
    assert 'hx-push-url="true"' in html and "style=" not in html and "<script>" not in html
    # The first view is docs/tiebreaks.md §6's bye-cap example.
    got = values(html)
    assert got["BH"] == "13.5" and got["BH-C1"] == "11"


@pytest.mark.parametrize("rounds, expected", [
    (("W,,4", "W,,3", "W,,3", "L,,2", "W,,1"), {"BH": "13", "BH-C1": "12", "BH-M1": "8"}),
    (("W,,4", "W,,3", "W,,2.5", "L,,2", "W,,2"), {"BH": "13.5", "BH-C1": "11.5", "BH-M1": "7.5"}),
    (("W,,3", "W,,3", "W,,3", "L,,2.5", "W,,1"), {"BH": "12.5", "BH-C1": "11.5", "BH-M1": "8.5"}),
    # Progressive: W W W L W = 13, L W W W W = 10.
    (("W,,1", "W,,1", "W,,1", "L,,1", "W,,1"), {"PS": "13"}),
    (("L,,1", "W,,1", "W,,1", "W,,1", "W,,1"), {"PS": "10"}),
    # Bye cap: four wins and a half-point bye in round 3; dummy min(4.5, 2.5) = 2.5.
    (("W,,3.5", "W,,3", "H", "W,,2.5", "W,,2"), {"BH": "13.5", "BH-C1": "11"}),
])
def test_worked_examples_of_7_6(client, rounds, expected) -> None:
    got = values(calc(client, *rounds))
    for code, value in expected.items():
        assert got[code] == value, code


def test_round_robin_sb_examples(client) -> None:
    # Ana: (½×3)+(1×2½)+(½×1½)+(1×0) = 4.75; Bo: (½×3)+(½×2½)+(1×1½)+(1×0) = 4.25.
    assert values(calc(client, "D,,3", "W,,2.5", "D,,1.5", "W,,0"))["SB"] == "4.75"
    assert values(calc(client, "D,,3", "D,,2.5", "W,,1.5", "W,,0"))["SB"] == "4.25"


def test_explanations_cite_the_article(client) -> None:
    html = calc(client, "W,,3.5", "W,,3", "H", "W,,2.5", "W,,2")
    assert 'id="tb-BH-C1"' in html and "C.07 8.1" in html
    assert "16.4.2" in html  # the dummy's cap explained
    assert 'class="cut"' in html


def test_rating_based_and_uscf(client) -> None:
    got = values(calc(client, "W,w,2,1900", "D,b,2,2100", "L,w,3,2000"))
    assert got["ARO"] == "2000" and got["TPR"] != "—"
    got = values(calc(client, "W,w,2", "D,b,2", "L,w,3", "W,b,1", edition="uscf"))
    assert set(got) == {"MM", "SOLK", "HARK", "CUM", "KASH", "MB"}
    assert got["SOLK"] == "8" and got["MB"] == "2"


def test_htmx_results_fragment_pushes_the_canonical_url(client) -> None:
    response = client.get("/tools/tiebreaks?edition=fide-2026&k=W&c=w&s=3&o=&k=H&c=&s=&o=",
                          headers={**HX, "HX-Target": "calc-results"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="calc-results"') and "<html" not in html
    assert response.headers["HX-Push-Url"] == "/tools/tiebreaks?edition=fide-2026&r=W%2Cw%2C3&r=H"
    assert 'hx-swap-oob="true"' in html  # field messages refreshed out of band
    assert "HX-Target" in response.headers["Vary"]


def test_history_restore_gets_the_full_page(client) -> None:
    response = client.get("/tools/tiebreaks?r=W,,3", headers={
        **HX, "HX-Target": "calc-results", "HX-History-Restore-Request": "true"})
    assert "<html" in response.get_data(as_text=True)


def test_form_without_javascript_redirects_to_the_compact_url(client) -> None:
    response = client.get("/tools/tiebreaks?edition=uscf&k=W&c=b&s=0,5&o=1900")
    assert response.status_code == 303
    assert response.headers["Location"] == "/tools/tiebreaks?edition=uscf&r=W%2Cb%2C0.5%2C1900"
    assert values(client.get(response.headers["Location"]).get_data(as_text=True))["SOLK"] \
        == "0.5"


def test_add_and_remove_rounds(client) -> None:
    added = client.get("/tools/tiebreaks?edition=fide-2026&k=W&c=&s=3&o=&op=add")
    assert added.headers["Location"].endswith("r=W%2C%2C3&r=W")
    removed = client.get("/tools/tiebreaks?edition=fide-2026&k=W&c=&s=3&o=&k=L&c=&s=1&o=&op=del:0")
    assert removed.headers["Location"].endswith("r=L%2C%2C1")
    fragment = client.get("/tools/tiebreaks?edition=fide-2026&k=W&c=&s=3&o=&op=add",
                          headers={**HX, "HX-Target": "calc"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="calc"') and 'id="k1"' in fragment
    assert "autofocus" in fragment


def _marked(html: str, field_id: str) -> str:
    tag = re.search(rf'<(?:input|select|textarea)[^>]*id="{field_id}"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in tag and f'aria-describedby="{field_id}-error"' in tag
    message = re.search(rf'<span id="{field_id}-error" class="field-error">([^<]+)</span>', html)
    assert message, field_id
    return message.group(1)


def test_bad_input_is_marked_on_its_field(client) -> None:
    html = calc(client, "W,w,7", "W,b,-1", "W,w,2,-5", "Q,x,2", "W,w,abc", "W,w,2,x")
    assert "cannot score 7 in 6 rounds" in _marked(html, "s0")
    assert "not a score" in _marked(html, "s1")
    assert "negative" in _marked(html, "o2")
    assert "Unknown result kind" in _marked(html, "k3")
    assert _marked(html, "c3")
    assert _marked(html, "s4") and _marked(html, "o5")
    assert "Correct the marked fields" in html
    assert 'id="value-BH"' not in html


def test_unknown_edition_and_malformed_state(client) -> None:
    html = calc(client, "W,,3", edition="fide-1999")
    assert "no tie-break edition" in _marked(html, "edition")
    assert '<form id="calc-form"' in html  # the rest of the page still works
    html = client.get("/tools/tiebreaks?r=W,w,3,1900,7,8&r=%FF&r=,,,").get_data(as_text=True)
    assert _marked(html, "k0") and "Traceback" not in html
    response = client.get("/tools/tiebreaks?edition=fide-2026&r=" + "&r=".join(["W,,1"] * 40))
    assert response.status_code == 200 and 'id="k30"' not in response.get_data(as_text=True)


def test_a_too_long_entry_is_marked_on_its_field_not_cut(client) -> None:
    """Visitor input is never cut to fit: a field longer than it may be keeps what was typed,
    is marked with a message naming it, and nothing is calculated from it."""
    html = calc(client, "W,w,3", "W,b,2." + "5" * 20, "D,w,1")
    assert "final score: at most 12 characters; this one has 22." in _marked(html, "s1")
    assert 'value="2.' + "5" * 20 + '"' in html
    assert "Correct the marked fields" in html and 'id="value-BH"' not in html
    html = calc(client, "WWWWW,w,3")
    assert "Result: at most 4 characters; this one has 5." in _marked(html, "k0")
    # The no-JavaScript form (aligned fields) says the same after its redirect.
    response = client.get("/tools/tiebreaks?edition=fide-2026&k=W&c=w&s=" + "3" * 13 + "&o=")
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "at most 12 characters" in _marked(html, "s0")
    korean = client.get("/tools/tiebreaks?lang=ko&r=W,w,3&r=" + quote("W,b,2." + "5" * 20))
    assert "최대 12자" in _marked(korean.get_data(as_text=True), "s1")


def test_too_many_rounds_from_the_form_are_said(client) -> None:
    """More rounds than a record has: the page says only the first 30 are used, whichever
    way they came (the compact address or the form's aligned fields)."""
    form = "&".join(["k=W&c=&s=1&o="] * 31)
    response = client.get(f"/tools/tiebreaks?edition=fide-2026&{form}")
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Only the first 30 rounds are used." in html and 'id="k30"' not in html
    fragment = client.get(f"/tools/tiebreaks?edition=fide-2026&{form}",
                          headers={**HX, "HX-Target": "calc"}).get_data(as_text=True)
    assert "Only the first 30 rounds are used." in fragment


def test_compare_says_what_it_leaves_out(client) -> None:
    players = "&".join(f"p={quote(f'P{n};W,,1')}" for n in range(9))
    html = client.get(f"/tools/tiebreaks/compare?edition=fide-2026&{players}").get_data(
        as_text=True)
    assert "Only the first 8 players are compared." in html and 'id="name8"' not in html
    long_name = "N" * 41
    html = client.get("/tools/tiebreaks/compare?edition=fide-2026&p="
                      + quote(f"{long_name};W,,1") + "&p=" + quote("Bo;W,,1")).get_data(
        as_text=True)
    assert "Name: at most 40 characters; this one has 41." in _marked(html, "name0")
    assert f'value="{long_name}"' in html


THREE = ("p=" + quote("Ana;W,w,4;W,b,3;D,w,3;L,b,2;W,w,1") + "&p="
         + quote("Bo;W,w,4;W,b,3;D,w,2.5;L,b,2;W,w,2") + "&p="
         + quote("Cai;W,w,3;W,b,3;D,w,3;L,b,2.5;W,w,1"))


def winners(html: str) -> dict[str, str]:
    rows = re.findall(r'<tr data-code="([^"]+)">(.*?)</tr>', html, re.S)
    return {code: re.sub(r"<[^>]+>", "", re.search(r'<td class="winner">(.*?)</td>', row,
                                                       re.S).group(1)).strip()
            for code, row in rows}


def test_compare_three_winners(client) -> None:
    html = client.get("/tools/tiebreaks/compare?edition=fide-2026&" + THREE).get_data(
        as_text=True)
    got = winners(html)
    assert (got["BH"], got["BH/C1"], got["BH/M1"]) == ("Bo", "Ana", "Cai")


def test_compare_example_link_is_one_click(client) -> None:
    html = client.get("/tools/tiebreaks/compare").get_data(as_text=True)
    link = re.search(r'<a class="example" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    got = winners(client.get(link).get_data(as_text=True))
    assert len({got["BH"], got["BH/C1"], got["BH/M1"]}) == 3


def test_compare_form_fields_and_errors(client) -> None:
    response = client.get("/tools/tiebreaks/compare?edition=fide-2026&name=A&rounds=W,,3%0AL,,2"
                          "&name=B&rounds=W,,9")
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "cannot score 9" in _marked(html, "rounds1")
    fragment = client.get(response.headers["Location"],
                          headers={**HX, "HX-Target": "compare-results"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="compare-results"')


def elo(client, **params: str) -> str:
    response = client.get("/tools/elo", query_string=params)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def shown(html: str, element_id: str) -> str:
    return re.search(rf'id="{element_id}">([^<]*)<', html).group(1)


def test_elo_fide_vectors(client) -> None:
    html = elo(client, c_rating="1922", c_opps="1798, 1801, 1897", c_score="2", c_k="40")
    assert shown(html, "change-new") == "1928" and "40 × (2 − 1.86)" in html
    html = elo(client, c_rating="1794", c_opps="2073,1938,1847,1986,2115,1902,1831",
               c_score="2½", c_k="40")
    assert shown(html, "change-new") == "1811"
    html = elo(client, c_rating="1787", c_opps="2813,1626,1675,1579,1742", c_score="2",
               c_k="40")
    assert shown(html, "change-new") == "1756" and "400-point rule" in html
    html = elo(client, c_rating="2000", c_opps=",".join(["2000"] * 18), c_score="9", c_k="40")
    assert shown(html, "change-k") == "38" and "700" in html


def test_elo_expected_table_performance_initial(client) -> None:
    html = elo(client)
    for percent in (50, 57, 64, 70, 76, 81, 85, 88, 91, 93, 95):
        assert f"<td class=\"num\">{percent} %</td>" in html
    html = elo(client, e_rating="1400", e_opp="1500", p_opps="1798,1801,1897", p_score="2",
               i_opps="2500,2600,2400,2500,2450", i_score="5")
    assert shown(html, "expected-value") == "36.0 %" and "0.3599" in html
    assert shown(html, "performance-value") == "1957" and "dp(0.67) = 125" in html
    assert shown(html, "initial-value") == "2200" and "maximum" in html


def test_elo_ladder_worked_example_expected_scores(client) -> None:
    # docs/club-rating.md §1 example 1 (the logistic curve): 1400 vs 1500, 1300, 1600, 1350.
    for opp, e in (("1500", "36.0"), ("1300", "64.0"), ("1600", "24.0"), ("1350", "57.1")):
        assert shown(elo(client, e_rating="1400", e_opp=opp), "expected-value") == f"{e} %"


def test_elo_bad_input_marks_the_field_and_keeps_the_rest(client) -> None:
    html = elo(client, c_rating="-5", c_opps="1500", c_score="1", p_opps="1500,1600",
               p_score="3", e_rating="1500", e_opp="abc", i_opps="1500,x", i_score="1")
    assert "negative" in _marked(html, "c_rating")
    assert "more than the number of games" in _marked(html, "p_score")
    assert _marked(html, "e_opp") and _marked(html, "i_opps")
    html = elo(client, c_rating="1500", c_opps="1500", c_score="1", p_opps="1500,1600",
               p_score="3")
    assert shown(html, "change-new") == "1510"  # the other tool still works


def test_elo_htmx_fragment(client) -> None:
    response = client.get("/tools/elo?e_rating=1500&e_opp=1400",
                          headers={**HX, "HX-Target": "elo-results"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="elo-results"')
    assert response.headers["HX-Push-Url"] == "/tools/elo?e_rating=1500&e_opp=1400"


def test_prizes_split_and_indivisible(client) -> None:
    response = client.get("/tools/prizes", query_string={
        "prizes": "500 + Trophy\n300\n100",
        "standings": "Ana; 5; 1\nBo; 5; 2\nCai; 4; 3"})
    html = response.get_data(as_text=True)
    cash = re.findall(r'<td class="num cash">([^<]*)</td>', html)
    assert cash == ["400", "400", "100"]
    assert "places 1–2 pooled, split 2 ways" in html and "Trophy" in html


def test_prizes_bad_input(client) -> None:
    html = client.get("/tools/prizes", query_string={
        "prizes": "100\n12.345", "standings": "Ana; x"}).get_data(as_text=True)
    assert "Line 2" in _marked(html, "prizes") and "Line 1" in _marked(html, "standings")
    html = client.get("/tools/prizes?event=999").get_data(as_text=True)
    assert "no published event" in html


def test_prizes_too_long_text_is_marked_not_cut(client) -> None:
    long = "100\n" * 2001  # 8004 characters: more than a box takes
    html = client.get("/tools/prizes", query_string={
        "prizes": long, "standings": "Ana; 5; 1"}).get_data(as_text=True)
    assert "Prizes: at most 8000 characters; this one has 8004." in _marked(html, "prizes")
    assert "Correct the marked fields" in html


def test_prizes_prefilled_from_a_visible_event_with_display_names(app, client) -> None:
    import datetime as dt

    from sqlalchemy import select

    from ladder.extensions import db
    from ladder.models import ClubSettings, Event, Member
    from ladder.vocabulary.tournament import Kind
    from tests.factories import publish_t, tournament

    t = tournament(["Ann Lee", "Minjun Kim", "Bo Chen"],
                   [(1, 1, 2, Kind.DRAW), (2, 1, 3, Kind.WIN), (3, 2, 3, Kind.WIN)])
    with app.app_context(), direct_writes():
        publish_t(t, dt.date(2025, 1, 7))
        kim = db.session.scalar(select(Member).where(Member.name == "Minjun Kim"))
        kim.junior = True
        db.session.commit()
        event_id = db.session.scalar(select(Event.id))
    html = client.get(f"/tools/prizes?event={event_id}&prizes=100%0A50").get_data(as_text=True)
    assert "Minjun Kim" not in html and "M. K." in html and "Ann Lee" in html
    cash = re.findall(r'<td class="num cash">([^<]*)</td>', html)
    assert cash == ["75", "75", "—"]  # Ann and the junior on 1½ share 1st and 2nd
    with app.app_context(), direct_writes():
        db.session.scalar(select(ClubSettings)).visibility = "private"
        db.session.commit()
    html = client.get(f"/tools/prizes?event={event_id}").get_data(as_text=True)
    assert "no published event" in html and "Ann Lee" not in html


@pytest.mark.parametrize("query", [
    "/tools/elo?c_rating=1500&c_opps=1400&c_score=1&c_k=%C2%B2",
    "/tools/prizes?event=%C2%B2",
    "/tools/prizes?prizes=100&standings=Ann%3B1%3B%C2%B2",
    "/tools/tiebreaks/compare?name=Ann&rounds=W,w,1&op=del:%C2%B2",
])
def test_digits_int_cannot_read_are_refused_not_a_crash(client, query) -> None:
    # "²".isdigit() is true but int("²") fails: such input is a field problem, never a 500.
    response = client.get(query, headers=HX)
    assert response.status_code == 200


def test_elo_uscf_section(client) -> None:
    # The first view: "Approximating Formulas" example, 1500 on 6 games → 1511 (special).
    html = elo(client)
    assert shown(html, "uscf-new") == "1511" and shown(html, "uscf-kind") == "special formula"
    # Standard with bonus (tests/unit/test_elo_uscf.py): 1700 on 30 games, 4 of 4 vs 1700s.
    html = elo(client, u_rating="1700", u_games="30", u_opps="1700, 1700, 1700, 1700",
               u_score="4")
    assert shown(html, "uscf-new") == "1813" and shown(html, "uscf-delta") == "+113"
    assert shown(html, "uscf-k") == "33.32" and shown(html, "uscf-bonus") == "46.63"
    assert "800 / (20.01 + 4)" in shown(html, "uscf-formula")
    # The peak floor and "all earlier games won".
    html = elo(client, u_rating="1750", u_games="40", u_opps="1800,1800,1800,1800",
               u_score="0", u_peak="1941")
    assert shown(html, "uscf-new") == "1700" and "The floor of 1700 applies." in html
    html = elo(client, u_rating="1600", u_games="3", u_opps="1500", u_score="1", u_prev="wins")
    assert shown(html, "uscf-new") == "1900" and 'value="wins" selected' in html


def test_elo_uscf_bad_input_marks_the_field(client) -> None:
    html = elo(client, u_rating="1500", u_games="x", u_opps="1500,1600", u_score="3",
               e_rating="1500", e_opp="1400")
    assert "whole number, 0 or more" in _marked(html, "u_games")
    assert 'id="uscf-new"' not in html and shown(html, "expected-value") == "64.0 %"
    html = elo(client, u_rating="1500", u_games="6", u_opps="1500,1600", u_score="3")
    assert "more than the number of games" in _marked(html, "u_score")
    html = elo(client, u_rating="1500", u_games="30", u_opps="1500", u_score="1", u_peak="1400")
    assert "at least the rating" in _marked(html, "u_peak")
    html = elo(client, u_rating="1500", u_games="", u_opps="1500", u_score="1")
    assert _marked(html, "u_games")


def test_elo_uscf_htmx_fragment_refreshes_its_messages(client) -> None:
    response = client.get("/tools/elo?u_rating=1500&u_games=6&u_opps=1400,1550,1650&u_score=x",
                          headers={**HX, "HX-Target": "elo-results"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="elo-results"')
    assert re.search(r'<span id="u_score-error" class="field-error" hx-swap-oob="true">[^<]+<',
                     html)
    assert response.headers["HX-Push-Url"].startswith("/tools/elo?u_rating=1500")


def test_elo_lists_typed_on_a_chinese_keyboard(client) -> None:
    # A full-width comma, the enumeration comma 、 and full-width digits separate and count
    # like "1798, 1801, 1897" (ladder/vocabulary/lists.py).
    for typed in ("1798，1801，1897", "1798、1801、1897", "１７９８，１８０１，１８９７"):
        html = elo(client, c_rating="1922", c_opps=typed, c_score="2", c_k="40")
        assert shown(html, "change-new") == "1928", typed


def test_prizes_in_rupiah_for_an_indonesian_reader(client) -> None:
    query = {"lang": "id", "prizes": "Rp 500.000 + Piala\n300.000",
             "standings": "Ana; 5; 1\nBo; 5; 2"}
    html = client.get("/tools/prizes", query_string=query).get_data(as_text=True)
    cash = re.findall(r'<td class="num cash">([^<]*)</td>', html)
    assert cash == ["400.000", "400.000"] and "Piala" in html  # the thousands dot
    query = {"lang": "id", "prizes": "500.000", "standings": "Ana; 5; 1\nBo; 5; 1\nCai; 5; 1"}
    html = client.get("/tools/prizes", query_string=query).get_data(as_text=True)
    assert re.findall(r'<td class="num cash">([^<]*)</td>', html) == [
        "166.666,67", "166.666,67", "166.666,66"]
    html = client.get("/tools/prizes", query_string={**query, "lang": "en",
                                                     "prizes": "500000"}).get_data(as_text=True)
    assert re.findall(r'<td class="num cash">([^<]*)</td>', html)[0] == "166,666.67"
    # The same "500.000" is refused for an English reader, on its line and in English.
    query = {"lang": "en", "prizes": "100\n500.000", "standings": "Ana; 5; 1"}
    html = client.get("/tools/prizes", query_string=query).get_data(as_text=True)
    assert "Line 2" in _marked(html, "prizes")
    # An Indonesian reader's refusal is in Indonesian, naming the line.
    query = {"lang": "id", "prizes": "100\n1,500", "standings": "Ana; 5; 1"}
    html = client.get("/tools/prizes", query_string=query).get_data(as_text=True)
    assert "Baris 2" in _marked(html, "prizes")


def test_the_indonesian_prize_example_is_in_rupiah(client) -> None:
    html = client.get("/tools/prizes?lang=id").get_data(as_text=True)
    assert "Rp 500.000 + Piala" in html
    cash = re.findall(r'<td class="num cash">([^<]*)</td>', html)
    # the example's 500.000 + 300.000 pooled by Ana and Bo
    assert cash[:2] == ["400.000", "400.000"]
