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
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ladder.pairing.matching import Matcher
from ladder.pairing.state import Player, Round
from ladder.pairing.weights import Layout, compatible, edge_weight


class NoPairing(Exception):
    """No pairing satisfies the absolute criteria (C.04.3 C.1-C.3)."""


@dataclass
class Trace:
    """What the engine did, for the reasons and the bench."""

    computes: int = 0
    vertex_count: int = 0
    brackets: list[list[int]] = field(default_factory=list)  # ids per bracket, as paired
    moved_down: dict[int, int] = field(default_factory=dict)  # id -> score group it left


class _Engine:
    """One round's pairing: the matcher and the weights mirrored as the steps set them."""

    def __init__(self, round_: Round, players: list[Player]) -> None:
        self.round = round_
        self.p = players
        self.n = len(players)
        self.matcher = Matcher(self.n)
        self.trace = Trace(vertex_count=self.n)
        self.mate: list[int] = list(range(self.n))

    def set(self, u: int, v: int, weight: int) -> None:
        self.matcher.set_weight(u, v, weight)

    def compute(self) -> list[int]:
        """Match, and answer per vertex its partner (itself when unmatched)."""
        self.matcher.compute()
        self.trace.computes += 1
        mate = []
        for v in range(self.n):
            m = self.matcher.mate(v)
            mate.append(v if m < 0 else m)
        self.mate = mate
        return mate

    def finalize(self, v0: int, v1: int, max_weight: int) -> None:
        """Fix board ``v0``-``v1``: its edge above all others, their other edges removed."""
        for u in range(self.n):
            if u != v0:
                self.set(v0, u, max_weight if u == v1 else 0)
            if u != v1:
                self.set(v1, u, max_weight if u == v0 else 0)


def _layout(round_: Round, players: list[Player]) -> Layout:
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
    players, round_ = engine.p, engine.round
    top = players[0].score
    for i in range(engine.n):
        for j in range(i):
            if engine.n % 2:
                w = 0
                if compatible(round_, players[i], players[j]):
                    w = 1 + (not players[i].eligible_for_bye) + (not players[j].eligible_for_bye)
                    w = (w << layout.scores_shift) + (
                        layout.shifts[players[i].score] + layout.shifts[players[j].score])
                    w = (w << layout.group_bits) + (players[i].score >= top)
            else:
                w = edge_weight(layout, players[j], players[i], False, False)
            engine.set(i, j, w)


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
    for i in range(engine.n):
        for j in range(i):
            engine.set(i, j, edge_weight(layout, players[j], players[i], False, False))


def pair_players(round_: Round) -> tuple[list[tuple[int, int]], int | None, Trace]:
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
        engine.trace.brackets.append([players[v].id for v in state.members[:residents_end]])
        base = _base_weights(engine, layout, state, residents_end)
        mate = engine.compute()
        mate = _pair_moved_down(engine, layout, state, base, residents_end, next_vertex, mate)
        mate = _pair_remainder(engine, layout, state, base, residents_end, next_vertex, mate)
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
    members, players = state.members, engine.p
    for larger in range(state.moved_down, len(members)):
        for smaller in range(larger):
            w = edge_weight(layout, players[members[smaller]], players[members[larger]],
                            larger < residents_end, larger >= residents_end)
            base[larger, smaller] = w
            engine.set(members[larger], members[smaller], w)
    return base


def _in_group(v: int, first: int, end: int) -> bool:
    return first <= v < end


def _pair_moved_down(engine: _Engine, layout: Layout, state: _Bracket, base: Base,
                     residents_end: int, next_vertex: int, mate: list[int]) -> list[int]:
    """Which moved-down players are paired (C.04.3 C.6), then their opponents (B.3)."""
    members, players, first = state.members, engine.p, state.first_vertex
    group_score = 0
    remaining = remaining_matched = 0
    for index in range(state.moved_down):
        score = players[members[index]].score
        if index == 0 or score < group_score:
            group_score = score
            remaining = remaining_matched = 0
            other = index
            while other < len(members) and players[members[other]].score >= group_score:
                remaining += 1
                if _in_group(mate[members[other]], first, next_vertex):
                    remaining_matched += 1
                other += 1
        if not remaining_matched:
            continue
        v = members[index]
        if remaining <= remaining_matched:
            state.matched[v] = True
            continue
        remaining -= 1
        if not _in_group(mate[v], first, next_vertex):
            for opponent in range(state.moved_down, residents_end):
                w = base[opponent, index]
                if w:
                    engine.set(v, members[opponent], w | 1)
            mate = engine.compute()
        if _in_group(mate[v], first, next_vertex):
            state.matched[v] = True
            remaining_matched -= 1
            for opponent in range(state.moved_down, residents_end):
                w = base[opponent, index]
                if w:
                    engine.set(v, members[opponent],
                               (w | (residents_end - state.moved_down)) + 1)
    for index in range(state.moved_down):
        v = members[index]
        if not state.matched[v]:
            continue
        addend = len(members)
        for opponent in range(residents_end - 1, state.moved_down - 1, -1):
            ov = members[opponent]
            if state.matched[ov]:
                continue
            w = base[opponent, index]
            if w:
                engine.set(v, ov, w + addend)
                addend += 1
        mate = engine.compute()
        state.matched[mate[v]] = True
        engine.finalize(v, mate[v], layout.max_weight)
    return mate


