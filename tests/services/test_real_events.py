"""Real club events imported out of date order give the ladder a date-ordered import gives."""

from __future__ import annotations

import json

from sqlalchemy import select

from ladder.extensions import db
from ladder.models import Event, Member
from tests.factories import TESTDATA, direct_writes

REAL = TESTDATA / "real-events"
# (file, date): the files carry no start date, so the import gives one.
EVENTS = [("hobsonsbay_april_rapid_2025.trf", "2025-04-10"),
          ("hobsonsbay_best_in_the_west_2025.trf", "2025-06-14"),
          ("hobsonsbay_koshnitsky_cup_2025_r5.trf", "2025-08-07")]


def _standings(runner) -> list[dict]:
    rows = json.loads(runner.invoke(args=["standings", "--json"]).output)
    # Member ids differ between the two imports, and equal ratings share a rank in id order.
    return sorted(({k: v for k, v in row.items() if k != "member_id"} for row in rows),
                  key=lambda row: (row["rank"], row["name"]))


def test_real_events_out_of_order_equal_in_order(app, runner) -> None:
    for name, date in reversed(EVENTS):  # latest first: every import replays the later ones
        result = runner.invoke(args=["import", str(REAL / name), "--date", date])
        assert result.exit_code == 0, result.output
    check = runner.invoke(args=["check"])
    assert check.exit_code == 0, check.output
    out_of_order = _standings(runner)
    # Players of the same club across the three events were linked by identical names.
    with app.app_context():
        members = db.session.scalar(select(db.func.count(Member.id)))
        entries = sum(len(e.entries) for e in db.session.scalars(select(Event)))
    assert members < entries
    with app.app_context(), direct_writes():
        from ladder.services.corrections import delete_event
        for event_id in db.session.scalars(select(Event.id)).all():
            delete_event(event_id, actor="test")
        db.session.query(Member).delete()
        db.session.commit()
    for name, date in EVENTS:
        assert runner.invoke(args=["import", str(REAL / name), "--date", date]).exit_code == 0
    assert _standings(runner) == out_of_order
