"""Club Ladder: a chess club's rating ladder, web home, organizer's desk and arbiter tools."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported when an app is built: the pure core and the pure
    from flask import Flask  # commands (ladder pair, tiebreaks, elo) import no Flask at all.


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the application: configuration, extensions, database pragmas, blueprints, CLI."""
    from flask import Flask

    from .config import STATIC, TEMPLATES
    # Inside the installed package when installed from a wheel, else the checkout's (config).
    app = Flask(__name__, instance_relative_config=True,
                template_folder=str(TEMPLATES), static_folder=str(STATIC))
    # Tests (and the bench) give their own instance folder, so nothing is written into the
    # checkout; a deployment may set LADDER_INSTANCE_PATH.
    instance = (test_config or {}).get("INSTANCE_PATH") or os.environ.get("LADDER_INSTANCE_PATH")
    if instance:
        app.instance_path = str(instance)
    # Owner-only from the first moment: the secret key and the database are written here.
    Path(app.instance_path).mkdir(parents=True, exist_ok=True, mode=0o700)

    from . import config
    app.config.from_mapping(config.defaults(app.instance_path,
                                            secret=(test_config or {}).get("SECRET_KEY")))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.update(test_config)
    from .config import secure_instance
    secure_instance(app.instance_path, app.config["SQLALCHEMY_DATABASE_URI"], app.logger)

    if app.config.get("PROXY_FIX"):
        # Behind a reverse proxy (docs/self-hosting.md §2): trust one hop of
        # X-Forwarded-For/-Proto/-Host.
        from werkzeug.middleware.proxy_fix import ProxyFix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]

    _init_extensions(app)

    from .web import register_web
    register_web(app)

    from .cli import register_cli
    register_cli(app)
    return app


def _init_extensions(app: Flask) -> None:
    from flask import has_request_context

    from . import models  # noqa: F401  (registers the tables)
    from .extensions import babel, csrf, db, login_manager, migrate

    db.init_app(app)
    from .services.uow import watch_sessions
    watch_sessions()  # no write outside a unit of work; derived event data kept fresh
    from .config import DEFAULT_SESSION_MAX_DAYS, MIGRATIONS, TRANSLATIONS
    migrate.init_app(app, db, directory=str(MIGRATIONS),
                     render_as_batch=True, compare_type=True)
    csrf.init_app(app)
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"

    def select_locale() -> str | None:
        if not has_request_context():  # CLI and services outside a request
            return "en"
        from .web.support.i18n import select_locale as for_request
        return for_request()

    def select_timezone() -> str | None:
        # Flask-Babel's own date helpers agree with the pages' one formatter
        # (web.support.formatting.time_text): the club's zone.
        if not has_request_context():
            return None
        from .web.support.formatting import club_zone
        return club_zone().key

    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=select_locale, timezone_selector=select_timezone)

    with app.app_context():
        from .services.uow import configure_engine
        configure_engine(db.engine)
        # Every worker learns of a committed write from a file, not by asking the database.
        from .services.changes import attach, watch_commits
        watch_commits()
        attach(db.engine, app.instance_path)

    @login_manager.user_loader
    def _load_user(token: str) -> models.User | None:
        # The cookie names one login, checked against the organizer's session version on
        # every request (services/sessions.py).
        import datetime as dt

        from .services import sessions
        days = float(app.config.get("SESSION_MAX_DAYS") or DEFAULT_SESSION_MAX_DAYS)
        return sessions.load(token, dt.timedelta(days=days))
