"""Pages of long lists (docs/qualities.md §2 "Growth"): the ladder, roster, events, a profile's
lists, the audit log show one window of rows at a time.

Each list answers ``?page=N`` (or its own argument, say ``events_page``) with that window as a
whole page, so plain links work without JavaScript; the last row of a window is a "more" row
whose link htmx follows in place (``hx-target="closest tr"``, the row's id is the htmx
target), swapping itself for the next window's rows and the next "more" row. The page and
the fragment come from the same template (``page_or_fragment``).
"""

from __future__ import annotations

from flask import current_app, request

from ...queries.common import Window
from .request_values import digits

__all__ = ["Window", "list_size", "profile_size", "window"]

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
