"""Pages that cost what they show (docs/qualities.md §2 "Growth"): what a page reads and
computes follows what it shows, not the size of the club.

* the ladder's default page pages in SQL and names its window's members only: the whole
  ladder and the whole name book are never built for it;
* the event page names its players only (a non-bughouse event reads no other name);
* a tie-break explanation computes the one explained tie-break, never the event's standings
  (every tie-break of every player), and gives the value the standings show.

The figures themselves are the bench's (``ladder bench pages --members … --games …``);
these tests check the mechanism, never a time.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest
from flask import Flask

from ladder.extensions import db
from ladder.queries import events as event_queries
from ladder.services.members import merge
from ladder.vocabulary.tournament import EventKind, Kind
from ladder.web.public import ladder as ladder_view
from ladder.web.support import request_state
from tests.factories import direct_writes, member, publish_t, tournament

W, D, L = Kind.WIN, Kind.DRAW, Kind.LOSS
NAMES = ["Ann Lee", "Bo Chen", "Minjun Kim", "Dee Park", "Eve Stone"]


def seed(app: Flask) -> dict[str, int]:
    """A Swiss with a half bye, a pairing bye and a forfeit; a round-robin; an unrated night;
    a junior (Minjun Kim) without consent; a merged duplicate (Ann Lea into Ann Lee)."""
    import datetime as dt
    swiss = tournament(NAMES, [(1, 1, 2, W), (1, 3, 4, D), (2, 1, 3, W),
                               (2, 2, 5, Kind.FORFEIT_WIN), (3, 1, 4, D), (3, 3, 5, L)],
                       name="Spring Swiss", byes=[(1, 5, Kind.PAIRING_BYE),
                                                  (2, 4, Kind.HALF_BYE),
                                                  (3, 2, Kind.ZERO_BYE)])
    rr = tournament(NAMES[:4], [(1, 1, 2, D), (1, 3, 4, W), (2, 1, 3, L), (2, 2, 4, W),
                                (3, 1, 4, W), (3, 2, 3, D)],
                    name="Club Round-Robin", kind=EventKind.ROUND_ROBIN)
    unrated = tournament(["Ann Lea", "Bo Chen"], [(1, 1, 2, W)], name="Chess960 Night")
    with app.app_context(), direct_writes():
        swiss_id = publish_t(swiss, dt.date(2025, 3, 6)).id
        publish_t(rr, dt.date(2025, 3, 20))
        publish_t(unrated, dt.date(2025, 4, 3), rated=False)
        member("Minjun Kim").junior = True
        db.session.commit()
        merge(member("Ann Lea").id, member("Ann Lee").id, actor="test")
    return {"swiss": swiss_id}


def _refuse(what: str):  # noqa: ANN202 - a stand-in that fails the test when called
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError(f"{what} was computed")
    return refuse


@pytest.fixture
def seeded(app: Flask) -> dict[str, int]:
    ids = seed(app)
    event_queries._ranking.cache_clear()  # noqa: SLF001 - what a cold page finds
    return ids


def test_the_ladders_default_page_builds_neither_the_whole_ladder_nor_every_name(
        app: Flask, seeded: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    whole = client.get("/?all=1").get_data(as_text=True)  # the whole ladder, for comparison
    monkeypatch.setattr(ladder_view, "ladder_lines", _refuse("the whole ladder"))
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    page = client.get("/?page=1")
    assert page.status_code == 200
    rows = re.findall(r'<tr class="(?:provisional|established)">(.*?)</tr>',
                      page.get_data(as_text=True), re.S)
    assert rows and rows == re.findall(r'<tr class="(?:provisional|established)">(.*?)</tr>',
                                       whole, re.S)[:len(rows)]
    assert "M. K." in page.get_data(as_text=True)  # the junior, by initials


def test_the_event_page_names_its_players_only(app: Flask, seeded: dict[str, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    page = app.test_client().get(f"/events/{seeded['swiss']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Ann Lee" in text and "M. K." in text and "Minjun" not in text


def _standings_values(text: str) -> dict[tuple[int, str], str]:
    """(start number, code) → the value shown in the standings, from the explain links."""
    return {(int(no), html_lib.unescape(code)): value for no, code, value in re.findall(
        r'<a class="tb" href="/events/\d+/explain/(\d+)/([^"]+)"[^>]*>([^<]+)</a>', text)}


def test_an_explanation_computes_one_tie_break_and_shows_the_standings_value(
        app: Flask, seeded: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    event_id = seeded["swiss"]
    shown = _standings_values(client.get(f"/events/{event_id}").get_data(as_text=True))
    assert len(shown) >= 5
    event_queries._ranking.cache_clear()  # noqa: SLF001
    monkeypatch.setattr(event_queries, "rank_prepared", _refuse("the event's standings"))
    monkeypatch.setattr(request_state, "load_name_book", _refuse("the whole name book"))
    for (start_no, code), value in shown.items():
        page = client.get(f"/events/{event_id}/explain/{start_no}/{code}")
        assert page.status_code == 200, (start_no, code)
        assert f"<strong>{value}</strong>" in page.get_data(as_text=True), (start_no, code)
    assert client.get(f"/events/{event_id}/explain/99/{code}").status_code == 404
    assert client.get(f"/events/{event_id}/explain/1/ARO").status_code == 404  # not its order


# --- A visitor's result cell, written in Python, equals the macro's -----------------------------

_MACRO = ('{% from "public/_cell.html" import result_cell with context %}'
          '{{ result_cell(cell, row, event, matrix=matrix, inline=inline, organizer=false) }}')


@pytest.mark.parametrize("lang", ["en", "ko", "zh_Hans", "id"])
def test_a_visitors_cell_is_written_exactly_as_the_macro_writes_it(app: Flask, lang: str) -> None:
    """Every cell of a Swiss (byes, a forfeit, a junior's protected game), of a round-robin
    with a bye (the matrix and its "others" column) and of an unrated night, in every
    language: :func:`ladder.web.support.cells.public_cell` gives the macro's very bytes."""
    import datetime as dt

    from ladder.models import Event
    from ladder.queries import event_view
    from ladder.queries.crosstable import crosstable
    from ladder.queries.events import load_event
    from ladder.web.support.cells import public_cell
    seed(app)
    with app.app_context():
        publish_t(tournament(["Ann Lee", "Bo Chen", "Cai Wu"],
                             [(1, 1, 2, Kind.WIN), (2, 1, 3, Kind.DRAW), (3, 2, 3, Kind.LOSS)],
                             name="Three-player round-robin", kind=EventKind.ROUND_ROBIN,
                             byes=[(1, 3, Kind.PAIRING_BYE), (2, 2, Kind.PAIRING_BYE),
                                   (3, 1, Kind.PAIRING_BYE)]), dt.date(2025, 5, 1))
        event_ids = list(db.session.scalars(db.select(Event.id)))
    template = app.jinja_env.from_string(_MACRO)
    compared = {"nc": 0, "matrix": 0, "others": 0, "rounds": 0}
    with app.test_request_context(f"/?lang={lang}", headers={"Accept-Language": lang}):
        from flask import session
        session["lang"] = lang
        for event_id in event_ids:
            event = load_event(db.session, event_id)
            view = event_view(db.session, event)
            table = crosstable(view)
            cases = [(cell, row, False, False) for row in view.rows for cell in row.cells]
            for line in table.matrix:
                cases += [(cell, line.row, True, False) for cells in line.cells
                          for cell in cells]
                cases += [(cell, line.row, True, True) for cell in line.others]
            for cell, row, matrix, inline in cases:
                expected = template.render(cell=cell, row=row, event=event, matrix=matrix,
                                           inline=inline)
                assert str(public_cell(cell, matrix=matrix, inline=inline)) == expected
                compared["nc"] += bool(cell.not_counted_mark)
                compared["others" if inline else "matrix" if matrix else "rounds"] += 1
    assert all(compared.values()), compared  # every kind of cell was compared


_TIEBREAK_LOOP = '''{% for code in view.codes %}
      <td class="num tb{{ ' opt' if loop.index > 4 }}">{% set value = row.tiebreaks.get(code) -%}
        {% if value is not none %}{% set shown = value|styled(style) -%}
        <a class="tb" href="{{ links[code][0] }}{{ row.start_no }}{{ links[code][1] }}" aria-label="
        {{- explained|format_named(code=code, value=shown, name=name) }}">{{ shown }}</a>{% else -%}
        <span title="{{ not_applied }}">—</span>{% endif %}</td>
      {% endfor %}'''


@pytest.mark.parametrize("lang", ["en", "ko", "zh_Hans", "id"])
def test_the_tiebreak_cells_are_written_exactly_as_the_templates_loop_wrote_them(
        app: Flask, lang: str) -> None:
    """Six codes (the fifth and sixth only on wide screens), one of them dropped for every
    player (a rating-based tie-break with unrated players: "not applied"), in every
    language: :func:`ladder.web.support.cells.tiebreak_cells` gives the loop's very bytes."""
    from flask import render_template_string, session

    from ladder.models import Event
    from ladder.queries import event_view
    from ladder.queries.events import load_event
    from ladder.web.support.cells import tiebreak_cells
    from ladder.web.support.formatting import standings_style
    from ladder.web.support.request_state import names
    from ladder.web.support.urls import explain_links
    ids = seed(app)
    with app.app_context(), direct_writes():
        db.session.get(Event, ids["swiss"]).tiebreak_order = "BH/C1,BH,SB,WIN,PS,ARO"
        db.session.commit()
    event_queries._ranking.cache_clear()  # noqa: SLF001
    kinds = {"link": 0, "dash": 0, "wide": 0}
    with app.test_request_context(f"/?lang={lang}"):
        session["lang"] = lang
        view = event_view(db.session, load_event(db.session, ids["swiss"]))
        assert len(view.codes) == 6
        links = explain_links(view.event.id, view.codes)
        explained = render_template_string(
            '{{ _("%(code)s %(value)s for %(name)s: explanation", code="%(code)s", '
            'value="%(value)s", name="%(name)s") }}')
        not_applied = render_template_string('{{ _("not applied") }}')
        style = standings_style(view.rows)
        for row in view.rows:
            name = names()(row.member_id)
            expected = render_template_string(
                _TIEBREAK_LOOP, view=view, row=row, links=links, explained=explained,
                not_applied=not_applied, name=name, style=style)
            written = str(tiebreak_cells(row, view.codes, links, explained, not_applied, name,
                                         style))
            assert written == expected
            kinds["link"] += written.count('<a class="tb"')
            kinds["dash"] += written.count("—</span>")
            kinds["wide"] += written.count("num tb opt")
    assert all(kinds.values()), kinds
