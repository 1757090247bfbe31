"""Sections for a coming event (docs/qualities.md §2): tick who is present, or paste names; N sections
or rating bands, side by side; the starting lists as CSV and TRF (full names: organizers).

Nothing is stored, so the form is a GET: every split is a URL (reload, bookmark, back), and
the downloads carry the same choice. Pasted names are matched as on the confirmation screen
(docs/desk.md §2): a name identical to one member's (or to a name they were entered under) ticks that
member; any other name is listed with its suggestions, for the organizer to tick.
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
from ...queries.sections import Candidate, NameMatch, candidates, match_names, name_index
from ...vocabulary.messages import Message
from ..request_state import club_settings, names
from ..request_values import digits
from . import bp

MAX_NAMES_TEXT = 20_000
MAX_BANDS = 12
DEFAULT_COUNT = 2


@dataclass
class SectionsForm:
    """The form as read from the query string, and what became of it."""

    present: list[int] = field(default_factory=list)  # member ids, as ticked and matched
    names_text: str = ""
    matches: list[NameMatch] = field(default_factory=list)
    mode: str = "count"
    count_text: str = str(DEFAULT_COUNT)
    bands_text: str = ""
    asked: bool = False  # "Split" was pressed
    errors: list[Message | str] = field(default_factory=list)
    sections: tuple[Section, ...] = ()

    def query(self) -> dict[str, Any]:
        """The query string that gives the same split (for the downloads)."""
        out: dict[str, Any] = {"m": self.present, "mode": self.mode, "split": "1"}
        if self.mode == "bands":
            out["bands"] = self.bands_text
        else:
            out["count"] = self.count_text
        return out


def _bounds(text: str) -> list[float] | None:
    """Rating band bounds typed as "1600, 1400" (any order); None when one is no number."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p.strip()]
    try:
        values = sorted(float(p) for p in parts[:MAX_BANDS])
    except ValueError:
        return None
    return values


def read_form(pool: list[Candidate]) -> SectionsForm:
    """The split the query string asks for (nothing is stored)."""
    args = request.args
    known = {c.member_id: c for c in pool}
    form = SectionsForm(names_text=args.get("names", "")[:MAX_NAMES_TEXT],
                        mode="bands" if args.get("mode") == "bands" else "count",
                        count_text=args.get("count", str(DEFAULT_COUNT)).strip(),
                        bands_text=args.get("bands", "").strip(),
                        asked=bool(args.get("split")))
    ticked = [m for m in (digits(v, 10) for v in args.getlist("m")) if m in known]
    if args.get("all"):
        ticked += [c.member_id for c in pool if c.played]
    if form.names_text.strip():
        form.matches = match_names(name_index(db.session), form.names_text)
        ticked += [m.member_id for m in form.matches if m.member_id in known]
    form.present = list(dict.fromkeys(ticked))
    if form.asked:
        players = [known[m].player() for m in form.present]
        try:
            if form.mode == "bands":
                bounds = _bounds(form.bands_text)
                if bounds is None:
                    form.errors.append(_("Rating bands: type numbers separated by commas, "
                                         "such as 1600, 1400."))
                else:
                    form.sections = split_bands(players, bounds)
            else:
                count = digits(form.count_text, 4)
                if count is None:
                    form.errors.append(_("Number of sections: type a whole number."))
                else:
                    form.sections = split_equal(players, count)
        except SectionError as error:
            form.errors.extend(error.messages)
    return form


@bp.get("/sections")
def sections() -> str:
    """The sections form and, once asked, the sections side by side."""
    pool = candidates(db.session, club_settings())
    form = read_form(pool)
    unmatched = [m for m in form.matches if m.member_id is None]
    return render_template("organize/sections.html", form=form, pool=pool,
                           present=set(form.present), unmatched=unmatched,
                           downloads=form.query() if form.sections else None)


def _names() -> dict[int, str]:
    book = names()  # an organizer's request: full names, for the pairing program
    return {c.member_id: book(c.member_id) for c in candidates(db.session, club_settings())}


def _download(text: str, filename: str, mimetype: str) -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _split_or_404() -> SectionsForm:
    form = read_form(candidates(db.session, club_settings()))
    if not form.sections:
        abort(404)  # nothing to download: the split was refused or not asked for
    return form


@bp.get("/sections.csv")
def sections_as_csv() -> Response:
    """Every section as one CSV (section, start number, member id, name, rating, status)."""
    form = _split_or_404()
    return _download(sections_csv(form.sections, _names()),
                     f"sections-{dt.date.today().isoformat()}.csv", "text/csv")


@bp.get("/sections/<int:number>.trf")
def section_as_trf(number: int) -> Response:
    """One section's starting list as TRF ``001`` lines, in the section's order."""
    form = _split_or_404()
    section = next((s for s in form.sections if s.number == number), None)
    if section is None:
        abort(404)
    title = _("%(club)s, section %(number)d", club=club_settings().club_name, number=number)
    return _download(section_trf(section, _names(), title),
                     f"section-{number}-{dt.date.today().isoformat()}.trf", "text/plain")

