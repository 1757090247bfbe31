"""Cantonese and Hokkien spellings of Han names, syllable by syllable, from published tables.

Han names outside the mainland are written in the local reading of each character, not in
pinyin: 陳大文 is *Chan Tai Man* on a Hong Kong identity card, 林文慶 *Lim Boon Keng* in
Singapore, 林水鏡 *Liem Swie King* in Indonesia. Matching needs two things per character:

* its readings, from field-made data shipped in wheels (nothing is downloaded), loaded on first
  use (never at import):

  - Cantonese: the Jyutping of each character from ``cantonese-romanisation`` (MIT; its
    ``charToLshk.json``, 13,185 characters; LSHK Jyutping is the Linguistic Society of Hong
    Kong's scheme);
  - Hokkien: the Tâi-lô readings of each character, literary and colloquial, from ``taibun``
    (MIT; its ``prons.msgpack``, 4,631 characters, from the Ministry of Education's
    Dictionary of Frequently-Used Taiwan Minnan);

* how a reading is written in each convention: the tables below, one row per initial and per
  final, from the conventions' own correspondence tables:

  - Cantonese: the Hong Kong Government Cantonese Romanisation (the spelling of Hong Kong
    identity cards and passports: 張 zoeng1 *Cheung*, 曾 zang1 *Tsang*, 古 gu2 *Koo*), Yale
    (low tones written with an *h*: 陳 *Chàhn*), Jyutping itself without tones, and the
    Malaysian and Singaporean English-based spellings of the same readings (梁 *Leong*,
    鍾 *Choong*, 劉 *Low*, 德 *Tuck*);
  - Hokkien: Pe̍h-ōe-jī (POJ: *ch*, *o͘*, *oa*, *eng*, *ek*, from Tâi-lô *ts*, *oo*, *ua*,
    *ing*, *ik*), the English-based spellings of Singapore and Malaysia registrations (*Boon*,
    *Hock*, *Swee*, *Teck*, *Geok*) and the Dutch-based spellings of Indonesian registrations
    before 1972 (*oe* for u, *tj* for ch, *ie* for a final i: *Boen*, *Tjin*, *Gie*).

A typed given name is checked against a regular expression built from the per-syllable
alternatives (like :func:`ladder.names.hangul.romanisation_pattern`), so no list of spellings is
ever enumerated. These spellings are lossy (many characters share *wai* or *boon*): a match is
a suggestion, never confident (``ladder.names.suggest._S_SOUTHERN``).
"""
from __future__ import annotations

import importlib.util
import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

# ------------------------------------------------------------------ data (first use only)


