"""Each client's budget of tool computation (docs/qualities.md §1).

The tools are public in every visibility mode, and a unique query string is never answered
from the page cache: a calculator at its limits costs ~75 ms of CPU, compare mode ~95 ms, a
cached ladder well under 1 ms. So that anonymous clients asking for tool URLs back to back
cannot slow the club's pages, four things hold, for every worker process of the server
together:

1. **A share of the machine** (:class:`ToolSlots`): at most ``TOOL_CONCURRENCY`` tool
   answers compute at once (default: half the CPU cores, at least one), so the other cores
   are always free for the club's pages. A tool request that finds every slot taken waits up
   to ``TOOL_QUEUE_SECONDS`` (default 1) for one, then answers 503 with a sentence in the
   reader's language and ``Retry-After``. The slots are ``flock`` locks on small files of
   the instance folder (``tool_slots/``), released by the kernel if a worker dies.
2. **A budget per client**, kept like a leaky bucket: every client (its address, as the
   proxy reports it with ``PROXY_FIX``) has a debt of CPU seconds for the tools;

   * each computed tool answer (not one from the page cache, not a 304) adds the CPU time
     its thread spent on it to the client's debt;
   * the debt drains at ``TOOL_BUDGET_RATE`` seconds per second (default 0.02: 1.2 s of
     computation a minute, a dozen calculator answers at their limits, far more below them);
   * while the debt is over ``TOOL_BUDGET_BURST`` seconds (default 1.0), the client's tool
     requests that would compute answer 429 with a sentence in the reader's language and
     ``Retry-After``; the pages it already has stay in the cache and keep answering.

   The debts live in a small SQLite file of the instance folder (:data:`BUDGET_FILE`; never
   the club's database, whose write lock a tool request must not take); should it be
   unusable, each worker keeps its own. ``TOOL_BUDGET=0`` switches the budget off (the
   bench's "before").
3. **A low priority** (:class:`LowPriority`): in a worker that serves one request at a time
   (gunicorn's sync workers, as ``ladder serve`` runs them; ``wsgi.multithread`` false), a
   tool's view runs in a thread of its own, ``TOOL_NICE`` (default 10) nicer than the
   worker: while a tool computes, the kernel gives a page any core it needs first. (A
   multithreaded worker runs tools inline: a thread the kernel holds back there would hold
   back its neighbours, which wait for the same interpreter lock.)
4. **A cheap refusal**: a refused client is answered before anything is computed, with a
   light page of its own (``tools/refused.html``: no site layout, no settings read, no
   session), so a client asking back to back after its refusal costs the server little.

A person using a tool by hand never notices; a script hammering it gets 429 after its burst,
and however many scripts there are, the tools never hold more than their slots' share of the
CPU, and that at a lower priority than the pages. ``TOOL_CONCURRENCY=0`` switches the slots
off, ``TOOL_NICE=0`` the low priority.
"""

from __future__ import annotations

import contextvars
import fcntl
import functools
import logging
import math
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, g, render_template, request
from flask.sansio.app import App
from flask_babel import gettext as _
from werkzeug.wrappers import Response

DEFAULT_RATE = 0.02
DEFAULT_BURST = 1.0
#: Seconds a tool request waits for a free slot before it is told the tools are busy.
DEFAULT_QUEUE_SECONDS = 1.0
#: The folder of the instance folder holding one lock file per slot.
SLOTS_FOLDER = "tool_slots"
#: How often a waiting request looks for a free slot again.
_POLL_SECONDS = 0.01
#: The niceness of the thread a tool computes in (``TOOL_NICE``; 0: the request's own).
DEFAULT_NICE = 10
_log = logging.getLogger(__name__)
#: The file in the instance folder where every worker of the server keeps the debts.
BUDGET_FILE = "tool_budget.sqlite3"
#: Clients remembered in one process's memory (least recently seen forgotten first).
MAX_CLIENTS = 10_000


@dataclass
class _Debt:
    seconds: float
    at: float


class _MemoryDebts:
    """The debts in this process (tests, and the fallback when no file can be used)."""

    def __init__(self) -> None:
        self._debts: OrderedDict[str, _Debt] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, client: str) -> _Debt | None:
        with self._lock:
            return self._debts.get(client)

    def update(self, client: str, change: Callable[[_Debt | None], _Debt]) -> None:
        with self._lock:
            self._debts[client] = change(self._debts.get(client))
            self._debts.move_to_end(client)
            while len(self._debts) > MAX_CLIENTS:
                self._debts.popitem(last=False)


