"""Elo tools (docs/elo-tools.md): pure, no Flask; FIDE's exact, US Chess's in floating point as US
Chess computes it.

* :mod:`.expected` — logistic expected score and the classic table;
* :mod:`.fide` — FIDE K, rating change (table 8.1.2, 400-point rule), performance
  (table 8.1.1), initial rating;
* :mod:`.uscf` — the US Chess rating (optional tool): effective games N′, the special formula
  for ≤ 8 games, the standard formula with K = 800/(N′ + m) and the bonus, floors.

Every result is a frozen dataclass carrying its ``formula`` with the numbers filled in.
"""

from ladder.elo.errors import EloError
from ladder.elo.exact import parse_rating, parse_ratings, parse_score
from ladder.elo.expected import Expected, classic_table, expected_score, logistic
from ladder.elo.fide import (
    FideChange,
    Initial,
    KFactor,
    Performance,
    initial_rating,
    k_factor,
    performance,
    rating_change,
)
from ladder.elo.uscf import UscfChange, parse_games, uscf_rating_change

__all__ = [
    "EloError", "Expected", "FideChange", "Initial", "KFactor", "Performance", "UscfChange",
    "classic_table", "expected_score", "initial_rating", "k_factor", "logistic", "parse_games",
    "parse_rating", "parse_ratings", "parse_score", "performance", "rating_change",
    "uscf_rating_change",
]
