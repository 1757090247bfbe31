"""Keizer value numbers and the points of one round (docs/competitions.md §1.3-1.4).

A round's points are a share of one value: the opponent's for a game, the player's own for
everything else. :func:`outcomes` says what happened to a player in each round (independent of
any values); :func:`term` says which share of whose value that is under the club's settings;
:func:`line` prices it with the values of a ranking and says why, as a :class:`Reason` (a message
id and its values) the web edge translates.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ladder.competition.keizer_params import KeizerParams
from ladder.competition.season import (
    ABSENT,
    BLACK_FORFEIT_WIN,
    BLACK_WINS,
    CLUB,
    DOUBLE_FORFEIT,
    DRAW,
    EXCUSED,
    WHITE_FORFEIT_WIN,
    WHITE_WINS,
    PlayedSeason,
    SeasonMember,
)

# What happened to a player in a round (also the suffix of the reason's message id).
WIN, DRAWN, LOSS = "win", "draw", "loss"
FORFEIT_WIN, FORFEIT_LOSS, DOUBLE = "forfeit_win", "forfeit_loss", "double_forfeit"
BYE, UNPAIRED, ABSENT_ROUND, CLUB_ROUND = "bye", "unpaired", "absent", "club"
EXCUSED_ROUND, EXCUSED_OVER_CAP, PRE_ENTRY = "excused", "excused_over_cap", "pre_entry"
START = "start"
GAME_KINDS = (WIN, DRAWN, LOSS)
FORFEIT_KINDS = (FORFEIT_WIN, FORFEIT_LOSS, DOUBLE)
OWN, OPPONENT = "own", "opponent"


def value_numbers(field_size: int, params: KeizerParams) -> tuple[int, ...]:
    """The value of each place 1..N of an N-player ranking.

    ``ratio``: bottom = max(1, floor((N-1)*step/(ratio-1))), top = bottom + (N-1)*step, so the
    top is about ``ratio`` times the bottom; ``fixed``: top = ``top_value``, not clamped.

    >>> from ladder.competition.keizer_params import DEFAULTS
    >>> value_numbers(6, DEFAULTS)
    (7, 6, 5, 4, 3, 2)
    >>> value_numbers(20, DEFAULTS)[0], value_numbers(20, DEFAULTS)[-1]
    (28, 9)
    """
    step = params.value_step
    if field_size <= 0:
        return ()
    if params.value_mode == "ratio":
        bottom = max(1, math.floor(Fraction((field_size - 1) * step) / (params.ratio - 1)))
        top = bottom + (field_size - 1) * step
    else:
        top = params.top_value
    return tuple(top - place * step for place in range(field_size))


@dataclass(frozen=True)
class Outcome:
    """What happened to one player in one round, before any values.

    ``excused_no`` numbers the season's excused absences in round order (1, 2, …), so the cap
    applies to the first ``excused_cap`` of them.
    """

    round_no: int
    kind: str
    opponent: str | None = None
    excused_no: int = 0


def _game_kind(result: str, white: bool) -> str:
    if result == DOUBLE_FORFEIT:
        return DOUBLE
    if result == DRAW:
        return DRAWN
    won = result in (WHITE_WINS, WHITE_FORFEIT_WIN) if white else result in (BLACK_WINS,
                                                                             BLACK_FORFEIT_WIN)
    if result in (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN):
        return FORFEIT_WIN if won else FORFEIT_LOSS
    return WIN if won else LOSS


def outcomes(season: PlayedSeason, member: SeasonMember, last_round: int,
             params: KeizerParams) -> list[Outcome]:
    """What happened to ``member`` in rounds 1..``last_round`` (every round a line).

    Rounds before his entry are ``pre_entry``; a game decides its players' rounds; then the
    round's bye; then the attendance (present but neither paired nor the bye: ``unpaired``).
    An excused absence past ``excused_cap`` is ``excused_over_cap``.
    """
    found: list[Outcome] = []
    excused = 0
    for round_ in season.rounds[:last_round]:
        number = round_.number
        if number < member.entry_round:
            found.append(Outcome(number, PRE_ENTRY))
            continue
        game = round_.game_of(member.id)
        if game is not None:
            if game.result is None:
                raise ValueError(f"round {number} is not complete")
            kind = _game_kind(game.result, game.white == member.id)
            found.append(Outcome(number, kind, game.opponent(member.id)))
            continue
        if round_.bye == member.id:
            found.append(Outcome(number, BYE))
            continue
        status = round_.status(member.id)
        if status == EXCUSED:
            excused += 1
            over = params.excused_cap is not None and excused > params.excused_cap
            found.append(Outcome(number, EXCUSED_OVER_CAP if over else EXCUSED_ROUND,
                                 excused_no=excused))
        elif status == CLUB:
            found.append(Outcome(number, CLUB_ROUND))
        elif status == ABSENT:
            found.append(Outcome(number, ABSENT_ROUND))
        else:
            found.append(Outcome(number, UNPAIRED))
    return found


def term(kind: str, params: KeizerParams) -> tuple[Fraction, str]:
    """The share and whose value (:data:`OWN` or :data:`OPPONENT`) a round of this kind
    earns, under the club's settings (docs/competitions.md §1.4, the table of points)."""
    if kind == FORFEIT_WIN:
        if params.forfeit_win == "opponent_value":
            return params.win_fraction, OPPONENT
        return params.forfeit_win_fraction, OWN
    share = {
        WIN: (params.win_fraction, OPPONENT),
        DRAWN: (params.draw_fraction, OPPONENT),
        LOSS: (params.loss_fraction, OPPONENT),
        FORFEIT_LOSS: (params.forfeit_loss_fraction, OWN),
        DOUBLE: (params.forfeit_loss_fraction, OWN),
        BYE: (params.bye_fraction, OWN),
        EXCUSED_ROUND: (params.excused_fraction, OWN),
        EXCUSED_OVER_CAP: (Fraction(0), OWN),
        ABSENT_ROUND: (params.unexcused_fraction, OWN),
        UNPAIRED: (params.unexcused_fraction, OWN),
        CLUB_ROUND: (params.club_fraction, OWN),
        PRE_ENTRY: (params.pre_entry_fraction, OWN),
        START: (Fraction(1), OWN),
    }[kind]
    return share


