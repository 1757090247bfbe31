"""Hangul names: syllables into jamo, keyboard slips, and romanisations (pure, no I/O).

Our own Revised Romanization (RR, 2000) with the older McCune–Reischauer spellings and the
everyday ones people put in passports (Lee, Park, Choi, Jung, Seo/Suh, Joon, Hee): a romanised
given name is *checked* against the Hangul name with a regular expression built from
per-jamo alternatives, never guessed from the Latin letters. ``korean-romanizer`` was not used:
it is GPLv3 and gives one standard spelling, while matching needs the spellings people write.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_SBASE, _SCOUNT = 0xAC00, 11172
_VCOUNT, _TCOUNT = 21, 28

# Compatibility jamo, in the order of the Unicode syllable formula (for display and keys).
INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
FINALS = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ",
          "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ")

# Latin spellings of each jamo. RR first, then McCune–Reischauer without diacritics
# (ŏ -> o, ŭ -> u) and the informal spellings common in passports. Every alternative of one
# jamo reduces to the same consonant skeleton (see skeleton()), which is what lets the index
# block on skeletons and still find every spelling listed here.
_INITIAL_LATIN: tuple[tuple[str, ...], ...] = (
    ("g", "k"), ("kk", "gg", "k", "g"), ("n",), ("d", "t"), ("tt", "dd", "t", "d"), ("r", "l"),
    ("m",), ("b", "p"), ("pp", "bb", "p", "b"), ("s", "sh"), ("ss", "s", "sh"), ("",),
    ("j", "ch"), ("jj", "j", "ch"), ("ch",), ("k", "kh"), ("t", "th"), ("p", "ph"), ("h",),
)
_VOWEL_LATIN: tuple[tuple[str, ...], ...] = (
    ("a",), ("ae", "ai", "e"), ("ya",), ("yae", "ye"), ("eo", "o", "u"), ("e",),
    ("yeo", "yo", "yu", "you"), ("ye",), ("o",), ("wa",), ("wae", "we"), ("oe", "oi", "we"),
    ("yo",), ("u", "oo", "ou"), ("wo", "weo"), ("we",), ("wi", "wee", "ui"), ("yu", "yoo", "you"),
    ("eu", "u"), ("ui", "eui", "ee", "i"), ("i", "ee"),
)
# After a silent ㅇ, ㅜ is also written with a w (우 Woo) and ㅣ with a y (이 Yi); but ㅕ is
# not written "yu" there: Yun/Yoon is 윤, and 서윤 (Seoyun) is another girl than 서연.
_AFTER_SILENT = {6: ("yeo", "yo", "you"), 13: ("u", "oo", "ou", "woo", "wu"), 20: ("i", "ee", "yi")}
# Finals: only spellings with the same skeleton (ㅅ is "t", never "s").
_FINAL_LATIN: tuple[tuple[str, ...], ...] = (
    ("",), ("k", "g"), ("k", "kk"), ("k",), ("n",), ("n",), ("n",), ("t", "d"), ("l", "r"),
    ("k",), ("m",), ("l",), ("l",), ("l",), ("p",), ("l",), ("m",), ("p", "b"), ("p",), ("t",),
    ("t",), ("ng",), ("t",), ("t",), ("k",), ("t",), ("p",), ("t",),
)

# Family names as people actually spell them (passports, FIDE, club lists), beyond what the
# syllable rules give: Lee/Yi/Rhee, Park/Pak/Bak, Kim/Gim, Choi/Choe, Jung/Jeong/Chung, ...
SURNAME_SPELLINGS: dict[str, tuple[str, ...]] = {
    "김": ("kim", "gim"),
    "이": ("lee", "yi", "rhee", "i", "ri", "rhie", "ree", "yee", "lie", "leigh"),
    "리": ("lee", "ri", "li", "rhee"), "박": ("park", "pak", "bak", "bahk", "pack", "paik"),
    "최": ("choi", "choe", "chey", "choy"),
    "정": ("jung", "jeong", "chung", "chong", "joung", "jong", "cheong"), "강": ("kang", "gang"),
    "조": ("cho", "jo", "joe", "jo"), "윤": ("yoon", "yun", "youn"), "장": ("jang", "chang"),
    "임": ("lim", "im", "yim", "rim"), "림": ("lim", "rim"), "한": ("han",), "오": ("oh", "o"),
    "서": ("seo", "suh", "so", "sur"), "신": ("shin", "sin"), "권": ("kwon", "gwon", "kweon"),
    "황": ("hwang",), "안": ("ahn", "an"), "송": ("song",),
    "전": ("jeon", "jun", "chun", "chon", "jeun"), "홍": ("hong",),
    "유": ("yoo", "yu", "you", "ryu"), "류": ("ryu", "yoo", "yu", "ryoo", "rhyu", "lyu"),
    "고": ("ko", "go", "koh"), "문": ("moon", "mun"), "양": ("yang", "ryang"),
    "손": ("son", "sohn"), "배": ("bae", "pae", "bai"),
    "백": ("baek", "paik", "baik", "paek", "back"), "허": ("heo", "hur", "huh", "hu", "her"),
    "남": ("nam",), "심": ("sim", "shim"), "노": ("noh", "no", "roh", "ro"), "하": ("ha",),
    "곽": ("kwak", "gwak"), "성": ("sung", "seong", "song"), "차": ("cha",),
    "주": ("joo", "ju", "chu", "choo"), "우": ("woo", "u"), "구": ("koo", "gu", "ku"),
    "민": ("min",), "진": ("jin", "chin"), "나": ("na", "ra"), "지": ("ji", "chi"),
    "엄": ("eom", "um", "uhm", "om"), "변": ("byun", "byeon", "pyun", "pyon"),
    "채": ("chae", "chai"), "원": ("won", "weon"), "천": ("cheon", "chun", "chon"),
    "방": ("bang", "pang"), "공": ("kong", "gong"), "현": ("hyun", "hyeon", "hyon"), "함": ("ham",),
    "염": ("yeom", "yum", "yom"), "여": ("yeo", "yuh", "yo"), "추": ("choo", "chu"),
    "도": ("do", "doh", "to"), "석": ("seok", "suk", "sok"), "선": ("sun", "seon", "son"),
    "설": ("seol", "sul", "sol"), "마": ("ma",), "길": ("gil", "kil"),
    "연": ("yeon", "yun", "youn", "yon"), "위": ("wi", "wee"), "표": ("pyo",),
    "명": ("myung", "myeong"), "기": ("ki", "gi"), "반": ("ban", "pan"), "왕": ("wang",),
    "금": ("geum", "keum", "kum"), "옥": ("ok",), "육": ("yuk", "yook"), "인": ("in",),
    "맹": ("maeng",), "제": ("je", "jae"), "모": ("mo",), "탁": ("tak",),
    "국": ("kook", "guk", "kuk"), "어": ("eo", "uh"), "은": ("eun",), "편": ("pyeon", "pyun"),
    "용": ("yong",), "예": ("ye", "yeh"), "경": ("kyung", "gyeong", "kyeong"), "봉": ("bong",),
    "사": ("sa",), "부": ("bu", "boo"), "황보": ("hwangbo",),
    "남궁": ("namgung", "namkung", "namgoong"), "제갈": ("jegal", "chekal"),
    "선우": ("sunwoo", "seonu", "sonu", "seonwoo"), "독고": ("dokgo", "tokko"), "사공": ("sagong",),
}


def is_syllable(ch: str) -> bool:
    """True for a precomposed Hangul syllable (가 ... 힣)."""
    return 0 <= ord(ch) - _SBASE < _SCOUNT


def decompose(ch: str) -> tuple[int, int, int]:
    """(initial, vowel, final) indices of one syllable; final 0 means none."""
    s = ord(ch) - _SBASE
    return s // (_VCOUNT * _TCOUNT), (s % (_VCOUNT * _TCOUNT)) // _TCOUNT, s % _TCOUNT


def jamo(ch: str) -> str:
    """The compatibility jamo of one syllable: 준 -> ㅈㅜㄴ."""
    i, v, t = decompose(ch)
    return INITIALS[i] + VOWELS[v] + FINALS[t]


# ------------------------------------------------------------------ keyboard (Dubeolsik)

# The standard two-set layout (KS X 5002) over the QWERTY keys; shifted keys give the tense
# consonants and ㅒ ㅖ. A typo is a slip to a neighbouring key or of the shift key, so
# 이서쥰 (ㅠ beside ㅜ) is a typo of 이서준 while 서연/서윤 (ㅕ and ㅠ far apart) are two names.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_KEY_OF = dict(zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ",
                   "qwertyuiopasdfghjklzxcvbnm", strict=False))
_KEY_OF.update({"ㅃ": "Q", "ㅉ": "W", "ㄸ": "E", "ㄲ": "R", "ㅆ": "T", "ㅒ": "O", "ㅖ": "P"})
# Jamo typed with two keys: compound vowels and compound finals.
_TWO_KEYS = {
    "ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ",
    "ㅢ": "ㅡㅣ", "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ",
    "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ", "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
}


def _position(key: str) -> tuple[int, float]:
    """Row and horizontal position of a key; rows are staggered as on a real keyboard."""
    k = key.lower()
    for row, letters in enumerate(_ROWS):
        if k in letters:
            return row, letters.index(k) + (0.0, 0.25, 0.75)[row]
    raise KeyError(key)


def keystrokes(ch: str) -> str:
    """The keys typed for one syllable on a two-set keyboard: 쥰 -> "wbs", 까 -> "Rk"."""
    out = []
    for j in jamo(ch):
        for single in _TWO_KEYS.get(j, j):
            out.append(_KEY_OF[single])
    return "".join(out)


def keys_slip(a: str, b: str) -> bool:
    """True if key ``b`` is what a finger slipping off key ``a`` hits (neighbour or shift)."""
    if a.lower() == b.lower():
        return True  # shift slip: ㅈ/ㅉ, ㅐ/ㅒ
    (ra, xa), (rb, xb) = _position(a), _position(b)
    if ra == rb:
        return abs(xa - xb) == 1.0
    # Neighbouring rows are offset by a quarter or half a key: the two keys touching above or below.
    return abs(ra - rb) == 1 and abs(xa - xb) < 1.0


@dataclass(frozen=True)
class JamoTypo:
    """One keyboard slip inside one syllable of a Hangul given name."""

    position: int  # index of the syllable in the given name
    typed: str  # the syllable as typed (쥰)
    meant: str  # the syllable it differs from (준)


def jamo_typo(given_a: str, given_b: str) -> JamoTypo | None:
    """A one-keystroke slip between two Hangul given names of the same length, or None.

    Exactly one syllable may differ, and in it exactly one keystroke, to a neighbouring or
    shifted key. A whole different syllable (민준/민재) or a far key (서연/서윤) is another
    person, often a sibling, and is not a typo.
    """
    if len(given_a) != len(given_b) or given_a == given_b:
        return None
    if not all(is_syllable(c) for c in given_a + given_b):
        return None
    diff = [i for i, (x, y) in enumerate(zip(given_a, given_b, strict=False)) if x != y]
    if len(diff) != 1:
        return None
    i = diff[0]
    ka, kb = keystrokes(given_a[i]), keystrokes(given_b[i])
    if len(ka) != len(kb):
        return None
    slips = [(x, y) for x, y in zip(ka, kb, strict=False) if x != y]
    if len(slips) == 1 and keys_slip(*slips[0]):
        return JamoTypo(i, given_a[i], given_b[i])
    return None


# ------------------------------------------------------------------ romanisation


def _syllable_pattern(ch: str) -> str:
    i, v, t = decompose(ch)
    vowels = _AFTER_SILENT.get(v, _VOWEL_LATIN[v]) if i == 11 else _VOWEL_LATIN[v]
    # "h?" after the vowel: Oh, Suh, Ahn, Uhm, Bahk mark a vowel with a silent h.
    return (f"(?:{'|'.join(_INITIAL_LATIN[i])})(?:{'|'.join(vowels)})h?"
            f"(?:{'|'.join(_FINAL_LATIN[t])})")


@lru_cache(maxsize=16384)
def romanisation_pattern(syllables: str) -> re.Pattern[str]:
    """A regex matching every listed romanisation of ``syllables`` written without spaces.

    Hyphens and spaces between syllables (Seo-jun, Seo Jun) are gone by the time names are
    compared, since the tokens are joined first.
    """
    return re.compile("".join(_syllable_pattern(c) for c in syllables))


def standard_romanisation(syllables: str) -> str:
    """The Revised Romanization of ``syllables``, syllable by syllable (no sound changes).

    RR itself spells given names syllable by syllable (한복남 Han Boknam); used for display.
    """
    out = []
    for ch in syllables:
        i, v, t = decompose(ch)
        vowel = _VOWEL_LATIN[v][0]
        out.append(_INITIAL_LATIN[i][0] + vowel + _FINAL_LATIN[t][0])
    return "".join(out)


_DIGRAPH_CH = re.compile("ch")
_DROP = str.maketrans("", "", "aeiouwyh")
_CLASS = str.maketrans("gdbrjfzqv", "ktplcpckp")
_RUNS = re.compile(r"(.)\1+")


def skeleton(latin: str) -> str:
    """The consonant skeleton of a romanised Korean name part, the same for every spelling.

    ch/j -> c, g/k -> k, d/t -> t, b/p -> p, r/l -> l; vowels, w, y and h dropped; doubled
    letters collapsed. "Seojun", "Sojun", "Suhjoon" and 서준 all give "scn". Used only to find
    candidates quickly; the regex decides.
    """
    s = _DIGRAPH_CH.sub("c", latin.lower()).translate(_DROP).translate(_CLASS)
    return _RUNS.sub(r"\1", s)


def hangul_skeleton(syllables: str) -> str:
    """skeleton() of the Hangul syllables' standard romanisation."""
    return skeleton(standard_romanisation(syllables))


