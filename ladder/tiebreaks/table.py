"""Result types: one column per tie-break code, the whole table, one standing."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ladder.tiebreaks.codes import Code
from ladder.vocabulary.messages import Message

Raw = int | Fraction | None


@dataclass(frozen=True)
class Column:
    """The values of one tie-break code, in start-number order.

    ``raw`` holds scaled integers (value = raw / ``scale``), exact Fractions (``scale`` 1) or
    None (no value: no opponent to average over, or the tie-break was dropped). Higher is
    better for every tie-break of the engine; None ranks below every value.
    ``dropped`` says why the whole column is empty (Art. 10), if it is: a message
    (``str()`` is the English).
    """

    code: Code
    raw: tuple[Raw, ...]
    scale: int = 1
    dropped: Message | None = None

    def value(self, index: int) -> Fraction | None:
        """The exact value of the player at ``index`` (None when not applied)."""
        raw = self.raw[index]
        if raw is None:
            return None
        return Fraction(raw, self.scale) if self.scale != 1 or isinstance(raw, int) else raw


@dataclass(frozen=True)
class TiebreakTable:
    """Every requested tie-break of every player (``compute``'s answer).

    ``warnings`` are messages (Art. 10 drops, Buchholz-type codes in a round-robin);
    ``str()`` gives the English.
    """

    edition: str
    codes: tuple[Code, ...]
    start_nos: tuple[int, ...]
    names: tuple[str, ...]
    points: tuple[Fraction, ...]
    columns: dict[str, Column] = field(hash=False)
    warnings: tuple[Message, ...] = ()

    def value(self, start_no: int, code: str) -> Fraction | None:
        """The value of tie-break ``code`` (spelled as requested) for ``start_no``."""
        return self.columns[code].value(self.start_nos.index(start_no))

    def row(self, start_no: int) -> dict[str, Fraction | None]:
        """Every tie-break value of ``start_no``, by code as requested."""
        i = self.start_nos.index(start_no)
        return {c.text: self.columns[c.text].value(i) for c in self.codes}


@dataclass(frozen=True)
class Standing:
    """One line of the final ranking (C.07 art. 4.2; docs/tiebreaks.md §4)."""

    start_no: int
    name: str
    points: Fraction
    rank: int
    tiebreaks: Mapping[str, Fraction | None] = field(hash=False)


class Row(Mapping[str, Fraction | None]):
    """One player's tie-breaks as a read-only mapping ``code -> Fraction | None``.

    The values stay exact scaled integers until read (turning 13,000 of them into Fractions
    would cost more than computing them); equal to a plain dict with the same items.
    """

    __slots__ = ("_columns", "_index")

    def __init__(self, columns: Mapping[str, Column], index: int) -> None:
        self._columns = columns
        self._index = index

    def __getitem__(self, code: str) -> Fraction | None:
        return self._columns[code].value(self._index)

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    def __repr__(self) -> str:
        return repr(dict(self))
