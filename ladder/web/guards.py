"""Access guards for organizer pages, HTMX-aware (DESIGN.md pitfalls).

An expired session during an HTMX request must not swap a login form into a table cell: it
answers with an htmx redirect to the login page instead (:func:`.htmx.redirect_to`);
ordinary requests get a 303.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from .htmx import redirect_to

F = TypeVar("F", bound=Callable[..., Any])


def login_redirect() -> Response:
    """Send the visitor to the login page (a full-page redirect also for htmx requests)."""
    here = request.full_path.rstrip("?")  # full_path ends in "?" when there is no query
    target = url_for("auth.login", next=here if request.method == "GET"
                     else request.referrer or "/")
    return redirect_to(target)


def require_organizer() -> Response | None:
    """``before_request`` hook of the organizer blueprints: visitors go to the login page."""
    if current_user.is_authenticated:
        return None
    return login_redirect()
