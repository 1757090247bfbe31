"""The one module that reads and writes ``HX-*`` headers (through htmx-flask).

No other module of ``ladder/`` names an ``HX-*`` header or asks whether a request came from
htmx (tests/unit/test_htmx_rule.py); each case has its helper here, whose docstring states
its rule:

* **a GET: page or fragment, by the htmx target** (:func:`page_or_fragment`,
  :func:`wants_fragment`, :func:`target`), never by the mere presence of ``HX-Request``
  (docs/architecture.md §4: back/forward and boosted navigation keep working);
* **the answer to a POST, by presence** (:func:`answers_fragment`, :func:`fragment_or_page`):
  the control that posted waits for its part of the page; a plain form gets a redirect (303,
  :func:`redirect_to`) or the whole page. A GET sent by a control that swaps itself
  (``hx-target="this"`` or ``"closest …"``: no id, so htmx sends no target) and a poll follow
  the same rule;
* **an error**: at 200 for htmx (:func:`status_for_htmx`), in place of the whole body when it
  is a page (:func:`error_answer`);
* the response headers: ``HX-Trigger`` (``ladderChanged`` refreshes the standings, tie-breaks
  and ladder after a change: :func:`changed`), ``HX-Push-Url`` (the tools' shareable state:
  :func:`with_push_url`), ``HX-Refresh`` (a club night desk older than the night loads again:
  :func:`refresh_page`), ``HX-Redirect`` (an expired session inside an htmx request goes to
  the login page instead of swapping a login form into a table cell: :func:`redirect_to`);
* ``Vary: HX-Request, HX-Target`` on every response, since one URL serves a page and its
  fragments, and the same headers in the cache keys (:func:`request_variant`);
* for a client (the benchmark): the headers htmx sends for a fragment
  (:func:`fragment_request`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask, redirect, render_template, request
from htmx_flask import Htmx
from htmx_flask import make_response as htmx_response
from werkzeug.wrappers import Response

#: The header every htmx request carries.
HX_REQUEST = "HX-Request"
#: The id of the element htmx will swap (absent when that element has no id).
HX_TARGET = "HX-Target"
#: The htmx request headers that can change what one URL answers (page or which fragment):
#: the page cache keys on them, ``Vary`` names the first two (:data:`VARY_HEADERS`).
REQUEST_HEADERS = (HX_REQUEST, HX_TARGET, "HX-History-Restore-Request", "HX-Boosted",
                   "HX-Trigger", "HX-Trigger-Name")
#: The headers ``Vary`` names on every response: page or fragment, and which fragment.
VARY_HEADERS = REQUEST_HEADERS[:2]
#: An error page shown for htmx replaces the whole body, wherever the request came from.
_ERROR_SWAP = {"HX-Retarget": "body", "HX-Reswap": "innerHTML"}

#: The event every change announces; the ladder, standings and crosstable listen for it.
LADDER_CHANGED = "ladderChanged"

htmx = Htmx()


def init_htmx(app: Flask) -> None:
    """Install htmx-flask (``request.htmx``) and the ``Vary`` header on ``app``."""
    htmx.init_app(app)

    @app.after_request
    def _vary(response: Response) -> Response:
        # One URL serves a page or its fragment: caches must key on the htmx headers.
        for name in VARY_HEADERS:
            response.vary.add(name)
        return response


def _headers() -> Any:
    """htmx-flask's view of the request headers (``request.htmx``, added by htmx-flask)."""
    return request.htmx  # type: ignore[attr-defined]


def is_htmx() -> bool:
    """True for an htmx request that is not a history restore (which wants the full page).

    The building block of the helpers below; views ask one of those, which says the rule."""
    headers: Any = getattr(request, "htmx", None)
    return bool(headers) and not headers.history_restore_request


# ---------------------------------------------------------------- GET: by the target


def wants_fragment(target_id: str) -> bool:
    """The GET rule: True when htmx asked for the element ``target_id`` only (not a history
    restore); any other request, htmx or not, gets the whole page."""
    return is_htmx() and _headers().target == target_id


def target() -> str | None:
    """The id of the element htmx will swap, or None for a whole page."""
    return _headers().target if is_htmx() else None


def page_or_fragment(page: str, fragments: Mapping[str, str], /, **context: Any) -> str:
    """The GET rule, rendered: the fragment htmx targets (``fragments`` maps target ids to
    templates), else the whole page. The page includes the same fragment templates, so both
    always agree."""
    for target_id, template in fragments.items():
        if wants_fragment(target_id):
            return render_template(template, **context)
    return render_template(page, **context)


# ---------------------------------------------------------------- POST: by presence


def answers_fragment() -> bool:
    """The POST rule: True when the answer is a fragment, that is for any htmx request (not
    a history restore): the control that posted waits for its own part of the page. A plain
    form gets a redirect (303) or the whole page instead.

    The same rule holds for a GET whose control swaps itself (``hx-target="this"`` or
    ``"closest …"``: no id, so no target to read) and for a poll answered only to htmx."""
    return is_htmx()


def fragment_or_page(fragment: str, page: str) -> str:
    """The POST rule, as a template: ``fragment`` when :func:`answers_fragment`, else
    ``page`` (a refused change shown again, or a self-swapping control's GET)."""
    return fragment if answers_fragment() else page


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


# ---------------------------------------------------------------- errors


def status_for_htmx(status: int) -> int:
    """htmx 2 swaps no 4xx answer by default: a refused form is re-rendered at 200 for htmx,
    with its proper status otherwise (docs/architecture.md §4)."""
    return 200 if is_htmx() else status


def error_answer(html: str, status: int, headers: Mapping[str, str] | None = None
                 ) -> tuple[str, int, dict[str, str]]:
    """The retargeting rule: an error *page* (``html``, not a part of the page that asked)
    replaces the whole body for htmx (``HX-Retarget: body``, ``HX-Reswap: innerHTML``), at
    200 since htmx swaps no 4xx or 5xx answer; without htmx it is the page, with ``status``.
    ``headers`` are sent either way (before the htmx ones)."""
    sent = dict(headers or {})
    if is_htmx():
        sent.update(_ERROR_SWAP)
    return html, status_for_htmx(status), sent


# ---------------------------------------------------------------- caches and clients


def request_variant(names: Sequence[str] = REQUEST_HEADERS) -> tuple[str | None, ...]:
    """The values of the htmx request headers ``names`` (default: every one that can change
    what a URL answers), for a cache key or an entity tag: one URL, one entry per variant."""
    return tuple(request.headers.get(name) for name in names)


def fragment_request(target_id: str) -> dict[str, str]:
    """The request headers htmx sends when it asks for the element ``target_id`` (for a
    client of the app, such as the page benchmark)."""
    return {HX_REQUEST: "true", HX_TARGET: target_id}
