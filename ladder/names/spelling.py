"""Everything about one spelling of a name that matching needs, computed once (pure).

A :class:`Forms` holds the parsed name, its Hangul/Han parts and Latin readings for matching
across scripts, and the *blocking keys* the index files it under. Keys are a cheap, generous
filter: two spellings that :func:`ladder.names.suggest.compare` could score at all share a
key (a word within two deletions, an initial and its word, a short form and its full form,
a romanisation and its Hangul/Han name, ...); the comparison then decides. Built once per
spelling and cached, so a roster's keys are computed once, not per typed name.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from . import hangul, hanzi
from .given_names import related_names
from .indonesian import MUHAMMAD, MUHAMMAD_ABBREV, MUHAMMAD_UNDOTTED, new_spelling_key
from .normalize import ParsedName, Token, is_han, is_hangul, parse, split_cjk

# A key hit from a whole-name key (same letters, same name in another script, a jamo typo)
# lets the candidate through on its own; word keys need two different words to agree.
STRONG = 1 << 30
_MAX_RUN = 3  # words joined into one ("Xiao Ming" ~ "Xiaoming"; "van den Berg" ~ "Vandenberg")


@dataclass(frozen=True)
class Forms:
    """One spelling of a name, pre-digested for matching."""

    parsed: ParsedName
    # Hangul or Han name: family name and given name as characters (Han: simplified).
    family: str = ""
    given: str = ""
    simplified: str = ""  # Han: the compact name in simplified characters
    # Latin name: (family name, given name) compact, for every way to read it (surname
    # first or last, two-word family names); matched against romanisations of Hangul/Han.
    readings: tuple[tuple[str, str], ...] = ()
    keys: frozenset[str] = frozenset()  # what the index files this spelling under
    probes: tuple[tuple[str, int], ...] = ()  # (key, bit mask of this name's words) to look up

    @property
    def script(self) -> str:
        """'hangul', 'han' or 'alpha'."""
        return self.parsed.script

    @property
    def word_count(self) -> int:
        """Number of words (for the two-words-must-agree rule)."""
        return len(self.parsed.tokens)


def is_muhammad(t: Token) -> bool:
    """Muhammad, a spelling of it, or an abbreviation written as one (or never anything else)."""
    return (t.text in MUHAMMAD or t.text in MUHAMMAD_UNDOTTED
            or (t.abbrev and t.text in MUHAMMAD_ABBREV))


@lru_cache(maxsize=65536)
def _deletions(word: str) -> frozenset[str]:
    """The word and every string one or two deletions away (one for short words).

    Two words within the typo distances compare() accepts (one edit for 3+ letters, two for
    6+ letters, transpositions included) always share one of these (symmetric deletion).
    """
    depth = 0 if len(word) <= 2 or len(word) > 20 else 1 if len(word) < 6 else 2
    out = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        out |= frontier
    return frozenset(out)


def _is_cjk_word(text: str) -> bool:
    return any(is_hangul(c) or is_han(c) for c in text)


def _word_keys(t: Token) -> tuple[set[str], set[str]]:
    """(keys to file under, keys to look up) for one word."""
    if _is_cjk_word(t.text):
        return {"d:" + t.text}, {"d:" + t.text}
    dels = {"d:" + d for d in _deletions(t.text)}
    emit, probe = set(dels), set(dels)
    prefixes = [t.text[:k] for k in range(1, min(4, len(t.text)) + 1)]
    # Initials and abbreviations: "J." finds John, "Muh." finds Muhammad, and the reverse.
    emit.update("f:" + p for p in prefixes)
    if t.abbrev:
        emit.add("a:" + t.text[:4])
        probe.add("f:" + t.text[:4])
    else:
        probe.update("a:" + p for p in prefixes)
    if len(t.text) >= 3 and not t.abbrev:
        emit.add("p:" + t.text[:3])  # Alex ~ Alexander
        probe.add("p:" + t.text[:3])
    if is_muhammad(t):
        emit.add("m:")
        probe.add("m:")
    old_new = "e:" + new_spelling_key(t.text)  # Poerwanto ~ Purwanto
    emit.add(old_new)
    probe.add(old_new)
    korean = hangul.korean_surname_key(t.text)  # Bak ~ Park, Jeong ~ Chung (SURNAME_SPELLINGS)
    if korean is not None and not t.abbrev:
        emit.add("kr:" + korean)
        probe.add("kr:" + korean)
    if not t.abbrev:  # Tan ~ Chen (陈), Lim ~ Lin (林): one family name in two dialects
        for han in hanzi.chinese_surname_chars(t.text):
            emit.add("cs:" + han)
            probe.add("cs:" + han)
    # Short forms: Bob looks up Robert's own word key (and Robert looks up Bob's).
    probe.update("d:" + r for r in related_names(t.text))
    return emit, probe


def _latin_readings(p: ParsedName) -> tuple[tuple[str, str], ...]:
    """(family, given) readings of a Latin name, for comparing with Hangul/Han names."""
    words = [t.text for t in p.tokens]
    # Single letters are syllables here (O Sehun, Ko A-ra, I Seojun); dotted words are not.
    if len(words) < 2 or any(t.abbrev and len(t.text) > 1 for t in p.tokens) or p.noise:
        return ()
    if p.comma:
        return (("".join(words[: p.comma]), "".join(words[p.comma :])),)
    out = [(words[0], "".join(words[1:])), (words[-1], "".join(words[:-1]))]
    if len(words) >= 3:  # Nam-gung Min-su, Ou Yang Na Na
        out += [(words[0] + words[1], "".join(words[2:])),
                (words[-2] + words[-1], "".join(words[:-2]))]
    return tuple(dict.fromkeys(out))


def _cjk_parts(p: ParsedName) -> tuple[str, str, str]:
    """(family, given, simplified compact) of a Hangul/Han name; Han parts in simplified form."""
    compact = "".join(c for c in p.compact if is_hangul(c) or is_han(c))
    if p.script == "han":
        simple = hanzi.simplified(compact)
        family, given = split_cjk(simple, "han")
        return family, given, simple
    if len(p.tokens) == 2 and len(p.tokens[0].text) in (1, 2) and len(p.tokens[1].text) >= 1:
        # Written with a space, the space tells where the family name ends (남궁 민수, 선우 현).
        return p.tokens[0].text, p.tokens[1].text, compact
    family, given = split_cjk(compact, "hangul")
    return family, given, compact


# A Latin name's Forms hold ~100 keys; 8,192 of them (a few rosters) stay well under 100 MB.
@lru_cache(maxsize=8192)
def forms(name: str) -> Forms:
    """The Forms of one spelling (cached: a roster's names are digested once)."""
    p = parse(name)
    if not p.compact:
        return Forms(parsed=p)
    strong = {"k:" + p.compact}
    if p.noise:
        # Noise is matched only when identical; the index finds that by the identity key.
        return Forms(parsed=p, keys=frozenset(strong), probes=tuple((k, STRONG) for k in strong))
    emit: set[str] = set(strong)
    probes: dict[str, int] = {k: STRONG for k in strong}

    def add_probe(key: str, mask: int) -> None:
        probes[key] = probes.get(key, 0) | mask

    tokens = p.tokens
    for i, t in enumerate(tokens):
        e, pr = _word_keys(t)
        emit |= e
        for k in pr:
            add_probe(k, 1 << i)
    # Runs of words joined: "xiao ming" files under "xiaoming" too, so either spelling meets.
    for size in range(2, min(_MAX_RUN, len(tokens)) + 1):
        for start in range(len(tokens) - size + 1):
            run = "".join(t.text for t in tokens[start : start + size])
            mask = ((1 << size) - 1) << start
            keys = {"d:" + run} if _is_cjk_word(run) else {"d:" + d for d in _deletions(run)}
            emit |= keys
            for k in keys:
                add_probe(k, mask)

    family = given = simple = ""
    readings: tuple[tuple[str, str], ...] = ()
    if p.script in ("hangul", "han"):
        family, given, simple = _cjk_keys(p, emit, add_probe)
    else:
        readings = _latin_keys(p, emit, add_probe)
    return Forms(parsed=p, family=family, given=given, simplified=simple, readings=readings,
                 keys=frozenset(emit), probes=tuple(probes.items()))


def _cjk_keys(p: ParsedName, emit: set[str],
              add_probe: Callable[[str, int], None]) -> tuple[str, str, str]:
    """Add a Hangul/Han name's keys and probes; its (family, given, simplified compact)."""
    family, given, simple = _cjk_parts(p)
    same: set[str] = set()  # keys shared with names in the same script
    across: set[str] = set()  # keys met by Latin names' readings
    # Family and given name as words of their own: 김민준 meets 민준 김.
    for part in (family, given):
        if part:
            emit.add("d:" + part)
            add_probe("d:" + part, 1)
    if p.script == "han":
        same.add("hz:" + simple)  # 張偉傑 ~ 张伟杰
        for system in hanzi.given_spellings(given).values():
            across.update(g for g in system)
    elif given and all(hangul.is_syllable(c) for c in family + given):
        across.add(hangul.hangul_skeleton(given))
        across.add(hangul.initials_skeleton(given))  # M. J. Hwang ~ 황민재 (initials per syllable)
        for i in range(len(given)):  # one syllable masked: finds one-jamo typos
            same.add(f"jm:{family}|{given[:i]}*{given[i + 1:]}")
    tag = "ks" if p.script == "hangul" else "py"
    # Directed keys: a Hangul name files under "ks>..." and looks up "ks<...", a Latin
    # name the reverse, so Latin names never meet each other through these keys.
    for k in same:
        emit.add(k)
        add_probe(k, STRONG)
    if p.script == "han" and family:
        # Cantonese and Hokkien spellings are checked, not listed: a Latin name meets the Han
        # names whose family name it spells, and the comparison reads the given name.
        across.update("sg:" + s for s in hanzi.southern_surnames(family))
    for k in across:
        emit.add(f"{tag}>{k}")
        add_probe(f"{tag}<{k}", STRONG)
    return family, given, simple


def _latin_keys(p: ParsedName, emit: set[str],
                add_probe: Callable[[str, int], None]) -> tuple[tuple[str, str], ...]:
    """Add a Latin name's keys and probes towards Hangul/Han names; its readings."""
    readings = _latin_readings(p)
    for family, g in readings:
        for k in (f"ks<{hangul.skeleton(g)}", f"py<{g}", f"py<sg:{family}"):
            emit.add(k)
            add_probe(k.replace("<", ">"), STRONG)
        if hangul.korean_surname_key(family) is not None:
            # Latin against Latin: one Korean given name in two romanisations (Minjun, Min-joon).
            key = "kg:" + hangul.latin_given_key(g)
            emit.add(key)
            add_probe(key, STRONG)
    return readings
