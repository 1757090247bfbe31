"""The Elo formulas and the K / provisional policy of the ladder (docs/club-rating.md §1)."""

from __future__ import annotations

from ladder.rating.types import RatingOptions


def expected_score(own: float, opp: float) -> float:
    """Expected score of a player rated ``own`` against one rated ``opp``.

    docs/club-rating.md §1: ``E = 1 / (1 + 10^((R_opp - R_own) / 400))`` (the logistic curve, not
    FIDE's table).
    """
    power: float = 10.0 ** ((opp - own) / 400.0)  # float ** float is typed Any (complex)
    return 1.0 / (1.0 + power)


def is_provisional(games: int, options: RatingOptions) -> bool:
    """True while a member has fewer than ``options.provisional_games`` counted games
    (docs/club-rating.md §1)."""
    return games < options.provisional_games


def k_factor(rating: float, games: int, options: RatingOptions, junior: bool = False) -> float:
    """The K a member plays an event with, from the pre-event rating and counted games.

    docs/club-rating.md §1: K = ``k_new`` while fewer than ``k_threshold`` counted games, then
    ``k_established``; with the junior option on, K = ``junior_k`` for a member flagged
    junior while the rating is below ``junior_k_ceiling``.
    """
    if junior and options.junior_k is not None and rating < options.junior_k_ceiling:
        return options.junior_k
    return options.k_new if games < options.k_threshold else options.k_established
