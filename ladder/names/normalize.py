"""Normalising and parsing personal names (pure, no I/O).

Everything downstream (identity keys, suggestions, initials) works on the
forms produced here, so the rules live in one place.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from .indonesian import BALINESE_ABBREV, is_balinese

_WS = re.compile(r"\s+")
# A "word" is a run of letters/digits; apostrophes inside words are dropped
# (O'Brien ~ OBrien) and every other punctuation mark separates words.
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_APOSTROPHES = re.compile(r"['’]")
_HYPHENS = "-\u2010\u2011"
# Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode 15.1):
# soft hyphen, combining grapheme joiner, Hangul fillers, zero-width space/joiners, LRM/RLM,
# bidirectional embeddings and isolates, word joiner, variation selectors, BOM, tags.
# Invisible, so they must never split words or make two names differ (docs/desk.md §2).
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")

# Past these sizes a "name" is noise (a pasted paragraph, a stuck key): it is still
# identical to itself, but nothing is suggested from it.
MAX_NAME_CHARS = 120
MAX_TOKENS = 8
MAX_WORD_CHARS = 40

# Letters that NFKD does not decompose into base letter + combining mark.
_EXTRA_FOLD = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h"}
)

# Korean family names of two syllables (the common ones); everything else is
# one syllable. Needed to split 남궁민수 into 남궁 + 민수.
KOREAN_TWO_SYLLABLE_SURNAMES = frozenset(
    "남궁 황보 제갈 선우 독고 사공 서문 동방 어금 망절 을지 장곡".split()
)
# Chinese compound surnames (simplified and traditional spellings).
CHINESE_COMPOUND_SURNAMES = frozenset(
    "欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 东方 東方 皇甫 尉迟 尉遲 公孙 公孫 令狐 慕容 夏侯 "
    "长孙 長孫 宇文 司徒 澹台 轩辕 軒轅 端木 西门 西門 南宫 南宮 呼延 申屠 独孤 獨孤".split()
)


def strip_invisible(text: str) -> str:
    """``text`` without its default-ignorable characters (soft hyphens, zero-width spaces
    and joiners, direction marks, variation selectors, BOM).

    >>> strip_invisible("Chlo\u00ade Mar\u200btin")
    'Chloe Martin'
    """
    return _INVISIBLE.sub("", text)


#: Tab and line ends: whitespace, which a typed name may carry (it becomes one space).
_WHITESPACE_CONTROLS = frozenset("\t\n\r")


def control_characters(text: str) -> tuple[str, ...]:
    r"""The control characters in ``text`` (Unicode Cc: U+0000–U+001F, U+007F–U+009F) other
    than tab and line ends, each once, in the order found. No name or typed text holds one;
    PostgreSQL refuses NUL outright, so every typed name is checked before it is stored or
    searched for.

    >>> control_characters("Ann\x00 Lee\x1b\x00"), control_characters("Ann\tLee\n")
    (('\x00', '\x1b'), ())
    """
    found: dict[str, None] = {}
    for char in text:
        if (char < " " or "\x7f" <= char <= "\x9f") and char not in _WHITESPACE_CONTROLS:
            found[char] = None
    return tuple(found)


def code_points(chars: tuple[str, ...] | str) -> str:
    r"""Characters as a message names them: ``U+0000, U+001B``.

    >>> code_points(("\x00", "\x1b"))
    'U+0000, U+001B'
    """
    return ", ".join(f"U+{ord(char):04X}" for char in chars)


def stored_name(typed: str) -> str:
    """A typed name as stored (docs/privacy.md): NFC (one spelling of é and of 이, whatever the
    keyboard or the copy-paste produced), every whitespace run one space, stripped. Nothing else
    changes: the name is kept as the organizer wrote it.

    >>> stored_name(" Zo\u0065\u0308  M ") == "Zo\u00eb M"
    True
    """
    return " ".join(unicodedata.normalize("NFC", typed).split())


def name_key(name: str) -> str:
    """Return the identity key of a name (docs/desk.md §2): the one comparison key of every
    place a name is matched, hidden, searched or deduplicated (docs/desk.md §2).

    NFKC (composes decomposed letters and Hangul, folds full-width and compatibility forms),
    default-ignorable characters removed (soft hyphens, zero-width spaces: invisible),
    case-folding (stronger than lower(): ß -> ss), every whitespace run collapsed to one
    space, stripped. Two names with equal keys are "identical".

    >>> name_key("Chlo\u00ade  MAR\u200bTIN")
    'chloe martin'

    >>> name_key("\u110b\u1175\u1109\u1165\u110b\u1167\u11ab") == name_key("이서연")
    True
    """
    folded = unicodedata.normalize("NFKC", strip_invisible(name)).casefold()
    # casefold can yield non-NFKC sequences in rare cases; normalise again.
    folded = unicodedata.normalize("NFKC", folded)
    return _WS.sub(" ", folded).strip()


def fold_diacritics(text: str) -> str:
    """Remove accents (José -> Jose) without breaking Hangul.

    NFD splits Hangul syllables into jamo; those are letters, not combining
    marks, so they survive and NFC puts the syllables back together.
    """
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unicodedata.normalize("NFC", stripped).translate(_EXTRA_FOLD)


def is_hangul(ch: str) -> bool:
    """True for precomposed Hangul syllables and jamo."""
    o = ord(ch)
    return 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F


def is_han(ch: str) -> bool:
    """True for CJK unified ideographs (incl. extension A and compatibility)."""
    o = ord(ch)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF
            or 0x20000 <= o <= 0x2FFFF)


def script_of(text: str) -> str:
    """Classify a name as 'hangul', 'han' or 'alpha' (spaced scripts: Latin, Cyrillic, ...).

    A name counts as Hangul/Han if its letters are mostly of that script;
    those scripts write names without spaces and need their own rules.
    """
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "alpha"
    hangul = sum(map(is_hangul, letters))
    han = sum(map(is_han, letters))
    if hangul * 2 > len(letters):
        return "hangul"
    if han * 2 > len(letters):
        return "han"
    return "alpha"


def split_cjk(compact: str, script: str) -> tuple[str, str]:
    """Split an unspaced Hangul/Han name into (family name, given name).

    Family name first is the norm; two-character family names come from a
    short list, everything else takes the first character.
    """
    known = KOREAN_TWO_SYLLABLE_SURNAMES if script == "hangul" else CHINESE_COMPOUND_SURNAMES
    if len(compact) >= 3 and compact[:2] in known:
        return compact[:2], compact[2:]
    return compact[:1], compact[1:]


@dataclass(frozen=True)
class Token:
    """One word of a name, folded (lower case, no accents)."""

    text: str
    # Written as an abbreviation: one letter, or followed by a dot ("J.", "Muh.").
    abbrev: bool = False
    # The abbreviation this word was expanded from ("md" for Made in "I Md. Sudarsana").
    expanded_from: str | None = None
    # Joined to a neighbour by a hyphen ("Min-jae", "Jean-Pierre"): a part of one given name.
    hyphenated: bool = False


@dataclass(frozen=True)
class ParsedName:
    """A name pre-normalised once so comparisons against thousands are cheap."""

    raw: str
    key: str  # name_key(raw)
    script: str  # 'hangul' | 'han' | 'alpha'
    tokens: tuple[Token, ...]  # folded words in written order (comma part first)
    comma: int  # number of tokens before the comma ("Smith, John" -> 1); 0 = no comma
    plain: str  # folded tokens joined by one space (diacritics and punctuation gone)
    compact: str  # folded tokens joined with no space
    # Too long, too many words or no real word: matched only when identical (see MAX_*).
    noise: bool = False
    words: tuple[str, ...] = ()  # the token texts (kept: compared thousands of times)


def _tokens(part: str) -> list[Token]:
    """Tokenise one comma-free part of a folded key."""
    out: list[Token] = []
    for m in _WORD.finditer(part):
        text = _APOSTROPHES.sub("", m.group())
        dotted = part[m.end() : m.end() + 1] == "."
        # A lone CJK character is a family name, not an initial.
        single_letter = len(text) == 1 and not (is_hangul(text) or is_han(text))
        hyphen = (part[m.end() : m.end() + 1] in _HYPHENS
                  and _WORD.match(part, m.end() + 1) is not None)
        joined = hyphen or (m.start() > 1 and part[m.start() - 1] in _HYPHENS
                            and part[m.start() - 2].isalnum())
        out.append(Token(text, abbrev=single_letter or dotted, hyphenated=joined))
    return out


def _expand_balinese(tokens: list[Token]) -> list[Token]:
    """I Md. Sudarsana -> I Made Sudarsana: Balinese abbreviations, only in Balinese names.

    Elsewhere "Md." is Muhammad (Malaysia, Bangladesh), so the expansion needs the I/Ni
    prefix or another Balinese name word.
    """
    words = tuple(t.text for t in tokens)
    if not is_balinese(words):
        return tokens
    out: list[Token] = []
    for t in tokens:
        full = BALINESE_ABBREV.get(t.text)
        # A lone "I" is the prefix, never an initial to expand.
        if full is None or (len(t.text) == 1):
            out.append(t)
            continue
        out.extend(Token(part, False, t.text) for part in full.split())
    return out


def _is_noise(key: str, tokens: list[Token]) -> bool:
    if len(key) > MAX_NAME_CHARS or len(tokens) > MAX_TOKENS:
        return True
    if any(len(t.text) > MAX_WORD_CHARS for t in tokens):
        return True
    # Only initials ("J. S.", "a a a"): nothing to recognise a person by.
    return all(t.abbrev for t in tokens)


@lru_cache(maxsize=65536)
def parse(name: str) -> ParsedName:
    """Parse a name into a ParsedName (cached: rosters are re-used across calls)."""
    key = name_key(name)
    folded = fold_diacritics(key)
    script = script_of(folded)
    before, sep, after = folded.partition(",")
    if sep and _tokens(before) and _tokens(after):
        head, tail = _expand_balinese(_tokens(before)), _expand_balinese(_tokens(after))
        tokens, comma = head + tail, len(head)
    else:
        tokens, comma = _expand_balinese(_tokens(folded)), 0
    words = [t.text for t in tokens]
    return ParsedName(
        raw=name,
        key=key,
        script=script,
        tokens=tuple(tokens),
        comma=comma,
        plain=" ".join(words),
        compact="".join(words),
        noise=_is_noise(key, tokens),
        words=tuple(words),
    )
