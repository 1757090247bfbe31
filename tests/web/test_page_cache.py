"""Public pages cached and revalidated by the ladder generation (docs/architecture.md §3,
docs/qualities.md §2).

* every public page and fragment answers with a weak ETag and ``Cache-Control: no-cache``,
  and a matching ``If-None-Match`` gets 304 without any template being rendered;
* the generation moves on every kind of write and on no read;
* after each write, every page read from two workers (two apps over one database, each with
  its own in-process cache, both warmed first) equals a cache-less render;
* an unlisted club's pages never reach a wrong-token URL, a private club's never a visitor;
  organizers are never cached; a visitor's CSRF token and flash messages stay theirs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from flask import Flask, template_rendered
from sqlalchemy import select
from werkzeug.test import TestResponse

from ladder.extensions import db
from ladder.models import ClubSettings, Entry, Event, Member, Merge, Result, Visibility
from ladder.queries.club import club_settings
from ladder.services import club_settings as settings_service
from ladder.services import corrections
from ladder.services import members as member_service
from ladder.services.uow import unit_of_work
from ladder.vocabulary.tournament import Kind
from ladder.web.support.cache import CSRF_PLACEHOLDER, PageCache, Stored, page_cache
from tests.factories import HTMX, csrf_token, direct_writes, make_app, publish_t, tournament
from tests.web.bodies import comparable

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def _seed(app: Flask) -> None:
    """Two events, a junior without consent, and a duplicate ready to be merged."""
    first = tournament(["Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park"],
                       [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, L), (2, 2, 4, W)],
                       name="Club night 1")
    second = tournament(["Ann Lee", "B. Chen", "Minjun Kim", "Eve Stone"],
                        [(1, 1, 2, D), (1, 3, 4, W), (2, 1, 3, W), (2, 2, 4, L)],
                        name="Club night 2")
    with app.app_context():
        publish_t(first, dt.date(2025, 1, 7))
        publish_t(second, dt.date(2025, 1, 14))
        member_service.set_junior(_id("Minjun Kim"), True, actor="test")


def _id(name: str) -> int:
    return db.session.scalar(select(Member.id).where(Member.name == name,
                                                     Member.merged_into_id.is_(None)))


def _generation(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(ClubSettings.generation))


def _urls(app: Flask) -> list[tuple[str, dict[str, str]]]:
    """Every public page and fragment of the current database, with the headers asking for it."""
    with app.app_context():
        settings = club_settings()
        prefix = f"/c/{settings.unlisted_token}" if settings.visibility == "unlisted" else ""
        member_ids = db.session.scalars(select(Member.id).where(
            Member.merged_into_id.is_(None))).all()
        event_ids = db.session.scalars(select(Event.id)).all()
    urls: list[tuple[str, dict[str, str]]] = [
        ("/", {}), ("/?q=an", {}), ("/?sort=name&dir=asc", {}), ("/", {"Accept-Language": "ko"}),
        ("/?q=m", {**HTMX, "HX-Target": "ladder-rows"}), ("/members", {}), ("/events", {})]
    urls += [(f"/members/{member_id}", {}) for member_id in member_ids]
    for event_id in event_ids:
        urls += [(f"/events/{event_id}", {}),
                 (f"/events/{event_id}", {**HTMX, "HX-Target": "standings"}),
                 (f"/events/{event_id}", {**HTMX, "HX-Target": "crosstable"})]
    urls = [(prefix + url if url != "/" or not prefix else prefix + "/", headers)
            for url, headers in urls]
    urls += [(f"/tools/prizes?event={event_id}", {}) for event_id in event_ids]
    urls += [("/tools/tiebreaks", {}), ("/tools/elo?expected_diff=100", {})]
    return urls


def _body(response) -> str:
    return comparable(response.get_data()).decode()


@contextmanager
def _rendered() -> Iterator[list[str]]:
    names: list[str] = []

    def record(_sender: Flask, template, context, **_extra) -> None:  # noqa: ANN001
        names.append(template.name)

    template_rendered.connect(record)
    try:
        yield names
    finally:
        template_rendered.disconnect(record)


@pytest.fixture
def workers(app: Flask, tmp_path) -> tuple[Flask, Flask, Flask]:
    """Two workers over the test database (each its own page cache) and a cache-less one."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    second = make_app(tmp_path, url, WTF_CSRF_ENABLED=True, SERVER_NAME=None)
    plain = make_app(tmp_path, url, WTF_CSRF_ENABLED=True, SERVER_NAME=None, PAGE_CACHE=False)
    yield app, second, plain
    for extra in (second, plain):
        with extra.app_context():
            db.session.remove()
            db.engine.dispose()


