"""Commands about the club's events and members: import, standings, members, seasons, sections."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import click

from .group import _, fail, read_text_file, with_database


def _parse_date(_ctx: click.Context, _param: click.Parameter, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date (YYYY-MM-DD)") from None


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "file_format",
              type=click.Choice(["trf", "pgn", "paste", "crosstable"]), default=None,
              help="File format (default: from the extension and content).")
@click.option("--name", default=None, help="Event name (default: from the file).")
@click.option("--date", "date", callback=_parse_date, default=None,
              help="Event date YYYY-MM-DD; overrides the file's own date (TRF 042, else the first "
                   "round's 132; PGN EventDate, else the earliest Date; pasted: today).")
@click.option("--kind", type=click.Choice(["swiss", "round_robin", "match", "casual", "bughouse"]),
              default=None, help="Event kind (default: from the file).")
@click.option("--unrated", is_flag=True, help="Keep the event out of the ladder rating.")
@click.option("--draft", is_flag=True,
              help="Save it as a draft: off the public pages and the ladder until published.")
@with_database
def import_command(file: str, file_format: str | None, name: str | None, date: dt.date | None,
                   kind: str | None, unrated: bool, draft: bool) -> None:
    """Import and publish an event; identical names link, every other name becomes a member."""
    from ..formats.errors import FormatError
    from ..services import ServiceError
    from ..services.importing import import_file
    text = read_text_file(file)
    try:
        report = import_file(text, source=file, file_format=file_format, name=name, date=date,
                             kind=kind, rated=not unrated, actor="cli", draft=draft)
    except FormatError as error:
        fail(str(error))
    except ServiceError as error:
        fail(f"{file}: {error.message}")
    message = (_("Saved event %(id)d “%(name)s” (%(date)s) as a draft: %(linked)d linked, "
                 "%(created)d new members.") if draft else
               _("Published event %(id)d “%(name)s” (%(date)s): %(linked)d linked, "
                 "%(created)d new members."))
    click.echo(message % {"id": report.event_id, "name": report.event_name,
                          "date": report.date.isoformat(), "linked": report.linked,
                          "created": report.created})
    if report.date_source:
        click.echo("  " + _("date: %(source)s", source=report.date_source))
    for line in report.warnings:
        click.echo("  " + _("warning: %(line)s", line=line), err=True)
    for line in report.suggestions:
        click.echo("  " + _("review: %(line)s", line=line))


@click.command("standings")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_database
def standings_command(as_json: bool) -> None:
    """The current ladder, best first (names as the public sees them)."""
    from ..extensions import db
    from ..queries import ladder_lines
    from ..queries.club import club_settings
    from ..queries.display_names import load_name_book
    settings = club_settings()
    names = load_name_book(db.session, settings)
    lines = ladder_lines(db.session, settings)
    if as_json:
        click.echo(json.dumps([
            {"member_id": line.member_id, "name": names(line.member_id), "rating": line.rating,
             "games": line.games, "provisional": line.provisional, "rank": line.rank}
            for line in lines], ensure_ascii=False))
        return
    for line in lines:
        flag = " (provisional)" if line.provisional else ""
        click.echo(f"{line.rank:>4}  {names(line.member_id):<32} {line.rating:7.0f} "
                   f"{line.games:>4}{flag}")


@click.command("members")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_database
def members_command(as_json: bool) -> None:
    """The roster for the organizer (full names, junior flag, consent)."""
    from sqlalchemy import select

    from ..extensions import db
    from ..models import Member
    members = db.session.scalars(
        select(Member).where(Member.merged_into_id.is_(None)).order_by(Member.id)).all()
    if as_json:
        click.echo(json.dumps([{"id": m.id, "name": m.name, "junior": m.junior,
                                "consent": m.consent_given} for m in members],
                              ensure_ascii=False))
        return
    for m in members:
        flags = ("junior" if m.junior else "") + (" consent" if m.consent_given else "")
        click.echo(f"{m.id:>5}  {m.name:<40} {flags}")


@click.command("season")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_database
def season_command(name: str, as_json: bool) -> None:
    """A season's table, awards and the ladder at its end (names as the public sees them)."""
    from ..extensions import db
    from ..queries.club import club_settings
    from ..queries.display_names import load_name_book
    from ..queries.seasons import all_seasons, find_season, season_page
    settings = club_settings()
    model = find_season(db.session, name)
    if model is None:
        known = ", ".join(f"“{s.name}”" for s in all_seasons(db.session)) or "—"
        fail(_("no season is named “%(name)s” (seasons: %(known)s)", name=name, known=known))
    assert model is not None
    page = season_page(db.session, settings, model)
    names = load_name_book(db.session, settings)
    report = page.report
    data: dict[str, Any] = {
        "season": {"id": page.season_id, "name": report.season.name,
                   "first": report.season.first.isoformat(),
                   "last": report.season.last.isoformat()},
        "award_min_games": page.rules.improved_min_games,
        "events": [{"event_id": e.event_id, "name": e.name, "date": e.date.isoformat(),
                    "rated": e.rated} for e in sorted(page.events,
                                                      key=lambda e: (e.date, e.event_id))],
        "awards": [{"key": award.key, "title": str(award.title), "rule": str(award.rule),
                    "winners": [{"member_id": w.member_id, "name": names(w.member_id),
                                 "value": w.value, "games": w.games,
                                 "opponent_id": w.opponent_id,
                                 "opponent": names(w.opponent_id) if w.opponent_id else None,
                                 "event_id": w.event_id,
                                 "date": w.date.isoformat() if w.date else None}
                                for w in award.winners]}
                   for award in report.awards],
        "table": [{"member_id": line.member_id, "name": names(line.member_id),
                   "events": line.events, "played": line.played, "games": line.games,
                   "score": float(line.score), "expected": line.expected,
                   "rating_start": line.rating_start, "rating_end": line.rating_end,
                   "change": line.change, "performance": line.performance,
                   "provisional": line.provisional_end} for line in report.table],
        "ladder": [{"member_id": line.member_id, "name": names(line.member_id),
                    "rating": line.rating, "games": line.games,
                    "provisional": line.provisional, "rank": line.rank}
                   for line in report.ladder],
    }
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    click.echo(f"{report.season.name}: {report.season.first.isoformat()} – "
               f"{report.season.last.isoformat()}, {len(page.events)} events")
    for award in data["awards"]:
        winners = ", ".join(f"{w['name']} ({w['value']:.1f})" for w in award["winners"]) or "—"
        click.echo(f"  {award['title']}: {winners}")
    for line in data["table"]:
        click.echo(f"  {line['name']:<32} {line['games']:>4} {line['score']:>5g} "
                   f"{line['rating_start']:7.1f} → {line['rating_end']:7.1f} "
                   f"{line['change']:+7.1f}")


