"""Maximum-weight matching on a general graph, exact on Python integers of any size, incremental.

The Dutch engine poses a round as one maximum-weight matching whose edge weights pack the
pairing criteria into their bits (hundreds of bits for 500 players), and it recomputes the
matching many times per round after changing the weights at a few vertices. This matcher is
Edmonds' blossom algorithm with dual variables (the primal-dual method of Galil's survey and
Gabow's O(n^3) organisation) that *keeps* its duals, blossoms and matching between computes:
changing the weights at k vertices costs about k augmentations, not a fresh O(n^3) solve.

It follows the organisation of the matcher in bbpPairings (the FIDE-endorsed engine):

* weights are stored doubled and every vertex dual is an integer (no half-units);
* one augmentation phase grows alternating trees from *all* exposed blossoms of positive dual at
  once; the dual step is the least of: an outer vertex's dual, an outer-to-unlabelled edge's
  resistance, half an outer-to-outer resistance, half an inner blossom's dual; events are taken
  in that priority, the first minimum in a fixed iteration order winning each comparison;
* an exposed vertex whose dual reaches zero ends its tree (it may stay single: the result is a
  maximum-*weight* matching, not a maximum-cardinality one).

Where it departs from bbp, for speed (the answer is a maximum-weight matching all the same):
changing the edges at a vertex *u* (u is "the modified vertex", the first argument of
:meth:`Matcher.set_weight`) dissolves the blossoms around *u* (unmatching its outermost blossom),
but a single *u* keeps its partner; at the next :meth:`Matcher.compute` *u*'s dual becomes the
least that keeps every edge of *u* feasible, or, when that keeps the edge to its partner tight,
exactly the dual that does (then nothing needs repairing). bbp resets the dual to
``2 * max_weight`` and always unmatches *u*: every tree then grows over most of the graph
before *u*'s dual comes down (at 200 players, seven times the dual steps and twenty times the
blossoms of the warm start). The Dutch engine asks for no tie order (ladder/pairing/dutch.py):
every reference round is paired as bbp pairs it either way.

Edges of weight zero are non-edges and never enter the matching.

Iteration orders are fixed (roots in creation order, vertices in index order, a blossom's
vertex list as its children were linked and as the matching order relinks it after every
compute; every running minimum replaced only by a strictly smaller value), so the answer is
deterministic.

Speed (pure Python): bbp re-derives every least edge at each phase start, O(n^2) a phase. Here a
phase start reuses the previous phase's least edges wherever both ends kept their duals' course
(a vertex outer at two successive phase starts was outer throughout, so its dual fell by the same
total as every such vertex's; the least of such edges stays least, ties and order included), with
per-row heaps; the per-phase scans and dual steps run at C speed through ``map``/``compress``.
"""

from __future__ import annotations

from collections import deque
from heapq import heapify, heappop, heappush
from itertools import compress, repeat
from operator import add, attrgetter, itemgetter, lt, mul, sub
from typing import Any

__all__ = ["Matcher"]

_ZERO = 0  # exposed, dual zero: may end an augmenting path
_FREE = 1  # matched, not (yet) in a tree
_OUTER = 2  # even: an exposed root, or the mate of an inner blossom
_INNER = 3  # odd
_MIN_RES = attrgetter("min_res")
_Row = list[tuple[int, int, int]] | tuple[int, int, int]  # heap of (key, vertex, streak) or least


class _Blossom:
    """A vertex or a blossom (an odd cycle of sub-blossoms) of the blossom forest."""

    __slots__ = (
        "vertex", "root", "parent", "head", "tail", "to_prev", "to_next",
        "next_b", "prev_b", "dual", "sub", "starts",
    )

    def __init__(self, vertex: int) -> None:
        self.vertex = vertex  # the vertex index, or -1 for a blossom with children
        self.root: _Root | None = None  # for a blossom with children: its outermost blossom's root
        self.parent: _Blossom | None = None
        self.head = vertex  # first and last vertex of this blossom's vertex list
        self.tail = vertex
        self.to_prev = -1  # the vertex of this child on the edge to the previous sibling
        self.to_next = -1  # ... and on the edge to the next sibling
        self.next_b: _Blossom | None = None
        self.prev_b: _Blossom | None = None
        self.dual = 0  # twice the blossom's dual (blossoms with children only)
        self.sub: _Blossom | None = None  # a child (after a compute: the one holding the base)
        self.starts = False  # matching-order walk: does it start with ``sub``?


