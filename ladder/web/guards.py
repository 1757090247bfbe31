"""Access guards for organizer pages, HTMX-aware (DESIGN.md pitfalls).

An expired session during an HTMX request must not swap a login form into a table cell: it
answers with ``HX-Redirect`` to the login page instead; ordinary requests get a redirect.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Response, redirect, request, url_for
from flask_login import current_user

F = TypeVar("F", bound=Callable[..., Any])


def login_redirect() -> Response:
    """Send the visitor to the login page (HX-Redirect for HTMX requests)."""
    here = request.full_path.rstrip("?")  # full_path ends in "?" when there is no query
    target = url_for("auth.login", next=here if request.method == "GET"
                     else request.referrer or "/")
    if request.headers.get("HX-Request") == "true":
        response = Response(status=204)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target, code=303)


def organizer_required(view: F) -> F:
    """Decorator: the view needs a logged-in organizer."""
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not current_user.is_authenticated:
            return login_redirect()
        return view(*args, **kwargs)
    return wrapped  # type: ignore[return-value]
