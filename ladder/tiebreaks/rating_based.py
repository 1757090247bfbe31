"""Rating-based tie-breaks (C.07 art. 10): ARO, TPR, PTP, APRO, APPO.

They count only games played over the board (10.1; in a round-robin too: 15.2 exception).
Art. 10: when unrated players are present they are dropped, unless the event gives those
players a rating (``unrated_rating``) — the engine does that check, not these functions.
All averages are rounded to the nearest whole number, 0.5 up.
"""

from __future__ import annotations

from ladder.tiebreaks.codes import Code
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column
from ladder.tiebreaks.terms import (
    MEAN_HALF_UP,
    PTP,
    TPR,
    Tally,
    Terms,
    ptp_value,
    round_half_up,
    same_terms,
    tally_column,
    terms_of,
    tpr_value,
)

__all__ = ["aro_tally", "opponents_tally", "ptp", "ptp_column", "ptp_of", "ptps", "rated_terms",
           "round_half_up", "tpr", "tpr_column", "tpr_of", "tprs"]


def _over_the_board_terms(prep: Prepared, values: tuple[int | None, ...]) -> tuple[Terms, ...]:
    """Per player, one term per game over the board against an opponent with a value."""
    every = tuple(range(1, prep.rounds + 1))
    no_vur = (False,) * prep.rounds
    out = []
    for opps, otb in zip(prep.opp, prep.otb, strict=False):
        if False not in otb:
            row = tuple([values[j] for j in opps])
            if None not in row:
                out.append(terms_of((every, row, row, no_vur, row)))
                continue
        rounds = tuple([r for r, j in enumerate(opps, 1) if otb[r - 1] and values[j] is not None])
        row = tuple([values[opps[r - 1]] for r in rounds])  # all known: filtered above
        out.append(same_terms(rounds, row))  # type: ignore[arg-type]
    return tuple(out)


def _rated_terms(prep: Prepared) -> tuple[Terms, ...]:
    return _over_the_board_terms(prep, prep.ratings)


def rated_terms(prep: Prepared) -> tuple[Terms, ...]:
    """Per player, one term per game over the board against a rated opponent: the rating."""
    return prep.shared("rated_terms", _rated_terms)  # type: ignore[no-any-return]


def aro_tally(prep: Prepared, code: Code, how: str = MEAN_HALF_UP) -> Tally:
    """ARO (10.1), TPR (10.2) or PTP (10.3) by ``how``: the opponents' ratings, cut by the
    code (ARO/C1 cuts the lowest rating, 14.1.1), combined over the games kept."""
    return Tally(prep, rated_terms(prep), 1, 1, how, code.low, code.high)


def tpr_of(ratings: list[int], halves: int) -> int | None:
    """10.2 over games against ``ratings`` scoring ``halves`` half points."""
    return tpr_value(ratings, halves)


def ptp_of(ratings: list[int], halves: int) -> int | None:
    """10.3 over games against ``ratings`` scoring ``halves`` half points."""
    return ptp_value(ratings, halves)


def tpr(prep: Prepared, code: Code) -> Column:
    """TPR (10.2): ARO + dp(p)."""
    return tally_column(code, aro_tally(prep, code, TPR))


def ptp(prep: Prepared, code: Code) -> Column:
    """PTP (10.3): perfect tournament performance."""
    return tally_column(code, aro_tally(prep, code, PTP))


_NO_CUT = Code("", "")


def tprs(prep: Prepared) -> tuple[int | None, ...]:
    """Every player's TPR (10.2) over all rated games, no cuts: the terms of APRO (10.4)."""
    return prep.shared("tprs", lambda p: tally_column(  # type: ignore[no-any-return]
        _NO_CUT, aro_tally(p, _NO_CUT, TPR)).raw)


def ptps(prep: Prepared) -> tuple[int | None, ...]:
    """Every player's PTP (10.3) over all rated games, no cuts: the terms of APPO (10.5)."""
    return prep.shared("ptps", lambda p: tally_column(  # type: ignore[no-any-return]
        _NO_CUT, aro_tally(p, _NO_CUT, PTP)).raw)


def tpr_column(prep: Prepared, code: Code) -> Column:
    """TPR's column; without cuts it is :func:`tprs` (computed once for TPR and APRO)."""
    if not code.has_cuts:
        return Column(code, tprs(prep), 1)
    return tpr(prep, code)


def ptp_column(prep: Prepared, code: Code) -> Column:
    """PTP's column; without cuts it is :func:`ptps` (computed once for PTP and APPO)."""
    if not code.has_cuts:
        return Column(code, ptps(prep), 1)
    return ptp(prep, code)


def opponents_tally(prep: Prepared, code: Code, values: tuple[int | None, ...]) -> Tally:
    """APRO / APPO: one term per opponent over the board who has a value; their average,
    rounded half up."""
    return Tally(prep, _over_the_board_terms(prep, values), 1, 1, MEAN_HALF_UP, code.low,
                 code.high)


def apro_tally(prep: Prepared, code: Code) -> Tally:
    """APRO (10.4): the over-the-board opponents' TPRs."""
    return opponents_tally(prep, code, tprs(prep))


def appo_tally(prep: Prepared, code: Code) -> Tally:
    """APPO (10.5): the over-the-board opponents' PTPs."""
    return opponents_tally(prep, code, ptps(prep))