class _FileDebts:
    """The debts in a small SQLite file of the instance folder, shared by every worker of the
    server (one client is one budget, however many workers answer it). Its own file, never
    the club's database: a charge never waits for, or holds, the club's write lock."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()
        self._charges = 0
        # Every worker starts at once: the first one creates the table, the others wait for
        # its lock (the connection's busy timeout) and find it there.
        for attempt in range(5):
            try:
                self._connect()
                break
            except sqlite3.OperationalError:
                if attempt == 4:
                    raise
                self._local.connection = None
                time.sleep(0.2 * (attempt + 1))

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
            connection.execute("PRAGMA busy_timeout=5000")
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")  # a lost debt after a crash is fine
            connection.execute("CREATE TABLE IF NOT EXISTS debts (client TEXT PRIMARY KEY, "
                               "seconds REAL NOT NULL, at REAL NOT NULL)")
            self._local.connection = connection
        return connection

    def get(self, client: str) -> _Debt | None:
        row = self._connect().execute("SELECT seconds, at FROM debts WHERE client = ?",
                                      (client,)).fetchone()
        return _Debt(*row) if row else None

    def update(self, client: str, change: Callable[[_Debt | None], _Debt]) -> None:
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            new = change(self.get(client))
            connection.execute("INSERT INTO debts (client, seconds, at) VALUES (?, ?, ?) "
                               "ON CONFLICT (client) DO UPDATE SET seconds = excluded.seconds, "
                               "at = excluded.at", (client, new.seconds, new.at))
            self._charges += 1
            if self._charges % 1000 == 0:  # forget clients not seen for an hour
                connection.execute("DELETE FROM debts WHERE at < ?", (new.at - 3600,))
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise


class ToolBudget:
    """Per-client debt of CPU seconds, draining at ``rate`` per second; thread-safe.

    ``path``: the SQLite file the workers share (None: this process only). ``clock`` is
    injectable for tests; by default :func:`time.monotonic`, which on Linux is one clock for
    every process of the machine."""

    def __init__(self, rate: float = DEFAULT_RATE, burst: float = DEFAULT_BURST,
                 clock: Callable[[], float] | None = None, path: str | None = None) -> None:
        self.rate = max(0.0, rate)
        self.burst = max(0.0, burst)
        self._clock = clock or time.monotonic
        self._debts: _MemoryDebts | _FileDebts = _FileDebts(path) if path else _MemoryDebts()

    def _current(self, debt: _Debt | None, now: float) -> float:
        if debt is None:
            return 0.0
        return max(0.0, debt.seconds - max(0.0, now - debt.at) * self.rate)

    def wait(self, client: str) -> float:
        """Seconds ``client`` must wait before a tool may compute for it (0: go ahead; also
        when the shared file cannot be read: the budget never breaks a tool)."""
        try:
            debt = self._debts.get(client)
        except sqlite3.Error:
            return 0.0
        over = self._current(debt, self._clock()) - self.burst
        if over <= 0:
            return 0.0
        return math.inf if self.rate == 0 else over / self.rate

    def charge(self, client: str, seconds: float) -> None:
        """Add ``seconds`` of computation to ``client``'s debt."""
        now = self._clock()
        try:
            self._debts.update(client, lambda debt: _Debt(
                self._current(debt, now) + max(0.0, seconds), now))
        except sqlite3.Error:  # busy beyond the timeout: this charge is forgotten
            pass


