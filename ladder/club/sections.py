"""Sections for a coming event: the present members split by ladder rating (docs/qualities.md §2).

Pure: plain players in, plain sections out; refusals are message ids (:class:`SectionError`
carries them), the starting lists are text (CSV and TRF ``001`` lines).

* **Order**: by ladder rating, best first (the unrounded rating); equal ratings by member
  id. Provisional members are placed by their rating like everybody else (not below the
  established ones, as on the ladder) and keep their ``provisional`` flag for the page.
* **N sections** (:func:`split_equal`): consecutive runs of that order with sizes differing
  by at most one; the larger sections come first (on top): 10 players in 3 sections are
  4, 3, 3.
* **Rating bands** (:func:`split_bands`): k strictly increasing lower bounds make k + 1
  sections, top first: rating ≥ the highest bound, …, below the lowest bound. A member is
  placed by the whole-number rating the ladder shows (1599.6 shows as 1600 and goes in the
  band from 1600). Empty bands stay in the result (as empty sections), so the page shows
  every band asked for.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ladder.formats.trf_write import write_trf
from ladder.vocabulary.messages import Message, msg
from ladder.vocabulary.tournament import EventKind, Player, Tournament


@dataclass(frozen=True)
class SectionPlayer:
    """A present member: ladder rating (unrounded) and provisional status."""

    member_id: int
    rating: float
    provisional: bool


@dataclass(frozen=True)
class Section:
    """One section: ``number`` 1 is the top one; ``players`` best first.

    ``band_low`` / ``band_high`` are the band of a split by rating bands (``band_low`` ≤
    shown rating < ``band_high``; None: open), both None for a split into N sections.
    """

    number: int
    players: tuple[SectionPlayer, ...]
    band_low: float | None = None
    band_high: float | None = None

    @property
    def size(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def highest(self) -> float | None:
        """The best rating in the section (None when empty)."""
        return self.players[0].rating if self.players else None

    @property
    def lowest(self) -> float | None:
        """The lowest rating in the section (None when empty)."""
        return self.players[-1].rating if self.players else None

    @property
    def provisional_count(self) -> int:
        """How many provisional members the section holds."""
        return sum(1 for p in self.players if p.provisional)


class SectionError(ValueError):
    """A split that cannot be made; ``messages`` says why (message ids with values)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = tuple(messages)


def ordered(players: Iterable[SectionPlayer]) -> list[SectionPlayer]:
    """Best rating first; equal ratings by member id (provisional members by rating too)."""
    return sorted(players, key=lambda p: (-p.rating, p.member_id))


def shown_rating(rating: float) -> int:
    """The whole-number rating the ladder shows (halves up), used for band membership."""
    return math.floor(rating + 0.5)


def _player_problems(players: Sequence[SectionPlayer]) -> list[Message]:
    problems: list[Message] = []
    if not players:
        problems.append(msg("Tick at least one member who is present."))
    seen: set[int] = set()
    for p in players:
        if p.member_id in seen:
            problems.append(msg("Member %(member)d is ticked twice.", member=p.member_id))
        seen.add(p.member_id)
        if not math.isfinite(p.rating):
            problems.append(msg("Member %(member)d has no valid rating.", member=p.member_id))
    return problems


def validate_count(players: Sequence[SectionPlayer], count: int) -> tuple[Message, ...]:
    """Why ``players`` cannot be split into ``count`` sections (empty: they can)."""
    problems = _player_problems(players)
    if count < 1:
        problems.append(msg("Ask for at least one section."))
    elif players and count > len(players):
        problems.append(msg("%(count)d sections need at least %(count)d players; "
                            "%(players)d are present.", count=count, players=len(players)))
    return tuple(problems)


def split_equal(players: Sequence[SectionPlayer], count: int) -> tuple[Section, ...]:
    """Split ``players`` into ``count`` sections by rating, sizes differing by at most one,
    the larger sections on top; :class:`SectionError` when :func:`validate_count` objects."""
    problems = validate_count(players, count)
    if problems:
        raise SectionError(problems)
    order = ordered(players)
    size, extra = divmod(len(order), count)
    sections = []
    start = 0
    for number in range(1, count + 1):
        end = start + size + (1 if number <= extra else 0)
        sections.append(Section(number, tuple(order[start:end])))
        start = end
    return tuple(sections)


def validate_bands(players: Sequence[SectionPlayer],
                   bounds: Sequence[float]) -> tuple[Message, ...]:
    """Why ``players`` cannot be split by the lower ``bounds`` (empty: they can)."""
    problems = _player_problems(players)
    if not bounds:
        problems.append(msg("Give at least one rating at which a section begins."))
    for bound in bounds:
        if not math.isfinite(bound):
            problems.append(msg("A rating band must be a number."))
            return tuple(problems)
    for low, high in zip(bounds, bounds[1:], strict=False):
        if not low < high:
            problems.append(msg("Rating bands must increase: %(high)s does not come after "
                                "%(low)s.", low=_num(low), high=_num(high)))
    return tuple(problems)


def split_bands(players: Sequence[SectionPlayer],
                bounds: Sequence[float]) -> tuple[Section, ...]:
    """Split ``players`` by rating bands: k increasing lower ``bounds`` give k + 1 sections,
    top first (see the module docstring); :class:`SectionError` on bad input."""
    problems = validate_bands(players, bounds)
    if problems:
        raise SectionError(problems)
    edges: list[float | None] = [None, *bounds, None]  # low → high
    bands = [(edges[i], edges[i + 1]) for i in range(len(edges) - 1)][::-1]  # top first
    members: list[list[SectionPlayer]] = [[] for _ in bands]
    for player in ordered(players):
        shown = shown_rating(player.rating)
        for index, (low, _high) in enumerate(bands):
            if low is None or shown >= low:
                members[index].append(player)
                break
    return tuple(Section(number, tuple(group), low, high)
                 for number, ((low, high), group)
                 in enumerate(zip(bands, members, strict=False), start=1))


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def sections_csv(sections: Sequence[Section], names: Mapping[int, str]) -> str:
    """All sections as one CSV: ``section,start_no,member_id,name,rating,provisional`` (a
    header line, CRLF, RFC 4180); start numbers restart at 1 in each section. ``names`` maps
    member ids to the names to print (the caller's display names: initials where due)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "start_no", "member_id", "name", "rating", "provisional"])
    for section in sections:
        for start_no, player in enumerate(section.players, start=1):
            writer.writerow([section.number, start_no, player.member_id,
                             _safe_cell(names.get(player.member_id, "")),
                             shown_rating(player.rating),
                             "yes" if player.provisional else "no"])
    return out.getvalue()


def section_trf(section: Section, names: Mapping[int, str], title: str) -> str:
    """One section's starting list as a TRF-16 file without rounds (``001`` lines in the
    section's order; ratings as whole numbers within TRF's four columns)."""
    players = tuple(
        Player(start_no=start_no, name=names.get(p.member_id, ""),
               rating=min(max(shown_rating(p.rating), 0), 9999))
        for start_no, p in enumerate(section.players, start=1))
    return write_trf(Tournament(name=title, players=players, rounds=0, kind=EventKind.SWISS))


def _safe_cell(text: str) -> str:
    """Neutralise spreadsheet formulas (a name typed as ``=HYPERLINK(…)``)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
