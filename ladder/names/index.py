"""A roster's names, digested once and queried for every typed name (pure, no I/O).

Build a :class:`NameIndex` from the visible members, each with the spellings it was ever
confirmed under (:class:`Alias`: at a publish, at a merge, at a rename), then ask it, for
each typed name:

* :meth:`NameIndex.preselect` — the member to pre-select on the confirmation screen: a name
  identical (docs/desk.md §2 identity key) to the current name *or an alias* of exactly one member;
  when two members hold it (after a split) the answer is "ambiguous", never a guess;
* :meth:`NameIndex.suggest` — the ranked suggestions with reasons, aliases matched like names.

The index files every spelling under blocking keys (see :mod:`ladder.names.spelling`), so a query
compares the typed name only with the few spellings that share a key with it, not with the
whole roster.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from . import reasons as R
from .normalize import name_key, parse
from .reasons import SuggestionReason
from .spelling import STRONG, Forms, forms
from .suggest import DEFAULT_LIMIT, MIN_SCORE, Candidate, Suggestion, compare_forms

AliasKind = Literal["publish", "merge", "rename", "confirmed", "relink"]


@dataclass(frozen=True)
class Alias:
    """A spelling a member was confirmed under, other than their current name.

    ``kind`` says where it came from: ``"publish"`` (a typed name linked to this member when
    an event was published), ``"merge"`` (the name, or an alias, of a member merged into this
    one), ``"rename"`` (the member's name before a rename), ``"relink"`` (the spelling of an entry
    re-linked to this member), ``"confirmed"`` (anything else).
    ``merged_from`` is the id of the member merged away, for ``"merge"`` aliases: undoing that
    merge removes exactly those aliases (see :func:`ladder.names.aliases.undo_merge`).
    """

    name: str
    kind: AliasKind = "confirmed"
    merged_from: int | None = None


@dataclass(frozen=True)
class IndexedMember:
    """A visible member with every spelling they were confirmed under."""

    id: int
    name: str
    aliases: tuple[Alias, ...] = ()


@dataclass(frozen=True)
class Preselection:
    """What the confirmation screen pre-selects for a typed name (docs/desk.md §2).

    ``member`` is set only when exactly one visible member holds the typed name as their
    name or an alias; ``matches`` lists every member that does (two or more: ambiguous, the
    organizer chooses); ``via`` is the alias that matched when it was not the current name.
    """

    member: int | None
    matches: tuple[int, ...] = ()
    via: str | None = None
    reasons: tuple[SuggestionReason, ...] = ()

    @property
    def ambiguous(self) -> bool:
        """True when several members were confirmed under this exact name."""
        return len(self.matches) > 1


@dataclass(frozen=True)
class _Entry:
    """One spelling of one member in the index."""

    slot: int  # position of the member in the index (members may share an id in odd input)
    member: int
    name: str  # the member's current name
    spelling: str
    alias: Alias | None  # None: the current name
    forms: Forms


def _as_member(c: IndexedMember | Candidate | tuple[int, str]) -> IndexedMember:
    if isinstance(c, IndexedMember):
        return c
    if isinstance(c, Candidate):
        return IndexedMember(c.id, c.name)
    member_id, name = c
    return IndexedMember(member_id, name)


def _alias_reason(alias: Alias, name: str) -> SuggestionReason:
    if alias.kind == "merge":
        return R.merged_into(alias.name, name)
    if alias.kind == "rename":
        return R.former_name(alias.name, name)
    return R.alias_match(alias.name)


class NameIndex:
    """Members' names and aliases, with their blocking keys, built once per roster."""

    def __init__(self, members: Iterable[IndexedMember | Candidate | tuple[int, str]] = ()) -> None:
        """Index ``members``: (id, name) pairs, :class:`Candidate` or :class:`IndexedMember`."""
        self._entries: list[_Entry] = []
        self._by_key: dict[str, list[int]] = {}
        self._by_identity: dict[str, list[int]] = {}
        self._members: list[IndexedMember] = []
        self.extend(members)

    def __len__(self) -> int:
        return len(self._members)

    def extend(self, members: Iterable[IndexedMember | Candidate | tuple[int, str]]) -> None:
        """Add more members (e.g. one created a moment ago)."""
        for c in members:
            self.add(c)

    def add(self, member: IndexedMember | Candidate | tuple[int, str]) -> None:
        """Add one member with their aliases."""
        m = _as_member(member)
        slot = len(self._members)
        self._members.append(m)
        seen: set[str] = set()
        spellings: list[tuple[str, Alias | None]] = [(m.name, None)]
        spellings += [(a.name, a) for a in m.aliases]
        for spelling, alias in spellings:
            key = name_key(spelling)
            if key in seen:
                continue  # an alias identical to the name (or to another alias) adds nothing
            seen.add(key)
            entry = _Entry(slot, m.id, m.name, spelling, alias, forms(spelling))
            number = len(self._entries)
            self._entries.append(entry)
            self._by_identity.setdefault(key, []).append(number)
            for k in entry.forms.keys:
                self._by_key.setdefault(k, []).append(number)

    # ------------------------------------------------------------ queries

    def preselect(self, name: str) -> Preselection:
        """The member to pre-select for a typed name, if exactly one holds it (docs/desk.md §2).

        A name identical to one member's current name or alias (after case-folding, NFKC and
        collapsing spaces) is that member: a name merged away points at the merge target.
        Two members holding it (a split re-linked some entries to a new member) is reported
        as ambiguous and nothing is pre-selected.
        """
        key = name_key(name)
        found = self._by_identity.get(key, [])
        members = sorted({self._entries[e].member for e in found})
        if not members:
            return Preselection(None)
        if len(members) > 1:
            return Preselection(None, tuple(members), None,
                                (R.shared_alias(name.strip(), len(members)),))
        entries = [self._entries[e] for e in found]
        if any(e.alias is None for e in entries):
            return Preselection(members[0], tuple(members), None, (R.SAME_NAME,))
        alias = entries[0].alias
        assert alias is not None
        return Preselection(members[0], tuple(members), alias.name,
                            (_alias_reason(alias, entries[0].name),))

    def suggest(self, name: str, limit: int = DEFAULT_LIMIT) -> list[Suggestion]:
        """Ranked suggestions for a typed name, best first (see :func:`ladder.names.suggest`).

        Each member appears once, with its best-matching spelling; a match through an alias
        says so first ("Bob Pemberton was merged into Robert Pemberton").
        """
        if limit <= 0:
            return []
        typed = forms(name)
        if not typed.parsed.compact:
            return []
        hits: dict[int, int] = {}
        for key, mask in typed.probes:
            for e in self._by_key.get(key, ()):
                hits[e] = hits.get(e, 0) | mask
        for e in self._by_identity.get(typed.parsed.key, ()):
            hits[e] = hits.get(e, 0) | STRONG
        words = typed.word_count
        best: dict[int, tuple[int, bool, _Entry, list[SuggestionReason]]] = {}
        for e, mask in hits.items():
            entry = self._entries[e]
            if not mask & STRONG:
                # Two different words must agree (surname and given name), unless one name
                # has a single word: a shared surname alone never makes a suggestion.
                if mask.bit_count() < min(2, words, entry.forms.word_count):
                    continue
            score, why = compare_forms(typed, entry.forms)
            if score < MIN_SCORE:
                continue
            if entry.alias is not None:
                # An earlier spelling is as good as the name, but an identical current name
                # still ranks first (99 < 100), and the reason says which spelling matched.
                score = min(score, 99)
                lead = _alias_reason(entry.alias, entry.name)
                why = [lead] if why == [R.SAME_NAME] else [lead] + why
            current = entry.alias is None
            held = best.get(entry.slot)
            if held is None or (score, current) > held[:2]:
                best[entry.slot] = (score, current, entry, why)
        found = [Suggestion(candidate=entry.member, name=entry.name, score=score, reasons=why,
                            via=None if entry.alias is None else entry.spelling)
                 for score, _current, entry, why in best.values()]
        found.sort(key=lambda s: (-s.score, parse(s.name).key, s.candidate))
        return found[:limit]


