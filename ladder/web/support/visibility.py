"""Visibility routing of the public pages (docs/privacy.md): private, unlisted or public.

Every public route is registered twice on the ``public`` blueprint: at its plain URL and under
``/c/<token>``. A URL-value preprocessor takes the token out of the view arguments and decides,
before any view runs, whether the visitor may see the page:

* **public** — plain URLs answer; ``/c/…`` URLs do not exist (404).
* **unlisted** — only ``/c/<the current token>/…`` answers (with ``noindex`` in a meta tag and
  the ``X-Robots-Tag`` header); plain URLs, wrong and old tokens answer 404.
* **private** — nothing answers to a visitor (404, never a redirect that reveals a page).

A logged-in organizer sees every page in every mode. A ``url_defaults`` hook adds the token to
every ``url_for`` of a public page while the request itself came in under the valid token, so
templates never think about it; a request that did not prove the token never gets it back
(a 404 page's links cannot leak the real token).

Whether a page may *link* to the club's pages or *show* club data outside them is asked of
:func:`can_see_club` (a template global too), the one statement of the rule the gate enforces.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, g
from flask_login import current_user

from .request_state import club_settings, club_state

TOKEN_PREFIX = "/c/<token>"
#: Longest token accepted in a URL (``secrets.token_urlsafe(24)`` gives 32 characters).
MAX_TOKEN = 64


def public_route(bp: Blueprint, rule: str, **options: Any) -> Callable[[Callable], Callable]:
    """Register a view at ``rule`` and at ``/c/<token>`` + ``rule`` under one endpoint."""
    def decorator(view: Callable) -> Callable:
        endpoint = options.pop("endpoint", view.__name__)
        methods = options.pop("methods", ["GET"])
        bp.add_url_rule(rule, endpoint, view, methods=methods, **options)
        bp.add_url_rule(TOKEN_PREFIX + rule, endpoint, view, methods=methods, **options)
        return view
    return decorator


def is_organizer() -> bool:
    """True when a logged-in organizer makes the request."""
    return bool(getattr(current_user, "is_authenticated", False))


def can_see_club(*, with_token: bool = True) -> bool:
    """True when this request may see the club's pages: the club is public, an organizer is
    logged in, or (``with_token``) the request came in under the unlisted club's valid token.

    The rule :func:`gate` enforces, for what links to the club's pages (the site's name, the
    menu) or shows club data outside them. The tools and the guide live outside ``/c/<token>``
    and never receive the token, so a tool that reads the club's data (the prize helper's
    event standings), and the links into it, ask ``with_token=False``: an unlisted club's
    events stay behind their unguessable address.
    """
    if club_settings().visibility == "public" or is_organizer():
        return True
    return with_token and bool(g.get("public_token"))


def _token_matches(given: str | None, expected: str | None) -> bool:
    if not given or not expected or len(given) > MAX_TOKEN:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("utf-8"))


def gate(token: str | None) -> None:
    """Abort with 404 unless the visitor may see a public page reached with ``token``.

    The same 404 answers every refusal: a wrong token, an old token, a plain URL of an
    unlisted club, any page of a private club. Nothing tells "hidden" from "absent".
    """
    club = club_state()  # one small statement; a cached answer reads nothing else
    mode = club.visibility if club.visibility in ("private", "unlisted", "public") else "private"
    if mode != "public":
        g.noindex = True  # nothing of a private or unlisted club is for search engines
    if token is not None:
        if mode != "unlisted" or not _token_matches(token, club.unlisted_token):
            abort(404)
        g.public_token = token
        return
    if mode == "public" or is_organizer():
        return
    abort(404)


def register_visibility(bp: Blueprint) -> None:
    """Wire the gate, the token-adding ``url_defaults`` and the ``noindex`` flag into ``bp``;
    :func:`can_see_club` becomes a global of every template."""

    @bp.url_value_preprocessor
    def _take_token(endpoint: str | None, values: dict[str, Any] | None) -> None:
        if endpoint == f"{bp.name}.robots":
            return
        token = values.pop("token", None) if values else None
        gate(token)

    @bp.url_defaults
    def _add_token(endpoint: str, values: dict[str, Any]) -> None:
        token = g.get("public_token")
        if token and "token" not in values and endpoint != f"{bp.name}.robots":
            values["token"] = token

    bp.add_app_template_global(can_see_club)

    @bp.app_context_processor
    def _noindex() -> dict[str, bool]:
        return {"noindex": bool(g.get("noindex"))}


def robots_txt() -> str:
    """``robots.txt``: never index ``/c/``; in private and unlisted mode only the tools."""
    mode = club_settings().visibility
    lines = ["User-agent: *"]
    if mode in ("private", "unlisted"):
        lines += ["Allow: /tools", "Disallow: /c/", "Disallow: /"]
    else:
        lines += ["Disallow: /c/", "Disallow: /organize", "Disallow: /auth"]
    return "\n".join(lines) + "\n"
