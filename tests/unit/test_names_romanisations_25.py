"""Romanisations that found no one (docs/desk.md §2), as data with sources:

* Cantonese, the Hong Kong Government Cantonese Romanisation of identity cards and passports
  (陈伟明 Chan Wai Ming, 黄家伟 Wong Ka Wai, 张咏欣 Cheung Wing Yan), and Hokkien/Teochew
  spellings of Singapore and Malaysia registrations (郑志强 Teh Chee Keong):
  ``ladder.names.hanzi.SOUTHERN_GIVEN`` beside the family-name list ``SURNAME_SPELLINGS``;
* two Latin spellings of one Korean family name (Bak / Park, Jeong / Chung), from the
  passport and FIDE spellings of ``ladder.names.hangul.SURNAME_SPELLINGS``;
* Korean initials ("M. J. Hwang" for 황민재), from the per-jamo romanisations there.

Lossy spellings are suggested below the confident level (90), never pre-selected, so a new
person is not confidently taken for someone else.
"""

from __future__ import annotations

import pytest

from ladder.names import IndexedMember as Named
from ladder.names import NameIndex, compare, suggest

CONFIDENT = 90
FOUND = [("Chan Wai Ming", "陈伟明"), ("Wong Ka Wai", "黄家伟"), ("Cheung Wing Yan", "张咏欣"),
         ("Teh Chee Keong", "郑志强"), ("Bak Jiho", "Park Jiho"), ("Jeong Minsu", "Chung Minsu"),
         ("Jiho Bak", "Jiho Park"), ("M. J. Hwang", "황민재"), ("Chan Wai Ming", "陳偉明")]


@pytest.mark.parametrize(("typed", "member"), FOUND)
def test_the_romanisation_finds_the_member(typed: str, member: str) -> None:
    roster = [(1, member), (2, "Ann Lee"), (3, "王小明"), (4, "김민준")]
    ranked = suggest(typed, roster)
    assert ranked and ranked[0].candidate == 1, ranked
    assert ranked[0].score < CONFIDENT  # a suggestion, not a certainty
    # Found through the index too (the way the desk asks).
    index = NameIndex([Named(i, name) for i, name in roster])
    assert [s.candidate for s in index.suggest(typed)][:1] == [1]


def test_reasons_name_the_romanisation() -> None:
    assert [str(r) for r in compare("Chan Wai Ming", "陈伟明")[1]] == [
        "same name in a Cantonese or Hokkien romanisation"]
    assert [str(r) for r in compare("Bak Jiho", "Park Jiho")[1]] == [
        "the same Korean family name, romanised differently"]
    assert [str(r) for r in compare("M. J. Hwang", "황민재")[1]] == [
        "initials of the romanised Korean name"]


@pytest.mark.parametrize(("typed", "other"), [
    ("Chan Wai Man", "陈伟明"),  # another given name
    ("Cheung Wing Yan", "张伟明"),
    ("M. S. Hwang", "황민재"),  # the second initial differs
    ("M. J. Kim", "황민재"),  # another family name
    ("Bak Jiho", "Park Jisoo"),
    ("Chung Minsu", "Chang Minsu"),  # 정 and 장 are different family names
])
def test_no_new_confident_wrong_suggestion(typed: str, other: str) -> None:
    assert compare(typed, other)[0] < CONFIDENT
