"""A starting list sorted by ladder rating, to seed the next Swiss (CSV and TRF ``001`` lines).

Pure: plain entries in, text out. The order is the ladder's (established members by rating,
then provisional ones; docs/club-rating.md §1), so start number 1 is the ladder's number 1. Ratings
are written as whole numbers (TRF has four columns for them; ties of the rounded value keep the
ladder's order).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ladder.formats.trf_write import write_trf
from ladder.vocabulary.tournament import EventKind, Player, Tournament


@dataclass(frozen=True)
class StartEntry:
    """One member on the starting list."""

    member_id: int
    name: str
    rating: float
    games: int
    provisional: bool


def ordered(entries: list[StartEntry]) -> list[StartEntry]:
    """Established members by rating (best first), then provisional ones; ties by id."""
    return sorted(entries, key=lambda e: (e.provisional, -e.rating, e.member_id))


def startlist_csv(entries: list[StartEntry]) -> str:
    """``start_no,member_id,name,rating,games,provisional`` with a header line (CRLF, RFC 4180)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["start_no", "member_id", "name", "rating", "games", "provisional"])
    for start_no, entry in enumerate(ordered(entries), start=1):
        writer.writerow([start_no, entry.member_id, _safe_cell(entry.name), round(entry.rating),
                         entry.games, "yes" if entry.provisional else "no"])
    return out.getvalue()


def startlist_trf(entries: list[StartEntry], title: str = "Starting list") -> str:
    """A TRF-16 file with no rounds: header records and one ``001`` line per member."""
    players = tuple(
        Player(start_no=start_no, name=entry.name, rating=min(max(round(entry.rating), 0), 9999))
        for start_no, entry in enumerate(ordered(entries), start=1))
    return write_trf(Tournament(name=title, players=players, rounds=0, kind=EventKind.SWISS))


def _safe_cell(text: str) -> str:
    """Neutralise spreadsheet formulas (a name typed as ``=HYPERLINK(…)``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
