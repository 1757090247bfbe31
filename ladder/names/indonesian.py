"""Indonesian (and Malaysian) name forms: Muhammad and its abbreviations, Balinese name
abbreviations, a single name written twice, and the old spelling (pure, no I/O).

The spelling reform of 1972 (EYD) changed oe -> u, dj -> j, tj -> c, j -> y, nj -> ny,
sj -> sy, ch -> kh; people born before it often keep the old spelling in some papers and not
in others (Soeharto / Suharto, Djoko / Joko, Tjahjono / Cahyono).
"""
from __future__ import annotations

import re
from functools import lru_cache

# Spellings of Muhammad: very common first names in Indonesia and Malaysia, written many
# ways by the same person.
MUHAMMAD = frozenset(
    "muhammad muhamad mohammad mohamad mohammed muhammed mochammad mochamad mohamed muhamed "
    "mukhammad muhammat mokhammad".split()
)
# Abbreviations of Muhammad: these count only when written as abbreviations (with a dot or
# as a single letter) ...
MUHAMMAD_ABBREV = frozenset("m md mh muh moh mhd mohd moch much muhd mhmd mochd".split())
# ... except these, which are never anything else and are routinely typed without the dot.
MUHAMMAD_UNDOTTED = frozenset("mhd mohd muhd mhmd mochd moch muh".split())

# Words written beside a name that are not a name: Indonesian titles of address (Bapak/Pak,
# Ibu/Bu, Saudara/Saudari and their abbreviations), the Haji title and the academic titles Ir.,
# Drs., Dra. that precede a name on Indonesian forms; and the placeholders that foreign forms
# put in an empty first- or last-name field for a person with a single name (FNU "first name
# unknown", LNU, NFN "no first name", NLN).
TITLES = frozenset(
    "bapak pak ibu bu sdr sdri saudara saudari haji hj hajjah ir drs dra fnu lnu nfn nln".split())

# Balinese names: a prefix for sex (I male, Ni female), a birth-order name and caste titles,
# abbreviated on forms and score sheets (I Md. Sudarsana = I Made Sudarsana).
BALINESE_PREFIXES = frozenset({"i", "ni"})
BALINESE_ABBREV = {
    "md": "made", "kt": "ketut", "ktt": "ketut", "wy": "wayan", "wyn": "wayan", "gd": "gede",
    "pt": "putu", "kd": "kadek", "km": "komang", "kmg": "komang", "ny": "nyoman", "nym": "nyoman",
    "ngr": "ngurah", "gst": "gusti", "dw": "dewa", "ag": "agung", "agg": "agung", "bgs": "bagus",
    "ib": "ida bagus", "ia": "ida ayu", "aa": "anak agung", "dsk": "desak", "cok": "cokorda",
    "ngh": "ngurah",
}
# Balinese name words: their presence tells that Md. means Made, not Muhammad.
BALINESE_WORDS = frozenset(
    "wayan made nyoman ketut putu kadek komang gede ngurah gusti ida bagus ayu dewa agung "
    "anak desak cokorda luh".split()
)

_OLD = (("oe", "u"), ("dj", "j"), ("tj", "c"), ("ch", "kh"))
_Y_FOR_J = str.maketrans("y", "j")


@lru_cache(maxsize=65536)
def new_spelling_key(word: str) -> str:
    """A key equal for the old and the new Indonesian spelling of a folded word.

    oe, dj, tj and ch are rewritten to u, j, c and kh; then old j and new y (and so new j,
    from old dj) become one letter, since a name in either spelling must land on one key:
    Soerjo -> surjo, Suryo -> surjo; Djojo -> jojo, Joyo -> jojo; Tjahjono -> cahjono,
    Cahyono -> cahjono. It also makes Jan and Yan one key: those are one name too.
    """
    w = word
    for old, new in _OLD:
        w = w.replace(old, new)
    return w.translate(_Y_FOR_J)


def is_balinese(words: tuple[str, ...]) -> bool:
    """True if a name looks Balinese: it starts with I/Ni or has a Balinese name word."""
    return bool(words) and (words[0] in BALINESE_PREFIXES
                            or any(w in BALINESE_WORDS for w in words))


_DOUBLED = re.compile(r"^(\S+) \1$")


def is_doubled(plain: str) -> bool:
    """True for a single name written twice ("poerwanto poerwanto"), as forms that demand a
    family name make Indonesians with one name do."""
    return bool(_DOUBLED.match(plain))