def _package_file(package: str, relative: str) -> Path | None:
    """A data file inside an installed package, found without importing the package (taibun
    reads 1.2 MB of dictionaries at import; only one small file is needed here)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def _jyutping_table() -> dict[str, list[str]]:
    """Character -> Jyutping readings with tone digits (traditional characters)."""
    path = _package_file("cantoroman", "data/charToLshk.json")
    if path is None:
        return {}
    data: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=1)
def _tailo_table() -> dict[str, list[str]]:
    """Character -> Tâi-lô readings with tone marks; several per character, '/' between
    the Zhangzhou and Quanzhou forms of one reading (tshenn/tshinn)."""
    path = _package_file("taibun", "data/prons.msgpack")
    if path is None:
        return {}
    import msgpack  # a dependency of taibun; imported here so it costs nothing until used

    data: dict[str, list[str]] = msgpack.unpackb(path.read_bytes(), raw=False)
    return data


@lru_cache(maxsize=1)
def _s2t() -> object:
    import opencc  # the traditional forms of a simplified name, to look readings up

    return opencc.OpenCC("s2t.json")


@lru_cache(maxsize=4096)
def _traditional(ch: str) -> str:
    return str(_s2t().convert(ch))  # type: ignore[attr-defined]


def _lookup(table: dict[str, list[str]], ch: str) -> list[str]:
    """The readings of ``ch`` and of its traditional form (the tables list traditional
    characters, and a few simplified ones with an empty reading), lower case, in order."""
    found = [r.lower() for r in table.get(ch, ()) if r]
    if not found:
        found = [r.lower() for r in table.get(_traditional(ch), ()) if r]
    return found


# ------------------------------------------------------------------ Cantonese

# Jyutping initial -> its spellings (HK Government first, then Yale, Jyutping, Malaysian).
_JP_INITIALS: dict[str, tuple[str, ...]] = {
    "b": ("p", "b"), "p": ("p",), "m": ("m",), "f": ("f",), "d": ("t", "d"), "t": ("t",),
    "n": ("n",), "l": ("l",), "g": ("k", "g"), "k": ("k",), "ng": ("ng", ""), "h": ("h",),
    "gw": ("kw", "gw"), "kw": ("kw",), "w": ("w",), "z": ("ch", "ts", "j", "z"),
    "c": ("ch", "ts", "c"), "s": ("s", "sh"), "j": ("y", "j"), "": ("",),
}
# Jyutping final -> its spellings. HK Government: aa and a both "a", eoi "ui"/"eui",
# eon "un", yu "u"/"ue", yun "uen"/"un", oe "eu", i "i"/"ee"; Yale: eo/oe "eu"; Malaysian and
# Singaporean English spellings: eung "eong", ung "oong", u "oo", au "ow", ak "uk"/"uck",
# oi "oy", un "oon".
_JP_FINALS: dict[str, tuple[str, ...]] = {
    "aa": ("a", "aa", "ah"), "aai": ("ai", "aai", "ay"), "aau": ("au", "aau", "ow"),
    "aam": ("am", "aam"), "aan": ("an", "aan"), "aang": ("ang", "aang"), "aap": ("ap", "aap"),
    "aat": ("at", "aat"), "aak": ("ak", "aak"),
    "ai": ("ai", "ay"), "au": ("au", "ow", "ou"), "am": ("am", "um"), "an": ("an", "un"),
    "ang": ("ang",), "ap": ("ap",), "at": ("at",), "ak": ("ak", "uk", "uck"),
    "e": ("e", "eh"), "ei": ("ei", "ee", "i", "ay"), "eu": ("eu",), "em": ("em",),
    "eng": ("eng",), "ep": ("ep",), "ek": ("ek",),
    "i": ("i", "ee"), "iu": ("iu", "eu"), "im": ("im",), "in": ("in",),
    "ing": ("ing", "eng"), "ip": ("ip",), "it": ("it",), "ik": ("ik", "ek"),
    "o": ("o", "oh"), "oi": ("oi", "oy"), "ou": ("o", "ou", "oh", "ow"), "on": ("on",),
    "ong": ("ong",), "ot": ("ot",), "ok": ("ok",),
    "u": ("u", "oo"), "ui": ("ui", "ooi", "ooy"), "un": ("un", "oon"), "ung": ("ung", "oong"),
    "ut": ("ut", "oot"), "uk": ("uk", "ook"),
    "oe": ("oe", "eu"), "oeng": ("eung", "eong", "oeng"), "oek": ("euk", "eok", "oek"),
    "eoi": ("ui", "eui", "eoi", "ue"), "eon": ("un", "eun", "eon"), "eot": ("ut", "eut", "eot"),
    "yu": ("u", "ue", "yu", "ui"), "yun": ("uen", "un", "yun", "uan"), "yut": ("uet", "ut", "yut"),
    "m": ("m",), "ng": ("ng",),
}
# After j (a y sound) the y of the final is not written twice: 余 jyu4 "Yu", 袁 jyun4 "Yuen",
# 兒 ji4 "Yee", 葉 jip6 "Yip".
_JP_AFTER_J = {"yu": ("u", "ue"), "yun": ("uen", "un"), "yut": ("uet", "ut")}
# zi, ci, si: the HK Government writes the vowel "z" or "ze" (子 Tsz, 詩 Sze) or "i"/"ee".
_JP_SIBILANT_I = {"z": ("chi", "chee", "tsz", "tze", "ji", "zi"),
                  "c": ("chi", "chee", "tsz", "tsze", "ci"), "s": ("sze", "si", "see", "sz", "shi")}
_JP_SYLLABLE = re.compile(r"^(gw|kw|ng|[bpmfdtnlgkhwzcsj]?)([a-z]+?)([1-6])?$")


@lru_cache(maxsize=16384)
def _cantonese_syllable(jyutping: str) -> tuple[str, ...]:
    """Every spelling of one Jyutping syllable (tone digit optional)."""
    if jyutping.rstrip("123456") in ("ng", "m"):  # 吳 ng4, 唔 m4: a syllabic nasal
        return (jyutping.rstrip("123456"),)
    m = _JP_SYLLABLE.match(jyutping)
    if not m:
        return ()
    initial, final, tone = m.group(1), m.group(2), m.group(3)
    if final not in _JP_FINALS:
        return ()
    out: list[str] = []
    if initial in _JP_SIBILANT_I and final == "i":
        out.extend(_JP_SIBILANT_I[initial])
    finals = _JP_AFTER_J.get(final, _JP_FINALS[final]) if initial == "j" else _JP_FINALS[final]
    for i in _JP_INITIALS.get(initial, (initial,)):
        for f in finals:
            out.append(i + f)
    out.append(initial + final)  # Jyutping itself, tones dropped
    # Yale marks the low tones (4, 5, 6) with an h after the vowel: 陳 Chàhn, 大 Daaih.
    if tone in ("4", "5", "6"):
        yale_initial = {"z": "j", "c": "ch", "j": "y"}.get(initial, initial)
        yale_final = final.replace("eo", "eu").replace("oe", "eu")
        vowels = re.match(r"[aeiouy]+", yale_final)
        if vowels:
            cut = vowels.end()
            out.append(yale_initial + yale_final[:cut] + "h" + yale_final[cut:])
    return tuple(dict.fromkeys(s for s in out if s))


def cantonese_syllables(ch: str) -> tuple[str, ...]:
    """Every listed spelling of one character's Cantonese readings (empty when unknown)."""
    out: list[str] = []
    for reading in _lookup(_jyutping_table(), ch):
        out.extend(_cantonese_syllable(reading))
    return tuple(dict.fromkeys(out))


