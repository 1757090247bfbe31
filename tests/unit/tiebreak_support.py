"""Crosstables for the tie-break tests: a compact row notation, the FIDE exercises and real event
files of tests/data."""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

from ladder.formats import read_pgn_tournament, read_trf
from ladder.vocabulary.tournament import (
    Colour,
    EventKind,
    Kind,
    Player,
    RoundResult,
    Scoring,
    Tournament,
)
from tests.factories import TESTDATA  # tests/data; tests/data/README.md names the sources

EXERCISES = TESTDATA / "fide-exercises"


_GAME = re.compile(r"^(\d+)([wb])([10=+\-XWDL])$")


_RESULT = {"1": Kind.WIN, "0": Kind.LOSS, "=": Kind.DRAW, "+": Kind.FORFEIT_WIN,
           "-": Kind.FORFEIT_LOSS, "X": Kind.DOUBLE_FORFEIT}


_UNRATED = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}


_BYES = {"U": Kind.PAIRING_BYE, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}


def crosstable(rows: dict[int, str], *, ratings: dict[int, int | None] | None = None,
               kind: EventKind = EventKind.SWISS, scoring: Scoring | None = None,
               rounds: int | None = None) -> Tournament:
    players = []
    most = 0
    for sno, text in rows.items():
        results = []
        for r, token in enumerate(text.split(), start=1):
            if token in _BYES:
                results.append(RoundResult(r, _BYES[token]))
                continue
            m = _GAME.match(token)
            assert m, f"bad token {token!r}"
            colour = Colour.WHITE if m[2] == "w" else Colour.BLACK
            if m[3] in _UNRATED:
                results.append(RoundResult(r, Kind.UNRATED_PLAYED, int(m[1]), colour,
                                           _UNRATED[m[3]]))
            else:
                results.append(RoundResult(r, _RESULT[m[3]], int(m[1]), colour))
        most = max(most, len(results))
        rating = (ratings or {}).get(sno, 2000 if ratings is None else None)
        players.append(Player(sno, f"P{sno}", rating, tuple(results)))
    extra = {} if scoring is None else {"scoring": scoring}
    return Tournament("test", tuple(players), rounds or most, kind=kind, **extra)


def exercise(name: str) -> Tournament:
    path = EXERCISES / name
    return read_trf(path.read_text(encoding="utf-8"), name)


def uzchess() -> Tournament:
    path = TESTDATA / "pgn" / "uzchesscup.pgn"
    return read_pgn_tournament(path.read_text(encoding="utf-8"), path.name)


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))
