"""``ladder bench pages``: server time of every public page on the 20-year synthetic history.

Builds the history of ``ladder bench replay`` (:mod:`ladder.bench`'s builder, imported, not
copied), or reuses the one at ``--database-url``, then measures in one process, through the
app's own WSGI stack (every hook included), the median and 95th percentile of

* **cold**: the first render after a change (a write moves the generation before each sample,
  and the per-process caches — pages, ladder lines, names, event rankings — are emptied, so
  each sample computes everything from the database);
* **warm**: the same request again, answered from the page cache;
* **revalidation**: the request with the ETag it was given (``304 Not Modified``);

of each public page and fragment, of a hello-world route of the same app (same hooks), and of
the organizer's dashboard when nothing changed; and prints one JSON line with the byte size
of each page and the ratios to the hello-world route. Each cold render also reports the
statements it sent and the CPU time this process spent on it (medians; :mod:`.statements`),
which a shared machine's load moves far less than the wall time.

``serve()`` is the same app for a load test under gunicorn (docs/development.md §2: ``gunicorn -w 2
'ladder.bench.pages:serve()'`` with ``DATABASE_URL`` pointing at a built history).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, update

#: The route of the hello-world baseline, added to the benchmarked app only.
HELLO = "/bench/hello"
#: A Swiss tie-break order, so the event pages show (and compute) tie-break columns.
ORDER = "BH/C1,BH,SB,WIN"


def _hello() -> str:
    return "Hello, World!"


def bench_app(url: str, instance: str, secret: str | None = None, *,
              tool_budget: bool = True) -> Any:
    """The app over ``url`` with the hello-world route added (a Flask app); a random secret
    key unless one is given; the tools' per-client budget off with ``tool_budget=False``."""
    import secrets

    from .. import create_app
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "INSTANCE_PATH": instance,
                      "SECRET_KEY": secret or secrets.token_hex(32),
                      **({} if tool_budget else {"TOOL_BUDGET": "0"})})
    app.add_url_rule(HELLO, "bench_hello", _hello)
    return app


def serve() -> Any:
    """The benchmarked app for a WSGI server; the database comes from ``DATABASE_URL``."""
    import os

    from ..config import database_url
    instance = os.environ.get("LADDER_INSTANCE_PATH") or tempfile.mkdtemp(prefix="ladder-")
    # Every worker must sign sessions alike: the key from the environment, else the one
    # generated once into the instance folder (as the real app does).
    from ..config import secret_key
    return bench_app(database_url(instance), instance, secret_key(instance))


def _prepare(members: int, games: int, years: int, seed: int) -> dict[str, Any]:
    """Build the synthetic history unless the database holds one; give its events a tie-break
    order; make an organizer. Returns what the report says about the history."""
    from ..extensions import db
    from ..models import Event, Member, Result, User
    from ..services.accounts import set_organizer
    from ..services.replay import replay
    from ..services.setup import init_database
    from ..services.uow import unit_of_work, writes_without_unit_of_work
    from .replay import _build_history

    init_database()
    built = False
    if not db.session.scalar(select(func.count(Event.id))):
        with writes_without_unit_of_work():  # a synthetic history, bulk-loaded
            _build_history(db.session, members, games, years, random.Random(seed))
        with unit_of_work(changes_pages=False) as session:
            replay(session, None)
        built = True
    with unit_of_work():
        db.session.execute(update(Event).where(Event.tiebreak_order == "")
                           .values(tiebreak_order=ORDER, tiebreak_edition="fide-2026",
                                   winners=None))  # a bulk update: ranked again at commit
    if db.session.scalar(select(User.id).where(User.username == "bench")) is None:
        set_organizer("bench", "bench-password-not-secret", actor="bench")
    return {"database": db.engine.dialect.name, "built": built,
            "members": db.session.scalar(select(func.count(Member.id))),
            "events": db.session.scalar(select(func.count(Event.id))),
            "games": db.session.scalar(select(func.count()).select_from(Result).where(
                Result.entry_id < Result.opponent_entry_id))}


def _targets() -> list[tuple[str, str, dict[str, str]]]:
    """(name, URL, headers) of every public page and fragment measured."""
    from ..extensions import db
    from ..models import Entry, Event, RatingRow
    from ..web.support.htmx import fragment_request  # the headers htmx sends for one fragment
    latest = db.session.scalar(select(Event.id).order_by(Event.date.desc(), Event.id.desc()))
    # The busiest member: the longest event list and head-to-head.
    busiest = db.session.scalar(select(RatingRow.member_id).group_by(RatingRow.member_id)
                                .order_by(func.count().desc(), RatingRow.member_id))
    start_no = db.session.scalar(select(Entry.start_no).where(Entry.event_id == latest)
                                 .order_by(Entry.start_no))
    return [
        ("ladder", "/", {}),
        ("ladder_page_2", "/?page=2", {}),
        ("ladder_more", "/?page=2", fragment_request("ladder-more")),
        ("ladder_search", "/?q=member+1", fragment_request("ladder-rows")),
        ("ladder_by_name", "/?sort=name&dir=asc", {}),
        ("ladder_print_all", "/?all=1", {}),
        ("roster", "/members", {}),
        ("roster_more", "/members?page=2", fragment_request("roster-more")),
        ("events", "/events", {}),
        ("events_more", "/events?page=2", fragment_request("events-more")),
        ("profile", f"/members/{busiest}", {}),
        ("profile_h2h_more", f"/members/{busiest}?h2h_page=2",
         fragment_request("h2h-more")),
        ("event", f"/events/{latest}", {}),
        ("standings", f"/events/{latest}", fragment_request("standings")),
        ("crosstable", f"/events/{latest}", fragment_request("crosstable")),
        ("explain", f"/events/{latest}/explain/{start_no}/BH", {}),
        ("tool_tiebreaks", "/tools/tiebreaks", {}),
        ("tool_elo", "/tools/elo", {}),
        ("tool_prizes", f"/tools/prizes?event={latest}", {}),
    ]


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3)}


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def _forget(app: Any) -> None:
    """A change: move the generation and empty every per-process cache (strictly cold)."""
    from ..queries.events import _ranking
    from ..services.uow import unit_of_work
    from ..web.support.cache import page_cache
    with app.app_context():
        with unit_of_work():
            pass  # an empty unit of work still commits a new generation
    page_cache(app).clear()
    _ranking.cache_clear()


