"""Typography per language on the pages (docs/glossary.md, "Formatting"; docs/development.md,
"Putting a name into a sentence"): punctuation the templates join written per language
(Chinese full-width: 白方：李小龙（1）), the board cards and the resting list, the zero-point
bye's own mark, signed numbers with a true minus, worked formulas, the results box's example
in the club's language, prize money with thousands separators, inputs echoing a decimal comma,
the Korean stylesheet keeping words whole."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ladder.formats.paste import parse_paste
from ladder.services import night_rounds as rounds
from ladder.services.night import Arrival, NightSettings, check_in, create_night, request_bye
from ladder.vocabulary.tournament import EventKind
from tests.services.night_support import simple_engine

ROOT = Path(__file__).resolve().parents[2]
#: The pairing engine itself, for the test that reads its reasons.
DUTCH = rounds.swiss_engine
LOCALES = ("en", "ko", "zh_Hans", "id")


@pytest.fixture(autouse=True)
def _engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", lambda: simple_engine)


def _paired_night(app: Flask, names: list[str], half_bye: int | None = None) -> int:
    """A night with ``names`` checked in (new members), start number ``half_bye`` asking for
    a half-point bye in round 1, and round 1 paired."""
    from ladder.extensions import db
    from ladder.models import Night
    with app.app_context():
        night = create_night(NightSettings(name="周四", date=dt.date(2025, 2, 4),
                                           kind=EventKind.SWISS, rounds=3), actor="org")
        for name in names:
            check_in(night.id, Arrival(name=name), None, actor="org")
        if half_bye is not None:
            request_bye(night.id, half_bye, 1, "H", db.session.get(Night, night.id).version,
                        actor="org")
        rounds.pair_round(night.id, 1, db.session.get(Night, night.id).version, actor="org")
        return night.id


def test_board_cards_are_punctuated_per_language(app: Flask, logged_in: FlaskClient) -> None:
    night_id = _paired_night(app, ["李小龙", "Anna Kowalska", "王小明"], half_bye=1)
    zh = logged_in.get(f"/organize/nights/{night_id}/print/1?copy=organizer&lang=zh_Hans"
                       ).get_data(as_text=True)
    cards = zh.split('class="board-cards"')[1]
    assert re.search(r"白方：<strong>[^<]+</strong>（\d）", cards)
    assert "结果：☐" in cards and "签名：_" in cards
    assert not re.search(r"[\u4e00-\u9fff]: ", cards)  # no half-width colon after Chinese
    assert re.search(r"<p>本轮不参赛：Anna Kowalska</p>", zh)  # the resting list, no space
    ko = logged_in.get(f"/organize/nights/{night_id}/print/1?copy=organizer&lang=ko"
                       ).get_data(as_text=True)
    assert re.search(r"백: <strong>[^<]+</strong>\(\d\)", ko)  # no space before "("
    en = logged_in.get(f"/organize/nights/{night_id}/print/1?copy=organizer&lang=en"
                       ).get_data(as_text=True)
    assert re.search(r"White: <strong>[^<]+</strong> \(\d\)", en)


@pytest.mark.parametrize(("locale", "resting"), [
    ("zh_Hans", "本轮不参赛："), ("ko", "이번 라운드에 두지 않는 선수: "),
    ("id", "Tidak bermain di babak ini: ")])
def test_the_desk_says_who_rests_without_nested_brackets(app: Flask, logged_in: FlaskClient,
                                                         locale: str, resting: str) -> None:
    night_id = _paired_night(app, ["李小龙", "Anna Kowalska", "王小明"], half_bye=1)
    html = logged_in.get(f"/organize/nights/{night_id}?lang={locale}").get_data(as_text=True)
    line = html.split(resting)[1].split("</p>")[0]  # the label and the list, no space in zh
    assert line.strip() and "((" not in line and "))" not in line and "（（" not in line


def test_the_pairing_reasons_put_names_in_for_chinese(app: Flask,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rounds, "swiss_engine", DUTCH)  # the engine's own reasons
    night_id = _paired_night(app, ["李小龙", "Anna Kowalska", "王小明", "Bo Chen", "최윤서"])
    client = app.test_client()
    with app.app_context():
        from ladder.extensions import db
        from ladder.models import Night
        from ladder.services.night_rounds import publish_round
        publish_round(night_id, 1, db.session.get(Night, night_id).version, actor="org")
    html = client.get(f"/nights/{night_id}?lang=zh_Hans").get_data(as_text=True)
    reasons = re.findall(r'<p class="why">([^<]+)</p>', html)
    assert len(reasons) == 3
    for text in reasons:
        # A Latin name is set apart from Han text, a Han name is not; no 号 or 棋手 is left.
        assert not re.search(r"[A-Za-z][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Z]", text), text
        assert not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", text), text
        assert not re.search(r"\d 号|号棋手", text), text
    assert any(name in " ".join(reasons) for name in ("李小龙", "王小明", "Anna Kowalska"))


def test_the_legend_gives_the_zero_point_bye_its_own_mark(client: FlaskClient) -> None:
    from ladder.web.support.formatting import legend
    with client.application.test_request_context("/?lang=ko"):
        marks = dict(legend())
    assert marks["불참 0"] == "불참(0점)"
    assert "부전승 1 / ½" in marks


def test_elo_differences_have_a_true_minus(client: FlaskClient) -> None:
    html = client.get("/tools/elo?e_rating=1400&e_opp=1600&lang=zh_Hans").get_data(as_text=True)
    assert "−200" in html and "-200" not in html


def test_the_results_box_example_is_read_by_the_reader_in_every_language(
        app: Flask, logged_in: FlaskClient) -> None:
    for locale in LOCALES:
        html = logged_in.get(f"/organize/events/new?lang={locale}").get_data(as_text=True)
        example = re.search(r'<textarea id="text"[^>]*placeholder="([^"]*)"', html).group(1)
        assert "\n" in example
        parsed = parse_paste(example.replace("&#39;", "'"))
        assert not parsed.errors and parsed.tournament.rounds == 1, (locale, example)
    assert "Babak 1" in logged_in.get("/organize/events/new?lang=id").get_data(as_text=True)


def test_a_decimal_is_echoed_as_the_reader_types_it(client: FlaskClient) -> None:
    html = client.get("/tools/tiebreaks?lang=id&k=W&s=3.5", follow_redirects=True).get_data(
        as_text=True)
    assert 'value="3,5"' in html
    html = client.get("/tools/tiebreaks?lang=en&k=W&s=3.5", follow_redirects=True).get_data(
        as_text=True)
    assert 'value="3.5"' in html


def test_the_korean_stylesheet_keeps_words_whole() -> None:
    css = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    # keep-all on every page but a Chinese one (Korean included; Latin words are unchanged).
    assert re.search(r":root:not\(:lang\(zh\)\)\s*\{\s*word-break:\s*keep-all;", css)
    assert ":lang(ko) * { overflow-wrap: break-word !important; }" in css


@pytest.mark.parametrize(("locale", "subscript"), [("ko", "상대"), ("zh_Hans", "对手"),
                                                   ("id", "lawan"), ("en", "opp")])
def test_the_formula_subscripts_are_the_readers(client: FlaskClient, locale: str,
                                                subscript: str) -> None:
    html = client.get(f"/guide/ladder?lang={locale}").get_data(as_text=True)
    assert f"R<sub>{subscript}</sub>" in html
