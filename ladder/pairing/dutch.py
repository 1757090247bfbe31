"""The FIDE Dutch system (C.04.3, in force from 1 February 2026) as a sequence of matchings.

The pairing is built bracket by bracket from the top score group down (C.04.3 B.1). Each
step is a maximum-weight matching of all the players still to pair, with the weights of
:mod:`ladder.pairing.weights`; between steps the engine fixes what the rules decide in
order, by adjusting weights and matching again:

1. completion: is there a pairing at all, and the score of the PAB assignee (C.04.3 C.1-C.4);
2. per bracket, which moved-down players are paired (C.04.3 C.6: as many, and as high, as
   possible), and against whom (B.3: the highest moved-down player first);
3. the exchanges in the rest of the bracket (C.04.3 B.4: as few, and of players as close to
   the border of S1 and S2, as possible), then the transpositions (B.3): each S1 player
   against the highest S2 player that keeps the best pairing;
4. what is left moves down to the next bracket.

The same order of steps and the same weights as bbpPairings (the FIDE-endorsed engine),
so the optimum chosen at each step is the same.

What the matcher (:mod:`ladder.pairing.matching`) must give: an exact maximum-weight
matching (not forced to maximum cardinality) of integer weights of any size (about 70 bits
in round 1, 250 bits for 60 players in round 9). No state is kept between computations and
no tie-breaking is asked for: every shared reference case is reproduced with networkx's
matcher, computed from scratch each time, whose ties fall otherwise than bbpPairings'
incremental one. Between two computations only a few vertices' edges change, except when a
bracket starts (all its edges and the next score group's); a fixed board is an edge of the
largest weight whose two vertices have no other edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ladder.pairing.matching import Matcher
from ladder.pairing.round_state import RoundPlayer, RoundState
from ladder.pairing.weights import Layout, WeightTable


class NoPairing(Exception):
    """No pairing satisfies the absolute criteria (C.04.3 C.1-C.3)."""


@dataclass
class Trace:
    """What the engine did, for the reasons and the bench."""

    computes: int = 0  # maximum-weight matchings computed
    skipped: int = 0  # matchings not recomputed because no weight had changed
    vertex_count: int = 0
    #: Per bracket: its players' ids (moved-down players first, in pairing order) and how
    #: many of them were moved down into it.
    brackets: list[tuple[list[int], int]] = field(default_factory=list)
    moved_down: dict[int, int] = field(default_factory=dict)  # id -> score group it left
    #: id -> natural opponent, once the reasons have worked it out (ladder.pairing.reasons)
    natural: dict[int, int] | None = None


class _Engine:
    """One round's pairing: the matcher and the weights mirrored as the steps set them."""

    def __init__(self, round_: RoundState, players: list[RoundPlayer]) -> None:
        self.round = round_
        self.p = players
        self.n = len(players)
        #: With an odd number of players, a stand-in vertex joined to every player by one
        #: weight (:meth:`set_left_over_weight`): every matching leaves a player over, so the
        #: same weight is added to every matching (the best ones stay the best) and the player
        #: matched to the stand-in is the one left over. Without it, the odd set of all the
        #: players is a blossom that every change of weights dissolves and the matcher builds
        #: again (most of the matcher's work at 60 and 200 players).
        self.extra = self.n if self.n % 2 else -1
        self.matcher = Matcher(self.n + self.n % 2)
        self.fixed: set[int] = set()
        self.table: WeightTable | None = None
        self.trace = Trace(vertex_count=self.n)
        self.mate: list[int] = list(range(self.n))
        self.dirty = True

    def weights(self, layout: Layout) -> WeightTable:
        """The weight table of ``layout`` (built once a round; its PAB parts follow the
        layout's PAB data, which the steps set as they go)."""
        table = self.table
        if table is None or table.layout is not layout:
            table = self.table = WeightTable(layout, self.p)
        else:
            table.refresh_pab()
        return table

    def restart(self) -> None:
        """Forget the matching before every weight is set anew (the PAB data known).

        The first matching (:func:`_initial_weights`) only decides completion and the PAB
        assignee's score; its duals and blossoms fit the next weights so badly that repairing
        them after every vertex's edges changed costs more than matching from scratch
        (measured with callgrind on the bench's 60-player rounds 5 and 9: 1.4 % and 5 % fewer
        instructions). The answers cannot change: each step's weights single out what the
        step reads, whichever maximum-weight matching the matcher returns (module
        docstring)."""
        self.matcher = Matcher(self.n + self.n % 2)
        self.dirty = True

    def set_left_over_weight(self, weight: int) -> None:
        """The weight of the stand-in's edges (with an odd number of players). Any weight
        above 0 gives the same pairings; about half a board's (the unit of its top field)
        keeps the odd sets of players from needing blossoms."""
        if self.extra >= 0:
            for v in range(self.n):
                if v not in self.fixed:
                    self.set(v, self.extra, weight)

    def set_row(self, u: int, vertices: list[int], weights: list[int]) -> None:
        """:meth:`set` of ``u`` and each of ``vertices``, in one call."""
        if self.matcher.set_weights(u, vertices, weights):
            self.dirty = True

    def set(self, u: int, v: int, weight: int) -> None:
        """Set a weight in the matcher (``u`` the modified vertex); a change makes the next
        :meth:`compute` match again."""
        if self.matcher.set_weight(u, v, weight):
            self.dirty = True

    def compute(self) -> list[int]:
        """Match, and answer per vertex its partner (itself when unmatched).

        When no weight changed since the last matching, that matching still holds."""
        if not self.dirty:
            self.trace.skipped += 1
            return self.mate
        self.dirty = False
        self.matcher.compute()
        self.trace.computes += 1
        extra = self.extra
        mate = self.mate = [v if m < 0 or m == extra else m
                            for v, m in enumerate(self.matcher.mates()[:self.n])]
        return mate

    def finalize(self, v0: int, v1: int, max_weight: int) -> None:
        """Fix board ``v0``-``v1``: its edge above all others, their other edges removed."""
        self.fixed.update((v0, v1))
        if self.matcher.fix_pair(v0, v1, max_weight):
            self.dirty = True


