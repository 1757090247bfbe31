"""Who may use a night's phone pages (docs/club-night.md §6): the night's code, remembered on
the phone in a signed cookie with the phone's check-in, and the conditional answers that keep
sixty polling phones cheap.

**The cookie** (``ladder_night_<id>``, path ``/nights/<id>/``, HttpOnly, SameSite=Lax, Secure
when the session cookie is): the code the phone proved and the id of its arrival (who it
is), signed with the server's secret (itsdangerous, its own salt), valid 16 hours. It holds
no name. A phone whose cookie's code is not the night's current code (changed since, or
never typed) may do nothing but type the code again; its arrival is kept, so it is the same
player once it has.

**Who reads what.** In a public club the venue screen is open to anyone, as the public
pairing page is; in a private or unlisted club it needs the code (``?code=`` in its address,
or an organizer logged in). The phone pages always need the code. A finished night, and a
night whose link the organizer switched off, answer 404 on every one of them.

**Cheap polls.** :func:`conditional` answers ``304 Not Modified`` to a matching
``If-None-Match`` before anything is rendered. "My board" makes its weak ``ETag`` of exactly
what the phone's page shows (its board, its reports, its score line, the round's state: plain
values from the night's snapshot, shared per generation, and one small read of the board's
reports), so a result entered on another board re-renders no other phone; the screen makes
its own of the night's version and the generation.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from flask import abort, current_app, g, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from ...extensions import db
from ...queries.night_self import ArrivalState, LinkState, arrival_state, link_state, night_code
from ..support.cache import release
from ..support.htmx import VARY_HEADERS, request_variant
from ..support.i18n import select_locale
from ..support.request_state import club_state
from ..support.request_values import MAX_ID
from ..support.visibility import is_organizer

#: How long a phone stays remembered: an evening and a margin.
COOKIE_AGE = 16 * 3600
_SALT = "ladder-night-phone"


def cookie_name(night_id: int) -> str:
    """The phone's cookie for this night (one per night: a phone may be at two)."""
    return f"ladder_night_{night_id}"


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key or "", salt=_SALT)


@dataclass(frozen=True)
class Phone:
    """What this request knows of the phone at the night."""

    link: LinkState
    code: str  # the night's current code
    proven: bool  # the phone's cookie holds the current code
    arrival: ArrivalState | None  # who the phone is (only once proven)
    arrival_id: int | None  # the arrival the cookie names (kept across a new code)

    @property
    def night_id(self) -> int:
        """The night's id."""
        return self.link.night_id


def night_link(night_id: int) -> LinkState:
    """The night's link, or 404: no such night, a finished night, a link switched off."""
    state = link_state(db.session, night_id) if 0 < night_id <= MAX_ID else None
    if state is None or not state.open:
        abort(404)
    return state


def _read_cookie(night_id: int) -> dict[str, object]:
    raw = request.cookies.get(cookie_name(night_id))
    if not raw or len(raw) > 400:
        return {}
    try:
        data = _serializer().loads(raw, max_age=COOKIE_AGE)
    except BadSignature:
        return {}
    return data if isinstance(data, dict) and data.get("n") == night_id else {}


def phone(night_id: int) -> Phone:
    """The phone at an open night (404 otherwise), from its cookie: once per request."""
    cached = g.get("night_phone")
    if cached is not None and cached.night_id == night_id:
        return cached
    link = night_link(night_id)
    code = night_code(night_id, link.rotation)
    data = _read_cookie(night_id)
    held = str(data.get("c") or "")
    proven = hmac.compare_digest(held.encode("ascii", "replace"), code.encode("ascii"))
    held_arrival = data.get("a")
    arrival_id = held_arrival if isinstance(held_arrival, int) else None
    arrival = arrival_state(db.session, night_id, arrival_id) \
        if proven and arrival_id is not None else None
    g.night_phone = found = Phone(link, code, proven, arrival, arrival_id)
    return found


def remember(response: Response, night_id: int, code: str, arrival_id: int | None) -> None:
    """Keep on the phone that it knows ``code`` and is ``arrival_id`` (None: nobody yet)."""
    value = _serializer().dumps({"n": night_id, "c": code, "a": arrival_id})
    response.set_cookie(cookie_name(night_id), value, max_age=COOKIE_AGE,
                        path=f"/nights/{night_id}/", httponly=True, samesite="Lax",
                        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))


def client_address() -> str:
    """The client's address as the throttle counts it (the proxy's ``X-Forwarded-For`` is
    read by ProxyFix when the server is set up behind one)."""
    return (request.remote_addr or "unknown")[:64]


def screen_allowed(night_id: int, typed: str | None) -> bool:
    """True when this request may read the night's venue screen: a public club, an organizer,
    or the night's current code in the address (:func:`ladder.club.night_self.codes_match`)."""
    from ...club.night_self import codes_match
    if club_state().visibility == "public" or is_organizer():
        return True
    link = night_link(night_id)
    return codes_match(typed, night_code(night_id, link.rotation))


def etag_of(page: str, *parts: object) -> str:
    """A weak entity tag of ``page`` (what is shown: "me", "screen") with ``parts`` (what it
    shows) and everything else that shapes its bytes: the code's release, the language, page
    or fragment (the htmx target), an organizer or not. A report's answer and the next poll
    share their tag, so that poll is a 304."""
    key = (release(), page, select_locale(),
           request_variant(VARY_HEADERS),
           is_organizer(), *parts)
    return hashlib.sha256(repr(key).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def conditional(etag: str) -> Response | None:
    """``304 Not Modified`` when the client holds ``etag`` already, else None (render)."""
    if request.if_none_match.contains_weak(etag):
        return mark(Response(status=304), etag)
    return None


def mark(response: Response, etag: str) -> Response:
    """Give a phone page its ``ETag`` and make every cache ask again (and keep it private)."""
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


__all__ = ["Phone", "phone", "night_link", "remember", "cookie_name", "client_address",
           "screen_allowed", "etag_of", "conditional", "mark", "COOKIE_AGE"]