@lru_cache(maxsize=4096)
def surname_spellings(syllables: str) -> frozenset[str]:
    """Curated Latin spellings of a Korean family name (empty when it is not listed)."""
    return frozenset(SURNAME_SPELLINGS.get(syllables, ()))


def surname_matches(syllables: str, latin: str) -> bool:
    """True if ``latin`` (one compact word) spells the Korean family name ``syllables``."""
    if not latin:
        return False
    return latin in surname_spellings(syllables) or bool(
        romanisation_pattern(syllables).fullmatch(latin))


def given_matches(syllables: str, latin: str) -> bool:
    """True if ``latin`` (compact) spells the Korean given name ``syllables``."""
    return bool(latin) and bool(romanisation_pattern(syllables).fullmatch(latin))


@lru_cache(maxsize=4096)
def initial_letters(syllable: str) -> frozenset[str]:
    """The letters a romanisation of one syllable can start with (민 m; 재 j, c; 이 i, y, l, r
    for the family name's spellings): what an initial of it may be ("M. J. Hwang" for 황민재)."""
    i, v, _t = decompose(syllable)
    if i != 11:  # a sounded initial consonant
        return frozenset(alt[0] for alt in _INITIAL_LATIN[i] if alt)
    return frozenset(alt[0] for alt in _AFTER_SILENT.get(v, _VOWEL_LATIN[v]) if alt)


