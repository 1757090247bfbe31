"""A member who exists only in a draft event has no public profile (docs/privacy.md).

A draft counts for nothing and shows nothing (docs/desk.md §1): its new members answer 404 byte
for byte like a missing id (also with query strings), and appear on no public page (crawled),
until the event is published.
"""

from __future__ import annotations

import datetime as dt

from flask import Flask
from flask.testing import FlaskClient

from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament
from tests.web.bodies import comparable
from tests.web.crawler import assert_no_leak, crawl

DRAFT_ONLY = "Quentin Draftwell"
QUERIES = ["", "?events_page=2", "?h2h_page=3", "?events_page=2&h2h_page=2", "?lang=ko"]


def _comparable(response) -> tuple:
    headers = sorted((k, v) for k, v in response.headers.items()
                     if k not in ("Date", "Set-Cookie", "Content-Length"))
    return response.status_code, headers, comparable(response.get_data())


def _arrange(app: Flask) -> tuple[int, int]:
    """A published night, then a draft with one new player; (draft event id, new member id)."""
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)]), dt.date(2025, 1, 7))
        t = tournament(["Ann Lee", DRAFT_ONLY], [(1, 1, 2, Kind.DRAW)], name="Draft night")
        event = publish(PublishRequest(tournament=t, name=t.name, date=dt.date(2025, 1, 14),
                                       kind=t.kind, links=exact_links(t), draft=True),
                        actor="test")
        return event.id, member(DRAFT_ONLY).id


def test_a_draft_only_member_is_a_missing_id(app: Flask, client: FlaskClient) -> None:
    event_id, member_id = _arrange(app)
    client.get("/tools/elo")  # one session for every request below
    for query in QUERIES:
        for target in (None, "member-events-more", "h2h-more"):
            headers = {"HX-Request": "true", "HX-Target": target} if target else {}
            draft = client.get(f"/members/{member_id}{query}", headers=headers)
            missing = client.get(f"/members/999999{query}", headers=headers)
            assert draft.status_code == 404, (query, target)
            assert _comparable(draft) == _comparable(missing), (query, target)
    pages = crawl(client, "/")
    assert len(pages) > 5
    assert_no_leak(pages, [DRAFT_ONLY, "Quentin", "Draftwell"])
    assert not any(url == f"/members/{member_id}" for url, _t in pages)
    # Published: the member has a profile and shows.
    with app.app_context():
        from ladder.extensions import db
        from ladder.models import Event
        from ladder.services.corrections import set_published
        event = db.session.get(Event, event_id)
        assert event is not None
        set_published(event_id, "test", version=event.version, published=True)
    page = client.get(f"/members/{member_id}")
    assert page.status_code == 200 and DRAFT_ONLY in page.get_data(as_text=True)
    assert any(DRAFT_ONLY in body for _s, body, _h in crawl(client, "/").values())
