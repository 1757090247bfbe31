"""The one set of test factories: apps, pure tournaments, published events, snapshots.

* :func:`make_app` — an app over its own instance folder and database (nothing is written
  into the checkout); the ``app`` fixture and the browser tests' live app both use it.
* :func:`tournament` — a pure tournament from (round, white, black, kind) tuples.
* :func:`publish_t`, :func:`seed` — published events through the real publish service.
* :func:`member`, :func:`snapshot` — reading back what the database holds.
* :data:`HTMX`, :data:`PASTE`, :func:`form` — what the web tests send.
"""

from __future__ import annotations

import datetime as dt
import json
from contextlib import AbstractContextManager
from fractions import Fraction
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy import text as sa_text

from ladder import create_app
from ladder.extensions import db
from ladder.models import Event, Member, RatingRow
from ladder.services.events import PublishRequest, exact_links, publish
from ladder.vocabulary.tournament import Colour, EventKind, Kind, Player, RoundResult, Tournament

#: The files the tests read, copied into the repository (``tests/data/README.md`` names each
#: file's source): a clone passes its tests with no folder beside it.
TESTDATA = Path(__file__).resolve().parent / "data"

HTMX = {"HX-Request": "true"}
PASTE = ("Round 1\nAnn Lee - Bo Chen 1-0\nCai Wu - Dee Park ½-½\n"
         "Round 2\nAnn Lee - Cai Wu 0-1\nBo Chen - Dee Park 1-0\n")


#: One paste with five players typed two ways: surname first in round 1, given name first in
#: round 2 (docs/desk.md §2): 16 typed names, 11 players.
TWO_SPELLINGS_PASTE = (
    "Round 1\nPetrov Viktor - Henrik Larsen 1-0\nKowalska Anna - Budi Santoso ½-½\n"
    "Nguyen Linh - Maria Garcia 0-1\nOkafor Chidi - Tom Baker 1-0\nSilva Ana - Omar Haddad 1-0\n"
    "Lucas Moreau bye\n"
    "Round 2\nViktor Petrov - Anna Kowalska ½-½\nLinh Nguyen - Chidi Okafor 1-0\n"
    "Ana Silva - Henrik Larsen 0-1\nBudi Santoso - Maria Garcia 1-0\nTom Baker - Lucas Moreau 1-0\n"
    "Omar Haddad bye\n")


def make_app(tmp_path: Path, url: str | None = None, **config: Any) -> Flask:
    """An app whose instance folder and (default) SQLite file live under ``tmp_path``."""
    return create_app({
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SQLALCHEMY_DATABASE_URI": url or f"sqlite:///{tmp_path / 'ladder.sqlite3'}",
        "SECRET_KEY": "test-secret-key",
        # scrypt costs ~0.1 s a hash; the tests hash hundreds of passwords. The production
        # default (scrypt) is tested by tests/services/test_accounts_hash.py.
        "PASSWORD_HASH": "pbkdf2:sha256:1000",
        # The tools' per-client budget (tests/web/test_tool_budget.py turns it on): the tool
        # tests ask one client's hundreds of answers in a moment.
        "TOOL_BUDGET": "0",
        **config,
    })


def tournament(names: list[str], games: list[tuple], *, name: str = "Club night",
               kind: EventKind = EventKind.SWISS, byes: list[tuple] = ()) -> Tournament:
    """Build a tournament from ``games`` = [(round, white_index, black_index, Kind for white)].

    Indexes are 1-based start numbers into ``names``; ``byes`` = [(round, index, Kind)].
    """
    results: dict[int, list[RoundResult]] = {i: [] for i in range(1, len(names) + 1)}
    for round_no, white, black, kind_white in games:
        outcome = None
        results[white].append(RoundResult(round_no, kind_white, black, Colour.WHITE, outcome))
        results[black].append(RoundResult(round_no, kind_white.mirror, white, Colour.BLACK,
                                          outcome))
    for round_no, who, bye_kind in byes:
        results[who].append(RoundResult(round_no, bye_kind))
    rounds = max([g[0] for g in games] + [b[0] for b in byes] + [1])
    players = tuple(Player(start_no=i, name=n,
                           results=tuple(sorted(results[i], key=lambda r: r.round)))
                    for i, n in enumerate(names, start=1))
    return Tournament(name=name, players=players, rounds=rounds, kind=kind)


HALF = Fraction(1, 2)


def publish_t(t: Tournament, date: dt.date, rated: bool = True) -> Event:
    """Publish ``t`` on ``date`` with identical names linked."""
    return publish(PublishRequest(tournament=t, name=t.name, date=date, kind=t.kind,
                                  rated=rated, links=exact_links(t)), actor="test")


def member(name: str) -> Member:
    """The visible member called ``name``."""
    return db.session.scalar(select(Member).where(Member.name == name,
                                                  Member.merged_into_id.is_(None)))


def snapshot() -> str:
    """Every rating row and member state, as one comparable string."""
    rows = db.session.execute(select(RatingRow.event_id, RatingRow.member_id,
                                     RatingRow.rating_before, RatingRow.rating_after,
                                     RatingRow.games_before, RatingRow.games_counted)
                              .order_by(RatingRow.event_id, RatingRow.member_id)).all()
    members = db.session.execute(select(Member.id, Member.name, Member.rating, Member.games,
                                        Member.merged_into_id).order_by(Member.id)).all()
    return json.dumps([[list(r) for r in rows], [list(m) for m in members]])


def seed(app: Flask) -> int:
    """One published event of four members; returns its id."""
    t = tournament(["Ann Lee", "Bo Chen", "Cai Wu", "Dee Park"],
                   [(1, 1, 2, Kind.WIN), (1, 3, 4, Kind.DRAW), (2, 1, 3, Kind.LOSS),
                    (2, 2, 4, Kind.WIN)], name="Club night")
    with app.app_context():
        return publish_t(t, dt.date(2025, 1, 7)).id


def form(client: FlaskClient, **fields: str) -> dict[str, str]:
    """A new-event form with a CSRF token."""
    data = {"csrf_token": csrf_token(client, "/organize/events/new"), "name": "Night 1",
            "date": "2025-02-01", "rated": "on", "text": PASTE}
    data.update(fields)
    return data


def direct_writes() -> AbstractContextManager[Any]:
    """Say that the test arranges rows directly, outside any unit of work (the before-flush
    guard refuses that everywhere else): ``with app.app_context(), direct_writes(): …``."""
    from ladder.services.uow import writes_without_unit_of_work
    return writes_without_unit_of_work()


ORGANIZER = ("organizer", "correct horse battery staple")


def reset_postgres(url: str) -> None:
    """Empty a PostgreSQL test database (the schema dropped and made again)."""
    from sqlalchemy import create_engine
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa_text("DROP SCHEMA public CASCADE"))
        connection.execute(sa_text("CREATE SCHEMA public"))
    engine.dispose()


def csrf_token(client: FlaskClient, path: str = "/") -> str:
    """The CSRF token of the client's session, read from a page's <meta> tag."""
    import re
    html = client.get(path).get_data(as_text=True)
    found = re.search(r'<meta name="csrf-token" content="([^"]+)"', html)
    assert found, "no csrf-token meta tag on " + path
    return found.group(1)