def initials_match(syllables: str, letters: str) -> bool:
    """True if ``letters`` (one per syllable) are initials of the given name ``syllables``."""
    return (len(letters) == len(syllables) > 0 and all(is_syllable(c) for c in syllables)
            and all(letter in initial_letters(c) for c, letter in zip(syllables, letters,
                                                                       strict=True)))


def initials_skeleton(syllables: str) -> str:
    """skeleton() of the first letters of the syllables' standard romanisation: the key a
    Hangul name files under for Latin names written with initials."""
    return skeleton("".join(standard_romanisation(c)[:1] for c in syllables))


@lru_cache(maxsize=1)
def _spelling_groups() -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for spellings in SURNAME_SPELLINGS.values():
        for one in spellings:
            groups.setdefault(one, set()).update(spellings)
    return {k: frozenset(v) for k, v in groups.items()}


def same_korean_surname(a: str, b: str) -> bool:
    """True if two Latin words are listed spellings of one Korean family name (Bak and Park
    for 박, Jeong and Chung for 정: :data:`SURNAME_SPELLINGS`)."""
    return a != b and b in _spelling_groups().get(a, frozenset())


def korean_surname_key(word: str) -> str | None:
    """One key for every listed spelling of the Korean family name ``word`` spells (the
    alphabetically first of them), None when it spells none."""
    group = _spelling_groups().get(word)
    return min(group) if group else None


