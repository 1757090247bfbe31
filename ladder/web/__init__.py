"""The web shell: blueprints, security headers, error pages, template helpers.

Layout (one package per blueprint, mirroring ``templates/<blueprint>/``):
``public/`` (ladder, roster, profiles, events), ``organize/`` (dashboard, new event,
corrections), ``members/`` (roster, member, merges), ``tools/`` (calculators),
``club_settings/`` (the club's settings page), ``audit/`` (the audit log) and ``players/``
(the players' phones and the venue screen at a club night); the small
blueprints ``auth`` (login, its one form inside) and ``exports`` are single modules. The
shared helpers are the package :mod:`.support`: :mod:`.support.htmx` (the only code touching
the htmx headers), :mod:`.support.forms` (the base of the declared forms; each blueprint
package has its ``forms.py``), :mod:`.support.errors` (service errors to HTTP),
:mod:`.support.formatting` (template filters), :mod:`.support.visibility`,
:mod:`.support.guards`, :mod:`.support.request_state` (what one request knows: settings, club
state, names, actor), :mod:`.support.urls` (addresses built once per request),
:mod:`.support.request_values` (typed values read safely), and the rest.
"""

from __future__ import annotations

from flask import Flask, g, render_template, request
from flask_babel import gettext as _
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

# docs/qualities.md §1: a strict Content-Security-Policy, no inline scripts or styles.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; "
       "object-src 'none'")


def register_web(app: Flask) -> None:
    """Register blueprints, headers, error handlers and template globals on ``app``."""
    from . import audit, auth, exports, guide, members, organize, players, public, tools
    from . import club_settings as settings_page
    from .support.cache import init_cache
    from .support.formatting import register_formatting
    from .support.forms import init_forms
    from .support.htmx import init_htmx
    from .support.i18n import init_i18n
    from .support.readiness import init_readiness
    from .support.request_state import init_request_state
    init_readiness(app)  # first: a database that cannot serve answers 503, never a 500
    init_i18n(app)
    init_htmx(app)
    init_forms(app)
    init_request_state(app)
    init_cache(app)
    from .support.static_files import init_static_files
    init_static_files(app)
    from .tools.budget import init_budget
    init_budget(app)
    for blueprint in (public.bp, auth.bp, organize.bp, members.bp, audit.bp,
                      settings_page.bp, exports.bp, tools.bp, guide.bp, players.bp):
        app.register_blueprint(blueprint)  # each carries its own url_prefix
    guide.register_guide(app)
    register_formatting(app)
    from .support.check_state import init_check_state
    init_check_state(app)

    from .support.cells import public_cell, tiebreak_cells
    from .support.competition_words import night_competition
    from .support.request_state import club_settings, names
    from .support.urls import explain_links, member_href, rating_detail_link
    app.jinja_env.globals.update(display_name=lambda member_id: names()(member_id),
                                 club=club_settings, member_href=member_href,
                                 explain_links=explain_links, night_competition=night_competition,
                                 rating_detail_link=rating_detail_link,
                                 public_cell=public_cell, tiebreak_cells=tiebreak_cells)

    from flask_wtf.csrf import CSRFError

    from ..extensions import login_manager
    from .support.guards import csrf_refused, login_redirect
    login_manager.unauthorized_handler(login_redirect)
    app.register_error_handler(CSRFError, csrf_refused)

    @app.after_request
    def _security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if getattr(g, "noindex", False):
            response.headers["X-Robots-Tag"] = "noindex"
        return response

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException) -> tuple[str, int]:
        g.error_page = True
        if error.code == 404:
            # A page that is hidden and a page that does not exist must answer byte for byte
            # the same (no oracle, docs/privacy.md); no 404 is ever for search engines.
            g.noindex = True
        return render_template("error.html", code=error.code,
                               message=_error_text(error.code)), error.code or 500

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> tuple[str, int] | tuple[str, int, dict[str, str]]:
        # No stack trace reaches a user; the log keeps it for the organizer.
        # The unit of work already rolled back whatever the failed change did.
        app.logger.exception("Unhandled error on %s", request.path)
        if _database_error(error):
            # The database went away or changed under the server: say what to run (503).
            from .support.readiness import lost_database
            try:
                answer = lost_database(error)
            except Exception:  # the check itself failed: still no bare 500 page
                answer = None
            if answer is not None:
                return answer
        try:
            return render_template("error.html", code=500, message=_error_text(500)), 500
        except Exception:  # the page itself needs what failed: still no stack trace
            app.logger.exception("The error page failed too on %s", request.path)
            return _error_text(500), 500


def _database_error(error: Exception) -> bool:
    """True for a failure of the database (SQLAlchemy's wrapper or the driver's own error,
    raised by the raw connection the per-request club state reads)."""
    import sqlite3
    if isinstance(error, DBAPIError | sqlite3.Error):
        return True
    try:
        import psycopg
    except ImportError:  # pragma: no cover - SQLite-only installs
        return False
    return isinstance(error, psycopg.Error)


def _error_text(code: int | None) -> str:
    texts = {
        400: _("The request could not be understood."),
        403: _("You are not allowed to do that."),
        404: _("There is no such page."),
        405: _("That action is not possible here."),
        413: _("That upload is too large."),
        429: _("Too many attempts; please wait a minute."),
    }
    return texts.get(code or 500, _("Something went wrong on our side. Nothing was changed."))
