"""Choosing the language (docs/qualities.md §2): ?lang, the cookie, the club's default,
Accept-Language, English — and bad input falling through silently."""

from __future__ import annotations

import re

import pytest

from ladder.queries.club import club_settings
from ladder.services.uow import unit_of_work
from ladder.web.support.i18n import normalise


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, "no <html lang>"
    return found.group(1)


@pytest.mark.parametrize("tag, locale", [
    ("ko", "ko"), ("ko-KR", "ko"), ("zh", "zh_Hans"), ("zh-CN", "zh_Hans"),
    ("zh-SG", "zh_Hans"), ("zh-Hans", "zh_Hans"), ("zh_Hans_CN", "zh_Hans"), ("id", "id"),
    ("id-ID", "id"), ("in", "id"), ("en-GB", "en"), ("EN", "en"),
    ("fr", None), ("", None), ("k0", None), ("x" * 50, None), ("'; DROP", None)])
def test_language_tags_map_to_the_supported_locales(tag, locale) -> None:
    assert normalise(tag) == locale


def test_accept_language_picks_the_page_language(client) -> None:
    assert _lang(client.get("/tools/elo").get_data(as_text=True)) == "en"
    for header, expected in (("ko-KR,ko;q=0.9,en;q=0.5", "ko"), ("zh-CN,zh;q=0.9", "zh-Hans"),
                             ("fr-FR,id;q=0.8", "id"), ("fr, de", "en"),
                             ("garbage;;;q=x", "en")):
        html = client.get("/tools/elo", headers={"Accept-Language": header}).get_data(
            as_text=True)
        assert _lang(html) == expected, header


def test_lang_parameter_sets_and_remembers_the_choice_over_the_browser(client) -> None:
    response = client.get("/tools/elo?lang=ko", headers={"Accept-Language": "id"})
    assert _lang(response.get_data(as_text=True)) == "ko"
    assert "lang=ko" in response.headers.get("Set-Cookie", "")
    # The next page, without ?lang, keeps Korean (the cookie wins over Accept-Language).
    html = client.get("/tools/tiebreaks", headers={"Accept-Language": "id"}).get_data(
        as_text=True)
    assert _lang(html) == "ko"
    # An unknown value changes nothing and is no error.
    response = client.get("/tools/elo?lang=xx")
    assert response.status_code == 200 and _lang(response.get_data(as_text=True)) == "ko"


def test_a_malformed_cookie_falls_through_to_the_next_rule(client) -> None:
    client.set_cookie("lang", "<script>")
    html = client.get("/tools/elo", headers={"Accept-Language": "zh"}).get_data(as_text=True)
    assert _lang(html) == "zh-Hans"


def test_the_club_default_comes_before_the_browser(app, client) -> None:
    with app.app_context():
        with unit_of_work():
            club_settings().default_language = "id"
    html = client.get("/tools/elo", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert _lang(html) == "id"
    assert _lang(client.get("/tools/elo?lang=en").get_data(as_text=True)) == "en"


def test_the_switcher_keeps_the_page_and_its_query(client) -> None:
    html = client.get("/tools/elo?c_rating=1500&lang=id").get_data(as_text=True)
    links = re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', html)
    assert ("/tools/elo?c_rating=1500&amp;lang=ko", "ko") in links
    assert ("/tools/elo?c_rating=1500&amp;lang=zh_Hans", "zh-Hans") in links
    assert 'aria-current="true">Bahasa Indonesia' in html


def test_organizer_pages_follow_the_same_choice(logged_in) -> None:
    assert _lang(logged_in.get("/organize/?lang=zh").get_data(as_text=True)) == "zh-Hans"
    assert _lang(logged_in.get("/organize/members/").get_data(as_text=True)) == "zh-Hans"


def test_htmx_requests_keep_the_language(client) -> None:
    client.get("/?lang=ko")
    response = client.get("/?q=a", headers={"HX-Request": "true", "HX-Target": "ladder-rows"})
    assert response.status_code == 200
    assert "Vary" in response.headers and "Cookie" in response.headers["Vary"]


def test_a_redirect_remembers_the_language_asked_for(app, client) -> None:
    # The QR code's address answers with a redirect that translates nothing; the ?lang= it
    # carries still reaches the check-in page it leads to.
    from tests.web.phones_support import arrange, code_of
    night_id, _ids = arrange(app)
    response = client.get(f"/nights/{night_id}/join/{code_of(app, night_id)}?lang=ko",
                          headers={"Accept-Language": "id"})
    assert response.status_code == 303
    assert any(c.startswith("lang=ko;") for c in response.headers.getlist("Set-Cookie"))
    html = client.get(response.headers["Location"], headers={"Accept-Language": "id"})
    assert _lang(html.get_data(as_text=True)) == "ko"
