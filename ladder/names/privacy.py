"""The one display-name policy (pure): every name on a page, fragment, export or JSON obeys it.

docs/privacy.md: a junior without a recorded consent, and everyone when the club chooses "initials
for all", is shown by initials only; equal initials get a stable suffix (ordered by member id, so a
label never changes when an unrelated member joins a page). The full name then appears nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from .normalize import fold_diacritics, name_key

_WORD = re.compile(r"\w+")


def shows_initials(junior: bool, consent: bool, initials_for_all: bool) -> bool:
    """True when this member's name is shown as initials on public pages (docs/privacy.md).

    >>> shows_initials(junior=True, consent=False, initials_for_all=False)
    True
    >>> shows_initials(junior=True, consent=True, initials_for_all=False)
    False
    """
    return initials_for_all or (junior and not consent)


@dataclass(frozen=True)
class NameBook:
    """Display names of every member under the club's policy, computed once per request."""

    labels: dict[int, str]

    def __call__(self, member_id: int | None) -> str:
        """The display name of a member (an em dash for an unknown id: never a raw name)."""
        if member_id is None:
            return "—"
        return self.labels.get(member_id, "—")


def hidden_keys(names: Iterable[str]) -> frozenset[str]:
    """The comparison keys (:func:`~ladder.names.normalize.name_key`) of the names the roster
    shows by initials, each also without its accents: what :func:`is_hidden_name` compares a
    typed name with.

    >>> sorted(hidden_keys(["Chloé Martin"]))
    ['chloe martin', 'chloé martin']
    """
    keys: set[str] = set()
    for name in names:
        key = name_key(name)
        keys.update((key, fold_diacritics(key)))
    keys.discard("")
    return frozenset(keys)


def is_hidden_name(name: str, keys: Collection[str]) -> bool:
    """True when ``name`` is a name the roster hides (:func:`hidden_keys`), in any Unicode form:
    decomposed, full-width, in another case, with extra or invisible spaces, without accents.

    >>> keys = hidden_keys(["Chloé Martin"])
    >>> [is_hidden_name(n, keys) for n in ("Chloe\u0301  MARTIN", "\uff23hlo\u00e9 Martin",
    ...                                     "Chloé Marti")]
    [True, True, False]
    """
    if not keys:
        return False
    key = name_key(name)
    return key in keys or fold_diacritics(key) in keys


def guest_name(name: str, junior: bool, initials_for_all: bool,
               hidden: Collection[str] = ()) -> str:
    """A club night's guest (a name not on the roster yet) on a public page, under the same
    policy as a member (a guest has no recorded consent). A guest typed with a name the roster
    hides (``hidden``: :func:`hidden_keys`) is shown by initials too: the same name must not
    appear in full because it was typed instead of chosen.

    >>> guest_name("Ann Lee", junior=True, initials_for_all=False)
    'A. L.'
    >>> guest_name("Ann Lee", junior=False, initials_for_all=False)
    'Ann Lee'
    >>> guest_name("ANN  LEE", junior=False, initials_for_all=False,
    ...            hidden=hidden_keys(["Ann Lee"]))
    'A. L.'
    """
    from .initials import initials
    masked = shows_initials(junior or is_hidden_name(name, hidden), False, initials_for_all)
    return initials(name) if masked else name


def hidden_parts(names: Iterable[str]) -> frozenset[str]:
    """The parts of hidden names no public text may hold (docs/privacy.md), as comparison keys
    (:func:`~ladder.names.normalize.name_key`, docs/privacy.md), each also without its accents: the
    full name, its words of two or more letters and, for a name written without spaces (Hangul,
    Han), the part after the surname syllable.

    >>> sorted(hidden_parts(["Zoë Müller"]))
    ['muller', 'müller', 'zoe', 'zoe muller', 'zoë', 'zoë müller']
    """
    parts: set[str] = set()
    for name in names:
        key = name_key(name)
        found = {key, *(w for w in _WORD.findall(key) if len(w) >= 2)}
        if " " not in key and len(key) > 2:
            found.add(key[1:])
        parts.update(found)
        parts.update(fold_diacritics(p) for p in found)
    parts.discard("")
    return frozenset(parts)


def mentions(text: str, parts: Collection[str]) -> bool:
    """True when ``text`` holds one of ``parts`` (:func:`hidden_parts`) in any Unicode form:
    decomposed, with soft hyphens or zero-width characters inside, in another case, with or
    without accents.

    >>> mentions("Team \u110b\u1175\u1109\u1165\u110b\u1167\u11ab", hidden_parts(["이서연"]))
    True
    >>> mentions("Chlo\u00ade Mar\u00adtin fans", hidden_parts(["Chloé Martin"]))
    True
    >>> mentions("Knights", hidden_parts(["Chloé Martin"]))
    False
    """
    if not parts:
        return False
    key = name_key(text)
    folded = fold_diacritics(key)
    return any(part in key or part in folded for part in parts)
