"""The web shell: blueprints, security headers, error pages, template helpers."""

from __future__ import annotations

from flask import Flask, Response, g, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

# SPEC §11: a strict Content-Security-Policy, no inline scripts or styles.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; "
       "object-src 'none'")


def register_web(app: Flask) -> None:
    """Register blueprints, headers, error handlers and template globals on ``app``."""
    from . import audit, auth, members, organize, public, settings as settings_pages, tools
    app.register_blueprint(public.bp)
    app.register_blueprint(auth.bp, url_prefix="/auth")
    app.register_blueprint(organize.bp, url_prefix="/organize")
    app.register_blueprint(members.bp, url_prefix="/organize/members")
    app.register_blueprint(audit.bp, url_prefix="/organize/audit")
    app.register_blueprint(settings_pages.bp)  # its own url_prefix: /organize/settings
    app.register_blueprint(tools.bp, url_prefix="/tools")

    from .helpers import names, settings
    app.jinja_env.globals.update(display_name=lambda member_id: names()(member_id),
                                 club=settings, has_endpoint=lambda name: name in app.view_functions)

    from ..extensions import login_manager
    from .guards import login_redirect
    login_manager.unauthorized_handler(login_redirect)

    @app.after_request
    def _security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if getattr(g, "noindex", False):
            response.headers["X-Robots-Tag"] = "noindex"
        # One URL serves a page or its fragment: caches must key on the HTMX headers.
        response.vary.add("HX-Request")
        response.vary.add("HX-Target")
        return response

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", code=error.code,
                               message=_error_text(error.code)), error.code or 500

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> tuple[str, int]:
        # No stack trace reaches a user; the log keeps it for the organizer.
        app.logger.exception("Unhandled error on %s", request.path)
        from ..extensions import db
        db.session.rollback()
        return render_template("error.html", code=500, message=_error_text(500)), 500


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
