"""After a merge is undone (docs/desk.md §2): the duplicates page says why the pair is no longer
suggested, and "Merge them again" merges it in one action."""

from __future__ import annotations

import datetime as dt

from ladder.services.members import merge, undo_merge
from ladder.vocabulary.tournament import Kind
from tests.factories import csrf_token, member, publish_t, tournament


def _two_records(app) -> tuple[int, int, int]:
    with app.app_context():
        publish_t(tournament(["J. Smith", "Ann Lee"], [(1, 1, 2, Kind.WIN)], name="One"),
                  dt.date(2025, 1, 7))
        publish_t(tournament(["John Smith", "Bo Chen"], [(1, 1, 2, Kind.DRAW)], name="Two"),
                  dt.date(2025, 1, 14))
        source, target = member("J. Smith").id, member("John Smith").id
        record = merge(source, target, actor="alice")
        undo_merge(record.id, actor="alice")
        return source, target, record.id


def test_an_undone_merge_is_explained_and_offered_again(app, logged_in) -> None:
    source, target, merge_id = _two_records(app)
    html = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    section = html.split('id="undone-heading"')[1].split("</section>")[0]
    assert "“J. Smith” and “John Smith” are no longer suggested: their merge of" in section
    assert "was undone on" in section and "two people" in section
    assert f'name="source" value="{source}"' in section
    assert f'name="target" value="{target}"' in section
    assert f'aria-describedby="undone-{merge_id}"' in section and "Merge them again" in section
    response = logged_in.post("/organize/members/merge", data={
        "csrf_token": csrf_token(logged_in, "/organize/members/duplicates"),
        "source": str(source), "target": str(target)})
    assert response.status_code in (200, 303)
    with app.app_context():
        from ladder.extensions import db
        from ladder.models import Member
        assert db.session.get(Member, source).merged_into_id == target
    after = logged_in.get("/organize/members/duplicates").get_data(as_text=True)
    assert 'id="undone-heading"' not in after  # merged again: nothing left to explain


def test_the_explanation_is_in_the_readers_language(app, logged_in) -> None:
    _two_records(app)
    for locale in ("ko", "zh_Hans", "id"):
        html = logged_in.get(f"/organize/members/duplicates?lang={locale}").get_data(
            as_text=True)
        section = html.split('id="undone-heading"')[1].split("</section>")[0]
        assert "no longer suggested" not in section and "Merge them again" not in section
