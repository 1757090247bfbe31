"""The ladder check's state on every organizer page (docs/organizer-guide.md §1): verified,
differences (with a link to them), or not yet run for the latest change; never on public pages."""

from __future__ import annotations

from ladder.extensions import db
from ladder.services.ladder_check import run_check
from tests.factories import direct_writes, member, seed

PAGES = ("/organize/members/", "/organize/audit/", "/organize/settings/",
         "/organize/events/1", "/organize/events/new", "/organize/seasons")


def _strip(html: str) -> str:
    assert 'id="check-state"' in html
    return html.split('id="check-state"')[1].split("</p>")[0]


def test_every_organizer_page_says_the_check_state(app, logged_in) -> None:
    seed(app)
    for path in PAGES:  # published, never checked since
        strip = _strip(logged_in.get(path).get_data(as_text=True))
        assert "not yet run for the latest change" in strip, path
        assert 'href="/organize/#check-title"' in strip
    logged_in.get("/organize/")  # the dashboard runs the check
    for path in PAGES:
        strip = _strip(logged_in.get(path).get_data(as_text=True))
        assert "class=\"check-state verified" in logged_in.get(path).get_data(as_text=True)
        assert "Ladder check: verified." in strip, path
    with app.app_context():
        with direct_writes():
            member("Ann Lee").rating += 7
            db.session.commit()
        assert not run_check().verified
    for path in PAGES:
        strip = _strip(logged_in.get(path).get_data(as_text=True))
        assert "Ladder check: 1 difference." in strip, path
        assert 'href="/organize/#ladder-status"' in strip
    assert 'id="check-state"' not in logged_in.get("/organize/").get_data(as_text=True)
    assert 'id="check-state"' not in logged_in.get("/").get_data(as_text=True)


def test_the_state_is_in_the_readers_language(app, logged_in) -> None:
    seed(app)
    for locale in ("ko", "zh_Hans", "id"):
        strip = _strip(logged_in.get(f"/organize/members/?lang={locale}").get_data(as_text=True))
        assert "Ladder check" not in strip and "latest change" not in strip, locale
