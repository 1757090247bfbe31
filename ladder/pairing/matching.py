"""Maximum-weight matching on a general graph, exact on Python integers of any size, incremental.

The Dutch engine poses a round as one maximum-weight matching whose edge weights pack the
pairing criteria into their bits (hundreds of bits for 500 players), and it recomputes the
matching many times per round after changing the weights at a few vertices. This matcher is
Edmonds' blossom algorithm with dual variables (the primal-dual method of Galil's survey,
"Efficient algorithms for finding maximum matching in graphs", 1986) that *keeps* its duals,
blossoms and matching between computes, so that changing the weights at k vertices costs
about k augmenting-path searches, not a fresh O(n^3) solve.

The invariants kept between computes (with weights stored doubled, so every dual is an
integer): every dual is feasible (``y[a] + y[b] + z(blossoms holding both) >= w(a, b)``, each
``y``, ``z`` >= 0), every matched edge and every edge of a blossom's cycle is tight, and a
blossom with a positive dual is matched inside except at its base. The matching is of maximum
weight when, besides, every exposed vertex has a zero dual.

* **A change** of the edges at a vertex *u* (the first argument of :meth:`Matcher.set_weight`)
  dissolves the blossoms around *u* (unmatching its outermost blossom, whose dual no longer
  lets its outer edge be tight); at the next :meth:`Matcher.compute`, *u*'s dual becomes the
  least that keeps its edges feasible, and *u* keeps its partner when the dual making that
  edge tight is at least that (then nothing needs repairing), else it is unmatched; an exposed
  *u* is matched at once to an exposed vertex at the other end of a tight edge.
* **A compute** then runs one stage: alternating trees grow from every exposed vertex of
  positive dual at once (each made even first, so that every outer-outer slack is even); the
  dual step is the least of an outer vertex's dual (that vertex becomes the exposed one, the
  path to its root flipped), an outer-to-unlabelled edge's slack (grow, or augment when the
  other end is exposed), half an outer-to-outer slack (a new blossom in one tree, an
  augmentation between two), half an inner blossom's dual (the blossom is expanded). Where
  several events are due at once, a tree's ending comes first, then an augmentation, a
  blossom, a growth. A tree that ends is dissolved and the others go on, so the least slacks
  are computed once per compute, not once per augmentation.

Inside a stage the duals move lazily: an outer vertex's stored dual is its dual plus the
stage's total step ``T`` (an inner one's minus ``T``), a tree blossom's likewise with ``2T``.
Each vertex outside the trees keeps a lower bound of its least slack to an outer vertex, and
each outer vertex one of its least slack to an outer vertex of another blossom (plus ``T``,
``2T``): exact when computed, and only too low once the vertex at the other end has left the
trees or joined the same blossom, so a bound is checked when it is the least and recomputed
when stale. The scans run at C speed (``map``/``compress`` over rows); the weights are Python
integers of any size.

Edges of weight zero are non-edges and never enter the matching (an outer vertex whose dual
reaches zero is taken before any such edge could be tight). Where several matchings share the
maximum weight the one returned is deterministic but otherwise unspecified: the Dutch engine
asks for no tie order (ladder/pairing/dutch.py).
"""

from __future__ import annotations

from collections.abc import Callable
from heapq import heappop, heappush
from itertools import compress, repeat
from operator import add, eq, itemgetter, lt, ne, not_, sub

__all__ = ["Matcher"]

_OUTER, _INNER = 1, -1  # a tree blossom's label, also the sign of its dual's change


