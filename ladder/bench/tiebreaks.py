"""``bench_tiebreaks()``: the tie-break speed benchmark of docs/qualities.md §1
(target: under 100 ms).

A synthetic, reproducible 1,000-player, 11-round Swiss with pairing byes, half- and zero-point
byes, forfeits, double forfeits and withdrawals; the full list BH, BH/C1, BH/M1, SB, SB/C1,
PS, ARO, TPR, PTP, APRO, AOB, FB, DE and the ranking, timed from the Tournament (file reading
excluded). Returns seconds as a dict, ready to print as one JSON line.
"""

from __future__ import annotations

import random
import time
from fractions import Fraction

from ladder.tiebreaks.codes import parse_order
from ladder.tiebreaks.compute_table import prepare
from ladder.tiebreaks.ranking import rank_prepared
from ladder.vocabulary.tournament import Colour, Kind, Player, RoundResult, Tournament

BENCH_ORDER = "BH,BH/C1,BH/M1,SB,SB/C1,PS,ARO,TPR,PTP,APRO,AOB,FB,DE"


def synthetic_swiss(players: int = 1000, rounds: int = 11, seed: int = 2026) -> Tournament:
    """A plausible Swiss: score groups paired top-down, ~1 % forfeits, ~2 % requested byes,
    ~3 % of players withdraw (zero-point byes to the end), a PAB when the count is odd."""
    rng = random.Random(seed)
    ratings = {s: rng.randint(1000, 2700) for s in range(1, players + 1)}
    score = dict.fromkeys(ratings, Fraction(0))
    results: dict[int, list[RoundResult]] = {s: [] for s in ratings}
    withdrawn_after = {s: rng.randint(2, rounds) for s in rng.sample(list(ratings), players // 33)}
    half = Fraction(1, 2)
    for r in range(1, rounds + 1):
        active = []
        for s in ratings:
            if s in withdrawn_after and r > withdrawn_after[s]:
                results[s].append(RoundResult(r, Kind.ZERO_BYE))
            elif rng.random() < 0.02:
                bye = Kind.HALF_BYE if rng.random() < 0.7 else Kind.ZERO_BYE
                results[s].append(RoundResult(r, bye))
                score[s] += half if bye is Kind.HALF_BYE else 0
            else:
                active.append(s)
        active.sort(key=lambda s: (-score[s], -ratings[s]))
        if len(active) % 2:
            s = active.pop()
            results[s].append(RoundResult(r, Kind.PAIRING_BYE))
            score[s] += 1
        for k in range(0, len(active), 2):
            a, b = active[k], active[k + 1]
            roll = rng.random()
            pair: tuple[Kind, Kind, Fraction | int, Fraction | int]
            if roll < 0.005:
                pair = (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT, 0, 0)
            elif roll < 0.015:
                pair = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, 1, 0)
            else:
                e = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
                x = rng.random()
                if x < e - 0.15:
                    pair = (Kind.WIN, Kind.LOSS, 1, 0)
                elif x < e + 0.15:
                    pair = (Kind.DRAW, Kind.DRAW, half, half)
                else:
                    pair = (Kind.LOSS, Kind.WIN, 0, 1)
            results[a].append(RoundResult(r, pair[0], b, Colour.WHITE))
            results[b].append(RoundResult(r, pair[1], a, Colour.BLACK))
            score[a] += pair[2]
            score[b] += pair[3]
    people = tuple(Player(s, f"Player {s}", ratings[s], tuple(results[s])) for s in ratings)
    return Tournament("Synthetic Swiss", people, rounds)


def bench_tiebreaks(repeat: int = 5, edition: str = "fide-2026") -> dict[str, object]:
    """Best of ``repeat`` runs: prepare, every tie-break of the list, the ranking."""
    t = synthetic_swiss()
    codes = parse_order(BENCH_ORDER)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        prep = prepare(t, edition)
        rank_prepared(prep, codes)
        best = min(best, time.perf_counter() - start)
    return {"benchmark": "tiebreaks", "players": len(t.players), "rounds": t.rounds,
            "codes": BENCH_ORDER, "edition": edition, "seconds": round(best, 4)}


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(bench_tiebreaks()))
