"""Putting values (names above all) into a translated sentence so that it reads right for any
value in every language (docs/development.md, "Putting a name into a sentence").

Two things a plain ``template % values`` gets wrong:

* **Chinese spacing.** Chinese sets a space between Han characters and a Latin word, and none
  between two Han words (the convention of the zh catalogue and ``docs/glossary.md``: "已将
  Anna Lee 加入会员名册" but "已将李小龙加入会员名册"). A catalogue cannot know which script the
  name will be in, so it writes the spaces a Latin name needs and :func:`fill` takes them out
  next to a Han name, or adds one where a Latin name meets Han text with none ("Anna Kowalska
  应执黑").
* **A name where a number was.** The pairing engine names players by start number
  (``%(white)d``); the night's pages show names instead. Korean counts the number
  ("%(white)d번 선수가"), Chinese too ("%(white)d 号"). :func:`name_placeholders` drops the
  counter and keeps what follows, so Korean reads "Anna Kowalska 선수가" and "최윤서 선수가": the
  particle comes after 선수, whose ending never changes, so it is right for every name. A
  translation that still writes a particle straight after 번 ("%(white)d번이") gets " 선수" put
  in and the particle turned to its form after a vowel (이 → 가), as Korean needs after 선수.

Pure: no Flask; :mod:`ladder.web.support.i18n` passes the reader's locale.

>>> fill("已将 %(name)s 加入会员名册。", {"name": "李小龙"}, "zh_Hans")
'已将李小龙加入会员名册。'
>>> fill("已将 %(name)s 加入会员名册。", {"name": "Anna Lee"}, "zh_Hans")
'已将 Anna Lee 加入会员名册。'
>>> fill("，%(black)s应执黑", {"black": "Anna Kowalska"}, "zh_Hans")
'，Anna Kowalska 应执黑'
>>> fill("%(white)s 和 %(black)s 已经交过手", {"white": "王*明", "black": "J. D."}, "zh_Hans")
'王*明和 J. D. 已经交过手'
>>> name_placeholders("%(white)d번 선수가 백을 받습니다", ("white",), "ko")
'%(white)s 선수가 백을 받습니다'
>>> name_placeholders("%(white)d번이 흑이었습니다", ("white",), "ko")
'%(white)s 선수가 흑이었습니다'
>>> name_placeholders("%(white)d 号棋手执白", ("white",), "zh_Hans")
'%(white)s执白'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .messages import Message

#: Marks a value's place while the spacing around it is worked out (private-use characters,
#: which no message and no name contains).
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKED = re.compile(f"{_OPEN}(\\d+){_CLOSE}")


def is_han(char: str) -> bool:
    """A Han character (CJK unified or compatibility ideograph, any extension)."""
    code = ord(char)
    return (0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF
            or 0x20000 <= code <= 0x3134F or char == "〇")


def is_word_letter(char: str) -> bool:
    """A letter of a script written with spaces between words (Latin, accented or not, Hangul,
    Cyrillic …): next to Han text it is set apart by a space."""
    return char.isalpha() and not is_han(char)


def _edge(text: str, last: bool) -> str:
    """The script of a value's first (or last) letter: "han", "latin" (any spaced script) or
    "" (a digit, a bracket, a quote). An initial's full stop belongs to its letter ("J. D."
    ends in Latin)."""
    stripped = text.rstrip(".)'’") if last else text.lstrip("('‘")
    if not stripped:
        return ""
    char = stripped[-1] if last else stripped[0]
    return "han" if is_han(char) else "latin" if is_word_letter(char) else ""


def _spacing_locale(locale: str | None) -> bool:
    """The languages whose text runs without spaces between words (Chinese)."""
    return bool(locale) and str(locale).startswith("zh")


def _join_before(text: str, edge: str) -> str:
    """The template's text before a value whose first letter is of script ``edge``."""
    if not text or not edge:
        return text
    if edge == "han" and len(text) >= 2 and text[-1] == " " and is_han(text[-2]):
        return text[:-1]  # 将 李小龙: no space between two Han words
    if edge == "latin" and is_han(text[-1]):
        return text + " "  # 对阵Anna → 对阵 Anna
    return text


def _join_after(edge: str, text: str) -> str:
    """The template's text after a value whose last letter is of script ``edge``."""
    if not text or not edge:
        return text
    if edge == "han" and len(text) >= 2 and text[0] == " " and is_han(text[1]):
        return text[1:]
    if edge == "latin" and is_han(text[0]):
        return " " + text
    return text


def fill(template: str, values: Mapping[str, Any], locale: str | None,
         escape: Callable[[Any], str] | None = None) -> str:
    """``template % values``, each text value spaced as the locale's text needs (Chinese:
    see the module docstring); ``escape`` (markupsafe's) is applied to every value that is not
    a number, for a template that is markup."""
    if escape is not None:
        values = {key: value if isinstance(value, int | float | Fraction) else escape(value)
                  for key, value in values.items()}
    if not _spacing_locale(locale) or not values:
        return template % values
    texts: list[str] = []
    marked: dict[str, Any] = {}
    for key, value in values.items():
        if f"%({key})s" in template and not isinstance(value, int | float | Fraction):
            text = str(value)
            if text and (_edge(text, False) or _edge(text, True)):
                marked[key] = f"{_OPEN}{len(texts)}{_CLOSE}"
                texts.append(text)
                continue
        marked[key] = value
    if not texts:
        return template % values
    filled = template % marked
    parts = _MARKED.split(str(filled))
    literals, indices = parts[0::2], [int(i) for i in parts[1::2]]
    for position, index in enumerate(indices):
        text = texts[index]
        literals[position] = _join_before(literals[position], _edge(text, False))
        literals[position + 1] = _join_after(_edge(text, True), literals[position + 1])
    out = [literals[0]]
    for position, index in enumerate(indices):
        out.append(texts[index])
        out.append(literals[position + 1])
    return "".join(out)