@dataclass(frozen=True)
class Reason:
    """Why a line scores what it does: ``message_id`` (``keizer.win``, ``keizer.excused`` …)
    and the values its sentence needs (``opponent`` a member id, ``value`` an int and
    ``basis`` whose value it is, ``fraction`` a ``"p/q"`` string, ``points`` a Fraction; for an
    excused night ``number``, ``cap`` and ``left``, the excused absences that still score)."""

    message_id: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Line:
    """One round's points for one player (``round_no`` 0: the start value)."""

    round_no: int
    kind: str
    points: Fraction
    reason: Reason


def line(outcome: Outcome, own_value: int, values: Mapping[str, int],
         params: KeizerParams) -> Line:
    """The round priced with ``own_value`` and the opponents' ``values``, with its reason."""
    share, whose = term(outcome.kind, params)
    value = values[outcome.opponent] if whose == OPPONENT and outcome.opponent else own_value
    points = share * value
    # basis: whose value the share is of ("own" or "opponent"; a forfeit win may be either)
    args: dict[str, Any] = {"value": value, "fraction": str(share), "points": points,
                            "basis": whose}
    if outcome.opponent is not None:
        args["opponent"] = outcome.opponent
    if outcome.kind in (EXCUSED_ROUND, EXCUSED_OVER_CAP):
        args["number"] = outcome.excused_no
        cap = params.excused_cap
        args["cap"] = cap
        args["left"] = None if cap is None else max(0, cap - outcome.excused_no)
    return Line(outcome.round_no, outcome.kind, points, Reason(f"keizer.{outcome.kind}", args))


def start_line(own_value: int) -> Line:
    """The player's own value, counted once a season (``count_start_value``)."""
    points = Fraction(own_value)
    return Line(0, START, points, Reason("keizer.start", {"value": own_value, "fraction": "1",
                                                          "points": points, "basis": OWN}))