def _gatherer(indices: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """A function answering a row's entries at ``indices`` (in one C call)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        only = indices[0]
        return lambda row: (row[only],)
    return lambda row: ()


class Matcher:
    """Maximum-weight matching of a graph on ``vertex_count`` vertices, recomputed incrementally.

    ``max_weight`` bounds every weight ever set (a larger weight is refused); without it the
    bound grows with the largest weight seen.
    """

    def __init__(self, vertex_count: int, max_weight: int | None = None) -> None:
        """Start with ``vertex_count`` isolated vertices (every weight 0, nothing matched)."""
        if vertex_count < 0:
            raise ValueError("vertex_count must be >= 0")
        if max_weight is not None and max_weight < 0:
            raise ValueError("max_weight must be >= 0")
        n = vertex_count
        self._n = n
        self._fixed_max = max_weight is not None
        self._max = max_weight if max_weight is not None else 0
        self._w: list[list[int]] = [[0] * n for _ in range(n)]  # doubled weights
        self._y: list[int] = [0] * n  # vertex duals
        self._mate: list[int] = [-1] * n
        # Blossoms: ids below n are the vertices themselves, n .. 2n-1 blossoms with children.
        size = 2 * n
        self._parent: list[int] = [-1] * size
        self._childs: list[list[int]] = [[] for _ in range(size)]  # the cycle, base child first
        #: edges[b][k] joins childs[b][k] and childs[b][k + 1] (cyclically): (end in k, end in k+1)
        self._edges: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        self._base: list[int] = list(range(n)) + [-1] * n
        self._z: list[int] = [0] * size  # blossom duals
        self._leaves: list[list[int]] = [[v] for v in range(n)] + [[] for _ in range(n)]
        self._top: list[int] = list(range(n))  # vertex -> its outermost blossom
        self._free_ids: list[int] = list(range(size - 1, n - 1, -1))
        self._pending: dict[int, None] = {}  # vertices whose edges changed since the last compute
        # One stage's state (see the module docstring).
        self._label: list[int] = [0] * size  # outermost blossoms in a tree: _OUTER / _INNER
        self._tree: list[int] = [-1] * size  # ... and the root vertex of their tree
        self._sign: list[int] = [0] * n  # per vertex: 1 outer, -1 inner, 0 outside the trees
        self._tree_from: list[int] = [-1] * size  # inner blossom: the outer vertex that reached it
        self._tree_to: list[int] = [-1] * size  # ... and its own vertex on that edge
        self._step = 0  # T: the stage's dual steps so far
        self._big = 1
        #: per vertex outside the trees: a bound of its least slack to an outer vertex (plus
        #: T) and that outer vertex; exact when computed, too low only once that vertex's tree
        #: has ended
        self._free_key: list[int] = []
        self._free_from: list[int] = []
        #: per outer vertex: its least slack (plus 2T) to an outer vertex of another blossom
        self._pair_key: list[int] = []
        self._pair_to: list[int] = []
        #: the bounds above, least first (an entry superseded by a later bound is skipped):
        #: (key, outside, outer); (key, outer, other outer)
        self._free_heap: list[tuple[int, int, int]] = []
        self._pair_heap: list[tuple[int, int, int]] = []
        self._outside_list: list[int] = []
        self._outside_stale = True
        self._outer: list[int] = []  # the outer vertices (some no longer, until pruned)
        self._outer_y: list[int] = []  # ... their stored duals
        self._outer_get: Callable[[list[int]], tuple[int, ...]] | None = None
        self._outside_y: list[int] = []
        self._outside_get: Callable[[list[int]], tuple[int, ...]] = _gatherer([])
        self._dead = 0  # entries of ``_outer`` no longer outer
        self._outer_heap: list[tuple[int, int]] = []  # (stored dual, outer vertex)
        self._inner_blossoms: list[int] = []
        self._members: dict[int, list[int]] = {}  # tree -> the blossoms labelled into it
        self._exposed: dict[int, None] = {}  # exposed vertices outside the trees
        self._in_tree: list[int] = []  # vertices labelled in this stage
        self._tree_blossoms: list[int] = []  # blossoms labelled in this stage

    # ----------------------------------------------------------------- public interface

    def set_weight(self, u: int, v: int, weight: int) -> bool:
        """Set the weight of edge ``(u, v)`` (0 removes it); ``u`` is the modified vertex.
        Answers whether the weight changed (an unchanged weight changes nothing).

        The blossoms around ``u`` are dissolved (its outermost blossom unmatched); ``u``'s
        dual is set at the next :meth:`compute`, which repairs the matching.
        """
        wu = self._w[u] if 0 <= u < self._n else None
        w2 = weight << 1
        if wu is not None and 0 <= v < self._n and wu[v] == w2 and u != v:
            return False
        if u == v:
            raise ValueError("an edge needs two distinct vertices")
        if wu is None or not 0 <= v < self._n:
            raise IndexError("vertex out of range")
        if weight < 0:
            raise ValueError("weights must be >= 0")
        if weight > self._max:
            if self._fixed_max:
                raise ValueError("weight exceeds max_weight")
            self._max = weight
        if self._top[u] != u:
            self._isolate(u)
        self._pending[u] = None
        wu[v] = w2
        self._w[v][u] = w2
        return True

    def set_weights(self, u: int, vertices: list[int], weights: list[int]) -> bool:
        """:meth:`set_weight` of ``u`` and each vertex of ``vertices`` (``u`` the modified
        vertex) to the weight at the same place of ``weights``; answers whether any
        changed."""
        n = self._n
        if not 0 <= u < n:
            raise IndexError("vertex out of range")
        w = self._w
        wu = w[u]
        changed = False
        for v, weight in zip(vertices, weights, strict=True):
            w2 = weight << 1
            if wu[v] == w2 and 0 <= v < n:
                continue
            if not 0 <= v < n:
                raise IndexError("vertex out of range")
            if v == u:
                raise ValueError("an edge needs two distinct vertices")
            if weight < 0:
                raise ValueError("weights must be >= 0")
            if weight > self._max:
                if self._fixed_max:
                    raise ValueError("weight exceeds max_weight")
                self._max = weight
            if not changed:
                changed = True
                if self._top[u] != u:
                    self._isolate(u)
                self._pending[u] = None
            wu[v] = w2
            w[v][u] = w2
        return changed

    def fix_pair(self, u: int, v: int, weight: int) -> bool:
        """Give edge ``(u, v)`` ``weight`` and every other edge at ``u`` or ``v`` weight 0 (a
        board fixed for good, when ``weight`` is above every other); answers whether any
        weight changed."""
        changed = False
        n = self._n
        for a, b in ((u, v), (v, u)):
            row = self._w[a]
            if row.count(0) == n - 1 and row[b] == weight << 1:
                continue
            for x in compress(range(n), row):
                if x != b:
                    changed |= self.set_weight(a, x, 0)
            changed |= self.set_weight(a, b, weight)
        return changed

    def compute(self) -> None:
        """Make the matching a maximum-weight matching of the current weights."""
        self._settle_modified()
        y = self._y
        mate = self._mate
        roots = [r for r in range(self._n) if mate[r] == -1 and y[r]]
        if roots:
            for r in roots:
                self._even_root(r)
            self._stage(roots)

    def mate(self, v: int) -> int:
        """The partner of ``v`` in the last computed matching, or -1."""
        return self._mate[v]

    def mates(self) -> list[int]:
        """Per vertex its partner in the last computed matching, or -1 (a copy)."""
        return list(self._mate)

    def weight(self, u: int, v: int) -> int:
        """The current weight of edge ``(u, v)``."""
        return self._w[u][v] >> 1

    # ------------------------------------------------------------- changes between computes

    def _isolate(self, u: int) -> None:
        """Dissolve the blossoms around ``u``, duals kept feasible: its outermost blossom is
        unmatched and re-based at ``u``, then each blossom holding ``u`` is expanded, its
        vertices taking half its dual (its cycle's edges stay tight)."""
        mate = self._mate
        b = self._top[u]
        m = mate[self._base[b]]
        if m != -1:
            mate[self._base[b]] = -1
            mate[m] = -1
        self._rebase(b, u)
        mate[u] = -1
        while b >= self._n:
            self._expand_exposed(b)
            b = self._top[u]

    def _even_root(self, r: int) -> None:
        """Give exposed vertex ``r`` an even dual (so every outer-outer slack of a stage is
        even), duals kept feasible: ``r`` alone takes one more; an exposed blossom takes one
        more on each vertex and two less on its own dual, or, at zero, is expanded first."""
        y = self._y
        if not y[r] & 1:
            return
        b = self._top[r]
        while b >= self._n and not self._z[b]:
            self._expand_exposed(b)
            b = self._top[r]
        if b >= self._n:
            self._z[b] -= 2
        for v in self._leaves[b]:
            y[v] += 1

    def _expand_exposed(self, b: int) -> None:
        """Make the children of the outermost blossom ``b`` outermost (outside a search)."""
        y = self._y
        half = self._z[b] >> 1
        if half:
            for v in self._leaves[b]:
                y[v] += half
        self._release(b)

    def _release(self, b: int) -> None:
        """Forget blossom ``b``: its children become outermost."""
        top = self._top
        parent = self._parent
        for c in self._childs[b]:
            parent[c] = -1
            for v in self._leaves[c]:
                top[v] = c
        self._childs[b] = []
        self._edges[b] = []
        self._leaves[b] = []
        self._z[b] = 0
        self._label[b] = 0
        self._base[b] = -1
        self._free_ids.append(b)

    def _settle_modified(self) -> None:
        """The dual of each vertex whose edges changed, duals feasible (module docstring)."""
        y = self._y
        w = self._w
        mate = self._mate
        n = self._n
        everyone = range(n)
        waiting = dict(self._pending)  # not yet settled: their duals are about to change
        for u in self._pending:
            del waiting[u]
            wu = w[u]
            y[u] = 0
            least = max(map(sub, wu, y))
            m = mate[u]
            if m != -1:
                tight = wu[m] - y[m]
                if wu[m] and tight >= least:
                    y[u] = tight
                    continue
                mate[m] = -1
                mate[u] = -1
            y[u] = least
            # A tight edge to an exposed vertex (alone, or the base of an exposed blossom).
            for x in compress(everyone, map(eq, map(sub, wu, y), repeat(least, n))):
                if mate[x] == -1 and x != u and wu[x] and x not in waiting:
                    mate[u] = x
                    mate[x] = u
                    break
        self._pending = {}

    # ------------------------------------------------------------------------- blossoms

    def _rebase(self, b: int, v: int) -> None:
        """Make vertex ``v`` the base of blossom ``b`` (``b`` exposed, or about to be matched
        at ``v``): the matched edges of its cycle shift along the even path to ``v``'s child."""
        if self._base[b] == v:
            return
        parent = self._parent
        c = v
        while parent[c] != b:
            c = parent[c]
        if c >= self._n:
            self._rebase(c, v)
        childs = self._childs[b]
        edges = self._edges[b]
        i = childs.index(c)
        k = len(childs)
        mate = self._mate
        # Base child 0: the matched cycle edges are edges[1], edges[3], ...; with c first they
        # become edges[i+1], edges[i+3], ... (i odd, going on) or edges[0], ..., edges[i-2].
        for e in (range(i + 1, k, 2) if i & 1 else range(0, i, 2)):
            x, z = edges[e]
            first, second = childs[e], childs[(e + 1) % k]
            if first >= self._n:
                self._rebase(first, x)
            if second >= self._n:
                self._rebase(second, z)
            mate[x] = z
            mate[z] = x
        childs[:] = childs[i:] + childs[:i]
        edges[:] = edges[i:] + edges[:i]
        self._base[b] = v

    def _new_blossom(self, childs: list[int], edges: list[tuple[int, int]]) -> int:
        b = self._free_ids.pop()
        self._childs[b] = childs
        self._edges[b] = edges
        self._base[b] = self._base[childs[0]]
        leaves: list[int] = []
        parent = self._parent
        for c in childs:
            parent[c] = b
            leaves += self._leaves[c]
        self._leaves[b] = leaves
        top = self._top
        for v in leaves:
            top[v] = b
        self._z[b] = 0
        return b

    # ------------------------------------------------------------------------ one stage

    def _stage(self, roots: list[int]) -> None:
        """Grow alternating trees from the exposed vertices ``roots`` (each of positive, even
        dual) until every tree has ended: in an augmentation (with another tree, or with an
        exposed vertex of zero dual), or in an outer vertex whose dual reached zero (that
        vertex is then the exposed one). A tree that ends is dissolved; the others go on."""
        n = self._n
        big = self._big = ((max(self._y) + self._max) << 4) + 16
        self._step = 0
        self._free_key = [big] * n
        self._free_from = [-1] * n
        self._pair_key = [big] * n
        self._pair_to = [-1] * n
        self._free_heap = []
        self._pair_heap = []
        self._outside_stale = True
        self._outer = []
        self._dead = 0
        self._outer_heap = []
        self._inner_blossoms = []
        self._members = {}
        self._in_tree = []
        self._tree_blossoms = []
        self._exposed = {}
        self._first_trees(roots)
        try:
            self._grow_until_done()
        finally:
            self._end_stage()

    def _first_trees(self, roots: list[int]) -> None:
        """The roots' blossoms outer; the least slacks computed from the side of each vertex
        outside the trees (against the outer vertices) and of each outer vertex (against
        the outer vertices of other blossoms)."""
        y = self._y
        top = self._top
        mate = self._mate
        outer: list[int] = []
        for r in roots:
            self._members[r] = []
            outer += self._mark_outer(top[r], r)
        self._outer = outer
        self._outer_y = list(map(y.__getitem__, outer))
        self._outer_get = None
        outer_heap = self._outer_heap
        for o in outer:
            outer_heap.append((y[o], o))
        outer_heap.sort()
        outside = self._outside()
        if len(outer) <= 4:  # few rows: scanned at C speed, the least kept per vertex
            for o in outer:
                self._lower_free_bounds(o)
        else:
            self._free_exact(outside)
        for v in outside:
            if mate[v] == -1:
                self._exposed[v] = None
        pair_key = self._pair_key
        pair_to = self._pair_to
        pair_heap = self._pair_heap
        big = self._big
        outer_y = self._outer_y
        for r in roots:
            if top[r] != r:  # a blossom: its vertices against the outer vertices of others
                self._pair_exact([v for v in self._leaves[top[r]]], top[r])
        for k, a in enumerate(outer):
            if top[a] != a:
                continue
            keys = list(map(sub, outer_y, self._outer_row(self._w[a])))
            keys[k] = big  # itself
            least = min(keys)
            if least < big:
                key = pair_key[a] = least + y[a]
                b = pair_to[a] = outer[keys.index(least)]
                heappush(pair_heap, (key, a, b))

    def _grow_until_done(self) -> None:
        top = self._top
        base = self._base
        mate = self._mate
        z = self._z
        label = self._label
        parent = self._parent
        tree = self._tree
        n = self._n
        for _ in range(16 * n + 16):
            if not self._members:
                return
            step = self._step
            big = self._big
            d_outer, outer_v = self._least_outer_dual()
            free_key, free_o, free_v = self._least_free_edge()
            pair_key, pair_a, pair_b = self._least_pair_edge()
            d_free = free_key - step
            d_pair = (pair_key - 2 * step) >> 1
            d_inner = big
            inner_b = -1
            for b in self._inner_blossoms:
                if label[b] == _INNER and parent[b] == -1 and b >= n:
                    half = (z[b] - 2 * step) >> 1
                    if half < d_inner:
                        d_inner = half
                        inner_b = b
            delta = min(d_outer, d_free, d_pair, d_inner)
            if delta < 0:
                raise RuntimeError("maximum-weight matching: a negative dual step")
            self._step = step + delta
            # Ties: an ending first, then an augmentation, a blossom, a growth, an expansion.
            if delta == d_outer:
                r = tree[top[outer_v]]
                self._flip(outer_v, -1)
                self._dissolve_tree(r)
                continue
            if delta == d_free and mate[base[top[free_v]]] != -1:
                exposed = self._tight_exposed(free_key)
                if exposed is not None:
                    free_o, free_v = exposed
            if delta == d_free and mate[base[top[free_v]]] == -1:
                r = tree[top[free_o]]
                self._flip(free_o, free_v)
                self._flip(free_v, free_o)
                self._exposed.pop(free_v, None)
                self._dissolve_tree(r)
            elif delta == d_pair:
                ra, rb = tree[top[pair_a]], tree[top[pair_b]]
                if ra == rb:
                    self._blossom_from(pair_a, pair_b)
                else:
                    self._flip(pair_a, pair_b)
                    self._flip(pair_b, pair_a)
                    self._dissolve_tree(ra)
                    self._dissolve_tree(rb)
            elif delta == d_free:
                bv = top[free_v]
                r = tree[top[free_o]]
                self._make_inner(bv, free_o, free_v, r)
                self._scan(self._mark_outer(top[mate[base[bv]]], r))
            else:
                self._expand_inner(inner_b)
        raise RuntimeError("maximum-weight matching: a stage took more steps than its bound")

    def _least_outer_dual(self) -> tuple[int, int]:
        """The least dual of an outer vertex now, and that vertex."""
        heap = self._outer_heap
        y = self._y
        sign = self._sign
        while heap:
            stored, v = heap[0]
            if sign[v] == _OUTER and y[v] == stored:
                return stored - self._step, v
            heappop(heap)
        return self._big, -1

    def _least_free_edge(self) -> tuple[int, int, int]:
        """The least slack (plus T) of an edge from an outer vertex to a vertex outside the
        trees, and its two ends. Each vertex outside keeps a bound, lowered as vertices
        become outer; a stale one (its outer vertex's tree ended) is replaced by the exact
        least."""
        heap = self._free_heap
        free_key = self._free_key
        free_from = self._free_from
        y = self._y
        w = self._w
        sign = self._sign
        while heap:
            key, x, p = heap[0]
            if free_key[x] != key or free_from[x] != p or sign[x]:
                heappop(heap)  # superseded
                continue
            if sign[p] == _OUTER and y[p] + y[x] - w[p][x] == key:
                return key, p, x
            heappop(heap)
            self._free_exact([x])
        return self._big, -1, -1

    def _tight_exposed(self, key: int) -> tuple[int, int] | None:
        """An exposed vertex outside the trees at slack ``key`` (plus T) from an outer vertex,
        and that outer vertex; None when there is none. (Their bounds are kept exact.)"""
        y = self._y
        w = self._w
        sign = self._sign
        free_key = self._free_key
        for v in self._exposed:
            if free_key[v] == key:
                o = self._free_from[v]
                if sign[o] == _OUTER and y[o] + y[v] - w[o][v] == key:
                    return o, v
                self._free_exact([v])
                if free_key[v] == key:
                    return self._free_from[v], v
        return None

    def _least_pair_edge(self) -> tuple[int, int, int]:
        """The least slack (plus 2T) of an edge between outer vertices of different outermost
        blossoms, and its two ends. A stale bound (the other end now in the same blossom, or
        no longer outer) is replaced by the exact least, for its whole blossom at once."""
        heap = self._pair_heap
        pair_key = self._pair_key
        pair_to = self._pair_to
        top = self._top
        y = self._y
        w = self._w
        sign = self._sign
        while heap:
            key, a, b = heap[0]
            if pair_key[a] != key or pair_to[a] != b or sign[a] != _OUTER:
                heappop(heap)  # superseded
                continue
            ta = top[a]
            if sign[b] == _OUTER and top[b] != ta and y[a] + y[b] - w[a][b] == key:
                return key, a, b
            heappop(heap)
            stale = [v for v in self._leaves[ta]  # a blossom's bounds go stale together
                     if v != a and sign[v] == _OUTER and pair_key[v] < self._big and (
                         top[pair_to[v]] == ta or sign[pair_to[v]] != _OUTER)]
            stale.append(a)
            self._pair_exact(stale, ta)
        return 2 * self._big, -1, -1

    def _lower_free_bounds(self, o: int) -> None:
        """New outer ``o``: the vertices outside the trees whose least slack it lowers."""
        outside = self._outside()
        if not outside:
            return
        keys = list(map(add, map(sub, self._outside_y, self._outside_get(self._w[o])),
                        repeat(self._y[o])))
        free_key = self._free_key
        free_from = self._free_from
        heap = self._free_heap
        for k in compress(range(len(keys)), map(lt, keys, map(free_key.__getitem__, outside))):
            v = outside[k]
            key = free_key[v] = keys[k]
            free_from[v] = o
            heappush(heap, (key, v, o))

    def _free_exact(self, vertices: list[int]) -> None:
        """Each vertex of ``vertices`` (outside the trees): its exact least slack (plus T) to
        an outer vertex."""
        outer = self._live_outer()
        free_key = self._free_key
        if not outer:
            for v in vertices:
                free_key[v] = self._big
            return
        outer_y = self._outer_y
        if self._outer_get is None:
            self._outer_get = _gatherer(outer)
        get = self._outer_get
        w = self._w
        y = self._y
        free_from = self._free_from
        heap = self._free_heap
        for v in vertices:
            keys = list(map(sub, outer_y, get(w[v])))
            least = min(keys)
            key = free_key[v] = least + y[v]
            o = free_from[v] = outer[keys.index(least)]
            heappush(heap, (key, v, o))

    def _outside(self) -> list[int]:
        """The vertices outside the trees (the list rebuilt after labels changed), with their
        duals in ``_outside_y`` and a gatherer of a row's entries at them."""
        if self._outside_stale:
            outside = self._outside_list = list(
                compress(range(self._n), map(not_, self._sign)))
            self._outside_y = list(map(self._y.__getitem__, outside))
            self._outside_get = _gatherer(outside)
            self._outside_stale = False
        return self._outside_list

    def _live_outer(self) -> list[int]:
        """The outer vertices (the list pruned of those whose tree was dissolved), with their
        stored duals in ``_outer_y``."""
        if self._dead:
            sign = self._sign
            self._outer = [o for o in self._outer if sign[o] == _OUTER]
            self._outer_y = list(map(self._y.__getitem__, self._outer))
            self._outer_get = None
            self._dead = 0
        return self._outer

    def _outer_row(self, row: list[int]) -> tuple[int, ...]:
        """``row``'s entries at the outer vertices (in the order of ``_live_outer()``)."""
        if self._outer_get is None:
            self._outer_get = _gatherer(self._live_outer())
        return self._outer_get(row)

    def _pair_exact(self, vertices: list[int], exclude: int) -> None:
        """Each outer vertex of ``vertices``: its exact least slack (plus 2T) to an outer
        vertex outside the outermost blossom ``exclude`` (-1: every outer vertex is)."""
        outer = self._live_outer()
        outer_y = self._outer_y
        if 0 <= exclude < self._n and self._sign[exclude] == _OUTER:
            self._single_pair_exact(exclude)  # (an outer vertex is on the live list)
            return
        if exclude >= 0:
            mask = list(map(ne, map(self._top.__getitem__, outer), repeat(exclude)))
            outer = list(compress(outer, mask))
            outer_y = list(compress(outer_y, mask))
            get = _gatherer(outer)
        else:
            get = self._outer_row
        pair_key = self._pair_key
        if not outer:
            for a in vertices:
                pair_key[a] = self._big
            return
        w = self._w
        y = self._y
        pair_to = self._pair_to
        heap = self._pair_heap
        for a in vertices:
            keys = list(map(sub, outer_y, get(w[a])))
            least = min(keys)
            key = pair_key[a] = least + y[a]
            b = pair_to[a] = outer[keys.index(least)]
            heappush(heap, (key, a, b))

    def _single_pair_exact(self, a: int) -> None:
        """:meth:`_pair_exact` of outer vertex ``a`` alone in its blossom (the common stale
        bound): the shared gatherer of every outer row, ``a``'s own entry left out by value,
        not by building a masked list and its gatherer."""
        outer = self._live_outer()
        keys = list(map(sub, self._outer_y, self._outer_row(self._w[a])))
        big = self._big
        keys[outer.index(a)] = big
        least = min(keys)
        if least >= big:
            self._pair_key[a] = big
            return
        key = self._pair_key[a] = least + self._y[a]
        b = self._pair_to[a] = outer[keys.index(least)]
        heappush(self._pair_heap, (key, a, b))

    def _end_stage(self) -> None:
        """Write the duals the stage moved lazily back as they are; forget the labels."""
        y = self._y
        sign = self._sign
        step = self._step
        for v in self._in_tree:
            s = sign[v]
            if s:
                y[v] -= s * step
                sign[v] = 0
        label = self._label
        z = self._z
        tree = self._tree
        for b in self._tree_blossoms:
            lab = label[b]
            if lab:
                if b >= self._n and self._parent[b] == -1:
                    z[b] += 2 * lab * step
                label[b] = 0
                tree[b] = -1

    def _dissolve_tree(self, r: int) -> None:
        """The tree rooted at ``r`` has ended: its blossoms leave it, their vertices' duals
        written back, their least slacks to the remaining outer vertices computed."""
        y = self._y
        sign = self._sign
        step = self._step
        label = self._label
        tree = self._tree
        parent = self._parent
        z = self._z
        big = self._big
        pair_key = self._pair_key
        freed = []
        for b in self._members.pop(r):
            lab = label[b]
            if not lab or parent[b] != -1 or tree[b] != r:
                continue
            for v in self._leaves[b]:
                s = sign[v]
                if s == _OUTER:
                    self._dead += 1
                    pair_key[v] = big
                y[v] -= s * step
                sign[v] = 0
                freed.append(v)
            if b >= self._n:
                z[b] += 2 * lab * step
            label[b] = 0
            tree[b] = -1
        self._outside_stale = True
        mate = self._mate
        self._free_exact(freed)
        for v in freed:
            if mate[v] == -1:
                self._exposed[v] = None

    # ----------------------------------------------------------------------- labelling

    def _mark_outer(self, b: int, r: int) -> list[int]:
        """Outermost blossom ``b`` (outside the trees, or inner) becomes outer in tree ``r``;
        answers its new outer vertices (to be scanned)."""
        y = self._y
        sign = self._sign
        step = self._step
        free_key = self._free_key
        big = self._big
        2 * big
        fresh = []
        for v in self._leaves[b]:
            s = sign[v]
            if s == _OUTER:
                continue
            y[v] = y[v] - s * step + step  # the dual now, plus T
            sign[v] = _OUTER
            free_key[v] = big
            fresh.append(v)
            self._in_tree.append(v)
        self._outside_stale = True
        if b >= self._n:
            self._z[b] = self._z[b] + 2 * self._label[b] * step - 2 * step  # now, minus 2T
        self._label[b] = _OUTER
        self._tree[b] = r
        self._members[r].append(b)
        self._tree_blossoms.append(b)
        return fresh

    def _scan(self, fresh: list[int]) -> None:
        """New outer vertices ``fresh`` (of one outermost blossom): the bounds they lower
        (of the vertices outside the trees), their least slacks to the outer vertices of
        other blossoms, the least outer dual."""
        if not fresh:
            return
        if len(fresh) == 1 and self._top[fresh[0]] == fresh[0]:
            self._scan_single(fresh[0])
            return
        for o in fresh:
            self._lower_free_bounds(o)
        top = self._top[fresh[0]]
        self._pair_exact(fresh, top if top >= self._n else -1)  # (not in the outer list yet)
        y = self._y
        outer_heap = self._outer_heap
        for o in fresh:
            self._outer.append(o)
            self._outer_y.append(y[o])
            heappush(outer_heap, (y[o], o))
        self._outer_get = None

    def _scan_single(self, o: int) -> None:
        """:meth:`_scan` of one new outer vertex alone in its blossom (the common case, in
        one function: :meth:`_lower_free_bounds`, :meth:`_pair_exact`)."""
        y = self._y
        wo = self._w[o]
        yo = y[o]
        if self._outside_stale:
            self._outside()
        outside = self._outside_list
        if outside:
            keys = list(map(add, map(sub, self._outside_y, self._outside_get(wo)), repeat(yo)))
            free_key = self._free_key
            free_from = self._free_from
            heap = self._free_heap
            for k in compress(range(len(keys)),
                              map(lt, keys, map(free_key.__getitem__, outside))):
                v = outside[k]
                key = free_key[v] = keys[k]
                free_from[v] = o
                heappush(heap, (key, v, o))
        outer = self._outer if not self._dead else self._live_outer()
        if outer:
            if self._outer_get is None:
                self._outer_get = _gatherer(outer)
            keys = list(map(sub, self._outer_y, self._outer_get(wo)))
            least = min(keys)
            key = self._pair_key[o] = least + yo
            b = self._pair_to[o] = outer[keys.index(least)]
            heappush(self._pair_heap, (key, o, b))
        else:
            self._pair_key[o] = self._big
        outer.append(o)
        self._outer_y.append(yo)
        self._outer_get = None
        heappush(self._outer_heap, (yo, o))

    def _make_inner(self, b: int, frm: int, to: int, r: int) -> None:
        """Outermost blossom ``b`` (outside the trees) becomes inner in tree ``r``, reached by
        edge ``frm``-``to``."""
        y = self._y
        sign = self._sign
        step = self._step
        free_key = self._free_key
        big = self._big
        2 * big
        for v in self._leaves[b]:
            y[v] -= step  # outside the trees: the dual now; inner: stored minus T
            sign[v] = _INNER
            free_key[v] = big
            self._in_tree.append(v)
        self._outside_stale = True
        if b >= self._n:
            self._z[b] += 2 * step
            self._inner_blossoms.append(b)
        self._label[b] = _INNER
        self._tree[b] = r
        self._tree_from[b] = frm
        self._tree_to[b] = to
        self._members[r].append(b)
        self._tree_blossoms.append(b)

    def _make_free(self, b: int) -> None:
        """Blossom ``b`` (a child of an expanded inner blossom) leaves the trees."""
        y = self._y
        sign = self._sign
        step = self._step
        self._outside_stale = True
        for v in self._leaves[b]:
            y[v] -= sign[v] * step
            sign[v] = 0
        self._free_exact(self._leaves[b])
        self._label[b] = 0
        self._tree[b] = -1

    # ------------------------------------------------------------------- tree events

    def _chain(self, b: int) -> list[int]:
        """Outer blossom ``b`` and its ancestors up to the root: outer, inner, outer, ..."""
        chain = [b]
        mate = self._mate
        top = self._top
        base = self._base
        while True:
            m = mate[base[b]]
            if m == -1:
                return chain
            t = top[m]
            b = top[self._tree_from[t]]
            chain.append(t)
            chain.append(b)

    def _link(self, upper: int, lower: int, upper_is_outer: bool) -> tuple[int, int]:
        """The tree edge between neighbouring tree blossoms, as (end in upper, end in lower)."""
        if upper_is_outer:  # lower is inner, reached from upper
            return self._tree_from[lower], self._tree_to[lower]
        return self._base[upper], self._base[lower]  # the matched edge, inner above outer

    def _blossom_from(self, a: int, b: int) -> None:
        """A tight edge between outer vertices ``a`` and ``b`` of one tree: a new blossom."""
        top = self._top
        chain_a = self._chain(top[a])
        chain_b = self._chain(top[b])
        on_b = set(chain_b)
        ia = next(k for k, c in enumerate(chain_a) if c in on_b)
        lca = chain_a[ia]
        ib = chain_b.index(lca)
        childs = [lca]
        edges: list[tuple[int, int]] = []
        for k in range(ia - 1, -1, -1):  # down from the common ancestor to a's blossom
            edges.append(self._link(chain_a[k + 1], chain_a[k], (k + 1) % 2 == 0))
            childs.append(chain_a[k])
        edges.append((a, b))
        for k in range(ib):  # up from b's blossom to the common ancestor
            childs.append(chain_b[k])
            end_upper, end_lower = self._link(chain_b[k + 1], chain_b[k], (k + 1) % 2 == 0)
            edges.append((end_lower, end_upper))
        # the children's duals are fixed from now on; the inner ones' vertices become outer
        step = self._step
        z = self._z
        label = self._label
        r = self._tree[lca]
        inner_children = []
        for c in childs:
            lab = label[c]
            if c >= self._n:
                z[c] += 2 * lab * step
            if lab == _INNER:
                inner_children.append(c)
            label[c] = 0
            self._tree[c] = -1
        nb = self._new_blossom(childs, edges)
        z[nb] = -2 * step  # zero now, outer
        label[nb] = _OUTER
        self._tree[nb] = r
        self._members[r].append(nb)
        self._tree_blossoms.append(nb)
        y = self._y
        sign = self._sign
        fresh = []
        for c in inner_children:
            for v in self._leaves[c]:
                y[v] += 2 * step  # inner stored (now - T) to outer stored (now + T)
                sign[v] = _OUTER  # (its bound was dropped when it became inner)
                fresh.append(v)
        self._scan(fresh)

    def _expand_inner(self, b: int) -> None:
        """Inner blossom ``b`` whose dual reached zero: its children on the even path from
        the entry child to the base child stay in the tree (inner, outer, ..., inner), the
        others leave it."""
        childs = list(self._childs[b])
        edges = list(self._edges[b])
        k = len(childs)
        entry, frm = self._tree_to[b], self._tree_from[b]
        r = self._tree[b]
        parent = self._parent
        c = entry
        while parent[c] != b:
            c = parent[c]
        j = childs.index(c)
        if j & 1:
            path = list(range(j, k)) + [0]
            links = [edges[e] for e in range(j, k)]
        else:
            path = list(range(j, -1, -1))
            links = [edges[e - 1][::-1] for e in range(j, 0, -1)]
        step = self._step
        z = self._z
        label = self._label
        for child in childs:  # a sub-blossom's dual is fixed: z[child] is its dual now
            label[child] = 0
        self._tree[b] = -1
        self._release(b)
        on_path = set(path)
        for index, child in enumerate(childs):
            if index not in on_path:
                self._make_free(child)
        outer_children = []
        for position, index in enumerate(path):
            child = childs[index]
            if position % 2 == 0:  # inner: its vertices keep their stored duals
                if child >= self._n:
                    z[child] += 2 * step
                    self._inner_blossoms.append(child)
                label[child] = _INNER
                self._tree[child] = r
                if position == 0:
                    self._tree_from[child], self._tree_to[child] = frm, entry
                else:
                    self._tree_from[child], self._tree_to[child] = links[position - 1]
                self._members[r].append(child)
                self._tree_blossoms.append(child)
            else:
                outer_children.append(child)
        for child in outer_children:
            self._scan(self._mark_outer(child, r))

    def _flip(self, s: int, j: int) -> None:
        """Match ``s`` to ``j`` (-1: leave it exposed) and flip the tree path from ``s``'s
        blossom to its root (or, outside the trees, just re-base ``s``'s blossom)."""
        top = self._top
        base = self._base
        mate = self._mate
        n = self._n
        while True:
            bs = top[s]
            t = mate[base[bs]]
            if bs >= n:
                self._rebase(bs, s)
            mate[s] = j
            if t == -1 or self._label[bs] != _OUTER:
                return
            bt = top[t]
            x, p = self._tree_to[bt], self._tree_from[bt]
            if bt >= n:
                self._rebase(bt, x)
            mate[x] = p
            s, j = p, x
