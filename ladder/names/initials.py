"""Initials for public pages (docs/privacy.md) and their disambiguation.

Everything shown where initials apply must come from here, so the rules for
what may leak (first letters only, plus the first and last character of
CJK names) live in one place.
"""
from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Mapping

from .normalize import is_han, is_hangul, script_of, split_cjk, strip_invisible

_HANGUL_MASK = "O"  # as in docs/privacy.md: 김민준 -> 김O준
_HAN_MASK = "*"  # as in docs/privacy.md: 王小明 -> 王*明
# A name part: letters/digits, possibly joined by hyphens (Jean-Luc).
_PART = re.compile(r"[^\W_]+(?:['’][^\W_]+)*(?:[-‐‑][^\W_]+(?:['’][^\W_]+)*)*")
_HYPHEN = re.compile(r"[-‐‑]")
_UNKNOWN = "?"


# Lower-case particles stay lower-case ("Ludwig van Beethoven" -> "L. v. B.").
_PARTICLES = frozenset(
    "van von der den de da di du del della dos das la le ten ter bin binti al el".split())


def _first_letter(word: str, position: int) -> str:
    """First letter of a name part, capitalised (names are often typed in lower case).

    A particle written in lower case after the first part keeps its case.
    O'Brien gives "O".
    """
    if position > 0 and word[:1].islower() and word.casefold() in _PARTICLES:
        return word[0]
    return word[0].upper()


def _latin_initials(name: str) -> str:
    """"Jason Becher" -> "J. B.", "Jean-Luc Picard" -> "J.-L. P.".

    A comma name ("Becher, Jason") is shown given-name first, like the rest.
    """
    before, sep, after = name.partition(",")
    ordered = f"{after} {before}" if sep and before.strip() and after.strip() else name
    parts = []
    for position, m in enumerate(_PART.finditer(ordered)):
        pieces = _HYPHEN.split(m.group())
        parts.append("-".join(f"{_first_letter(p, position)}." for p in pieces))
    return " ".join(parts)


def _cjk_initials(compact: str, script: str) -> str:
    """Keep the family name and the last character, mask the middle.

    김민준 -> 김O준, 김민 -> 김O, 王小明 -> 王*明, 王伟 -> 王*, 남궁민수 -> 남궁O수.
    A one-character given name is masked entirely; one mask per hidden
    character keeps the name's length visible, as is usual in Korea.
    """
    mask = _HANGUL_MASK if script == "hangul" else _HAN_MASK
    family, given = split_cjk(compact, script)
    if len(given) <= 1:
        return family + mask
    return family + mask * (len(given) - 1) + given[-1]


def initials(name: str) -> str:
    """The public short form of a name (docs/privacy.md).

    Latin and other spaced scripts give initials with dots; Hangul and Han
    names keep the family name and mask the middle. Returns "?" for a name
    with no letters at all.

    >>> initials("Jan Bergström"), initials("김민준"), initials("王小明"), initials("--")
    ('J. B.', '김O준', '王*明', '?')
    """
    name = unicodedata.normalize("NFKC", strip_invisible(name)).strip()
    letters = [c for c in name if c.isalnum()]
    if not letters:
        return _UNKNOWN
    script = script_of(name)
    if script in ("hangul", "han"):
        compact = "".join(c for c in name if is_hangul(c) or is_han(c))
        return _cjk_initials(compact, script)
    return _latin_initials(name) or _UNKNOWN


def numbered_label(label: str, rank: int) -> str:
    """The ``rank``-th member shown as ``label`` (rank 2 and up), bracketed as the label's own
    script writes it (see :func:`disambiguate`)."""
    last = label[-1:]
    if last and is_han(last):
        return f"{label}（{rank}）"
    if last and is_hangul(last):
        return f"{label}({rank})"
    return f"{label} ({rank})"


def disambiguate(names_by_id: Mapping[int, str]) -> dict[int, str]:
    """Display labels for members shown as initials, unique within the mapping.

    Members sharing initials are ordered by id: the lowest keeps the plain
    initials, the others get " (2)", " (3)", ... The suffix depends only on
    ids, never on any other part of the name, so it leaks nothing and a
    label does not change when members with higher ids are added. It is
    bracketed as the label's own script writes it: a masked Han name takes
    full-width brackets (王*明（2）), a masked Hangul name no space before its
    bracket (김O준(2), docs/glossary.md), a Latin one " (2)".

    >>> disambiguate({1: "Jan Berg", 2: "Jo Brown", 3: "Ann Lee"})
    {1: 'J. B.', 2: 'J. B. (2)', 3: 'A. L.'}
    >>> disambiguate({1: "王小明", 2: "王大明", 3: "김민준", 4: "김현준"})
    {1: '王*明', 2: '王*明（2）', 3: '김O준', 4: '김O준(2)'}
    """
    groups: dict[str, list[int]] = defaultdict(list)
    for member_id in sorted(names_by_id):
        groups[initials(names_by_id[member_id])].append(member_id)
    labels: dict[int, str] = {}
    for label, ids in groups.items():
        for rank, member_id in enumerate(ids, start=1):
            labels[member_id] = label if rank == 1 else numbered_label(label, rank)
    return labels
