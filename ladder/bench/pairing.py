"""``bench_pairing()``: the pairing speed benchmark of docs/qualities.md §1 and docs/pairing.md §6.

For each size, a deterministic synthetic Swiss (seeded ratings and results): every round is
posed as the engines pose it (:func:`ladder.formats.write_exchange`: the rounds played, the
total number of rounds, the initial colour, about 3 % requested half-point byes from round 2
on) and paired by the engine; the results come from the ratings (a seeded Elo expectation
with draws). The seconds of :func:`ladder.pairing.pair_trf_detailed` are reported for the
timed rounds (1, 5 and 9 by default); building the text is not timed. Targets on a 2-core
machine: 30 players ≤ 0.2 s, 60 ≤ 0.5 s, 500 ≤ 30 s per round.
"""

from __future__ import annotations

import random
import time

from ladder.formats import Exchange, RoundByes, write_exchange
from ladder.vocabulary.tournament import Colour, Kind, Player, RoundResult, Tournament

#: Seconds per round the issue asks for, by number of players.
TARGETS = {30: 0.2, 60: 0.5, 500: 30.0}


def bench_pairing(sizes: tuple[int, ...] = (30, 60, 500), rounds: int = 9,
                  timed: tuple[int, ...] = (1, 5, 9), seed: int = 2026) -> dict[str, object]:
    """Seconds to pair each timed round of a synthetic Swiss of each size; one JSON object."""
    report: dict[str, object] = {"bench": "pairing", "rounds": rounds, "seed": seed,
                                 "timed_rounds": list(timed)}
    for size in sizes:
        report[f"players_{size}"] = _one_size(size, rounds, timed, seed)
    return report


def _one_size(size: int, rounds: int, timed: tuple[int, ...], seed: int) -> dict[str, object]:
    from ladder.pairing import Refusal, pair_trf_detailed  # the engine (lazy: a heavy import)

    rng = random.Random(f"{seed}-{size}")
    ratings = sorted((rng.randint(1000, 2600) for _ in range(size)), reverse=True)
    rating = {start_no: value for start_no, value in enumerate(ratings, start=1)}
    results: dict[int, list[RoundResult]] = {start_no: [] for start_no in rating}
    seconds: dict[str, float | None] = {f"round_{r}": None for r in timed if r <= rounds}
    total = 0.0
    out: dict[str, object] = {"seconds": seconds}
    for round_no in range(1, rounds + 1):
        byes = sorted(rng.sample(sorted(rating), max(1, size * 3 // 100))) if round_no > 1 else []
        t = Tournament("Synthetic Swiss", tuple(
            Player(start_no, f"Player {start_no:04d}", rating[start_no], tuple(results[start_no]))
            for start_no in rating), round_no - 1)
        exchange = Exchange(rounds=rounds, initial_colour=Colour.WHITE,
                            byes=(RoundByes(Kind.HALF_BYE, round_no, tuple(byes)),) if byes
                            else ())
        text = write_exchange(t, exchange)
        start = time.perf_counter()
        pairing = pair_trf_detailed(text)
        elapsed = time.perf_counter() - start
        total += elapsed
        if f"round_{round_no}" in seconds:
            seconds[f"round_{round_no}"] = round(elapsed, 4)
        if isinstance(pairing, Refusal):
            out["refused_round"] = round_no
            out["refusal"] = str(pairing.reason)
            break
        for start_no in byes:
            results[start_no].append(RoundResult(round_no, Kind.HALF_BYE))
        if pairing.pab is not None:
            results[pairing.pab].append(RoundResult(round_no, Kind.PAIRING_BYE))
        for white, black in pairing.pairs():
            kinds = _result(rng, rating[white], rating[black])
            results[white].append(RoundResult(round_no, kinds[0], black, Colour.WHITE))
            results[black].append(RoundResult(round_no, kinds[1], white, Colour.BLACK))
    out["all_rounds"] = round(total, 4)
    target = TARGETS.get(size)
    if target is not None:
        out["target"] = target
        worst = [value for value in seconds.values() if value is not None]
        out["within_target"] = bool(worst) and max(worst) <= target and "refused_round" not in out
    return out


def _result(rng: random.Random, white: int, black: int) -> tuple[Kind, Kind]:
    """A seeded result from the Elo expectation of White, with about a third drawn."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    roll = rng.random()
    if roll < expected - 0.15:
        return Kind.WIN, Kind.LOSS
    if roll < expected + 0.15:
        return Kind.DRAW, Kind.DRAW
    return Kind.LOSS, Kind.WIN


__all__ = ["TARGETS", "bench_pairing"]