def _layout(round_: RoundState, players: list[RoundPlayer]) -> Layout:
    shifts: dict[int, int] = {}
    total = 0
    largest = 0
    count = 0
    for index in range(len(players) - 1, -1, -1):
        count += 1
        score = players[index].score
        if index == 0 or score < players[index - 1].score:
            shifts[score] = total
            largest = max(largest, count)
            total += count.bit_length()
            count = 0
    return Layout(round_, largest.bit_length(), total, shifts)


def _complete(engine: _Engine, mate: list[int]) -> bool:
    unmatched = [v for v in range(engine.n) if mate[v] == v]
    return len(unmatched) <= 1 and all(engine.p[v].eligible_for_bye for v in unmatched)


def _initial_weights(engine: _Engine, layout: Layout) -> None:
    """Weights that decide only completion and the PAB (C.04.3 C.1-C.4)."""
    players = engine.p
    top = players[0].score
    if engine.n % 2 == 0:
        table = engine.weights(layout)
        for i in range(engine.n):
            engine.set_row(i, list(range(i)), table.outside_row(i))
        return
    unit = layout.scores_shift + layout.group_bits  # the shift of a board's count
    engine.set_left_over_weight(1 << unit)  # a board's unit
    table = engine.weights(layout)  # (its compatibility; built once a round anyway)
    # The weight of a board, field by field: 1 and one more per player who may not take the
    # bye; the fields of the two players' score groups; 1 when both are in the top group.
    # A sum of a part of each player: the later player's (with the 1 and the top-group flag,
    # since the later one is in the top group only when both are) and the earlier's.
    shifts, group_bits = layout.shifts, layout.group_bits
    earlier = [((not p.eligible_for_bye) << unit) + (shifts[p.score] << group_bits)
               for p in players]
    for i in range(engine.n):
        p = players[i]
        later = (((1 + (not p.eligible_for_bye)) << unit) + (shifts[p.score] << group_bits)
                 + (p.score >= top))
        row = [later + part if ok else 0
               for part, ok in zip(earlier, table.compatibles(i), strict=False)]
        engine.set_row(i, list(range(i)), row)


