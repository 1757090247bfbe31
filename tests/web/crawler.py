"""Crawling the public pages (shared by the privacy tests): every page and fragment a visitor
reaches from a start page, and the strings no page may hold.

Starting from a page, :func:`crawl` follows each same-origin ``<a href>`` and ``hx-get``
(sending the HTMX headers with the element's target, so fragments are fetched the way htmx
fetches them). :func:`assert_no_leak` looks for hidden names in every body, header and URL,
also in any other Unicode form (docs/privacy.md: decomposed, with soft hyphens or zero-width
characters inside, in another case).
"""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member
from ladder.names import name_key

MAX_PAGES = 600
EXPLAIN_PER_EVENT = 6  # explanations share one template: a few per event cover them all
# The tools and the guide are public in every visibility mode and show no club data
# (tests/web/test_guide.py checks that no member's name reaches the guide in any mode).
SKIP_PREFIXES = ("/static/", "/tools", "/guide", "/organize", "/auth")


class Links(HTMLParser):
    """Collects (url, htmx target id or None) from ``href`` and ``hx-get`` attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.found.append((a["href"], None))
        if a.get("hx-get"):
            target = a.get("hx-target") or "this"
            if target == "this":
                target_id = a.get("id")
            elif target.startswith("#"):
                target_id = target[1:]
            else:
                target_id = None
            self.found.append((a["hx-get"], target_id))


def crawl(client: FlaskClient, start: str) -> dict[tuple[str, str | None], tuple[int, str, str]]:
    """Every reachable (url, fragment target) → (status, body, headers text)."""
    seen: dict[tuple[str, str | None], tuple[int, str, str]] = {}
    explained: dict[str, int] = {}
    queue = deque([(start, None)])
    while queue and len(seen) < MAX_PAGES:
        url, target = queue.popleft()
        if (url, target) in seen:
            continue
        headers = {"HX-Request": "true", "HX-Target": target} if target else {}
        response = client.get(url, headers=headers)
        body = response.get_data(as_text=True)
        seen[(url, target)] = (response.status_code, body,
                               "\n".join(f"{k}: {v}" for k, v in response.headers.items()))
        if response.status_code != 200 or "html" not in response.mimetype:
            continue
        parser = Links()
        parser.feed(body)
        for href, target_id in parser.found:
            absolute = urljoin("http://localhost" + url, href)
            parts = urlsplit(absolute)
            if parts.netloc != "localhost" or parts.path.startswith(SKIP_PREFIXES):
                continue
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            if (path, target_id) in seen:
                continue
            if "/explain/" in path:
                event = path.split("/explain/")[0]
                if explained.get(event, 0) >= EXPLAIN_PER_EVENT:
                    continue
                explained[event] = explained.get(event, 0) + 1
            queue.append((path, target_id))
    return seen


def forbidden_strings(app: Flask, client: FlaskClient | None = None) -> list[str]:
    """Full names of juniors without consent, and their name parts of 3+ characters that are
    not part of anyone's displayed name (so 'Lee' would not be checked if 'Ann Lee' shows)."""
    with app.app_context():
        hidden = db.session.scalars(select(Member.name).where(
            Member.junior.is_(True), Member.consent_given.is_(False))).all()
        visible = db.session.scalars(select(Member.name).where(
            (Member.junior.is_(False)) | Member.consent_given.is_(True))).all()
    assert hidden, "the demo must have juniors without consent"
    shown = name_key(" ".join(visible))
    strings = set(hidden)
    for name in hidden:
        for token in re.findall(r"\w+", name):
            if len(token) >= 3 and name_key(token) not in shown:
                strings.add(token)
    return sorted(strings)


def main_part(body: bytes) -> bytes:
    """The page's <main> element (the layout around it may mark the current nav entry)."""
    return body.split(b"<main", 1)[-1].split(b"</main>", 1)[0]


def assert_no_leak(pages: dict, forbidden: list[str]) -> None:
    """No page's body, headers or URL holds a forbidden string, as written or in any other
    Unicode form (compared by the one comparison key, :func:`ladder.names.name_key`)."""
    keys = [(word, name_key(word)) for word in forbidden]
    leaks = []
    for (url, _t), (_s, body, headers) in pages.items():
        text = f"{url}\n{headers}\n{body}"
        folded = name_key(text)
        leaks += [(url, word) for word, key in keys if word in text or key in folded]
    assert not leaks, f"hidden names leaked: {leaks[:10]}"


def set_visibility(app: Flask, mode: str, *, initials_for_all: bool = False) -> str | None:
    """Set the club's visibility; the unlisted token (None unless unlisted)."""
    with app.app_context():
        from dataclasses import replace

        from ladder.services.club_settings import current_form, update_settings
        update_settings(replace(current_form(), visibility=mode,
                                initials_for_all=initials_for_all), actor="test")
        from ladder.queries.club import club_settings
        return club_settings().unlisted_token
