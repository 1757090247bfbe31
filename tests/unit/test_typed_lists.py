"""Lists typed in any keyboard layout (ladder/vocabulary/lists.py) and Elo tools reading them."""
from __future__ import annotations

import pytest

from ladder.elo import EloError
from ladder.elo.exact import parse_rating, parse_ratings, parse_score
from ladder.vocabulary.lists import halfwidth, split_list


@pytest.mark.parametrize("typed", [
    "1600, 1700", "1600，1700", "1600、1700", "1600；1700", "１６００，１７００", "1600\u30001700",
    " 1600 ,, 1700 ", "1600;1700",
])
def test_every_separator_of_every_keyboard(typed: str) -> None:
    assert split_list(typed) == ["1600", "1700"]
    assert parse_ratings(typed) == (1600, 1700)


def test_halfwidth_leaves_the_half_sign_alone() -> None:
    assert halfwidth("２½，Ｗ") == "2½,W"  # NFKC would make ½ into 1⁄2
    assert parse_score("２½") == parse_score("2.5")
    assert parse_rating("１５００") == 1500


def test_an_empty_list_is_refused_on_its_field() -> None:
    with pytest.raises(EloError) as refused:
        parse_ratings("，、 ；")
    assert refused.value.field == "opponents"
