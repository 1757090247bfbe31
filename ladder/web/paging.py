"""Pages of long lists (SPEC §12 "Growth"): the ladder, roster, events, a profile's lists, the
audit log show one window of rows at a time.

Each list answers ``?page=N`` (or its own argument, say ``events_page``) with that window as a
whole page, so plain links work without JavaScript; the last row of a window is a "more" row
whose link htmx follows in place (``hx-target="closest tr"``, the row's id is the htmx
target), swapping itself for the next window's rows and the next "more" row. The page and
the fragment come from the same template (``page_or_fragment``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from flask import current_app, request

from .request_values import digits

T = TypeVar("T")

#: Rows in one window of the ladder, the roster and the events lists (``LIST_PAGE_SIZE``).
PAGE_SIZE = 100
#: Rows in one window of a profile's events and head-to-head (``PROFILE_PAGE_SIZE``).
PROFILE_PAGE_SIZE = 50


def list_size() -> int:
    """The window of the long lists: ``LIST_PAGE_SIZE`` (default :data:`PAGE_SIZE`)."""
    return max(1, int(current_app.config.get("LIST_PAGE_SIZE", PAGE_SIZE)))


def profile_size() -> int:
    """The window of a profile's lists: ``PROFILE_PAGE_SIZE`` (default 50)."""
    return max(1, int(current_app.config.get("PROFILE_PAGE_SIZE", PROFILE_PAGE_SIZE)))


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


def window(total: int, size: int | None = None, arg: str = "page") -> Window:
    """The window the request asks for with ``?<arg>=N`` (``size`` rows, by default
    :func:`list_size`); a missing, malformed or too large number shows the first or the
    last page (never an error)."""
    size = size or list_size()
    pages = max(1, -(-total // size))
    number = digits(request.args.get(arg), 9) or 1
    return Window(min(max(number, 1), pages), size, total)


def everything(total: int) -> Window:
    """One window holding the whole list (the printable ladder)."""
    return Window(1, max(total, 1), total)