def _bye_assignee_data(engine: _Engine, layout: Layout, mate: list[int]) -> None:
    """The score of the PAB assignee, and whether C.04.3 C.9 applies in the first bracket."""
    players = engine.p
    bye = next(v for v in range(engine.n) if mate[v] == v)
    layout.bye_score = players[bye].score
    top = players[0].score
    single = False
    if layout.bye_score >= top:
        single = True
        for v in range(engine.n):
            if players[v].score < top:
                break
            if players[mate[v]].score < top:
                single = False
                break
    layout.single_downfloater_is_bye = single
    counts = sorted((p.played_games for p in players if p.score == layout.bye_score),
                    reverse=True)
    ranks: dict[int, int] = {}
    for rank, played in enumerate(counts):
        ranks[played] = rank
    layout.unplayed_ranks = ranks
    table = engine.weights(layout)
    engine.restart()  # every weight changes: a fresh matching costs less than a repair
    engine.set_left_over_weight(table.top)  # the unit of a board's top field
    for i in range(engine.n):
        engine.set_row(i, list(range(i)), table.outside_row(i))


def pair_players(round_: RoundState) -> tuple[list[tuple[int, int]], int | None, Trace]:
    """Pair the round: boards as (id, id) unordered, the PAB id, and a trace of the steps.

    Raises :class:`NoPairing` when no pairing meets the absolute criteria.
    """
    players = sorted((round_.players[pid] for pid in round_.to_pair),
                     key=lambda p: (-p.score, p.rank))
    if not players:
        return [], None, Trace()
    engine = _Engine(round_, players)
    layout = _layout(round_, players)
    _initial_weights(engine, layout)
    mate = engine.compute()
    if not _complete(engine, mate):
        raise NoPairing
    if engine.n % 2:
        _bye_assignee_data(engine, layout, mate)
    partner = _brackets(engine, layout)
    boards = []
    pab = None
    for v in range(engine.n):
        m = partner.get(v)
        if m is None:
            pab = players[v].id
        elif v < m:
            boards.append((players[v].id, players[m].id))
    return boards, pab, engine.trace


@dataclass
class _Bracket:
    """The players of the current bracket and the next score group, as vertices."""

    members: list[int]  # vertices: moved-down players, residents, then the next score group
    moved_down: int  # how many of members are moved-down players
    first_vertex: int  # first vertex of the current score group
    matched: list[bool]  # per vertex: its board in this bracket is decided


def _brackets(engine: _Engine, layout: Layout) -> dict[int, int]:
    """Pair bracket by bracket (C.04.3 B.1-B.5); answer vertex -> partner for every board."""
    players, n = engine.p, engine.n
    partner: dict[int, int] = {}
    top = players[0].score
    next_index = 0
    members: list[int] = []
    while next_index < n and players[next_index].score >= top:
        members.append(next_index)
        next_index += 1
    state = _Bracket(members, 0, 0, [False] * n)
    while len(state.members) > 1 or next_index < n:
        residents_end = len(state.members)  # members[:residents_end] = current bracket
        next_vertex = state.first_vertex + (residents_end - state.moved_down)
        group_start = next_index
        while next_index < n and players[next_index].score >= players[group_start].score:
            state.members.append(next_index)
            next_index += 1
        engine.trace.brackets.append(
            ([players[v].id for v in state.members[:residents_end]], state.moved_down))
        base = _base_weights(engine, layout, state, residents_end)
        engine.compute()
        step = _Step(engine, layout, state, base, residents_end, next_vertex)
        step.moved_down()
        step.remainder_pairs()
        mate = step.mate
        members = []
        moved_down = 0
        single = bool(n % 2 and group_start < n
                      and layout.bye_score >= players[group_start].score)
        for index, v in enumerate(state.members):
            if index < residents_end and state.matched[v]:
                partner[v] = mate[v]
                partner[mate[v]] = v
            else:
                members.append(v)
                if index < residents_end:
                    moved_down += 1
                    engine.trace.moved_down[players[v].id] = players[v].score
                if single and players[mate[v]].score < players[group_start].score:
                    single = False
        layout.single_downfloater_is_bye = single
        state = _Bracket(members, moved_down, next_vertex, state.matched)
    return partner