_local = threading.local()


def index_for(candidates: Iterable[IndexedMember | Candidate | tuple[int, str]]) -> NameIndex:
    """An index over ``candidates``, re-used while the same list (or a longer one) comes again.

    Callers of ``suggest(name, members)`` pass one roster for every typed name of an event, or a
    growing prefix of one (the duplicates list): the keys are computed once, not per call. One
    index per thread, so concurrent requests never share a mutable index.
    """
    items = tuple(candidates)
    held: tuple[tuple[IndexedMember | Candidate | tuple[int, str], ...], NameIndex] | None = \
        getattr(_local, "held", None)
    if held is not None:
        before, index = held
        if items == before:
            return index
        if len(items) > len(before) and items[: len(before)] == before:
            index.extend(items[len(before):])
            _local.held = (items, index)
            return index
    index = NameIndex(items)
    _local.held = (items, index)
    return index


def suggest(
    name: str,
    candidates: (NameIndex | Iterable[IndexedMember] | Iterable[Candidate]
                 | Iterable[tuple[int, str]]),
    limit: int = DEFAULT_LIMIT,
) -> list[Suggestion]:
    """Rank existing members for a typed name, best first.

    ``candidates`` is a :class:`~ladder.names.index.NameIndex` (build it once per roster
    and query it for every typed name), or any iterable of ``(id, name)`` pairs,
    :class:`Candidate` or :class:`~ladder.names.index.IndexedMember` (with aliases); an index is
    then built, or re-used when the same list comes again.

    Only candidates scoring at least MIN_SCORE are returned, at most
    ``limit`` of them. Ties are broken by name key, then id, so the order is
    deterministic.
    """
    index = candidates if isinstance(candidates, NameIndex) else index_for(candidates)
    return index.suggest(name, limit)
