"""Concurrency soak (docs/development.md §2): several organizers writing at once against gunicorn.

``python -m tests.soak [--database-url URL] [--workers 4] [--clients 8] [--writes 200]``
serves a fresh database (SQLite by default; a PostgreSQL URL is reset first) with gunicorn,
lets ``clients`` threads send ``writes`` mixed changes between them — result edits, publishes,
merges, undos, deletes — and prints one JSON line: the changes applied and refused, server
errors, lost updates, audit entries per applied change, and whether ``ladder check`` is green.
The test suite runs a smaller soak (``tests/web/test_concurrency.py``).

Lost updates are counted per edited result: every saved edit adds one to the result's
version, so a result whose version grew less than the number of edits reported saved lost one.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from ladder.extensions import db
from ladder.models import AuditEntry, Entry, Event, Member, Merge, Result
from ladder.vocabulary.tournament import Kind
from tests.factories import publish_t, tournament
from tests.served import Organizer, arranged_app, gunicorn

NAMES = ["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park", "Eve Ito", "Fay Ng", "Gus Roy", "Hal Oz",
         "Ivy Sun", "Jo Kim", "Kai Lu", "Lin Ma"]
AUDITED = ("result.edit", "event.publish", "event.delete", "member.merge", "member.unmerge")


def _arrange(app: Any, events: int = 6) -> None:
    with app.app_context():
        for n in range(events):
            players = random.Random(n).sample(NAMES, 6)
            games = [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (1, 5, 6, Kind.LOSS),
                     (2, 1, 3, Kind.LOSS), (2, 2, 5, Kind.WIN), (2, 4, 6, Kind.DRAW)]
            publish_t(tournament(players, games, name=f"Night {n + 1}"),
                      dt.date(2025, 1, 7) + dt.timedelta(days=7 * n))


def _snapshot_results(app: Any) -> dict[int, int]:
    with app.app_context():
        return {rid: version for rid, version in db.session.execute(
            select(Result.id, Result.version))}


class Soak:
    """The shared bookkeeping of one soak run."""

    def __init__(self, app: Any, base: str, writes: int, seed: int) -> None:
        self.app, self.base = app, base
        self.remaining = writes
        self.lock = threading.Lock()
        self.outcomes: Counter[str] = Counter()
        self.saved_edits: Counter[int] = Counter()
        self.errors: list[str] = []
        self.seed = seed

    def _take(self) -> bool:
        with self.lock:
            if self.remaining <= 0:
                return False
            self.remaining -= 1
            return True

    def _read(self, statement: Any) -> list[Any]:
        with self.app.app_context():
            return list(db.session.execute(statement).all())

    def client(self, number: int, organizer: Organizer) -> None:
        """One organizer's evening: random changes until the shared budget is used."""
        rng = random.Random(self.seed * 100 + number)
        while self._take():
            action = rng.choice(["edit", "edit", "edit", "publish", "merge", "undo", "delete"])
            response = getattr(self, "_" + action)(organizer, rng)
            if response is None:
                self.outcomes[action + ".skipped"] += 1
                continue
            code = response.status_code
            if code >= 500:
                self.errors.append(f"{action}: {code} {response.text[:200]}")
            with self.lock:
                self.outcomes[f"{action}.{'applied' if code == 303 else code}"] += 1

    def _edit(self, organizer: Organizer, rng: random.Random) -> Any:
        rows = self._read(select(Result.id, Result.version).where(
            Result.opponent_entry_id.is_not(None), Result.colour == "w"))
        if not rows:
            return None
        result_id, version = rng.choice(rows)
        response = organizer.post(f"/organize/results/{result_id}",
                                  kind=rng.choice(["win", "draw", "loss"]), version=version)
        if response.status_code == 303:
            with self.lock:
                self.saved_edits[result_id] += 1
        return response

    def _publish(self, organizer: Organizer, rng: random.Random) -> Any:
        players = rng.sample(NAMES, 4)
        text = f"Round 1\n{players[0]} - {players[1]} 1-0\n{players[2]} - {players[3]} ½-½\n"
        form = {"name": f"Soak night {rng.randrange(10**6)}", "rated": "on", "text": text,
                "date": (dt.date(2025, 1, 1) + dt.timedelta(days=rng.randrange(200))).isoformat(),
                "format": "paste"}
        members = dict(self._read(select(Member.name, Member.id)
                                  .where(Member.merged_into_id.is_(None))))
        links = {f"link-{n}": f"m{members[name]}" if name in members else "new"
                 for n, name in enumerate(players, start=1)}
        return organizer.post("/organize/events/new/publish", **form, **links)

    def _merge(self, organizer: Organizer, rng: random.Random) -> Any:
        ids = [row[0] for row in self._read(select(Member.id)
                                            .where(Member.merged_into_id.is_(None)))]
        if len(ids) < 2:
            return None
        source, target = rng.sample(ids, 2)
        return organizer.post("/organize/members/merge", source=source, target=target)

    def _undo(self, organizer: Organizer, rng: random.Random) -> Any:
        ids = [row[0] for row in self._read(select(Merge.id).where(Merge.undone_at.is_(None)))]
        if not ids:
            return None
        return organizer.post(f"/organize/members/merges/{rng.choice(ids)}/undo")

    def _delete(self, organizer: Organizer, rng: random.Random) -> Any:
        ids = [row[0] for row in self._read(select(Event.id))]
        if len(ids) < 4:
            return None
        return organizer.post(f"/organize/events/{rng.choice(ids)}/delete")