# --- ETag and 304 -------------------------------------------------------------------------

def test_every_public_page_and_fragment_revalidates_with_304_without_rendering(app) -> None:
    _seed(app)
    client = app.test_client()
    for url, headers in _urls(app):
        response = client.get(url, headers=headers)
        assert response.status_code == 200, url
        etag = response.headers["ETag"]
        assert etag.startswith('W/"') and response.headers["Cache-Control"] == "no-cache", url
        with _rendered() as templates:
            again = client.get(url, headers={**headers, "If-None-Match": etag})
        assert again.status_code == 304, url
        assert again.get_data() == b"" and again.headers["ETag"] == etag, url
        assert templates == [], url  # answered from the key alone


def test_if_none_match_star_matches_only_a_page_that_exists(app) -> None:
    """RFC 9110 §13.1.2: ``*`` matches a current representation; a page that does not exist
    is a 404 for it as for anyone (before: 304, from the key alone)."""
    _seed(app)
    star = {"If-None-Match": "*"}
    for client in (app.test_client(), app.test_client()):  # cold, then stored
        for url in ("/events/999999", "/members/999999", "/nights/999999", "/no-such-page"):
            assert client.get(url, headers=star).status_code == 404, url
        for url in ("/", "/events/1", "/members"):
            answer = client.get(url, headers=star)
            assert answer.status_code == 304 and answer.get_data() == b"", url
            assert answer.headers["ETag"] == client.get(url).headers["ETag"], url
    assert app.test_client().get("/events/999999", headers={
        "If-None-Match": 'W/"x", *'}).status_code == 404


def test_a_cached_page_is_served_without_rendering_and_equals_the_first(app) -> None:
    _seed(app)
    client = app.test_client()
    first = client.get("/events/1")
    with _rendered() as templates:
        second = client.get("/events/1")
    assert templates == []
    assert _body(second) == _body(first)
    assert second.headers["ETag"] == first.headers["ETag"]


def test_what_changes_the_bytes_changes_the_etag(app) -> None:
    _seed(app)
    client = app.test_client()
    tags = {
        client.get(url, headers=headers).headers["ETag"]
        for url, headers in [("/", {}), ("/?q=an", {}), ("/?lang=ko", {}),
                             ("/", {"Accept-Language": "id"}),
                             ("/", {**HTMX, "HX-Target": "ladder-rows"}),
                             ("/", {**HTMX, "HX-Target": "ladder-rows",
                                    "HX-History-Restore-Request": "true"}),
                             ("/events/1", {}), ("/events/1", {**HTMX, "HX-Target": "standings"})]}
    assert len(tags) == 8
    # The lang cookie chooses the language, so it is part of the key as well.
    client.get("/?lang=zh")
    assert client.get("/").headers["ETag"] not in tags


def test_an_old_etag_gets_the_new_page_after_a_write(app) -> None:
    _seed(app)
    client = app.test_client()
    old = client.get("/events/1")
    with app.app_context():
        corrections.update_event(1, "test", version=_event_version(1), name="Renamed night")
    response = client.get("/events/1", headers={"If-None-Match": old.headers["ETag"]})
    assert response.status_code == 200
    assert "Renamed night" in response.get_data(as_text=True)
    assert response.headers["ETag"] != old.headers["ETag"]


def _event_version(event_id: int) -> int:
    return db.session.get(Event, event_id).version


# --- The generation -----------------------------------------------------------------------

def _result_of(event_id: int, kind: str = "win") -> Result:
    return db.session.scalar(select(Result).join(Entry, Entry.id == Result.entry_id)
                             .where(Entry.event_id == event_id, Result.kind == kind)
                             .order_by(Result.id))


def _merge() -> None:
    member_service.merge(_id("B. Chen"), _id("Bo Chen"), actor="test")


def _undo() -> None:
    merge_id = db.session.scalar(select(Merge.id).where(Merge.undone_at.is_(None)))
    member_service.undo_merge(merge_id, actor="test")


def _relink() -> None:
    entry_id = db.session.scalar(select(Entry.id).where(Entry.raw_name == "Eve Stone"))
    member_service.relink(entry_id, None, actor="test")


