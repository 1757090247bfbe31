"""What the tie-break calculator and the compare mode show: values with explanations.

Thin glue over the pure engine (:func:`ladder.tiebreaks.calculator.record_view` and
:func:`ladder.tiebreaks.explain.explain_prepared`): one prepared view per record, every code of
the edition computed from it, so the page and the engine can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...tiebreaks import EDITIONS, CalcRound, Explanation, TiebreakError
from ...tiebreaks.calculator import has_opponent_cumulatives, record_view
from ...tiebreaks.explain import explain_prepared
from ..support.i18n import translate

#: Every tie-break of a FIDE edition that one record determines (C.07 7–10, with modifiers).
FIDE_CODES: tuple[str, ...] = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "PS", "PS/C1", "KS", "WIN",
    "WON", "BPG", "BWG", "REP", "STD", "ARO", "TPR", "PTP")
#: US Chess 34E tie-breaks that one record determines; OPCUM (34E: the opponents'
#: cumulative scores added up) joins them when each opponent's cumulative score is typed.
USCF_CODES: tuple[str, ...] = ("MM", "SOLK", "HARK", "CUM", "KASH", "MB")

DEFAULT_EDITION = "fide-2026"


def codes_for(edition: str) -> tuple[str, ...]:
    """The codes shown for ``edition``."""
    return USCF_CODES if edition == "uscf" else FIDE_CODES


def edition_problem(edition: str) -> bool:
    """True when ``edition`` is not a known edition."""
    return edition not in EDITIONS


@dataclass(frozen=True)
class CodeResult:
    """One tie-break of one record: its value and why."""

    code: str
    value: Fraction | None
    explanation: Explanation


@dataclass(frozen=True)
class RecordResult:
    """Every tie-break of one record (``error``: the engine refused the record)."""

    points: Fraction
    results: tuple[CodeResult, ...]
    error: str | None = None


def compute_record(rows: Sequence[CalcRound], edition: str) -> RecordResult:
    """Every code of ``edition`` for one record, each with its explanation."""
    codes = codes_for(edition)
    if edition == "uscf" and has_opponent_cumulatives(rows):
        codes = (*codes[:4], "OPCUM", *codes[4:])  # after CUM, as US Chess lists them
    try:
        prep = record_view(rows, edition)
        points = prep.frac(prep.points[0])
        out = []
        for code in codes:
            explanation = explain_prepared(prep, 1, code)
            out.append(CodeResult(code, explanation.value, explanation))
    except TiebreakError as error:
        return RecordResult(Fraction(0), (), translate(error.message))
    return RecordResult(points, tuple(out))


def leaders(values: Sequence[Fraction | None]) -> set[int]:
    """Indexes of the best value (higher is better; None never leads)."""
    known = [v for v in values if v is not None]
    if not known:
        return set()
    best = max(known)
    return {i for i, v in enumerate(values) if v == best}