#: What a translation writes after a player's start number, per language: the counter the
#: name replaces (Korean 번, Chinese 号 with or without its space, and the 棋手 a Chinese
#: sentence may add after it).
_COUNTERS = {"ko": ("번",), "zh": (" 号棋手", "号棋手", " 号", "号")}
#: A Korean particle after a consonant (번 ends in ㄴ) → its form after a vowel (선수 ends in
#: ㅜ): the particle a translation wrote straight after 번, moved after 선수.
_AFTER_VOWEL = (("으로", "로"), ("이나", "나"), ("이며", "며"), ("이고", "고"), ("이", "가"),
                ("은", "는"), ("을", "를"), ("과", "와"))
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _korean_counter(template: str, key: str) -> str:
    holder = f"%({key})d번"
    out, rest = [], template
    while holder in rest:
        before, _sep, rest = rest.partition(holder)
        out.append(before + f"%({key})s")
        if rest.startswith(" 선수") or not _HANGUL.match(rest[:1]):
            continue  # "번 선수가" or "번(점수 0)": the counter goes, the rest stays
        for after_consonant, after_vowel in _AFTER_VOWEL:
            if rest.startswith(after_consonant):
                rest = after_vowel + rest[len(after_consonant):]
                break
        out.append(" 선수")
    return "".join(out) + rest


def name_placeholders(template: str, keys: Iterable[str], locale: str | None) -> str:
    """``template`` with each ``%(key)d`` (a start number, with the counter the language
    writes after it) turned into ``%(key)s`` for a name."""
    language = str(locale or "en").split("_")[0]
    for key in keys:
        if language == "ko":
            template = _korean_counter(template, key)
        for counter in _COUNTERS.get(language, ()):
            template = template.replace(f"%({key})d{counter}", f"%({key})s")
        template = template.replace(f"%({key})d", f"%({key})s")
    return template


#: The punctuation of running text per language, for what a template or the code joins
#: itself (a label and its value, a list, a bracketed note). Chinese text takes full-width
#: marks with no space around them (白方：李小龙（6）); Korean sets no space before a
#: parenthesis (docs/glossary.md: 부홀츠(BH)) and no semicolon in prose (a comma instead);
#: English and Indonesian the narrow marks with their spaces.
#:
#: ``colon`` a label's colon before its value · ``comma`` between clauses or parts ·
#: ``list`` between the items of an enumeration (names, values: 3½、3、2½ in Chinese) ·
#: ``semicolon`` between items that contain commas (audit changes) · ``open``/``close`` a
#: bracketed note after a word · ``gap`` between two sentences · ``stop`` a sentence's end.
PUNCTUATION: dict[str, dict[str, str]] = {
    "en": {"colon": ": ", "comma": ", ", "list": ", ", "semicolon": "; ", "open": " (",
           "close": ")", "gap": " ", "stop": "."},
    "ko": {"colon": ": ", "comma": ", ", "list": ", ", "semicolon": ", ", "open": "(",
           "close": ")", "gap": " ", "stop": "."},
    "zh": {"colon": "：", "comma": "，", "list": "、", "semicolon": "；", "open": "（",
           "close": "）", "gap": "", "stop": "。"},
}


def punctuation(locale: str | None) -> dict[str, str]:
    """The punctuation of running text in ``locale`` (:data:`PUNCTUATION`; Indonesian and
    any other language as English).

    >>> punctuation("zh_Hans")["colon"], punctuation("ko")["open"], punctuation("id")["list"]
    ('：', '(', ', ')
    """
    language = str(locale or "en").split("_")[0]
    return PUNCTUATION.get(language, PUNCTUATION["en"])


#: A value of a Message that is a decimal number written by the core ("3.5", "−0.25").
_DECIMAL = re.compile(r"[−+\-]?\d+\.\d+")
#: A value of a Message that is a day written by the core (ISO, "2026-03-01").
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def day_text(text: str, locale: str | None) -> str:
    """An ISO day as ``locale`` writes a date in a sentence (January 7, 2025; 2025년 1월 7일;
    2025年1月7日; 7 Januari 2025); text that is not a real day stays as it is (a value
    someone typed).

    >>> day_text("2025-01-07", "ko"), day_text("2025-13-01", "ko")
    ('2025년 1월 7일', '2025-13-01')
    """
    import datetime as dt

    from babel.dates import format_date
    try:
        return str(format_date(dt.date.fromisoformat(text), "long", locale=locale or "en"))
    except (ValueError, LookupError):
        return text


def localised(message: Message, decimal_symbol: str, locale: str | None) -> Message:
    """``message`` with its values as the reader writes them: the pure core writes decimals
    with a point ("3.5") and days in ISO ("2026-03-01"); Indonesian reads 3,5, and no page
    shows an ISO day in a sentence (docs/glossary.md, "Formatting"). Nested Messages too.

    >>> from ladder.vocabulary.messages import msg
    >>> localised(msg("%(d)s, %(x)s", d="2026-03-01", x="3.5"), ",", "id").params
    {'d': '1 Maret 2026', 'x': '3,5'}
    """
    if not message.values:
        return message

    def one(value: Any) -> Any:
        if isinstance(value, Message):
            return localised(value, decimal_symbol, locale)
        if isinstance(value, float) and decimal_symbol != ".":
            value = repr(value)
        if isinstance(value, str) and decimal_symbol != "." and _DECIMAL.fullmatch(value):
            return value.replace(".", decimal_symbol)
        if isinstance(value, str) and _DAY.fullmatch(value):
            return day_text(value, locale)
        return value
    return replace(message, values=tuple((key, one(value)) for key, value in message.values))
