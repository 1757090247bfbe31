"""The ladder rating: Elo with event batching, K policy, provisional and protection rules.

Pure (no Flask, no SQLAlchemy): plain frozen dataclasses (or, on the fast path, plain tuples)
in, plain data out (docs/club-rating.md §1, §2).
"""

from ladder.rating.club_elo import expected_score, is_provisional, k_factor
from ladder.rating.counting import Uncounted, counts_for, why_not_counted
from ladder.rating.event_rating import (
    GAME_SCORES,
    ROW_FIELDS,
    CompactEvent,
    CompactGame,
    RowTuple,
    compact_event,
    cyclic_gc_paused,
    event_counts,
    rate_event,
    rated_games,
    replay,
    replay_compact,
    replay_compact_changed,
)
from ladder.rating.types import (
    EventInput,
    MemberState,
    Pairing,
    RatingOptions,
    RatingRow,
)

__all__ = [
    "GAME_SCORES",
    "ROW_FIELDS",
    "CompactEvent",
    "CompactGame",
    "EventInput",
    "MemberState",
    "Pairing",
    "RatingOptions",
    "RatingRow",
    "Uncounted",
    "counts_for",
    "RowTuple",
    "compact_event",
    "cyclic_gc_paused",
    "event_counts",
    "expected_score",
    "is_provisional",
    "k_factor",
    "rate_event",
    "rated_games",
    "replay",
    "why_not_counted",
    "replay_compact",
    "replay_compact_changed",
]