def _edit() -> None:
    result = _result_of(1)
    corrections.edit_result(result.id, "draw", result.version, actor="test")


def _settings(**changes: object) -> Callable[[], None]:
    def change() -> None:
        from dataclasses import replace
        settings_service.update_settings(replace(settings_service.current_form(), **changes),
                                         actor="test")
    return change


def _publish() -> None:
    publish_t(tournament(["Ann Lee", "Dee Park"], [(1, 1, 2, W)], name="Night 3"),
              dt.date(2025, 1, 21))


WRITES: list[tuple[str, Callable[[], None]]] = [
    ("publish", _publish),
    ("edit result", _edit),
    ("rename event", lambda: corrections.update_event(2, "test", version=_event_version(2),
                                                      name="Renamed night")),
    ("re-date event", lambda: corrections.update_event(2, "test", version=_event_version(2),
                                                       date=dt.date(2025, 1, 2))),
    ("unrate event", lambda: corrections.update_event(2, "test", version=_event_version(2),
                                                      rated=False)),
    ("merge", _merge),
    ("undo merge", _undo),
    ("re-link", _relink),
    ("junior flag", lambda: member_service.set_junior(_id("Ann Lee"), True, actor="test")),
    ("consent", lambda: member_service.record_consent(_id("Minjun Kim"), True, actor="test",
                                                      recorded_by="Mother")),
    ("initials for all", _settings(initials_for_all=True)),
    ("club name", _settings(club_name="Riverside")),
    ("rating option", _settings(start_rating=1500.0)),
    ("default language", _settings(default_language="id")),
    ("visibility", _settings(visibility="unlisted")),
    ("token", lambda: settings_service.regenerate_token(actor="test")),
    ("visibility back", _settings(visibility="public")),
    ("back to draft", lambda: corrections.set_published(2, "test", version=_event_version(2),
                                                        published=False)),
    ("publish again", lambda: corrections.set_published(2, "test", version=_event_version(2),
                                                        published=True)),
    ("delete event", lambda: corrections.delete_event(1, actor="test")),
]


def test_the_generation_moves_on_every_kind_of_write(app) -> None:
    _seed(app)
    for label, write in WRITES:
        before = _generation(app)
        with app.app_context():
            write()
        assert _generation(app) > before, label


def test_the_generation_moves_on_no_read(app, logged_in) -> None:
    _seed(app)
    client = app.test_client()
    before = _generation(app)
    for url, headers in _urls(app):
        client.get(url, headers=headers)
        logged_in.get(url, headers=headers)
    for url in ("/organize/", "/organize/members/", "/organize/members/duplicates",
                "/organize/audit/", "/organize/settings/", "/organize/events/1",
                "/organize/settings/export/startlist.csv", "/robots.txt"):
        assert logged_in.get(url).status_code == 200, url
    assert client.get("/auth/login").status_code == 200
    client.post("/auth/login", data={"csrf_token": csrf_token(client, "/auth/login"),
                                     "username": "organizer", "password": "wrong"})
    assert _generation(app) == before


def test_after_each_write_both_workers_serve_exactly_a_fresh_render(workers) -> None:
    app, second, plain = workers
    _seed(app)
    clients = [app.test_client(), second.test_client()]
    fresh = plain.test_client()
    for label, write in WRITES:
        urls = _urls(app)
        for client in clients:  # warm both workers' caches with the current pages
            for url, headers in urls:
                client.get(url, headers=headers)
        with app.app_context():
            write()
        expected_for: dict[tuple[str, tuple[tuple[str, str], ...]], TestResponse] = {}
        for url, headers in urls + _urls(app):
            # Each page is asked of both workers once per list (the second time from the
            # copy the first answer cached); the cache-less render it must equal is the same
            # for both times, so it is rendered once.
            key = (url, tuple(sorted(headers.items())))
            if key not in expected_for:
                expected_for[key] = fresh.get(url, headers=headers)
            expected = expected_for[key]
            for worker, client in enumerate(clients):
                response = client.get(url, headers=headers)
                assert response.status_code == expected.status_code, (label, worker, url)
                assert _body(response) == _body(expected), (label, worker, url)