# ------------------------------------------------------------------ Hokkien

# Tâi-lô initial -> its spellings: POJ (ch, chh), the English-based spellings of Singapore and
# Malaysia (ch for both), the Dutch-based Indonesian ones (tj), and unaspirated letters for
# aspirated ones (kh "k": 許 Kho, th "t").
_TL_INITIALS: dict[str, tuple[str, ...]] = {
    "p": ("p", "b"), "ph": ("ph", "p"), "b": ("b",), "m": ("m",), "t": ("t", "th"),
    "th": ("th", "t"), "n": ("n",), "l": ("l",), "k": ("k",), "kh": ("kh", "k"),
    "g": ("g", "gh"), "ng": ("ng", "g"), "h": ("h",), "ts": ("ch", "c", "tj", "ts"),
    "tsh": ("ch", "chh", "tj", "ts", "c"), "s": ("s", "sh"), "j": ("j", "dj"), "": ("",),
}
# Tâi-lô final -> its spellings: POJ (oo "o͘" written o/oo/ou, ua "oa", ue "oe", ing "eng",
# ik "ek"), English-based (Boon, Hock, Teck, Swee, Geok, Cheong, Chew, Seow, Ann), Dutch-based
# (Boen, Tjoen, Gie, Oei, Siauw, Lauw, Gouw).
_TL_FINALS: dict[str, tuple[str, ...]] = {
    "a": ("a", "ah"), "e": ("e", "eh", "ay", "ee"), "i": ("i", "ee", "ie", "y"), "o": ("o", "oh"),
    "oo": ("o", "oh", "oo", "ou", "ow", "aw", "ouw"), "u": ("u", "oo", "oe", "ew"),
    "ai": ("ai", "ay", "aij"), "au": ("au", "ow", "auw", "ao", "aw"),
    "ia": ("ia", "ea", "iah", "eah"), "io": ("io", "ioh", "eo", "eoh"),
    "iu": ("iu", "ew", "iew", "ioe", "eu", "eow"),
    "iau": ("iau", "eow", "iauw", "eau", "iao", "iow"), "ua": ("ua", "oa", "wa"),
    "ue": ("ue", "oe", "wee", "we", "oei", "ooi"),
    "ui": ("ui", "wee", "wie", "oei", "ooi", "oey", "uy", "wi", "ue"), "uai": ("uai", "oai", "wai"),
    "am": ("am",), "an": ("an", "ann"), "ang": ("ang",), "im": ("im", "iem"), "in": ("in", "ien"),
    "ing": ("eng", "ing"), "iam": ("iam", "eam"), "ian": ("ian", "ean", "ien"),
    "iang": ("iang", "eang"), "iong": ("iong", "eong", "yong"), "ong": ("ong",), "om": ("om",),
    "un": ("un", "oon", "oen", "uhn"), "uan": ("uan", "oan", "wan"), "ap": ("ap",), "at": ("at",),
    "ak": ("ak", "ack"), "ip": ("ip",), "it": ("it",), "ik": ("ek", "eck", "ik", "ick"),
    "iap": ("iap", "eap"), "iat": ("iat", "eat", "iet"), "iak": ("iak", "eak"),
    "iok": ("iok", "eok", "iock", "eock", "yok"), "ok": ("ok", "ock"), "ut": ("ut", "oot", "oet"),
    "uat": ("uat", "oat", "wat"), "ng": ("ng",), "m": ("m",), "uang": ("uang", "oang"),
    "iunn": ("iu", "eo", "ew"),
}
_TL_SYLLABLE = re.compile(r"^(tsh|ts|ph|th|kh|ng|[pbmtnlkghsj]?)([a-z]*)$")


