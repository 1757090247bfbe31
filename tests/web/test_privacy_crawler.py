"""The crawler (docs/privacy.md): every public page and fragment of the demo club, in each
visibility.

Starting from the ladder, it follows each same-origin ``<a href>`` and ``hx-get`` (sending the
HTMX headers with the element's target, so fragments are fetched the way htmx fetches them),
and asserts that no junior without consent shows by full name, given name or surname in any
body or header; that a private club answers nothing but the tools and static files to a
visitor; and that an unlisted club answers only under its current token.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member
from tests.web.crawler import assert_no_leak, crawl, forbidden_strings, main_part, set_visibility


def test_public_club_hides_juniors_everywhere(demo: Flask, client: FlaskClient) -> None:
    pages = crawl(client, "/")
    urls = {url for url, _t in pages}
    # The crawl reached every kind of page and fragment.
    assert any(u.startswith("/members/") for u in urls)
    assert any(re.match(r"^/events/\d+$", u) for u in urls)
    assert any("/explain/" in u for u in urls)
    assert ("/", "ladder-rows") in pages
    assert any(t == "standings" for _u, t in pages) and any(t == "crosstable" for _u, t in pages)
    assert len(pages) > 60
    assert all(status == 200 for status, _b, _h in pages.values()), \
        [u for u, (s, _b, _h) in pages.items() if s != 200][:5]
    forbidden = forbidden_strings(demo, client)
    assert "Noah Becker" in forbidden and "이서연" in forbidden
    assert_no_leak(pages, forbidden)
    # The junior with a recorded consent does show by full name.
    assert any("Mateo Fernández" in body for _s, body, _h in pages.values())
    # A public club is indexable.
    ladder = client.get("/")
    assert "X-Robots-Tag" not in ladder.headers
    assert 'name="robots"' not in ladder.get_data(as_text=True)


def test_initials_for_all_hides_every_full_name(demo: Flask, client: FlaskClient) -> None:
    set_visibility(demo, "public", initials_for_all=True)
    pages = crawl(client, "/")
    with demo.app_context():
        every = db.session.scalars(select(Member.name)
                                   .where(Member.merged_into_id.is_(None))).all()
    assert_no_leak(pages, sorted(every))


def test_private_club_answers_nothing_to_a_visitor(demo: Flask, client: FlaskClient) -> None:
    public_pages = crawl(client, "/")
    set_visibility(demo, "private")
    for (url, target) in public_pages:
        headers = {"HX-Request": "true", "HX-Target": target} if target else {}
        response = client.get(url, headers=headers)
        assert response.status_code == 404, url
        # The same answer as for something that never existed, in the same language (the
        # crawl follows the language switcher, whose choice a cookie remembers).
        lang = parse_qs(urlsplit(url).query).get("lang")
        not_found = client.get("/members/999999" + (f"?lang={lang[0]}" if lang else ""))
        assert main_part(response.get_data()) == main_part(not_found.get_data()), url
    static = client.get("/static/app.css")
    assert static.status_code == 200
    static.close()
    robots = client.get("/robots.txt").get_data(as_text=True)
    assert "Disallow: /" in robots and "Allow: /tools" in robots


def test_private_club_is_visible_to_organizers(demo: Flask, logged_in: FlaskClient) -> None:
    set_visibility(demo, "private")
    pages = crawl(logged_in, "/")
    assert len(pages) > 60
    assert all(status == 200 for status, _b, _h in pages.values())
    assert "noindex" in pages[("/", None)][2]


def test_unlisted_club_lives_under_its_token(demo: Flask, client: FlaskClient) -> None:
    token = set_visibility(demo, "unlisted")
    assert token and len(token) >= 22  # at least 128 random bits
    assert client.get("/").status_code == 404
    assert client.get("/members").status_code == 404
    pages = crawl(client, f"/c/{token}/")
    assert len(pages) > 60
    for (url, _target), (status, body, headers) in pages.items():
        assert status == 200, url
        assert url.startswith(f"/c/{token}/"), url  # every link kept the token
        assert "X-Robots-Tag: noindex" in headers, url
        if "<html" in body:
            assert '<meta name="robots" content="noindex">' in body, url
    assert_no_leak(pages, forbidden_strings(demo, client))
    robots = client.get("/robots.txt").get_data(as_text=True)
    assert "Disallow: /c/" in robots


def test_unlisted_wrong_tokens_are_404(demo: Flask, client: FlaskClient) -> None:
    token = set_visibility(demo, "unlisted")
    reference = client.get("/members/999999").get_data()
    for bad in ["wrong", "x" * 32, token[:-1], token + "x", token.upper(), "%00", "a/b",
                "x" * 500, "..", "' OR 1=1", "%F0%28%8C%28"]:
        for path in ("/", "/members", "/events", "/members/1", "/events/1/explain/1/BH"):
            response = client.get(f"/c/{bad}{path}")
            assert response.status_code == 404, (bad, path)
            body = response.get_data()
            assert token.encode() not in body and main_part(body) == main_part(reference)


def test_regenerating_the_token_kills_old_links(demo: Flask, client: FlaskClient) -> None:
    old = set_visibility(demo, "unlisted")
    assert client.get(f"/c/{old}/members/1").status_code == 200
    with demo.app_context():
        from ladder.services.club_settings import regenerate_token
        new = regenerate_token("test")
    assert new != old
    assert client.get(f"/c/{old}/members/1").status_code == 404
    assert client.get(f"/c/{new}/members/1").status_code == 200


def test_token_urls_do_not_exist_for_a_public_club(demo: Flask, client: FlaskClient) -> None:
    token = set_visibility(demo, "unlisted")
    set_visibility(demo, "public")
    assert client.get(f"/c/{token}/").status_code == 404
    assert client.get("/").status_code == 200
