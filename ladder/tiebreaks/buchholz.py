"""Opponent-score tie-breaks: BH (8.1), AOB (8.2), FB (8.3), SB (9.1), KS (9.2).

Each reads the shared :class:`Prepared` view and returns a new :class:`Column`; none writes
anything another could read (the per-player terms are cached as tuples).
"""

from __future__ import annotations

import dataclasses
from operator import mul

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.terms import MEAN, SUM, Tally, Terms, same_terms, terms_of
from ladder.vocabulary.tournament import Kind, RoundResult, Tournament


def _opponent_terms(p: Prepared) -> tuple[Terms, ...]:
    """Per player, one term per round that has one: the opponent's adjusted score (16.3)
    for a game, the dummy / virtual / zero value for an own unplayed round (16.4, per
    edition); a round-robin bye has none (15.2)."""
    every = tuple(range(1, p.rounds + 1))
    out = []
    for vals, vurs in zip(p.value, p.vur, strict=False):
        if None not in vals:
            out.append(terms_of((every, vals, vals, vurs, vals)))
            continue
        rounds = tuple(r + 1 for r, v in enumerate(vals) if v is not None)
        kept = tuple(v for v in vals if v is not None)
        out.append(terms_of((rounds, kept, kept, tuple(vurs[r - 1] for r in rounds), kept)))
    return tuple(out)


def bh_terms(prep: Prepared) -> tuple[Terms, ...]:
    """Every player's Buchholz terms (cached on the view): see :func:`_opponent_terms`."""
    return prep.shared("bh_terms", _opponent_terms)  # type: ignore[no-any-return]


def _sb_terms(p: Prepared) -> tuple[Terms, ...]:
    out = []
    for t, pts in zip(bh_terms(p), p.pts, strict=False):
        values = t.shown
        if len(values) == len(pts):
            products = tuple(map(mul, values, pts))
        else:
            products = tuple([v * pts[r - 1]  # type: ignore[operator]
                              for r, v in zip(t.rounds, values, strict=False)])
        out.append(terms_of((t.rounds, products, values, t.vur, values)))
    return tuple(out)


def sb_terms(prep: Prepared) -> tuple[Terms, ...]:
    """Per player: opponent's score x points scored in that round (9.1), scaled by unit².
    The key is the opponent's score; cut() breaks its ties by the product (14.1.1, SB/C1)."""
    return prep.shared("sb_terms", _sb_terms)  # type: ignore[no-any-return]


def bh_totals(prep: Prepared) -> tuple[int, ...]:
    """Plain Buchholz of every player (no modifier), for AOB."""
    return prep.shared(  # type: ignore[no-any-return]
        "bh_totals", lambda p: tuple([sum(t.contributions) for t in bh_terms(p)]))


def bh_tally(prep: Prepared, code: Code) -> Tally:
    """BH (8.1) and its modifiers on ``prep``'s terms."""
    return Tally(prep, bh_terms(prep), prep.unit, prep.unit, SUM, code.low, code.high,
                 prep.edition.vur_cuts)


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
        draw_kind, draw_pts, draw_half = (Kind.DRAW,), (p.draw,), (1,)
        kinds, pts, half = [], [], []
        for opps, k, q, h in zip(p.opp, p.kind, p.pts, p.half, strict=False):
            if opps[last] >= 0:  # a paired game of the final round: a draw (8.3)
                kinds.append(k[:last] + draw_kind)
                pts.append(q[:last] + draw_pts)
                half.append(h[:last] + draw_half)
            else:
                kinds.append(k)
                pts.append(q)
                half.append(h)
        return p.derived(kinds=tuple(kinds), pts=tuple(pts), half=tuple(half))

    return prep.variant("fore", build)


def fb_tally(prep: Prepared, code: Code) -> Tally:
    """FB (8.3): the Buchholz terms of the view in which the final round was drawn."""
    return bh_tally(fore_view(prep), code)


def aob_tally(prep: Prepared, code: Code) -> Tally:
    """AOB (8.2): one term per opponent met (a round-robin forfeit counts, 15.2): that
    opponent's plain Buchholz; the value is the average of the kept terms."""
    return Tally(prep, prep.shared("aob_terms", _aob_terms), prep.unit, prep.unit, MEAN,
                 code.low, code.high)


def _aob_terms(p: Prepared) -> tuple[Terms, ...]:
    totals = bh_totals(p)
    every = tuple(range(1, p.rounds + 1))
    no_vur = (False,) * p.rounds
    out = []
    for opps, meets in zip(p.opp, p.meets, strict=False):
        if False not in meets:
            values = tuple([totals[j] for j in opps])
            out.append(terms_of((every, values, values, no_vur, values)))
            continue
        rounds = tuple([r + 1 for r, m in enumerate(meets) if m])
        out.append(same_terms(rounds, tuple([totals[opps[r - 1]] for r in rounds])))
    return tuple(out)


def sb_tally(prep: Prepared, code: Code) -> Tally:
    """SB (9.1) and SB/Cn on ``prep``'s terms (scaled by unit², opponent scores by unit)."""
    return Tally(prep, sb_terms(prep), prep.unit * prep.unit, prep.unit, SUM, code.low,
                 code.high, prep.edition.vur_cuts)


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
    return max((sum(win if j >= 0 else p for j, p in zip(opps, pts, strict=False))
                for opps, pts in zip(prep.opp, prep.pts, strict=False)), default=0)


def koya_limit(prep: Prepared, code: Code) -> int:
    """The Koya limit in *doubled* scaled points: 50 % of the maximum possible score (C.07
    9.2, see :func:`maximum_score`), moved by ``code.limit`` half wins (14.5, ``KS/L±n``).
    Doubling keeps half points of odd scorings exact."""
    return maximum_score(prep) + code.limit * prep.win


def ks_tally(prep: Prepared, code: Code) -> Tally:
    """KS (9.2): one term per round against a scheduled opponent who reached the limit: the
    points scored against them. Reading: KS counts every round with a scheduled opponent
    (forfeits included; in a round-robin they are games anyway, 15.2) and compares the
    opponent's actual final score (art. 16 does not cover KS)."""
    limit = koya_limit(prep, code)
    # 9.2: "at least 50 %": doubled scores against the doubled limit, exact.
    reached = [2 * p >= limit for p in prep.points]
    points = prep.points
    out = []
    for opps, pts in zip(prep.opp, prep.pts, strict=False):
        rounds = tuple([r for r, j in enumerate(opps, 1) if j >= 0 and reached[j]])
        shown = tuple([points[opps[r - 1]] for r in rounds])
        out.append(terms_of((rounds, tuple([pts[r - 1] for r in rounds]), shown,
                         (False,) * len(rounds), shown)))
    return Tally(prep, tuple(out), prep.unit, prep.unit)
