"""A window of the ladder read on its own (queries/ladder.py ``ladder_window``, queries/
display_names.py ``load_names_of``): the ladder page pages in SQL and names only the members
it shows, and must show exactly what the whole ladder and the whole name book give.

Checked for every window of every size over a roster built to catch the edges: equal
ratings across a window's edge (a shared rank), established and provisional members with
equal ratings, members off the ladder (merged, or without a rating row), and members shown
by initials whose initials collide (the suffixes are numbered over every such member,
however few of them a window shows), with the club's "initials for all" on and off and for
an organizer's full names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from ladder.extensions import db
from ladder.models import Member
from ladder.queries.club import club_settings
from ladder.queries.display_names import load_name_book, load_names_of
from ladder.queries.ladder import ladder_lines, ladder_size, ladder_window
from tests.factories import SqliteTemplate, direct_writes, make_app

#: (name, rating, games, last change, junior, consent, merged) — threshold 10 games.
ROSTER = [
    ("Ann Lee", 1800.0, 30, 4.0, False, False, False),
    ("Ari Lim", 1700.0, 12, -1.5, True, False, False),  # "A. L." shown by initials
    ("Bo Chen", 1700.0, 20, 2.0, False, False, False),  # ties with Ari
    ("Cai Wu", 1700.0, 11, 0.5, True, True, False),  # a junior with consent: full name
    ("Dee Park", 1650.0, 3, 8.0, False, False, False),  # provisional
    ("Alf Lund", 1650.0, 40, -3.0, True, False, False),  # "A. L. (2)", established
    ("Eve Kim", 1650.0, 2, 1.0, True, False, False),  # provisional, ties with Dee
    ("Fay Oh", 1200.0, 0, None, False, False, False),  # no rating row: not on the ladder
    ("Al Lo", 1500.0, 9, 2.5, True, False, True),  # merged away, still numbered
    ("Amy Lu", 1400.0, 5, -2.0, True, False, False),  # "A. L. (4)"
    ("김민준", 1650.0, 15, 1.0, True, False, False),
    ("Gus Tan", 1650.0, 15, 1.0, False, False, False),
    ("Hal Ng", 1100.0, 1, -6.0, False, False, False),
]


def _arrange(app: Flask) -> None:
    with app.app_context(), direct_writes():
        for name, rating, games, change, junior, consent, _merged in ROSTER:
            db.session.add(Member(name=name, name_key=name.casefold(), rating=rating,
                                  games=games, last_change=change, junior=junior,
                                  consent_given=consent))
        db.session.flush()
        first = db.session.query(Member).order_by(Member.id).first()
        for (name, *_rest, merged) in ROSTER:
            if merged:
                db.session.query(Member).filter_by(name=name).one().merged_into_id = first.id
        club_settings().provisional_games = 10
        db.session.commit()


def test_every_window_of_the_ladder_is_the_slice_of_the_whole(app: Flask) -> None:
    _arrange(app)
    with app.app_context():
        settings = club_settings()
        whole = ladder_lines(db.session, settings)
        assert ladder_size(db.session) == len(whole) == 11
        assert any(a.rank == b.rank for a, b in zip(whole, whole[1:], strict=False))  # ties
        for size in range(1, len(whole) + 2):
            for offset in range(0, len(whole) + 1):
                assert ladder_window(db.session, settings, offset, size) \
                    == whole[offset:offset + size], (offset, size)


@pytest.mark.parametrize("for_all", [False, True], ids=["juniors-by-initials", "initials-for-all"])
@pytest.mark.parametrize("full", [False, True], ids=["public", "organizer"])
def test_the_names_of_a_window_are_the_whole_books(app: Flask, for_all: bool, full: bool) -> None:
    _arrange(app)
    with app.app_context(), direct_writes():
        club_settings().initials_for_all = for_all
        db.session.commit()
        settings = club_settings()
        book = load_name_book(db.session, settings, full=full)
        ids = sorted(db.session.scalars(db.select(Member.id)))
        if not full:
            assert "A. L. (2)" in book.labels.values()  # the roster does collide
        for size in (1, 2, 5):
            for start in range(len(ids)):
                window = ids[start:start + size]
                part = load_names_of(db.session, settings, window, full=full)
                assert part.labels == {i: book(i) for i in window}, window
        assert load_names_of(db.session, settings, [], full=full).labels == {}


def test_a_window_walks_the_rating_index_instead_of_sorting_the_roster(
        tmp_path: Path, migrated_sqlite: SqliteTemplate) -> None:
    """A page costs what it shows (docs/qualities.md §2 "Growth"): each query of a window
    follows the rating index (SQLite's plan), so the database stops after the lines asked
    for instead of sorting every member first. Read on SQLite, whose plan this checks."""
    app = make_app(tmp_path, migrated_sqlite.fresh(tmp_path))
    _arrange(app)
    with app.app_context():
        settings = club_settings()
        seen: list[tuple[str, Any]] = []

        def keep(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
            if statement.lstrip().startswith("SELECT") and "ORDER BY" in statement:
                seen.append((statement, parameters))

        event.listen(db.engine, "before_cursor_execute", keep)
        try:
            ladder_window(db.session, settings, 0, 3)  # the established group only
            ladder_window(db.session, settings, 6, 4)  # across into the provisional group
        finally:
            event.remove(db.engine, "before_cursor_execute", keep)
        for statement, parameters in seen:
            plan = " | ".join(row[-1] for row in db.session.connection().exec_driver_sql(
                "EXPLAIN QUERY PLAN " + statement, tuple(parameters)))
            assert "USING INDEX ix_members_rating" in plan, plan
            assert "TEMP B-TREE FOR ORDER BY" not in plan, plan  # no sort of the whole roster
        assert len(seen) == 3  # one query for the first window, one per group for the second
