"""How a member's aliases change at publish, merge, undo, rename and re-link (pure).

The database side keeps one alias row per spelling; these functions say what the rows must
be after each step, on plain :class:`~ladder.names.index.IndexedMember` values, so the rules are
tested here once and the services only store the result.
"""
from __future__ import annotations

from dataclasses import replace

from .index import Alias, AliasKind, IndexedMember
from .normalize import name_key


def _keys(member: IndexedMember) -> set[str]:
    return {name_key(member.name)} | {name_key(a.name) for a in member.aliases}


def with_alias(member: IndexedMember, spelling: str, kind: AliasKind = "confirmed",
               merged_from: int | None = None) -> IndexedMember:
    """``member`` with one more spelling, unless it is their name or already an alias."""
    if not spelling.strip() or name_key(spelling) in _keys(member):
        return member
    return replace(member, aliases=member.aliases + (Alias(spelling, kind, merged_from),))


def after_publish(member: IndexedMember, typed: str) -> IndexedMember:
    """An event is published with ``typed`` linked to ``member``: the spelling is kept."""
    return with_alias(member, typed, "publish")


def after_merge(target: IndexedMember, source: IndexedMember) -> IndexedMember:
    """``source`` is merged into ``target``: its name and every alias become target's aliases.

    Each is tagged ``merge`` with the source's id, so that typing the merged-away name again
    points at the target ("Bob Pemberton was merged into Robert Pemberton") and an undo can
    take back exactly these.
    """
    merged = with_alias(target, source.name, "merge", source.id)
    for alias in source.aliases:
        merged = with_alias(merged, alias.name, "merge", source.id)
    return merged


def undo_merge(target: IndexedMember, source_id: int) -> IndexedMember:
    """Undo of the merge of ``source_id`` into ``target``: the aliases it brought go away.

    The source member comes back visible with its own name and aliases (kept by the database
    side all along), so its name points at it again, not at the target.
    """
    kept = tuple(a for a in target.aliases
                 if not (a.kind == "merge" and a.merged_from == source_id))
    return replace(target, aliases=kept)


def after_rename(member: IndexedMember, new_name: str) -> IndexedMember:
    """``member`` renamed: the old name stays as an alias (kind ``rename``)."""
    if name_key(new_name) == name_key(member.name):
        return replace(member, name=new_name)
    aliases = tuple(a for a in member.aliases if name_key(a.name) != name_key(new_name))
    renamed = IndexedMember(member.id, new_name, aliases)
    return with_alias(renamed, member.name, "rename")


def after_relink(source: IndexedMember, target: IndexedMember, typed: str,
                 source_keeps_spelling: bool = True) -> tuple[IndexedMember, IndexedMember]:
    """One entry typed as ``typed`` moves from ``source`` to ``target`` (a split; docs/desk.md §2).

    ``target`` gains the spelling (kind ``relink``); ``source`` keeps it, since it was
    confirmed under it too and its other entries may use it. Two members then hold one
    spelling, so typing it again is shown as ambiguous (:meth:`NameIndex.preselect`) instead
    of being resolved silently.

    Taking a re-link back (docs/desk.md §2): a spelling ``source`` holds only because an entry was
    re-linked to it (kind ``relink``) goes with that entry when ``source`` keeps no entry
    under it (``source_keeps_spelling`` False), so a re-link and its undo leave no alias.

    >>> bob, eve = IndexedMember(1, "Bob Case"), IndexedMember(2, "Eve Park")
    >>> bob, eve = after_relink(bob, eve, "Bob Case")
    >>> [a.name for a in eve.aliases]
    ['Bob Case']
    >>> eve, bob = after_relink(eve, bob, "Bob Case", source_keeps_spelling=False)
    >>> eve.aliases, bob.aliases
    ((), ())
    """
    return relinked_away(source, typed, source_keeps_spelling), with_alias(target, typed,
                                                                           "relink")


def relinked_away(source: IndexedMember, typed: str, keeps_spelling: bool) -> IndexedMember:
    """``source`` after an entry typed ``typed`` left it (:func:`after_relink`): unchanged
    while it keeps an entry under that spelling, else without a ``relink`` alias of it."""
    if keeps_spelling:
        return source
    key = name_key(typed)
    return replace(source, aliases=tuple(a for a in source.aliases
                                         if not (a.kind == "relink" and name_key(a.name) == key)))
