"""The catalogues are complete (docs/development.md §1): for every locale, every message of the
extracted set — templates, Python and the pure core's message ids — is translated, not empty, not
fuzzy, and keeps exactly the placeholders of the English.

The extracted set is computed here from the sources (Babel's own extractor with the keywords
of ``make messages``), so a string added without re-extracting fails this test too.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("ko", "zh_Hans", "id")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None, "_l": None,
            "N_": None, "msg": None, "msgn": (1, 2), "pgettext": ((1, "c"), 2),
            "lazy_pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdirf]")


#: The extraction reads every source (about 3 s of CPU): once, in the one test process that
#: runs these tests, not while every process collects the suite.
pytestmark = pytest.mark.xdist_group("catalogues")


@cache
def _extracted() -> frozenset[tuple[str | None, str]]:
    """Every (msgctxt, msgid) of the sources."""
    method_map = [("ladder/**.py", "python"), ("templates/**.html", "jinja2")]
    ids: set[tuple[str | None, str]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, keywords=KEYWORDS,
            options_map={"templates/**.html": {}}):
        first = message[0] if isinstance(message, tuple) else message
        if first:
            ids.add((context, first))
    return frozenset(ids)

#: English words that have two meanings in the interface, so each use says which one with a
#: message context (docs/glossary.md "One English word, two meanings"): a catalogue can then
#: give each its own word (ko 변경 for the verb "Change", 변동 for a rating's change).
AMBIGUOUS = ("Change", "Details", "Name", "unrated", "Place", "Games")


def _catalog(locale: str) -> Catalog:
    path = ROOT / "translations" / locale / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _holders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text or ""))


def test_the_extraction_finds_the_messages() -> None:
    # The checks below would pass vacuously if nothing were extracted.
    extracted = _extracted()
    assert len(extracted) > 1000
    assert (None, "The ladder was rebuilt: %(events)d events, %(rows)d rating rows.") in extracted
    assert ("rating", "Change") in extracted


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated_and_keeps_its_placeholders(locale: str) -> None:
    catalog = _catalog(locale)
    problems = []
    for context, message_id in sorted(_extracted(), key=lambda key: (key[0] or "", key[1])):
        entry = catalog.get(message_id, context=context)
        if entry is None:
            problems.append(f"missing: {message_id[:80]!r}")
            continue
        if entry.fuzzy:
            problems.append(f"fuzzy: {message_id[:80]!r}")
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            problems.append(f"empty: {message_id[:80]!r}")
            continue
        wanted = _holders(ids[0]) | (_holders(ids[1]) if len(ids) > 1 else set())
        for text in strings:
            got = _holders(text)
            if got - wanted or (len(ids) == 1 and got != _holders(ids[0])):
                problems.append(f"placeholders {sorted(got)} != {sorted(wanted)}: "
                                f"{message_id[:60]!r}")
    assert not problems, f"{len(problems)} problems in {locale}:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms_are_declared(locale: str) -> None:
    catalog = _catalog(locale)
    assert catalog.num_plurals == 1  # Korean, Chinese and Indonesian have one plural form


def test_no_ambiguous_word_is_used_without_its_meaning() -> None:
    # Each word of AMBIGUOUS is extracted only with a context, in at least two contexts.
    extracted = _extracted()
    bare = sorted(word for context, word in extracted if word in AMBIGUOUS and context is None)
    assert not bare, f"used without a msgctxt: {bare}"
    for word in AMBIGUOUS:
        contexts = {context for context, found in extracted if found == word}
        assert len(contexts) >= 2, f"{word!r} has one meaning only: {contexts}"


#: The reviews' words for each meaning (lang-ko/zh/id findings): the two meanings differ.
MEANINGS = {
    "ko": {("player actions", "Change"): "변경", ("rating", "Change"): "변동",
           ("check", "Details"): "자세히", ("event", "Details"): "대회 정보",
           ("player", "unrated"): "무레이팅", ("event", "unrated"): "레이팅 미반영",
           ("rules group", "Games"): "대국 결과", ("count", "Games"): "대국 수"},
    "zh_Hans": {("player actions", "Change"): "调整", ("rating", "Change"): "变化",
                ("event", "Name"): "名称", ("person", "Name"): "姓名",
                ("player", "unrated"): "无等级分", ("event", "unrated"): "不计等级分",
                ("rules group", "Games"): "对局得分", ("count", "Games"): "局数"},
    "id": {("player actions", "Change"): "Ubah", ("rating", "Change"): "Perubahan",
           ("prizes", "Place"): "Posisi akhir", ("standings", "Place"): "Posisi",
           ("rules group", "Games"): "Hasil partai", ("count", "Games"): "Partai"},
}


@pytest.mark.parametrize("locale", LOCALES)
def test_each_meaning_has_its_own_word(locale: str) -> None:
    catalog = _catalog(locale)
    for (context, word), wanted in MEANINGS[locale].items():
        entry = catalog.get(word, context=context)
        assert entry is not None and entry.string == wanted, (context, word, entry)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_one_plural_form_carries_the_plurals_placeholders(locale: str) -> None:
    # Korean, Chinese and Indonesian have one form, used for every count: it must name what
    # the English plural names (%(num)d too), as `msgfmt -c` checks for each msgstr[n].
    problems = []
    for entry in _catalog(locale):
        if not isinstance(entry.id, tuple) or not entry.string or not entry.string[0]:
            continue
        missing = _holders(entry.id[1]) - _holders(entry.string[0])
        if missing:
            problems.append(f"{sorted(missing)} missing in {entry.id[0][:60]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", LOCALES)
def test_pybabel_compiles_the_catalogue_without_an_error(locale: str) -> None:
    # `make translations` runs `pybabel compile`, which fails on any of these: a catalogue
    # msgfmt accepts can still stop a fresh install (pybabel checks the one plural form of
    # ko, zh and id against the English singular's placeholders).
    problems = [f"{entry.lineno}: {error}" for entry, errors in _catalog(locale).check()
                for error in errors]
    assert not problems, "\n".join(problems)