def bench_pages(*, members: int = 2000, games: int = 100_000, years: int = 20,
                database_url: str | None = None, samples: int = 15,
                seed: int = 11) -> dict[str, Any]:
    """Build or reuse the history, measure every page; the report as a dict (one JSON line)."""
    from ..extensions import db
    from ..web.support.htmx import HX_TARGET
    from .statements import cost
    with tempfile.TemporaryDirectory(prefix="ladder-bench-pages-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        # One client asks for every tool page dozens of times in a minute: the tools' budget
        # would answer 429 (it limits a client's CPU, which is what is measured here).
        app = bench_app(url, tmp, tool_budget=False)
        with app.app_context():
            history = _prepare(members, games, years, seed)
            targets = _targets()
            engine = db.engine  # the app's engine, one per app
        client = app.test_client(use_cookies=False)  # every request a new visitor, like wrk

        def get(path: str, headers: dict[str, str]) -> Any:
            response = client.get(path, headers=headers)
            response.get_data()
            return response

        # Every round measures every page once (and the hello-world route between them), so a
        # moment of load on a shared machine spreads over all pages instead of hitting some.
        for _name, path, headers in targets:
            get(path, headers)  # compile the templates and statements once
        hello: list[float] = []
        cold: dict[str, list[float]] = {name: [] for name, _path, _headers in targets}
        cold_cpu: dict[str, list[float]] = {name: [] for name, _path, _headers in targets}
        cold_statements: dict[str, list[float]] = {name: [] for name, _path, _headers
                                                   in targets}
        warm: dict[str, list[float]] = {name: [] for name, _path, _headers in targets}
        revalidated: dict[str, list[float]] = {name: [] for name, _path, _headers in targets}
        answers: dict[str, Any] = {}
        for _ in range(samples):
            for name, path, headers in targets:
                _forget(app)
                with cost(engine) as measured:
                    response = get(path, headers)
                assert response.status_code == 200, (name, response.status_code)
                cold[name].append(measured["wall_s"])
                cold_cpu[name].append(measured["cpu_s"])
                cold_statements[name].append(measured["statements"])
                answers[name] = response
                hello.append(_timed(lambda: get(HELLO, {}))[0])
        for name, path, headers in targets:  # the current generation's answers (cached now)
            answers[name] = get(path, headers)
            assert answers[name].status_code == 200, (name, answers[name].status_code)
        for _ in range(samples * 3):
            for name, path, headers in targets:
                warm[name].append(_timed(partial(get, path, headers))[0])
                etag = answers[name].headers["ETag"]
                asked = {**headers, "If-None-Match": etag}
                elapsed, answer = _timed(partial(get, path, asked))
                assert answer.status_code == 304, (name, answer.status_code)
                revalidated[name].append(elapsed)
                hello.append(_timed(lambda: get(HELLO, {}))[0])
        hello_stats = _stats(hello)
        pages: dict[str, Any] = {}
        for name, path, headers in targets:
            pages[name] = {
                "url": path, "fragment": headers.get(HX_TARGET),
                "bytes": len(answers[name].get_data()),
                "cold": {**_stats(cold[name]),
                         "cpu_ms": round(statistics.median(cold_cpu[name]) * 1000, 2),
                         "statements": statistics.median(cold_statements[name])},
                "warm": _stats(warm[name]), "revalidate": _stats(revalidated[name]),
                "warm_over_hello": round(statistics.median(warm[name])
                                         / statistics.median(hello), 2),
            }
        dashboard = _dashboard(app, samples)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    default_size = {name: page for name, page in pages.items() if name != "ladder_print_all"}
    return {
        **history,
        "hello": hello_stats,
        "max_cold_ms": max(p["cold"]["median_ms"] for p in pages.values()),
        "max_cold_page": max(pages, key=lambda n: pages[n]["cold"]["median_ms"]),
        "max_warm_ms": max(p["warm"]["median_ms"] for p in pages.values()),
        "max_bytes_default_page_size": max(p["bytes"] for p in default_size.values()),
        "ladder_warm_share_of_hello_rps": round(
            hello_stats["median_ms"] / pages["ladder"]["warm"]["median_ms"], 2),
        "dashboard_unchanged": dashboard,
        "pages": pages,
    }


def _dashboard(app: Any, samples: int) -> dict[str, float]:
    """The organizer's dashboard when nothing changed (its check stored)."""
    from ..extensions import db
    from ..models import User
    from ..services import sessions
    with app.app_context():
        user_id = db.session.scalar(select(User.id).where(User.username == "bench"))
        assert user_id is not None  # made by _prepare
        token = sessions.start(user_id)  # a login: moves no generation
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = token
        session["_fresh"] = True
    first = client.get("/organize/")
    assert first.status_code == 200, first.status_code
    return _stats([_timed(lambda: client.get("/organize/").get_data())[0]
                   for _ in range(samples)])
