"""Names put into sentences (docs/development.md, "Putting a name into a sentence"): every
sentence of the night's pages that names players by start number, and the sentences that take
a name, read right for names ending in a vowel or a consonant, in Latin, Hangul or Han letters,
in all four languages.

The sentences are the catalogue's own: every message of the pairing engine and the night's
rules (``ladder/pairing/reasons.py``, ``ladder/club/night.py``) is rendered with each name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import render_template_string
from flask_babel import gettext, ngettext

from ladder.club.night import HAND_CHANGES
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.sentences import is_han
from ladder.web.support.i18n import PLAYER_KEYS, join_list, translate, with_names

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("en", "ko", "zh_Hans", "id")
#: A vowel and a consonant ending in each script, and the initials and masks of juniors.
NAMES = ("Anna Kowalska", "Daniel Weber", "최윤서", "김민준", "李小龙", "欧阳娜娜", "J. D.",
         "김O준", "王*明")
SOURCES = ("ladder/pairing/reasons.py", "ladder/club/night.py")
HOLDER = re.compile(r"%\((\w+)\)([sd])")
#: Korean particles whose form depends on the last sound of the word before them.
VARIABLE_PARTICLE = re.compile(r"^(?:이|가|은|는|을|를|와|과|으로|로|이나|나)(?![가-힣])")


def _named_messages() -> list[str]:
    """Every message id of the engine and the night's rules that names a player."""
    with (ROOT / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle)
    ids = []
    for entry in catalog:
        if not entry.id or not any(path in SOURCES for path, _line in entry.locations):
            continue
        message_id = entry.id if isinstance(entry.id, str) else entry.id[0]
        if any(key in PLAYER_KEYS for key, _kind in HOLDER.findall(message_id)):
            ids.append(message_id)
    assert len(ids) >= 25  # the check below would pass vacuously on none
    return ids


MESSAGES = _named_messages()


def _message(message_id: str) -> Message:
    values: dict[str, object] = {}
    for key, kind in HOLDER.findall(message_id):
        if key in PLAYER_KEYS:
            values[key] = {"white": 3, "black": 4, "player": 3, "opponent": 4}[key]
        elif key.endswith("kind"):
            values[key] = msg("strong")
        else:
            values[key] = 2 if kind == "d" else "1½"
    return msg(message_id, **values)


def _check(text: str, name: str, locale: str) -> list[str]:
    problems = []
    if name not in text:
        return [f"{name} missing"]
    for match in re.finditer(re.escape(name), text):
        before, after = text[:match.start()], text[match.end():]
        if re.match(r"\s*(번|号)", after):
            problems.append(f"a counter after the name: {after[:6]!r}")
        if locale == "ko":
            if re.match(r"[가-힣]", after) and not after.startswith(("의", "에")):
                problems.append(f"a particle glued to the name: {after[:4]!r}")
            if VARIABLE_PARTICLE.match(after.lstrip(" ")) and after.startswith(" "):
                problems.append(f"a particle after a space: {after[:4]!r}")
        if locale == "zh_Hans":
            han_name = is_han(name[0])
            if before and is_han(before[-1]) and not han_name:
                problems.append(f"Han text glued before a spaced name: {before[-3:]!r}")
            if after and is_han(after[0]) and not is_han(name[-1]):
                problems.append(f"Han text glued after a spaced name: {after[:3]!r}")
            if han_name and re.search(r"[\u4e00-\u9fff] $", before):
                problems.append(f"a space between Han text and a Han name: {before[-3:]!r}")
            if is_han(name[-1]) and re.match(r" [\u4e00-\u9fff]", after):
                problems.append(f"a space between a Han name and Han text: {after[:3]!r}")
    return problems


@pytest.mark.parametrize("locale", LOCALES)
def test_every_pairing_sentence_reads_right_for_every_name(app, locale: str) -> None:
    problems = []
    with app.test_request_context(f"/?lang={locale}"):
        for message_id in MESSAGES:
            message = _message(message_id)
            for name in NAMES:
                text = with_names(message, {3: name, 4: "Bo Chen"})
                problems += [f"{message_id[:50]!r} with {name}: {p}"
                             for p in _check(text, name, locale)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])


def test_a_hand_change_names_both_players(app) -> None:
    with app.test_request_context("/?lang=ko"):
        text = with_names(msg(HAND_CHANGES[1], player=3, opponent=4), {3: "김민준", 4: "Ann Lee"})
    # Both names take 선수 before their particle (the ko catalogue: "… 선수 대신 들어갔습니다").
    assert "김민준 선수가 Ann Lee 선수 대신" in text


@pytest.mark.parametrize(("locale", "han", "latin"), [
    ("zh_Hans", "已将李小龙加入会员名册。", "已将 Anna Lee 加入会员名册。"),
    ("ko", "李小龙 회원을 회원 명부에 추가했습니다.", "Anna Lee 회원을 회원 명부에 추가했습니다."),
    ("en", "Added 李小龙 to the roster.", "Added Anna Lee to the roster."),
    ("id", "李小龙 ditambahkan ke daftar anggota.", "Anna Lee ditambahkan ke daftar anggota."),
])
def test_every_gettext_puts_a_name_in_through_the_one_helper(app, locale, han, latin) -> None:
    # Python's gettext, a template's _() and a core Message all go through fill().
    source = "Added %(name)s to the roster."
    with app.test_request_context(f"/?lang={locale}"):
        assert gettext(source, name="李小龙") == han
        assert gettext(source, name="Anna Lee") == latin
        assert render_template_string("{{ _(s, name=n) }}", s=source, n="李小龙") == han
        assert translate(msg(source, name="Anna Lee")) == latin
        assert ngettext("%(num)d event", "%(num)d events", 2)  # plurals still fill in


def test_a_template_escapes_a_name_once(app) -> None:
    with app.test_request_context("/?lang=zh_Hans"):
        html = render_template_string("{{ _('Added %(name)s to the roster.', name=n) }}",
                                      n="<i>王</i>")
    assert html == "已将 &lt;i&gt;王&lt;/i&gt; 加入会员名册。"


@pytest.mark.parametrize(("locale", "plain", "sentence"), [
    ("en", "Ann, 김민준, 李小龙", "Ann, 김민준, and 李小龙"),
    ("ko", "Ann, 김민준, 李小龙", "Ann, 김민준 및 李小龙"),
    ("zh_Hans", "Ann、김민준、李小龙", "Ann、김민준和李小龙"),
    ("id", "Ann, 김민준, 李小龙", "Ann, 김민준, dan 李小龙"),
])
def test_lists_are_joined_as_each_language_lists(app, locale, plain, sentence) -> None:
    with app.test_request_context(f"/?lang={locale}"):
        assert join_list(["Ann", "김민준", "李小龙"]) == plain
        assert join_list(["Ann", "김민준", "李小龙"], conjunction=True) == sentence
        assert join_list([]) == ""
