"""The ladder rating: Elo with event batching, K policy, provisional and protection rules.

Pure (no Flask, no SQLAlchemy): plain frozen dataclasses in, plain data out (SPEC §2, §3).
"""

from ladder.rating.counting import Uncounted, counts_for, why_not_counted
from ladder.rating.elo import expected_score, is_provisional, k_factor
from ladder.rating.engine import rate_event, rated_games, replay
from ladder.rating.types import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
)

__all__ = [
    "EventInput",
    "MemberState",
    "Pairing",
    "RatingOptions",
    "RatingRow",
    "Uncounted",
    "counts_for",
    "expected_score",
    "is_provisional",
    "k_factor",
    "rate_event",
    "rated_games",
    "replay",
    "why_not_counted",
]
