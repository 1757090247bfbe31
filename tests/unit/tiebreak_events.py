"""Random Swiss and round-robin events for the tie-break property tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from ladder.vocabulary.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament

EDITIONS = ["fide-2026", "fide-2024", "fide-2012", "uscf"]


def random_event(seed: int, players: int, rounds: int) -> Tournament:
    """Random pairings each round with every kind of result, bye and forfeit."""
    rng = random.Random(seed)
    results: dict[int, list[RoundResult]] = {s: [] for s in range(1, players + 1)}
    for r in range(1, rounds + 1):
        order = list(results)
        rng.shuffle(order)
        while order:
            a = order.pop()
            if not order or rng.random() < 0.1:
                bye = rng.choice([Kind.PAIRING_BYE, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE])
                results[a].append(RoundResult(r, bye))
                continue
            b = order.pop()
            kind = rng.choice([Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.WIN, Kind.DRAW, Kind.LOSS,
                               Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT])
            other = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW,
                     Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
                     Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT}[kind]
            results[a].append(RoundResult(r, kind, b, Colour.WHITE))
            results[b].append(RoundResult(r, other, a, Colour.BLACK))
    return Tournament("random", tuple(
        Player(s, f"P{s}", rng.randint(1200, 2400), tuple(res)) for s, res in results.items()),
        rounds)


def round_robin(seed: int, players: int) -> Tournament:
    """A complete all-play-all with random played results (circle method)."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1)) + ([0] if players % 2 else [])
    n = len(ids)
    results: dict[int, list[RoundResult]] = {s: [] for s in range(1, players + 1)}
    for r in range(1, n):
        for k in range(n // 2):
            a, b = ids[k], ids[n - 1 - k]
            if 0 in (a, b):
                results[a or b].append(RoundResult(r, Kind.ZERO_BYE))
                continue
            kind = rng.choice([Kind.WIN, Kind.DRAW, Kind.LOSS])
            other = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW}[kind]
            results[a].append(RoundResult(r, kind, b, Colour.WHITE))
            results[b].append(RoundResult(r, other, a, Colour.BLACK))
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return Tournament("rr", tuple(Player(s, f"P{s}", 2000, tuple(res))
                                  for s, res in results.items()), n - 1,
                      kind=EventKind.ROUND_ROBIN)


events = st.builds(random_event, st.integers(0, 10**6), st.integers(2, 12), st.integers(1, 7))