class _Root:
    """The bookkeeping of an outermost blossom: its base, its mate, its label in a phase."""

    __slots__ = ("child", "base", "mate", "label", "labeling", "labeled", "min_edges", "min_res")

    def __init__(self, child: _Blossom, base: int, mate: int, label: int = _ZERO,
                 labeling: int = -1, labeled: int = -1) -> None:
        self.child = child
        self.base = base
        self.mate = mate  # the vertex matched to ``base`` (in another root), or -1
        self.label = label
        self.labeling = labeling  # inner root: the outer vertex that labelled it
        self.labeled = labeled  # inner root: its vertex on that edge
        # outer root: other outer root's base -> this root's end of the least-resistance edge
        self.min_edges: dict[int, int] = {}
        self.min_res = 0  # outer root: least resistance to another outer root


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
        self._node: list[_Blossom] = [_Blossom(v) for v in range(n)]
        self._root_of: list[_Root] = []
        self._nxt: list[int] = [-1] * n  # vertex lists of the blossoms
        self._minres: list[int] = [0] * n  # non-outer vertex: least resistance to an outer one
        self._minedge: list[int] = [-1] * n  # ... and that outer vertex
        self._pool: dict[_Root, None] = {}  # live roots, in creation order
        for v in range(n):
            root = _Root(self._node[v], v, -1)
            self._root_of.append(root)
            self._pool[root] = None
        self._mates: list[int] = [-1] * n
        self._pending: dict[int, None] = {}
        self._inf = 1
        self._big = 4
        self._sign: list[int] = []  # per vertex in a phase: 1 outer, -1 inner, 0 otherwise
        self._isfree: list[int] = []  # 1: unlabelled or zero (its least outer edge counts)
        self._pen: list[int] = []  # 0 where ``_isfree``, else a value above every resistance
        # the phase's minima: outer dual, outer-outer resistance, inner blossom dual (and where)
        self._od = 0
        self._od_v = -1
        self._oo = 0
        self._oo_root: _Root | None = None
        self._id = 0
        self._id_b: _Blossom | None = None
        # Reuse between the phases of one compute: a vertex outer at two successive phase starts
        # was outer all the phase between, so its dual fell by the same amount as every such
        # vertex's, and a least edge among such vertices stays least (same ties, same order).
        self._was_outer: list[bool] | None = None  # per vertex: outer at the last phase start
        self._touched: list[bool] = [False] * n  # per vertex: relabelled during the last phase
        self._streak: list[int] = [-1] * n  # outer vertex: the phase its outer run began
        self._phase_no = 0
        self._total_step = 0  # the dual steps of this compute, summed
        self._io_heaps: dict[int, _Row] = {}
        self._row_outer: tuple[list[int], list[int], list[int], Any] = (
            [], [], [], None)
        self._ss_heaps: dict[int, tuple[int, list[tuple[int, int, int]]]] = {}
        # the outer roots of this phase, single vertices and blossoms (some since absorbed)
        self._phase_singles: list[_Root] = []
        self._phase_multis: list[_Root] = []
        self._phase_svs: list[int] = []  # the vertices of ``_phase_singles``
        self._phase_dirty = False  # roots absorbed since the lists were pruned

    # ----------------------------------------------------------------- public interface

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge ``(u, v)`` (0 removes it); ``u`` is the modified vertex.

        The blossoms around ``u`` are dissolved (``u``'s outermost blossom unmatched); ``u``'s
        dual is set at the next :meth:`compute` (:meth:`_settle_modified`), which repairs the
        matching from the current duals.
        """
        if u == v:
            raise ValueError("an edge needs two distinct vertices")
        if not (0 <= u < self._n and 0 <= v < self._n):
            raise IndexError("vertex out of range")
        if weight < 0:
            raise ValueError("weights must be >= 0")
        if weight > self._max:
            if self._fixed_max:
                raise ValueError("weight exceeds max_weight")
            self._max = weight
        root = self._root_of[u]
        node = self._node[u]
        if root.child is not node:
            if root.mate != -1:
                self._root_of[root.mate].mate = -1
                root.mate = -1
            root.base = u
            self._free_ancestor_of_base(root, node)
        self._pending[u] = None
        w2 = weight << 1
        self._w[u][v] = w2
        self._w[v][u] = w2

    def _settle_modified(self) -> None:
        """The dual of each vertex whose edges changed since the last compute, duals feasible.

        A vertex now single (blossoms around it were dissolved by :meth:`set_weight`) takes the
        least dual that keeps its edges feasible (``y[u] + y[x] >= w(u, x)``, no blossom holding
        both); a matched one keeps its partner when the dual that makes that edge tight is at
        least that (the matched edge stays tight, every other edge feasible), and is unmatched
        otherwise. Other vertices keep their duals: the edges whose weights changed are all at
        modified vertices.
        """
        y = self._y
        w = self._w
        root_of = self._root_of
        for u in self._pending:
            wu = w[u]
            y[u] = 0
            least = max(map(sub, wu, y))
            root = root_of[u]
            m = root.mate
            if m != -1:
                tight = wu[m] - y[m]
                if wu[m] and tight >= least:
                    y[u] = tight
                    continue
                root_of[m].mate = -1
                root.mate = -1
            y[u] = least
        self._pending = {}

    def compute(self) -> None:
        """Make the matching a maximum-weight matching of the current weights."""
        self._inf = (self._max << 2) + 1
        self._settle_modified()
        self._was_outer = None
        self._total_step = 0
        self._io_heaps = {}
        self._ss_heaps = {}
        self._even_exposed_duals()
        # each phase leaves one or two fewer exposed vertices of positive dual
        for _ in range(self._n + 1):
            if not self._augment():
                break
        else:
            raise RuntimeError("maximum-weight matching: more phases than vertices")
        for root in list(self._pool):
            self._matching_order(root)
        self._read_mates()

    def mate(self, v: int) -> int:
        """The partner of ``v`` in the last computed matching, or -1."""
        return self._mates[v]

    def weight(self, u: int, v: int) -> int:
        """The current weight of edge ``(u, v)``."""
        return self._w[u][v] >> 1

    # ------------------------------------------------------------------- blossom forest

    def _new_root(self, child: _Blossom, base: int, mate: int, label: int = _ZERO,
                  labeling: int = -1, labeled: int = -1) -> _Root:
        """Make ``child`` (a former sub-blossom) an outermost blossom."""
        root = _Root(child, base, mate, label, labeling, labeled)
        child.parent = None
        self._nxt[child.tail] = -1
        self._set_root(child, root)
        self._pool[root] = None
        return root

    def _set_root(self, child: _Blossom, root: _Root) -> None:
        """Point every vertex of ``child``, and every blossom inside it, at ``root``."""
        root_of = self._root_of
        nxt = self._nxt
        node = self._node
        v = child.head
        while v != -1:
            root_of[v] = root
            p = node[v].parent
            while p is not None and p.tail == v:
                p.root = root
                p = p.parent
            v = nxt[v]

    def _vertices(self, b: _Blossom) -> list[int]:
        """The vertices of an outermost blossom (its list ends with -1)."""
        out = []
        nxt = self._nxt
        v = b.head
        while v != -1:
            out.append(v)
            v = nxt[v]
        return out

    def _root_of_node(self, b: _Blossom) -> _Root:
        if b.vertex >= 0:
            return self._root_of[b.vertex]
        assert b.root is not None
        return b.root

    def _free_ancestor_of_base(self, root: _Root, anc: _Blossom) -> None:
        """Dissolve the blossoms above ``anc`` (which holds ``root``'s base), duals kept feasible.

        Each freed sub-blossom becomes outermost, matched along the dissolved cycles as the base
        dictates; its vertices take the halved duals of the blossoms dissolved around them.
        """
        y = self._y
        nxt = self._nxt
        adjust = 0
        p = anc.parent
        while p is not None:
            adjust += p.dual >> 1
            p = p.parent
        blossom = anc.parent
        next_b = anc.next_b
        self._new_root(anc, root.base, root.mate)
        v = anc.head
        while v != -1:
            y[v] += adjust
            v = nxt[v]
        to_free = anc
        while blossom is not None:
            forward = True
            prev: _Blossom | None = None
            cur = next_b
            while cur is not to_free:
                assert cur is not None
                nb = cur.next_b
                assert nb is not None
                if forward:
                    self._new_root(cur, cur.to_next, nb.to_prev)
                else:
                    assert prev is not None
                    self._new_root(cur, cur.to_prev, prev.to_next)
                v = cur.head
                while v != -1:
                    y[v] += adjust
                    v = nxt[v]
                forward = not forward
                prev = cur
                cur = nb
            adjust -= blossom.dual >> 1
            to_free = blossom
            next_b = blossom.next_b
            blossom = blossom.parent
        del self._pool[root]

    def _even_exposed_duals(self) -> None:
        """Give every exposed vertex an even dual (so outer-outer resistances stay even)."""
        y = self._y
        node = self._node
        for root in list(self._pool):
            if root.mate != -1 or not (y[root.base] & 1):
                continue
            adjustable = root.child
            b = node[root.base]
            while b is not adjustable:
                par = b.parent
                assert par is not None
                par.sub = b
                par.starts = True
                b = par
            while adjustable.vertex < 0 and not adjustable.dual:
                assert adjustable.sub is not None
                adjustable = adjustable.sub
            if adjustable is not root.child:
                self._free_ancestor_of_base(root, adjustable)
            if adjustable.vertex < 0:
                adjustable.dual -= 2
            for v in self._vertices(adjustable):
                y[v] += 1

    def _matching_order(self, root: _Root) -> None:
        """Relink ``root``'s vertex list: the base first, then matched pairs consecutively."""
        nxt = self._nxt
        node = self._node
        top = root.child
        cur: _Blossom = top
        cv = root.base
        starts = True
        while True:
            b = node[cv]
            while b is not cur:
                par = b.parent
                assert par is not None
                par.sub = b
                par.starts = starts
                b = par
            cur = node[cv]
            while cur is not top:
                par = cur.parent
                assert par is not None and cur.prev_b is not None and cur.next_b is not None
                starts = (not starts) and par.sub is not cur
                nxt[cur.prev_b.tail] = cur.head
                cur = cur.next_b
                par = cur.parent
                assert par is not None
                if cur is par.sub:
                    assert cur.prev_b is not None and cur.next_b is not None
                    starts = par.starts
                    nxt[cur.prev_b.tail] = cur.head
                    par.head = (cur if starts else cur.next_b).head
                    par.tail = (cur.prev_b if starts else cur).tail
                    cur = par
                else:
                    cv = cur.to_prev if starts else cur.to_next
                    break
            if cur is top:
                break
        nxt[top.tail] = -1

    def _read_mates(self) -> None:
        mates = [-1] * self._n
        nxt = self._nxt
        for root in self._pool:
            base = root.base
            assert root.child.head == base
            mates[base] = root.mate
            a = nxt[base]
            while a != -1:
                b = nxt[a]
                mates[a] = b
                mates[b] = a
                a = nxt[b]
        self._mates = mates

    # ------------------------------------------------------------- one augmentation phase

    def _inner_outer_from(self, outer: _Root) -> None:
        """Update the least outer edge of every non-outer vertex with ``outer``'s vertices.

        ``outer``'s vertices are taken in list order, an edge replacing the stored one only when
        strictly less resistant. Outer vertices hold -1, so they are never updated.
        """
        y = self._y
        w = self._w
        minres = self._minres
        minedge = self._minedge
        n = self._n
        everyone = range(n)
        for o in self._vertices(outer.child):
            rs = list(map(sub, map(add, y, repeat(y[o], n)), w[o]))
            for i in compress(everyone, map(lt, rs, minres)):
                minres[i] = rs[i]
                minedge[i] = o

    def _mark(self, child: _Blossom, label: int) -> None:
        """Copy a root's new label onto its vertices (the per-vertex arrays of the phase loop)."""
        sign = self._sign
        free = self._isfree
        pen = self._pen
        minres = self._minres
        big = self._big
        touched = self._touched
        for v in self._vertices(child):
            touched[v] = True
            if label == _OUTER:
                sign[v] = 1
                free[v] = 0
                pen[v] = big
                minres[v] = -1
            elif label == _INNER:
                sign[v] = -1
                free[v] = 0
                pen[v] = big
            else:
                sign[v] = 0
                free[v] = 1
                pen[v] = 0

    def _init_inner_outer(self) -> None:
        """Least resistance of every non-outer vertex to the outer ones (first in index order).

        Each row is a heap kept across the phases of one compute, keyed by resistance plus the
        compute's total dual step: constant while both ends keep their duals' course (the row's
        vertex untouched, the outer end outer all along), so only the vertices newly outer are
        pushed, and ends that left the outer set (their streak ended) are dropped on top.
        """
        y = self._y
        inf = self._inf
        total = self._total_step
        minres = self._minres
        minedge = self._minedge
        root_of = self._root_of
        n = self._n
        heaps = self._io_heaps
        streak = self._streak
        self._phase_no += 1
        phase = self._phase_no
        labels = [root_of[v].label for v in range(n)]
        outer = [v for v in range(n) if labels[v] == _OUTER]
        others = [v for v in range(n) if labels[v] != _OUTER]
        was = self._was_outer
        touched = self._touched
        newly = []
        for v in outer:
            if was is None or not was[v]:
                streak[v] = phase
                newly.append(v)
            heaps.pop(v, None)
            minres[v] = -1
        for v in others:
            streak[v] = -1
        self._was_outer = [lab == _OUTER for lab in labels]
        self._touched = [False] * n
        self._row_outer = (outer, [y[o] for o in outer], [streak[o] for o in outer],
                           itemgetter(*outer) if len(outer) > 1 else None)
        for i in others:
            row = heaps.get(i)
            top = None
            again = row is not None and was is not None and not was[i] and not touched[i]
            if again:
                assert row is not None
                top = self._reused_row_top(i, row, newly, phase)
            if top is None:
                top = self._built_row_top(i, again)
            if top is None:
                minres[i] = inf
            else:
                minres[i] = y[i] + top[0] - total
                minedge[i] = top[1]

    def _reused_row_top(self, i: int, row: _Row, newly: list[int],
                        phase: int) -> tuple[int, int, int] | None:
        """The valid least entry of row ``i`` after pushing the newly outer vertices (or None)."""
        y = self._y
        wi = self._w[i]
        total = self._total_step
        streak = self._streak
        if isinstance(row, tuple):
            best = row
            for o in newly:
                cand = (y[o] - wi[o] + total, o, phase)
                if cand < best:
                    best = cand
            if streak[best[1]] != best[2]:
                return None
            self._io_heaps[i] = best
            return best
        for o in newly:
            heappush(row, (y[o] - wi[o] + total, o, phase))
        while row and streak[row[0][1]] != row[0][2]:
            heappop(row)
        return row[0] if row else None

    def _built_row_top(self, i: int, as_heap: bool) -> tuple[int, int, int] | None:
        """Build row ``i`` afresh: its least entry only, or a heap once that did not last."""
        outer, youter, souter, gather = self._row_outer
        wi = self._w[i]
        total = self._total_step
        if not outer:
            self._io_heaps.pop(i, None)
            return None
        if gather is None:
            keys = [youter[0] - wi[outer[0]] + total]
        else:
            keys = list(map(add, map(sub, youter, gather(wi)), repeat(total)))
        if as_heap:
            heap = list(zip(keys, outer, souter, strict=True))
            heapify(heap)
            self._io_heaps[i] = heap
            return heap[0]
        least = min(keys)
        k = keys.index(least)
        top = (least, outer[k], souter[k])
        self._io_heaps[i] = top
        return top

    def _outer_pair(self, b0: _Root, b1: _Root, best: int) -> int:
        """Least resistance between outer roots ``b0`` and ``b1`` (``b0``'s list first)."""
        y = self._y
        w = self._w
        a0 = self._root_of_node(b0.child)
        a1 = self._root_of_node(b1.child)
        l1 = self._vertices(b1.child)
        nxt = self._nxt
        v0 = b0.child.head
        while v0 != -1:
            y0 = y[v0]
            w0 = w[v0]
            for v1 in l1:
                r = y0 + y[v1] - w0[v1]
                if r < best:
                    best = r
                    a0.min_edges[a1.base] = v0
                    a1.min_edges[a0.base] = v1
                    if r < a0.min_res:
                        a0.min_res = r
                    if r < a1.min_res:
                        a1.min_res = r
            v0 = nxt[v0]
        return best

    def _add_phase_outer(self, root: _Root) -> None:
        """Note a root that became outer during the phase."""
        if root.child.vertex >= 0:
            self._phase_singles.append(root)
            self._phase_svs.append(root.child.vertex)
        else:
            self._phase_multis.append(root)

    def _prune_phase_outer(self) -> None:
        """Drop the outer roots absorbed into blossoms since the last pruning."""
        pool = self._pool
        singles = self._phase_singles = [it for it in self._phase_singles if it in pool]
        self._phase_svs = [it.child.vertex for it in singles]
        self._phase_multis = [it for it in self._phase_multis if it in pool]
        self._phase_dirty = False

    def _init_outer_outer_one(self, b0: _Root) -> None:
        """Least resistances between the new outer root ``b0`` and the other outer roots."""
        inf = self._inf
        y = self._y
        b0.min_res = inf
        if self._phase_dirty:
            self._prune_phase_outer()
        singles = self._phase_singles
        multis = self._phase_multis
        v0 = b0.child.vertex
        if v0 < 0:
            for it in singles:
                self._outer_pair(b0, it, inf)
            for it in multis:
                if it is not b0:
                    self._outer_pair(b0, it, inf)
            return
        assert singles[-1] is b0
        others = singles[:-1]
        if others:
            vs = self._phase_svs[:-1]
            w0 = self._w[v0]
            rs = list(map(add, map(sub, map(y.__getitem__, vs), map(w0.__getitem__, vs)),
                          repeat(y[v0])))
            for k in compress(range(len(rs)), map(lt, rs, map(_MIN_RES, others))):
                others[k].min_res = rs[k]
            b0.min_res = min(rs)
        for it in multis:
            self._outer_pair(b0, it, inf)

    def _init_outer_outer_all(self) -> None:
        """Least resistances between all pairs of outer roots.

        A pair's least edge is the first in the order: the later root's (in pool order) vertex
        list outside, the earlier root's inside. Between two single vertices there is one edge,
        left implicit (:meth:`_edge_end`); only the least resistance of each root is computed.
        """
        y = self._y
        w = self._w
        inf = self._inf
        outer = [r for r in self._pool if r.label == _OUTER]
        singles = [r.child.vertex for r in outer if r.child.vertex >= 0]
        mres = {r: inf for r in outer}
        if len(singles) > 1:
            self._singles_least(singles, mres)
        for j, b0 in enumerate(outer):
            if b0.child.vertex >= 0:
                continue
            for k, b1 in enumerate(outer):
                if k == j or (k > j and b1.child.vertex < 0):
                    continue  # a pair of blossoms is done once, from the later one
                a, b = (b0, b1) if k < j else (b1, b0)  # a: the later root
                best = inf
                c0 = c1 = -1
                l1 = self._vertices(b.child)
                for v0 in self._vertices(a.child):
                    y0 = y[v0]
                    w0 = w[v0]
                    for v1 in l1:
                        r = y0 + y[v1] - w0[v1]
                        if r < best:
                            best = r
                            c0 = v0
                            c1 = v1
                a.min_edges[b.base] = c0
                b.min_edges[a.base] = c1
                if best < mres[a]:
                    mres[a] = best
                if best < mres[b]:
                    mres[b] = best
        for root in outer:
            root.min_res = mres[root]

    def _singles_least(self, singles: list[int], mres: dict[_Root, int]) -> None:
        """Each single outer vertex's least resistance to another single outer vertex.

        Rows are heaps kept across phases as in :meth:`_init_inner_outer` (a vertex never
        becomes a single outer vertex again in a compute once it stopped being one).
        """
        y = self._y
        w = self._w
        total = self._total_step
        root_of = self._root_of
        streak = self._streak
        heaps = self._ss_heaps
        gather = None
        ys: list[int] = []
        ss: list[int] = []
        for v in singles:
            kept = heaps.get(v)
            if kept is None or kept[0] != streak[v]:
                if gather is None:
                    gather = itemgetter(*singles)
                    ys = [y[u] for u in singles]
                    ss = [streak[u] for u in singles]
                keys = map(add, map(sub, ys, gather(w[v])), repeat(total))
                heap = [e for e in zip(keys, singles, ss, strict=True) if e[1] != v]
                heapify(heap)
                kept = (streak[v], heap)
                heaps[v] = kept
            heap = kept[1]
            while heap:
                _, u, sid = heap[0]
                if streak[u] == sid and root_of[u].child.vertex == u:
                    break
                heappop(heap)
            if heap:
                mres[root_of[v]] = y[v] + heap[0][0] - total

    def _edge_end(self, a: _Root, b: _Root) -> int:
        """``a``'s end of the least edge between outer roots ``a`` and ``b`` (-1: none known)."""
        got = a.min_edges.get(b.base, -1)
        if got == -1 and a.child.vertex >= 0 and b.child.vertex >= 0:
            return a.child.vertex
        return got

    def _min_outer_outer(self) -> tuple[int, _Root | None]:
        best = self._inf
        which: _Root | None = None
        for r in self._pool:
            if r.label == _OUTER and r.min_res < best:
                best = r.min_res
                which = r
        return best, which

    def _min_inner_dual(self) -> tuple[int, _Blossom | None]:
        best = self._inf
        which: _Blossom | None = None
        for r in self._pool:
            if r.label == _INNER:
                c = r.child
                if c.vertex < 0 and c.dual < best:
                    best = c.dual
                    which = c
        return best, which

    def _augment_to_source(self, v: int, new_mate: int) -> None:
        """Flip the alternating path from ``v`` to its tree's root; ``v`` is matched to ``new_mate``."""
        root_of = self._root_of
        r = root_of[v]
        while r.mate != -1:
            r.base = v
            orig = root_of[r.mate]
            r.mate = new_mate
            orig.base = orig.labeled
            orig.mate = orig.labeling
            v = orig.labeling
            new_mate = orig.labeled
            r = root_of[v]
        r.base = v
        r.mate = new_mate

    def _augment(self) -> bool:
        """One phase: grow trees from every exposed root of positive dual until an augmentation.

        Returns False when no exposed vertex has a positive dual (the matching is optimal).
        """
        if not self._start_phase():
            return False
        # labellings, blossoms and expansions of one phase: each is bounded by the vertices
        for _ in range(8 * self._n + 16):
            min_io, min_io_v = self._dual_step()
            if not self._od:
                self._augment_to_source(self._od_v, -1)
                return True
            if not min_io and self._root_of[min_io_v].label == _ZERO:
                o = self._minedge[min_io_v]
                self._augment_to_source(o, min_io_v)
                self._augment_to_source(min_io_v, o)
                return True
            if not self._oo:
                if self._outer_outer_event():
                    return True
            elif not min_io:
                self._label_free(min_io_v)
            elif not self._id:
                assert self._id_b is not None
                self._dissolve(self._id_b)
                self._id, self._id_b = self._min_inner_dual()
            else:
                raise RuntimeError("maximum-weight matching: a dual step met no event")
        raise RuntimeError("maximum-weight matching: a phase took more steps than its bound")

    def _start_phase(self) -> bool:
        """Label the roots (exposed: outer or zero; matched: free) and set the phase's minima."""
        n = self._n
        y = self._y
        inf = self._inf
        root_of = self._root_of
        for r in self._pool:
            r.label = _FREE if r.mate != -1 else (_OUTER if y[r.base] else _ZERO)
            r.labeling = -1
            r.labeled = -1
            r.min_edges = {}
        big = self._big = inf << 2
        sign = self._sign = [0] * n
        free = self._isfree = [0] * n
        pen = self._pen = [big] * n
        self._od = inf
        self._od_v = -1
        for v in range(n):
            if root_of[v].label == _OUTER:
                sign[v] = 1
                if y[v] < self._od:
                    self._od = y[v]
                    self._od_v = v
            else:
                free[v] = 1
                pen[v] = 0
        if self._od_v == -1:
            return False
        self._phase_singles = [r for r in self._pool if r.label == _OUTER and r.child.vertex >= 0]
        self._phase_svs = [r.child.vertex for r in self._phase_singles]
        self._phase_multis = [r for r in self._pool if r.label == _OUTER and r.child.vertex < 0]
        self._phase_dirty = False
        self._init_inner_outer()
        self._init_outer_outer_all()
        self._oo, self._oo_root = self._min_outer_outer()
        self._id = inf
        self._id_b = None
        return True

    def _dual_step(self) -> tuple[int, int]:
        """Change the duals by the least slack; answer the least outer-to-unlabelled edge.

        The step is the least of: an outer vertex's dual, an outer-to-unlabelled resistance,
        half an outer-to-outer resistance, half an inner blossom's dual.
        """
        n = self._n
        inf = self._inf
        minres = self._minres
        vals = list(map(add, minres, self._pen))
        min_io = min(vals) if vals else inf
        if min_io < inf:
            min_io_v = vals.index(min_io)
        else:
            min_io = inf
            min_io_v = -1
        delta = min(self._od, min_io, self._oo >> 1, self._id >> 1)
        if not delta:
            return min_io, min_io_v
        delta2 = delta << 1
        self._total_step += delta
        self._od -= delta
        self._oo -= delta2
        self._id -= delta2
        y = self._y
        y[:] = map(sub, y, map(mul, self._sign, repeat(delta, n)))
        minres[:] = map(sub, minres, map(mul, self._isfree, repeat(delta, n)))
        for r in self._pool:
            lab = r.label
            if lab == _OUTER:
                if r.min_res < inf:
                    r.min_res -= delta2
                c = r.child
                if c.vertex < 0:
                    c.dual += delta2
            elif lab == _INNER:
                c = r.child
                if c.vertex < 0:
                    c.dual -= delta2
        return min_io - delta, min_io_v

    def _note_outer_vertices(self, child: _Blossom) -> None:
        """Let the new outer vertices of ``child`` compete for the least outer dual."""
        y = self._y
        for v in self._vertices(child):
            if y[v] < self._od:
                self._od = y[v]
                self._od_v = v

    def _outer_outer_event(self) -> bool:
        """A tight edge between two outer roots: a new blossom (False) or an augmentation."""
        y = self._y
        w = self._w
        root_of = self._root_of
        a = self._oo_root
        assert a is not None
        v0 = v1 = -1
        for r in self._pool:
            if r.label == _OUTER and r is not a:
                c0 = self._edge_end(a, r)
                c1 = self._edge_end(r, a)
                if c0 != -1 and c1 != -1 and y[c0] + y[c1] == w[c0][c1]:
                    v0, v1 = c0, c1
                    break
        assert v0 != -1
        path: deque[int] = deque((v0, v1))
        self._extend_to_root(path, True)
        self._extend_to_root(path, False)
        if root_of[path[0]] is not root_of[path[-1]]:
            self._augment_to_source(v0, v1)
            self._augment_to_source(v1, v0)
            return True
        while root_of[path[1]] is root_of[path[-2]]:
            for _ in range(4):
                path.popleft()
                path.pop()
        new = self._make_blossom(list(path))
        self._note_outer_vertices(new.child)
        self._oo, self._oo_root = self._min_outer_outer()
        self._id, self._id_b = self._min_inner_dual()
        return False

    def _extend_to_root(self, path: deque[int], front: bool) -> None:
        """Walk one end of ``path`` up its tree: base, mate, then the inner root's labelling edge."""
        root_of = self._root_of
        while True:
            f = root_of[path[0] if front else path[-1]]
            if f.mate == -1:
                return
            inner = root_of[f.mate]
            steps = (f.base, f.mate, inner.labeled, inner.labeling)
            if front:
                path.extendleft(steps)
            else:
                path.extend(steps)

    def _label_free(self, u: int) -> None:
        """A tight edge from an outer vertex to free ``u``: its root inner, the mate's outer."""
        root_of = self._root_of
        ru = root_of[u]
        m = root_of[ru.mate]
        ru.label = _INNER
        m.label = _OUTER
        ru.labeling = self._minedge[u]
        ru.labeled = u
        self._mark(ru.child, _INNER)
        self._mark(m.child, _OUTER)
        self._add_phase_outer(m)
        self._inner_outer_from(m)
        self._init_outer_outer_one(m)
        self._note_outer_vertices(m.child)
        if m.min_res < self._oo:
            self._oo = m.min_res
            self._oo_root = m
        c = ru.child
        if c.vertex < 0 and c.dual < self._id:
            self._id = c.dual
            self._id_b = c

    def _make_blossom(self, path: list[int]) -> _Root:
        """Form an outer blossom from the cycle ``path`` (edges ``path[2k], path[2k+1]``)."""
        root_of = self._root_of
        originals = [root_of[path[k]] for k in range(0, len(path), 2)]
        base_root = originals[0]
        blossom = _Blossom(-1)
        blossom.head = originals[-1].child.head
        blossom.tail = originals[0].child.tail
        children = [r.child for r in originals]
        count = len(children)
        for k in range(count):
            prev = children[k]
            nb = children[(k + 1) % count]
            prev.to_next = path[2 * k]
            prev.next_b = nb
            nb.to_prev = path[2 * k + 1]
            nb.parent = blossom
            nb.prev_b = prev
        blossom.sub = children[0]
        new = _Root(blossom, base_root.base, base_root.mate, base_root.label,
                    base_root.labeling, base_root.labeled)
        new.min_edges = dict(base_root.min_edges)
        blossom.root = new
        self._absorb_children(new, originals)
        self._pool[new] = None
        self._add_phase_outer(new)
        return new

    def _absorb_children(self, new: _Root, originals: list[_Root]) -> None:
        """Give the new blossom its children's vertices and least outer-outer edges."""
        y = self._y
        w = self._w
        pool = self._pool
        new.min_res = self._inf
        self._phase_dirty = True
        for r in originals:
            del pool[r]
            self._set_root(r.child, new)
            if r.label != _OUTER:
                self._mark(r.child, _OUTER)
        for it in pool:
            if it.label != _OUTER:
                continue
            best = self._inf
            for r in originals:
                if r.label == _INNER:
                    best = self._outer_pair(r, it, best)
                else:
                    c0 = self._edge_end(r, it)
                    c1 = self._edge_end(it, r)
                    if c0 != -1 and c1 != -1:
                        res = y[c0] + y[c1] - w[c0][c1]
                        if res < best:
                            best = res
                            new.min_edges[it.base] = c0
                            it.min_edges[new.base] = c1
                            if res < new.min_res:
                                new.min_res = res
                            if res < it.min_res:
                                it.min_res = res
        previous_head = -1
        nxt = self._nxt
        for r in originals:
            if r.label != _OUTER:
                self._inner_outer_from(r)
            nxt[r.child.tail] = previous_head
            previous_head = r.child.head

    def _dissolve(self, blossom: _Blossom) -> None:
        """Expand an inner blossom whose dual reached zero; relabel its children along the tree.

        The children on the even-length path from the labelling child to the base child keep
        the tree alternating (inner, outer, ..., inner); the others become free pairs.
        """
        old = blossom.root
        assert old is not None
        del self._pool[old]
        root_child = self._child_holding(blossom, old.base)
        connect = self._child_holding(blossom, old.labeled)
        forward = True
        c = root_child
        while c is not connect:
            forward = not forward
            assert c.next_b is not None
            c = c.next_b
        links_next = False
        is_free = False
        prev = root_child.prev_b
        cur = root_child
        nb: _Blossom | None = None
        while nb is not root_child:
            assert cur is not None and prev is not None
            nb = cur.next_b
            assert nb is not None
            if cur is connect and not forward:
                is_free = False
            if is_free:
                label = _FREE
            elif (links_next != forward) or cur is root_child:
                label = _INNER
            else:
                label = _OUTER
            self._free_child(old, cur, prev, nb, label, cur is root_child, cur is connect,
                             links_next, forward)
            if cur is (connect if forward else root_child):
                is_free = True
            links_next = not links_next
            prev = cur
            cur = nb

    def _child_holding(self, blossom: _Blossom, v: int) -> _Blossom:
        """The child of ``blossom`` that holds vertex ``v``."""
        b = self._node[v]
        while b.parent is not blossom:
            assert b.parent is not None
            b = b.parent
        return b

    def _free_child(self, old: _Root, cur: _Blossom, prev: _Blossom, nb: _Blossom, label: int,
                    is_base: bool, is_connect: bool, links_next: bool, forward: bool) -> None:
        """Make child ``cur`` of a dissolved inner blossom a root with ``label``."""
        if is_base:
            base, mate = old.base, old.mate
        elif links_next:
            base, mate = cur.to_next, nb.to_prev
        else:
            base, mate = cur.to_prev, prev.to_next
        if is_connect:
            labeling, labeled = old.labeling, old.labeled
        elif label != _INNER:
            labeling = labeled = -1
        elif forward:
            labeling, labeled = nb.to_prev, cur.to_next
        else:
            labeling, labeled = prev.to_next, cur.to_prev
        nr = self._new_root(cur, base, mate, label, labeling, labeled)
        self._mark(cur, label)
        if label == _OUTER:
            self._add_phase_outer(nr)
            self._inner_outer_from(nr)
            self._init_outer_outer_one(nr)
            self._note_outer_vertices(cur)
            if nr.min_res < self._oo:
                self._oo = nr.min_res
                self._oo_root = nr
