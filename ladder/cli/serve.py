"""Serving: ``ladder serve`` (gunicorn, production); ``ladder run`` (the development server)
is in :mod:`.devserver`.

**Production.** ``ladder serve`` runs gunicorn in-process with the defaults below; every
setting is an option or an environment variable, and ``GUNICORN_CMD_ARGS`` reaches any other
gunicorn setting. ``gunicorn wsgi:app`` serves the same app (``wsgi.py`` calls
:func:`serving_app`).

``ladder serve`` builds no app in this process (each worker builds its own): it imports Flask
only to say the database's state at start.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from flask import Flask

#: Files the server writes (the SQLite database, its WAL files, backups, the secret key)
#: are the club's own: owner only.
UMASK = 0o077
DEFAULT_BIND = "127.0.0.1:8000"
#: Seconds a worker may take for one request before gunicorn restarts it, and seconds a
#: worker gets to finish its requests on a restart or stop (systemd's stop waits for them).
DEFAULT_TIMEOUT = 30
DEFAULT_GRACEFUL_TIMEOUT = 30
#: More workers than this only queue on SQLite's one writer and cost memory on a small VPS.
MAX_DEFAULT_WORKERS = 8


def cores() -> int:
    """The CPU cores this process may use (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def default_workers() -> int:
    """gunicorn's own rule of thumb, 2 × cores + 1, at most :data:`MAX_DEFAULT_WORKERS`
    (5 on a 2-core VPS)."""
    return min(2 * cores() + 1, MAX_DEFAULT_WORKERS)


def serving_app() -> Flask:
    """The app as a server runs it: owner-only files, and the database's state in the log.

    A database that cannot serve (not initialised, older or newer than the code) is said in
    the server's log at start, and every page answers 503 saying what to run.
    """
    os.umask(UMASK)
    from .. import create_app
    from ..web.support.readiness import log_state
    app = create_app()
    log_state(app)
    forget_connections_on_fork(app)
    return app


def forget_connections_on_fork(app: Flask) -> None:
    """Give every forked worker a database pool of its own (test_token_served.py).

    ``gunicorn --preload`` (or ``preload_app`` through ``GUNICORN_CMD_ARGS``) builds the app
    once and forks the workers from it: a pooled connection opened by the start-up check
    would then be shared by every worker (one PostgreSQL socket, one SQLite handle, possibly
    in an old snapshot). The parent's connections are closed now, and a forked child drops
    whatever its pool inherited without touching the parent's (SQLAlchemy's
    ``dispose(close=False)``), so each worker reads the committed state on its own.
    """
    from ..extensions import db
    with app.app_context():
        engine = db.engine
        engine.dispose()
    os.register_at_fork(after_in_child=lambda: engine.dispose(close=False))


def gunicorn_options(bind: str, workers: int, timeout: int, graceful_timeout: int,
                     access_log: str) -> dict[str, Any]:
    """The gunicorn settings ``ladder serve`` starts with."""
    return {
        "bind": [part.strip() for part in bind.split(",") if part.strip()],
        "workers": workers,
        "timeout": timeout,
        "graceful_timeout": graceful_timeout,
        # "-": the access log to standard output, errors to standard error; under systemd
        # both go to the journal (journalctl -u club-ladder).
        "accesslog": access_log or None,
        "errorlog": "-",
        "proc_name": "club-ladder",
        # Each worker builds its own app (and database pool): nothing is shared over fork.
        "preload_app": False,
    }


def run_gunicorn(options: dict[str, Any]) -> None:
    """Run gunicorn in this process with ``options`` (then ``GUNICORN_CMD_ARGS``) until it
    is stopped (SIGTERM: graceful)."""
    from gunicorn.app.base import BaseApplication

    class _Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in options.items():
                if value is not None:
                    self.cfg.set(key, value)
            if "control_socket_disable" in self.cfg.settings:
                # gunicorn 25+ opens a control socket in $HOME by default: nothing here uses
                # it, and under systemd's ProtectSystem=strict the home is read-only.
                self.cfg.set("control_socket_disable", True)
            # Anything else gunicorn knows, e.g. GUNICORN_CMD_ARGS="--threads 2".
            from_env = self.cfg.get_cmd_args_from_env()
            if from_env:
                parsed = self.cfg.parser().parse_args(from_env)
                for key, value in vars(parsed).items():
                    if value is not None and key in self.cfg.settings and key != "args":
                        self.cfg.set(key.lower(), value)

        def load(self) -> Flask:
            return serving_app()

    _Server().run()


@click.command("serve")
@click.option("--bind", envvar="LADDER_BIND", show_default=True, default=DEFAULT_BIND,
              help="Address to listen on (HOST:PORT, unix:PATH; several comma-separated). "
                   "Env: LADDER_BIND.")
@click.option("--workers", envvar="LADDER_WORKERS", type=click.IntRange(1, 64),
              help="Worker processes (default: 2 × cores + 1, at most 8). Env: LADDER_WORKERS.")
@click.option("--timeout", envvar="LADDER_TIMEOUT", type=click.IntRange(1, 3600),
              default=DEFAULT_TIMEOUT,
              show_default=True, help="Seconds one request may take. Env: LADDER_TIMEOUT.")
@click.option("--graceful-timeout", envvar="LADDER_GRACEFUL_TIMEOUT",
              type=click.IntRange(0, 3600), default=DEFAULT_GRACEFUL_TIMEOUT, show_default=True,
              help="Seconds to finish requests on stop or restart. Env: LADDER_GRACEFUL_TIMEOUT.")
@click.option("--access-log", envvar="LADDER_ACCESS_LOG", default="-", show_default=True,
              help="Access log file ('-': standard output; '': none). Env: LADDER_ACCESS_LOG.")
def serve_command(bind: str, workers: int | None, timeout: int, graceful_timeout: int,
                  access_log: str) -> None:
    """Serve the club with gunicorn (production; behind Caddy or nginx, see deploy/)."""
    os.umask(UMASK)
    _say_database_state()
    run_gunicorn(gunicorn_options(bind, workers or default_workers(), timeout,
                                  graceful_timeout, access_log))


def _say_database_state() -> None:
    """At start: what is wrong with the database and what to run (the pages say it too)."""
    from .. import create_app
    from ..services.setup import schema_state
    app = create_app()
    with app.app_context():
        readiness = schema_state()
        if not readiness.ready:
            click.echo(f"ladder serve: {readiness.message()}", err=True)
        from ..extensions import db
        db.engine.dispose()  # the workers open their own connections
