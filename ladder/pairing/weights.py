"""Edge weights of the Dutch system: the quality criteria packed into the bits of an integer.

A pairing is a maximum-weight matching of the players; the weight of a possible board puts
each criterion of C.04.3 C in its own field, the more important ones in higher bits, so that
a heavier matching is always better by the first criterion that tells two pairings apart.
Fields, from the top:

* completion and the PAB (C.04.3 C.1-C.3): every edge counts, and more so when neither
  player can take the bye, so that the player left over is one who may;
* the number of pairs in the current bracket and their scores (C.04.3 C.5, C.6), then the
  same for the next bracket (C.04.3 C.7 look-ahead: the downfloaters leave a pairable rest);
* the unplayed games of the PAB assignee (C.04.3 C.9);
* colour criteria (C.04.3 C.10-C.13): absolute colour difference, absolute preference,
  preferences met, strong preferences met;
* repeated floats (C.04.3 C.14-C.17) and their scores (C.04.3 C.18-C.21);
* room in the low bits for the order of exchanges and transpositions (C.04.3 B.3, B.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from ladder.pairing.round_state import DOWN, UP, RoundPlayer, RoundState, float_of, invert
from ladder.vocabulary.tournament import Colour


def preferences_compatible(a: Colour | None, b: Colour | None) -> bool:
    """The two preferences can both be met (different, or one of them has none)."""
    return a != b or a is None or b is None


@dataclass
class Layout:
    """Sizes of the fields and what the weights of one round depend on."""

    round: RoundState
    group_bits: int  # bits for a count of players of one score group
    scores_shift: int  # total bits of the per-score-group fields
    shifts: dict[int, int]  # score -> offset of its field
    bye_score: int = 0
    single_downfloater_is_bye: bool = False
    unplayed_ranks: dict[int, int] | None = None

    @property
    def total_bits(self) -> int:
        """Bits of a weight below its top field."""
        sb, gs = self.group_bits, self.scores_shift
        played = self.round.tournament.played_rounds
        bits = sb + gs + sb + gs + 2 * sb + 4 * sb
        if played:
            bits += 2 * sb + 2 * gs
        if played > 1:
            bits += 2 * sb + 2 * gs
        return bits + 3 * sb + 1

    @property
    def max_weight(self) -> int:
        """A weight above every edge weight: the weight of a board fixed for good."""
        return (1 << (self.total_bits + 2)) - 1


def top_score_threshold(round_: RoundState) -> int:
    """Half the points of a win per round played: a topscorer has more (C.04.3 A.7)."""
    tournament = round_.tournament
    return (tournament.played_rounds * max(tournament.win, tournament.draw)) >> 1


def compatible(round_: RoundState, a: RoundPlayer, b: RoundPlayer) -> bool:
    """The two may meet by the absolute criteria (C.04.3 C.1: no rematch, no forbidden pair;
    C.3: no two players with the same absolute colour preference, except topscorers in the
    last round)."""
    if b.id in round_.forbidden[a.id]:
        return False
    if not a.absolute or not b.absolute or a.preference != b.preference:
        return True
    tournament = round_.tournament
    if tournament.played_rounds >= tournament.expected_rounds - 1:
        threshold = top_score_threshold(round_)
        return a.score > threshold or b.score > threshold
    return False


def _colour_fields(lower: RoundPlayer, higher: RoundPlayer, active: bool) -> list[int]:
    """C.04.3 C.10-C.13 for one board (0 everywhere outside the current bracket)."""
    if not active:
        return [0, 0, 0, 0]
    same = lower.preference == higher.preference
    c10 = not lower.absolute_imbalance or not higher.absolute_imbalance or not same
    if lower.colour_difference == higher.colour_difference:
        repeat_ok = lower.repeated is None or lower.repeated != higher.repeated
    else:
        heavier = higher if lower.colour_difference > higher.colour_difference else lower
        repeat_ok = heavier.repeated != invert(lower.preference)
    c11 = not lower.absolute or not higher.absolute or not same or repeat_ok
    c12 = preferences_compatible(lower.preference, higher.preference)
    c13 = ((not lower.strong and not lower.absolute) or (not higher.strong and not higher.absolute)
           or (lower.absolute and higher.absolute) or not same)
    return [int(c10), int(c11), int(c12), int(c13)]


def edge_weight(layout: Layout, higher: RoundPlayer, lower: RoundPlayer, in_current: bool,
                in_next: bool) -> int:
    """The weight of board ``higher``-``lower`` (``higher`` earlier in the pairing order)."""
    round_ = layout.round
    if not compatible(round_, higher, lower):
        return 0
    sb, gs, shifts = layout.group_bits, layout.scores_shift, layout.shifts
    bye_score = layout.bye_score

    def bye_candidate(p: RoundPlayer) -> bool:
        return p.eligible_for_bye and p.score <= bye_score

    # C.04.3 C.2/C.3 (completion, PAB eligibility): every board counts; a board of players
    # who may not take the bye counts more, so the player left over may take it.
    w = 1 + (not bye_candidate(higher)) + (not bye_candidate(lower))
    # C.04.3 C.5/C.6: pairs in the current bracket, and their scores.
    w = (w << sb) + in_current
    w = (w << gs) + ((1 << shifts[higher.score]) if in_current else 0)
    # C.04.3 C.7: the same for the next bracket (what the downfloaters leave behind).
    w = (w << sb) + in_next
    w = (w << gs) + ((1 << shifts[higher.score]) if in_next else 0)
    # C.04.3 C.9: the PAB assignee has as few unplayed games as possible.
    value = 0
    if layout.single_downfloater_is_bye and layout.unplayed_ranks is not None:
        if higher.score == bye_score:
            value += layout.unplayed_ranks[higher.played_games]
        if lower.score == bye_score:
            value += layout.unplayed_ranks[lower.played_games]
    w = (w << (2 * sb)) + value
    for bit in _colour_fields(lower, higher, in_current):
        w = (w << sb) + bit
    played = round_.tournament.played_rounds
    higher_up = higher.score > lower.score
    for back in (1, 2):
        if played < back:
            continue
        # C.04.3 C.14-C.17: no repeated downfloat (either player) or upfloat (the lower one).
        value = 0
        if in_current:
            value = int(float_of(round_, lower, back) == DOWN) + int(
                higher.score <= lower.score and float_of(round_, higher, back) == DOWN)
        w = (w << sb) + value
        value = 0
        if in_current:
            value = int(not (higher_up and float_of(round_, lower, back) == UP))
        w = (w << sb) + value
    for back in (1, 2):
        if played < back:
            continue
        # C.04.3 C.18-C.21: the scores of the repeated floaters as low as possible.
        value = 0
        if in_current:
            value = (int(float_of(round_, lower, back) == DOWN) << shifts[lower.score]) + (
                int(float_of(round_, higher, back) == DOWN) << shifts[higher.score])
        w = (w << gs) + value
        value = 0
        if in_current and not (float_of(round_, lower, back) == UP and higher_up):
            value = 1 << shifts[higher.score]
        w = (w << gs) + value
    # Room for the exchange and transposition order (C.04.3 B.3, B.4).
    return w << (3 * sb + 1)


class WeightTable:
    """:func:`edge_weight` for one layout, from parts computed once per player.

    ``edge_weight`` builds a weight field by field (shift, add); the same integer is the sum
    of each field's value shifted to its offset, and each field's value is a sum of a part
    of the higher player, a part of the lower one and, for the colours (C.04.3 C.10-C.13)
    and the compatibility, a part of the two together (kept per pair of colour states).
    ``tests/unit/pairing/test_weights.py`` checks the two agree on every pair of every
    bracket of reference rounds. When the layout's PAB data change, :meth:`refresh_pab`.
    """

    def __init__(self, layout: Layout, players: list[RoundPlayer]) -> None:
        self.layout = layout
        self.players = players
        round_ = layout.round
        sb, gs, shifts = layout.group_bits, layout.scores_shift, layout.shifts
        played = round_.tournament.played_rounds
        backs = [back for back in (1, 2) if played >= back]
        fields = [("c5", sb), ("c6", gs), ("c7", sb), ("c8", gs), ("c9", 2 * sb),
                  ("c10", sb), ("c11", sb), ("c12", sb), ("c13", sb)]
        for back in backs:
            fields += [(f"fa{back}", sb), (f"fb{back}", sb)]
        for back in backs:
            fields += [(f"fc{back}", gs), (f"fd{back}", gs)]
        offset = 3 * sb + 1  # the room for the exchange and transposition order
        off: dict[str, int] = {}
        for name, width in reversed(fields):
            off[name] = offset
            offset += width
        self.top = 1 << offset
        self.colour_offsets = (off["c10"], off["c11"], off["c12"], off["c13"])
        #: per player its colour state (what C.10-C.13 read); per pair of states the fields
        self.colour_keys = [(p.preference, p.colour_difference, p.repeated, p.strong)
                            for p in players]
        self.colours: dict[tuple[object, ...], dict[tuple[object, ...], int]] = {}
        # compatible(), from parts: the forbidden opponents, the absolute preferences, and in
        # the last round who is a topscorer (C.04.3 C.1, C.3)
        self.forbidden = [round_.forbidden[p.id] for p in players]
        self.absolute = [p.preference if p.absolute else None for p in players]
        tournament = round_.tournament
        last = tournament.played_rounds >= tournament.expected_rounds - 1
        threshold = top_score_threshold(round_)
        self.excepted = [last and p.score > threshold for p in players]
        self.c9_offset = off["c9"]
        self.own: list[int] = []  # in every weight of the player (C.2/C.3, C.9)
        self.refresh_pab()
        self.current_higher: list[int] = []  # as the higher player of a current-bracket pair
        self.next_higher: list[int] = []  # ... of a next-bracket pair (C.7)
        self.current_lower: list[int] = []  # as the lower player of a current-bracket pair
        self.same_score_higher: list[int] = []  # as the higher of two of the same score
        self.up_lower: list[list[int]] = []  # per back: the lower player's upfloat (0/1)
        self.up_cost: list[list[int]] = []  # per back: what such an upfloat takes off
        for p in players:
            shift = shifts[p.score]
            current = (1 << off["c5"]) + (1 << (off["c6"] + shift))
            lower = same = 0
            ups = []
            costs = []
            for back in backs:
                floated = float_of(round_, p, back)
                down = floated == DOWN
                lower += down * ((1 << off[f"fa{back}"]) + (1 << (off[f"fc{back}"] + shift)))
                current += down * (1 << (off[f"fc{back}"] + shift))
                same += down * (1 << off[f"fa{back}"])
                cost = (1 << off[f"fb{back}"]) + (1 << (off[f"fd{back}"] + shift))
                current += cost  # C.15/C.17, C.19/C.21 met unless the lower one floats up
                ups.append(int(floated == UP))
                costs.append(cost)
            self.current_higher.append(current)
            self.next_higher.append((1 << off["c7"]) + (1 << (off["c8"] + shift)))
            self.current_lower.append(lower)
            self.same_score_higher.append(same)
            self.up_lower.append(ups)
            self.up_cost.append(costs)

    def refresh_pab(self) -> None:
        """The parts that follow the layout's PAB data (the PAB assignee's score, C.9): to
        be called again when they change."""
        layout = self.layout
        bye_score = layout.bye_score
        c9 = layout.single_downfloater_is_bye and layout.unplayed_ranks is not None
        own = []
        for p in self.players:
            bye_candidate = p.eligible_for_bye and p.score <= bye_score
            part = (not bye_candidate) * self.top
            if c9 and p.score == bye_score:
                assert layout.unplayed_ranks is not None
                part += layout.unplayed_ranks[p.played_games] << self.c9_offset
            own.append(part)
        self.own = own

    def compatibles(self, l: int) -> list[bool]:
        """Per player before ``l`` in the list, whether the two may meet: :func:`compatible`
        from the parts (C.04.3 C.1, C.3)."""
        lower_id = self.players[l].id
        forbidden, absolute, excepted = self.forbidden, self.absolute, self.excepted
        lower_absolute = absolute[l]
        if lower_absolute is None or excepted[l]:
            return [lower_id not in forbidden[h] for h in range(l)]
        return [lower_id not in forbidden[h] and (absolute[h] != lower_absolute or excepted[h])
                for h in range(l)]

    def outside_row(self, l: int) -> list[int]:
        """:meth:`row` of every player before ``l`` against ``l``, for boards in neither the
        current bracket nor the next score group (only the fields of completion and the
        PAB, C.04.3 C.1-C.4 and C.9): the sum of the two players' parts, or 0."""
        own = self.own
        base = self.top + own[l]
        return [base + part if ok else 0
                for part, ok in zip(own, self.compatibles(l), strict=False)]

    def weight(self, h: int, l: int, in_current: bool, in_next: bool) -> int:
        """``edge_weight(layout, players[h], players[l], in_current, in_next)``."""
        return self.row([h], l, in_current, in_next)[0]

    def row(self, highers: list[int], l: int, in_current: bool, in_next: bool) -> list[int]:
        """:meth:`weight` of each player of ``highers`` against player ``l``."""
        players = self.players
        lower = players[l]
        lower_id, lower_score = lower.id, lower.score
        forbidden, absolute, excepted = self.forbidden, self.absolute, self.excepted
        lower_absolute, lower_excepted = absolute[l], excepted[l]
        own = self.own
        base = self.top + own[l] + (self.current_lower[l] if in_current else 0)
        current_higher, next_higher = self.current_higher, self.next_higher
        same_score, up_cost = self.same_score_higher, self.up_cost
        ups = self.up_lower[l]
        upfloat = any(ups)
        keys = self.colour_keys
        colours = self.colours.setdefault(keys[l], {})
        out = []
        for h in highers:
            higher = players[h]
            score = higher.score
            if score < lower_score:  # not a case of the engine: the plain computation
                out.append(edge_weight(self.layout, higher, lower, in_current, in_next))
                continue
            if lower_id in forbidden[h] or (
                    lower_absolute is not None and absolute[h] == lower_absolute
                    and not excepted[h] and not lower_excepted):
                out.append(0)  # C.04.3 C.1, C.3: compatible() is false
                continue
            w = base + own[h]
            if in_current:
                colour = colours.get(keys[h])
                if colour is None:
                    colour = colours[keys[h]] = sum(
                        bit << offset for bit, offset in zip(
                            _colour_fields(lower, higher, True), self.colour_offsets,
                            strict=True))
                w += current_higher[h] + colour
                if score == lower_score:
                    w += same_score[h]
                elif upfloat:
                    for up, cost in zip(ups, up_cost[h], strict=True):
                        if up:
                            w -= cost
            if in_next:
                w += next_higher[h]
            out.append(w)
        return out