# ------------------------------------------------------------------ Latin against Latin

# One Korean given name in the spellings of the three systems people write: Revised
# Romanization (2000), McCune–Reischauer (1939; ŏ ŭ lose their breve when typed, aspiration
# apostrophes are dropped) and the informal passport spellings. From the two systems' tables:
# RR eo / MR ŏ / passport o, u; RR eu / MR ŭ / passport u; RR g d b j / MR k t p ch (voiceless
# initials); RR i / passport ee; RR u / passport oo; RR ui / passport ee (희 Hui, Hŭi, Hee); RR ae /
# passport ai, e; RR oe / passport oi; RR wo / weo; a silent h after a vowel (Ahn, Yoon-ah);
# RR si / MR si / passport shi; r and l are one liquid; passport u for ㅓ in a closed syllable
# (Chung, Sung, Kun, Chul, Suk) and yu for ㅕ after a consonant before n (Hyun, Myung); w before
# u (Woo). Applied in this order to a compact
# romanisation, every spelling of one Hangul name gives one key; different syllables (민준 and
# 민재, 서연 and 서진) keep different keys.
_KOREAN_LATIN_STEPS: tuple[tuple[str, str], ...] = (
    (r"sh", "s"), (r"ch", "j"), (r"k", "g"), (r"p", "b"), (r"t", "d"), (r"r", "l"), (r"w?eo", "o"),
    (r"oo", "u"), (r"(?<=[bdgjlmnsh])yu(?=n)", "yo"), (r"eu", "u"), (r"ee", "i"),
    (r"u?i(?=[^aeiou]|$)", "i"), (r"ai|ae", "e"), (r"oi|oe", "we"),
    (r"(?<=[aeiouy])h(?![aeiouwy])", ""), (r"([bdgjlmns])\1", r"\1"), (r"wu", "u"),
    (r"(?<![yw])u(?=(?:ng|[nlgmb])(?:[^aeiouwy]|$))", "o"), (r"^wu", "u"), (r"^yi", "i"),
)
_KOREAN_LATIN_RE = tuple((re.compile(a), b) for a, b in _KOREAN_LATIN_STEPS)


@lru_cache(maxsize=16384)
def latin_given_key(latin: str) -> str:
    """One key for every romanisation of one Korean given name (compact, folded Latin):
    "minjun", "minjoon" and "Min-jun" give one key; "seoyeon", "soyon" (McCune–Reischauer) and
    "seoyon" another. Lossy on purpose (ㅓ and ㅗ meet, as in McCune–Reischauer without the
    breve): a match through it is suggested, never confident."""
    s = latin
    for pattern, repl in _KOREAN_LATIN_RE:
        s = pattern.sub(repl, s)
    return s
