"""Small pieces shared by the read models."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


class RatingChangeMixin:
    """``rating_change`` for a row with ``rating_before`` and ``rating_after`` (or None)."""

    rating_before: float | None
    rating_after: float | None

    @property
    def rating_change(self) -> float | None:
        """The ladder rating change of this event (None when no rating row exists)."""
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before

    @property
    def change(self) -> float | None:
        """The same as :attr:`rating_change` (the members pages' and the preview's name)."""
        return self.rating_change


@dataclass(frozen=True)
class Window:
    """Where one page of a list lies: page ``number`` (from 1) of ``size`` rows of ``total``."""

    number: int
    size: int
    total: int

    @property
    def pages(self) -> int:
        """How many pages the list has (at least one, even when empty)."""
        return max(1, -(-self.total // self.size))

    @property
    def offset(self) -> int:
        """Rows before this page."""
        return (self.number - 1) * self.size

    @property
    def first(self) -> int:
        """The 1-based position of this page's first row (0 for an empty list)."""
        return min(self.offset + 1, self.total)

    @property
    def last(self) -> int:
        """The 1-based position of this page's last row."""
        return min(self.offset + self.size, self.total)

    @property
    def has_previous(self) -> bool:
        """True on every page after the first."""
        return self.number > 1

    @property
    def has_next(self) -> bool:
        """True when rows follow this page."""
        return self.number < self.pages

    @property
    def next_size(self) -> int:
        """How many rows the next page holds."""
        return max(0, min(self.size, self.total - self.last))

    def rows(self, items: Sequence[T]) -> Sequence[T]:
        """This page's slice of the whole list ``items``."""
        return items[self.offset:self.offset + self.size]
