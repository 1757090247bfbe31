"""Expected score from a rating difference: the logistic curve and the classic table
(docs/elo-tools.md)."""

from __future__ import annotations

from dataclasses import dataclass

from ladder.tiebreaks import fide_tables

#: The classic table: rating difference 0 … 500 by 50.
CLASSIC_DIFFS: tuple[int, ...] = tuple(range(0, 501, 50))


def logistic(diff: float) -> float:
    """Expected score of the player rated ``diff`` points above the opponent:
    ``E = 1 / (1 + 10^(−D / 400))``."""
    return 1.0 / (1.0 + float(10.0 ** (-diff / 400.0)))  # float ** float is typed Any


@dataclass(frozen=True)
class Expected:
    """One expected-score calculation with its formula filled in."""

    rating: int
    opponent: int
    diff: int
    expected: float  # logistic, 0 … 1
    opponent_expected: float
    fide_pd: int  # B.02 8.1.2 in hundredths, with the 400-point rule (for comparison)
    formula: str


def expected_score(rating: int, opponent: int) -> Expected:
    """The logistic expected score of ``rating`` against ``opponent``."""
    diff = rating - opponent
    e = logistic(diff)
    formula = (f"E = 1 / (1 + 10^(({opponent} − {rating}) / 400)) = "
               f"1 / (1 + 10^({-diff / 400:.4f})) = {e:.4f}")
    return Expected(rating, opponent, diff, e, 1.0 - e,
                    fide_tables.pd(max(-400, min(400, diff))), formula)


@dataclass(frozen=True)
class TableRow:
    """One line of the classic table."""

    diff: int
    higher_percent: int
    lower_percent: int
    fide_pd: int


def classic_table() -> tuple[TableRow, ...]:
    """Differences 0 … 500 by 50: 50 %, 57 %, 64 %, 70 %, 76 %, 81 %, 85 %, 88 %, 91 %, 93 %,
    95 % for the higher-rated player (logistic, rounded to whole percent)."""
    rows = []
    for diff in CLASSIC_DIFFS:
        high = round(100 * logistic(diff))
        rows.append(TableRow(diff, high, 100 - high, fide_tables.pd(min(diff, 400))))
    return tuple(rows)
