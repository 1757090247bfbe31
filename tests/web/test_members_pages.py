"""Organizer members pages: roster, member page, re-link, junior flag, consent (docs/desk.md §2,
docs/privacy.md)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Member
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, snapshot
from tests.web.members_support import HTMX, ids, seed, token

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS








# --- access ------------------------------------------------------------------------------------

PAGES = ["/organize/members/", "/organize/members/1", "/organize/members/duplicates",
         "/organize/members/merges", "/organize/audit/", "/organize/members/entries/1/relink"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_need_a_logged_in_organizer(app, client, path) -> None:
    seed(app)
    response = client.get(path)
    assert response.status_code == 303
    assert "/auth/login" in response.headers["Location"]


@pytest.mark.parametrize("path", PAGES)
def test_htmx_requests_without_login_get_hx_redirect(app, client, path) -> None:
    seed(app)
    response = client.get(path, headers=HTMX)
    assert "/auth/login" in response.headers["HX-Redirect"]
    assert "<form" not in response.get_data(as_text=True)


def test_posts_without_login_change_nothing(app, client) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        before = snapshot()
    # A visitor's token comes from the login form: a cached public page gives a visitor
    # without a session no token and no cookie (web/support/cache.py).
    headers = {**HTMX, "X-CSRFToken": csrf_token(client, "/auth/login")}
    response = client.post("/organize/members/merge", data={"source": source, "target": target},
                           headers=headers)
    assert "/auth/login" in response.headers.get("HX-Redirect", "")
    response = client.post("/organize/members/merge", data={
        "source": source, "target": target, "csrf_token": headers["X-CSRFToken"]})
    assert response.status_code == 303 and "/auth/login" in response.headers["Location"]
    with app.app_context():
        assert snapshot() == before


def test_mutations_without_csrf_token_are_refused(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        before = snapshot()
    for path, data in [("/organize/members/merge", {"source": source, "target": target}),
                       (f"/organize/members/{source}/junior", {"junior": "1"}),
                       (f"/organize/members/{source}/consent", {"given": "no"}),
                       ("/organize/members/entries/1/relink", {"member": "new"}),
                       ("/organize/members/merges/1/undo", {})]:
        response = logged_in.post(path, data=data)
        assert response.status_code == 403, path  # with a sentence (guards.csrf_refused)
        response = logged_in.post(path, data=data, headers={**HTMX, "X-CSRFToken": "forged"})
        assert response.headers.get("HX-Retarget") == "body", path
    with app.app_context():
        assert snapshot() == before
        assert db.session.scalar(select(Member.junior).where(Member.id == source)) is False


# --- roster ------------------------------------------------------------------------------------

def test_roster_shows_full_names_junior_and_links(app, logged_in) -> None:
    seed(app)
    html = logged_in.get("/organize/members/").get_data(as_text=True)
    kim = ids(app, "Minjun Kim")[0]
    assert "Minjun Kim" in html and "John Smith" in html and "J. Smith" in html
    assert f'href="/organize/members/{kim}"' in html
    assert "junior" in html and "none (initials)" in html


def test_roster_search_full_page_and_fragment(app, logged_in) -> None:
    seed(app)
    html = logged_in.get("/organize/members/?q=SMITH").get_data(as_text=True)
    assert "<html" in html and "John Smith" in html and "Ann Lee" not in html
    fragment = logged_in.get("/organize/members/?q=ann",
                             headers={**HTMX, "HX-Target": "roster-rows"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<tbody id="roster-rows">')
    assert "Ann Lee" in fragment and "Bo Chen" not in fragment
    assert logged_in.get("/organize/members/?q=" + "%" * 3000).status_code == 200


# --- member page -------------------------------------------------------------------------------

def test_member_page_lists_entries_with_rating_change(app, logged_in) -> None:
    seed(app)
    john = ids(app, "John Smith")[0]
    html = logged_in.get(f"/organize/members/{john}").get_data(as_text=True)
    assert "Club night" in html and "2025-01-07" in html
    assert "1200.0 → " in html
    assert f"/organize/audit/?member={john}" in html
    assert "Re-link" in html
    assert logged_in.get("/organize/members/99999").status_code == 404


def test_member_forms_have_labels_and_no_personal_data_fields(app, logged_in) -> None:
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    entry = _entry_id(app, "J. Smith")
    pages = [logged_in.get(f"/organize/members/{kim}").get_data(as_text=True),
             logged_in.get(f"/organize/members/entries/{entry}/relink").get_data(as_text=True),
             logged_in.get("/organize/members/duplicates").get_data(as_text=True)]
    for html in pages:
        fields = re.findall(r"<(?:input|select|textarea)\b[^>]*>", html)
        assert fields
        for field in fields:
            lowered = field.lower()
            for word in ("birth", "dob", "address", "phone", "mail", "tel", "street", "age"):
                assert f'name="{word}' not in lowered and word not in _attr(lowered, "name")
            assert 'type="email"' not in lowered and 'type="tel"' not in lowered
            if 'type="hidden"' in lowered:
                continue
            field_id = _attr(field, "id")
            assert field_id and f'for="{field_id}"' in html, field  # every field is labelled


def _attr(tag: str, name: str) -> str:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return found.group(1) if found else ""


def _entry_id(app: Flask, raw: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Entry.id).where(Entry.raw_name == raw))


# --- re-link -----------------------------------------------------------------------------------

def test_relink_form_full_page_and_fragment(app, logged_in) -> None:
    seed(app)
    entry = _entry_id(app, "J. Smith")
    html = logged_in.get(f"/organize/members/entries/{entry}/relink").get_data(as_text=True)
    assert "<html" in html and 'value="new"' in html
    fragment = logged_in.get(f"/organize/members/entries/{entry}/relink",
                             headers={**HTMX, "HX-Target": f"entry-{entry}"}).get_data(as_text=True)
    assert fragment.lstrip().startswith(f'<tr id="entry-{entry}"') and "<select" in fragment
    row = logged_in.get(f"/organize/members/entries/{entry}/row",
                        headers={**HTMX, "HX-Target": f"entry-{entry}"}).get_data(as_text=True)
    assert "<select" not in row and "Re-link…" in row


def test_relink_to_a_new_member_plain_post_303(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        from ladder.services.members import merge
        merge(source, target, actor="org")
    entry = _entry_id(app, "J. Smith")
    response = logged_in.post(f"/organize/members/entries/{entry}/relink",
                              data={"member": "new", "csrf_token": token(logged_in)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/organize/members/{target}")
    with app.app_context():
        moved = db.session.get(Entry, entry)
        assert moved.member_id not in (source, target)
        assert db.session.get(Member, moved.member_id).name == "J. Smith"
        assert db.session.get(Member, target).games == 1
        from ladder.services.ladder_check import check
        assert check() == []
    page = logged_in.get(response.headers["Location"]).get_data(as_text=True)
    assert "now belongs to J. Smith" in page


def test_relink_htmx_returns_entries_fragment_and_trigger(app, logged_in) -> None:
    seed(app)
    john, jsmith = ids(app, "John Smith", "J. Smith")
    entry = _entry_id(app, "J. Smith")
    response = logged_in.post(f"/organize/members/entries/{entry}/relink",
                              data={"member": str(john)},
                              headers={**HTMX, "X-CSRFToken": token(logged_in),
                                       "HX-Target": "member-entries"})
    assert response.status_code == 200
    assert response.headers["HX-Trigger"] == "ladderChanged"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="member-entries"') and "<html" not in html
    assert "now belongs to John Smith" in html and "No entries." in html
    with app.app_context():
        assert db.session.get(Entry, entry).member_id == john


def test_relink_refused_shows_the_message_at_200_and_changes_nothing(app, logged_in) -> None:
    seed(app)
    bo = ids(app, "Bo Chen")[0]
    entry = _entry_id(app, "J. Smith")
    with app.app_context():
        before = snapshot()
    for headers in ({}, {**HTMX}):
        response = logged_in.post(f"/organize/members/entries/{entry}/relink",
                                  data={"member": str(bo), "csrf_token": token(logged_in)},
                                  headers=headers)
        # A refused change: 422 for a plain form, 200 for htmx (docs/architecture.md §4).
        assert response.status_code == (200 if headers else 422)
        assert "Bo Chen already plays in this event." in response.get_data(as_text=True)
        assert "HX-Trigger" not in response.headers
    response = logged_in.post(f"/organize/members/entries/{entry}/relink",
                              data={"member": "nobody", "csrf_token": token(logged_in)})
    assert response.status_code == 422 and "Choose a member" in response.get_data(as_text=True)
    with app.app_context():
        assert snapshot() == before


# --- junior and consent ------------------------------------------------------------------------

def test_junior_flag_toggle(app, logged_in) -> None:
    seed(app)
    ann = ids(app, "Ann Lee")[0]
    response = logged_in.post(f"/organize/members/{ann}/junior",
                              data={"junior": "1", "csrf_token": token(logged_in)})
    assert response.status_code == 303
    with app.app_context():
        assert db.session.get(Member, ann).junior is True
    response = logged_in.post(f"/organize/members/{ann}/junior", data={},
                              headers={**HTMX, "X-CSRFToken": token(logged_in)})
    assert response.status_code == 200 and response.headers["HX-Trigger"] == "ladderChanged"
    assert response.get_data(as_text=True).lstrip().startswith('<section id="member-junior"')
    with app.app_context():
        assert db.session.get(Member, ann).junior is False
    # The public ladder now shows initials while junior, the full name otherwise.


#: The consent form's boxes for a member under the consent age (the default 16 here).
GUARDIAN_AND_CHILD = {"who": "guardian", "guardian_consent": "1", "child_agreement": "1"}


def test_consent_record_parent_and_child_date_and_recorder(app, logged_in) -> None:
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    data = {"given": "yes", **GUARDIAN_AND_CHILD, "date": "2025-02-01",
            "recorded_by": "Coach Park", "note": "Signed form in the club binder",
            "csrf_token": token(logged_in)}
    response = logged_in.post(f"/organize/members/{kim}/consent", data=data)
    assert response.status_code == 303
    with app.app_context():
        m = db.session.get(Member, kim)
        assert m.consent_given and m.consent_date == dt.date(2025, 2, 1)
        assert m.consent_recorded_by == "Coach Park"
        assert m.consent_note == "Signed form in the club binder"
        assert db.session.scalar(select(AuditEntry.action).where(
            AuditEntry.member_id == kim).order_by(AuditEntry.id.desc())) == "member.consent"
    html = logged_in.get(f"/organize/members/{kim}").get_data(as_text=True)
    assert "Consent given on February 1, 2025, recorded by Coach Park." in html


@pytest.mark.parametrize("change, message", [
    ({"child_agreement": ""}, "For a member under 16, the child&#39;s own agreement is missing."),
    ({"who": ""}, "Choose who consented: for a member under 16"),
    ({"who": "parent"}, "Who consents: choose one of the offered values."),
    ({"recorded_by": "  "}, "Say who recorded the consent."),
    ({"date": "2025-13-45"}, "is not a date"),
    ({"date": "2999-01-01"}, "cannot be in the future"),
    ({"given": "maybe"}, "Choose whether consent was given."),
])
def test_consent_refusals_show_the_message_and_change_nothing(app, logged_in, change,
                                                               message) -> None:
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    data = {"given": "yes", **GUARDIAN_AND_CHILD, "date": "2025-02-01",
            "recorded_by": "Coach Park", "note": "", "csrf_token": token(logged_in), **change}
    for headers in ({}, {**HTMX}):
        response = logged_in.post(f"/organize/members/{kim}/consent", data=data, headers=headers)
        assert response.status_code == (200 if headers else 422)
        assert message in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Member, kim).consent_given is False


def test_consent_withdrawn_over_htmx(app, logged_in) -> None:
    seed(app)
    kim = ids(app, "Minjun Kim")[0]
    with app.app_context():
        from ladder.services.members import record_consent
        record_consent(kim, True, actor="org", recorded_by="Coach")
    response = logged_in.post(f"/organize/members/{kim}/consent", data={"given": "no"},
                              headers={**HTMX, "X-CSRFToken": token(logged_in)})
    assert response.status_code == 200 and response.headers["HX-Trigger"] == "ladderChanged"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="member-consent"')
    assert "Consent withdrawn for Minjun Kim." in html
    with app.app_context():
        assert db.session.get(Member, kim).consent_given is False
