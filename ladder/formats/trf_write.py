"""Writing a :class:`Tournament` as a TRF-16 file (with the TRF(x) ``XXR``/``XXS`` records).

The output is what :func:`ladder.formats.trf.read_trf` reads back into an equal Tournament:
header records 012/042/052/062/092/132/202, then ``XXS`` (only for non-default scoring) and
``XXR``, then one ``001`` line per player at the exact TRF-16 columns. Byes are written
``0000 - U/H/F/Z``, forfeits ``+``/``-``, unrated games ``W``/``D``/``L``.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from ladder.formats.trf import ROUND_COLUMN, ROUND_WIDTH
from ladder.vocabulary.numbers import HALF, decimal_text
from ladder.vocabulary.tournament import (
    DEFAULT_SCORING,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)

_CODES = {Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+",
          Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-", Kind.PAIRING_BYE: "U",
          Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z"}
_UNRATED_CODES = {Fraction(1): "W", HALF: "D", Fraction(0): "L"}


def write_trf(t: Tournament) -> str:
    """The TRF-16 text of ``t`` (LF line ends, no trailing blanks, final newline).

    Raises ValueError for data a TRF cannot hold (start number or rating above 9999).
    """
    lines = [f"012 {t.name}".rstrip()]
    if t.start_date:
        lines.append(f"042 {_date(t.start_date)}")
    if t.end_date:
        lines.append(f"052 {_date(t.end_date)}")
    lines.append(f"062 {len(t.players)}")
    round_robin = t.kind is EventKind.ROUND_ROBIN
    lines.append(f"092 Individual: {'Round Robin' if round_robin else 'Swiss-System'}")
    if any(t.rounds_dates):
        # TRF-16 puts each round's date (YY/MM/DD) in that round's columns.
        dates = "".join(
            (f"{d.strftime('%y/%m/%d')}" if d else "").ljust(ROUND_WIDTH) for d in t.rounds_dates)
        lines.append(("132".ljust(ROUND_COLUMN - 1) + dates).rstrip())
    if t.tiebreak_codes:
        lines.append(f"202 {','.join(t.tiebreak_codes)}")
    if t.scoring != DEFAULT_SCORING:
        lines.append(f"XXS {_scoring(t.scoring)}")
    lines.append(f"XXR {t.rounds}")
    for player in sorted(t.players, key=lambda p: p.start_no):
        lines.append(_player_line(player, t.rounds, t.scoring))
    return "\n".join(lines) + "\n"


def _date(day: dt.date) -> str:
    return day.strftime("%Y/%m/%d")


def _number(value: Fraction) -> str:
    """Points as TRF prints them: one decimal (``3.0``, ``3.5``), two when needed (``0.25``,
    ``0.33``).

    The digits are :func:`ladder.vocabulary.numbers.decimal_text`'s (the one home of how points are
    written); TRF adds its own convention of never dropping the decimal point, and trailing
    zeros of a rounded value are dropped as this writer always did (``0.101`` → ``0.1``).
    """
    text = decimal_text(value, places=2)
    if "." not in text:
        return text + ".0"
    return text.rstrip("0")


def _scoring(scoring: Scoring) -> str:
    """The TRF(x) XXS record body; only byes that differ from their default are listed."""
    parts = [f"W={_number(scoring.win)}", f"D={_number(scoring.draw)}",
             f"L={_number(scoring.loss)}"]
    for code, value in (("PAB", scoring.pairing_bye), ("FPB", scoring.full_bye),
                        ("HPB", scoring.half_bye)):
        if value is not None:
            parts.append(f"{code}={_number(value)}")
    return " ".join(parts)


def _player_line(player: Player, rounds: int, scoring: Scoring) -> str:
    """One ``001`` line at the exact TRF-16 columns."""
    if not 0 < player.start_no <= 9999:
        raise ValueError(f"start number {player.start_no} does not fit a TRF (1-9999)")
    if player.rating is not None and not 0 <= player.rating <= 9999:
        raise ValueError(f"rating {player.rating} of {player.name!r} does not fit a TRF")
    points = player.points
    if points is None:  # a TRF always carries the score; compute it when the source had none
        points = sum((r.points(scoring) for r in player.results), Fraction(0))
    # Fields at 1-based columns 1, 5, 10, 11, 15, 49, 54, 58, 70, 81, 86 (docs/desk.md §4).
    head = (
        "001"
        + f" {player.start_no:>4}"
        + f" {player.sex[:1]:1}"
        + f"{player.title[:3]:>3}"
        + f" {player.name[:33]:<33}"
        + f" {'' if player.rating is None else player.rating:>4}"
        + f" {player.federation[:3]:<3}"
        + f" {player.fide_id[:11]:>11}"
        + f" {'' if player.birth_year is None else player.birth_year:<10}"
        + f" {_number(points):>4}"
        + f" {'' if player.rank is None else player.rank:>4}"
    )
    by_round = {r.round: r for r in player.results}
    cells = [_cell(by_round.get(n) or RoundResult(n, Kind.ZERO_BYE)) for n in range(1, rounds + 1)]
    return (head.ljust(ROUND_COLUMN - 1) + "".join(cells)).rstrip()


def _cell(result: RoundResult) -> str:
    """One 10-column round field: ``OOOO C R`` then two blanks."""
    if result.kind is Kind.UNRATED_PLAYED:
        if result.outcome not in _UNRATED_CODES:
            raise ValueError(f"round {result.round}: unrated game needs outcome 1, 1/2 or 0")
        code = _UNRATED_CODES[result.outcome]
    else:
        code = _CODES[result.kind]
    if result.kind.is_bye or result.opponent is None:
        return f"0000 - {code}  "
    colour = result.colour.value if result.colour else "-"
    return f"{result.opponent:>4} {colour} {code}  "
