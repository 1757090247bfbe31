"""Renaming a member and adding one by hand (docs/organizer-guide.md §1), with bad input."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Member, MemberAlias
from ladder.services.intake import name_choices
from ladder.services.ladder_check import check
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, member, publish_t, tournament

W = Kind.WIN


def _seed(app) -> int:
    with app.app_context():
        publish_t(tournament(["Davis,Tony J", "Ann Lee"], [(1, 1, 2, W)]), dt.date(2025, 5, 6))
        return member("Davis,Tony J").id


def test_rename_changes_every_page_keeps_the_old_spelling_and_is_audited(app, logged_in,
                                                                          client) -> None:
    davis = _seed(app)
    response = logged_in.post(f"/organize/members/{davis}/rename",
                              data={"name": "Tony J Davis", "csrf_token": csrf_token(logged_in)})
    assert response.status_code == 303
    assert "Tony J Davis" in client.get(f"/members/{davis}").get_data(as_text=True)
    assert "Tony J Davis" in client.get("/").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalars(select(MemberAlias.name)
                                  .where(MemberAlias.member_id == davis)).all() == ["Davis,Tony J"]
        entry = db.session.scalar(select(AuditEntry).where(AuditEntry.action == "member.rename"))
        assert entry is not None and "Tony J Davis" in entry.new_value
        # The old spelling, typed again, still finds the member.
        t = tournament(["Davis,Tony J", "Zed"], [(1, 1, 2, W)])
        assert name_choices(t, None)[0].exact == davis
        assert check() == []


@pytest.mark.parametrize("typed, message", [
    ("   ", "The name cannot be empty."),
    ("x" * 500, "at most 200 characters"),
    ("<b>Bob</b>", "cannot contain"),
])
def test_bad_renames_are_refused_and_change_nothing(app, logged_in, typed, message) -> None:
    davis = _seed(app)
    response = logged_in.post(f"/organize/members/{davis}/rename",
                              data={"name": typed, "csrf_token": csrf_token(logged_in)})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html and 'aria-invalid="true"' in html
    assert "<b>Bob</b>" not in html  # escaped, never markup
    with app.app_context():
        assert db.session.get(Member, davis).name == "Davis,Tony J"
        assert db.session.scalar(select(AuditEntry.id).where(
            AuditEntry.action == "member.rename")) is None


def test_a_rename_onto_another_members_name_is_allowed_but_warned(app, logged_in) -> None:
    davis = _seed(app)
    response = logged_in.post(f"/organize/members/{davis}/rename",
                              data={"name": "Ann Lee", "csrf_token": csrf_token(logged_in)},
                              follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "also the name of another member" in html and "Duplicates" in html


def test_add_a_member_by_hand_starts_from_the_club_options(app, logged_in) -> None:
    with app.app_context():
        from dataclasses import replace

        from ladder.services.club_settings import current_form, update_settings
        update_settings(replace(current_form(), start_rating=1500.0), actor="test")
    response = logged_in.post("/organize/members/add",
                              data={"name": "  Nina   Park ", "junior": "on",
                                    "csrf_token": csrf_token(logged_in)})
    assert response.status_code == 303
    with app.app_context():
        nina = member("Nina Park")
        assert nina is not None and nina.junior and nina.rating == 1500.0
        assert check() == []
    refused = logged_in.post("/organize/members/add",
                             data={"name": "", "csrf_token": csrf_token(logged_in)})
    assert refused.status_code == 422 and "cannot be empty" in refused.get_data(as_text=True)
