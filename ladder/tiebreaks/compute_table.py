"""``compute``: every requested tie-break of every player, under one edition."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ladder.tiebreaks.codes import Code, parse_order
from ladder.tiebreaks.definitions import BUCHHOLZ_TYPE, DEFINITIONS, RATING_BASED
from ladder.tiebreaks.editions import Edition, get_edition
from ladder.tiebreaks.prepared import Prepared
from ladder.tiebreaks.table import Column, TiebreakTable
from ladder.tiebreaks.wording import msg
from ladder.vocabulary.messages import Message
from ladder.vocabulary.tournament import Tournament


def as_codes(codes: str | Sequence[str] | Sequence[Code]) -> tuple[Code, ...]:
    """Parsed codes from a comma-separated order, a list of code texts or parsed codes."""
    if isinstance(codes, str):
        return parse_order(codes)
    items = list(codes)
    if all(isinstance(c, Code) for c in items):
        return tuple(items)  # type: ignore[arg-type]
    return parse_order([str(c) for c in items])


def prepare(t: Tournament, edition: str | Edition = "fide-2026", *,
            unrated_rating: int | None = None) -> Prepared:
    """The shared per-player view (build it once, then compute as many lists as wanted)."""
    return Prepared(t, get_edition(edition), unrated_rating=unrated_rating)


def points_of(prep: Prepared) -> tuple[Fraction, ...]:
    """Every player's score as an exact number (one Fraction per distinct score)."""
    def build(p: Prepared) -> tuple[Fraction, ...]:
        exact: dict[int, Fraction] = {}
        return tuple([exact.get(x) or exact.setdefault(x, Fraction(x, p.unit))
                      for x in p.points])
    return prep.shared("points", build)  # type: ignore[no-any-return]


def compute_prepared(prep: Prepared, codes: Sequence[Code]) -> TiebreakTable:
    """Compute each code's column independently from the same read-only view."""
    warnings: list[Message] = []
    columns: dict[str, Column] = {}
    drop_ratings = prep.has_unrated and any(r is None for r in prep.ratings)
    for code in codes:
        if code.name in RATING_BASED and drop_ratings:
            unrated = [s for s, r in zip(prep.start_nos, prep.ratings, strict=False) if r is None]
            numbers = ", ".join(map(str, unrated[:10])) + (", ..." if len(unrated) > 10 else "")
            # C.07 art. 10: no rating-based tie-break while unrated players have no rating.
            reason = msg("%(code)s dropped (C.07 art. 10): unrated players present (start "
                         "numbers %(numbers)s) and no rating given for them",
                         code=code.text, numbers=numbers)
            warnings.append(reason)
            columns[code.text] = Column(code, (None,) * prep.size, 1, reason)
            continue
        if code.name in BUCHHOLZ_TYPE and prep.rr:
            warnings.append(msg("%(code)s: Buchholz-type tie-breaks must not be used in "
                                "round-robins (C.07 art. 8)", code=code.text))
        columns[code.text] = DEFINITIONS[code.name](prep, code)
    return TiebreakTable(
        edition=prep.edition.name,
        codes=tuple(codes),
        start_nos=prep.start_nos,
        names=prep.names,
        points=points_of(prep),
        columns=columns,
        warnings=tuple(warnings),
    )


def compute(t: Tournament, codes: str | Sequence[str], edition: str | Edition = "fide-2026",
            *, unrated_rating: int | None = None) -> TiebreakTable:
    """Every tie-break in ``codes`` for every player of ``t`` under ``edition``.

    ``unrated_rating``: the rating the event gives unrated players (art. 10); without it the
    rating-based tie-breaks are dropped (None values and a warning) when any is unrated.
    """
    parsed = as_codes(codes)
    return compute_prepared(prepare(t, edition, unrated_rating=unrated_rating), parsed)
