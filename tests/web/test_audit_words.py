"""The audit log for people (docs/club-rating.md §2): sentences with names and values, name and date
filters, a CSV export that spreadsheet programs read in every script."""

from __future__ import annotations

import csv
import datetime as dt
import io

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import AuditEntry, Result
from ladder.services.corrections import edit_result
from ladder.services.members import rename
from ladder.vocabulary.tournament import Kind
from tests.factories import member, publish_t, tournament

W, D = Kind.WIN, Kind.DRAW


def _seed(app) -> None:
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "김민준", "González Ruiz"],
                             [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W), (2, 2, 4, D),
                              (3, 1, 4, W), (3, 2, 3, D)], name="Spring night"),
                  dt.date(2025, 3, 4))
        result = db.session.scalar(select(Result).where(Result.round == 3)
                                   .order_by(Result.id))
        edit_result(result.id, "draw", result.version, actor="alice")
        kim = db.session.scalar(select(Result).where(Result.round == 1)
                                .order_by(Result.id).offset(2))
        edit_result(kim.id, "loss", kim.version, actor="alice")


def test_a_result_edit_reads_as_a_sentence_with_names_and_scores(app, logged_in) -> None:
    _seed(app)
    html = logged_in.get("/organize/audit/").get_data(as_text=True)
    assert ("Result of Ann Lee vs González Ruiz, round 3 of “Spring night”: 1-0 → ½-½"
            in html)


def test_the_sentence_keeps_the_names_of_the_time_after_a_rename(app, logged_in) -> None:
    _seed(app)
    with app.app_context():
        rename(member("Ann Lee").id, "Ann Lee-Park", actor="alice")
    html = logged_in.get("/organize/audit/").get_data(as_text=True)
    assert "Result of Ann Lee vs González Ruiz" in html
    assert "Renamed Ann Lee to Ann Lee-Park." in html


def test_filters_by_member_name_event_name_and_dates(app, logged_in) -> None:
    _seed(app)
    html = logged_in.get("/organize/audit/?member_name=gonzalez").get_data(as_text=True)
    assert "Result of Ann Lee vs González Ruiz" in html
    html = logged_in.get("/organize/audit/?event_name=Spring").get_data(as_text=True)
    assert "Published “Spring night”" in html
    html = logged_in.get("/organize/audit/?event_name=Autumn").get_data(as_text=True)
    assert "Nothing recorded yet." in html
    today = dt.date.today()
    html = logged_in.get(f"/organize/audit/?since={today + dt.timedelta(days=1)}") \
        .get_data(as_text=True)
    assert "Nothing recorded yet." in html
    html = logged_in.get(f"/organize/audit/?since={today}&until={today}").get_data(as_text=True)
    assert "Published “Spring night”" in html
    html = logged_in.get("/organize/audit/?since=2025-13-01").get_data(as_text=True)
    assert "is not a date" in html and "Published" in html


def test_the_csv_export_has_a_bom_translated_headers_and_every_script(app, logged_in) -> None:
    _seed(app)
    response = logged_in.get("/organize/audit/export.csv?member_name=김민준")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    body = response.get_data()
    assert body.startswith("\ufeff".encode("utf-8"))
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[0][:3] == ["When (UTC)", "Who", "Action"]
    assert any("김민준" in " ".join(row) for row in rows[1:])
    with app.app_context():
        total = db.session.query(AuditEntry).count()
    assert len(rows) - 1 < total  # the filter applies to the export too


def test_exports_carry_a_byte_order_mark(app, logged_in) -> None:
    _seed(app)
    body = logged_in.get("/organize/settings/export/startlist.csv").get_data()
    assert body.startswith("\ufeff".encode("utf-8")) and "김민준".encode() in body
