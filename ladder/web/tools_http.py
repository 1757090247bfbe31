"""Small HTTP helpers shared by the tools views: page-or-fragment, canonical URLs."""

from __future__ import annotations

from flask import Response, make_response, redirect, render_template

from .helpers import is_htmx, wants_fragment


def render_tool(page: str, fragments: dict[str, str], canonical: str,
                **context: object) -> Response:
    """The fragment HTMX targets (by ``HX-Target``), else the full page.

    HTMX requests get ``HX-Push-Url`` with the canonical (compact) URL, so the address bar
    always holds a shareable state, whatever the form fields looked like.
    """
    template = page
    first = next(iter(fragments), None)
    for target, fragment in fragments.items():
        if wants_fragment(target):
            template = fragment
            break
    # The first fragment (the results region) also refreshes the field messages out of band.
    oob = first is not None and template == fragments[first]
    response = make_response(render_template(template, canonical=canonical, oob=oob,
                                             **context))
    if is_htmx():
        response.headers["HX-Push-Url"] = canonical
    return response


def canonical_redirect(canonical: str) -> Response | None:
    """A plain (no-JavaScript) form submission is redirected to the canonical URL."""
    if is_htmx():
        return None
    return redirect(canonical, code=303)
