"""Crosstables of an event, built from :class:`~ladder.queries.events.EventView`.

* Round-robins and matches: the matrix — rows and columns are the players in standings order,
  each cell lists the row player's results against the column player (several in a double
  round-robin); byes and absences go to a last column.
* Everything else (Swiss, casual nights, bughouse): the round-by-round table of the standings
  rows, each cell the opponent's start number, the colour and the result (like chess-results).

Cells stay :class:`~ladder.queries.events.ResultCell` objects, so the organizer's inline editor
can work on every one of them (result id and version travel with the cell).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..vocabulary.tournament import EventKind
from .events import EventView, ResultCell, StandingRow

MATRIX_KINDS = (EventKind.ROUND_ROBIN.value, EventKind.MATCH.value)


@dataclass(frozen=True)
class MatrixRow:
    """One row of a round-robin matrix."""

    position: int
    row: StandingRow
    cells: tuple[tuple[ResultCell, ...], ...]  # one tuple per column (the diagonal is empty)
    others: tuple[ResultCell, ...]  # byes and rounds without an opponent in the table


@dataclass(frozen=True)
class Crosstable:
    """The crosstable of an event in the style that suits its kind."""

    style: str  # "matrix" | "rounds"
    rounds: int
    rows: tuple[StandingRow, ...]
    matrix: tuple[MatrixRow, ...] = ()

    @property
    def has_others(self) -> bool:
        """True when some matrix row has a bye or an absence to show in the last column."""
        return any(row.others for row in self.matrix)


def crosstable(view: EventView) -> Crosstable:
    """The crosstable of ``view``'s event."""
    rounds = max([view.event.rounds] + [len(row.cells) for row in view.rows])
    if view.event.kind not in MATRIX_KINDS:
        return Crosstable("rounds", rounds, view.rows)
    position = {row.start_no: i for i, row in enumerate(view.rows)}
    matrix = []
    for i, row in enumerate(view.rows, start=1):
        columns: list[list[ResultCell]] = [[] for _ in view.rows]
        others: list[ResultCell] = []
        for cell in row.cells:
            column = position.get(cell.opponent_start_no) if cell.opponent_start_no else None
            if column is None:
                if cell.result_id is not None:
                    others.append(cell)
            else:
                columns[column].append(cell)
        matrix.append(MatrixRow(i, row, tuple(tuple(c) for c in columns), tuple(others)))
    return Crosstable("matrix", rounds, view.rows, tuple(matrix))
