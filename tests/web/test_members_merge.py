"""Organizer merging: duplicates view, merge anywhere, refusals, merges list and undo."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member, Merge
from ladder.services.ladder_check import check
from ladder.services.members import merge as merge_members
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, member, publish_t, snapshot, tournament
from tests.web.members_support import HTMX, JAN, ids, seed, token

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def test_duplicates_suggests_likely_pairs_with_reasons(app, logged_in) -> None:
    seed(app)
    html = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    pairs = html.split('id="suggestions-heading"')[1].split('</section>')[0]
    assert "J. Smith" in pairs and "John Smith" in pairs
    assert "initial" in pairs  # the reason is shown
    assert "Keep John Smith" in pairs and "Keep J. Smith" in pairs


def test_duplicates_exclude_pairs_who_shared_an_event_or_were_merged(app, logged_in) -> None:
    with app.app_context():
        # "Jon Smith" and "John Smith" look alike but played each other: two people.
        publish_t(tournament(["John Smith", "Jon Smith"], [(1, 1, 2, W)]), JAN)
        # "Ann Lee" and "Anne Lee" sat in the same event without meeting: two people.
        publish_t(tournament(["Ann Lee", "Anne Lee", "Bo Chen", "Cai Wu"],
                             [(1, 1, 3, W), (1, 2, 4, D)], name="Night 2"),
                  JAN + dt.timedelta(days=7))
        publish_t(tournament(["B. Chen", "Cai Wu"], [(1, 1, 2, D)], name="Night 3"),
                  JAN + dt.timedelta(days=14))
    html = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    pairs = html.split('id="suggestions-heading"')[1].split('</section>')[0]
    assert "Jon Smith" not in pairs and "Anne Lee" not in pairs
    assert "B. Chen" in pairs
    # After a merge and its undo the pair is not suggested again (the organizer decided).
    with app.app_context():
        record = merge_members(member("B. Chen").id, member("Bo Chen").id, actor="org")
        from ladder.services.members import undo_merge
        undo_merge(record.id, actor="org")
    html = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    pairs = html.split('id="suggestions-heading"')[1].split('</section>')[0]
    assert "B. Chen" not in pairs and "No likely duplicates." in pairs


def test_duplicates_page_handles_a_few_hundred_members(app, logged_in) -> None:
    given = ["John", "Ann", "Bo", "Minjun", "Eve", "Dee", "Cai", "Finn", "Rizky", "Putri",
             "Xiaoming", "José", "Maria", "Li", "Sven", "Ola"]
    family = ["Smith", "Lee", "Chen", "Kim", "Park", "Wu", "Roe", "Pratama", "Garcia", "Wang",
              "Jones", "Brown", "Berg", "Nakamura", "Okafor", "Silva", "Novak", "Dubois", "Rossi"]
    with app.app_context(), direct_writes():
        for g, f in ((g, f) for g in given for f in family):
            db.session.add(Member(name=f"{g} {f}", name_key=f"{g} {f}".casefold()))
        db.session.add(Member(name="J. Smith", name_key="j. smith"))  # a real duplicate
        db.session.commit()
    # Speed is measured, never asserted in a test; this checks the page works at that size.
    response = logged_in.get("/organize/members/duplicates")
    assert response.status_code == 200
    pairs = response.get_data(as_text=True).split('id="suggestions-heading"')[1]
    assert "J. Smith" in pairs.split('id="merge-any-heading"')[0]


def test_merge_from_suggestion_plain_post_is_303_and_replays(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    response = logged_in.post("/organize/members/merge", data={
        "source": source, "target": target, "csrf_token": token(logged_in)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/organize/members/duplicates")
    with app.app_context():
        assert db.session.get(Member, source).merged_into_id == target
        assert db.session.get(Member, target).games == 2
        assert check() == []
    html = logged_in.get(response.headers["Location"]).get_data(as_text=True)
    assert "Merged “J. Smith” into “John Smith”" in html


def test_merge_over_htmx_returns_the_duplicates_fragment_and_trigger(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    response = logged_in.post("/organize/members/merge", data={"source": source, "target": target},
                              headers={**HTMX, "X-CSRFToken": token(logged_in)})
    assert response.status_code == 200 and response.headers["HX-Trigger"] == "ladderChanged"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="duplicates">') and "<html" not in html
    assert "Merged “J. Smith” into “John Smith”" in html
    assert f'<option value="{source}"' not in html  # hidden: no longer a choice


def test_merge_of_two_who_played_each_other_is_refused_with_a_clear_message(app,
                                                                             logged_in) -> None:
    seed(app)
    ann, john = ids(app, "Ann Lee", "John Smith")
    with app.app_context():
        before = snapshot()
        audit_count = db.session.scalar(select(db.func.count()).select_from(Merge))
    for headers, data in (({}, {"csrf_token": token(logged_in)}),
                          ({**HTMX, "X-CSRFToken": token(logged_in)}, {})):
        response = logged_in.post("/organize/members/merge",
                                  data={"source": ann, "target": john, **data}, headers=headers)
        # A refused change: its proper status for a plain form, 200 for htmx (docs/architecture.md
        # §4).
        assert response.status_code == (200 if headers else 422)
        assert "HX-Trigger" not in response.headers
        html = response.get_data(as_text=True)
        assert "Ann Lee and John Smith played each other, so they are two different people" in html
        assert 'role="alert"' in html
        # The merge-anywhere form keeps the organizer's choice.
        assert f'<option value="{ann}" selected>' in html
    with app.app_context():
        assert snapshot() == before
        assert db.session.scalar(select(db.func.count()).select_from(Merge)) == audit_count


def test_merge_refusals_same_event_already_merged_and_bad_input(app, logged_in) -> None:
    seed(app)
    jsmith, john, bo = ids(app, "J. Smith", "John Smith", "Bo Chen")
    kim = ids(app, "Minjun Kim")[0]
    with app.app_context():
        # Bo Chen and "Ann Lee" … Bo played Ann; add a shared event without a game instead:
        publish_t(tournament(["Minjun Kim", "Cai Wu", "Dee Park", "Bo Chen"],
                             [(1, 1, 2, W), (1, 3, 4, D)], name="Night 3"),
                  JAN + dt.timedelta(days=14))
    cases = [({"source": kim, "target": bo}, "both took part in “Night 3”"),
             ({"source": john, "target": john}, "cannot be merged into itself"),
             ({"source": "", "target": john}, "Choose both members"),
             ({"source": "abc", "target": "99999999999999999999"}, "Choose both members"),
             ({"source": 99999, "target": john}, "There is no member 99999")]
    for data, message in cases:
        response = logged_in.post("/organize/members/merge",
                                  data={**data, "csrf_token": token(logged_in)})
        assert response.status_code in (404, 409, 422), data
        assert message in response.get_data(as_text=True), data
    with app.app_context():
        merge_members(jsmith, john, actor="org")
    response = logged_in.post("/organize/members/merge",
                              data={"source": jsmith, "target": bo,
                                    "csrf_token": token(logged_in)})
    assert "already merged" in response.get_data(as_text=True)


def test_merges_list_and_undo_plain_post(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        before = snapshot()
        record = merge_members(source, target, actor="organizer")
        merge_id = record.id
    html = logged_in.get("/organize/members/merges").get_data(as_text=True)
    row = html.split(f'id="merge-{merge_id}"')[1].split("</tr>")[0]
    assert "J. Smith" in row and "John Smith" in row and "organizer" in row
    assert 'hx-target="this"' in html.split(f'id="merge-{merge_id}"')[1][:120]
    assert ">1</td>" in row  # one entry moved
    response = logged_in.post(f"/organize/members/merges/{merge_id}/undo",
                              data={"csrf_token": token(logged_in)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/organize/members/merges")
    with app.app_context():
        assert snapshot() == before
        assert check() == []
    html = logged_in.get("/organize/members/merges").get_data(as_text=True)
    assert "Undid the merge of “J. Smith” into “John Smith”." in html
    assert "undone 20" in html
    # Undoing twice is refused with a message, as a conflict (409; 200 for htmx).
    response = logged_in.post(f"/organize/members/merges/{merge_id}/undo",
                              data={"csrf_token": token(logged_in)})
    assert response.status_code == 409
    assert "There is no such merge to undo." in response.get_data(as_text=True)


def test_undo_over_htmx_returns_the_row_and_works_after_later_events(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        record = merge_members(source, target, actor="org")
        merge_id = record.id
        publish_t(tournament(["John Smith", "Ann Lee"], [(1, 2, 1, D)], name="Night 3"),
                  JAN + dt.timedelta(days=14))
    response = logged_in.post(f"/organize/members/merges/{merge_id}/undo",
                              headers={**HTMX, "X-CSRFToken": token(logged_in),
                                       "HX-Target": f"merge-{merge_id}"})
    assert response.status_code == 200 and response.headers["HX-Trigger"] == "ladderChanged"
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith(f'<tr id="merge-{merge_id}" class="undone"')
    assert "<html" not in html and "Undo</button>" not in html
    with app.app_context():
        assert member("J. Smith") is not None and check() == []
        assert member("John Smith").games == 2  # Night 1 and the later Night 3


def test_undo_order_message_names_the_later_merge(app, logged_in) -> None:
    seed(app)
    with app.app_context():
        publish_t(tournament(["Jon Smith", "Ann Lee"], [(1, 1, 2, W)], name="Night 3"),
                  JAN + dt.timedelta(days=14))
        first = merge_members(member("J. Smith").id, member("John Smith").id, actor="org").id
        second = merge_members(member("John Smith").id, member("Jon Smith").id, actor="org").id
        before = snapshot()
    for headers, data in (({**HTMX, "X-CSRFToken": token(logged_in)}, {}),
                          ({}, {"csrf_token": token(logged_in)})):
        response = logged_in.post(f"/organize/members/merges/{first}/undo", data=data,
                                  headers=headers)
        assert response.status_code == (200 if headers else 409)
        assert "HX-Trigger" not in response.headers
        html = response.get_data(as_text=True)
        assert (f"Undo the later merge of “John Smith” into “Jon Smith” (merge {second}) first."
                in html)
        if headers:
            assert html.lstrip().startswith(f'<tr id="merge-{first}"')
    with app.app_context():
        assert snapshot() == before
    for merge_id in (second, first):
        response = logged_in.post(f"/organize/members/merges/{merge_id}/undo",
                                  data={"csrf_token": token(logged_in)})
        assert response.status_code == 303
    with app.app_context():
        assert check() == []
        assert db.session.scalar(select(db.func.count()).select_from(Member).where(
            Member.merged_into_id.is_not(None))) == 0


def test_merged_member_page_points_to_the_kept_member(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    with app.app_context():
        merge_members(source, target, actor="org")
    html = logged_in.get(f"/organize/members/{source}").get_data(as_text=True)
    assert "This record was merged into John Smith." in html
    assert 'id="member-consent"' not in html


def test_after_a_merge_the_duplicates_page_offers_its_undo_once(app, logged_in) -> None:
    seed(app)
    source, target = ids(app, "J. Smith", "John Smith")
    logged_in.post("/organize/members/merge",
                   data={"source": source, "target": target, "csrf_token": token(logged_in)})
    html = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    assert "Undo this merge" in html
    assert "Undo this merge" not in logged_in.get("/organize/members/duplicates").get_data(
        as_text=True)
