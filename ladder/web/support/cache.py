"""Public pages cached and revalidated by the ladder generation (docs/qualities.md §2 "Growth").

Only a committed write can change a public page, and every committed write increases the
*ladder generation* (``ClubSettings.generation``, bumped by :mod:`ladder.services.uow` in the
write's own transaction). So a public page is a function of the generation and of what the
request asks for, and this module

* gives every public page and fragment an ``ETag`` derived from its :func:`page_key` and
  ``Cache-Control: no-cache`` (the browser revalidates every time), and answers
  ``304 Not Modified`` to a matching ``If-None-Match`` **without rendering** (``*`` matches
  only a page that exists: it is rendered, or found stored, first — RFC 9110 §13.1.2);
* keeps the rendered responses in a bounded in-process cache (:class:`PageCache`, one per
  app, so one per worker), dropped as soon as the generation moves: a popular page renders
  once per change per worker.

Correctness rules, each tested:

* The generation is read from the database on every request, with the visibility the gate
  needs anyway (one small statement,
  :func:`ladder.web.support.request_state.club_state`): a worker never trusts an in-process
  value across requests, so every worker sees a write the moment it commits, and the
  generation is part of every key anyway.
* The key holds everything that changes the bytes: the generation, the code's release, the
  endpoint, the path (view arguments and the unlisted token included), the full query
  string, the locale, the club's visibility, logged-in or not, and the htmx headers (page or
  fragment). Nothing else reaches a public page: the display names, the settings and every
  row come from the database, whose state the generation names.
* Logged-in organizers are never served from, or stored in, the cache (they see edit controls
  and full names); a response to them carries ``Cache-Control: no-store``, as does every
  other page that is not a shared public page.
* A stored page carries no per-session data. ``base.html`` renders the CSRF ``<meta>`` tag of a
  shared page with a placeholder (:data:`CSRF_PLACEHOLDER`), and every response, fresh or
  from the cache, gets the *requesting* visitor's own token in its place on the way out; so
  the ETag is weak (equivalent, not byte-identical, representations). The print header's
  "as of" time is filled in the same way (:data:`AS_OF_PLACEHOLDER`), so a printout made from
  a stored page says when it was served; a browser that revalidates (304) keeps the time it
  received its copy, when the page was the same. A visitor without a
  session gets an empty token and no session: nothing on a public page posts (the search
  and the tools use GET, the login form carries its own token), so reading the ladder sets
  no cookie and costs no signing. A response is stored only for status 200, only if no
  CSRF token was rendered into it by other means, and never when a flash message was
  waiting (a request with pending flashes bypasses the cache entirely: a flash is shown
  once, to its visitor, and never cached).
* The visibility gate (:mod:`.visibility`) runs before the cache is consulted, so a private
  club's pages and an unlisted club's wrong-token URLs answer 404 before any lookup.

``PAGE_CACHE`` (default on, off in debug mode) switches everything here off;
``PAGE_CACHE_MAX_BYTES`` bounds the rendered bytes kept per worker (LRU beyond it).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass

from flask import Blueprint, Flask, current_app, g, request, session
from flask_login import current_user
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from .formatting import as_of_text
from .htmx import request_variant
from .i18n import select_locale
from .request_state import caching_enabled, club_state

#: The ``request.environ`` slot holding this request's cache state (per request, unlike ``g``,
#: which lives as long as the app context).
_STATE = "ladder.page_cache"
#: Response headers a view sets that are part of what it answers (the pushed URL of the
#: tools, the content type); everything else is added again per request by the app's hooks.
_SKIPPED_HEADERS = frozenset({"content-length", "set-cookie", "vary", "etag", "cache-control"})
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
#: Stands for the visitor's CSRF token in a stored page (see :func:`_fill_visitor`).
CSRF_PLACEHOLDER = "ladder-csrf-placeholder"
_CSRF_META = b'<meta name="csrf-token" content="%s">'
#: Stands for the serving time in a stored page's print header (a comment: escaped page
#: content can never contain it).
AS_OF_PLACEHOLDER = "<!--ladder-as-of-->"


@dataclass(frozen=True)
class Stored:
    """One rendered response: what the view answered, without the per-request headers."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class CacheState:
    """What the cache decided for this request (kept in ``request.environ``)."""

    generation: int
    key: tuple[object, ...]
    etag: str
    hit: bool = False


