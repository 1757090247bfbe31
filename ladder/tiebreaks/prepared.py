"""Per-player data computed once per (tournament, edition) and shared by every tie-break.

Everything is stored as tuples of plain integers: points are scaled by ``unit`` (the least
common denominator of the event's scoring, 2 for 1 / ½ / 0), so sums are exact and fast, and
nothing a tie-break reads can be changed by another tie-break. Derived data a tie-break wants
to share (Buchholz totals for AOB, TPRs for APRO, ...) goes through :meth:`Prepared.shared`,
which caches the immutable result of a pure function.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from ladder.tiebreaks.editions import (
    VUR_KINDS,
    Edition,
    adjusted_score,
    categories,
    own_unplayed_value,
)
from ladder.tiebreaks.errors import TiebreakError
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)

T = TypeVar("T")
#: Per player (start-number order), per round: the shape of every array of a view.
Rows = tuple[tuple[T, ...], ...]

_FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
_WITH_OPPONENT = frozenset(k for k in Kind if k.has_opponent)
_PLAYED = frozenset(k for k in Kind if k.played)
_MEETS_IN_ROUND_ROBIN = _PLAYED | frozenset(_FORFEITS)  # C.07 15.2
_OWN_GAME_IN_ROUND_ROBIN = _PLAYED | {Kind.FORFEIT_WIN}  # C.07-2026 15.2
_FULL_POINT_BYES = frozenset({Kind.PAIRING_BYE, Kind.FULL_BYE})
_UNRATED_PLAYED = Kind.UNRATED_PLAYED


def rounds_played(t: Tournament) -> int:
    """The number of rounds the tie-breaks look at: the last round in which anybody has a
    result other than a zero-point bye (trailing empty rounds of a TRF are not rounds)."""
    last = 0
    for player in t.players:
        for res in player.results:
            if res.kind is not Kind.ZERO_BYE and res.round > last:
                last = res.round
    return last


def _unit(t: Tournament) -> int:
    s = t.scoring
    values = [s.win, s.draw, s.loss, s.pairing_bye, s.full_bye, s.half_bye]
    unit = 1
    for v in values:
        if v is not None:
            unit = math.lcm(unit, Fraction(v).denominator)
    return unit


class Prepared:
    """The shared, read-only view of one tournament under one edition.

    Indexing: players are numbered 0..n-1 in start-number order; rounds 0..rounds-1.
    Per player and round: ``kind``, ``pts`` (scaled points), ``opp`` (index or -1),
    ``black``, ``otb`` (played over the board), ``meets`` (an encounter with the opponent for
    the opponent-based tie-breaks: over the board, or a round-robin forfeit under 15.2),
    ``own_game`` (a game for the type-B tie-breaks), ``vur`` (voluntarily unplayed, for 16.5),
    ``category`` (16.2), ``half`` (over-the-board result in half points, for ratings) and
    ``value`` (the opponent score a Buchholz-like tie-break uses in that round, None when the
    round has no term at all).
    """

    def __init__(self, t: Tournament, edition: Edition, *, unrated_rating: int | None = None,
                 round_robin: bool | None = None) -> None:
        self.tournament = t
        self.edition = edition
        self.unit = unit = _unit(t)
        sc = t.scoring
        self.win = int(sc.win * unit)
        self.draw = int(sc.draw * unit)
        # C.07 15.2 applies to pre-determined pairings: the event's kind decides (a Swiss in
        # which every pair happened to meet stays a Swiss). Readers that do not know the kind
        # guess it once, with ladder.vocabulary.tournament.looks_like_round_robin.
        self.rr = t.kind is EventKind.ROUND_ROBIN if round_robin is None else round_robin
        self.rr_15_2 = self.rr and edition.round_robin_15_2

        players = sorted(t.players, key=lambda p: p.start_no)
        self.start_nos = tuple(p.start_no for p in players)
        self.names = tuple(p.name for p in players)
        self.index = {sno: i for i, sno in enumerate(self.start_nos)}
        if len(self.index) != len(players):
            raise TiebreakError("two players share a start number")
        self.has_unrated = any(not p.rating or p.rating <= 0 for p in players)
        self.ratings = tuple(
            p.rating if p.rating and p.rating > 0 else unrated_rating for p in players
        )

        # rounds_played(t), found while reading the records.
        self.rounds, arrays = self._read(players, sc, unit)
        self._derive(*arrays)

    def _read(self, players: list[Player], sc: Scoring,
              unit: int) -> tuple[int, tuple[tuple[Any, ...], ...]]:
        """The number of rounds (:func:`rounds_played`) and, per player and round: kind,
        scaled points, opponent index, black, half points."""
        # Points per kind, scaled once (no Fraction arithmetic per round).
        scaled = {k: int(sc.points(k) * unit) for k in Kind if k is not _UNRATED_PLAYED}
        half_of = {k: 2 if k is Kind.WIN else 1 if k is Kind.DRAW else 0 for k in Kind}
        zero_bye = Kind.ZERO_BYE
        longest = max((len(p.results) for p in players), default=0)
        in_order = list(range(1, longest + 1))
        prefix = [in_order[:m] for m in range(longest + 1)]
        index = self.index
        black_colour = Colour.BLACK
        with_opponent = _WITH_OPPONENT
        # One pass: the usual record (one result per round, in round order, no unrated game,
        # every opponent known) as lists; anything else is read round by round afterwards.
        rows: list[tuple[list[Kind], list[int], list[bool]] | None] = []
        n = 0
        for player in players:
            results = player.results
            kinds = [res.kind for res in results]
            if [res.round for res in results] == prefix[len(results)] and \
                    _UNRATED_PLAYED not in kinds:
                try:
                    opps = [index[res.opponent]  # type: ignore[index]
                            if res.kind in with_opponent else -1 for res in results]
                except KeyError:
                    pass  # an unknown opponent: the careful path names it
                else:
                    last = len(kinds)
                    while last and kinds[last - 1] is zero_bye:
                        last -= 1
                    if last > n:
                        n = last
                    rows.append((kinds, opps, [res.colour is black_colour for res in results]))
                    continue
            rows.append(None)
            last = max((res.round for res in results if res.kind is not zero_bye), default=0)
            if last > n:
                n = last
        kinds_all: list[tuple[Kind, ...]] = []
        pts_all: list[tuple[int, ...]] = []
        opp_all: list[tuple[int, ...]] = []
        black_all: list[tuple[bool, ...]] = []
        half_all: list[tuple[int, ...]] = []
        for player, row in zip(players, rows, strict=False):
            if row is None:
                kinds_t, pts_t, opps_t, black_t, half_t = self._read_one(
                    player, n, sc, unit, scaled, half_of)
                kinds_all.append(kinds_t)
                pts_all.append(pts_t)
                opp_all.append(opps_t)
                black_all.append(black_t)
                half_all.append(half_t)
                continue
            kinds, opps, black = row
            pad = n - len(kinds)
            if pad > 0:  # no entry: a zero-point bye (docs/desk.md §1)
                kinds += [zero_bye] * pad
                opps += [-1] * pad
                black += [False] * pad
            elif pad < 0:  # trailing zero-point byes after the last round anybody played
                del kinds[n:], opps[n:], black[n:]
            kinds_all.append(tuple(kinds))
            pts_all.append(tuple(map(scaled.__getitem__, kinds)))
            opp_all.append(tuple(opps))
            black_all.append(tuple(black))
            half_all.append(tuple(map(half_of.__getitem__, kinds)))
        # Both sides of a pairing must agree (the file readers check this too).
        for r, col in enumerate(zip(*opp_all, strict=False)):
            bad = [i for i, j in enumerate(col) if j >= 0 and col[j] != i]
            if bad:
                i, j = bad[0], col[bad[0]]
                raise TiebreakError(
                    f"round {r + 1}: player {self.start_nos[i]} is paired with "
                    f"{self.start_nos[j]}, but {self.start_nos[j]}'s record disagrees")
        return n, (tuple(kinds_all), tuple(pts_all), tuple(opp_all), tuple(black_all),
                   tuple(half_all))

    def _read_one(self, player: Player, n: int, sc: Scoring, unit: int,
                  scaled: dict[Kind, int], half_of: dict[Kind, int]) -> tuple[tuple[Any, ...], ...]:
        """One record read round by round (results out of order, unrated games, errors)."""
        by_round: dict[int, RoundResult] = {}
        for res in player.results:
            if res.round in by_round:
                raise TiebreakError(
                    f"player {player.start_no} has two results in round {res.round}")
            by_round[res.round] = res
        kinds, pts, opps, black, half = [], [], [], [], []
        for r in range(1, n + 1):
            res = by_round.get(r) or RoundResult(r, Kind.ZERO_BYE)  # none: a zero-point bye
            kind = res.kind
            kinds.append(kind)
            if kind is Kind.UNRATED_PLAYED:
                pts.append(int(res.points(sc) * unit))
                half.append(int((res.outcome or 0) * 2))
            else:
                pts.append(scaled[kind])
                half.append(half_of.get(kind, 0))
            if kind in _WITH_OPPONENT:
                opp = self.index.get(res.opponent)  # type: ignore[arg-type]
                if opp is None:
                    raise TiebreakError(
                        f"player {player.start_no} round {r}: opponent "
                        f"{res.opponent} is not in the tournament")
                opps.append(opp)
            else:
                opps.append(-1)
            black.append(res.colour is Colour.BLACK)
        return tuple(kinds), tuple(pts), tuple(opps), tuple(black), tuple(half)

    def _derive(self, kinds_all: Rows[Kind], pts_all: Rows[int], opp_all: Rows[int],
                black_all: Rows[bool], half_all: Rows[int], *,
                fixed_scores: dict[int, int] | None = None) -> None:
        """Everything the tie-breaks read, from the per-round arrays. ``fixed_scores`` gives
        some players a final (and adjusted) score directly (the calculator's opponents)."""
        n = self.rounds
        edition = self.edition
        rr15 = self.rr_15_2
        players = range(len(kinds_all))
        self.kind = kinds_all
        self.pts = pts_all
        self.opp = opp_all
        self.black = black_all
        self.half = half_all
        fixed = fixed_scores or {}
        self.fixed_scores = fixed
        self.points = (tuple(map(sum, pts_all)) if not fixed else
                       tuple(fixed.get(i, sum(p)) for i, p in enumerate(pts_all)))

        all_true = (True,) * n
        all_false = (False,) * n
        all_none: tuple[str | None, ...] = (None,) * n
        played_kinds = _PLAYED.issuperset
        # Every round played over the board: nothing of art. 15.2 or 16 applies.
        everything_played = [played_kinds(kinds) for kinds in kinds_all]
        otb_all: list[tuple[bool, ...]] = [all_true] * len(kinds_all)
        meets_all = otb_all[:]
        own_all = otb_all[:]
        vur_all = [all_false] * len(kinds_all)
        cat_all = [all_none] * len(kinds_all)
        for i in [i for i, e in enumerate(everything_played) if not e]:
            kinds = kinds_all[i]
            otb = tuple([k in _PLAYED for k in kinds])
            if rr15:
                # C.07 15.2: in pre-determined pairings a forfeit is a game against the
                # scheduled opponent (except for the rating-based tie-breaks, which use otb).
                meets = tuple([k in _MEETS_IN_ROUND_ROBIN for k in kinds])
                if edition.rr_forfeit_loss_unplayed_for_own:
                    # C.07-2026 15.2: forfeit losses stay unplayed for type-B tie-breaks.
                    own = tuple([k in _OWN_GAME_IN_ROUND_ROBIN for k in kinds])
                else:
                    own = meets
                cats: tuple[str | None, ...] = tuple([
                    None if m else ("16.2.1" if k in _FULL_POINT_BYES else None)
                    for k, m in zip(kinds, meets, strict=False)])
                vur = all_false
            else:
                meets = otb
                own = otb
                cats = categories(kinds)
                vur = tuple([k in VUR_KINDS for k in kinds]) if edition.vur_cuts else all_false
            otb_all[i] = otb
            meets_all[i] = meets
            own_all[i] = own
            vur_all[i] = vur
            cat_all[i] = cats
        self.otb = tuple(otb_all)
        self.meets = tuple(meets_all)
        self.own_game = tuple(own_all)
        self.vur = tuple(vur_all)
        self.category = tuple(cat_all)

        points = self.points
        if rr15:
            # 15.2: no art. 16 in a round-robin; the scores are the scores.
            self.adjusted = adjusted = points
        else:
            # 16.3 (or C.02 13.15.3 / 34E); a record played throughout is its own score.
            self.adjusted = adjusted = tuple([
                points[i] if everything_played[i] or i in fixed else
                adjusted_score(edition, pts_all[i], kinds_all[i], cat_all[i], self.draw)
                for i in players])

        values: list[tuple[int | None, ...]] = []
        for i in players:
            opps = opp_all[i]
            if everything_played[i]:
                values.append(tuple([adjusted[j] for j in opps]))
                continue
            meets = meets_all[i]
            row: list[int | None] = []
            for r in range(n):
                j = opps[r]
                if meets[r]:
                    row.append(adjusted[j])
                elif rr15:
                    row.append(None)  # 15.2: a round-robin bye is no unplayed round: no term
                else:
                    row.append(own_unplayed_value(
                        edition, own_score=points[i], kind=kinds_all[i][r],
                        round_index=r, rounds=n, pts=pts_all[i],
                        opp_adjusted=adjusted[j] if j >= 0 else None,
                        win=self.win, draw=self.draw))
            values.append(tuple(row))
        self.value = tuple(values)
        self._shared: dict[Any, Any] = {}

    def derived(self, edition: Edition | None = None, *, kinds: Rows[Kind] | None = None,
                pts: Rows[int] | None = None, half: Rows[int] | None = None) -> Prepared:
        """A new view of the same players with another edition and/or changed rounds
        (used for Fore Buchholz and for the US Chess codes); this view is not touched."""
        other = object.__new__(Prepared)
        for attr in ("tournament", "unit", "win", "draw", "rounds", "rr", "start_nos",
                     "names", "index", "has_unrated", "ratings"):
            setattr(other, attr, getattr(self, attr))
        other.edition = edition or self.edition
        other.rr_15_2 = other.rr and other.edition.round_robin_15_2
        other._derive(kinds or self.kind, pts or self.pts, self.opp, self.black,
                      half or self.half, fixed_scores=self.fixed_scores)
        return other

    @property
    def size(self) -> int:
        """The number of players."""
        return len(self.start_nos)

    def frac(self, raw: int, scale: int | None = None) -> Fraction:
        """A scaled integer back as an exact number."""
        return Fraction(raw, self.unit if scale is None else scale)

    def shared(self, key: Any, build: Callable[[Prepared], Any]) -> Any:
        """The cached result of ``build(self)``; ``build`` must return immutable data."""
        try:
            return self._shared[key]
        except KeyError:
            value = self._shared[key] = build(self)
            return value

    def variant(self, key: str, build: Callable[[Prepared], Prepared]) -> Prepared:
        """Another prepared view derived from this one (Fore Buchholz, US Chess), cached."""
        view: Prepared = self.shared(("variant", key), build)
        return view
