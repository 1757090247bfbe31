"""Two small events whose rules show on the pages: a round robin and a club night with protection, a
forfeit and an unrated game."""

from __future__ import annotations

from fractions import Fraction

from ladder.vocabulary.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament
from tests.factories import tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def round_robin_won_by_first(names: list[str]) -> Tournament:
    """Everyone plays everyone (circle method), the first named wins every game."""
    n = len(names)
    order = list(range(1, n + 1))
    games = []
    for rnd in range(1, n):
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            games.append((rnd, min(a, b), max(a, b), W if (a + b + rnd) % 3 else D))
        order = [order[0]] + [order[-1]] + order[1:-1]
    return tournament(names, games, name="Founders' round-robin")


def club_night_with_rules() -> Tournament:
    """Established A, B, C and newcomers N1, N2: protection, a forfeit, an unrated game."""
    names = ["A", "B", "C", "N1", "N2"]
    res: dict[int, list[RoundResult]] = {i: [] for i in range(1, 6)}

    def game(rnd: int, white: int, black: int, kind: Kind, outcome: Fraction | None = None
             ) -> None:
        res[white].append(RoundResult(rnd, kind, black, Colour.WHITE, outcome))
        mirror = None if outcome is None else 1 - outcome
        res[black].append(RoundResult(rnd, kind.mirror, white, Colour.BLACK, mirror))

    game(1, 1, 4, W)  # A beats N1: counts for N1 only (protection rule)
    game(1, 2, 3, D)  # B - C: both established, counts for both
    res[5].append(RoundResult(1, Kind.HALF_BYE))
    game(2, 2, 1, W)  # B beats A: counts for both
    game(2, 4, 5, W)  # N1 beats N2: both provisional, counts for both
    res[3].append(RoundResult(2, Kind.ZERO_BYE))
    game(3, 1, 5, Kind.FORFEIT_WIN)  # a forfeit: never rated
    game(3, 2, 4, Kind.UNRATED_PLAYED, Fraction(1))  # played, not rated
    game(4, 4, 3, W)  # N1 beats C: counts for N1 only
    players = tuple(Player(i, name, results=tuple(sorted(res[i], key=lambda r: r.round)))
                    for i, name in enumerate(names, start=1))
    return Tournament("Club night", players, 4, kind=EventKind.SWISS,
                      tiebreak_codes=("BH/C1", "SB"))
