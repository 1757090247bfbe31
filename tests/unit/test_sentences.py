"""Putting a value into a sentence (ladder/vocabulary/sentences.py): Chinese spacing around
names of every script, Korean counters dropped for a name, the punctuation table."""

from __future__ import annotations

import pytest
from markupsafe import escape

from ladder.vocabulary.sentences import fill, name_placeholders, punctuation

#: Names ending in a vowel and a consonant, in Latin, Hangul and Han letters, and initials.
LATIN = ("Anna Kowalska", "Daniel Weber", "Chloé Martin", "J. D.")
HANGUL = ("최윤서", "김민준")
HAN = ("李小龙", "王*明", "欧阳娜娜")


@pytest.mark.parametrize("name", LATIN + HANGUL)
def test_chinese_spaces_a_spaced_script_from_han_text(name: str) -> None:
    # The catalogue's spaces stay; a missing one is added on either side.
    assert fill("已将 %(name)s 加入会员名册。", {"name": name}, "zh_Hans") == \
        f"已将 {name} 加入会员名册。"
    assert fill("编排号，%(white)s执白", {"white": name}, "zh_Hans") == f"编排号，{name} 执白"
    assert fill("对阵%(black)s（积分 0）", {"black": name}, "zh_Hans") == f"对阵 {name}（积分 0）"


@pytest.mark.parametrize("name", HAN)
def test_chinese_sets_no_space_between_two_han_words(name: str) -> None:
    assert fill("已将 %(name)s 加入会员名册。", {"name": name}, "zh_Hans") == \
        f"已将{name}加入会员名册。"
    assert fill("%(white)s 和 %(black)s 已经交过手", {"white": name, "black": name},
                "zh_Hans") == f"{name}和{name}已经交过手"
    # Punctuation, quotes and digits beside the name are the catalogue's: left alone.
    assert fill("“%(name)s”：第 %(n)d 轮", {"name": name, "n": 3}, "zh_Hans") == \
        f"“{name}”：第 3 轮"


def test_a_mixed_sentence_spaces_each_name_by_its_own_script() -> None:
    values = {"white": "王*明", "black": "Anna Lee"}
    assert fill("%(white)s 和 %(black)s 已经交过手", values, "zh_Hans") == \
        "王*明和 Anna Lee 已经交过手"


@pytest.mark.parametrize("locale", ["en", "ko", "id"])
@pytest.mark.parametrize("name", LATIN + HANGUL + HAN)
def test_other_languages_put_the_value_in_as_written(locale: str, name: str) -> None:
    template = "Added %(name)s to the roster."
    assert fill(template, {"name": name}, locale) == template % {"name": name}


def test_markup_values_are_escaped_once() -> None:
    out = fill("已将 %(name)s 加入", {"name": "<b>王</b>"}, "zh_Hans", escape=escape)
    assert out == "已将 &lt;b&gt;王&lt;/b&gt; 加入"


@pytest.mark.parametrize(("template", "named"), [
    ("%(white)d번 선수가 백을 받습니다", "%(white)s 선수가 백을 받습니다"),
    ("%(white)d번이 흑이었습니다", "%(white)s 선수가 흑이었습니다"),
    ("%(white)d번은 백", "%(white)s 선수는 백"),
    ("%(white)d번을 고릅니다", "%(white)s 선수를 고릅니다"),
    ("%(white)d번과 둡니다", "%(white)s 선수와 둡니다"),
    ("%(white)d번으로 바뀝니다", "%(white)s 선수로 바뀝니다"),
    ("%(white)d번(점수 0)", "%(white)s(점수 0)"),
    ("%(white)d번의 점수", "%(white)s 선수의 점수"),
])
def test_korean_keeps_a_particle_that_fits_every_name(template: str, named: str) -> None:
    # 선수 ends in a vowel whatever the name: the particle after it is always 가/는/를/와/로.
    assert name_placeholders(template, ("white",), "ko") == named


@pytest.mark.parametrize(("template", "named"), [
    ("%(white)d 号执白", "%(white)s执白"),
    ("%(white)d号（白方）", "%(white)s（白方）"),
    ("%(player)d 号棋手获得编排轮空", "%(player)s获得编排轮空"),
])
def test_chinese_drops_the_number_counter(template: str, named: str) -> None:
    assert name_placeholders(template, ("white", "player"), "zh_Hans") == named


def test_english_and_indonesian_take_the_name_where_the_number_was() -> None:
    assert name_placeholders("White %(white)d floats down", ("white",), "en") == \
        "White %(white)s floats down"
    assert name_placeholders("%(player)d mendapat bye", ("player",), "id") == \
        "%(player)s mendapat bye"


def test_punctuation_per_language() -> None:
    assert punctuation("zh_Hans") == {"colon": "：", "comma": "，", "list": "、",
                                      "semicolon": "；", "open": "（", "close": "）",
                                      "gap": "", "stop": "。"}
    assert punctuation("ko")["open"] == "("  # 부홀츠(BH): no space before a parenthesis
    assert punctuation("ko")["semicolon"] == ", "  # Korean prose has no semicolon
    assert punctuation("id") == punctuation("en")
    assert punctuation(None)["colon"] == ": "
