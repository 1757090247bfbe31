"""Property: for every tie-break and edition, an explanation's rows add up to its value.

The rows that were not cut are combined here as each definition says — a sum, an average
(AOB 8.2), an average rounded half up (ARO 10.1, APRO 10.4, APPO 10.5), ARO + dp (TPR 10.2),
the perfect performance (PTP 10.3, searched here by brute force) — independently of the
engine's own combination code.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ladder.tiebreaks import fide_tables
from ladder.tiebreaks.codes import NAMES, parse_code
from ladder.tiebreaks.compute_table import prepare
from ladder.tiebreaks.explain import Explanation, explain_prepared
from ladder.vocabulary.tournament import Tournament
from tests.unit.tiebreak_events import random_event, round_robin

EDITIONS = ["fide-2026", "fide-2024", "fide-2012", "uscf"]

#: Every tie-break, with the modifiers it takes.
CODES = [
    "PTS", "DE", "DE/P", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "PS/C2", "REP", "STD",
    "BH", "BH/C1", "BH/C2", "BH/M1", "FB", "FB/C1", "FB/M1", "AOB", "AOB/C1", "SB", "SB/C1",
    "SB/M1", "KS", "KS/L+1", "KS/L-1", "ARO", "ARO/C1", "ARO/M1", "TPR", "TPR/C1", "PTP",
    "PTP/C1", "APRO", "APRO/C1", "APPO", "APPO/M1", "MM", "SOLK", "HARK", "CUM", "OPCUM",
    "KASH", "MB",
]

#: How the definition combines its kept terms (C.07 8.2, 10.1-10.5; everything else adds up).
COMBINE = {"AOB": "mean", "ARO": "half-up", "APRO": "half-up", "APPO": "half-up",
           "TPR": "tpr", "PTP": "ptp"}


def half_up(num: Fraction, den: int) -> int:
    """num / den rounded to the nearest integer, halves up."""
    q = num / den
    whole = q.numerator // q.denominator
    return whole + (1 if q - whole >= Fraction(1, 2) else 0)


def perfect(ratings: list[int], points: Fraction) -> int:
    """10.3 by brute force: the lowest R whose expected score (B.02 8.1.2) reaches points."""
    if points == 0:
        return min(ratings) - 800
    r = min(ratings) - 800
    while Fraction(sum(fide_tables.pd(r - x) for x in ratings), 100) < points:
        r += 1
    return r


def combined(e: Explanation) -> Fraction | int | None:
    """The value the kept rows make, by the definition of ``e.code``."""
    kept = [row for row in e.rows if row.contribution is not None and row.cut is None]
    values = [row.contribution for row in kept]
    how = COMBINE.get(parse_code(e.code).name, "sum")
    if how == "sum":
        return sum(values, Fraction(0))
    if not values:
        return None
    if how == "mean":
        return sum(values, Fraction(0)) / len(values)
    average = half_up(sum(values, Fraction(0)), len(values))
    if how == "half-up":
        return average
    points = sum((row.points for row in kept), Fraction(0))  # 1 / ½ / 0: the rated games' score
    if how == "tpr":
        return average + fide_tables.dp(half_up(100 * points, len(values)))
    return perfect([int(v) for v in values], points)


def check_every_explanation(t: Tournament, edition: str) -> None:
    prep = prepare(t, edition)
    for code in CODES:
        parsed = parse_code(code)
        for sno in prep.start_nos:
            e = explain_prepared(prep, sno, parsed)
            assert len(e.rows) == prep.rounds
            assert combined(e) == e.value, (code, sno, e.text())
            terms = [row for row in e.rows if row.contribution is not None]
            cut = [row for row in terms if row.cut is not None]
            assert all(row.contribution is not None for row in e.rows if row.cut is not None)
            if parsed.name not in ("MM", "HARK"):  # the US Chess medians decide by score
                assert len(cut) == min(parsed.low + parsed.high, len(terms)), (code, sno)
            assert str(e.article) == NAMES[parsed.name]


events = st.builds(random_event, st.integers(0, 10**6), st.integers(2, 9), st.integers(1, 6))


@settings(max_examples=40, deadline=None)
@given(events, st.sampled_from(EDITIONS))
def test_swiss_explanations_add_up_to_their_values(t: Tournament, edition: str) -> None:
    check_every_explanation(t, edition)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 7), st.sampled_from(EDITIONS))
def test_round_robin_explanations_add_up_to_their_values(seed: int, players: int,
                                                         edition: str) -> None:
    # Odd counts give everybody a round-robin bye (no term, 15.2; KS's maximum, 9.2).
    check_every_explanation(round_robin(seed, players), edition)


def test_the_combination_check_can_fail() -> None:
    """A row changed after the fact is caught (the property is not vacuous)."""
    import dataclasses

    t = random_event(7, 6, 5)
    e = explain_prepared(prepare(t, "fide-2026"), 1, parse_code("BH"))
    assert combined(e) == e.value
    rows = list(e.rows)
    rows[0] = dataclasses.replace(rows[0], contribution=(rows[0].contribution or 0) + 1)
    assert combined(dataclasses.replace(e, rows=tuple(rows))) != e.value
