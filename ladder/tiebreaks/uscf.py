"""US Chess tie-breaks (rule 34E): MM, SOLK, HARK, CUM, OPCUM, KASH, MB.

They always use the US Chess treatment of unplayed rounds, whatever edition the other
tie-breaks of the list use: an opponent's unplayed rounds count as draws (the adjusted
score), and the player's own unplayed rounds count as opponents with adjusted score 0.
"""

from __future__ import annotations

from ladder.tournament import Kind
from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.editions import USCF
from ladder.tiebreaks.modifiers import apply_cuts
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column


def uscf_view(prep: Prepared) -> Prepared:
    """``prep`` under the US Chess treatment of unplayed rounds (34E), whatever its edition."""
    if prep.edition is USCF:
        return prep
    return prep.variant("uscf", lambda p: p.derived(USCF))


def solkoff_terms(prep: Prepared, i: int) -> list[tuple[int, int, bool, int]]:
    """One term per round: the opponent's adjusted score, 0 for an own unplayed round."""
    view = uscf_view(prep)
    return [(v, v, False, r + 1) for r, v in enumerate(view.value[i]) if v is not None]


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


def _median(prep: Prepared, code: Code, name: str) -> Column:
    view = uscf_view(prep)
    raw = []
    for i in range(view.size):
        low, high = median_cuts(view, name, i)
        raw.append(apply_cuts(solkoff_terms(view, i), low, high, False)[0])
    return Column(code, tuple(raw), view.unit)


def modified_median(prep: Prepared, code: Code) -> Column:
    """MM (34E1)."""
    return _median(prep, code, "MM")


def harkness(prep: Prepared, code: Code) -> Column:
    """HARK (34E): median (drop highest and lowest; two each from nine rounds)."""
    return _median(prep, code, "HARK")


def solkoff(prep: Prepared, code: Code) -> Column:
    """SOLK (34E): sum of the opponents' adjusted scores, nothing dropped."""
    view = uscf_view(prep)
    raw = tuple(sum(t[1] for t in solkoff_terms(view, i)) for i in range(view.size))
    return Column(code, raw, view.unit)


def cumulative_of(prep: Prepared, i: int) -> int:
    """CUM: sum of the running scores, minus the points received without playing (each such
    round's points once). Reading of the SPEC's "minus points received without playing"."""
    total = running = 0
    for p, k in zip(prep.pts[i], prep.kind[i]):
        running += p
        total += running
        if not k.played:
            total -= p
    return total


def cumulative(prep: Prepared, code: Code) -> Column:
    """CUM (34E)."""
    view = uscf_view(prep)
    return Column(code, tuple(cumulative_of(view, i) for i in range(view.size)), view.unit)


def opponents_cumulative(prep: Prepared, code: Code) -> Column:
    """OPCUM (34E): sum of the cumulative scores of the opponents played (own unplayed
    rounds: 0)."""
    view = uscf_view(prep)
    cums = view.shared("cum", lambda p: tuple(cumulative_of(p, i) for i in range(p.size)))
    raw = tuple(sum(cums[j] for r, j in enumerate(view.opp[i]) if view.otb[i][r])
                for i in range(view.size))
    return Column(code, raw, view.unit)


def kashdan_round(kind: Kind, half: int) -> int:
    """Kashdan points of one round: 4 a win, 2 a draw, 1 a loss (played), 0 unplayed."""
    if not kind.played:
        return 0
    return {2: 4, 1: 2, 0: 1}[half]


def kashdan(prep: Prepared, code: Code) -> Column:
    """KASH (34E): 4 per win, 2 per draw, 1 per loss played, 0 per unplayed round."""
    raw = tuple(sum(kashdan_round(k, h) for k, h in zip(prep.kind[i], prep.half[i]))
                for i in range(prep.size))
    return Column(code, raw, 1)


def most_blacks(prep: Prepared, code: Code) -> Column:
    """MB (34E): number of games played with Black."""
    raw = tuple(sum(1 for k, b in zip(prep.kind[i], prep.black[i]) if b and k.played)
                for i in range(prep.size))
    return Column(code, raw, 1)