class PageCache:
    """A bounded LRU of rendered pages for one generation; thread-safe.

    Entries of an older generation are dropped as soon as a newer one is seen; keys hold the
    generation too, so even two requests straddling a write can never mix their pages.
    """

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.generation = -1
        self.size = 0
        self.hits = self.misses = self.stores = self.evictions = 0
        self._entries: OrderedDict[tuple[object, ...], Stored] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def _see(self, generation: int) -> None:
        if generation > self.generation:
            self._entries.clear()
            self.size = 0
            self.generation = generation

    def get(self, generation: int, key: tuple[object, ...]) -> Stored | None:
        """The stored response for ``key`` at ``generation``, or None."""
        with self._lock:
            self._see(generation)
            stored = self._entries.get(key)
            if stored is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return stored

    def put(self, generation: int, key: tuple[object, ...], stored: Stored) -> bool:
        """Keep ``stored`` for ``key`` (True) unless it is too large or of an old generation."""
        cost = len(stored.body)
        with self._lock:
            self._see(generation)
            if generation != self.generation or cost > self.max_bytes // 4:
                return False
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= len(old.body)
            self._entries[key] = stored
            self.size += cost
            self.stores += 1
            while self.size > self.max_bytes and self._entries:
                _key, evicted = self._entries.popitem(last=False)
                self.size -= len(evicted.body)
                self.evictions += 1
            return True

    def clear(self) -> None:
        """Drop every entry (the bench measures cold renders with it)."""
        with self._lock:
            self._entries.clear()
            self.size = 0


def page_cache(app: Flask | None = None) -> PageCache:
    """The page cache of ``app`` (the current app by default)."""
    return (app or current_app).extensions["page_cache"]


_release_lock = threading.Lock()
_release: str | None = None


def release() -> str:
    """A fingerprint of the running code and templates: an upgrade changes every ETag.

    Derived from the files (not from the process), so every worker computes the same value
    and any of them can answer a revalidation.
    """
    global _release
    with _release_lock:
        if _release is None:
            from importlib import metadata
            try:
                version = metadata.version("club-ladder")
            except metadata.PackageNotFoundError:  # pragma: no cover - run from a checkout
                version = "0"
            from ... import config as paths
            newest = 0
            # The templates, the code and the compiled catalogues shape every page's bytes.
            for folder, pattern in ((paths.TEMPLATES, "*.html"), (paths.PACKAGE, "*.py"),
                                    (paths.TRANSLATIONS, "*.mo")):
                for path in folder.rglob(pattern):
                    newest = max(newest, path.stat().st_mtime_ns)
            _release = f"{version}-{newest}"
        return _release


def page_key(generation: int) -> tuple[object, ...]:
    """Everything that changes the bytes of this request's public page (see the docstring)."""
    club = club_state()
    return (
        release(), generation, request.endpoint, request.root_url, request.path,
        request.query_string, select_locale(), str(club.visibility), g.get("public_token"),
        _logged_in(), request_variant(),
    )