def run_soak(tmp_path: Path, *, workers: int = 4, clients: int = 8, writes: int = 200,
             seed: int = 1) -> dict[str, Any]:
    """Run one soak; returns the figures (see the module docstring)."""
    app = arranged_app(tmp_path)
    _arrange(app)
    before = _snapshot_results(app)
    with app.app_context():
        audit_before = db.session.scalar(select(func.count(AuditEntry.id))
                                         .where(AuditEntry.action.in_(AUDITED))) or 0
    with gunicorn(app, tmp_path, workers=workers, threads=2) as base:
        soak = Soak(app, base, writes, seed)
        # Log everyone in first, one after the other: logins of one account at the same
        # instant count against its throttle (five a minute) before their passwords are
        # checked, and the soak is about writes, not about logging in.
        organizers = [Organizer(base) for _ in range(clients)]
        threads = [threading.Thread(target=soak.client, args=(n, organizers[n]))
                   for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    after = _snapshot_results(app)
    lost = sum(max(0, saved - (after[rid] - before.get(rid, 1)))
               for rid, saved in soak.saved_edits.items() if rid in after)
    applied = sum(count for key, count in soak.outcomes.items() if key.endswith(".applied"))
    with app.app_context():
        from ladder.services.ladder_check import check
        audit_after = db.session.scalar(select(func.count(AuditEntry.id))
                                        .where(AuditEntry.action.in_(AUDITED))) or 0
        by_action = dict(db.session.execute(
            select(AuditEntry.action, func.count(AuditEntry.id))
            .where(AuditEntry.action.in_(AUDITED)).group_by(AuditEntry.action)).all())
        differences = check()
        dialect = db.engine.dialect.name
        owners_ok = db.session.scalar(
            select(func.count(Entry.id)).join(Member, Member.id == Entry.member_id)
            .where(Member.merged_into_id.is_not(None))) == 0
        db.session.remove()
        db.engine.dispose()  # close the test process's own connections
    return {"database": dialect, "workers": workers, "clients": clients, "writes": writes,
            "applied": applied, "outcomes": dict(sorted(soak.outcomes.items())),
            "server_errors": len(soak.errors), "lost_updates": lost,
            "audit_entries": audit_after - audit_before,
            "one_audit_per_change": audit_after - audit_before == applied,
            "entries_of_merged_members": not owners_ok,
            "audit_by_action": by_action,
            "check_differences": len(differences), "differences": differences[:5],
            "errors": soak.errors[:5]}


def main() -> None:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.database_url:
        os.environ["TEST_DATABASE_URL"] = args.database_url
    with tempfile.TemporaryDirectory(prefix="ladder-soak-") as tmp:
        print(json.dumps(run_soak(Path(tmp), workers=args.workers, clients=args.clients,
                                  writes=args.writes, seed=args.seed), ensure_ascii=False))


if __name__ == "__main__":
    main()
