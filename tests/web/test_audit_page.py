"""The audit log page: who, when, what, old → new; newest first; filters; pagination."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Event
from ladder.services import audit
from ladder.services.members import merge
from tests.factories import direct_writes, member
from tests.web.members_support import ids, seed


def _rows(html: str) -> list[str]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return re.findall(r"<tr>.*?</tr>", body, flags=re.S)


def test_audit_shows_who_when_what_old_and_new_newest_first(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        merge(source, target, actor="alice")
    html = logged_in.get("/organize/audit/").get_data(as_text=True)
    rows = _rows(html)
    assert "alice" in rows[0] and "member.merge" not in rows[0]  # words, not codes (24.10)
    assert "Merged “J. Smith” into “John Smith”" in rows[0]
    assert "&#34;source&#34;" not in rows[0] and '"source"' not in rows[0]  # nor JSON
    assert any("Published" in row for row in rows)
    assert f"/organize/audit/?member={target}" in rows[0]


def test_audit_filters_by_member_and_event(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context(), direct_writes():
        merge(source, target, actor="alice")
        audit.record("bob", "event.edit", "Something about night 2", event_id=2)
        db.session.commit()
    html = logged_in.get(f"/organize/audit/?member={target}").get_data(as_text=True)
    assert [r for r in _rows(html) if "Merged “J. Smith”" in r] and len(_rows(html)) == 1
    assert "Member:" in html and "John Smith" in html
    html = logged_in.get("/organize/audit/?event=2").get_data(as_text=True)
    rows = _rows(html)
    assert all("Something about night 2" in r or "Night 2" in r for r in rows)
    assert "bob" in html and "alice" not in html
    html = logged_in.get(f"/organize/audit/?event=2&member={target}").get_data(as_text=True)
    assert "Nothing recorded yet." in html
    # A bad filter is ignored with a message, never a crash.
    html = logged_in.get("/organize/audit/?member=abc&event=-3").get_data(as_text=True)
    assert "that filter was ignored" in html and "alice" in html and "bob" in html


def test_audit_of_a_deleted_event_still_filters(app, logged_in) -> None:
    seed(app)
    with app.app_context(), direct_writes():
        audit.record("bob", "event.delete", "Deleted an event", event_id=777)
        db.session.commit()
    html = logged_in.get("/organize/audit/?event=777").get_data(as_text=True)
    assert "Deleted an event" in html and "#777 (deleted)" in html


@pytest.mark.parametrize("page", ["0", "-1", "abc", "2", "99999999999999999999999", "1e3",
                                  "", "%00", "1.5", "٣", "²"])
def test_bad_page_numbers_show_page_one(app, logged_in, page) -> None:
    seed(app)
    response = logged_in.get(f"/organize/audit/?page={page}")
    assert response.status_code == 200
    assert "page 1 of 1" in response.get_data(as_text=True)


def test_pagination_fifty_to_a_page(app, logged_in) -> None:
    with app.app_context(), direct_writes():
        for i in range(120):
            audit.record("org", "test.step", f"step {i:03d}")
        db.session.commit()
    html = logged_in.get("/organize/audit/").get_data(as_text=True)
    rows = _rows(html)
    assert len(rows) == 50 and "step 119" in rows[0] and "step 070" in rows[-1]
    assert "page 1 of 3" in html and 'rel="next"' in html and 'rel="prev"' not in html
    html = logged_in.get("/organize/audit/?page=3").get_data(as_text=True)
    # 121 entries: the 120 steps and the creation of the test organizer account.
    assert len(_rows(html)) == 21
    assert "step 000" in html and 'rel="prev"' in html and 'rel="next"' not in html
    html = logged_in.get("/organize/audit/?page=4").get_data(as_text=True)
    assert "page 1 of 3" in html


def test_event_names_are_shown_for_event_entries(app, logged_in) -> None:
    seed(app)
    with app.app_context():
        event_id = db.session.scalar(select(Event.id).where(Event.name == "Night 2"))
        assert db.session.scalar(select(AuditEntry.id).where(AuditEntry.event_id == event_id))
    html = logged_in.get(f"/organize/audit/?event={event_id}").get_data(as_text=True)
    assert "Event: Night 2" in html


def test_member_filter_finds_merges_and_relinks_on_both_sides(app, logged_in) -> None:
    seed(app)
    source, target, bo = ids(app, "J. Smith", "John Smith", "Bo Chen")
    with app.app_context():
        record = merge(source, target, actor="alice")
        from ladder.services.members import relink, undo_merge
        undo_merge(record.id, actor="alice")
        entry = member("J. Smith").entries[0]
        relink(entry.id, None, actor="carol")
    html = logged_in.get(f"/organize/audit/?member={source}").get_data(as_text=True)
    actions = " ".join(_rows(html))
    assert "Merged “J. Smith”" in actions and "Undid the merge of “J. Smith”" in actions
    assert "moved from" in actions  # moved away from J. Smith: in J. Smith's history too
    html = logged_in.get(f"/organize/audit/?member={bo}").get_data(as_text=True)
    assert "Merged “J. Smith”" not in html and "moved from" not in html
