"""Names across romanisations, read from the conventions' syllable tables
(name_romanisation_report.py).

The held-out set (tests/data/name_romanisation_*.csv, built from the tables named in
tests/data/README.md) gives floors; the unit tests below pin the table rows the matcher is built
from, and that a different person with a similar name is never a confident (85+) suggestion.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from ladder.names import compare, suggest
from ladder.names import southern as S
from ladder.names.hangul import latin_given_key
from ladder.names.normalize import parse
from tests.unit.name_holdout_report import NEW
from tests.unit.name_romanisation_report import CONFIDENT, run

SAME = ("cantonese", "hokkien", "korean", "indonesian")


@pytest.fixture(scope="module")
def report():
    return run()


@pytest.mark.parametrize("category", SAME)
def test_the_right_member_comes_first(report, category: str) -> None:
    fig = report.by_category[category]
    assert fig.cases >= 20
    assert fig.top1 / fig.cases >= 0.85, fig.misses
    assert fig.confident_wrong == 0, fig.misses


def test_the_set_is_large_enough(report) -> None:
    assert sum(report.by_category[c].cases for c in SAME) >= 150
    assert report.by_category[NEW].cases >= 50


def test_a_different_person_is_never_a_confident_suggestion(report) -> None:
    fig = report.by_category[NEW]
    assert fig.confident_wrong == 0 and fig.max_score < CONFIDENT, fig.misses
    assert fig.suggestions / fig.cases < 0.2, fig.misses


# ------------------------------------------------------------------ the tables


@pytest.mark.parametrize(("jyutping", "spelling"), [
    ("zoeng1", "cheung"),  # HK Government: z -> ch, oeng -> eung
    ("zang1", "tsang"),  # z -> ts
    ("gu2", "koo"),  # g -> k, u -> oo
    ("loeng4", "leong"),  # Malaysian eong
    ("zung1", "choong"),  # Malaysian oong
    ("lau4", "low"),  # Malaysian ow
    ("dak1", "tuck"),  # Malaysian uck
    ("zi2", "tsz"), ("si1", "sze"),  # the sibilant i
    ("jyun4", "yuen"), ("ji4", "yee"), ("jip6", "yip"),  # after j the y is written once
    ("can4", "chahn"), ("daai6", "daaih"),  # Yale: low tones with h
    ("ng4", "ng"),  # the syllabic nasal
])
def test_jyutping_rows(jyutping: str, spelling: str) -> None:
    assert spelling in S._cantonese_syllable(jyutping)


@pytest.mark.parametrize(("tailo", "spelling"), [
    ("bûn", "boon"), ("bûn", "boen"),  # English-based and Dutch-based u
    ("tsìn", "chin"), ("tsìn", "tjin"),  # POJ ch, Indonesian tj
    ("hok", "hock"), ("tik", "teck"), ("tik", "tek"),  # ik is POJ ek
    ("suī", "swee"), ("suī", "soei"), ("gio̍k", "geok"), ("gio̍k", "giok"),
    ("huat", "hoat"), ("guân", "goan"), ("gôo", "goh"), ("gôo", "gouw"),
    ("tēnn", "the"), ("senn", "say"), ("tshiong", "cheong"), ("gī", "gie"),
])
def test_tailo_rows(tailo: str, spelling: str) -> None:
    assert spelling in S._hokkien_syllable(tailo)


@pytest.mark.parametrize(("chars", "latin", "dialect"), [
    ("大文", "taiman", "cantonese"), ("學友", "hokyau", "cantonese"),
    ("国强", "kwokkeung", "cantonese"), ("文庆", "boonkeng", "hokkien"),
    ("建義", "kiangie", "hokkien"), ("玉莲", "giokliam", None), ("大文", "taiming", None),
    ("文庆", "boonhuat", None),
])
def test_given_names_are_read_syllable_by_syllable(chars: str, latin: str,
                                                   dialect: str | None) -> None:
    assert S.given_matches(chars, latin) == dialect


@pytest.mark.parametrize(("a", "b", "same"), [
    ("minjun", "minjoon", True), ("seoyeon", "soyon", True), ("jihoon", "chihun", True),
    ("yoonah", "yuna", True), ("eunji", "unji", True), ("chunghee", "jeonghui", True),
    ("minjun", "minjae", False), ("seoyeon", "seoyun", False), ("seoyeon", "seojin", False),
    ("jihoon", "jihwan", False),
])
def test_one_key_for_the_romanisations_of_one_korean_given_name(a: str, b: str, same: bool) -> None:
    assert (latin_given_key(a) == latin_given_key(b)) is same


# ------------------------------------------------------------------ whole names


@pytest.mark.parametrize(("typed", "member"), [
    ("Chan Tai Man", "陳大文"), ("Lim Boon Keng", "林文慶"), ("Go Tek Soen", "吴德顺"),
    ("Yi Minjoon", "Lee Min-jun"), ("Pak Sŏ-yŏn", "Park Seo-yeon"),
    ("Chen Weiming", "Tan Wei Ming"), ("FNU Slamet", "Slamet"), ("Ibu Suharti", "Suharti"),
])
def test_found_as_a_suggestion_not_a_certainty(typed: str, member: str) -> None:
    ranked = suggest(typed, [(1, member), (2, "Ann Lee"), (3, "王小明"), (4, "I Nyoman Suarta")])
    assert ranked and ranked[0].candidate == 1, ranked
    assert 60 <= ranked[0].score < CONFIDENT


@pytest.mark.parametrize(("typed", "other"), [
    ("Lee Min-jae", "Lee, Min"),  # a syllable of a hyphenated given name is not a middle name
    ("Park Seo Jin", "Park, Seo"),  # nor one of an East Asian given name written spaced
    ("Jean-Pierre Dupont", "Jean Dupont"),
    ("Wahyuni", "Wahyudi"),  # one word one letter off: a sibling as often as a typo
    ("Chan Tai Ming", "陳大文"), ("Lim Boon Huat", "林文慶"), ("Lee Min-jae", "Yi Min-jun"),
])
def test_similar_names_of_different_people_are_not_confident(typed: str, other: str) -> None:
    assert compare(typed, other)[0] < CONFIDENT


def test_the_hyphen_is_kept_on_the_words() -> None:
    assert [t.hyphenated for t in parse("Lee Min-jae").tokens] == [False, True, True]
    assert [t.hyphenated for t in parse("Smith - Jones").tokens] == [False, False]


def test_the_readings_load_on_first_use_only() -> None:
    code = ("import sys, ladder.names, ladder.names.southern as s; "
            "print(any(m in sys.modules for m in ('msgpack', 'cantoroman', 'taibun')), "
            "s._jyutping_table.cache_info().currsize, s._tailo_table.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "0", "0"]
