"""Long lists in windows (docs/organizer-guide.md §1): the ladder, roster, events, a profile's
events and head-to-head, the audit log and the dashboard show one window; a "more" row whose link is
a plain page without JavaScript and an htmx swap with it; the search searches everything; the whole
ladder prints from one page."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member
from ladder.vocabulary.tournament import Kind
from ladder.web.support.formatting import format_named
from ladder.web.support.paging import Window
from tests.factories import HTMX, make_app, publish_t, tournament

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Kim", "Finn Roe", "Gus Tan"]
RANK = re.compile(r'<td class="num">(\d+)</td>\s*<td><a href="/members/')


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Flask]:
    """An app whose windows hold three rows (two on a profile), over seven members who all
    played seven events (everyone met everyone once in some event)."""
    import os
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        url = url.replace("postgresql://", "postgresql+psycopg://", 1)
        from tests.factories import reset_postgres
        reset_postgres(url)
    app = make_app(tmp_path, url, LIST_PAGE_SIZE=3, PROFILE_PAGE_SIZE=2, SERVER_NAME=None)
    with app.app_context():
        from ladder.services.setup import init_database
        init_database()
        for night in range(7):
            # Ann meets a different opponent each night; the others play among themselves.
            opponent = 2 + night % 6
            others = [i for i in range(2, 8) if i != opponent]
            games = [(1, 1, opponent, Kind.WIN), (1, others[0], others[1], Kind.DRAW),
                     (1, others[2], others[3], Kind.WIN), (1, others[4], 1, Kind.LOSS)]
            publish_t(tournament(NAMES, games[:3], name=f"Night {night + 1}"),
                      dt.date(2025, 1, 7) + dt.timedelta(days=7 * night))
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _html(client: FlaskClient, url: str, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def _more(html: str, row_id: str) -> str | None:
    """The href of the "more" row ``row_id`` (None when there is none), checking that the
    same address is the htmx request and that the row swaps itself."""
    found = re.search(rf'<tr id="{row_id}" class="more"><td colspan="\d+"><a href="([^"]+)" '
                      rf'hx-get="([^"]+)" hx-target="closest tr" hx-swap="outerHTML">', html)
    if found is None:
        return None
    assert found.group(1) == found.group(2)
    return found.group(1).replace("&amp;", "&")


def test_the_ladder_shows_a_window_and_a_more_link_that_works_without_javascript(small) -> None:
    client = small.test_client()
    first = _html(client, "/")
    assert RANK.findall(first) == ["1", "2", "3"]
    assert _more(first, "ladder-more") == "/?page=2"
    assert 'class="pager"' not in first  # nothing to go back to
    second = _html(client, "/?page=2")  # the link as a plain page
    assert RANK.findall(second) == ["4", "5", "6"]
    assert _more(second, "ladder-more") == "/?page=3"
    assert 'href="/">First page</a>' in second and 'rel="prev" href="/"' in second
    assert "Rows 4–6 of 7" in second
    last = _html(client, "/?page=3")
    assert RANK.findall(last) == ["7"] and _more(last, "ladder-more") is None
    assert 'rel="prev" href="/?page=2"' in last


def test_the_more_row_swaps_itself_for_the_next_rows_with_htmx(small) -> None:
    client = small.test_client()
    fragment = _html(client, "/?page=2", **HTMX, **{"HX-Target": "ladder-more"})
    assert "<html" not in fragment and "<tbody" not in fragment
    assert fragment.lstrip().startswith("<tr")
    assert RANK.findall(fragment) == ["4", "5", "6"]
    assert _more(fragment, "ladder-more") == "/?page=3"
    end = _html(client, "/?page=3", **HTMX, **{"HX-Target": "ladder-more"})
    assert RANK.findall(end) == ["7"] and 'id="ladder-more"' not in end


def test_a_page_number_out_of_range_or_malformed_shows_a_real_page(small) -> None:
    client = small.test_client()
    assert RANK.findall(_html(client, "/?page=99")) == ["7"]
    for bad in ("0", "-1", "abc", "1e3", "2.0", "9" * 20):
        assert RANK.findall(_html(client, f"/?page={bad}")) == ["1", "2", "3"], bad


def test_the_search_searches_every_member_not_only_the_window(small) -> None:
    client = small.test_client()
    with small.app_context():
        last = db.session.scalar(select(Member.name).where(Member.id == _last_member_id()))
    assert last not in _html(client, "/")
    rows = _html(client, f"/?q={last.split()[0]}", **HTMX, **{"HX-Target": "ladder-rows"})
    assert rows.lstrip().startswith('<tbody id="ladder-rows">') and last in rows


def _last_member_id() -> int:
    from ladder.queries import ladder_lines
    from ladder.queries.club import club_settings
    return ladder_lines(db.session, club_settings())[-1].member_id


def test_sorting_and_search_travel_with_the_more_link(small) -> None:
    client = small.test_client()
    by_name = _html(client, "/?sort=name&dir=asc")
    assert _more(by_name, "ladder-more") == "/?sort=name&dir=asc&page=2"
    searched = _html(client, "/?q=e")
    link = _more(searched, "ladder-more")
    assert link is None or link.startswith("/?q=e&")


def test_the_whole_ladder_prints_from_one_page(small) -> None:
    client = small.test_client()
    first = _html(client, "/")
    assert 'href="/?all=1"' in first and 'class="print-note"' in first
    everything = _html(client, "/?all=1")
    assert RANK.findall(everything) == ["1", "2", "3", "4", "5", "6", "7"]
    assert _more(everything, "ladder-more") is None and 'class="print-all"' not in everything


def test_roster_and_events_lists_come_in_windows(small) -> None:
    client = small.test_client()
    for url, row_id, link in (("/members", "roster-more", '<td><a href="/members/'),
                              ("/events", "events-more", '<td><a href="/events/')):
        first = _html(client, url)
        assert first.count(link) == 3 and _more(first, row_id) == f"{url}?page=2"
        fragment = _html(client, f"{url}?page=2", **HTMX, **{"HX-Target": row_id})
        assert "<html" not in fragment and fragment.count(link) == 3
        assert _more(fragment, row_id) == f"{url}?page=3"
        last = _html(client, f"{url}?page=3")
        assert last.count(link) == 1 and _more(last, row_id) is None
    events = _html(client, "/events")
    assert "Night 7" in events and "Night 1" not in events  # newest first
    assert "Night 1" in _html(client, "/events?page=3")


def test_a_profile_pages_its_events_and_head_to_head_separately(small) -> None:
    client = small.test_client()
    with small.app_context():
        ann = db.session.scalar(select(Member.id).where(Member.name == "Ann Lee"))
    page = _html(client, f"/members/{ann}")
    events_more = _more(page, "member-events-more")
    h2h_more = _more(page, "h2h-more")
    assert events_more == f"/members/{ann}?events_page=2"
    assert h2h_more == f"/members/{ann}?h2h_page=2"
    fragment = _html(client, events_more, **HTMX, **{"HX-Target": "member-events-more"})
    assert "<html" not in fragment and "Night 5" in fragment and "Night 7" not in fragment
    # Each list keeps the other's place when it moves on without JavaScript.
    both = _html(client, f"/members/{ann}?events_page=2&h2h_page=2")
    assert _more(both, "member-events-more") == f"/members/{ann}?events_page=3&h2h_page=2"
    assert _more(both, "h2h-more") == f"/members/{ann}?events_page=2&h2h_page=3"
    assert "<svg" in page  # the chart shows every point, unpaged


def test_the_audit_log_has_a_more_row_beside_its_pager(app, logged_in) -> None:
    from ladder.queries.audit import PAGE_SIZE
    with app.app_context():
        for night in range(PAGE_SIZE + 1):  # an audit entry per publish at least
            publish_t(tournament(["Ann Lee", "Bo Chen"], [(1, 1, 2, Kind.WIN)],
                                 name=f"Night {night}"), dt.date(2025, 1, 1))
    page = _html(logged_in, "/organize/audit/")
    link = _more(page, "audit-more")
    assert link == "/organize/audit/?page=2" and 'rel="next"' in page
    fragment = _html(logged_in, link, **HTMX, **{"HX-Target": "audit-more"})
    assert "<html" not in fragment and fragment.lstrip().startswith("<tr")


def test_the_dashboard_lists_events_in_windows(small, tmp_path) -> None:
    from tests.factories import ORGANIZER
    with small.app_context():
        from ladder.models import User
        from ladder.services import sessions
        from ladder.services.accounts import set_organizer
        set_organizer(*ORGANIZER, actor="test")
        token = sessions.start(db.session.scalar(select(User.id)))
    client = small.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = token
    page = _html(client, "/organize/")
    assert "Night 7" in page and "Night 4" not in page
    assert _more(page, "dashboard-more") == "/organize/?page=2"
    fragment = _html(client, "/organize/?page=2", **HTMX, **{"HX-Target": "dashboard-more"})
    assert "Night 4" in fragment and "<html" not in fragment


def test_a_window_knows_where_it_is() -> None:
    window = Window(2, 3, 7)
    assert (window.pages, window.offset, window.first, window.last) == (3, 3, 4, 6)
    assert window.has_previous and window.has_next and window.next_size == 1
    assert list(window.rows(range(7))) == [3, 4, 5]
    empty = Window(1, 3, 0)
    assert empty.pages == 1 and not empty.has_next and (empty.first, empty.last) == (0, 0)


def test_a_sentence_translated_once_escapes_each_value() -> None:
    pattern = Markup("%(name)s — %(code)s: %(value)s")  # a translation may reorder them
    assert format_named(pattern, code="BH<1>", value="1.5", name="A & B") == (
        "A &amp; B — BH&lt;1&gt;: 1.5")


def test_list_links_equal_url_for_with_and_without_the_unlisted_token(app) -> None:
    from flask import g, url_for

    from ladder.web.support.urls import explain_links, member_href
    codes = ["BH/C1", "SB", "KS/L+1", "ARO"]
    for token in (None, "t" * 32):
        with app.test_request_context("/"):
            if token:
                g.public_token = token  # what the gate sets for a /c/<token> request
            for member_id in (1, 42, 2**31 - 1):
                assert member_href(member_id) == url_for("public.member", member_id=member_id)
            links = explain_links(7, codes)
            for code in codes:
                for start_no in (1, 12, 300):
                    before, after = links[code]
                    assert before + str(start_no) + after == url_for(
                        "public.explain", event_id=7, start_no=start_no, code=code)
