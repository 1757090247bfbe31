"""The Keizer pairing of one round (docs/competitions.md §1.7).

1. The present players, in the order of the ranking the round is paired on.
2. An odd number: the bye (``bye_rule``) — the lowest-ranked among those with the fewest
   pairing-allocated byes (``fewest_byes``), or simply the lowest-ranked (``lowest``).
3. Going down the ranking, the highest unpaired player meets the highest-ranked unpaired player
   he may meet, taking the first choice after which everyone left can still be paired: the first
   complete pairing in ranking order. May meet: no game in the last ``rematch_gap`` rounds
   (``round - last_meeting > rematch_gap``) and fewer than ``max_meetings`` games; forfeits are
   meetings only with ``forfeit_counts_as_meeting``.
4. No complete pairing: drop ``max_meetings``, then lower the gap one round at a time to 0.
5. Boards in ranking order of the higher player; colours by ``colour_rule``.

The search is the backtracking of step 3 made exact and fast: before a choice is taken, whether
the players left can still all be paired is decided by a perfect-matching test (a first-fit try,
then Edmonds' blossom algorithm, :class:`ladder.pairing.matching.Matcher`, on unit weights),
memoised per set of players left. So no branch is entered that cannot be completed, and a
60-player round costs a few dozen tests instead of an exponential search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ladder.competition.errors import SeasonError
from ladder.competition.keizer_params import KeizerParams, parse_params
from ladder.competition.keizer_score import Reason
from ladder.competition.keizer_table import KeizerTable, compute, ranking_for_round
from ladder.competition.season import PRESENT, PlayedSeason, parse_season
from ladder.pairing.matching import Matcher

WHITE, BLACK = "w", "b"


@dataclass(frozen=True)
class KeizerBoard:
    """One board: colours with the rule that decided them (``colour``), and why the higher
    player did not meet the players ranked between him and his opponent (``skipped``:
    ``keizer.pair.rematch_gap``, ``keizer.pair.max_meetings`` or ``keizer.pair.incomplete``)."""

    number: int
    white: str
    black: str
    colour: Reason
    skipped: tuple[Reason, ...] = ()


@dataclass(frozen=True)
class KeizerPairing:
    """The pairing of one round: the ranking it is paired on (the whole field), the present
    players in that order, the bye and why, the boards, and the restriction level used."""

    round_no: int
    ranking: tuple[str, ...]
    present: tuple[str, ...]
    bye: str | None
    bye_reason: Reason | None
    boards: tuple[KeizerBoard, ...]
    gap_used: int
    max_meetings_used: int | None

    def as_dict(self) -> dict[str, Any]:
        """``{"ranking": [...], "bye": id or None, "boards": [(white, black), ...]}``."""
        return {"ranking": list(self.ranking), "bye": self.bye,
                "boards": [(board.white, board.black) for board in self.boards]}


class History:
    """What the pairing needs from the rounds before: byes, colours and meetings."""

    def __init__(self, season: PlayedSeason, round_no: int, params: KeizerParams) -> None:
        self.byes: dict[str, int] = {}
        self.colours: dict[str, list[str]] = {}
        self.meetings: dict[frozenset[str], list[int]] = {}
        self.last_white: dict[frozenset[str], str] = {}  # the pair's last game over the board
        for round_ in season.rounds[:round_no - 1]:
            if round_.bye is not None:
                self.byes[round_.bye] = self.byes.get(round_.bye, 0) + 1
            for game in round_.games:
                pair = frozenset((game.white, game.black))
                if not game.forfeit or params.forfeit_counts_as_meeting:
                    self.meetings.setdefault(pair, []).append(round_.number)
                if game.forfeit:
                    continue  # byes and forfeits are not colours
                self.colours.setdefault(game.white, []).append(WHITE)
                self.colours.setdefault(game.black, []).append(BLACK)
                self.last_white[pair] = game.white

    def colour_list(self, member_id: str) -> list[str]:
        """The colours of the member's games over the board, in round order."""
        return self.colours.get(member_id, [])


