"""Views never steer the database session (ladder/services/uow.py): no module under
``ladder/web`` commits, flushes, rolls back, expires or refreshes rows itself. The unit of
work leaves the session fresh after every use case, refused or not, and
:func:`ladder.services.uow.read_afresh` is the one way to read again after another writer.
Nor do views read or write rows through the session themselves: they read through
``ladder/queries`` (a row by its id: ``queries/rows.py``) and write through services.

Read as source text (``import ladder.web`` would build the app), so a call through any name
of the session (``db.session``, ``session``, ``self.session``) is found.
"""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "ladder" / "web"
#: The session's transaction and identity-map calls a view leaves to the unit of work, and
#: the session's reads and writes it leaves to queries and services.
FORBIDDEN = re.compile(r"\.(rollback|expire_all|expire|commit|flush|refresh)\(|"
                       r"db\.session\.(get|execute|scalar|scalars|query|add|delete)\(")


def _calls(source: str) -> list[str]:
    return [f"{number}: {line.strip()}" for number, line in
            enumerate(source.splitlines(), start=1) if FORBIDDEN.search(line)]


def test_the_pattern_finds_what_it_forbids() -> None:
    """The check can fail: each forbidden call is found, a look-alike name is not."""
    found = _calls("db.session.rollback()\nsession.expire_all()\nx = 1\n"
                   "db.session.commit()\ndb.session.flush()\nrollback_reason = 2\n"
                   "row = db.session.get(Member, 1)\nflashes = session.get('_flashes')\n"
                   "load_night(db.session, 1)\n")
    assert [line.split(": ", 1)[1] for line in found] == [
        "db.session.rollback()", "session.expire_all()", "db.session.commit()",
        "db.session.flush()", "row = db.session.get(Member, 1)"]


def test_no_view_touches_the_session() -> None:
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 20  # the folder is where the test thinks it is
    offending = {str(path.relative_to(WEB)): calls for path in modules
                 if (calls := _calls(path.read_text(encoding="utf-8")))}
    assert offending == {}, "views leave the session to the unit of work"
