"""``ladder import``: read a results file, link identical names, create the rest, publish."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from flask_babel import gettext as _
from sqlalchemy import select

from ..extensions import db
from ..formats import FormatError, detect_format, read_event
from ..formats.dates import choose_event_date
from ..models import Member
from ..vocabulary.tournament import EventKind, Tournament
from . import InvalidInput, say, use_case
from .events import PublishRequest, exact_links, is_junior_by_birth_year, publish


@dataclass
class ImportReport:
    """What an import did, for the command line."""

    event_id: int
    event_name: str
    date: dt.date
    linked: int
    created: int
    suggestions: list[str] = field(default_factory=list)
    #: Where the date came from ("typed in the form" stands for ``--date``), and warnings
    #: about it (after today, far from the file's own dates).
    date_source: str = ""
    warnings: list[str] = field(default_factory=list)


def parse(text: str, source: str, file_format: str | None) -> tuple[Tournament, str]:
    """Parse ``text`` in ``file_format`` (or the detected format); FormatError (the first) on bad
    input.

    Detection and reading are ``ladder.formats.read_event``'s, the same as the web desk's.
    """
    result = read_event(text, source, file_format or None)
    return result.require(), result.file_format


@use_case
def import_file(text: str, *, source: str, file_format: str | None, name: str | None,
                date: dt.date | None, kind: str | None, rated: bool, actor: str,
                draft: bool = False) -> ImportReport:
    """Publish the event in ``text``: identical names link (docs/desk.md §2), others become members.

    The date is ``date`` (``--date``) when given, else the file's own (TRF tag 042, else the
    first round's date; PGN EventDate, else the earliest Date), else today for pasted
    results; a TRF or PGN without a readable date is refused before anything is written.
    """
    tournament, file_format = parse(text, source, file_format)
    chosen = choose_event_date(tournament, file_format, date, dt.date.today())
    if chosen.date is None:
        raise InvalidInput(" ".join((say(chosen.error),
                                     _("Give the date with --date YYYY-MM-DD."))))
    event_date = chosen.date
    links = exact_links(tournament)
    new_juniors = frozenset(
        p.start_no for p in tournament.players
        if links.get(p.start_no) is None and is_junior_by_birth_year(p.birth_year, event_date))
    suggestions = _suggestions(tournament, links)
    event = publish(PublishRequest(
        tournament=tournament, name=name or tournament.name or source, date=event_date,
        kind=EventKind(kind) if kind else tournament.kind, rated=rated, links=links,
        new_juniors=new_juniors, source_format=file_format, draft=draft), actor=actor)
    linked = sum(1 for member_id in links.values() if member_id is not None)
    return ImportReport(event.id, event.name, event.date, linked,
                        len(tournament.players) - linked, suggestions,
                        date_source=say(chosen.source_label) if date is None else "",
                        warnings=[say(warning) for warning in chosen.warnings])


def _suggestions(tournament: Tournament, links: dict[int, int | None]) -> list[str]:
    """For each new name, the existing members it might be (for the organizer to review)."""
    from ..names import suggest
    candidates = [(m.id, m.name) for m in db.session.scalars(
        select(Member).where(Member.merged_into_id.is_(None)))]
    if not candidates:
        return []
    lines = []
    for player in tournament.players:
        if links.get(player.start_no) is not None:
            continue
        found = suggest(player.name, candidates, limit=3)
        if found:
            options = "; ".join(f"{s.name} (member {s.candidate}, {s.score}: "
                                f"{', '.join(s.reasons)})" for s in found)
            lines.append(f"“{player.name}” is new; it might be {options}")
    return lines


__all__ = ["import_file", "parse", "detect_format", "ImportReport", "FormatError"]
