"""Suggest existing members for a typed name (SPEC §4).

The software suggests, the organizer confirms: this module only ranks and
explains, it never decides. Scores are integers 0-100:

* 94-100  the same name written differently (case, accents, spacing, order);
* 60-93   a structural match (initials, middle names, typos) with reasons;
* below MIN_SCORE the candidate is not shown at all, so a genuinely new
  person gets few or no suggestions.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import Levenshtein, OSA

from .normalize import ParsedName, Token, parse

MIN_SCORE = 60
DEFAULT_LIMIT = 5

# Structural matches never outrank "same name written differently".
_STRUCTURAL_CAP = 93
# Factors (multiplied together) for the structural match.
_Q_INITIAL = 0.85  # J. ~ John
_Q_ABBREV = 0.88  # Muh. ~ Muhammad, Chr. ~ Christian
_Q_ONE_LETTER = 0.87  # given name typo
# Deliberately below MIN_SCORE on its own: two letters off in a given name
# is as often a sibling (Xiaoming/Xiaohong) as a typo.
_Q_TWO_LETTERS = 0.58
_Q_SHORTENED = 0.75  # Alex ~ Alexander
_Q_GENDERED = 0.55  # Putri/Putra, Daniel/Daniela: usually siblings, not typos
_Q_MUHAMMAD = 0.95
# Equal to _Q_ONE_LETTER on purpose: on a tie the "given surname" reading
# wins, so "Jon Smith" is explained as a given-name typo.
_Q_SUR_ONE = 0.87
_Q_SUR_TWO = 0.80
_Q_SUR_PART = 0.85  # Garcia ~ Garcia Martin
_Q_GIVEN_SPACING = 0.97  # Xiao Ming ~ Xiaoming
_Q_GIVEN_MISSING = 0.62  # Smith ~ John Smith: weak, but worth showing
_Q_MIDDLE_MISSING = 0.92
_Q_FIRST_MISSING = 0.78  # Muhammad Rizky Pratama ~ Rizky Pratama
_Q_MUHAMMAD_MISSING = 0.88  # "Muhammad" is routinely dropped in Indonesia
_Q_MIDDLE_CONFLICT = 0.55  # John A. Smith vs John B. Smith
_Q_SWAPPED = 0.97

# Spellings and abbreviations of Muhammad, very common first names in
# Indonesia and Malaysia and written many ways by the same person.
_MUHAMMAD = frozenset(
    "muhammad muhamad mohammad mohamad mohammed muhammed mochammad mochamad "
    "mohamed muhamed mukhammad".split()
)
_MUHAMMAD_ABBREV = frozenset("m md mh muh moh mhd mohd moch much".split())
# Final-letter swaps that usually mark a different person of another gender.
_GENDERED_FINALS = frozenset("aeio")


@dataclass(frozen=True)
class Candidate:
    """An existing member offered for matching."""

    id: int
    name: str


@dataclass(frozen=True)
class Suggestion:
    """One ranked suggestion: member id, their name, score 0-100, and why."""

    candidate: int
    name: str
    score: int
    reasons: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Part:
    """Quality of one matched part and the reason to show (None = exact)."""

    quality: float
    reason: str | None = None


# ---------------------------------------------------------------- tokens


def _is_muhammad(t: Token) -> bool:
    return t.text in _MUHAMMAD or (t.abbrev and t.text in _MUHAMMAD_ABBREV)


def _gendered_pair(x: str, y: str) -> bool:
    """True for Putri/Putra, Mario/Maria, Daniel/Daniela, Kowalski/Kowalska.

    Names differing only in a final vowel (or a final 'a') are far more often
    brother and sister than a typo, the worst kind of false merge.
    """
    if len(x) == len(y) and x[:-1] == y[:-1]:
        return x[-1] in _GENDERED_FINALS and y[-1] in _GENDERED_FINALS
    short, long = sorted((x, y), key=len)
    return len(long) == len(short) + 1 and long[:-1] == short and long[-1] == "a"


def _typo(x: str, y: str, what: str) -> _Part | None:
    """Classify a spelling difference between two full words, or None."""
    d = OSA.distance(x, y, score_cutoff=2)
    if d > 2:
        return None
    shortest = min(len(x), len(y))
    if d == 1 and (shortest >= 4 or (shortest == 3 and len(x) != len(y))):
        if Levenshtein.distance(x, y) == 2:
            return _Part(_Q_ONE_LETTER, f"{what} has two letters swapped")
        return _Part(_Q_ONE_LETTER, f"{what} differs by one letter")
    if d == 2 and shortest >= 6:
        return _Part(_Q_TWO_LETTERS, f"{what} differs by two letters")
    return None


def _given_pair(x: Token, y: Token, what: str, allow_prefix: bool) -> _Part | None:
    """How well two given-name words match, or None if they do not."""
    if x.text == y.text:
        return _Part(1.0)
    short, long = (x, y) if len(x.text) <= len(y.text) else (y, x)
    if short.abbrev and long.text.startswith(short.text):
        if len(short.text) == 1:
            return _Part(_Q_INITIAL, f"initial matches {what}")
        return _Part(_Q_ABBREV, f"abbreviation matches {what}")
    if _is_muhammad(x) and _is_muhammad(y):
        return _Part(_Q_MUHAMMAD, "spelling or abbreviation of Muhammad")
    if x.abbrev or y.abbrev:
        return None
    if _gendered_pair(x.text, y.text):
        return _Part(_Q_GENDERED, f"{what} differs in the last letter (a sibling?)")
    part = _typo(x.text, y.text, what)
    if part is not None:
        return part
    if allow_prefix and len(short.text) >= 3 and len(long.text) - len(short.text) >= 2:
        if long.text.startswith(short.text):
            return _Part(_Q_SHORTENED, f"shortened {what}")
    return None


# ---------------------------------------------------------------- parts


def _surname(a: tuple[Token, ...], b: tuple[Token, ...], strict: bool) -> _Part | None:
    """How well two surname groups match (usually one word each).

    ``strict``: the "surname" may really be a given name (surname-first or
    single-word reading), so the sibling rule applies (Putri/Putra,
    Sutrisno/Sutrisna). In a given-name-first reading the last word is a
    surname and Santoso/Santosa, Kowalski/Kowalska are spelling slips.
    """
    ja, jb = "".join(t.text for t in a), "".join(t.text for t in b)
    if ja == jb:
        return _Part(1.0)
    if len(a) != len(b):
        small, big = (a, b) if len(a) < len(b) else (b, a)
        if {t.text for t in small} <= {t.text for t in big}:
            return _Part(_Q_SUR_PART, "second surname missing")
    if strict and _gendered_pair(ja, jb):
        return _Part(_Q_GENDERED, "name differs in the last letter")
    part = _typo(ja, jb, "surname")
    if part is not None and part.quality == _Q_ONE_LETTER:
        return _Part(_Q_SUR_ONE, part.reason)
    if part is not None:
        return _Part(_Q_SUR_TWO, part.reason)
    return None


def _align(a: tuple[Token, ...], b: tuple[Token, ...], allow_prefix: bool):
    """Best order-preserving alignment of two lists of given-name words.

    Returns (product of pair qualities, reasons, matched index pairs). Lists
    are tiny (1-4 words), so a plain memoised recursion is fine.
    """

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> tuple[float, tuple[str, ...], tuple[tuple[int, int], ...]]:
        if i == len(a) or j == len(b):
            return (0.0, (), ())
        options = [best(i + 1, j), best(i, j + 1)]
        what = "given name" if i == 0 and j == 0 else "middle name"
        part = _given_pair(a[i], b[j], what, allow_prefix)
        if part is not None:
            q, rs, pairs = best(i + 1, j + 1)
            # Score by "sum of qualities" so more matched words always win.
            options.append((q + part.quality, (part.reason,) * bool(part.reason) + rs, ((i, j),) + pairs))
        return max(options, key=lambda o: (o[0], -len(o[1])))

    total, reasons, pairs = best(0, 0)
    if not pairs:
        return None
    product = 1.0
    for i, j in pairs:
        product *= _given_pair(a[i], b[j], "", allow_prefix).quality  # type: ignore[union-attr]
    return product, list(reasons), pairs


def _given(a: tuple[Token, ...], b: tuple[Token, ...], allow_prefix: bool) -> tuple[float, list[str]] | None:
    """Match the given-name parts; returns (quality, reasons) or None."""
    if not a and not b:
        return (1.0, [])
    if not a or not b:
        return (_Q_GIVEN_MISSING, ["given name missing"])
    if len(a) != len(b) and "".join(t.text for t in a) == "".join(t.text for t in b):
        return (_Q_GIVEN_SPACING, ["given name spaced differently"])
    aligned = _align(a, b, allow_prefix)
    if aligned is None:
        return None
    q, reasons, pairs = aligned
    used_a = {i for i, _ in pairs}
    used_b = {j for _, j in pairs}
    left_a = [i for i in range(len(a)) if i not in used_a]
    left_b = [j for j in range(len(b)) if j not in used_b]
    if left_a and left_b:
        # Both have words the other lacks: John A. Smith vs John B. Smith.
        return (q * _Q_MIDDLE_CONFLICT, reasons + ["middle names differ"])
    for k, side in [(i, a) for i in left_a] + [(j, b) for j in left_b]:
        if k == 0 and _is_muhammad(side[0]):
            q *= _Q_MUHAMMAD_MISSING
            reasons.append("“Muhammad” omitted")
        elif k == 0:
            q *= _Q_FIRST_MISSING
            reasons.append("first given name missing")
        else:
            q *= _Q_MIDDLE_MISSING
            reasons.append("middle name missing")
    return (q, reasons)


SURNAME_PARTICLES = frozenset(
    "van von der den de da di del della dos das du la le ter ten zu bin binti al el".split())


def _orientations(p: ParsedName):
    """Ways to read a name as (surname words, given words, form).

    Without a comma we cannot know the order, so both "given surname" and
    "surname given" are tried; an initial is never taken as a surname.
    """
    toks = p.tokens
    if p.comma:
        return [(toks[: p.comma], toks[p.comma :], "comma")]
    if len(toks) == 1:
        return [] if toks[0].abbrev else [(toks, (), "single")]
    out = []
    if not toks[-1].abbrev:
        out.append((toks[-1:], toks[:-1], "western"))
        # "Peter van der Berg": lower-case particles before the last word belong to the
        # surname, so "van den Berg" is read as a one-letter slip in the surname.
        start = len(toks) - 1
        while start > 1 and toks[start - 1].text in SURNAME_PARTICLES:
            start -= 1
        if start < len(toks) - 1:
            out.append((toks[start:], toks[:start], "western"))
    if not toks[0].abbrev:
        out.append((toks[:1], toks[1:], "eastern"))
    return out


def _structural(a: ParsedName, b: ParsedName) -> tuple[int, list[str]] | None:
    """Best structural match of two spaced-script names."""
    best: tuple[float, list[str]] | None = None
    for a_sur, a_giv, a_form in _orientations(a):
        for b_sur, b_giv, b_form in _orientations(b):
            sur = _surname(a_sur, b_sur, strict=bool({a_form, b_form} & {"eastern", "single"}))
            if sur is None:
                continue
            # "Surname given" readings of western names would turn surname
            # prefixes into "shortened given names" (Smith ~ Smithson).
            allow_prefix = "eastern" not in (a_form, b_form)
            given = _given(a_giv, b_giv, allow_prefix)
            if given is None:
                continue
            q = sur.quality * given[0]
            reasons = ([sur.reason] if sur.reason else []) + given[1]
            if {a_form, b_form} == {"western", "eastern"}:
                q *= _Q_SWAPPED
                reasons.insert(0, "given name and surname swapped")
            if best is None or q > best[0]:
                best = (q, reasons)
    if best is None:
        return None
    return min(_STRUCTURAL_CAP, round(100 * best[0])), best[1]


# ---------------------------------------------------------------- whole names


def _accent_reason(a: ParsedName, b: ParsedName) -> list[str]:
    """["same name without diacritics"] if accents are what differs.

    Called once the folded words are known to be equal up to order and
    spacing, so comparing the multisets of unfolded letters is enough.
    """
    letters_a = sorted(c for c in a.key if c.isalnum())
    letters_b = sorted(c for c in b.key if c.isalnum())
    return ["same name without diacritics"] if letters_a != letters_b else []


def _given_first(p: ParsedName) -> tuple[str, ...]:
    """Words of a comma name put in "given surname" order."""
    w = p.words
    return w[p.comma :] + w[: p.comma] if p.comma else w


def compare(typed: str, existing: str) -> tuple[int, list[str]]:
    """Score how plausibly ``typed`` names the member called ``existing``.

    Returns (score 0-100, reasons). Score 0 means "not the same person as
    far as names can tell". Both names are parsed with a cache.
    """
    a, b = parse(typed), parse(existing)
    if not a.compact or not b.compact:
        return 0, []
    if a.key == b.key:
        return 100, ["same name"]
    if a.plain == b.plain:
        return 98, _accent_reason(a, b) or ["same name apart from punctuation"]
    if a.compact == b.compact:
        return 96, ["same name without spaces"] + _accent_reason(a, b)
    if (a.comma or b.comma) and _given_first(a) == _given_first(b):
        return 95, ["surname written first, with a comma"] + _accent_reason(a, b)
    if sorted(a.words) == sorted(b.words):
        what = "given name and surname swapped" if len(a.words) == 2 else "name parts in a different order"
        return 94, [what] + _accent_reason(a, b)
    if a.script != b.script:
        return 0, []  # no transliteration between scripts (yet)
    if a.script in ("hangul", "han"):
        return _compare_cjk(a, b)
    found = _structural(a, b)
    return found if found is not None else (0, [])


def _compare_cjk(a: ParsedName, b: ParsedName) -> tuple[int, list[str]]:
    """Hangul/Han names: only spacing and order may differ.

    One different character in a two-character given name (민준/민재,
    小明/小红) is usually another person, often a sibling: not suggested.
    """
    for p, q in ((a, b), (b, a)):
        if len(p.tokens) == 2 and p.tokens[1].text + p.tokens[0].text == q.compact:
            return 94, ["given name and surname swapped"]
    return 0, []


def _as_pair(c: Candidate | tuple[int, str]) -> tuple[int, str]:
    if isinstance(c, Candidate):
        return c.id, c.name
    cid, name = c
    return cid, name


def suggest(
    name: str,
    candidates: Iterable[Candidate] | Iterable[tuple[int, str]],
    limit: int = DEFAULT_LIMIT,
) -> list[Suggestion]:
    """Rank existing members for a typed name, best first.

    Only candidates scoring at least MIN_SCORE are returned, at most
    ``limit`` of them. Ties are broken by name key, then id, so the order is
    deterministic.
    """
    found: list[Suggestion] = []
    for c in candidates:
        cid, cname = _as_pair(c)
        score, reasons = compare(name, cname)
        if score >= MIN_SCORE:
            found.append(Suggestion(candidate=cid, name=cname, score=score, reasons=reasons))
    found.sort(key=lambda s: (-s.score, parse(s.name).key, s.candidate))
    return found[: max(limit, 0)]
