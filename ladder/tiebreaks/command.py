"""``ladder tiebreaks FILE``: tie-breaks and standings of a TRF or PGN file (pure, no database).

A plain click command; the lead registers it in the ``ladder`` group. Bad input (a file that
does not parse, an unknown code, modifier or edition) prints one line to stderr — naming the
file, line and column, or the code — and exits with status 2.

Defaults: the edition follows the event's date (see :func:`event_date`: TRF tag 042, else the
first round date of tag 132, else a year written in the event's name such as "2022 Dojo
Classical", read as 1 January of that year; see
:func:`~ladder.tiebreaks.editions.edition_for_date`); the order is the file's tag 202, else the
US Chess default under ``--rules uscf``, else :data:`~ladder.tiebreaks.definitions.DEFAULT_ORDER`
for the event's kind (swiss ``BH/C1,BH,SB,WIN``; round_robin ``DE,SB,WIN,KS``).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import click

from ladder.formats import FormatError, read_event
from ladder.formats.text import decode_text
from ladder.tiebreaks.codes import parse_order
from ladder.tiebreaks.compute_table import prepare
from ladder.tiebreaks.definitions import DEFAULT_ORDER
from ladder.tiebreaks.editions import Edition, edition_for_date, get_edition
from ladder.tiebreaks.errors import TiebreakError
from ladder.tiebreaks.explain import explain_prepared
from ladder.tiebreaks.ranking import rank_prepared
from ladder.vocabulary.numbers import decimal_text
from ladder.vocabulary.tournament import Tournament


def read_tournament(path: Path) -> Tournament:
    """Any event file the desk reads (TRF, PGN, crosstable, pasted results), detected by the
    one formats entry point; FormatError names the first problem."""
    text = decode_text(path.read_bytes(), str(path))
    return read_event(text, str(path)).require()


def event_date(t: Tournament) -> dt.date | None:
    """The date that picks the default edition: start date, first round date, or name year.

    Real files often lack tag 042 but carry round dates or the year in their name; 1 January
    of a named year picks the rules in force for the whole year except 2023 and 2026, where
    the editions changed mid-year (then pass ``--rules``).
    """
    if t.start_date is not None:
        return t.start_date
    dates = [d for d in t.rounds_dates if d is not None]
    if dates:
        return min(dates)
    year = re.search(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)", t.name or "")
    return dt.date(int(year.group(1)), 1, 1) if year else None


def default_order(t: Tournament, edition: Edition) -> str:
    """The file's own tie-break list, else the edition's, else the default for the event kind."""
    if t.tiebreak_codes:
        return ",".join(t.tiebreak_codes)
    if edition.default_order:
        return edition.default_order
    return DEFAULT_ORDER.get(t.kind.value, DEFAULT_ORDER["swiss"])


def number(value: Fraction | None) -> int | float | None:
    """A JSON number: integers stay integers; other values as the nearest float."""
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else float(value)


def _fail(message: str) -> None:
    click.echo(f"ladder tiebreaks: {message}", err=True)
    raise SystemExit(2)


@click.command("tiebreaks")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--rules", "rules", default=None, metavar="EDITION",
              help="fide-2026, fide-2024, fide-2012 or uscf (default: by the event's date).")
@click.option("--order", default=None, metavar="CODES",
              help='Ordered tie-break list, e.g. "BH/C1,BH,SB" (default: TRF tag 202).')
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--explain", "explain_no", type=int, default=None, metavar="START_NO",
              help="Explain every tie-break of this player, round by round.")
@click.option("--unrated-rating", type=int, default=None,
              help="Rating for unrated players (C.07 art. 10); without it rating-based "
                   "tie-breaks are dropped when unrated players are present.")
def tiebreaks_command(file: Path, rules: str | None, order: str | None, as_json: bool,
                      explain_no: int | None, unrated_rating: int | None) -> None:
    """Compute the tie-breaks and the standings of a TRF or PGN FILE."""
    try:
        if not file.is_file():
            _fail(f"{file}: no such file")
        t = read_tournament(file)
        edition = get_edition(rules) if rules else edition_for_date(event_date(t))
        codes = parse_order(order if order is not None else default_order(t, edition))
        prep = prepare(t, edition, unrated_rating=unrated_rating)
        standings, table = rank_prepared(prep, codes)
        explanations = []
        if explain_no is not None:
            explanations = [explain_prepared(prep, explain_no, c) for c in codes]
    except (FormatError, TiebreakError) as err:
        _fail(str(err))
        return
    for warning in table.warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        doc: dict[str, object] = {
            "rules": edition.name,
            "order": [c.text for c in codes],
            "standings": [
                {"start_no": s.start_no, "name": s.name, "points": number(s.points),
                 "rank": s.rank,
                 "tiebreaks": {k: number(v) for k, v in s.tiebreaks.items()}}
                for s in standings],
        }
        if explanations:
            doc["explanations"] = [
                {"code": e.code, "value": number(e.value), "article": str(e.article),
                 "rows": [{"round": r.round, "opponent": r.opponent, "result": str(r.result),
                           "points": number(r.points), "category": str(r.category),
                           "score_used": number(r.score_used), "note": str(r.note),
                           "contribution": number(r.contribution),
                           "cut": None if r.cut is None else str(r.cut)}
                          for r in e.rows],
                 "notes": [str(note) for note in e.notes]}
                for e in explanations]
        click.echo(json.dumps(doc, ensure_ascii=False))
        return
    click.echo(f"{t.name} — {edition.title}")
    header = ["Rank", "No", "Name", "Pts", *[c.text for c in codes]]
    rows = [[str(s.rank), str(s.start_no), s.name, decimal_text(s.points),
             *[decimal_text(s.tiebreaks[c.text]) if s.tiebreaks[c.text] is not None else "-"
               for c in codes]]
            for s in standings]
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    numeric = [k != 2 for k in range(len(header))]
    for r in [header, *rows]:
        click.echo("  ".join(c.rjust(w) if numeric[k] else c.ljust(w)
                             for k, (c, w) in enumerate(zip(r, widths, strict=False))).rstrip())
    for e in explanations:
        click.echo("")
        click.echo(e.text())


def main() -> None:  # pragma: no cover - convenience entry point
    """Run ``ladder tiebreaks`` as a stand-alone command."""
    tiebreaks_command(prog_name="ladder tiebreaks")


if __name__ == "__main__":  # pragma: no cover
    main()
    sys.exit(0)
