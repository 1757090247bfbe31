"""The public ladder page: full page vs fragment, headers, search, privacy, error pages."""

from __future__ import annotations

import datetime as dt

from flask import Flask
from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Member
from ladder.vocabulary.tournament import Kind
from tests.factories import direct_writes, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS


def _seed(app: Flask) -> None:
    t = tournament(["Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park"],
                   [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W), (2, 2, 4, L)])
    with app.app_context(), direct_writes():
        publish_t(t, dt.date(2025, 1, 7))
        kim = db.session.scalar(select(Member).where(Member.name == "Minjun Kim"))
        kim.junior = True
        db.session.commit()


def test_full_page_has_layout_csrf_meta_and_vendored_htmx(app, client) -> None:
    _seed(app)
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<meta name="csrf-token" content="' in html
    assert "/static/htmx.min.js" in html and "/static/app.js" in html
    assert 'id="ladder-rows"' in html and "<table" in html
    assert "Ann Lee" in html
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "HX-Request" in response.headers["Vary"]


def test_htmx_search_returns_only_the_rows_fragment(app, client) -> None:
    _seed(app)
    response = client.get("/?q=bo", headers={"HX-Request": "true", "HX-Target": "ladder-rows"})
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<tbody id="ladder-rows">')
    assert "<html" not in html
    assert "Bo Chen" in html and "Ann Lee" not in html


def test_history_restore_gets_the_full_page(app, client) -> None:
    _seed(app)
    response = client.get("/?q=bo", headers={"HX-Request": "true", "HX-Target": "ladder-rows",
                                             "HX-History-Restore-Request": "true"})
    assert "<html" in response.get_data(as_text=True)


def test_search_without_javascript_is_a_plain_get(app, client) -> None:
    _seed(app)
    html = client.get("/?q=ANN").get_data(as_text=True)
    assert "<html" in html and "Ann Lee" in html and "Bo Chen" not in html


def test_junior_without_consent_shows_initials_only(app, client) -> None:
    _seed(app)
    html = client.get("/").get_data(as_text=True)
    assert "Minjun Kim" not in html and "Minjun" not in html
    assert "M. K." in html
    # Searching by the hidden full name finds nothing: search sees what visitors see.
    found = client.get("/?q=minjun").get_data(as_text=True)
    assert "M. K." not in found.split('id="ladder-rows"')[1]


def test_provisional_members_rank_below_established(app, client) -> None:
    t = tournament(["Ann Lee", "Bo Chen"], [(r, 1, 2, D) for r in range(1, 6)])
    with app.app_context():
        publish_t(t, dt.date(2025, 1, 7))
        publish_t(tournament(["Ann Lee", "Newcomer Nina"], [(1, 2, 1, W)], name="Night 2"),
                  dt.date(2025, 1, 14))
    html = client.get("/").get_data(as_text=True)
    rows = html.split('id="ladder-rows"')[1]
    assert rows.index("Ann Lee") < rows.index("Bo Chen") < rows.index("Newcomer Nina")
    assert 'class="provisional"' in rows


def test_unknown_page_is_a_clean_404(client) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Traceback" not in response.get_data(as_text=True)


def test_absurd_query_string_is_harmless(client) -> None:
    response = client.get("/?q=" + "x" * 5000)
    assert response.status_code == 200
