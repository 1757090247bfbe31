"""Sections for a coming event (docs/qualities.md §2): tick who is present, or paste names; N
sections or rating bands, side by side; the starting lists as CSV and TRF (full names: organizers).

Nothing is stored, so the form is a GET: every split is a URL (reload, bookmark, back), and
the downloads carry the same choice. Pasted names are matched as on the confirmation screen
(docs/desk.md §2): a name identical to one member's (or to a name they were entered under) ticks
that member; any other name is listed with its suggestions, for the organizer to tick.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from flask import abort, render_template, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ...club.sections import (
    Section,
    SectionError,
    section_trf,
    sections_csv,
    split_bands,
    split_equal,
)
from ...extensions import db
from ...queries.sections import (
    PastedNameMatch,
    SectionCandidate,
    candidates,
    match_names,
    name_index,
)
from ...vocabulary.messages import Message
from ..support.errors import refused
from ..support.forms import FormInvalid
from ..support.request_state import club_settings, names
from ..support.request_values import digits
from . import bp
from .forms import SectionsQuery


@dataclass
class Split:
    """What became of the sections query: who is present, the pasted names matched, and the
    sections, or why they cannot be made."""

    query: SectionsQuery
    present: list[int] = field(default_factory=list)  # member ids, as ticked and matched
    matches: list[PastedNameMatch] = field(default_factory=list)
    problems: list[Message | str] = field(default_factory=list)
    sections: tuple[Section, ...] = ()

    @property
    def asked(self) -> bool:
        """True when "Split" was pressed."""
        return bool(self.query.split.data)

    def downloads(self) -> dict[str, Any]:
        """The query string that gives the same split (for the downloads)."""
        query = self.query
        out: dict[str, Any] = {"m": self.present, "mode": "bands" if query.by_bands else "count",
                               "split": "1"}
        if query.by_bands:
            out["bands"] = query.bands.data or ""
        else:
            out["count"] = query.count.data or ""
        return out


def read_split(pool: list[SectionCandidate], query: SectionsQuery) -> Split:
    """The split the query asks for (nothing is stored); a query the form refuses (a value
    too long, too many bands) is neither matched nor split."""
    known = {c.member_id: c for c in pool}
    split = Split(query)
    if query.errors:
        return split
    ticked = [m for m in query.m.data if m in known]
    if query.all.data:
        ticked += [c.member_id for c in pool if c.played]
    if (query.names.data or "").strip():
        split.matches = match_names(name_index(db.session), query.names.data or "")
        ticked += [m.member_id for m in split.matches if m.member_id in known]
    split.present = list(dict.fromkeys(ticked))
    if split.asked:
        _make(split, [known[m].player() for m in split.present])
    return split


def _make(split: Split, players: list[Any]) -> None:
    """The sections of ``players`` as asked, or the problems that stand in the way."""
    query = split.query
    try:
        if query.by_bands:
            bounds = query.bounds()
            if bounds is None:
                split.problems.append(_("Rating bands: type numbers separated by commas, "
                                        "such as 1600, 1400."))
            else:
                split.sections = split_bands(players, bounds)
        else:
            count = digits(query.count.data, 4)
            if count is None:
                split.problems.append(_("Number of sections: type a whole number."))
            else:
                split.sections = split_equal(players, count)
    except SectionError as error:
        split.problems.extend(error.messages)


def _query() -> SectionsQuery:
    """The sections form as the query string holds it, checked."""
    query = SectionsQuery(formdata=request.args)
    query.validate()
    return query


@bp.get("/sections")
def sections() -> str | tuple[str, int]:
    """The sections form and, once asked, the sections side by side."""
    pool = candidates(db.session, club_settings())
    query = _query()
    split = read_split(pool, query)
    unmatched = [m for m in split.matches if m.member_id is None]
    context = dict(split=split, query=query, pool=pool, present=set(split.present),
                   unmatched=unmatched, downloads=split.downloads() if split.sections else None)
    if query.errors:
        return refused(FormInvalid(query), "organize/sections.html", query, **context)
    return render_template("organize/sections.html", **context)


def _names() -> dict[int, str]:
    book = names()  # an organizer's request: full names, for the pairing program
    return {c.member_id: book(c.member_id) for c in candidates(db.session, club_settings())}


def _download(text: str, filename: str, mimetype: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _split_or_404() -> Split:
    split = read_split(candidates(db.session, club_settings()), _query())
    if not split.sections:
        abort(404)  # nothing to download: the split was refused or not asked for
    return split


@bp.get("/sections.csv")
def sections_as_csv() -> Response:
    """Every section as one CSV (section, start number, member id, name, rating, status)."""
    split = _split_or_404()
    return _download(sections_csv(split.sections, _names()),
                     f"sections-{dt.date.today().isoformat()}.csv", "text/csv")


@bp.get("/sections/<int:number>.trf")
def section_as_trf(number: int) -> Response:
    """One section's starting list as TRF ``001`` lines, in the section's order."""
    split = _split_or_404()
    section = next((s for s in split.sections if s.number == number), None)
    if section is None:
        abort(404)
    title = _("%(club)s, section %(number)d", club=club_settings().club_name, number=number)
    return _download(section_trf(section, _names(), title),
                     f"section-{number}-{dt.date.today().isoformat()}.trf", "text/plain")