def _bye(present: Sequence[str], history: History,
         params: KeizerParams) -> tuple[str | None, Reason | None]:
    if len(present) % 2 == 0:
        return None, None
    if params.bye_rule == "lowest":
        return present[-1], Reason("keizer.bye.lowest", {})
    fewest = min(history.byes.get(p, 0) for p in present)
    chosen = [p for p in present if history.byes.get(p, 0) == fewest][-1]
    return chosen, Reason("keizer.bye.fewest_byes", {"byes": fewest})


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _Completer:
    """Whether a set of players (a bit mask) can all be paired, memoised."""

    def __init__(self, adjacency: Sequence[int]) -> None:
        self.adjacency = adjacency
        self.memo: dict[int, bool] = {0: True}

    def __call__(self, mask: int) -> bool:
        known = self.memo.get(mask)
        if known is None:
            known = self._first_fit(mask) or self._blossom(mask)
            self.memo[mask] = known
        return known

    def _first_fit(self, mask: int) -> bool:
        """Pair each highest player with his first possible partner: success proves it."""
        while mask:
            top = mask & -mask
            mask ^= top
            partners = self.adjacency[top.bit_length() - 1] & mask
            if not partners:
                return False
            mask ^= partners & -partners
        return True

    def _blossom(self, mask: int) -> bool:
        vertices = _bits(mask)
        if len(vertices) % 2:
            return False
        index = {v: i for i, v in enumerate(vertices)}
        matcher = Matcher(len(vertices), 1)
        for v in vertices:
            for u in _bits(self.adjacency[v] & mask):
                if u > v:
                    matcher.set_weight(index[v], index[u], 1)
        matcher.compute()
        return all(matcher.mate(i) != -1 for i in range(len(vertices)))


def first_complete_pairing(adjacency: Sequence[int]) -> list[tuple[int, int]] | None:
    """The first complete pairing in ranking order of players 0..n-1 (``adjacency[i]``: the
    bit mask of the players i may meet), or None when there is none."""
    can_finish = _Completer(adjacency)
    mask = (1 << len(adjacency)) - 1
    if not can_finish(mask):
        return None
    pairs: list[tuple[int, int]] = []
    while mask:
        top = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << top)
        for partner in _bits(adjacency[top] & rest):
            if can_finish(rest & ~(1 << partner)):
                pairs.append((top, partner))
                mask = rest & ~(1 << partner)
                break
        else:  # pragma: no cover - can_finish(mask) promised a partner
            raise AssertionError("no partner although the players could be paired")
    return pairs


def _levels(params: KeizerParams) -> list[tuple[int, int | None]]:
    """The restriction levels tried in turn: as set, then without ``max_meetings``, then the
    gap lowered one round at a time down to 0 (no restriction at all)."""
    levels: list[tuple[int, int | None]] = []
    if params.max_meetings is not None:
        levels.append((params.rematch_gap, params.max_meetings))
    levels.extend((gap, None) for gap in range(params.rematch_gap, -1, -1))
    return levels


def _why_not(a: str, b: str, round_no: int, gap: int, most: int | None,
             history: History) -> Reason | None:
    """Why ``a`` may not meet ``b`` at this level (None: they may)."""
    rounds = history.meetings.get(frozenset((a, b)), [])
    if rounds and round_no - rounds[-1] <= gap:
        return Reason("keizer.pair.rematch_gap", {"opponent": b, "last_round": rounds[-1],
                                                  "gap": gap})
    if most is not None and len(rounds) >= most:
        return Reason("keizer.pair.max_meetings", {"opponent": b, "meetings": len(rounds),
                                                   "max_meetings": most})
    return None


