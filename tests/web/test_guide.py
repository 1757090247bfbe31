"""The guide (docs/qualities.md §2): /guide/ladder, /guide/tiebreaks, /guide/faq in every locale,
public in every visibility mode, every number on them produced by the engines.

The expected numbers are computed here by calling the engines directly (the rating engine,
the tie-break engine, the Elo tools), not through the guide's own example module, so a guide
that printed anything else would fail.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.elo import classic_table
from ladder.extensions import db
from ladder.models import Member
from ladder.rating import EventInput, MemberState, Pairing, RatingOptions, rate_event, replay
from ladder.rating.club_elo import expected_score
from ladder.tiebreaks import CalcRound, calculate
from ladder.vocabulary.numbers import decimal_text, points_text
from ladder.vocabulary.tournament import Colour, EventKind, Kind

LOCALES = ("en", "ko", "zh_Hans", "id")
HTML_LANG = {"en": "en", "ko": "ko", "zh_Hans": "zh-Hans", "id": "id"}
PAGES = ("/guide/ladder", "/guide/tiebreaks", "/guide/faq")
W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def page(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def section(html: str, section_id: str) -> str:
    """The text of ``<section id=section_id>`` (tags stripped, spaces collapsed)."""
    part = html.split(f'<section id="{section_id}"', 1)[1].split("</section>", 1)[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", part))


def element(html: str, css_class: str) -> str:
    """The text of the first element whose class list starts with ``css_class``."""
    match = re.search(rf'class="{re.escape(css_class)}[^"]*"[^>]*>(.*?)</(p|dd|div|li)>', html,
                      re.S)
    assert match, css_class
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", match.group(1)))


def event(pairings: list[Pairing], event_id: int = 1) -> EventInput:
    members = sorted({p.a for p in pairings} | {p.b for p in pairings if p.b is not None})
    return EventInput(event_id, True, EventKind.SWISS, tuple(members), tuple(pairings))


def f4(value: float) -> str:
    return f"{value:.4f}"


def loc(text: str, locale: str) -> str:
    """A number as the page writes it in ``locale`` (Indonesian: decimal comma)."""
    return text.replace(".", ",") if locale == "id" else text


# --- Pages, locales, redirects, visibility -------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("url", PAGES)
def test_each_page_renders_in_each_locale(client: FlaskClient, url: str, locale: str) -> None:
    html = page(client, f"{url}?lang={locale}")
    assert f'<html lang="{HTML_LANG[locale]}">' in html
    assert "<h1>" in html and 'class="guide-pages"' in html
    assert 'aria-current="page"' in html.split('class="guide-pages"')[1].split("</nav>")[0]
    # No inline styles or scripts (strict CSP) and the guide's own stylesheet.
    assert " style=" not in html and "<script>" not in html
    assert "/static/guide.css" in html


@pytest.mark.parametrize("locale", LOCALES)
def test_the_worked_example_is_the_engines_in_every_locale(client: FlaskClient,
                                                           locale: str) -> None:
    html = page(client, f"/guide/ladder?lang={locale}")
    worked = section(html, "change")
    for opponent in (1500, 1300, 1600, 1350):
        assert loc(f4(expected_score(1400.0, opponent)), locale) in worked
    rows, _ = rate_event(event([Pairing(1, 2, L), Pairing(1, 3, W), Pairing(1, 4, D),
                                Pairing(1, 5, W)]),
                         {1: MemberState(1400, 30), **{i: MemberState(r, 30) for i, r in
                                                      ((2, 1500), (3, 1300), (4, 1600),
                                                       (5, 1350))}}, RatingOptions())
    ann = rows[0]
    assert ann.k == 20
    assert loc(f4(ann.expected), locale) in worked  # 1.8117
    assert loc(f"+{f4(ann.rating_after - ann.rating_before)}", locale) in worked  # +13.7657
    assert loc(f4(ann.rating_after), locale) in worked  # 1413.7657
    assert ann.rating_after == pytest.approx(1413.76, abs=0.01)
    assert loc(f"{ann.rating_after:.1f}", locale) in worked and "2½" in worked


def test_redirects_lead_to_the_guide(client: FlaskClient) -> None:
    for url, target in (("/guide", "/guide/ladder"), ("/guide/", "/guide/ladder"),
                        ("/help", "/guide/ladder"), ("/faq", "/guide/faq")):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response.headers["Location"].endswith(target), url


def test_the_header_links_to_the_guide(client: FlaskClient) -> None:
    html = page(client, "/tools/elo")
    nav = html.split('aria-label="Main"')[1].split("</nav>")[0]
    assert 'href="/guide/ladder"' in nav


def _set(app: Flask, **changes: object) -> None:
    with app.app_context():
        from ladder.services.club_settings import current_form, update_settings
        update_settings(replace(current_form(), **changes), actor="test")


@pytest.mark.parametrize("mode", ["private", "unlisted", "public"])
def test_public_in_every_mode_and_no_member_shows(demo: Flask, client: FlaskClient,
                                                   mode: str) -> None:
    _set(demo, visibility=mode)
    with demo.app_context():
        names = db.session.scalars(select(Member.name)).all()
    assert len(names) > 10
    for url in PAGES:
        html = page(client, url)
        leaked = [name for name in names if name in html]
        assert not leaked, (mode, url, leaked[:5])
        if mode != "public":
            assert 'name="robots" content="noindex"' in html or mode == "public"
    if mode != "public":
        # The club's own pages stay hidden, and the guide does not link them.
        assert client.get("/").status_code == 404
        assert 'href="/members"' not in page(client, "/guide/ladder")


# --- The club's own settings ---------------------------------------------------------------

def test_the_settings_shown_are_the_clubs(app: Flask, client: FlaskClient) -> None:
    html = page(client, "/guide/ladder")
    assert "starts at 1200." in element(html, "start-rating")
    assert element(html, "k-schedule").strip() == (
        "K is 40 while a member has fewer than 20 counted games before an event, then 20.")
    assert "until they have 5 counted games" in element(html, "provisional-threshold")
    assert element(html, "junior-k").startswith("Off")
    assert element(html, "floor").startswith("Off")

    _set(app, start_rating=1500.0, k_new=32.0, k_established=16.0, k_threshold=10,
         provisional_games=3, junior_k=40.0, rating_floor=1000.0)
    html = page(client, "/guide/ladder?lang=en")
    assert "starts at 1500." in element(html, "start-rating")
    assert "K is 32 while a member has fewer than 10 counted games before an event, then 16." \
        in element(html, "k-schedule")
    assert "until they have 3 counted games" in element(html, "provisional-threshold")
    assert "K 40" in element(html, "junior-k") and "2300" in element(html, "junior-k")
    assert "1000" in element(html, "floor")
    # The examples follow the settings: the worked example now uses K 16.
    options = RatingOptions(start_rating=1500.0, k_new=32.0, k_established=16.0, k_threshold=10,
                            provisional_games=3, junior_k=40.0, floor=1000.0)
    rows, _ = rate_event(event([Pairing(1, 2, L), Pairing(1, 3, W), Pairing(1, 4, D),
                                Pairing(1, 5, W)]),
                         {1: MemberState(1400, 20), 2: MemberState(1500, 20),
                          3: MemberState(1300, 20), 4: MemberState(1600, 20),
                          5: MemberState(1350, 20)}, options)
    assert rows[0].k == 16
    worked = section(page(client, "/guide/ladder?lang=id"), "change")
    assert "K = 16" in worked and loc(f4(rows[0].rating_after), "id") in worked
    # The protection example starts at the club's start rating, with the newcomers' K.
    est, new = rate_event(event([Pairing(1, 2, W)]), {1: MemberState(1800, 20)}, options)[0]
    text = element(html, "protection-example")
    assert "1800" in text and "1500" in text
    assert f4(new.expected) in text and f"{new.rating_after:.1f}" in text
    assert est.rating_after == est.rating_before == 1800


# --- The ladder guide's other examples -----------------------------------------------------

def test_the_ladder_examples_are_the_engines(client: FlaskClient) -> None:
    html = page(client, "/guide/ladder?lang=en")
    options = RatingOptions()
    # Expected scores and the Elo tools' classic table.
    expected = section(html, "expected")
    for diff in (0, 100, 200, 400):
        assert f4(expected_score(1200, 1200 + diff)) in expected
    for row in classic_table():
        # "50 %" in English, "50%" where the language writes no space (Korean, Chinese).
        assert re.search(rf"\b{row.higher_percent}\s?%", expected)
    # docs/club-rating.md §1 example 4: established 1500 beats a newcomer; the newcomer loses K × E.
    rows, _ = rate_event(event([Pairing(1, 2, W)]), {1: MemberState(1500, 30)}, options)
    est, new = rows
    assert est.rating_after == 1500 and est.games_counted == 0
    text = element(html, "protection-example")
    assert f4(new.expected) == "0.1510" and "0.1510" in text
    assert f"{new.rating_before - new.rating_after:.2f}" == "6.04" and "6.04" in text
    # Only newcomers all night: the established member ends where they started.
    rows, _ = rate_event(event([Pairing(1, 2, W), Pairing(1, 3, W), Pairing(4, 1, W)]),
                         {1: MemberState(1400, 30)}, options)
    assert rows[0].rating_after == rows[0].rating_before
    text = element(html, "only-newcomers")
    assert text.count(f"{rows[0].rating_after:.1f}") == 2 and " 30." in text
    # docs/club-rating.md §1 example 3: a new club's first night, every game counts for both.
    rows, _ = rate_event(event([Pairing(1, 2, W), Pairing(3, 4, D), Pairing(1, 3, W),
                                Pairing(2, 4, L)]), {}, options)
    table = html.split('class="first-night"')[1].split("</table>")[0]
    cells = re.findall(r"<td class=\"num\">([^<]*)</td>", table)
    assert cells == [c for row in rows for c in (str(row.games_counted), points_text(row.score),
                                                  f"{row.rating_before:.1f}",
                                                  f"{row.rating_after:.1f}")]
    assert all(row.games_counted == 2 for row in rows)
    # K fixed for the event, then the lower K.
    rows, _ = replay([event([Pairing(1, 2, W), Pairing(1, 3, W), Pairing(1, 4, D)], 1),
                      event([Pairing(1, 2, D)], 2)],
                     {1: MemberState(1200, 19), **{i: MemberState(1200, 30) for i in (2, 3, 4)}},
                     options)
    mine = [r for r in rows if r.member_id == 1]
    text = element(html, "k-example")
    assert (mine[0].k, mine[1].k) == (40, 20)
    assert "19 counted games" in text and "K 40" in text and "22 games" in text and "K is 20" \
        in text
    # Batching: the reversed order gives the same rating.
    text = element(html, "batching-example")
    assert "1413.7657" in text
    # A correction replays the later night too.
    state = {i: MemberState(1200, 30) for i in (1, 2, 3)}
    wrong, _ = replay([event([Pairing(1, 2, L)], 1), event([Pairing(1, 3, W)], 2)], state,
                      options)
    right, _ = replay([event([Pairing(1, 2, W)], 1), event([Pairing(1, 3, W)], 2)], state,
                      options)
    text = element(html, "correction-example")
    for rows in (wrong, right):
        for row in (r for r in rows if r.member_id == 1):
            assert f"{row.rating_after:.1f}" in text


# --- The tie-break guide -------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_the_tiebreak_examples_are_the_engines(client: FlaskClient, locale: str) -> None:
    html = page(client, f"/guide/tiebreaks?lang={locale}")
    bh = html.split('class="example buchholz-example"')[1].split("</table>")[0]
    for name, scores, want in (("Ana", (4, 3, 3, 2, 1), ("13", "12", "8")),
                               ("Bo", (4, 3, Fraction(5, 2), 2, 2), ("13.5", "11.5", "7.5")),
                               ("Cai", (3, 3, 3, Fraction(5, 2), 1), ("12.5", "11.5", "8.5"))):
        values = calculate([CalcRound(W, Fraction(s)) for s in scores], "BH,BH/C1,BH/M1")
        got = tuple(decimal_text(values[c]) for c in ("BH", "BH/C1", "BH/M1"))
        assert got == want  # docs/tiebreaks.md §6
        row = bh.split(f">{name}</th>")[1].split("</tr>")[0]
        # A Buchholz is a sum of points: written as points are (13½), the engine's 13.5.
        shown = [loc(points_text(values[c]), locale) for c in ("BH", "BH/C1", "BH/M1")]
        assert re.findall(r'class="num">([^<]*)<', row) == shown
    assert "Bo has the best BH, Ana the best BH/C1 and Cai the best BH/M1" in html \
        or locale != "en"
    sb = html.split('class="example sb-example"')[1].split("</table>")[0]
    for kinds, want in (((D, W, D, W), "4.75"), ((D, D, W, W), "4.25")):
        scores = (3, Fraction(5, 2), Fraction(3, 2), 0)
        values = calculate([CalcRound(k, s) for k, s in zip(kinds, scores, strict=False)],
                           "SB", round_robin=True)
        assert decimal_text(values["SB"]) == want and f">{loc(want, locale)}<" in sb
    ps = html.split('class="example ps-example"')[1].split("</table>")[0]
    for kinds, want in (((W, W, W, L, W), "13"), ((L, W, W, W, W), "10")):
        assert decimal_text(calculate([CalcRound(k, 2) for k in kinds], "PS")["PS"]) == want
        assert f">{want}<" in ps
    # The bye under each edition (docs/tiebreaks.md §6: fide-2026 BH 13½, BH/C1 11).
    rounds = [CalcRound(W, Fraction(7, 2)), CalcRound(W, 3), CalcRound(Kind.HALF_BYE),
              CalcRound(W, Fraction(5, 2)), CalcRound(W, 2)]
    editions = html.split('class="example editions-example"')[1].split("</table>")[0]
    for edition, codes in (("fide-2026", "BH,BH/C1"), ("fide-2024", "BH,BH/C1"),
                           ("fide-2012", "BH,BH/C1"), ("uscf", "SOLK,MM")):
        values = calculate(rounds, codes, edition)
        row = editions.split(f'class="edition-{edition}"')[1].split("</tr>")[0]
        cells = re.findall(r'class="num">([^<]*)<', row)
        total = values[codes.split(",")[0]]
        assert cells == [loc(points_text(total - 11), locale),
                         *(loc(points_text(v), locale) for v in values.values())]
    assert calculate(rounds, "BH,BH/C1")["BH/C1"] == 11
    # Art. 10: an unrated opponent drops ARO and TPR.
    white, black = Colour.WHITE, Colour.BLACK
    own = [CalcRound(W, 3, white, 1650), CalcRound(D, 4, black, 1720),
           CalcRound(Kind.FORFEIT_WIN, 2), CalcRound(W, Fraction(5, 2), black, 1580),
           CalcRound(L, Fraction(7, 2), white, 1800)]
    ratings = calculate(own, "ARO,TPR")
    text = element(html, "rating-example")
    assert str(ratings["ARO"]) in text and str(ratings["TPR"]) in text
    unrated = own[:4] + [CalcRound(L, Fraction(7, 2), white, None)]
    assert calculate(unrated, "ARO,TPR") == {"ARO": None, "TPR": None}
    values = calculate(own, "WIN,WON,BPG,BWG,KS")
    assert (values["WIN"], values["WON"]) == (3, 2)  # the forfeit win is a WIN, not a WON
    dl = html.split('class="values own-values"')[1].split("</dl>")[0]
    for code in values:  # one card, one style: KS is points, written as PTS is (2½)
        assert f"<dt>{code}</dt><dd>{loc(points_text(values[code]), locale)}</dd>" in dl
    uscf = calculate(own, "MM,SOLK,CUM,KASH,MB", "uscf")
    dl = html.split('class="values uscf-values"')[1].split("</dl>")[0]
    for code, value in uscf.items():
        assert f"<dt>{code}</dt><dd>{loc(decimal_text(value), locale)}</dd>" in dl


def test_every_tiebreak_has_a_plain_sentence_and_an_anchor(client: FlaskClient) -> None:
    from ladder.tiebreaks.codes import NAMES
    html = page(client, "/guide/tiebreaks")
    for name in NAMES:
        if name in ("PTS",):
            continue
        assert f'id="tb-{name.lower()}"' in html, name
        entry = html.split(f'id="tb-{name.lower()}"')[1].split("</div>")[0]
        assert len(re.sub(r"<[^>]+>", "", entry)) > 30, name


# --- The FAQ -------------------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_the_faq_numbers_are_the_engines(client: FlaskClient, locale: str) -> None:
    html = page(client, f"/guide/faq?lang={locale}")
    state = {1: MemberState(1500, 30), 2: MemberState(1200, 30)}
    (fav, out), _ = rate_event(event([Pairing(1, 2, W)]), state, RatingOptions())
    text = element(html, "little-example")
    assert loc(f4(fav.expected), locale) in text
    assert loc(f"+{fav.rating_after - 1500:.1f}", locale) in text
    (fav, out), _ = rate_event(event([Pairing(1, 2, L)]), state, RatingOptions())
    assert loc(f"+{out.rating_after - 1200:.1f}", locale) in element(html, "surprise-example")
    (est, new), _ = rate_event(event([Pairing(1, 2, W)]), {1: MemberState(1500, 30)},
                               RatingOptions())
    text = element(html, "no-move-example")
    assert loc("1500.0", locale) in text
    assert loc(f"−{new.rating_before - new.rating_after:.1f}", locale) in text
    from ladder.names import initials
    for name in ("John Doe", "홍길동", "张小三"):
        assert f"<td>{initials(name)}</td>" in html
    bye = [CalcRound(W, Fraction(7, 2)), CalcRound(W, 3), CalcRound(Kind.HALF_BYE),
           CalcRound(W, Fraction(5, 2)), CalcRound(W, 2)]
    text = element(html, "programs-example")
    for edition in ("fide-2026", "fide-2012"):
        assert loc(decimal_text(calculate(bye, "BH", edition)["BH"]), locale) in text


def test_prize_pooling_is_the_prize_helpers(client: FlaskClient) -> None:
    from ladder.club.prizes import FinalStanding, Prize, distribute, money
    awards = distribute((Prize(1, 30000), Prize(2, 20000), Prize(3, 10000)),
                        (FinalStanding("A", Fraction(4), 1), FinalStanding("B", Fraction(4), 2),
                         FinalStanding("C", Fraction(3), 3)))
    assert [a.cents for a in awards] == [25000, 25000, 10000]
    text = element(page(client, "/guide/tiebreaks"), "prize-example")
    assert f"pool {money(50000)} and each receives {money(awards[0].cents)}" in text
    assert f"receives {money(awards[2].cents)}." in text
