"""Each client's budget of tool computation (issue 25, "Cost of anonymous requests").

The tools are public in every visibility mode, and a unique query string is never answered
from the page cache: a calculator at its limits costs ~50 ms of CPU, compare mode ~90 ms, a
cached ladder ~1 ms. So that a few clients asking for tool URLs back to back cannot slow the
club's pages for everyone, every client (its address, as the proxy reports it with
``PROXY_FIX``) has a budget of CPU seconds for the tools, kept like a leaky bucket:

* each computed tool answer (not one from the page cache, not a 304) adds the CPU time its
  thread spent on it to the client's debt;
* the debt drains at ``TOOL_BUDGET_RATE`` seconds per second (default 0.05: 3 s of
  computation a minute, some 40 calculator answers at their limits);
* while the debt is over ``TOOL_BUDGET_BURST`` seconds (default 1.5), the client's
  tool requests that would compute answer 429 with a sentence in the reader's language and
  ``Retry-After``; the pages it already has stay in the cache and keep answering.

A person using a tool by hand never notices; a script hammering it gets 429 after its burst.
The budget is kept per worker process (a client spread over W workers gets at most W times
it; no write to the database for it, which would cost every tool request the write lock).
``TOOL_BUDGET=0`` switches it off (the bench's "before").
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, current_app, g, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

DEFAULT_RATE = 0.05
DEFAULT_BURST = 1.5
#: Clients remembered per worker (least recently seen forgotten first).
MAX_CLIENTS = 10_000


@dataclass
class _Debt:
    seconds: float
    at: float


class ToolBudget:
    """Per-client debt of CPU seconds, draining at ``rate`` per second; thread-safe.

    ``clock`` is injectable for tests (monotonic seconds)."""

    def __init__(self, rate: float = DEFAULT_RATE, burst: float = DEFAULT_BURST,
                 clock: Callable[[], float] | None = None) -> None:
        self.rate = max(0.0, rate)
        self.burst = max(0.0, burst)
        self._clock = clock or time.monotonic
        self._debts: OrderedDict[str, _Debt] = OrderedDict()
        self._lock = threading.Lock()

    def _current(self, client: str, now: float) -> float:
        debt = self._debts.get(client)
        if debt is None:
            return 0.0
        return max(0.0, debt.seconds - (now - debt.at) * self.rate)

    def wait(self, client: str) -> float:
        """Seconds ``client`` must wait before a tool may compute for it (0: go ahead)."""
        with self._lock:
            over = self._current(client, self._clock()) - self.burst
        if over <= 0:
            return 0.0
        return math.inf if self.rate == 0 else over / self.rate

    def charge(self, client: str, seconds: float) -> None:
        """Add ``seconds`` of computation to ``client``'s debt."""
        with self._lock:
            now = self._clock()
            self._debts[client] = _Debt(self._current(client, now) + max(0.0, seconds), now)
            self._debts.move_to_end(client)
            while len(self._debts) > MAX_CLIENTS:
                self._debts.popitem(last=False)


def _client() -> str:
    return request.remote_addr or "?"


def _budget() -> ToolBudget | None:
    return current_app.extensions.get("tool_budget")


def before_tool() -> Response | tuple[str, int, dict[str, str]] | None:
    """Refuse a computing tool request of a client over its budget (429); else start the
    clock. Runs after the page cache's hook, so cached answers and 304s cost nothing."""
    budget = _budget()
    if budget is None:
        return None
    wait = budget.wait(_client())
    if wait > 0:
        return too_many(wait)
    g.tool_cpu_start = time.thread_time()
    return None


def after_tool(response: Response) -> Response:
    """Charge the client for the computation this request did."""
    budget = _budget()
    start = g.pop("tool_cpu_start", None)
    if budget is not None and start is not None:
        budget.charge(_client(), time.thread_time() - start)
    return response


def too_many(wait: float) -> tuple[str, int, dict[str, str]]:
    """The 429 answer: a sentence in the reader's language, ``Retry-After`` in seconds (for
    htmx the page replaces the body: htmx swaps no 4xx answer)."""
    from ..cache import do_not_store
    from ..htmx import is_htmx, status_for_htmx
    do_not_store()
    seconds = 60 if math.isinf(wait) else max(1, min(3600, math.ceil(wait)))
    g.error_page = True
    message = _("You asked the tools for many results in a short time. Please wait "
                "%(seconds)d seconds, then try again; results you already opened still work.",
                seconds=seconds)
    headers = {"Retry-After": str(seconds), "Cache-Control": "no-store"}
    if is_htmx():
        headers.update({"HX-Retarget": "body", "HX-Reswap": "innerHTML"})
    return (render_template("error.html", code=429, message=message), status_for_htmx(429),
            headers)


def init_budget(app: Flask) -> None:
    """Create the worker's budget from the configuration (none when ``TOOL_BUDGET`` is 0)."""
    if str(app.config.get("TOOL_BUDGET", "1")) in ("0", "false", "False", "off"):
        return
    app.extensions["tool_budget"] = ToolBudget(
        float(app.config.get("TOOL_BUDGET_RATE", DEFAULT_RATE)),
        float(app.config.get("TOOL_BUDGET_BURST", DEFAULT_BURST)))