def _exchange_weight(base: Base, layout: Layout, smaller: int, larger: int,
                     smaller_position: int, pairs: int) -> int:
    """A remainder board's weight with the exchange order added (C.04.3 B.4): as few
    exchanges as possible, then the exchanged players as close to the S1/S2 border."""
    w = base[larger, smaller]
    if w:
        addend = (int(smaller_position < pairs) << (2 * layout.group_bits)) - smaller_position
        w += addend << 1
    return w


def _pair_remainder(engine: _Engine, layout: Layout, state: _Bracket, base: Base,
                    residents_end: int, next_vertex: int, mate: list[int]) -> list[int]:
    """The residents not paired with moved-down players: exchanges, then transpositions."""
    members, first = state.members, state.first_vertex
    remainder: list[int] = []
    pairs = 0
    for index in range(state.moved_down, residents_end):
        v = members[index]
        if mate[v] < first:
            continue
        remainder.append(index)
        if mate[v] < v:
            pairs += 1

    def weight(smaller: int, larger: int, position: int) -> int:
        return _exchange_weight(base, layout, smaller, larger, position, pairs)

    for a, larger in enumerate(remainder):
        for position, smaller in enumerate(remainder[:a]):
            engine.set(members[smaller], members[larger], weight(smaller, larger, position))
    mate = engine.compute()

    def is_higher(v: int) -> bool:
        return v < mate[v] < next_vertex

    exchanges = sum(1 for index in remainder[:pairs] if not is_higher(members[index]))
    # S1 players to move to S2: the lowest first (C.04.3 B.4).
    remaining = exchanges
    position = pairs
    while position > 0 and remaining:
        position -= 1
        index = remainder[position]
        v = members[index]
        if is_higher(v):
            for other in remainder[position + 1:]:
                w = weight(index, other, position)
                if w:
                    engine.set(v, members[other], w - 1)
            mate = engine.compute()
        exchange = not is_higher(v)
        remaining -= exchange
        for other in remainder[position + 1:]:
            if exchange:
                base[other, index] = 0
            engine.set(v, members[other], weight(index, other, position))
    # S2 players to move to S1: the highest first.
    remaining = exchanges
    position = pairs
    for at in range(pairs, len(remainder)):
        if remaining <= 1:
            break
        index = remainder[at]
        v = members[index]
        already = is_higher(v)
        if not already:
            for other in remainder[at + 1:]:
                w = weight(index, other, position)
                if w:
                    engine.set(v, members[other], w + 1)
            mate = engine.compute()
        if is_higher(v):
            remaining -= 1
            for other in remainder[:at]:
                base[index, other] = 0
                engine.set(v, members[other], 0)
            for other in range(residents_end, len(members)):
                base[other, index] = 0
                engine.set(v, members[other], 0)
        if not already:
            for other in remainder[at + 1:]:
                engine.set(v, members[other], weight(index, other, position))
        position += 1
    # Fix S1 and S2: only boards from S1 to S2 stay.
    for a, index in enumerate(remainder):
        v = members[index]
        for other in remainder[a + 1:]:
            ov = members[other]
            if not is_higher(v) or is_higher(ov):
                base[other, index] = 0
            engine.set(v, ov, base[other, index])
    # Each S1 player in turn gets the highest S2 player that keeps the best pairing (B.3).
    for index in remainder:
        v = members[index]
        if not is_higher(v):
            continue
        addend = 0
        for other in reversed(remainder):
            ov = members[other]
            if other <= index or state.matched[ov]:
                continue
            w = base[other, index]
            if w:
                engine.set(v, ov, w + addend)
            addend += 1
        mate = engine.compute()
        state.matched[v] = state.matched[mate[v]] = True
        engine.finalize(v, mate[v], layout.max_weight)
    return mate