Base = dict[tuple[int, int], int]


def _base_weights(engine: _Engine, layout: Layout, state: _Bracket, residents_end: int) -> Base:
    """Weights of every board in the bracket and the next score group, set in the matcher."""
    base: Base = {}
    members = state.members
    table = engine.weights(layout)
    for larger in range(state.moved_down, len(members)):
        highers = members[:larger]
        row = table.row(highers, members[larger], larger < residents_end,
                        larger >= residents_end)
        for smaller, w in enumerate(row):
            base[larger, smaller] = w
        engine.set_row(members[larger], highers, row)
    return base


def _exchange_weight(base: Base, layout: Layout, smaller: int, larger: int,
                     smaller_position: int, pairs: int) -> int:
    """A remainder board's weight with the exchange order added (C.04.3 B.4): as few
    exchanges as possible, then the exchanged players as close to the S1/S2 border."""
    w = base[larger, smaller]
    if w:
        addend = (int(smaller_position < pairs) << (2 * layout.group_bits)) - smaller_position
        w += addend << 1
    return w


class _Step:
    """The matchings of one bracket after its base weights are set."""

    def __init__(self, engine: _Engine, layout: Layout, state: _Bracket, base: Base,
                 residents_end: int, next_vertex: int) -> None:
        self.engine, self.layout, self.state, self.base = engine, layout, state, base
        self.members = state.members
        self.residents_end = residents_end
        self.next_vertex = next_vertex
        self.mate = engine.mate
        self.remainder: list[int] = []
        self.pairs = 0

    def compute(self) -> None:
        self.mate = self.engine.compute()

    def with_resident(self, v: int) -> bool:
        """``v`` is matched with a resident of the current score group."""
        return self.state.first_vertex <= self.mate[v] < self.next_vertex

    def is_higher(self, v: int) -> bool:
        """``v`` is the higher player of a board inside the bracket (in S1)."""
        return v < self.mate[v] < self.next_vertex

    # -- moved-down players (C.04.3 C.6, B.3) -------------------------------------------

    def moved_down(self) -> None:
        """Which moved-down players are paired (as many and as high as possible), then
        their opponents (each the highest resident that keeps the best pairing)."""
        members, players = self.members, self.engine.p
        group_score = remaining = remaining_matched = 0
        for index in range(self.state.moved_down):
            score = players[members[index]].score
            if index == 0 or score < group_score:
                group_score = score
                same = [v for v in members[index:] if players[v].score >= group_score]
                remaining = len(same)
                remaining_matched = sum(1 for v in same if self.with_resident(v))
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                self.state.matched[members[index]] = True
                continue
            remaining -= 1
            if self._try_moved_down(index):
                remaining_matched -= 1
        for index in range(self.state.moved_down):
            if self.state.matched[members[index]]:
                self._opponent_of_moved_down(index)

    def _try_moved_down(self, index: int) -> bool:
        v = self.members[index]
        residents = range(self.state.moved_down, self.residents_end)
        if not self.with_resident(v):
            for opponent in residents:
                w = self.base[opponent, index]
                if w:
                    self.engine.set(v, self.members[opponent], w | 1)
            self.compute()
        if not self.with_resident(v):
            return False
        self.state.matched[v] = True
        bonus = self.residents_end - self.state.moved_down
        for opponent in residents:
            w = self.base[opponent, index]
            if w:
                self.engine.set(v, self.members[opponent], (w | bonus) + 1)
        return True

    def _opponent_of_moved_down(self, index: int) -> None:
        v = self.members[index]
        addend = len(self.members)
        vertices, weights = [], []
        for opponent in range(self.residents_end - 1, self.state.moved_down - 1, -1):
            ov = self.members[opponent]
            if self.state.matched[ov]:
                continue
            w = self.base[opponent, index]
            if w:
                vertices.append(ov)
                weights.append(w + addend)
                addend += 1
        self.engine.set_row(v, vertices, weights)
        self.compute()
        self.state.matched[self.mate[v]] = True
        self.engine.finalize(v, self.mate[v], self.layout.max_weight)

    # -- the remainder: exchanges (C.04.3 B.4), transpositions (B.3) ---------------------

    def _weight(self, smaller: int, larger: int, position: int) -> int:
        return _exchange_weight(self.base, self.layout, smaller, larger, position, self.pairs)

    def remainder_pairs(self) -> None:
        """Pair the residents not paired with moved-down players."""
        members, first = self.members, self.state.first_vertex
        for index in range(self.state.moved_down, self.residents_end):
            v = members[index]
            if self.mate[v] < first:
                continue
            self.remainder.append(index)
            if self.mate[v] < v:
                self.pairs += 1
        for a, larger in enumerate(self.remainder):
            for position, smaller in enumerate(self.remainder[:a]):
                self.engine.set(members[smaller], members[larger],
                                self._weight(smaller, larger, position))
        self.compute()
        exchanges = sum(1 for index in self.remainder[:self.pairs]
                        if not self.is_higher(members[index]))
        self._exchange_from_s1(exchanges)
        self._exchange_from_s2(exchanges)
        self._fix_s1_and_s2()
        self._transpose()

    def _exchange_from_s1(self, exchanges: int) -> None:
        """S1 players to move to S2: the lowest first (C.04.3 B.4)."""
        remaining, position = exchanges, self.pairs
        while position > 0 and remaining:
            position -= 1
            index = self.remainder[position]
            v = self.members[index]
            later = self.remainder[position + 1:]
            if self.is_higher(v):
                for other in later:
                    w = self._weight(index, other, position)
                    if w:
                        self.engine.set(v, self.members[other], w - 1)
                self.compute()
            exchange = not self.is_higher(v)
            remaining -= exchange
            if exchange:
                for other in later:
                    self.base[other, index] = 0
            self.engine.set_row(v, [self.members[other] for other in later],
                                [self._weight(index, other, position) for other in later])

    def _exchange_from_s2(self, exchanges: int) -> None:
        """S2 players to move to S1: the highest first (C.04.3 B.4)."""
        remaining = exchanges
        for at in range(self.pairs, len(self.remainder)):
            if remaining <= 1:
                break
            index = self.remainder[at]
            v = self.members[index]
            later = self.remainder[at + 1:]
            already = self.is_higher(v)
            if not already:
                for other in later:
                    w = self._weight(index, other, at)
                    if w:
                        self.engine.set(v, self.members[other], w + 1)
                self.compute()
            if self.is_higher(v):
                remaining -= 1
                for other in self.remainder[:at]:
                    self.base[index, other] = 0
                    self.engine.set(v, self.members[other], 0)
                for other in range(self.residents_end, len(self.members)):
                    self.base[other, index] = 0
                    self.engine.set(v, self.members[other], 0)
            if not already:
                self.engine.set_row(v, [self.members[other] for other in later],
                                    [self._weight(index, other, at) for other in later])

    def _fix_s1_and_s2(self) -> None:
        """Only boards from an S1 player to an S2 player stay."""
        base, members = self.base, self.members
        for a, index in enumerate(self.remainder):
            v = members[index]
            higher = self.is_higher(v)
            later = self.remainder[a + 1:]
            for other in later:
                if not higher or self.is_higher(members[other]):
                    base[other, index] = 0
            self.engine.set_row(v, [members[other] for other in later],
                                [base[other, index] for other in later])

    def _transpose(self) -> None:
        """Each S1 player in turn gets the highest S2 player that keeps the best pairing."""
        for index in self.remainder:
            v = self.members[index]
            if not self.is_higher(v):
                continue
            addend = 0
            vertices, weights = [], []
            for other in reversed(self.remainder):
                ov = self.members[other]
                if other <= index or self.state.matched[ov]:
                    continue
                w = self.base[other, index]
                if w:
                    vertices.append(ov)
                    weights.append(w + addend)
                addend += 1
            self.engine.set_row(v, vertices, weights)
            self.compute()
            self.state.matched[v] = self.state.matched[self.mate[v]] = True
            self.engine.finalize(v, self.mate[v], self.layout.max_weight)
