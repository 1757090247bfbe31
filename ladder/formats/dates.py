"""The date an event file gives itself, and the event's date chosen from it (pure).

An event's date decides where it falls in the ladder's replay order and which tie-break
edition is in force (docs/tiebreaks.md §1: ``fide-2026`` from 2026-03-01). Uploading a 2025 file
used to keep the form's default date (today), so the event was ranked by the 2026 rules; now the
file's own date is used unless the organizer types one:

* TRF: the start date (tag ``042``), else the first round's date (tag ``132``);
* PGN: ``EventDate``, else the earliest game's ``Date``;
* pasted results and crosstables carry no date: today (a club night is pasted the same
  evening).

A typed date always wins (``ladder import --date`` too). :func:`choose_event_date` warns when
the chosen date is after today or more than :data:`FAR_DAYS` days outside the file's own dates
(the earliest to the latest date anywhere in it), or in another year than the one the file's
title names; and it refuses (an error, nothing is read further) a TRF or PGN whose date is
missing or cannot be read when no date is typed.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ladder.formats.pgn import _pgn_date
from ladder.vocabulary.messages import N_, Message, msg, msgn
from ladder.vocabulary.tournament import Tournament

#: A chosen date more than this many days before the file's first or after its last date is
#: warned about (an event lasts days or weeks, not months; a typo in the year is 365 days).
FAR_DAYS = 30
#: The formats whose files carry dates; the others (paste, crosstable) never do.
DATED_FORMATS = ("trf", "pgn")

# Where a date came from, as the preview says it (message ids, translated at the edge).
SOURCES = {
    "typed": N_("typed in the form"),
    "042": N_("from the file: its start date (TRF tag 042)"),
    "132": N_("from the file: the first round's date (TRF tag 132)"),
    "EventDate": N_("from the file: its EventDate (PGN)"),
    "Date": N_("from the file: the earliest game's Date (PGN)"),
    "today": N_("today: pasted results carry no date"),
}
_TITLE_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")


@dataclass(frozen=True)
class FileDates:
    """What a file says about its dates.

    ``date`` is the event's date by the file and ``source`` its key in :data:`SOURCES`
    ("" when the file gives none); ``unreadable`` is ``(where, text)`` of a date written but
    not understood; ``first``/``last`` span every date in the file; ``year`` is the one year
    the title names (``2025 Hobsons Bay …``), a hint when no full date is given.
    """

    date: dt.date | None = None
    source: str = ""
    first: dt.date | None = None
    last: dt.date | None = None
    unreadable: tuple[str, str] | None = None
    year: int | None = None


def file_dates(t: Tournament, file_format: str) -> FileDates:
    """The dates ``t`` (read in format ``file_format``) gives itself; see the module docstring."""
    year = _title_year(t.name)
    if file_format == "trf":
        candidates = [("042", t.extra.get("042", "").strip(), t.start_date),
                      ("132", t.extra.get("132", "").strip(),
                       next((d for d in t.rounds_dates if d), None))]
    elif file_format == "pgn":
        event_text = t.extra.get("EventDate", "")
        candidates = [("EventDate", event_text, _pgn_date(event_text) if event_text else None),
                      ("Date", t.extra.get("Date", ""), t.start_date)]
    else:
        return FileDates(year=year)
    everything = [d for d in (t.start_date, t.end_date, *t.rounds_dates) if d]
    everything += [d for source, _text, d in candidates if d]
    first, last = (min(everything), max(everything)) if everything else (None, None)
    for source, _text, day in candidates:
        if day is not None:
            return FileDates(day, source, first, last, year=year)
    # Nothing readable: name the first date written (PGN's "????.??.??" means "unknown").
    unreadable = next(((source, text) for source, text, _day in candidates
                       if text and text.strip("?.- ")), None)
    if unreadable and year is None and (found := re.match(r"(\d{4})\.", unreadable[1])):
        year = int(found.group(1))  # a PGN date "2025.??.??" still names its year
    return FileDates(first=first, last=last, unreadable=unreadable, year=year)


def _title_year(title: str) -> int | None:
    years = set(_TITLE_YEAR.findall(title or ""))
    return int(years.pop()) if len(years) == 1 else None


@dataclass(frozen=True)
class EventDate:
    """The event's date, where it came from, what is wrong with it and what to look at.

    ``date`` is None exactly when ``error`` says why (the file's date is missing or cannot be
    read, and none was typed); ``warnings`` never stop publishing.
    """

    date: dt.date | None
    source: str  # a key of SOURCES ("" with an error)
    file: FileDates
    error: Message | None = None
    warnings: tuple[Message, ...] = ()

    @property
    def source_label(self) -> Message | None:
        """Where the date came from, as a sentence (None with an error)."""
        return msg(SOURCES[self.source]) if self.source else None


def choose_event_date(t: Tournament, file_format: str, typed: dt.date | None,
                      today: dt.date) -> EventDate:
    """The event's date: ``typed`` when given, else the file's, else today for formats that
    carry no date; with the warnings and the refusal described in the module docstring."""
    found = file_dates(t, file_format)
    if typed is not None:
        date, source = typed, "typed"
    elif found.date is not None:
        date, source = found.date, found.source
    elif file_format not in DATED_FORMATS:
        date, source = today, "today"
    elif found.unreadable is not None:
        where, text = found.unreadable
        return EventDate(None, "", found, msg(
            "The file's date “%(text)s” (%(where)s) cannot be read.", text=text[:40],
            where=_WHERE[where]))
    elif found.year is not None:
        return EventDate(None, "", found, msg(
            "The file gives no date; its title names the year %(year)d.", year=found.year))
    else:
        return EventDate(None, "", found, msg("The file gives no date."))
    return EventDate(date, source, found, warnings=tuple(_warnings(date, found, today)))


# Where in the file, as the formats name it (identifiers, the same in every language).
_WHERE = {"042": "TRF 042", "132": "TRF 132", "EventDate": "PGN EventDate", "Date": "PGN Date"}


def _warnings(date: dt.date, found: FileDates, today: dt.date) -> list[Message]:
    out = []
    if date > today:
        out.append(msg("The event's date %(date)s is after today.", date=date.isoformat()))
    if found.first is not None and found.last is not None:
        nearest = found.first if date < found.first else found.last
        days = abs((date - nearest).days)
        if not found.first <= date <= found.last and days > FAR_DAYS:
            out.append(msgn("The event's date %(date)s is %(num)d day from the file's own "
                            "date %(file)s.",
                            "The event's date %(date)s is %(num)d days from the file's own "
                            "date %(file)s.", days, date=date.isoformat(),
                            file=nearest.isoformat()))
    elif found.year is not None and date.year != found.year:
        out.append(msg("The file's title names the year %(year)d, but the event is dated "
                       "%(date)s.", year=found.year, date=date.isoformat()))
    return out


__all__ = ["FAR_DAYS", "SOURCES", "FileDates", "EventDate", "file_dates", "choose_event_date"]