def _strip_tones(reading: str) -> str:
    decomposed = unicodedata.normalize("NFD", reading)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").lower()


@lru_cache(maxsize=16384)
def _hokkien_syllable(tailo: str) -> tuple[str, ...]:
    """Every spelling of one Tâi-lô syllable (tone marks dropped)."""
    plain = _strip_tones(tailo)
    m = _TL_SYLLABLE.match(plain)
    if not m:
        return ()
    initial, final = m.group(1), m.group(2)
    if not final and initial in ("ng", "m"):  # 黃 n̂g, 吳 ngôo is not this: the syllabic nasal
        return ("ng", "wee", "ui") if initial == "ng" else ("m",)
    # A final glottal stop (-h) and nasalisation (-nn) are written or left out.
    glottal = final.endswith("h") and len(final) > 1 and final[-2] in "aeiou"
    core = final[:-1] if glottal else final
    nasal = core.endswith("nn")
    core = core[:-2] if nasal else core
    if not core and initial == "":
        return ()
    finals = _TL_FINALS.get(core)
    if finals is None:
        if core and core[-1] == "g" and core[:-1] in ("", "k", "ts", "s", "h"):
            finals = ("ng",)
        else:
            return ()
    endings = [""] + (["h"] if glottal or nasal else []) + (["n"] if nasal else [])
    out: list[str] = []
    for i in _TL_INITIALS.get(initial, (initial,)):
        for f in finals:
            for e in endings:
                if not (e == "h" and f.endswith("h")):
                    out.append(i + f + e)
    out.append(initial + core)  # Tâi-lô itself, tones dropped
    return tuple(dict.fromkeys(s for s in out if s))


def hokkien_syllables(ch: str) -> tuple[str, ...]:
    """Every listed spelling of one character's Hokkien readings (empty when unknown)."""
    out: list[str] = []
    for reading in _lookup(_tailo_table(), ch):
        for variant in reading.split("/"):
            out.extend(_hokkien_syllable(variant))
    return tuple(dict.fromkeys(out))


# ------------------------------------------------------------------ whole given names


def _pattern(per_char: list[tuple[str, ...]]) -> re.Pattern[str] | None:
    if not per_char or not all(per_char):
        return None
    return re.compile("".join(
        "(?:" + "|".join(sorted(map(re.escape, s), key=len, reverse=True)) + ")" for s in per_char))


@lru_cache(maxsize=8192)
def given_patterns(chars: str) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """(Cantonese, Hokkien) patterns matching the compact Latin spellings of a Han given name;
    None for a dialect where a character has no known reading. All characters are read in one
    dialect: a name is written in one family's language."""
    return (_pattern([cantonese_syllables(c) for c in chars]),
            _pattern([hokkien_syllables(c) for c in chars]))


def given_matches(chars: str, latin: str) -> str | None:
    """"cantonese" or "hokkien" when ``latin`` (compact, folded) spells the Han given name
    ``chars`` in that dialect's conventions, else None."""
    if not latin or not chars:
        return None
    canto, hokkien = given_patterns(chars)
    if canto is not None and canto.fullmatch(latin):
        return "cantonese"
    if hokkien is not None and hokkien.fullmatch(latin):
        return "hokkien"
    return None


@lru_cache(maxsize=4096)
def surname_readings(chars: str) -> frozenset[str]:
    """Spellings of a Han family name from its first Cantonese and first Hokkien reading (the
    literary one, that families use), beside the curated list in ``hanzi.SURNAME_SPELLINGS``."""
    out: set[str] = set()
    canto = [_lookup(_jyutping_table(), c)[:1] for c in chars]
    hokkien = [_lookup(_tailo_table(), c)[:1] for c in chars]
    if all(canto):
        out |= _joined([_cantonese_syllable(r[0]) for r in canto])
    if all(hokkien):
        out |= _joined([_hokkien_syllable(r[0].split("/")[0]) for r in hokkien])
    return frozenset(out)


def _joined(parts: list[tuple[str, ...]]) -> set[str]:
    out = {""}
    for p in parts:
        out = {a + b for a in out for b in p}
        if len(out) > 256:
            break
    return out