def etag_for(key: tuple[object, ...]) -> str:
    """The entity tag of a key: a digest, so it reveals neither the token nor the query."""
    return hashlib.sha256(repr(key).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _logged_in() -> bool:
    return bool(getattr(current_user, "is_authenticated", False))


def _state() -> CacheState | None:
    return request.environ.get(_STATE)


def shared_page() -> bool:
    """True while rendering a page every visitor shares (its CSRF token is filled in on the
    way out, per visitor)."""
    return _state() is not None


def _cacheable_request() -> bool:
    if request.method not in ("GET", "HEAD") or not caching_enabled():
        return False
    if _logged_in():
        return False
    # A waiting flash message is for this visitor only: render live, store nothing.
    return not session.get("_flashes")


def _not_modified(state: CacheState) -> Response:
    response = Response(status=304)
    _mark(response, state)
    return response


def _mark(response: Response, state: CacheState) -> None:
    response.set_etag(state.etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"


def do_not_store() -> None:
    """Neither store nor mark this request's answer (a refusal such as a 429, which for htmx
    goes out with status 200, must never become the page of its URL)."""
    request.environ.pop(_STATE, None)


def csrf_placeholder() -> str:
    """What a shared page's CSRF ``<meta>`` holds until :func:`_fill_visitor` replaces it."""
    return CSRF_PLACEHOLDER


def as_of_placeholder() -> Markup:
    """What a shared page's print header holds for the time until :func:`_fill_visitor`."""
    return Markup(AS_OF_PLACEHOLDER)  # noqa: S704 - a constant


def _fill_visitor(response: Response) -> None:
    """Put this visitor's CSRF token where the shared page holds the placeholder, and the
    serving time in the print header.

    Only the first occurrence of each: the tag comes before any content in ``<head>``, page
    content is escaped, so nothing a member or an event is called can be mistaken for the
    token's tag, and escaped text never holds the comment that marks the time.
    """
    if response.is_streamed or response.direct_passthrough or response.mimetype != "text/html":
        return
    body = response.get_data()
    marker = _CSRF_META % CSRF_PLACEHOLDER.encode()
    as_of = AS_OF_PLACEHOLDER.encode()
    changed = body
    if marker in changed:
        token = b""
        if request.cookies.get(current_app.config.get("SESSION_COOKIE_NAME", "session")):
            from flask_wtf.csrf import generate_csrf
            token = generate_csrf().encode()
        changed = changed.replace(marker, _CSRF_META % token, 1)
    if as_of in changed:
        changed = changed.replace(as_of, str(escape(as_of_text())).encode(), 1)
    if changed is not body:
        response.set_data(changed)


def before_request() -> Response | None:
    """Answer 304 or a stored page when possible; otherwise note what to store."""
    request.environ.pop(_STATE, None)
    if not _cacheable_request():
        return None
    # Read from the database for this request (the gate reads it first; the tools read it
    # here): the generation committed now, never an in-process value.
    generation = club_state().generation
    key = page_key(generation)
    state = CacheState(generation, key, etag_for(key))
    request.environ[_STATE] = state
    # RFC 9110 §13.1.2: "*" matches only when the page has a current representation, which
    # only rendering it (or a stored render) can tell: a page that does not exist is a 404.
    star = request.if_none_match.star_tag
    if not star and request.if_none_match.contains_weak(state.etag):
        return _not_modified(state)
    stored = page_cache().get(generation, key)
    if stored is None:
        return None
    if star:
        return _not_modified(state)  # only pages that were answered 200 are stored
    request.environ[_STATE] = CacheState(generation, key, state.etag, hit=True)
    return Response(stored.body, stored.status, headers=list(stored.headers))


def after_request(response: Response) -> Response:
    """Keep a fresh render for the next visitor, mark a shared page (ETag, no-cache) and give
    it this visitor's CSRF token."""
    state = _state()
    if state is None or response.status_code == 304:
        return response
    if state.hit:
        _mark(response, state)
    elif _storable(response):
        headers = tuple((name, value) for name, value in response.headers.items()
                        if name.lower() not in _SKIPPED_HEADERS)
        page_cache().put(state.generation, state.key,
                         Stored(response.status_code, response.get_data(), headers))
        _mark(response, state)
    if request.if_none_match.star_tag and response.status_code == 200:
        return _not_modified(state)  # "*" and the page exists (RFC 9110 §13.1.2)
    _fill_visitor(response)
    return response


def _storable(response: Response) -> bool:
    if response.status_code != 200 or response.is_streamed or response.direct_passthrough:
        return False
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    # A CSRF token or a flash reached this render: it is one visitor's page, never shared.
    return field not in g and not session.get("_flashes")


def register_cache(bp: Blueprint) -> None:
    """Serve ``bp``'s pages through the cache (the public pages and the tools)."""
    bp.before_request(before_request)
    bp.after_request(after_request)


def init_cache(app: Flask) -> None:
    """Create the app's page cache; mark every response that is not a shared page no-store."""
    app.extensions["page_cache"] = PageCache(
        int(app.config.get("PAGE_CACHE_MAX_BYTES", DEFAULT_MAX_BYTES)))
    app.jinja_env.globals.update(shared_page=shared_page, csrf_placeholder=csrf_placeholder,
                                 as_of_placeholder=as_of_placeholder)

    @app.after_request
    def _no_store(response: Response) -> Response:
        # Organizer pages, pages seen logged in, the login form: never kept by any cache.
        if "Cache-Control" not in response.headers and request.endpoint != "static":
            response.headers["Cache-Control"] = "no-store"
        return response
