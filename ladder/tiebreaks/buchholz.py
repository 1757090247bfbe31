"""Opponent-score tie-breaks: BH (8.1), AOB (8.2), FB (8.3), SB (9.1), KS (9.2).

Each reads the shared :class:`Prepared` view and returns a new :class:`Column`; none writes
anything another could read (the per-player terms are cached as tuples).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from ladder.tournament import Kind, RoundResult, Tournament
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.modifiers import Term, cut_total
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column


def bh_terms(prep: Prepared) -> tuple[tuple[Term, ...], ...]:
    """Per player, one term per round: the opponent's adjusted score (16.3) for a game, the
    dummy / virtual / zero value for an own unplayed round (16.4, per edition)."""

    def build(p: Prepared) -> tuple[tuple[Term, ...], ...]:
        out = []
        for vals, vurs in zip(p.value, p.vur):
            out.append(tuple((v, v, vurs[r], r + 1) for r, v in enumerate(vals) if v is not None))
        return tuple(out)

    return prep.shared("bh_terms", build)


def sb_terms(prep: Prepared) -> tuple[tuple[Term, ...], ...]:
    """Per player: opponent's score x points scored in that round (9.1), scaled by unit².
    The key orders by the opponent's score, then the product (14.1.1 for SB/C1)."""

    def build(p: Prepared) -> tuple[tuple[Term, ...], ...]:
        out = []
        for vals, vurs, pts in zip(p.value, p.vur, p.pts):
            row = []
            for r, v in enumerate(vals):
                if v is not None:
                    c = v * pts[r]
                    row.append(((v, c), c, vurs[r], r + 1))
            out.append(tuple(row))
        return tuple(out)

    return prep.shared("sb_terms", build)


def bh_totals(prep: Prepared) -> tuple[int, ...]:
    """Plain Buchholz of every player (no modifier), for AOB."""
    return prep.shared("bh_totals", lambda p: tuple(sum(t[1] for t in row) for row in bh_terms(p)))


def buchholz(prep: Prepared, code: Code) -> Column:
    """BH (8.1): sum of the opponents' scores, with the unplayed rounds of art. 16."""
    vur_rule = prep.edition.vur_cuts
    raw = tuple(cut_total(row, code.low, code.high, vur_rule) for row in bh_terms(prep))
    return Column(code, raw, prep.unit)


def fore_tournament(t: Tournament, last_round: int) -> Tournament:
    """The tournament as if every game paired in the final round had been drawn (8.3).

    Reading: "paired games" are the rounds with a scheduled opponent, forfeits included (the
    Fore Buchholz is meant to be known once the pairing is published, before any forfeit);
    byes of the final round keep their points.
    """
    players = []
    for p in t.players:
        results = tuple(
            RoundResult(r.round, Kind.DRAW, r.opponent, r.colour)
            if r.round == last_round and r.kind.has_opponent else r
            for r in p.results)
        players.append(dataclasses.replace(p, results=results))
    return dataclasses.replace(t, players=tuple(players))


def fore_view(prep: Prepared) -> Prepared:
    """The view of :func:`fore_tournament`, derived from the arrays (no re-reading)."""

    def build(p: Prepared) -> Prepared:
        last = p.rounds - 1
        if last < 0:
            return p
        kinds, pts, half = [], [], []
        for i in range(p.size):
            if p.opp[i][last] >= 0:  # a paired game of the final round: a draw (8.3)
                kinds.append(p.kind[i][:last] + (Kind.DRAW,))
                pts.append(p.pts[i][:last] + (p.draw,))
                half.append(p.half[i][:last] + (1,))
            else:
                kinds.append(p.kind[i])
                pts.append(p.pts[i])
                half.append(p.half[i])
        return p.derived(kinds=tuple(kinds), pts=tuple(pts), half=tuple(half))

    return prep.variant("fore", build)


def fore_buchholz(prep: Prepared, code: Code) -> Column:
    """FB (8.3): Buchholz computed as if all games of the final round had been drawn."""
    return buchholz(fore_view(prep), code)


def average_of_opponents_buchholz(prep: Prepared, code: Code) -> Column:
    """AOB (8.2): average of the Buchholz of the opponents played over the board."""
    totals = bh_totals(prep)
    raw: list[Fraction | None] = []
    for i in range(prep.size):
        terms = [(totals[j], totals[j], False, r + 1)
                 for r, j in enumerate(prep.opp[i]) if prep.meets[i][r]]
        count = len(terms) - code.low - code.high
        if count <= 0:
            raw.append(None)
            continue
        total = cut_total(terms, code.low, code.high, False)
        raw.append(Fraction(total, count * prep.unit))
    return Column(code, tuple(raw), 1)


def sonneborn_berger(prep: Prepared, code: Code) -> Column:
    """SB (9.1): sum of opponent's score x points scored against them (art. 16 for byes)."""
    vur_rule = prep.edition.vur_cuts
    raw = tuple(cut_total(row, code.low, code.high, vur_rule) for row in sb_terms(prep))
    return Column(code, raw, prep.unit * prep.unit)


def maximum_score(prep: Prepared) -> int:
    """The maximum possible score (scaled), against which C.07 9.2 measures "50 %".

    A Swiss: a win's points in every round. A round-robin (pre-determined pairings, 15.2):
    a win's points for every scheduled game, plus whatever a round-robin bye awards (nothing,
    normally) -- so with an odd number of players, who each sit out one round per cycle, the
    maximum is (players - 1) x win per cycle, not rounds x win. Taken as the largest over the
    participants, so that a withdrawal (no more games scheduled) does not lower it.
    """
    if not prep.rr:
        return prep.win * prep.rounds
    win = prep.win
    return max((sum(win if j >= 0 else p for j, p in zip(opps, pts))
                for opps, pts in zip(prep.opp, prep.pts)), default=0)


def koya_limit(prep: Prepared, code: Code) -> int:
    """The Koya limit in *doubled* scaled points: 50 % of the maximum possible score (C.07
    9.2, see :func:`maximum_score`), moved by ``code.limit`` half wins (14.5, ``KS/L±n``).
    Doubling keeps half points of odd scorings exact."""
    return maximum_score(prep) + code.limit * prep.win


def koya_terms(prep: Prepared, code: Code, i: int) -> list[tuple[int, int, bool, int]]:
    """Rounds of player ``i`` against a scheduled opponent, whether the opponent reached the
    limit (as the 'vur' slot) and the points scored. Reading: KS counts every round with a
    scheduled opponent (forfeits included; in a round-robin they are games anyway, 15.2) and
    compares the opponent's actual final score (art. 16 does not cover KS)."""
    limit = koya_limit(prep, code)
    out = []
    for r, j in enumerate(prep.opp[i]):
        if j >= 0:
            out.append((prep.points[j], prep.pts[i][r], 2 * prep.points[j] >= limit, r + 1))
    return out


def koya(prep: Prepared, code: Code) -> Column:
    """KS (9.2): points scored against participants with at least 50 % of the maximum
    possible score (not of rounds x win: a round-robin bye scores nothing)."""
    raw = tuple(sum(t[1] for t in koya_terms(prep, code, i) if t[2]) for i in range(prep.size))
    return Column(code, raw, prep.unit)