def _opposite(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def _assign(higher: str, lower: str, higher_gets: str) -> tuple[str, str]:
    return (higher, lower) if higher_gets == WHITE else (lower, higher)


def _balance_colours(higher: str, lower: str, history: History,
                     params: KeizerParams) -> tuple[str, str, Reason]:
    """``colour_rule="balance"``: no three in a row, then the colour balance, then alternation,
    then the lower ranked White (docs/competitions.md §1.8)."""
    hi, lo = history.colour_list(higher), history.colour_list(lower)
    if params.avoid_three:
        need = [_opposite(c[-1]) if len(c) >= 2 and c[-1] == c[-2] else None for c in (hi, lo)]
        if need[0] != need[1]:  # one needs a colour, or they need different ones
            if need[0] is not None:
                return (*_assign(higher, lower, need[0]),
                        Reason("keizer.colour.avoid_three", {"player": higher}))
            if need[1] is not None:
                return (*_assign(higher, lower, _opposite(need[1])),
                        Reason("keizer.colour.avoid_three", {"player": lower}))
    balance_hi = hi.count(WHITE) - hi.count(BLACK)
    balance_lo = lo.count(WHITE) - lo.count(BLACK)
    if balance_hi != balance_lo:
        return (*_assign(higher, lower, WHITE if balance_hi < balance_lo else BLACK),
                Reason("keizer.colour.balance", {"white_balance": min(balance_hi, balance_lo)}))
    due_hi = _opposite(hi[-1]) if hi else None
    due_lo = _opposite(lo[-1]) if lo else None
    if due_hi is not None and due_hi == due_lo:
        return (*_assign(higher, lower, due_hi), Reason("keizer.colour.higher_due", {}))
    if due_hi is not None:
        return (*_assign(higher, lower, due_hi), Reason("keizer.colour.alternate", {}))
    if due_lo is not None:
        return (*_assign(higher, lower, _opposite(due_lo)), Reason("keizer.colour.alternate", {}))
    return lower, higher, Reason("keizer.colour.lower_white", {})


def _kfc_colours(higher: str, lower: str, history: History) -> tuple[str, str, Reason]:
    """``colour_rule="kfc"`` (KeizerForClubs): fewer White games gets White; equal: their last
    game's colours reversed; otherwise the lower ranked White. Three in a row allowed."""
    whites_hi = history.colour_list(higher).count(WHITE)
    whites_lo = history.colour_list(lower).count(WHITE)
    if whites_hi != whites_lo:
        return (*_assign(higher, lower, WHITE if whites_hi < whites_lo else BLACK),
                Reason("keizer.colour.fewer_whites", {}))
    last_white = history.last_white.get(frozenset((higher, lower)))
    if last_white is not None:
        white = lower if last_white == higher else higher
        return white, (higher if white == lower else lower), Reason("keizer.colour.reversed", {})
    return lower, higher, Reason("keizer.colour.lower_white", {})


def _board(number: int, higher: str, lower: str, skipped: tuple[Reason, ...],
           history: History, params: KeizerParams) -> KeizerBoard:
    if params.colour_rule == "kfc":
        white, black, why = _kfc_colours(higher, lower, history)
    else:
        white, black, why = _balance_colours(higher, lower, history, params)
    return KeizerBoard(number, white, black, why, skipped)


def _pair_players(players: Sequence[str], round_no: int, history: History,
                  params: KeizerParams) -> tuple[list[KeizerBoard], int, int | None]:
    for gap, most in _levels(params):
        adjacency = [sum(1 << j for j, b in enumerate(players)
                         if j != i and _why_not(a, b, round_no, gap, most, history) is None)
                     for i, a in enumerate(players)]
        pairs = first_complete_pairing(adjacency)
        if pairs is None:
            continue
        boards = []
        for number, (top, partner) in enumerate(pairs, start=1):
            paired_later = {x for pair in pairs[number - 1:] for x in pair}
            skipped = tuple(
                _why_not(players[top], players[j], round_no, gap, most, history)
                or Reason("keizer.pair.incomplete", {"opponent": players[j]})
                for j in range(top + 1, partner) if j in paired_later)
            boards.append(_board(number, players[top], players[partner], skipped, history,
                                 params))
        return boards, gap, most
    raise AssertionError("gap 0 without max_meetings always pairs an even number")


def pair(season: Mapping[str, Any] | PlayedSeason, round_no: int,
         params: Mapping[str, Any] | KeizerParams | None,
         table: KeizerTable | None = None) -> KeizerPairing:
    """The pairing of round ``round_no`` from rounds 1..round_no-1 as played and round
    ``round_no``'s attendance (its games and bye, and any later round, are ignored).

    ``table`` may pass the table of the rounds before, already computed, to save the work.
    """
    parsed_params = parse_params(params)
    parsed = parse_season(season)
    if isinstance(round_no, bool) or not isinstance(round_no, int) or not (
            1 <= round_no <= len(parsed.rounds)):
        raise SeasonError("competition.season.no_round", "round",
                          "the season has no attendance for this round", value=round_no)
    before = parsed.before(round_no)
    if table is None or len(table.rounds) != round_no - 1:
        table = compute(before, parsed_params, rounds=round_no - 1, explain=False)
    previous = table.final.ranking if table.final is not None else ()
    ranking = ranking_for_round(before, previous, round_no)
    attendance = before.rounds[round_no - 1]
    present = tuple(p for p in ranking if attendance.status(p) == PRESENT)
    history = History(before, round_no, parsed_params)
    bye, bye_reason = _bye(present, history, parsed_params)
    players = [p for p in present if p != bye]
    boards, gap, most = _pair_players(players, round_no, history, parsed_params)
    return KeizerPairing(round_no, ranking, present, bye, bye_reason, tuple(boards), gap, most)
