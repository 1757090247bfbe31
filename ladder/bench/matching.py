"""Timings of the pairing engine's matcher (:mod:`ladder.pairing.matching`) on complete graphs.

A complete graph with random weights of about 200 bits (the size of the Dutch engine's packed
weights): the first compute from nothing, and a recompute after the weights of every edge at
one vertex changed (the engine's typical step between two computes).
"""

from __future__ import annotations

import random
import time

from ladder.pairing.matching import Matcher

__all__ = ["matching_timings"]


def _one_size(n: int, bits: int, rng: random.Random, recomputes: int) -> dict[str, float]:
    top = 1 << bits
    matcher = Matcher(n, max_weight=top)
    start = time.perf_counter()
    for u in range(n):
        for v in range(u):
            matcher.set_weight(u, v, rng.randrange(top >> 1, top))
    built = time.perf_counter()
    cpu = time.process_time()
    matcher.compute()
    first = time.perf_counter()
    first_cpu = time.process_time() - cpu
    total = total_cpu = 0.0
    for _ in range(recomputes):
        u = rng.randrange(n)
        for v in range(n):
            if v != u:
                matcher.set_weight(u, v, rng.randrange(top >> 1, top))
        t0 = time.perf_counter()
        c0 = time.process_time()
        matcher.compute()
        total += time.perf_counter() - t0
        total_cpu += time.process_time() - c0
    count = max(recomputes, 1)
    return {
        "set_weights_s": round(built - start, 4),
        "first_compute_s": round(first - built, 4),
        "first_compute_cpu_s": round(first_cpu, 4),
        "recompute_one_vertex_s": round(total / count, 4),
        "recompute_one_vertex_cpu_s": round(total_cpu / count, 4),
    }


def matching_timings(
    sizes: tuple[int, ...] = (60, 500), bits: int = 200, seed: int = 22, recomputes: int = 5
) -> dict[str, dict[str, float]]:
    """Per graph size: seconds to set the weights, to compute first, and (mean) to recompute.

    The recompute follows a change of the weights of all edges at one random vertex. Wall
    seconds and this process's CPU seconds (``*_cpu_s``: what a loaded machine does not
    inflate).
    """
    rng = random.Random(seed)
    return {f"complete_{n}": _one_size(n, bits, rng, recomputes) for n in sizes}


if __name__ == "__main__":  # pragma: no cover - manual use: python -m ladder.bench.matching
    import json

    print(json.dumps(matching_timings()))
