"""A database that cannot serve: a clear 503 page, ``/healthz`` for monitors, the favicon.

Until the database is ready (``services.setup.schema_state``: reachable, initialised, at
this code's schema), every page answers **503** with what is wrong and what to run, in the
reader's language, instead of a bare 500: a server started before ``ladder init``, a
database older than the code (``ladder init`` upgrades it) or newer (a revision this code
does not know). Once ready, a worker stops asking (one check per worker, not per request);
a database that disappears later (a connection refused, a table missing) answers the same
page, and the worker asks again from then on.

``/healthz``: ``200 ok`` when the database answers and is ready, ``503 unavailable``
otherwise; never any data, never cached, the same in every visibility mode.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask, current_app, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...services.setup import Readiness, schema_state

#: Paths answered whatever the database's state (the 503 page's stylesheet, monitors).
_ALWAYS = ("static", "readiness.healthz", "readiness.favicon")


class DatabaseNotReady(Exception):
    """Raised before any view when the database cannot serve; answered with the 503 page."""

    def __init__(self, readiness: Readiness) -> None:
        super().__init__(readiness.state.value)
        self.readiness = readiness


class _Gate:
    """Per worker: whether the database was seen ready (then no further checks)."""

    def __init__(self) -> None:
        self.ready = False
        self.lock = threading.Lock()


def _gate(app: Flask | None = None) -> _Gate:
    return (app or current_app).extensions["readiness_gate"]


def check(app: Flask | None = None) -> Readiness:
    """The database's state now; remembers "ready" for this worker."""
    readiness = schema_state()
    if readiness.ready:
        _gate(app).ready = True
    return readiness


def unavailable(readiness: Readiness) -> tuple[str, int, dict[str, str]]:
    """The 503 page: what is wrong and what to run, in the reader's language."""
    return (render_template("unavailable.html", message=readiness.message()), 503,
            {"Cache-Control": "no-store", "Retry-After": "60"})


def log_state(app: Flask) -> Readiness:
    """Check at start-up and say in the server's log what is wrong and what to run."""
    with app.app_context():
        readiness = check(app)
        if not readiness.ready:
            app.logger.error("Club Ladder cannot serve pages yet: %s", readiness.message())
    return readiness


def init_readiness(app: Flask) -> None:
    """Register the gate (before any other request hook), ``/healthz`` and the favicon."""
    app.extensions["readiness_gate"] = _Gate()

    # First in line, before the visibility gate (a URL value preprocessor) and the page cache
    # (a before-request hook), which read the settings table: an app-wide URL value
    # preprocessor runs before either.
    def _gate_requests(endpoint: str | None, _values: dict[str, Any] | None) -> None:
        if _gate().ready or endpoint in _ALWAYS:
            return
        readiness = check()
        if not readiness.ready:
            raise DatabaseNotReady(readiness)

    app.url_value_preprocessors.setdefault(None, []).insert(0, _gate_requests)

    @app.errorhandler(DatabaseNotReady)
    def _not_ready(error: DatabaseNotReady) -> tuple[str, int, dict[str, str]]:
        return unavailable(error.readiness)

    def healthz() -> Response:
        """``ok`` (200) when the database answers and is ready, else 503; no data."""
        from sqlalchemy import text

        from ...extensions import db
        try:
            ready = _gate().ready or check().ready
            if ready:
                with db.engine.connect() as connection:
                    connection.execute(text("SELECT 1"))
        except Exception:  # any failure of the database is "unavailable", never a 500
            ready = False
        body, status = ("ok\n", 200) if ready else ("unavailable\n", 503)
        return Response(body, status, mimetype="text/plain",
                        headers={"Cache-Control": "no-store"})

    def favicon() -> Response:
        """``/favicon.ico`` for browsers and feed readers that ask for it by that name."""
        return redirect(url_for("static", filename="favicon.svg"), 301)  # type: ignore[return-value]

    app.add_url_rule("/healthz", "readiness.healthz", healthz, methods=["GET", "HEAD"])
    app.add_url_rule("/favicon.ico", "readiness.favicon", favicon)


def lost_database(error: Exception) -> tuple[str, int, dict[str, str]] | None:
    """The 503 page for a database error met while serving (the database went away, or was
    replaced by one of another schema); None when the database is fine after all."""
    _gate().ready = False
    readiness = check()
    return None if readiness.ready else unavailable(readiness)