def default_concurrency() -> int:
    """Half the machine's CPU cores, at least one: the rest stay free for the club's pages."""
    return max(1, (os.cpu_count() or 2) // 2)


class ToolSlots:
    """At most ``size`` tool answers computing at once in every worker process of the server.

    ``folder``: where the lock files live (the instance folder's ``tool_slots``), one per
    slot; a slot is taken with a non-blocking ``flock`` on a file opened for that request
    alone (so two threads of one worker never share a lock), and the kernel gives it back
    if the worker dies. Without a folder (or should it be unusable), a semaphore limits this
    process only. ``clock`` and ``sleep`` are injectable for tests.
    """

    def __init__(self, size: int, folder: str | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.size = max(1, size)
        self.folder = folder
        self._clock, self._sleep = clock, sleep
        self._local = threading.BoundedSemaphore(self.size)
        if folder is not None:
            os.makedirs(folder, mode=0o700, exist_ok=True)

    def _paths(self) -> list[str]:
        assert self.folder is not None
        return [os.path.join(self.folder, f"slot-{k}") for k in range(self.size)]

    def take(self, wait: float) -> Callable[[], None] | None:
        """Take a slot, waiting at most ``wait`` seconds: the function that gives it back,
        or None when none came free."""
        if self.folder is None:
            return self._local.release if self._local.acquire(timeout=max(0.0, wait)) \
                else None
        descriptors: list[int] = []
        try:
            for path in self._paths():
                descriptors.append(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        except OSError as error:
            for descriptor in descriptors:
                os.close(descriptor)
            _log.warning("The tools' slot files cannot be used (%s); this worker limits "
                         "only its own tool answers.", error)
            self.folder = None
            return self.take(wait)
        deadline = self._clock() + max(0.0, wait)
        try:
            while True:
                for descriptor in descriptors:
                    try:
                        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        continue
                    descriptors.remove(descriptor)
                    return functools.partial(_give_back, descriptor)
                if self._clock() >= deadline:
                    return None
                self._sleep(_POLL_SECONDS)
        finally:
            for descriptor in descriptors:  # the slots not taken
                os.close(descriptor)


def _give_back(descriptor: int) -> None:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


class LowPriority:
    """Runs a worker's tool views in one thread of its own at niceness ``nice`` (see the
    module docstring), when the worker serves one request at a time; inline otherwise.

    The view runs in a copy of the request's context (the same request, ``g`` and session),
    while the request's own thread waits for it; the CPU time it spends there is left in
    ``g.tool_cpu_elsewhere`` for the client's budget. ``threads`` counts the threads made
    (one per worker process).
    """

    def __init__(self, nice: int = DEFAULT_NICE) -> None:
        self.nice = max(0, min(19, nice))
        self.threads = 0
        self.native_ids: list[int] = []  # of the threads made (tests read their niceness)
        self._executor: ThreadPoolExecutor | None = None
        self._pid = 0
        self._lock = threading.Lock()

    def _start(self) -> None:
        # Linux: PRIO_PROCESS with a thread's id sets that thread's niceness alone. Raising
        # it needs no privilege; ``nice`` is added to the worker's own.
        thread = threading.get_native_id()
        try:
            own = os.getpriority(os.PRIO_PROCESS, thread)
            os.setpriority(os.PRIO_PROCESS, thread, min(19, own + self.nice))
        except OSError as error:  # pragma: no cover - a system that refuses: run as is
            _log.warning("The tools' thread keeps the worker's priority (%s).", error)
        self.native_ids.append(thread)
        self.threads += 1

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None or self._pid != os.getpid():  # none, or forked
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="ladder-tools",
                                                    initializer=self._start)
                self._pid = os.getpid()
            return self._executor

    def applies(self) -> bool:
        """True when this request's tool view runs in the low-priority thread."""
        return (self.nice > 0 and hasattr(os, "setpriority")
                and not request.environ.get("wsgi.multithread", True))

    def run(self, view: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``view(*args, **kwargs)``, in the low-priority thread when :meth:`applies`."""
        if not self.applies():
            return view(*args, **kwargs)
        return self._pool().submit(contextvars.copy_context().run, _timed, view, args,
                                   kwargs).result()


def _timed(view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    start = time.thread_time()
    try:
        return view(*args, **kwargs)
    finally:
        g.tool_cpu_elsewhere = time.thread_time() - start


def low_priority_views(app: App, blueprint: str) -> None:
    """Run every view of ``blueprint`` through the app's :class:`LowPriority`."""
    runner: LowPriority | None = app.extensions.get("tool_priority")
    if runner is None:
        return
    for endpoint, view in list(app.view_functions.items()):
        if endpoint.startswith(blueprint + "."):
            app.view_functions[endpoint] = functools.update_wrapper(
                functools.partial(runner.run, view), view)


def _client() -> str:
    return request.remote_addr or "?"


def _budget() -> ToolBudget | None:
    return current_app.extensions.get("tool_budget")


def _slots() -> ToolSlots | None:
    return current_app.extensions.get("tool_slots")


def before_tool() -> Response | tuple[str, int, dict[str, str]] | None:
    """Refuse a computing tool request of a client over its budget (429) or when no slot came
    free (503); else take a slot and start the clock. Runs after the page cache's hook, so
    cached answers and 304s cost nothing and take no slot."""
    budget = _budget()
    if budget is not None:
        wait = budget.wait(_client())
        if wait > 0:
            return too_many(wait)
    slots = _slots()
    if slots is not None:
        give_back = slots.take(float(current_app.config.get("TOOL_QUEUE_SECONDS",
                                                            DEFAULT_QUEUE_SECONDS)))
        if give_back is None:
            return busy()
        g.tool_slot = give_back
    if budget is not None:
        g.tool_cpu_start = time.thread_time()
    return None


def after_tool(response: Response) -> Response:
    """Charge the client for the computation this request did."""
    budget = _budget()
    start = g.pop("tool_cpu_start", None)
    elsewhere = g.pop("tool_cpu_elsewhere", 0.0)  # spent in the low-priority thread
    if budget is not None and start is not None:
        budget.charge(_client(), time.thread_time() - start + elsewhere)
    return response


def release_slot(_error: BaseException | None = None) -> None:
    """Give the request's slot back (at the end of every tool request, failed ones too)."""
    give_back = g.pop("tool_slot", None)
    if give_back is not None:
        give_back()


def _refusal(code: int, message: str, seconds: int) -> tuple[str, int, dict[str, str]]:
    """A light refusal page (``tools/refused.html``), never stored as the URL's page; for
    htmx it replaces the body (htmx swaps no 4xx or 5xx answer)."""
    from ..support.cache import do_not_store
    from ..support.htmx import error_answer
    do_not_store()
    headers = {"Retry-After": str(seconds), "Cache-Control": "no-store"}
    return error_answer(render_template("tools/refused.html", code=code, message=message),
                        code, headers)


def too_many(wait: float) -> tuple[str, int, dict[str, str]]:
    """The 429 answer: a sentence in the reader's language, ``Retry-After`` in seconds."""
    seconds = 60 if math.isinf(wait) else max(1, min(3600, math.ceil(wait)))
    message = _("You asked the tools for many results in a short time. Please wait "
                "%(seconds)d seconds, then try again; results you already opened still work.",
                seconds=seconds)
    return _refusal(429, message, seconds)


def busy() -> tuple[str, int, dict[str, str]]:
    """The 503 answer while every tool slot stays taken: try again in a moment."""
    return _refusal(503, _("The tools are busy answering other requests. Please try again in "
                           "a few seconds; results you already opened still work."), 2)


def init_budget(app: Flask) -> None:
    """Create the worker's budget (none when ``TOOL_BUDGET`` is 0), the server's tool slots
    (none when ``TOOL_CONCURRENCY`` is 0) and the tools' low priority (none when
    ``TOOL_NICE`` is 0) from the configuration."""
    nice = int(app.config.get("TOOL_NICE", DEFAULT_NICE))
    if nice > 0:
        app.extensions["tool_priority"] = LowPriority(nice)
    concurrency = int(app.config.get("TOOL_CONCURRENCY", default_concurrency()))
    if concurrency > 0:
        folder: str | None = os.path.join(app.instance_path, SLOTS_FOLDER)
        try:
            app.extensions["tool_slots"] = ToolSlots(concurrency, folder)
        except OSError:  # a read-only instance folder: each worker limits its own
            app.extensions["tool_slots"] = ToolSlots(concurrency)
    if str(app.config.get("TOOL_BUDGET", "1")) in ("0", "false", "False", "off"):
        return
    rate = float(app.config.get("TOOL_BUDGET_RATE", DEFAULT_RATE))
    burst = float(app.config.get("TOOL_BUDGET_BURST", DEFAULT_BURST))
    path = os.path.join(app.instance_path, BUDGET_FILE)
    try:
        os.makedirs(app.instance_path, exist_ok=True)
        budget = ToolBudget(rate, burst, path=path)
    except (OSError, sqlite3.Error):  # a read-only instance folder: each worker on its own
        app.logger.warning("The tools' budget file %s cannot be used; each worker keeps its "
                           "own budget.", path)
        budget = ToolBudget(rate, burst)
    app.extensions["tool_budget"] = budget