def test_a_write_made_through_one_worker_is_seen_by_the_other_at_once(workers, organizer) -> None:
    app, second, _plain = workers
    _seed(app)
    reader = second.test_client()
    assert "Club night 2" in reader.get("/events").get_data(as_text=True)
    organizer_client = app.test_client()
    token = csrf_token(organizer_client, "/auth/login")
    organizer_client.post("/auth/login", data={"csrf_token": token, "username": organizer[0],
                                               "password": organizer[1]})
    token = csrf_token(organizer_client, "/organize/")
    with app.app_context():
        version = _event_version(2)
    response = organizer_client.post("/organize/events/2", data={
        "csrf_token": token, "version": str(version), "name": "Winter night",
        "date": "2025-01-14", "rated": "on"})
    assert response.status_code == 303
    html = reader.get("/events").get_data(as_text=True)
    assert "Winter night" in html and "Club night 2" not in html


# --- Visibility, organizers, sessions ------------------------------------------------------

def _visibility(app: Flask, mode: Visibility) -> str | None:
    with app.app_context():
        with unit_of_work():
            settings = club_settings()
            settings.visibility = mode
            if mode == Visibility.UNLISTED and not settings.unlisted_token:
                settings.unlisted_token = "u" * 32
        return club_settings().unlisted_token


def test_an_unlisted_clubs_cached_pages_never_reach_a_wrong_token(app) -> None:
    _seed(app)
    token = _visibility(app, Visibility.UNLISTED)
    client = app.test_client()
    pages = ["/", "/members", "/members/1", "/events", "/events/1"]
    for page in pages:
        assert client.get(f"/c/{token}{page}").status_code == 200  # cached now
    for page in pages:
        for wrong in (token[:-1] + "x", token + "x", "x"):
            response = client.get(f"/c/{wrong}{page}")
            assert response.status_code == 404 and "ETag" not in response.headers
            assert "Ann Lee" not in response.get_data(as_text=True)
        assert client.get(page).status_code == 404  # plain URLs of an unlisted club
    with app.app_context():
        new = settings_service.regenerate_token(actor="test")
    for page in pages:
        assert client.get(f"/c/{token}{page}").status_code == 404  # the old link is dead
        assert client.get(f"/c/{new}{page}").status_code == 200


def test_a_private_clubs_cached_pages_never_reach_a_visitor(app, logged_in) -> None:
    _seed(app)
    visitor = app.test_client()
    urls = _urls(app)
    etags = {url: visitor.get(url, headers=headers).headers["ETag"] for url, headers in urls}
    _visibility(app, Visibility.PRIVATE)
    for url, headers in urls:
        if url.startswith("/tools"):
            continue  # the tools stay public in every mode
        for extra in ({}, {"If-None-Match": etags[url]}):
            response = visitor.get(url, headers={**headers, **extra})
            assert response.status_code == 404, url
            assert "Ann Lee" not in response.get_data(as_text=True)
        assert logged_in.get(url, headers=headers).status_code == 200, url


