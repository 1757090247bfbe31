"""Suggest existing members for a typed name (docs/desk.md §2).

The software suggests, the organizer confirms: this module only ranks and
explains, it never decides. Scores are integers 0-100:

* 94-100  the same name written differently (case, accents, spacing, order,
          traditional/simplified characters);
* 60-93   a match with reasons: another script's romanisation (93), the old
          Indonesian spelling, initials, short forms (Bob ~ Robert), middle
          names, typos, a one-key slip in Hangul;
* below MIN_SCORE the candidate is not shown at all, so a genuinely new
  person gets few or no suggestions.

Reasons are :class:`~ladder.names.reasons.SuggestionReason` objects: the English sentence as a
``str``, carrying the message id and values for translation at the web edge.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from rapidfuzz.distance import OSA, Levenshtein

from . import hangul, hanzi, southern
from . import reasons as R
from .given_names import is_given_name, short_form
from .indonesian import BALINESE_PREFIXES, TITLES, is_doubled, new_spelling_key
from .normalize import ParsedName, Token, parse
from .reasons import SuggestionReason
from .spelling import Forms, forms, is_muhammad

MIN_SCORE = 60
DEFAULT_LIMIT = 5

# Structural matches never outrank "same name written differently".
_STRUCTURAL_CAP = 93
# A romanisation of a Hangul/Han name (or the reverse): the letters agree, but many Hangul
# and Han names share one romanisation (张伟杰 and 张伟洁 are both Zhang Weijie), so it ranks
# below "the same name written differently", level with the best structural match: an exact
# romanisation is better evidence than "Zhang Wei" with "Jie" missing.
_S_CROSS_SCRIPT = 93
# A Cantonese or Hokkien spelling (ladder/names/southern.py) is lossy: many characters share
# "wai" or "boon". Suggested, below the confident level (85): a new person whose name sounds
# like a member's is never confidently taken for them.
_S_SOUTHERN = 82
# One Korean given name in two romanisations, both in Latin letters (Lee Minjun ~ Yi Min-joon):
# the key (hangul.latin_given_key) merges a few vowels, so it is a suggestion, not a certainty;
# lower again when the family name is spelled differently too.
_S_KOREAN_LATIN = 84
_Q_KOREAN_LATIN_SURNAME = 0.95
# "M. J. Hwang" for 황민재: the family name and one letter per syllable.
_S_KOREAN_INITIALS = 80
# A one-key slip in a Hangul given name: modest on purpose, since 서쥰 could be a real name.
_S_JAMO_TYPO = 72
# Factors (multiplied together) for the structural match.
_Q_INITIAL = 0.85  # J. ~ John
# An initial that matches a middle name is more evidence, not less (test_names_reasons_25.py): above
# _Q_MIDDLE_MISSING, so "R. J. Ashworth" ranks Robert James Ashworth (both initials)
# above Rebecca Ashworth (one initial, a middle name missing).
_Q_MIDDLE_INITIAL = 0.95
_Q_ABBREV = 0.88  # Muh. ~ Muhammad, Chr. ~ Christian
_Q_ONE_LETTER = 0.87  # given name typo
# Deliberately below MIN_SCORE on its own: two letters off in a given name
# is as often a sibling (Xiaoming/Xiaohong) as a typo.
_Q_TWO_LETTERS = 0.58
_Q_SHORTENED = 0.75  # Alex ~ Alexander
_Q_SHORT_FORM = 0.82  # Bob ~ Robert: the same person more often than not, but not always
_Q_OLD_SPELLING = 0.93  # Poerwanto ~ Purwanto
_Q_DOUBLED = 0.95  # Poerwanto Poerwanto ~ Poerwanto
_Q_BALINESE = 0.95  # I Md. ~ I Made; I Made ~ Made
_Q_GENDERED = 0.55  # Putri/Putra, Daniel/Daniela: usually siblings, not typos
_Q_MUHAMMAD = 0.95
# Equal to _Q_ONE_LETTER on purpose: on a tie the reading with the exact surname wins, so
# "Jon Smith" and "Wang Xiaomin" are both explained as given-name typos.
_Q_SUR_ONE = 0.87
_Q_SUR_TWO = 0.80
_Q_SUR_PART = 0.85  # Garcia ~ Garcia Martin
# Tan ~ Chen (陈), Lim ~ Lin (林): one Han family name in a dialect's and in pinyin's spelling;
# several family names share a spelling (Chan is 陈 and 曾), so a suggestion, never confident.
_Q_SUR_DIALECT = 0.84
# A name of one word against another one letter off (Wahyudi / Wahyuni, Sutiyoso / Sutiyono):
# with nothing else to go by, as often another person (often a sibling) as a typo: suggested,
# below the confident level.
_Q_SINGLE_ONE = 0.80
# A title or a placeholder written beside a single name (Bapak Slamet, FNU Slamet ~ Slamet).
_Q_TITLE = 0.84
_Q_GIVEN_SPACING = 0.97  # Xiao Ming ~ Xiaoming
_Q_GIVEN_MISSING = 0.62  # Smith ~ John Smith: weak, but worth showing
_Q_MIDDLE_MISSING = 0.92
_Q_FIRST_MISSING = 0.78  # Muhammad Rizky Pratama ~ Rizky Pratama
_Q_MUHAMMAD_MISSING = 0.88  # "Muhammad" is routinely dropped in Indonesia
_Q_MIDDLE_CONFLICT = 0.55  # John A. Smith vs John B. Smith
_Q_SWAPPED = 0.97

# Final-letter swaps that usually mark a different person of another gender.
_GENDERED_FINALS = frozenset("aeio")

# Family names of China, Korea and Vietnam as written in Latin letters: a name starting with
# one of these is plausibly written surname first ("Wang Xiaoming", "Kim Minjun").
_VIETNAMESE_SURNAMES = (
    "nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly".split())
EAST_ASIAN_SURNAMES = frozenset(
    [s for spellings in hangul.SURNAME_SPELLINGS.values() for s in spellings]
    + [s.replace("'", "").replace("-", "")
       for spellings in hanzi.SURNAME_SPELLINGS.values() for s in spellings]
    + _VIETNAMESE_SURNAMES
)


@dataclass(frozen=True)
class Candidate:
    """An existing member offered for matching."""

    id: int
    name: str


@dataclass(frozen=True)
class Suggestion:
    """One ranked suggestion: member id, their name, score 0-100, and why.

    ``via`` is the earlier spelling (alias) that matched, when it was not the member's
    current name; ``reasons`` then starts with what that alias is ("was merged into ...").
    """

    candidate: int
    name: str
    score: int
    reasons: list[SuggestionReason] = field(default_factory=list)
    via: str | None = None


@dataclass(frozen=True)
class _Part:
    """Quality of one matched part and the reason to show (None = exact)."""

    quality: float
    reason: SuggestionReason | None = None


# ---------------------------------------------------------------- tokens


def _gendered_pair(x: str, y: str) -> bool:
    """True for Putri/Putra, Mario/Maria, Daniel/Daniela, Louis/Louise, Kowalski/Kowalska.

    Names differing only in a final vowel (or a final 'a') are far more often
    brother and sister than a typo, the worst kind of false merge.
    """
    if len(x) == len(y) and x[:-1] == y[:-1]:
        return x[-1] in _GENDERED_FINALS and y[-1] in _GENDERED_FINALS
    short, long = sorted((x, y), key=len)
    # +a: Paul/Paula, Daniel/Daniela; +e: Louis/Louise, Denis/Denise, Simon/Simone.
    return len(long) == len(short) + 1 and long[:-1] == short and long[-1] in "ae"


def _typo(x: str, y: str, part: str) -> _Part | None:
    """Classify a spelling difference between two full words, or None."""
    d = OSA.distance(x, y, score_cutoff=2)
    if d > 2:
        return None
    shortest = min(len(x), len(y))
    if d == 1 and (shortest >= 4 or (shortest == 3 and len(x) != len(y))):
        if Levenshtein.distance(x, y) == 2:
            return _Part(_Q_ONE_LETTER, R.TWO_SWAPPED[part])
        return _Part(_Q_ONE_LETTER, R.ONE_LETTER[part])
    if d == 2 and shortest >= 6:
        return _Part(_Q_TWO_LETTERS, R.TWO_LETTERS[part])
    return None


def _old_and_new(x: str, y: str) -> tuple[str, str]:
    """Which of two spellings with one new-spelling key is the old one (oe, dj, tj, j for y)."""
    def oldness(w: str) -> int:
        return sum(w.count(s) for s in ("oe", "dj", "tj", "ch")) * 2 + w.count("j") - w.count("y")
    return (x, y) if oldness(x) >= oldness(y) else (y, x)


def _spelling_variant(x: str, y: str) -> _Part | None:
    """Old and new Indonesian spelling of one word (Soeharto ~ Suharto), or None."""
    if x != y and new_spelling_key(x) == new_spelling_key(y):
        return _Part(_Q_OLD_SPELLING, R.old_spelling(*_old_and_new(x, y)))
    return None


def _given_pair(x: Token, y: Token, part: str, allow_prefix: bool) -> _Part | None:
    """How well two given-name words match, or None if they do not."""
    if x.text == y.text:
        if x.expanded_from != y.expanded_from:
            abbreviation = x.expanded_from or y.expanded_from or ""
            return _Part(_Q_BALINESE, R.balinese_abbreviation(abbreviation, x.text))
        return _Part(1.0)
    short, long = (x, y) if len(x.text) <= len(y.text) else (y, x)
    if short.abbrev and long.text.startswith(short.text):
        if len(short.text) == 1:
            quality = _Q_MIDDLE_INITIAL if part == R.MIDDLE else _Q_INITIAL
            return _Part(quality, R.INITIAL[part])
        return _Part(_Q_ABBREV, R.ABBREVIATION[part])
    if is_muhammad(x) and is_muhammad(y):
        return _Part(_Q_MUHAMMAD, R.MUHAMMAD_SPELLING)
    if x.abbrev or y.abbrev:
        return None
    if _gendered_pair(x.text, y.text):
        return _Part(_Q_GENDERED, R.LAST_LETTER[part])
    variant = _spelling_variant(x.text, y.text)
    if variant is not None:
        return variant
    # A one-letter slip is the simpler explanation (and scores higher) than a short form:
    # Jon ~ John is "differs by one letter" even though the table lists Jon as a short form.
    found = _typo(x.text, y.text, part)
    if found is not None and found.quality > _Q_SHORT_FORM:
        return found
    pair = short_form(x.text, y.text)
    if pair is not None:
        return _Part(_Q_SHORT_FORM, R.short_form(*pair))
    if found is not None:
        return found
    if allow_prefix and len(short.text) >= 3 and len(long.text) - len(short.text) >= 2:
        if long.text.startswith(short.text):
            return _Part(_Q_SHORTENED, R.SHORTENED[part])
    return None


# ---------------------------------------------------------------- parts


def _surname(a: tuple[Token, ...], b: tuple[Token, ...], strict: bool,
             part: str = R.SURNAME) -> _Part | None:
    """How well two surname groups match (usually one word each).

    ``strict``: the "surname" may really be a given name (surname-first or
    single-word reading), so the sibling rule applies (Putri/Putra,
    Sutrisno/Sutrisna). In a given-name-first reading the last word is a
    surname and Santoso/Santosa, Kowalski/Kowalska are spelling slips.
    ``part`` names the word in the reasons: a surname, unless the "surname" is really a
    given name (Muhammad Rafi: test_names_reasons_25.py).
    """
    ja, jb = "".join(t.text for t in a), "".join(t.text for t in b)
    if ja == jb:
        return _Part(1.0)
    if len(a) != len(b):
        small, big = (a, b) if len(a) < len(b) else (b, a)
        if {t.text for t in small} <= {t.text for t in big}:
            return _Part(_Q_SUR_PART, R.SECOND_SURNAME_MISSING)
    if strict and _gendered_pair(ja, jb):
        return _Part(_Q_GENDERED, R.NAME_LAST_LETTER)
    variant = _spelling_variant(ja, jb)
    if variant is not None:
        return variant
    if hangul.same_korean_surname(ja, jb):  # Bak ~ Park, Jeong ~ Chung (SURNAME_SPELLINGS)
        return _Part(_Q_SUR_ONE, R.KOREAN_SURNAME_SPELLING)
    if hanzi.same_chinese_surname(ja, jb):  # Tan ~ Chen, Lim ~ Lin, Ng ~ Huang
        return _Part(_Q_SUR_DIALECT, R.CHINESE_SURNAME_SPELLING)
    found = _typo(ja, jb, part)
    if found is not None and found.quality == _Q_ONE_LETTER:
        return _Part(_Q_SUR_ONE, found.reason)
    if found is not None:
        # Two letters off is a sibling as often as a typo when the word may be a given name
        # (Patrick/Patricia read surname first, Xiaohong/Xiaoming after the family name Wang).
        return _Part(_Q_TWO_LETTERS if strict else _Q_SUR_TWO, found.reason)
    return None


_Alignment = tuple[float, tuple[SuggestionReason, ...], tuple[tuple[int, int], ...]]


def _align(a: tuple[Token, ...], b: tuple[Token, ...],
           allow_prefix: bool
           ) -> tuple[float, list[SuggestionReason], tuple[tuple[int, int], ...]] | None:
    """Best order-preserving alignment of two lists of given-name words.

    Returns (product of pair qualities, reasons, matched index pairs). Lists
    are tiny (1-4 words), so a plain memoised recursion is fine.
    """
    parts: dict[tuple[int, int], _Part | None] = {}

    def pair(i: int, j: int) -> _Part | None:
        if (i, j) not in parts:
            part = R.GIVEN if i == 0 and j == 0 else R.MIDDLE
            parts[(i, j)] = _given_pair(a[i], b[j], part, allow_prefix)
        return parts[(i, j)]

    @cache
    def best(i: int, j: int) -> _Alignment:
        if i == len(a) or j == len(b):
            return (0.0, (), ())
        options = [best(i + 1, j), best(i, j + 1)]
        part = pair(i, j)
        if part is not None:
            q, rs, pairs = best(i + 1, j + 1)
            # Score by "sum of qualities" so more matched words always win.
            own = (part.reason,) if part.reason else ()
            options.append((q + part.quality, own + rs, ((i, j),) + pairs))
        return max(options, key=lambda o: (o[0], -len(o[1])))

    _total, reasons, pairs = best(0, 0)
    if not pairs:
        return None
    product = 1.0
    for i, j in pairs:
        matched = pair(i, j)
        assert matched is not None
        product *= matched.quality
    return product, list(reasons), pairs


def _given(a: tuple[Token, ...], b: tuple[Token, ...], allow_prefix: bool,
           syllables: bool = False) -> tuple[float, list[SuggestionReason]] | None:
    """Match the given-name parts; returns (quality, reasons) or None.

    ``syllables``: the given names are East Asian given names written syllable by syllable
    (Min Jae, Min-jae, Wei Ming): a syllable missing is another name, not a middle name left
    out, so Lee Min-jae and Lee Min are not matched.
    """
    if not a and not b:
        return (1.0, [])
    if not a or not b:
        if all(t.text in TITLES for t in a or b):
            return (_Q_TITLE, [R.TITLE_OMITTED])
        return (_Q_GIVEN_MISSING, [R.GIVEN_MISSING])
    if len(a) != len(b) and "".join(t.text for t in a) == "".join(t.text for t in b):
        return (_Q_GIVEN_SPACING, [R.GIVEN_SPACING])
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
        return (q * _Q_MIDDLE_CONFLICT, reasons + [R.MIDDLE_NAMES_DIFFER])
    for k, side in [(i, a) for i in left_a] + [(j, b) for j in left_b]:
        if side[k].text in TITLES:
            q *= _Q_TITLE
            reasons.append(R.TITLE_OMITTED)
        elif syllables or side[k].hyphenated:
            return None  # a syllable of one given name (Min-jae ~ Min): another name
        elif k == 0 and is_muhammad(side[0]):
            q *= _Q_MUHAMMAD_MISSING
            reasons.append(R.MUHAMMAD_OMITTED)
        elif k == 0 and side[0].text in BALINESE_PREFIXES and len(side) > 1:
            q *= _Q_BALINESE
            reasons.append(R.balinese_prefix_omitted(side[0].text))
        elif k == 0:
            q *= _Q_FIRST_MISSING
            reasons.append(R.FIRST_GIVEN_MISSING)
        else:
            q *= _Q_MIDDLE_MISSING
            reasons.append(R.MIDDLE_MISSING)
    return (q, reasons)


SURNAME_PARTICLES = frozenset(
    "van von der den de da di del della dos das du la le ter ten zu bin binti al el".split())

_Reading = tuple[tuple[Token, ...], tuple[Token, ...], str]


def _orientations(p: ParsedName) -> list[_Reading]:
    """Ways to read a name as (surname words, given words, form).

    Without a comma we cannot know the order, so both "given surname" and
    "surname given" are tried; an initial is never taken as a surname.
    """
    toks = p.tokens
    if p.comma:
        return [(toks[: p.comma], toks[p.comma :], "comma")]
    if len(toks) == 1:
        return [] if toks[0].abbrev else [(toks, (), "single")]
    out: list[_Reading] = []
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


def _plausible(surname: tuple[Token, ...], given: tuple[Token, ...], form: str) -> int:
    """How natural a reading is, to break ties between equally good ones.

    A comma says which part is the surname; without one the last word is the surname in
    most of the world, the first word when it is a known East Asian family name. Given words
    that are known given names make a reading likelier, a surname that is one less likely:
    "Smith Jon" is Jon Smith written surname first.
    """
    family = "".join(t.text for t in surname)
    score = 1 if form in ("comma", "western", "single") else int(family in EAST_ASIAN_SURNAMES)
    # Kim, Lee and Young are in the given-name tables too; as the first word they are surnames.
    if given and all((is_given_name(t.text) and t.text not in EAST_ASIAN_SURNAMES) or t.abbrev
                     for t in given):
        score += 1
    if is_given_name(family) and family not in EAST_ASIAN_SURNAMES:
        score -= 1
    return score


def _structural(a: ParsedName, b: ParsedName) -> tuple[int, list[SuggestionReason]] | None:
    """Best structural match of two spaced-script names."""
    best: tuple[float, int, bool, list[SuggestionReason]] | None = None
    # A name starting with an East Asian family name may be written surname first, so its
    # last word may be a given name even in the "given surname" reading.
    east = a.words[0] in EAST_ASIAN_SURNAMES or b.words[0] in EAST_ASIAN_SURNAMES
    for a_sur, a_giv, a_form in _orientations(a):
        for b_sur, b_giv, b_form in _orientations(b):
            strict = (bool({a_form, b_form} & {"eastern", "single"})
                      or (east and len(a.words) == len(b.words) == 2))
            # "Muhammad Rafi": Muhammad and a personal name, no family name (Malay and
            # Indonesian naming): the last word is a given name, and the reasons say so.
            part = R.GIVEN if a_giv and b_giv and all(
                is_muhammad(t) for t in (*a_giv, *b_giv)) else R.SURNAME
            sur = _surname(a_sur, b_sur, strict=strict, part=part)
            if sur is None:
                continue
            # "Surname given" readings of western names would turn surname
            # prefixes into "shortened given names" (Smith ~ Smithson).
            allow_prefix = "eastern" not in (a_form, b_form)
            family = "".join(t.text for t in a_sur)
            syllables = family in EAST_ASIAN_SURNAMES and "eastern" in (a_form, b_form) and not any(
                is_given_name(t.text) for t in (*a_giv, *b_giv))
            given = _given(a_giv, b_giv, allow_prefix, syllables)
            if given is None:
                continue
            q = sur.quality * given[0]
            if a_form == b_form == "single" and sur.quality == _Q_SUR_ONE:
                q = _Q_SINGLE_ONE
            found = ([sur.reason] if sur.reason else []) + given[1]
            if {a_form, b_form} == {"western", "eastern"}:
                q *= _Q_SWAPPED
                found.insert(0, R.SWAPPED)
            # On equal quality, the more natural reading explains the difference, and among
            # natural ones the reading whose surnames agree: "John Smtih" has a surname typo,
            # "Smith Jon" and "Wang Xiaomin" given-name typos, not surname ones.
            natural = _plausible(a_sur, a_giv, a_form) + _plausible(b_sur, b_giv, b_form)
            exact_surname = sur.reason is None
            if best is None or (q, natural, exact_surname) > best[:3]:
                best = (q, natural, exact_surname, found)
    if best is None:
        return None
    return min(_STRUCTURAL_CAP, round(100 * best[0])), best[3]


# ---------------------------------------------------------------- whole names


def _accent_reason(a: ParsedName, b: ParsedName) -> list[SuggestionReason]:
    """[same name without diacritics] if accents are what differs.

    Called once the folded words are known to be equal up to order and
    spacing, so comparing the multisets of unfolded letters is enough.
    """
    letters_a = sorted(c for c in a.key if c.isalnum())
    letters_b = sorted(c for c in b.key if c.isalnum())
    return [R.SAME_WITHOUT_DIACRITICS] if letters_a != letters_b else []


def _given_first(p: ParsedName) -> tuple[str, ...]:
    """Words of a comma name put in "given surname" order."""
    w = p.words
    return w[p.comma :] + w[: p.comma] if p.comma else w


def _expansions(a: ParsedName, b: ParsedName) -> list[SuggestionReason]:
    """Balinese abbreviations written out on one side only (I Md. ~ I Made)."""
    out: list[SuggestionReason] = []
    for x, y in zip(a.tokens, b.tokens, strict=False):
        if x.text == y.text and x.expanded_from != y.expanded_from:
            reason = R.balinese_abbreviation(x.expanded_from or y.expanded_from or "", x.text)
            if reason not in out:
                out.append(reason)
    return out


def _same_written_differently(a: ParsedName, b: ParsedName
                              ) -> tuple[int, list[SuggestionReason]] | None:
    """Scores 94-98: the same words up to punctuation, spacing, accents and order."""
    if a.plain == b.plain and len(a.tokens) == len(b.tokens):
        expanded = _expansions(a, b)
        if expanded:
            return round(100 * _Q_BALINESE), expanded
    if a.plain == b.plain:
        return 98, _accent_reason(a, b) or [R.SAME_APART_FROM_PUNCTUATION]
    if a.compact == b.compact:
        return 96, [R.SAME_WITHOUT_SPACES] + _accent_reason(a, b)
    if (a.comma or b.comma) and _given_first(a) == _given_first(b):
        return 95, [R.SURNAME_FIRST_COMMA] + _accent_reason(a, b)
    if sorted(a.words) == sorted(b.words):
        what = R.SWAPPED if len(a.words) == 2 else R.OTHER_ORDER
        return 94, [what] + _accent_reason(a, b)
    return None


def compare(typed: str, existing: str) -> tuple[int, list[SuggestionReason]]:
    """Score how plausibly ``typed`` names the member called ``existing``.

    Returns (score 0-100, reasons). Score 0 means "not the same person as
    far as names can tell". Both names are digested once and cached.
    """
    return compare_forms(forms(typed), forms(existing))


def compare_forms(fa: Forms, fb: Forms) -> tuple[int, list[SuggestionReason]]:
    """compare() on pre-digested spellings (what the index calls)."""
    a, b = fa.parsed, fb.parsed
    if not a.compact or not b.compact:
        return 0, []
    if a.key == b.key:
        return 100, [R.SAME_NAME]
    if a.noise or b.noise:
        return 0, []  # a 500-letter paste is no one's name, whatever it resembles
    same = _same_written_differently(a, b)
    if same is not None:
        return same
    if a.script != b.script:
        return _cross_script(fa, fb)
    if a.script in ("hangul", "han"):
        return _compare_cjk(fa, fb)
    if is_doubled(a.plain) != is_doubled(b.plain):
        return _doubled(a, b)
    old = _old_spelling(a, b)
    if old is not None:
        return old
    found = _structural(a, b) or (0, [])
    korean = _korean_latin(fa, fb)
    return korean if korean[0] > found[0] else found


def _korean_latin(fa: Forms, fb: Forms) -> tuple[int, list[SuggestionReason]]:
    """One Korean name in two romanisations, both in Latin letters (Lee Minjun ~ Yi Min-joon,
    Park Seo-yeon ~ Pak Sŏyŏn): the family names are spellings of one Korean family name and
    the given names have one key (:func:`ladder.names.hangul.latin_given_key`)."""
    for fam_a, giv_a in fa.readings:
        key_a = hangul.korean_surname_key(fam_a)
        if key_a is None:
            continue
        for fam_b, giv_b in fb.readings:
            if giv_a == giv_b or hangul.korean_surname_key(fam_b) != key_a:
                continue
            if hangul.latin_given_key(giv_a) != hangul.latin_given_key(giv_b):
                continue
            if fam_a == fam_b:
                return _S_KOREAN_LATIN, [R.KOREAN_GIVEN_SPELLING]
            return (round(_S_KOREAN_LATIN * _Q_KOREAN_LATIN_SURNAME),
                    [R.KOREAN_SURNAME_SPELLING, R.KOREAN_GIVEN_SPELLING])
    return 0, []


def _old_spelling(a: ParsedName, b: ParsedName) -> tuple[int, list[SuggestionReason]] | None:
    """The whole name in the old and the new Indonesian spelling (Djoko Soesilo ~ Joko Susilo):
    one spelling reform, so one factor however many words it touched."""
    if len(a.tokens) != len(b.tokens) or a.comma != b.comma:
        return None
    pairs = list(zip(a.words, b.words, strict=False))
    if any(new_spelling_key(x) != new_spelling_key(y) for x, y in pairs):
        return None
    return round(100 * _Q_OLD_SPELLING), [R.old_spelling(*_old_and_new(x, y))
                                          for x, y in pairs if x != y]


def _doubled(a: ParsedName, b: ParsedName) -> tuple[int, list[SuggestionReason]]:
    """Poerwanto Poerwanto ~ Purwanto: a single name written twice is that single name."""
    single_a = parse(a.tokens[0].text) if is_doubled(a.plain) else a
    single_b = parse(b.tokens[0].text) if is_doubled(b.plain) else b
    if single_a.key == single_b.key:
        return round(100 * _Q_DOUBLED), [R.DOUBLED_NAME]
    found = _structural(single_a, single_b)
    if found is None:
        return 0, []
    return min(_STRUCTURAL_CAP, round(found[0] * _Q_DOUBLED)), [R.DOUBLED_NAME] + found[1]


def _compare_cjk(fa: Forms, fb: Forms) -> tuple[int, list[SuggestionReason]]:
    """Hangul/Han names: spacing, order, traditional/simplified characters and Hangul slips.

    One different character in a two-character given name (민준/민재,
    小明/小红) is usually another person, often a sibling: not suggested.
    """
    a, b = fa.parsed, fb.parsed
    for p, q in ((a, b), (b, a)):
        if len(p.tokens) == 2 and p.tokens[1].text + p.tokens[0].text == q.compact:
            return 94, [R.SWAPPED]
    if a.script == "han" and fa.simplified and fa.simplified == fb.simplified:
        return 97, [R.SAME_SIMPLIFIED]
    if a.script == "han":
        # Traditional on one side, simplified and swapped on the other: 偉 張 ~ 张伟.
        for one, other in ((fa, fb), (fb, fa)):
            toks = one.parsed.tokens
            if len(toks) == 2 and hanzi.simplified(toks[1].text + toks[0].text) == other.simplified:
                return 94, [R.SWAPPED, R.SAME_SIMPLIFIED]
        return 0, []
    if fa.family and fa.family == fb.family:
        slip = hangul.jamo_typo(fa.given, fb.given)
        if slip is not None:
            return _S_JAMO_TYPO, [R.jamo_typo(slip.typed, slip.meant)]
    return 0, []


def _korean_initials(cjk: Forms, latin: Forms) -> tuple[int, list[SuggestionReason]]:
    """"M. J. Hwang" for 황민재 (test_names_romanisations_25.py): one word spells the family
    name, and the other words are initials, one per syllable of the given name, in order."""
    tokens = latin.parsed.tokens
    words = [t for t in tokens if not (t.abbrev and len(t.text) == 1)]
    letters = "".join(t.text for t in tokens if t.abbrev and len(t.text) == 1)
    if len(words) != 1 or not letters:
        return 0, []
    if hangul.surname_matches(cjk.family, words[0].text) and \
            hangul.initials_match(cjk.given, letters):
        return _S_KOREAN_INITIALS, [R.KOREAN_INITIALS]
    return 0, []


def _cross_script(fa: Forms, fb: Forms) -> tuple[int, list[SuggestionReason]]:
    """A Hangul or Han name against a Latin one, through the romanisations of the first.

    Symmetric by construction: whichever side was typed, the Hangul/Han side is romanised
    and the Latin side read both ways (surname first or last).
    """
    cjk, latin = (fa, fb) if fa.script != "alpha" else (fb, fa)
    if latin.script != "alpha" or not cjk.family or not cjk.given:
        return 0, []
    if cjk.script == "hangul":
        for family, given in latin.readings:
            if (hangul.surname_matches(cjk.family, family)
                    and hangul.given_matches(cjk.given, given)):
                return _S_CROSS_SCRIPT, [R.ROMANISED_KOREAN]
        return _korean_initials(cjk, latin)
    surnames = hanzi.surname_spellings(cjk.family)
    systems = hanzi.given_spellings(cjk.given)
    for family, given in latin.readings:
        if family in surnames:
            if given in systems["pinyin"]:
                return _S_CROSS_SCRIPT, [R.SAME_PINYIN]
            if given in systems["wade-giles"]:
                return _S_CROSS_SCRIPT, [R.SAME_WADE_GILES]
    # Cantonese and Hokkien (Hong Kong, Singapore, Malaysia, Indonesia): read syllable by
    # syllable from the characters' readings (ladder/names/southern.py).
    southern_surnames = hanzi.southern_surnames(cjk.family)
    for family, given in latin.readings:
        if family in southern_surnames and southern.given_matches(cjk.given, given):
            return _S_SOUTHERN, [R.SAME_SOUTHERN_CHINESE]
    return 0, []
