"""One term per concept on every page (docs/glossary.md, the single list): each catalogue
translates the key terms with the glossary's word, and never with the words the reviews of
December 2026 retired.

How: the glossary's tables are parsed (English, ko, zh, id columns). For a chosen set of key
terms per language, every message whose English contains the term (as a word, any case,
plural too) must carry the language's term in its translation; the test first checks that
this term is the glossary's, so the glossary stays the one list. A short allow-list names the
messages that may say it otherwise, each with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
COLUMNS = {"ko": 1, "zh_Hans": 2, "id": 3}


def _glossary() -> dict[str, dict[str, str]]:
    """English term (the first cell of a row of a table headed "| en | ko | zh …") → the
    cell of each language."""
    terms: dict[str, dict[str, str]] = {}
    in_table = False
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| en | ko | zh"):
            in_table = True
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if in_table and len(cells) >= 4 and not set(cells[0]) <= set("-: "):
            terms[cells[0]] = {locale: cells[column] for locale, column in COLUMNS.items()}
    return terms


GLOSSARY = _glossary()

#: Per language: glossary term (its English cell) → the English to find in a msgid (a regular
#: expression) and the accepted translations, the first being the glossary's own word.
KEY_TERMS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "ko": {
        "club night": (r"club nights?", ("클럽 모임", "모임")),
        "tie-break": (r"tie-?breaks?", ("타이브레이크",)),
        "start number": (r"start numbers?", ("참가 번호",)),
        "zero-point bye (TRF `Z`)": (r"zero-point byes?", ("불참",)),
        "provisional": (r"provisional", ("잠정",)),
        "established": (r"established (?:players?|members?)", ("확정",)),
    },
    "zh_Hans": {
        "tie-break": (r"tie-?breaks?", ("小分",)),
        "bughouse": (r"bughouse", ("双人换棋",)),
        "provisional": (r"provisional", ("临时",)),
        "established": (r"established (?:players?|members?)", ("正式",)),
        "zero-point bye (TRF `Z`)": (r"zero-point byes?", ("零分轮空", "未到场")),
    },
    "id": {
        "established": (r"established (?:players?|members?)", ("mapan",)),
        "zero-point bye (TRF `Z`)": (r"zero-point byes?", ("tidak hadir",)),
        "start number": (r"start numbers?", ("nomor awal",)),
        "provisional": (r"provisional", ("sementara",)),
        "club night": (r"club nights?", ("malam klub",)),
    },
}

#: Words the reviews retired: none may appear in a translation (lang-ko/zh/id.md findings).
RETIRED = {
    "ko": ("클럽 나이트", "0점 부전승", "동점 처리", "시작 번호", "카시단", "대진 배정 부전승",
           "을(를)", "이(가)", "은(는)", "와(과)"),
    "zh_Hans": ("破同分", "双人连棋", "等级分池", "降组"),
    "id": ("pemain tetap", "sistem Belanda", "bye nol poin", "bye pairing", "check-in",
           "nomor urut", "nomor start", "meja penyelenggara", "mengapung", "kumpulan rating"),
}

#: (locale, start of the msgid) → why the key term may be missing there.
ALLOWED = {
    ("zh_Hans", "Tie-breaks of “%(event)s”"): "the audit line names the codes: 小分 is in it",
}


def _catalog(locale: str):
    with (ROOT / "translations" / locale / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=locale)


def test_the_glossary_is_parsed() -> None:
    assert len(GLOSSARY) > 300
    assert GLOSSARY["club night"] == {"ko": "클럽 모임", "zh_Hans": "俱乐部之夜",
                                      "id": "malam klub"}


@pytest.mark.parametrize("locale", sorted(KEY_TERMS))
def test_the_key_terms_are_the_glossarys(locale: str) -> None:
    for term, (_english, accepted) in KEY_TERMS[locale].items():
        assert term in GLOSSARY, term
        assert accepted[0] in GLOSSARY[term][locale], (term, GLOSSARY[term][locale])


@pytest.mark.parametrize("locale", sorted(KEY_TERMS))
def test_each_catalogue_uses_its_glossary_terms(locale: str) -> None:
    problems = []
    matched: set[str] = set()
    for entry in _catalog(locale):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if any(ids[0].startswith(start) for (where, start) in ALLOWED if where == locale):
            continue
        for term, (english, accepted) in KEY_TERMS[locale].items():
            if not re.search(rf"\b{english}\b", " ".join(ids), re.IGNORECASE):
                continue
            matched.add(term)
            for text in strings:
                if text and not any(word.lower() in text.lower() for word in accepted):
                    problems.append(f"{term} → {accepted[0]}: {ids[0][:70]!r} = {text[:70]!r}")
    assert matched == set(KEY_TERMS[locale])  # every key term is in some message
    assert not problems, f"{len(problems)} translations without the glossary's term:\n" + \
        "\n".join(problems)


@pytest.mark.parametrize("locale", sorted(RETIRED))
def test_no_retired_word_is_left(locale: str) -> None:
    found = []
    for entry in _catalog(locale):
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in strings:
            found += [f"{word}: {text[:80]!r}" for word in RETIRED[locale]
                      if text and word.lower() in text.lower()]
    assert not found, "\n".join(found)
