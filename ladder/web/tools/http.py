"""Page or fragment for the tools, with the canonical (shareable) URL of each state."""

from __future__ import annotations

from flask import redirect, render_template
from werkzeug.wrappers import Response

from ..support.htmx import answers_fragment, wants_fragment, with_push_url


def render_tool(page: str, fragments: dict[str, str], canonical: str,
                **context: object) -> Response:
    """The fragment htmx targets, else the full page.

    htmx requests also push the canonical (compact) URL, so the address bar always holds a
    shareable state, whatever the form fields looked like.
    """
    template = page
    first = next(iter(fragments), None)
    for target_id, fragment in fragments.items():
        if wants_fragment(target_id):
            template = fragment
            break
    # The first fragment (the results region) also refreshes the field messages out of band.
    oob = first is not None and template == fragments[first]
    return with_push_url(render_template(template, canonical=canonical, oob=oob, **context),
                         canonical)


def canonical_redirect(canonical: str) -> Response | None:
    """A plain (no-JavaScript) form submission is redirected to the canonical URL."""
    if answers_fragment():
        return None
    return redirect(canonical, code=303)
