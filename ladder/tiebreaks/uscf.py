"""US Chess tie-breaks (rule 34E): MM, SOLK, HARK, CUM, OPCUM, KASH, MB.

They always use the US Chess treatment of unplayed rounds, whatever edition the other
tie-breaks of the list use: an opponent's unplayed rounds count as draws (the adjusted
score), and the player's own unplayed rounds count as opponents with adjusted score 0.
"""

from __future__ import annotations

from ladder.tiebreaks.buchholz import bh_terms
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.editions import USCF
from ladder.tiebreaks.own import round_terms
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.terms import SUM, Tally, terms_of
from ladder.vocabulary.tournament import Kind

_PLAYED = frozenset(k for k in Kind if k.played)
_KASHDAN = {2: 4, 1: 2, 0: 1}  # half points of a played game -> Kashdan points


def uscf_view(prep: Prepared) -> Prepared:
    """``prep`` under the US Chess treatment of unplayed rounds (34E), whatever its edition."""
    if prep.edition is USCF:
        return prep
    return prep.variant("uscf", lambda p: p.derived(USCF))


def median_cuts(prep: Prepared, name: str, i: int) -> tuple[int, int]:
    """(low, high) cuts of MM and HARK for player ``i``.

    34E1 Modified Median: a plus score drops the lowest, a minus score the highest, exactly
    50 % drops both. Median (Harkness): drops both. With nine or more rounds, two each.
    """
    view = uscf_view(prep)
    n = 2 if view.rounds >= 9 else 1
    if name == "HARK":
        return n, n
    half = view.draw * view.rounds
    score = view.points[i]
    if score > half:
        return n, 0
    if score < half:
        return 0, n
    return n, n


def solkoff_tally(prep: Prepared, name: str = "SOLK") -> Tally:
    """SOLK, MM or HARK (34E): the Solkoff terms of the US Chess view, with the medians'
    cuts per player (SOLK: none)."""
    view = uscf_view(prep)
    cuts = None if name == "SOLK" else tuple(median_cuts(view, name, i)
                                             for i in range(view.size))
    return Tally(view, bh_terms(view), view.unit, view.unit, SUM, cuts=cuts)


def cumulative_rounds(prep: Prepared, i: int) -> list[int]:
    """CUM's term of each round: the running score after it, minus that round's points if
    they were received without playing. Reading of docs/tiebreaks.md §3's "minus points received
    without playing" (each such round's points once)."""
    out = []
    running = 0
    for p, k in zip(prep.pts[i], prep.kind[i], strict=False):
        running += p
        out.append(running if k in _PLAYED else running - p)
    return out


def cumulative_of(prep: Prepared, i: int) -> int:
    """CUM of player ``i``: the sum of :func:`cumulative_rounds`."""
    return sum(cumulative_rounds(prep, i))


def cum_tally(prep: Prepared, code: Code) -> Tally:
    """CUM (34E) on the US Chess view."""
    view = uscf_view(prep)
    terms = view.shared("cum_terms", lambda p: round_terms(p, lambda i: cumulative_rounds(p, i)))
    return Tally(view, terms, view.unit)


def opcum_tally(prep: Prepared, code: Code) -> Tally:
    """OPCUM (34E): one term per round: the cumulative score of the opponent played, 0 for a
    round not played over the board."""
    view = uscf_view(prep)
    cums = view.shared("cum", lambda p: tuple(cumulative_of(p, i) for i in range(p.size)))
    every = tuple(range(1, view.rounds + 1))
    out = []
    for opps, otb in zip(view.opp, view.otb, strict=False):
        shown = tuple([cums[j] if o else None for j, o in zip(opps, otb, strict=False)])
        got = tuple([0 if s is None else s for s in shown])
        out.append(terms_of((every, got, got, (False,) * len(every), shown)))
    return Tally(view, tuple(out), view.unit, view.unit)


def kashdan_round(kind: Kind, half: int) -> int:
    """Kashdan points of one round: 4 a win, 2 a draw, 1 a loss (played), 0 unplayed."""
    if kind not in _PLAYED:
        return 0
    return _KASHDAN[half]


def kash_tally(prep: Prepared, code: Code) -> Tally:
    """KASH (34E): each round's Kashdan points."""
    terms = prep.shared("kash_terms", lambda p: round_terms(p, lambda i: [
        kashdan_round(k, h) for k, h in zip(p.kind[i], p.half[i], strict=False)]))
    return Tally(prep, terms)


def mb_tally(prep: Prepared, code: Code) -> Tally:
    """MB (34E): 1 for each game played with Black."""
    terms = prep.shared("mb_terms", lambda p: round_terms(p, lambda i: [
        int(b and k in _PLAYED) for k, b in zip(p.kind[i], p.black[i], strict=False)]))
    return Tally(prep, terms)