def test_organizers_are_never_served_from_or_stored_in_the_cache(app, logged_in) -> None:
    _seed(app)
    visitor = app.test_client()
    public = visitor.get("/")
    assert "Minjun Kim" not in public.get_data(as_text=True)  # a junior: initials only
    response = logged_in.get("/", headers={"If-None-Match": public.headers["ETag"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Minjun Kim" in html and "Log out" in html
    assert "ETag" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"
    event = logged_in.get("/events/1").get_data(as_text=True)
    assert "result-" in event or "hx-get=\"/organize/results/" in event  # edit controls
    after = visitor.get("/events/1").get_data(as_text=True)
    assert "Minjun Kim" not in after and "Log out" not in after
    assert "/organize/results/" not in after


def test_organizer_pages_are_never_stored(app, logged_in) -> None:
    _seed(app)
    for url in ("/organize/", "/organize/members/", "/organize/settings/", "/auth/login"):
        response = logged_in.get(url)
        assert response.headers["Cache-Control"] == "no-store", url
        assert "ETag" not in response.headers, url
    assert len(page_cache(app)) == 0


def test_a_visitor_without_a_session_gets_no_token_and_no_cookie(app) -> None:
    _seed(app)
    client = app.test_client()
    for _ in range(2):  # rendered, then from the cache
        response = client.get("/")
        assert '<meta name="csrf-token" content="">' in response.get_data(as_text=True)
        assert "Set-Cookie" not in response.headers
        assert CSRF_PLACEHOLDER not in response.get_data(as_text=True)


def test_each_visitor_gets_their_own_csrf_token_from_a_cached_page(app) -> None:
    _seed(app)
    first, second = app.test_client(), app.test_client()
    for client in (first, second):
        client.get("/auth/login")  # a session, as any visitor who opened the login form
    token_one = csrf_token(first, "/")
    token_two = csrf_token(second, "/")  # served from the cache
    assert token_one != token_two and CSRF_PLACEHOLDER not in (token_one + token_two)
    stored = [entry.body for entry in page_cache(app)._entries.values()]
    assert stored and all(CSRF_PLACEHOLDER.encode() in body for body in stored
                          if body.startswith(b"<!doctype"))
    assert all(token_one.encode() not in body for body in stored)
    # Each token is valid for its own session only: the login form accepts it.
    for client, token in ((first, token_one), (second, token_two)):
        response = client.post("/auth/login", data={"csrf_token": token, "username": "x",
                                                    "password": "y"})
        assert response.status_code != 403
    crossed = first.post("/auth/login", data={"csrf_token": token_two, "username": "x",
                                              "password": "y"})
    assert crossed.status_code == 403


def test_a_flash_message_is_shown_once_and_never_cached(app, logged_in) -> None:
    _seed(app)
    visitor = app.test_client()
    visitor.get("/")  # the ladder is cached now
    token = csrf_token(logged_in, "/organize/")
    assert logged_in.post("/auth/logout", data={"csrf_token": token}).status_code == 303
    shown = logged_in.get("/").get_data(as_text=True)
    assert "You are logged out." in shown
    assert "You are logged out." not in logged_in.get("/").get_data(as_text=True)
    assert "You are logged out." not in visitor.get("/").get_data(as_text=True)


# --- The store ----------------------------------------------------------------------------

def _stored(size: int) -> Stored:
    return Stored(200, b"x" * size, ())


def test_the_store_is_bounded_least_recently_used_first() -> None:
    cache = PageCache(max_bytes=1000)
    for key in range(5):
        assert cache.put(1, (key,), _stored(200))
    assert cache.get(1, (0,)) is not None  # 0 is now the most recently used
    assert cache.put(1, (5,), _stored(200))
    assert cache.size <= 1000 and len(cache) == 5
    assert cache.get(1, (1,)) is None and cache.get(1, (0,)) is not None
    assert not cache.put(1, ("big",), _stored(600))  # larger than a quarter: never kept


def test_the_store_drops_everything_when_the_generation_moves() -> None:
    cache = PageCache(max_bytes=10_000)
    cache.put(3, ("page",), _stored(10))
    assert cache.get(3, ("page",)) is not None
    assert cache.get(4, ("other",)) is None
    assert len(cache) == 0 and cache.size == 0
    assert not cache.put(3, ("page",), _stored(10))  # a render of an older generation
    assert cache.get(3, ("page",)) is None


def test_the_cache_can_be_switched_off(app, tmp_path) -> None:
    _seed(app)
    plain = make_app(tmp_path, app.config["SQLALCHEMY_DATABASE_URI"], PAGE_CACHE=False)
    response = plain.test_client().get("/")
    assert response.status_code == 200 and "ETag" not in response.headers
    assert len(page_cache(plain)) == 0
    with plain.app_context():
        db.session.remove()
        db.engine.dispose()


def test_direct_edits_are_invisible_until_a_write_so_writes_must_go_through_services(app) -> None:
    """Documents the contract: the cache trusts the generation. An edit that bypasses the
    unit of work (never done by the app) shows once a unit of work commits."""
    _seed(app)
    client = app.test_client()
    client.get("/events")
    with app.app_context(), direct_writes():
        db.session.get(Event, 1).name = "Typed into the database"
        db.session.commit()
    assert "Typed into the database" not in client.get("/events").get_data(as_text=True)
    with app.app_context():
        with unit_of_work():
            pass
    assert "Typed into the database" in client.get("/events").get_data(as_text=True)


def test_values_read_inside_a_write_are_never_remembered(app) -> None:
    from ladder.web.support.request_state import by_generation
    _seed(app)
    with app.test_request_context("/"):
        with unit_of_work():
            assert by_generation(("probe",), lambda: "inside") == "inside"
        assert by_generation(("probe",), lambda: "after") == "after"  # not the one inside
        assert by_generation(("probe",), lambda: "again") == "after"  # remembered now
        db.session.get(Event, 1).name = "Unsaved"
        assert by_generation(("probe",), lambda: "dirty") == "dirty"
        db.session.rollback()
        with unit_of_work():
            pass  # a new generation
        assert by_generation(("probe",), lambda: "new generation") == "new generation"
