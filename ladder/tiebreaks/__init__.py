"""The tie-break engine: every FIDE C.07 and US Chess tie-break under four editions.

Pure (no Flask, no SQLAlchemy): a :class:`~ladder.vocabulary.tournament.Tournament` in, exact values
(``fractions.Fraction``) out. Public API::

    compute(t, codes, edition)          -> TiebreakTable (values per start number per code)
    rank(t, codes, edition)             -> list[Standing] (C.07 4.2 / docs/tiebreaks.md §4)
    explain(t, start_no, code, edition) -> Explanation (per-round table, docs/tiebreaks.md §5)
    calculate(rows, codes, edition)     -> one record's values (calculator, docs/tiebreaks.md §6)
    EDITIONS, edition_for_date, parse_code, parse_order, DEFAULT_ORDER, TiebreakError

Editions: ``fide-2026``, ``fide-2024``, ``fide-2012``, ``uscf`` (see :mod:`.editions`).
Codes: ``BH``, ``BH/C1``, ``SB-C1``, ``KS/L+1``, ... (see :mod:`.codes`).
"""

from ladder.tiebreaks.calculator import CalcRound, calculate
from ladder.tiebreaks.codes import Code, parse_code, parse_order
from ladder.tiebreaks.compute_table import compute, prepare
from ladder.tiebreaks.definitions import DEFAULT_ORDER
from ladder.tiebreaks.editions import EDITIONS, Edition, edition_for_date, get_edition
from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.explain import ExplainRow, Explanation, explain
from ladder.tiebreaks.ranking import rank
from ladder.tiebreaks.table import Column, Standing, TiebreakTable

__all__ = [
    "DEFAULT_ORDER",
    "EDITIONS",
    "CalcRound",
    "Code",
    "Column",
    "Edition",
    "ExplainRow",
    "Explanation",
    "Standing",
    "TiebreakError",
    "TiebreakTable",
    "calculate",
    "compute",
    "edition_for_date",
    "explain",
    "get_edition",
    "parse_code",
    "parse_order",
    "prepare",
    "rank",
]