@click.command("sections")
@click.option("--count", type=click.IntRange(min=1, max=999), default=None,
              help="Number of sections of equal size (within one player).")
@click.option("--bands", default=None,
              help="Ratings at which sections begin, e.g. \"1600,1400\" (instead of --count).")
@click.option("--names", "names_file", type=click.Path(dir_okay=False), default=None,
              help="Who is present: one name per line (default: everyone on the ladder).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_database
def sections_command(count: int | None, bands: str | None, names_file: str | None,
                     as_json: bool) -> None:
    """Split the present members into sections by ladder rating (full names: the
    organizer's starting lists). Names must be identical to a member's (or to a name the
    member was entered under); any other name is refused with suggestions."""
    from ..club.sections import SectionError, shown_rating, split_bands, split_equal
    from ..extensions import db
    from ..queries.club import club_settings
    from ..queries.display_names import load_name_book
    from ..queries.sections import candidates, match_names, name_index
    from ..vocabulary.lists import split_list
    if (count is None) == (bands is None):
        fail(_("give either --count N or --bands \"R1,R2,…\""))
    settings = club_settings()
    pool = {c.member_id: c for c in candidates(db.session, settings)}
    if names_file is None:
        present = [m for m, c in pool.items() if c.played]
    else:
        text = read_text_file(names_file)
        present = []
        problems = []
        for match in match_names(name_index(db.session), text):
            if match.member_id is not None:
                present.append(match.member_id)
                continue
            hint = "; ".join(s.name for s in match.suggestions)
            problems.append(_("%(file)s:%(line)d: “%(name)s” is no member's name%(hint)s",
                              file=names_file, line=match.line, name=match.typed,
                              hint=_(" (did you mean %(names)s?)", names=hint) if hint
                              else ""))
        if problems:
            more = len(problems) - 1
            fail(problems[0] + (_(" (and %(n)d more)", n=more) if more else ""))
        present = list(dict.fromkeys(present))
    players = [pool[m].player() for m in present if m in pool]
    try:
        if bands is not None:
            try:
                bounds = sorted(float(p) for p in split_list(bands))
            except ValueError:
                fail(_("--bands: “%(value)s” is not a list of ratings", value=bands))
            sections = split_bands(players, bounds)
        else:
            assert count is not None
            sections = split_equal(players, count)
    except SectionError as error:
        fail("; ".join(str(m) for m in error.messages))
    names = load_name_book(db.session, settings, full=True)
    data: list[dict[str, Any]] = [{"section": s.number, "size": s.size, "band_low": s.band_low,
             "band_high": s.band_high, "highest": s.highest, "lowest": s.lowest,
             "provisional": s.provisional_count,
             "players": [{"start_no": no, "member_id": p.member_id, "name": names(p.member_id),
                          "rating": p.rating, "provisional": p.provisional}
                         for no, p in enumerate(s.players, start=1)]} for s in sections]
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    for s in data:
        click.echo(_("Section %(n)d: %(size)d players", n=s["section"], size=s["size"]))
        for p in s["players"]:
            flag = " (provisional)" if p["provisional"] else ""
            click.echo(f"  {p['start_no']:>3}  {p['name']:<32} {shown_rating(p['rating']):>5}"
                       f"{flag}")
