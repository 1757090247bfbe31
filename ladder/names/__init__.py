"""Names: identity keys, member suggestions, initials (SPEC §4, §5).

Pure package: no Flask, no SQLAlchemy. Import everything from here:
``from ladder.names import name_key, suggest, initials, disambiguate``.
"""
from __future__ import annotations

from .normalize import fold_diacritics, name_key, parse
from .initials import disambiguate, initials
from .suggest import MIN_SCORE, Candidate, Suggestion, compare, suggest

__all__ = [
    "name_key",
    "fold_diacritics",
    "parse",
    "Candidate",
    "Suggestion",
    "compare",
    "suggest",
    "MIN_SCORE",
    "initials",
    "disambiguate",
]
