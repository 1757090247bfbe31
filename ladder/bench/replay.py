"""``ladder bench replay``: a synthetic 20-year club history and the replay timings of
docs/qualities.md §1.

Prints (via the CLI) one JSON line: the full replay (read + compute + write every rating row
and member state), the replay after a correction in the last 5 % of the history (the whole
service call: edit, replay, audit, commit; the median and the slowest of five corrections),
and a *floor* measured in the same run: reading the same result rows and running a bare Elo
loop that writes nothing. Next to the corrections' wall times, the statements each sends and
the CPU time this process spends on it (medians; :mod:`.statements`), which a shared
machine's load moves far less than the wall time.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select, text

ROUNDS = 4


def _build_history(session, members: int, games: int, years: int, rng: random.Random) -> int:  # noqa: ANN001
    """Insert a synthetic history; returns the number of events written."""
    from ..models import Entry, Event, Member, Result
    from ..names import name_key

    weeks = years * 52
    most_per_event = max(1, math.ceil(games / weeks))
    players = max(5, 2 * math.ceil(most_per_event / ROUNDS) + 1)  # odd: a bye every round
    session.execute(insert(Member), [
        {"id": i, "name": f"Member {i:04d}", "name_key": name_key(f"Member {i:04d}"),
         "junior": i % 10 == 0, "rating": 1200.0, "games": 0} for i in range(1, members + 1)])
    start = dt.date(2006, 1, 3)
    event_rows, entry_rows, result_rows = [], [], []
    entry_id = result_id = 0
    for week in range(weeks):
        event_id = week + 1
        # Spread the games evenly: this event's share of the total, so the sum is exact.
        quota = games * (week + 1) // weeks - games * week // weeks
        written = 0
        event_rows.append({"id": event_id, "name": f"Club night {event_id}",
                           "date": start + dt.timedelta(days=7 * week), "kind": "swiss",
                           "rounds": ROUNDS, "rated": week % 25 != 24, "status": "published",
                           "tiebreak_order": "", "version": 1})
        chosen = rng.sample(range(1, members + 1), players)
        ids = {}
        for start_no, member_id in enumerate(chosen, start=1):
            entry_id += 1
            ids[start_no] = entry_id
            entry_rows.append({"id": entry_id, "event_id": event_id, "member_id": member_id,
                               "start_no": start_no, "raw_name": f"Member {member_id:04d}"})
        for round_no in range(1, ROUNDS + 1):
            order = list(range(1, players + 1))
            rng.shuffle(order)
            bye = order.pop()
            result_id += 1
            result_rows.append({"id": result_id, "entry_id": ids[bye], "round": round_no,
                                "kind": "pairing_bye", "version": 1})
            for a, b in zip(order[::2], order[1::2], strict=False):
                if written >= quota:  # pairs beyond the quota sat out: zero byes
                    kinds = ("zero_bye", "zero_bye")
                    opp_a = opp_b = None
                else:
                    roll = rng.random()
                    if roll < 0.02:
                        kinds = ("forfeit_win", "forfeit_loss")
                    else:
                        kinds = (("win", "loss") if roll < 0.45 else
                                 ("draw", "draw") if roll < 0.65 else ("loss", "win"))
                    opp_a, opp_b = ids[b], ids[a]
                    written += 1
                for entry, kind, opponent, colour in ((ids[a], kinds[0], opp_a, "w"),
                                                      (ids[b], kinds[1], opp_b, "b")):
                    result_id += 1
                    result_rows.append({"id": result_id, "entry_id": entry, "round": round_no,
                                        "kind": kind, "opponent_entry_id": opponent,
                                        "colour": colour if opponent else None, "version": 1})
    session.execute(insert(Event), event_rows)
    session.execute(insert(Entry), entry_rows)
    for chunk in range(0, len(result_rows), 50_000):
        session.execute(insert(Result), result_rows[chunk:chunk + 50_000])
    session.commit()
    if session.get_bind().dialect.name == "postgresql":
        for table in ("members", "events", "entries", "results"):
            session.execute(text(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"))
        session.execute(text("ANALYZE"))
        session.commit()
    return weeks


def _floor(session) -> float:  # noqa: ANN001
    """Read the same result rows the replay reads and run a bare Elo loop; write nothing.

    Kept as it was defined, so runs stay comparable. Note what it is a floor *of*: a read
    through SQLAlchemy Row objects, with two joins and an ORDER BY, plus a loop of one
    expected score per game. The replay reads the same rows more cheaply (raw driver tuples,
    no joins, only games that can count), so its full run can come close to this floor or
    even under it on a noisy machine: the ratio then no longer shows the cost of the
    writes, which the replay still does and the floor does not.
    """
    from ..models import Entry, Event, Result
    started = time.perf_counter()
    rows = session.execute(
        select(Entry.event_id, Result.entry_id, Result.kind, Result.opponent_entry_id)
        .join(Entry, Entry.id == Result.entry_id).join(Event, Event.id == Entry.event_id)
        .where(Result.entry_id < Result.opponent_entry_id)
        .order_by(Event.date, Event.id)).all()
    members = dict(session.execute(select(Entry.id, Entry.member_id)).all())
    rating: dict[int, float] = {}
    score = {"win": 1.0, "draw": 0.5, "loss": 0.0}
    for _event, a_entry, kind, b_entry in rows:
        s = score.get(kind)
        if s is None:
            continue
        a, b = members[a_entry], members[b_entry]
        ra, rb = rating.get(a, 1200.0), rating.get(b, 1200.0)
        e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
        rating[a] = ra + 20.0 * (s - e)
        rating[b] = rb - 20.0 * (s - e)
    return time.perf_counter() - started


def bench_replay(*, members: int = 2000, games: int = 100_000, years: int = 20,
                 database_url: str | None = None, seed: int = 11) -> dict[str, Any]:
    """Build the synthetic history in a temporary database and time the replays."""
    from .. import create_app
    from ..extensions import db
    from ..models import Entry, Event, Result
    from ..services.corrections import edit_result
    from ..services.replay import replay
    from ..services.setup import init_database
    from ..services.uow import unit_of_work, writes_without_unit_of_work
    from .statements import cost

    with tempfile.TemporaryDirectory(prefix="ladder-bench-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench",
                          "INSTANCE_PATH": tmp})
        with app.app_context():
            if db.engine.dialect.name == "postgresql":
                with db.engine.begin() as connection:
                    connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
            init_database()
            with writes_without_unit_of_work():  # a synthetic history, bulk-loaded
                events = _build_history(db.session, members, games, years,
                                        random.Random(seed))
            counted = db.session.scalar(select(func.count()).select_from(Result).where(
                Result.entry_id < Result.opponent_entry_id))

            started = time.perf_counter()
            with unit_of_work(changes_pages=False) as session:
                report = replay(session, None)
            full = time.perf_counter() - started

            floor = _floor(db.session)

            if db.engine.dialect.name == "sqlite":
                # Fold the full replay's large WAL back into the database now, so its
                # checkpoint is not billed to the first correction that happens to follow.
                # Outside any transaction (a checkpoint inside one is refused as locked):
                # end the session's, then run it on a bare driver connection.
                db.session.commit()
                raw = db.engine.raw_connection()
                try:
                    raw.cursor().execute("PRAGMA wal_checkpoint(TRUNCATE)")
                finally:
                    raw.close()

            # Corrections in the last 5 % of the history: flip one played game in each of five
            # late events (the whole service call: edit, replay from there, audit, commit),
            # after one untimed correction in the very last event, since a serving process has
            # its statements compiled and its caches warm.
            corrections: list[float] = []
            cpu: list[float] = []
            statements: list[float] = []
            late_events = db.session.scalars(
                select(Event.id).order_by(Event.date, Event.id)
                .offset(int(events * 0.95)).limit(events)).all()
            timed = late_events[::max(1, len(late_events) // 5)][:5]
            for position, late_event in enumerate([late_events[-1], *timed]):
                result = db.session.scalar(
                    select(Result).join(Entry, Entry.id == Result.entry_id)
                    .where(Entry.event_id == late_event, Result.kind.in_(("win", "loss")))
                    .limit(1))
                assert result is not None, "every synthetic event has decisive games"
                result_id, version = result.id, result.version
                db.session.expire_all()
                with cost(db.engine) as measured:
                    edit_result(result_id, "draw", version, actor="bench")
                if position:  # position 0 is the warm-up
                    corrections.append(measured["wall_s"])
                    cpu.append(measured["cpu_s"])
                    statements.append(measured["statements"])
            corrections.sort()
            correction = corrections[len(corrections) // 2]
            dialect = db.engine.dialect.name
            db.session.remove()
            db.engine.dispose()
    return {
        "database": dialect, "members": members, "events": events, "games": counted,
        "rating_rows": report.rows, "full_replay_s": round(full, 3),
        "correction_replay_s": round(correction, 4),
        "correction_replay_max_s": round(corrections[-1], 4),
        "correction_cpu_ms": round(statistics.median(cpu) * 1000, 2),
        "correction_statements": statistics.median(statements),
        "floor_s": round(floor, 3),
        "full_over_floor": round(full / floor, 2) if floor else None,
    }
