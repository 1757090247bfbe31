"""Maximum-weight matching behind the Dutch engine (a stand-in on networkx, to be replaced).

Contract: vertices ``0 .. vertex_count - 1``; :meth:`Matcher.set_weight` sets an edge's
weight (0 = no edge; any non-negative Python int); :meth:`Matcher.compute` finds a matching
of maximum total weight (not forced to maximum cardinality); :meth:`Matcher.mate` answers a
vertex's partner or -1.
"""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped]


class Matcher:
    """Maximum-weight matching of a graph whose weights change between computations."""

    def __init__(self, vertex_count: int) -> None:
        self._n = vertex_count
        self._weights: dict[tuple[int, int], int] = {}
        self._mate = [-1] * vertex_count

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge ``u``-``v`` (0 removes the edge)."""
        key = (u, v) if u < v else (v, u)
        if weight:
            self._weights[key] = weight
        else:
            self._weights.pop(key, None)

    def compute(self) -> None:
        """Compute a maximum-weight matching of the current weights."""
        graph = nx.Graph()
        graph.add_nodes_from(range(self._n))
        graph.add_weighted_edges_from((u, v, w) for (u, v), w in self._weights.items())
        self._mate = [-1] * self._n
        for u, v in nx.max_weight_matching(graph):
            self._mate[u] = v
            self._mate[v] = u

    def mate(self, v: int) -> int:
        """The partner of ``v`` in the last computed matching, or -1."""
        return self._mate[v]
