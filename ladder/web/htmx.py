"""The one module that reads and writes ``HX-*`` headers (through htmx-flask).

Everything the web layer needs to know about htmx lives here:

* whether a request is an htmx request (history restores excluded: they want the whole page);
* page versus fragment, decided by the htmx *target*, never by the mere presence of
  ``HX-Request`` (docs/architecture.md §4: back/forward and boosted navigation keep working);
* the response headers: ``HX-Trigger`` (``ladderChanged`` refreshes the standings, tie-breaks
  and ladder after a change), ``HX-Push-Url`` (the tools' shareable state), ``HX-Refresh``
  (a club night desk older than the night loads again), ``HX-Redirect``
  (an expired session inside an htmx request goes to the login page instead of swapping a
  login form into a table cell);
* ``Vary: HX-Request, HX-Target`` on every response, since one URL serves a page and its
  fragments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, redirect, render_template, request
from htmx_flask import Htmx
from htmx_flask import make_response as htmx_response
from werkzeug.wrappers import Response

#: The htmx request headers that can change what one URL answers (page or which fragment):
#: the page cache keys on them, ``Vary`` names the first two.
REQUEST_HEADERS = ("HX-Request", "HX-Target", "HX-History-Restore-Request", "HX-Boosted",
                   "HX-Trigger", "HX-Trigger-Name")

#: The event every change announces; the ladder, standings and crosstable listen for it.
LADDER_CHANGED = "ladderChanged"

htmx = Htmx()


def init_htmx(app: Flask) -> None:
    """Install htmx-flask (``request.htmx``) and the ``Vary`` header on ``app``."""
    htmx.init_app(app)

    @app.after_request
    def _vary(response: Response) -> Response:
        # One URL serves a page or its fragment: caches must key on the htmx headers.
        for name in REQUEST_HEADERS[:2]:
            response.vary.add(name)
        return response


def _headers() -> Any:
    """htmx-flask's view of the request headers (``request.htmx``, added by htmx-flask)."""
    return request.htmx  # type: ignore[attr-defined]


def is_htmx() -> bool:
    """True for an htmx request that is not a history restore (which wants the full page)."""
    headers: Any = getattr(request, "htmx", None)
    return bool(headers) and not headers.history_restore_request


def wants_fragment(target_id: str) -> bool:
    """True when htmx asked for the element ``target_id`` only (not a history restore)."""
    return is_htmx() and _headers().target == target_id


def target() -> str | None:
    """The id of the element htmx will swap, or None for a whole page."""
    return _headers().target if is_htmx() else None


def page_or_fragment(page: str, fragments: Mapping[str, str], /, **context: Any) -> str:
    """Render the fragment htmx targets (``fragments`` maps target ids to templates), else
    the whole page. The page includes the same fragment templates, so both always agree."""
    for target_id, template in fragments.items():
        if wants_fragment(target_id):
            return render_template(template, **context)
    return render_template(page, **context)


def changed(html: str, status: int = 200) -> Response:
    """An answer after a successful change: ``html`` plus the ``ladderChanged`` event."""
    return htmx_response(html, status, trigger=LADDER_CHANGED)


def with_push_url(html: str, url: str) -> Response:
    """``html``; for htmx requests also ``HX-Push-Url``, so the address bar holds ``url``."""
    if is_htmx():
        return htmx_response(html, push_url=url)
    return htmx_response(html)


def redirect_to(location: str) -> Response:
    """Go to ``location``: ``HX-Redirect`` for htmx requests (a full page load, not a swap),
    a 303 otherwise (after a POST, never 302)."""
    if getattr(request, "htmx", None):
        return htmx_response("", 204, redirect=location)
    return redirect(location, code=303)


def refresh_page() -> Response:
    """An empty answer that makes htmx load the whole page again (``HX-Refresh``): the page
    showed a state older than the one just changed (another organizer's change meanwhile),
    so swapping a part of it would mix two states."""
    return htmx_response("", 200, refresh=True)


def status_for_htmx(status: int) -> int:
    """htmx 2 swaps no 4xx answer by default: a refused form is re-rendered at 200 for htmx,
    with its proper status otherwise (docs/architecture.md §4)."""
    return 200 if is_htmx() else status
