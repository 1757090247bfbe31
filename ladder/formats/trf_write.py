"""Writing a :class:`Tournament` as a TRF-16 file (with the TRF(x) ``XXR``/``XXS`` records), and
as a TRF-2026 in-tournament exchange file (:func:`write_exchange`, CR LF line ends).

The output is what :func:`ladder.formats.trf.read_trf` reads back into an equal Tournament:
header records 012/042/052/062/092/132/202, then ``162`` and ``XXS`` (only for non-default
scoring) and ``XXR``, then one ``001`` line per player at the exact TRF-16 columns. Byes are written
``0000 - U/H/F/Z``, forfeits ``+``/``-``, unrated games ``W``/``D``/``L``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

from ladder.formats.trf import (
    ROUND_COLUMN,
    ROUND_WIDTH,
    Exchange,
    read_exchange,
    read_trf,
    split_lines,
)
from ladder.vocabulary.numbers import HALF, decimal_text
from ladder.vocabulary.tournament import (
    DEFAULT_SCORING,
    Colour,
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
    lines = _header(t)
    if t.scoring != DEFAULT_SCORING:
        # Both spellings: TRF-2026's 162 (win, draw, loss, the pairing-allocated bye) and
        # TRF(x)'s XXS, which also holds the requested byes' values 162 has no code for.
        lines.append(_points_line(t.scoring))
        lines.append(f"XXS {_scoring(t.scoring)}")
    lines.append(f"XXR {t.rounds}")
    for player in sorted(t.players, key=lambda p: p.start_no):
        lines.append(_player_line(player, t.rounds, t.scoring))
    return "\n".join(lines) + "\n"


def _header(t: Tournament) -> list[str]:
    """The tournament records 012 … 202 of ``t``."""
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
    return lines


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


def _points_line(scoring: Scoring) -> str:
    """TRF-2026 record 162 of ``scoring`` (a code at columns 6, 15, 24 …, its value in the
    four columns after it): W, D, L, and P when the pairing-allocated bye is not a win."""
    entries = [("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss)]
    if scoring.pairing_bye is not None:
        entries.append(("P", scoring.pairing_bye))
    return "162  " + "    ".join(f"{code}{_number(value):>4}" for code, value in entries)


def _player_line(player: Player, rounds: int, scoring: Scoring, *,
                 recompute: bool = False) -> str:
    """One ``001`` line at the exact TRF-16 columns (``recompute``: the points from the
    results, not as printed)."""
    if not 0 < player.start_no <= 9999:
        raise ValueError(f"start number {player.start_no} does not fit a TRF (1-9999)")
    if player.rating is not None and not 0 <= player.rating <= 9999:
        raise ValueError(f"rating {player.rating} of {player.name!r} does not fit a TRF")
    points = None if recompute else player.points
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


def write_exchange(t: Tournament, exchange: Exchange, line_end: str = "\r\n") -> str:
    """``t`` as a TRF-2026 in-tournament exchange file with ``exchange``'s records.

    The header records of :func:`write_trf`, then the number of rounds (``142`` and ``XXR``),
    the initial colour (``152`` and ``XXC white1``/``black1``, with ``rank`` when the exchange
    has a pairing order), the point values that differ from the defaults (``162`` and
    bbpPairings's ``BBW``/``BBD``/``BBL``/``BBZ``/``BBU``), forbidden pairs (``XXP`` for the
    whole event, ``260`` for a range of rounds), requested byes (``240``), then the 001 lines
    in the pairing order. Each record is written in both spellings so that a TRF-2026 reader
    and a TRF(x) engine read the same thing.

    The byes of the coming round (round ``t.rounds + 1``) are also written in that round's
    column (``0000 - H``) with their points in the score, as the pairing engines pose a round
    (docs/pairing.md §2); everyone else's column of that round stays blank: to be paired.
    Every score is computed from the results. Lines end with ``line_end`` (TRF-2026 remark 1:
    every line ends with a CR; CR LF by default, ``"\\r"`` for CR alone).
    """
    scoring = exchange.points.scoring(t.scoring)
    rounds = exchange.rounds if exchange.rounds is not None else t.rounds
    coming = t.rounds + 1
    pending = exchange.byes_of(coming)
    lines = _header(t)
    lines += [f"142 {rounds}", f"XXR {rounds}"]
    xxc = []
    if exchange.initial_colour is not None:
        white = exchange.initial_colour is Colour.WHITE
        lines.append(f"152 {'W' if white else 'B'}")
        xxc.append("white1" if white else "black1")
    if exchange.pairing_order is not None:
        xxc.append("rank")
    if xxc:
        lines.append("XXC " + " ".join(xxc))
    lines += _point_records(exchange)
    if scoring.full_bye is not None or scoring.half_bye is not None:
        lines.append(f"XXS {_scoring(scoring)}")  # 162 has no code for these two
    for group in exchange.forbidden:
        players = " ".join(f"{player:>4}" for player in group.players)
        if group.first_round is None and group.last_round is None:
            lines.append(f"XXP {players}")
        else:
            first = group.first_round or 1
            last = group.last_round or rounds
            lines.append(f"260 {first:03d} {last:03d} {players}")
    for entry in exchange.byes:
        players = " ".join(f"{player:>4}" for player in entry.players)
        lines.append(f"240 {_CODES[entry.kind]} {entry.round:03d} {players}")
    by_no = {player.start_no: player for player in t.players}
    order = exchange.pairing_order or tuple(sorted(by_no))
    for start_no in order:
        player = by_no[start_no]
        if start_no in pending:
            player = replace(player, results=(
                *(r for r in player.results if r.round <= t.rounds),
                RoundResult(coming, pending[start_no])))
            lines.append(_player_line(player, coming, scoring, recompute=True))
        else:
            lines.append(_player_line(player, t.rounds, scoring, recompute=True))
    return line_end.join(lines) + line_end


def pose_round(t: Tournament, exchange: Exchange, round_no: int) -> str:
    """The TRF that asks a pairing engine for round ``round_no`` (docs/pairing.md §2): the
    rounds ``1..round_no-1`` of ``t`` as played (any later result is left out), and the
    byes ``exchange`` gives for round ``round_no`` in that round's column; LF line ends.

    The one way a round is posed: the club night (:func:`ladder.club.night.pose_round`) and
    the competition's Swiss (:func:`ladder.competition.swiss.pose`) both come here.
    """
    if round_no < 1:
        raise ValueError(f"round {round_no}: the round to pose must be 1 or more")
    before = replace(t, rounds=round_no - 1, players=tuple(
        replace(p, results=tuple(r for r in p.results if r.round < round_no))
        for p in t.players))
    return write_exchange(before, exchange, line_end="\n")


def _point_records(exchange: Exchange) -> list[str]:
    """162 (TRF-2026 columns: a code at 6, 15, 24 …, its value in the four columns after it)
    and the same values as bbpPairings's BBx records; nothing when all are the defaults."""
    values = exchange.points
    entries = [(code, value) for code, value in (
        ("W", values.win), ("D", values.draw), ("L", values.loss), ("A", values.absence),
        ("P", values.pairing_bye)) if value is not None]
    if not entries:
        return []
    lines = ["162  " + "    ".join(f"{code}{_number(value):>4}" for code, value in entries)]
    bb = {"W": "BBW", "D": "BBD", "L": "BBL", "A": "BBZ", "P": "BBU"}
    lines += [f"{bb[code]} {_number(value):>4}" for code, value in entries]
    return lines


