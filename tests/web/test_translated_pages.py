"""Every page in every language (docs/qualities.md §2): for each locale, the public pages, the
tools, the organizer's dashboard, the new-event form with a paste error, the confirm-names page and
the settings render with the right ``<html lang>``, and no English UI string of the English
rendering of the same page remains — names, codes such as BH and numbers excepted.

How: render a page in English and in the locale, cut both into text pieces (text between tags,
and the ``title``/``aria-label``/``placeholder``/``alt`` attributes a reader meets), and
report every piece of the English rendering that reappears unchanged in the locale's rendering
although it contains a word (3+ letters) that is not a name, a code or a term kept in every
language.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import ClubSettings, Event, Member
from tests.factories import csrf_token

LOCALES = {"ko": "ko", "zh_Hans": "zh-Hans", "id": "id"}

#: Kept as they are in every language: codes, product and format names, rules' names.
KEPT = {"BH", "SB", "PS", "DE", "KS", "WIN", "WON", "BPG", "BWG", "REP", "ARO", "TPR", "PTP",
        "APRO", "APPO", "AOB", "FB", "MM", "SOLK", "HARK", "CUM", "OPCUM", "KASH", "MB", "STD",
        "PTS", "TRF", "PGN", "CSV", "FIDE", "Elo", "Glicko", "Brier", "USCF", "US", "Chess",
        "Club", "Ladder", "English", "Bahasa", "Indonesia", "uscf", "fide", "C.07", "B.02",
        "htmx", "JavaScript", "Swiss-Manager", "chess-results", "lichess", "ELO", "PAB",
        "Buchholz", "Sonneborn", "Berger", "Koya", "Median", "Solkoff", "Harkness", "Kashdan"}
#: Names of the guide's and the tools' invented examples, and the symbols of formulas.
KEPT |= {"Ana", "Cai", "Dee", "Eve", "Fay", "John", "Doe", "new", "old", "opp", "own",
         "SPR", "SfPR", "UTC", "Log", "loss"}
#: Words spelt the same in a language as in English (Indonesian uses these very words).
SAME_IN = {"ko": set(), "zh_Hans": set(),
           "id": {"Menu", "Rating", "rating", "Status", "Format", "Junior", "junior", "Bye",
                  "bye", "Total", "Detail", "Data", "Filter"}}
WORD = re.compile(r"[A-Za-z]{3,}")


def _pieces(html: str) -> set[str]:
    # Scripts, styles and what the organizer typed (a textarea keeps the paste as it was).
    # <code> holds stored values and codes (the audit log's old → new), not sentences.
    html = re.sub(r"(?s)<(script|style|textarea|code)[^>]*>.*?</\1>", " ", html)
    html = re.sub(r"(?s)<svg.*?</svg>", " ", html)  # the chart's own labels are checked apart
    found = {" ".join(unescape(t).split()) for t in re.findall(r">([^<]+)<", html)}
    for attribute in ("title", "aria-label", "placeholder", "alt"):
        found |= {" ".join(unescape(v).split())
                  for v in re.findall(rf'{attribute}="([^"]*)"', html)}
    return {piece for piece in found if piece}


def _data_words(app: Flask) -> set[str]:
    """Words of the club's own data (member, event and club names), which stay as typed."""
    with app.app_context():
        texts = list(db.session.scalars(select(Member.name)))
        texts += list(db.session.scalars(select(Event.name)))
        texts += list(db.session.scalars(select(ClubSettings.club_name)))
    return {word for text in texts for word in WORD.findall(text)}


def _is_data(piece: str) -> bool:
    """Pieces that are values, not sentences: a formula, a query string, JSON, a timestamp."""
    return ("=" in piece or piece.startswith(("[", "{")) or bool(
        re.fullmatch(r"[\d\s:.\-–]+(UTC)?", piece)))


def _english_left(english: str, translated: str, allowed: set[str]) -> list[str]:
    other = _pieces(translated)
    left = []
    for piece in _pieces(english) & other:
        if _is_data(piece):
            continue
        words = [w for w in WORD.findall(piece) if w not in allowed and w not in KEPT]
        if words:
            left.append(piece)
    return sorted(left)


PUBLIC = ["/", "/?sort=name", "/members", "/members/1", "/events", "/events/1", "/events/2",
          "/events/1/rating/1", "/seasons", "/guide/ladder", "/guide/tiebreaks", "/guide/faq",
          "/tools/tiebreaks", "/tools/tiebreaks/compare", "/tools/prizes", "/tools/elo",
          "/no-such-page", "/auth/login"]
ORGANIZER = ["/organize/", "/organize/events/new", "/organize/members/",
             "/organize/members/duplicates", "/organize/members/merges", "/organize/audit/",
             "/organize/settings/", "/organize/seasons", "/organize/sections", "/organize/health"]


@pytest.mark.parametrize("locale", LOCALES)
def test_public_and_tools_pages_carry_no_english(demo: Flask, client: FlaskClient,
                                                 locale: str) -> None:
    allowed = _data_words(demo) | SAME_IN[locale]
    problems = {}
    for path in PUBLIC:
        sep = "&" if "?" in path else "?"
        english = client.get(f"{path}{sep}lang=en").get_data(as_text=True)
        translated = client.get(f"{path}{sep}lang={locale}").get_data(as_text=True)
        assert f'<html lang="{LOCALES[locale]}">' in translated, path
        left = _english_left(english, translated, allowed)
        if left:
            problems[path] = left[:8]
    assert not problems, problems


@pytest.mark.parametrize("locale", LOCALES)
def test_organizer_pages_carry_no_english(demo: Flask, logged_in: FlaskClient,
                                          locale: str) -> None:
    allowed = _data_words(demo) | SAME_IN[locale] | {"organizer", "demo", "test"}  # actors
    problems = {}
    for path in ORGANIZER:
        english = logged_in.get(f"{path}?lang=en").get_data(as_text=True)
        translated = logged_in.get(f"{path}?lang={locale}").get_data(as_text=True)
        assert f'<html lang="{LOCALES[locale]}">' in translated, path
        left = _english_left(english, translated, allowed)
        if left:
            problems[path] = left[:8]
    # The new-event form with a paste error, and the confirm-names page.
    paste = "Round 1\nAnn Lee - Bo Chen 1-0\nthis line is not a result\n"
    for lang in ("en", locale):
        logged_in.get(f"/organize/events/new?lang={lang}")
        data = {"csrf_token": csrf_token(logged_in, "/organize/events/new"), "name": "Night",
                "date": "2025-02-01", "rated": "on", "text": paste}
        page = logged_in.post("/organize/events/new", data=data).get_data(as_text=True)
        good = {**data, "text": "Round 1\nAnn Lee - Bo Chen 1-0\n"}
        names = logged_in.post("/organize/events/new/names", data=good).get_data(as_text=True)
        if lang == "en":
            english_error, english_names = page, names
    typed = allowed | {"Ann", "Lee", "Chen"}  # the names of the paste
    left = _english_left(english_error, page, typed) + _english_left(english_names, names,
                                                                     typed)
    if left:
        problems["new event"] = left[:8]
    assert not problems, problems
