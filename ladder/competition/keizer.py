"""The Keizer system for a club's season, exact and configurable (docs/competitions.md).

The two functions the external checks call, on the exchange format's plain data:

* :func:`standings` — after each round, in rank order, ``(member id, exact points, value)``;
* :func:`pair_round` — ``{"ranking": [...], "bye": id or None, "boards": [(white, black), ...]}``
  for round r, from rounds 1..r-1 and round r's attendance.

Built on the richer calls the pages use:

* :func:`compute` — a :class:`KeizerTable`: per round the table (:class:`RoundTable`), each
  line's points with the reason per round (:class:`KeizerStanding`, :class:`Line`, :class:`Reason`),
  the count of games, byes and absences and the excused absences left (:class:`Record`), and
  the scoring passes with how the recalculation ended (:class:`Pass`, ``how``);
* :func:`pair` — a :class:`KeizerPairing` with the bye's reason, each board's colour reason and
  why nearer opponents were skipped, and the restriction level used.

``season`` and ``params`` are as in the exchange format (:mod:`ladder.competition.season`,
:mod:`ladder.competition.keizer_params`); bad ones raise a
:class:`~ladder.competition.errors.CompetitionError` (a ``ValueError``) naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ladder.competition.errors import CompetitionError, ParamError, SeasonError
from ladder.competition.keizer_pairing import KeizerBoard, KeizerPairing, pair
from ladder.competition.keizer_params import DEFAULTS, KeizerParams, parse_params
from ladder.competition.keizer_score import Line, Reason, value_numbers
from ladder.competition.keizer_table import (
    KeizerStanding,
    KeizerTable,
    Pass,
    Record,
    RoundTable,
    compute,
    ranking_for_round,
)
from ladder.competition.season import PlayedSeason, parse_season

__all__ = ["DEFAULTS", "KeizerBoard", "CompetitionError", "KeizerParams", "KeizerTable", "Line",
           "ParamError", "Pass", "Reason", "Record", "KeizerPairing", "RoundTable", "PlayedSeason",
           "SeasonError", "KeizerStanding", "compute", "pair", "pair_round", "parse_params",
           "parse_season", "points_to_half", "ranking_for_round", "standings", "value_numbers"]


def standings(season: Mapping[str, Any] | PlayedSeason,
              params: Mapping[str, Any] | KeizerParams | None) -> list[list[tuple[str, Fraction,
                                                                                   int]]]:
    """After each round of ``season``, in rank order: ``(member id, exact points, value)``."""
    table = compute(season, params)
    return [[(s.member_id, s.points, s.value) for s in round_.standings]
            for round_ in table.rounds]


def pair_round(season: Mapping[str, Any] | PlayedSeason, round_no: int,
               params: Mapping[str, Any] | KeizerParams | None) -> dict[str, Any]:
    """Round ``round_no``'s pairing: ``{"ranking": [ids the round is paired on], "bye": id or
    None, "boards": [(white id, black id), ...]}`` in board order."""
    return pair(season, round_no, params).as_dict()


def points_to_half(points: Fraction) -> Fraction:
    """Points shown to the nearest half point (a club's display choice; the table stays
    exact). Exactly between two halves goes up.

    >>> (points_to_half(Fraction(47, 3)), points_to_half(Fraction(35, 3)),
    ...  points_to_half(Fraction(21, 4)))
    (Fraction(31, 2), Fraction(23, 2), Fraction(11, 2))
    """
    doubled = points * 2
    whole = doubled.numerator // doubled.denominator
    if doubled - whole >= Fraction(1, 2):
        whole += 1
    return Fraction(whole, 2)
