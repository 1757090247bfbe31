"""The pairing engine's matcher (ladder.pairing.matching) against networkx, from scratch and
incrementally: random graphs of many sizes, densities and weight widths (1 bit to 200+ bits,
many ties), total weight equal to ``networkx.max_weight_matching``'s, the matching valid
(symmetric, on edges of positive weight), and a matcher kept across weight changes equal in
total weight to a fresh one."""

from __future__ import annotations

import random

import networkx as nx  # type: ignore[import-untyped]
import pytest

from ladder.pairing.matching import Matcher

Weights = list[list[int]]


def _reference_total(weights: Weights) -> int:
    n = len(weights)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u in range(n):
        for v in range(u + 1, n):
            if weights[u][v]:
                graph.add_edge(u, v, weight=weights[u][v])
    return sum(weights[u][v] for u, v in nx.max_weight_matching(graph))


def _checked_total(matcher: Matcher, weights: Weights) -> int:
    """The matching's total weight, after checking it is a matching on real edges."""
    total = 0
    for v in range(len(weights)):
        partner = matcher.mate(v)
        if partner == -1:
            continue
        assert partner != v
        assert matcher.mate(partner) == v
        assert weights[v][partner] > 0
        if v < partner:
            total += weights[v][partner]
    return total


def _random_weight(rng: random.Random, top: int, ties: bool) -> int:
    if ties:
        return rng.choice((1, top // 2 or 1, top))
    return rng.randint(1, top)


def _random_graph(rng: random.Random, n: int, density: float, top: int, ties: bool,
                  matcher: Matcher) -> Weights:
    weights = [[0] * n for _ in range(n)]
    for u in range(n):
        for v in range(u):
            if rng.random() < density:
                w = _random_weight(rng, top, ties)
                weights[u][v] = weights[v][u] = w
                matcher.set_weight(u, v, w)
    return weights


TOPS = (1, 3, 20, 1000, 1 << 64, 1 << 200)


@pytest.mark.parametrize("seed", range(40))
def test_small_graphs_match_networkx(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(15):
        n = rng.randint(0, 12)
        matcher = Matcher(n)
        weights = _random_graph(rng, n, rng.random(), rng.choice(TOPS), rng.random() < 0.5,
                                matcher)
        matcher.compute()
        assert _checked_total(matcher, weights) == _reference_total(weights)


@pytest.mark.parametrize("n", [20, 35, 50, 75, 100])
@pytest.mark.parametrize("density", [0.1, 0.5, 1.0])
@pytest.mark.parametrize("top", [2, 1 << 200])
def test_larger_graphs_match_networkx(n: int, density: float, top: int) -> None:
    rng = random.Random(n * 1000 + int(density * 10) + top.bit_length())
    matcher = Matcher(n, max_weight=top)
    weights = _random_graph(rng, n, density, top, top == 2, matcher)
    matcher.compute()
    assert _checked_total(matcher, weights) == _reference_total(weights)


@pytest.mark.parametrize("seed", range(12))
def test_recomputes_after_weight_changes_equal_a_fresh_matching(seed: int) -> None:
    """Weights changed at a few vertices between computes, as the Dutch engine changes them."""
    rng = random.Random(1000 + seed)
    n = rng.choice((8, 15, 30, 60))
    top = rng.choice(TOPS)
    ties = rng.random() < 0.5
    kept = Matcher(n)
    weights = _random_graph(rng, n, rng.choice((0.3, 0.8, 1.0)), top, ties, kept)
    kept.compute()
    for _ in range(10):
        for u in rng.sample(range(n), rng.randint(1, 3)):
            for v in range(n):
                if v != u and rng.random() < 0.6:
                    w = 0 if rng.random() < 0.2 else _random_weight(rng, top, ties)
                    weights[u][v] = weights[v][u] = w
                    kept.set_weight(u, v, w)
        kept.compute()
        fresh = Matcher(n)
        for u in range(n):
            for v in range(u):
                if weights[u][v]:
                    fresh.set_weight(u, v, weights[u][v])
        fresh.compute()
        expected = _reference_total(weights)
        assert _checked_total(kept, weights) == expected
        assert _checked_total(fresh, weights) == expected


def test_finalising_a_pair_keeps_it_and_the_rest_optimal() -> None:
    """The engine's finalize step: one edge raised to the bound, the pair's other edges 0."""
    rng = random.Random(7)
    n = 24
    top = 1 << 150
    matcher = Matcher(n, max_weight=top)
    weights = _random_graph(rng, n, 1.0, top >> 1, False, matcher)
    matcher.compute()
    for a, b in ((0, 5), (3, 17), (9, 10)):
        for u in range(n):
            for end, other in ((a, b), (b, a)):
                if u != end:
                    w = top if u == other else 0
                    weights[end][u] = weights[u][end] = w
                    matcher.set_weight(end, u, w)
        matcher.compute()
        assert matcher.mate(a) == b
        assert _checked_total(matcher, weights) == _reference_total(weights)


def test_a_matching_is_of_maximum_weight_not_of_maximum_cardinality() -> None:
    matcher = Matcher(4)
    matcher.set_weight(1, 0, 1)
    matcher.set_weight(2, 1, 10)
    matcher.set_weight(3, 2, 1)
    matcher.compute()
    assert [matcher.mate(v) for v in range(4)] == [-1, 2, 1, -1]


def test_zero_weight_is_no_edge_and_unmatched_is_minus_one() -> None:
    matcher = Matcher(3)
    matcher.set_weight(1, 0, 5)
    matcher.compute()
    assert (matcher.mate(0), matcher.mate(1), matcher.mate(2)) == (1, 0, -1)
    matcher.set_weight(1, 0, 0)
    matcher.compute()
    assert [matcher.mate(v) for v in range(3)] == [-1, -1, -1]


def test_bad_input_is_refused() -> None:
    matcher = Matcher(3, max_weight=10)
    with pytest.raises(ValueError):
        matcher.set_weight(1, 1, 3)
    with pytest.raises(ValueError):
        matcher.set_weight(1, 0, -1)
    with pytest.raises(ValueError):
        matcher.set_weight(1, 0, 11)
    with pytest.raises(IndexError):
        matcher.set_weight(3, 0, 1)


def test_the_bench_reports_each_size() -> None:
    from ladder.bench.matching import matching_timings

    got = matching_timings(sizes=(6, 9), bits=40, recomputes=2)
    assert sorted(got) == ["complete_6", "complete_9"]
    assert set(got["complete_6"]) == {
        "set_weights_s", "first_compute_s", "first_compute_cpu_s", "recompute_one_vertex_s",
        "recompute_one_vertex_cpu_s"}
    assert all(value >= 0 for value in got["complete_9"].values())
