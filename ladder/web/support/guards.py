"""Access guards for organizer pages, HTMX-aware (docs/architecture.md §4).

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


def needs_organizer() -> bool:
    """True when this request's blueprint lets only logged-in organizers in."""
    from flask import current_app
    return require_organizer in current_app.before_request_funcs.get(request.blueprint, [])


def csrf_refused(_error: Exception) -> Response | tuple[str, int, dict[str, str]]:
    """A POST without a valid CSRF token: what the visitor needs, never a bare 400
    (tests/web/test_csrf_answers.py).

    A visitor who is not logged in, posting to an organizer page, goes to the login page
    (303, or an htmx redirect: the same answer as without the token check); anyone
    else gets 403 with a sentence in the reader's language. For htmx the page replaces the
    body (htmx swaps no 4xx answer), so the sentence is seen there too. Nothing was changed.
    """
    from flask import g, render_template
    from flask_babel import gettext as _

    from .htmx import error_answer
    if not current_user.is_authenticated and needs_organizer():
        return login_redirect()
    g.error_page = True
    message = _("This form was open too long or did not come from this site, so nothing was "
                "changed. Reload the page and try again.")
    return error_answer(render_template("error.html", code=403, message=message), 403)