def pose_coming_byes(text: str, source: str = "<trf>") -> str:
    """``text`` with the ``240`` byes of the coming round written into that round's column.

    The engines read the players not to be paired from the coming round's column
    (docs/pairing.md §2); a TRF-2026 file may give them only as ``240`` records. For each
    player a ``240`` record gives a bye in the coming round (the round after the last one in
    which anyone was paired) whose field there is blank, ``0000 - H``/``Z``/``F`` is written
    and the bye's points are added to the score (the value of 162/BBx, else 1 / ½ / 0). Every
    other line is kept as it is, with the file's own line ends.

    Raises :class:`~ladder.formats.errors.FormatError` as :func:`read_trf` and
    :func:`read_exchange` do.
    """
    exchange = read_exchange(text, source)
    if not exchange.byes:
        return text
    t = read_trf(text, source)
    played = max((r.round for p in t.players for r in p.results
                  if r.opponent is not None or r.kind is Kind.PAIRING_BYE), default=0)
    coming = played + 1
    byes = exchange.byes_of(coming)
    if not byes:
        return text
    scoring = exchange.points.scoring(t.scoring)
    ending = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    lines = split_lines(text, source, "TRF")
    column = ROUND_COLUMN - 1 + ROUND_WIDTH * (coming - 1)
    for index, line in enumerate(lines):
        if not line.startswith("001") or not line[4:8].strip().isdecimal():
            continue
        kind = byes.get(int(line[4:8]))
        if kind is None or line[column:column + ROUND_WIDTH].strip():
            continue
        line = line.ljust(column)
        line = line[:column] + f"0000 - {_CODES[kind]}" + line[column + 8:]
        printed = line[80:84].strip()
        if printed and printed.replace(",", ".").replace(".", "", 1).isdecimal():
            points = Fraction(printed.replace(",", ".")) + scoring.points(kind)
            line = line[:80] + f"{_number(points):>4}" + line[84:]
        lines[index] = line.rstrip()
    return ending.join(lines)


def with_records(text: str, *, initial_colour: Colour | None = None,
                 rounds: int | None = None) -> str:
    """``text`` with the records it lacks appended: ``XXC white1``/``black1`` for
    ``initial_colour`` and ``XXR`` for ``rounds`` (each only when given), in the file's own
    line ends. Used where a file was read without them and they had to be inferred
    (``ladder pair --check``, :func:`ladder.pairing.check.check_file`)."""
    added: list[str] = []
    if initial_colour is not None:
        added.append(f"XXC {'white1' if initial_colour is Colour.WHITE else 'black1'}")
    if rounds is not None:
        added.append(f"XXR {rounds}")
    if not added:
        return text
    end = "\r\n" if "\r\n" in text else "\n"
    return text.rstrip("\r\n") + end + end.join(added) + end
