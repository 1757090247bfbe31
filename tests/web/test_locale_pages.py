"""Every page type read as its language writes it (docs/glossary.md): the public pages, the guide's
chapters, the tools with results, the explanations and the organizer's pages of the demo club,
rendered in ko, zh_Hans and id, fail on

* an ISO date (2026-06-18) in prose (inputs, links, ``datetime`` attributes and codes aside);
* a decimal point in an Indonesian number (rule articles such as Pasal 8.1 aside);
* a month tick of a chart in the wrong order ("6월 2026" instead of "2026년 6월");
* half-width punctuation ``, : ; ( )`` touching Chinese text, hidden text included, or a space
  after a full-width ``：。，；``;
* an English word of the interface left (proper names, the product's name, codes aside).

How: cut each page into its text (between tags, also visually hidden words, not scripts,
styles, ``<code>`` or ``<textarea>``; a select's choices are text too) and its charts' tick
labels.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import ClubSettings, Event, Member

LOCALES = ("ko", "zh_Hans", "id")

THREE = "&".join("p=" + quote(p) for p in ("Ana;W,w,4;W,b,3;D,w,3;L,b,2;W,w,1",
                                          "Bo;W,w,4;W,b,3;D,w,2.5;L,b,2;W,w,2",
                                          "Cai;W,w,3;W,b,3;D,w,3;L,b,2.5;W,w,1"))
PUBLIC = ["/", "/?as_of=2026-09-01", "/members", "/members/1", "/events", "/events/1",
          "/events/2", "/events/1/rating/1", "/events/1/explain/1/BH",
          "/events/1/explain/1/BH/C1", "/events/2/explain/3/DE", "/seasons", "/seasons/1",
          "/health", "/guide/ladder", "/guide/tiebreaks", "/guide/faq",
          "/tools/tiebreaks?edition=fide-2026&r=W,w,3,1800&r=H&r=D,b,2.5,1700",
          "/tools/tiebreaks?edition=uscf&r=W,b,0.5,1900",
          "/tools/tiebreaks/compare?edition=fide-2026&" + THREE,
          "/tools/prizes?event=1&prizes=100%0A50", "/auth/login",
          "/tools/elo?c_rating=1922&c_opps=1798,1801,1897&c_score=2&c_k=40&e_rating=1500"
          "&e_opp=1400&u_rating=1500&u_games=6&u_opps=1400,1550,1650&u_score=2.5"]
ORGANIZER = ["/organize/", "/organize/events/new", "/organize/events/1",
             "/organize/events/1/delete", "/organize/members/", "/organize/members/1",
             "/organize/members/duplicates", "/organize/members/merges",
             "/organize/settings/", "/organize/seasons", "/organize/sections",
             "/organize/health"]

#: Kept as they are in every language: codes, the product, formats, rules' and proper names.
KEPT = {"BH", "SB", "PS", "DE", "KS", "WIN", "WON", "BPG", "BWG", "REP", "ARO", "TPR", "PTP",
        "APRO", "APPO", "AOB", "FB", "MM", "SOLK", "HARK", "CUM", "OPCUM", "KASH", "MB", "STD",
        "PTS", "TRF", "PGN", "CSV", "FIDE", "Elo", "Glicko", "Brier", "US", "Chess", "USCF",
        "Club", "Ladder", "English", "Bahasa", "Indonesia", "PAB", "VUR", "UTC", "RD",
        "Buchholz", "Sonneborn", "Berger", "Koya", "Median", "Solkoff", "Harkness", "Kashdan",
        "Fore", "Modified", "Swiss", "Manager", "chess", "results", "lichess", "JavaScript",
        "PostgreSQL", "SQLite", "Asia", "Seoul", "Jakarta", "Europe", "London", "KST", "WIB",
        "GMT", "Shanghai", "Glickman", "Doan", "The", "System", "log", "loss", "Ana", "Cai", "Dee",
        "Eve", "Fay", "Lee", "Chen", "Park", "Smith",
        "John", "Doe", "Bo", "noindex", "htmx", "ELO", "SPR", "SfPR", "Cut", "Ri", "PWe",
        "GDPR"}  # the EU regulation's name, cited as GDPR in every language (docs/privacy.md)
#: Words an Indonesian page uses exactly as English does (PERCASI usage, loanwords).
SAME_IN_ID = {"rating", "Rating", "bye", "Bye", "tie", "break", "Status", "status", "Total",
              "total", "Format", "format", "Detail", "Data", "data", "Filter", "Menu", "menu",
              "Junior", "junior", "round", "robin", "pairing", "Pairing", "dummy", "virtual",
              "median", "Median", "cut", "Bughouse", "bughouse", "demo", "Demo", "Glicko",
              "minimal", "normal", "final", "mapan", "performa", "online", "link", "login",
              "Login", "email", "sistem", "Sistem", "Swiss", "standar", "Standar", "Log",
              "audit", "Audit", "per", "Per", "program", "digit", "keyboard", "Tie",
              "universal", "linear", "dual", "September", "match", "play", "off", "Score",
              "Progressive", "Direct", "Encounter", "tim", "Tim", "partai", "sukarela", "Perf",
              "mode", "server",
              "Korea"}  # "Korea Selatan", the Indonesian name of South Korea
WORD = re.compile(r"[A-Za-z]{3,}")
ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
HAN = "\u4e00-\u9fff"
HALF_WIDTH = re.compile(rf"[{HAN}][,:;()]|[,:;()][{HAN}]")
#: What may carry a point in Indonesian: rule articles and numbered categories, not numbers.
ARTICLES = re.compile(r"(?:Pasal|pasal|C\.0\d|B\.02|tabel|Tabel|FIDE|art\.|34E)\s*[\d.]+"
                      r"|\(\d+(?:\.\d+)+(?:, \d+(?:\.\d+)+)*\)|\b\d+\.\d+\.\d+\b"
                      r"|\b\d+\.\d+(?=[,;)]?\s+[a-z(])"
                      r"|\b\d{1,2}\.\d{2}(?:\.\d{2})?(?= [A-Z]{2,5}\b)")


def _texts(html: str) -> list[str]:
    """The text pieces a reader meets (hidden words for screen readers included)."""
    html = re.sub(r"(?s)<(script|style|textarea|code)[^>]*>.*?</\1>", " ", html)
    html = re.sub(r"(?s)<svg.*?</svg>", " ", html)
    pieces = [" ".join(unescape(t).split()) for t in re.findall(r">([^<]+)<", html)]
    return [piece for piece in pieces if piece]


def _ticks(html: str) -> list[str]:
    return [unescape(t).strip() for t in re.findall(r'<text class="tick[^"]*"[^>]*>([^<]*)<',
                                                     html)]


def _chart_titles(html: str) -> list[str]:
    """The tooltips and titles inside the charts (what a pointer or a screen reader gets)."""
    return [unescape(t).strip() for svg in re.findall(r"(?s)<svg.*?</svg>", html)
            for t in re.findall(r"<(?:title|desc)[^>]*>([^<]*)<", svg)]


def _quoted(piece: str) -> str:
    """``piece`` without its quoted examples (“W,w,3.5,1900” is typed data, not text),
    paths (/health) and formulas (1 / (1 + 10^(D / 400)))."""
    piece = re.sub(r"“[^”]*”|\"[^\"]*\"|(?<![\w.])/[a-z][\w/.-]*|The US Chess Rating System", " ",
                   piece)
    return re.sub(r"\d+ / \(.*?\)\)", " ", piece)


def _data_words(app: Flask) -> set[str]:
    with app.app_context():
        texts = list(db.session.scalars(select(Member.name)))
        texts += list(db.session.scalars(select(Event.name)))
        texts += list(db.session.scalars(select(ClubSettings.club_name)))
    return {word for text in texts for word in WORD.findall(text)}


def _interface_words() -> set[str]:
    """Every word of the interface's English messages (the catalogue's msgids)."""
    from babel.messages.pofile import read_po

    from ladder.config import TRANSLATIONS
    with open(f"{TRANSLATIONS}/messages.pot", "rb") as handle:
        catalogue = read_po(handle)
    words: set[str] = set()
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            words |= set(WORD.findall(re.sub(r"%\([a-z_]+\)[sdr]", " ", text or "")))
    return words


def problems_of(html: str, locale: str, allowed: set[str], interface: set[str]) -> list[str]:
    """What on one rendered page is not written the way ``locale`` writes it."""
    found = []
    for piece in _texts(html):
        text = _quoted(piece)
        if ISO_DATE.search(text) and "YYYY-MM-DD" not in text:
            found.append(f"ISO date: {piece}")
        if locale == "id" and re.search(r"\d\.\d", ARTICLES.sub(" ", text)):
            found.append(f"decimal point: {piece}")
        if locale == "zh_Hans" and HALF_WIDTH.search(text):
            found.append(f"half-width punctuation: {piece}")
        if locale == "zh_Hans" and re.search(rf"[：。，；]\s+(?=[{HAN}“（])", piece):
            found.append(f"space after full-width punctuation: {piece}")
        english = [w for w in WORD.findall(text)
                   if w in interface and w not in allowed and w not in KEPT]
        if english:
            found.append(f"English {english}: {piece}")
    for title in _chart_titles(html):
        text = _quoted(title)
        if ISO_DATE.search(text):
            found.append(f"ISO date in a chart: {title}")
        if locale == "zh_Hans" and HALF_WIDTH.search(text):
            found.append(f"half-width punctuation in a chart: {title}")
    for tick in _ticks(html):
        if locale == "ko" and "월" in tick and not re.fullmatch(r"\d{4}년 \d{1,2}월( \d{1,2}일)?",
                                                              tick):
            found.append(f"month tick: {tick}")
        if locale == "zh_Hans" and "月" in tick and not re.fullmatch(
                r"\d{4}年\d{1,2}月(\d{1,2}日)?", tick):
            found.append(f"month tick: {tick}")
        if locale == "id" and re.search(r"[A-Za-z]", tick) and not re.fullmatch(
                r"(\d{1,2} )?[A-Z][a-z]{2,} \d{4}", tick):
            found.append(f"month tick: {tick}")
        if locale == "id" and re.fullmatch(r"−?\d+\.\d+", tick):
            found.append(f"decimal point in a tick: {tick}")
    return found


def _check(client: FlaskClient, paths: list[str], locale: str, allowed: set[str]) -> dict:
    interface = _interface_words()
    problems = {}
    for path in paths:
        sep = "&" if "?" in path else "?"
        response = client.get(f"{path}{sep}lang={locale}", follow_redirects=True)
        assert response.status_code == 200, path
        found = problems_of(response.get_data(as_text=True), locale, allowed, interface)
        if found:
            problems[path] = found[:6]
    return problems


@pytest.mark.parametrize("locale", LOCALES)
def test_public_guide_and_tools_pages_read_natively(demo: Flask, client: FlaskClient,
                                                    locale: str) -> None:
    allowed = _data_words(demo) | (SAME_IN_ID if locale == "id" else set())
    problems = _check(client, PUBLIC, locale, allowed)
    assert not problems, problems


@pytest.mark.parametrize("locale", LOCALES)
def test_organizer_pages_read_natively(demo: Flask, logged_in: FlaskClient,
                                       locale: str) -> None:
    allowed = (_data_words(demo) | (SAME_IN_ID if locale == "id" else set())
               | {"organizer", "demo", "test"})
    problems = _check(logged_in, ORGANIZER, locale, allowed)
    assert not problems, problems


def test_the_checks_can_fail() -> None:
    """Each check finds what it is for (a test that cannot fail proves nothing)."""
    interface = {"Round", "Points"}
    page = ('<p>2026-06-18 Round</p><svg><text class="tick" x="1">6월 2026</text></svg>'
            '<p>积分: 4</p><p>skor 3.5</p>')
    assert len(problems_of(page, "ko", set(), interface)) == 3  # ISO, English, tick
    assert any("half-width" in p for p in problems_of(page, "zh_Hans", set(), interface))
    assert any("decimal point" in p for p in problems_of(page, "id", set(), interface))
    assert not problems_of("<p>Pasal 8.1 (16.4.1)</p>", "id", set(), interface)
