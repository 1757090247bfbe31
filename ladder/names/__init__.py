"""Names: identity keys, member suggestions, aliases, initials (docs/desk.md §2, docs/privacy.md).

Pure package: no Flask, no SQLAlchemy. Import everything from here:
``from ladder.names import name_key, suggest, NameIndex, IndexedMember, Alias, initials,
disambiguate``.

For a roster, build ``NameIndex(members)`` once and ask it ``preselect(typed)`` and
``suggest(typed)`` for each typed name; ``suggest(typed, [(id, name), ...])`` still works and
re-uses an index while the same list comes again.
"""
from __future__ import annotations

from .index import Alias, AliasKind, IndexedMember, NameIndex, Preselection, suggest
from .initials import disambiguate, initials
from .normalize import (
    code_points,
    control_characters,
    fold_diacritics,
    name_key,
    parse,
    stored_name,
    strip_invisible,
)
from .reasons import SuggestionReason
from .suggest import MIN_SCORE, Candidate, Suggestion, compare

__all__ = [
    "name_key",
    "stored_name",
    "control_characters",
    "code_points",
    "strip_invisible",
    "fold_diacritics",
    "parse",
    "Candidate",
    "Suggestion",
    "SuggestionReason",
    "compare",
    "suggest",
    "MIN_SCORE",
    "NameIndex",
    "IndexedMember",
    "Alias",
    "AliasKind",
    "Preselection",
    "initials",
    "disambiguate",
]
