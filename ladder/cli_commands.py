"""The commands of the ``ladder`` group (SPEC §10). Each is thin: parse, call a service, print."""

from __future__ import annotations

import datetime as dt
import json
import sys

import click
from flask.cli import with_appcontext
from flask_babel import gettext as _

from .cli import cli, fail, read_text_file


@cli.command("init")
@with_appcontext
def init_command() -> None:
    """Create the database, or upgrade it to the newest schema."""
    from .services.setup import init_database
    init_database()
    click.echo(_("Database ready."))


@cli.command("rebuild")
@with_appcontext
def rebuild_command() -> None:
    """Replay the whole ladder from scratch and store the result."""
    from .services.maintenance import rebuild
    report = rebuild(actor="cli")
    click.echo(_("Replayed %(events)d events, %(rows)d rating rows.", events=report.events,
                 rows=report.rows))


@cli.command("check")
@with_appcontext
def check_command() -> None:
    """Recompute the ladder from scratch and compare; exit 1 listing any difference."""
    from .services.verification import run_check
    result = run_check()  # from scratch, stored for the organizer's dashboard too
    differences = result.differences
    if result.total:
        click.echo(_("%(n)d difference(s) between the stored ladder and a replay:",
                     n=result.total))
        for difference in differences[:200]:
            click.echo(f"  {difference}")
        sys.exit(1)
    click.echo(_("Ladder verified: stored ratings equal a replay from scratch."))


def _parse_date(_ctx: click.Context, _param: click.Parameter, value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date (YYYY-MM-DD)") from None


@cli.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["trf", "pgn", "paste", "crosstable"]), default=None,
              help="File format (default: from the extension and content).")
@click.option("--name", default=None, help="Event name (default: from the file).")
@click.option("--date", "date", callback=_parse_date, default=None,
              help="Event date YYYY-MM-DD (default: the file's start date).")
@click.option("--kind", type=click.Choice(["swiss", "round_robin", "match", "casual", "bughouse"]),
              default=None, help="Event kind (default: from the file).")
@click.option("--unrated", is_flag=True, help="Keep the event out of the ladder rating.")
@with_appcontext
def import_command(file: str, fmt: str | None, name: str | None, date: dt.date | None,
                   kind: str | None, unrated: bool) -> None:
    """Import and publish an event; identical names link, every other name becomes a member."""
    from .services.importing import import_file
    from .services import ServiceError
    from .formats.errors import FormatError
    text = read_text_file(file)
    try:
        report = import_file(text, source=file, fmt=fmt, name=name, date=date, kind=kind,
                             rated=not unrated, actor="cli")
    except FormatError as error:
        fail(str(error))
    except ServiceError as error:
        fail(f"{file}: {error.message}")
    click.echo(_("Published event %(id)d “%(name)s” (%(date)s): %(linked)d linked, "
                 "%(created)d new members.", id=report.event_id, name=report.event_name,
                 date=report.date.isoformat(), linked=report.linked, created=report.created))
    for line in report.suggestions:
        click.echo("  " + _("review: %(line)s", line=line))


@cli.command("standings")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_appcontext
def standings_command(as_json: bool) -> None:
    """The current ladder, best first (names as the public sees them)."""
    from .extensions import db
    from .display import load_name_book
    from .queries import ladder_lines
    from .services.replay import club_settings
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


@cli.command("members")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@with_appcontext
def members_command(as_json: bool) -> None:
    """The roster for the organizer (full names, junior flag, consent)."""
    from sqlalchemy import select
    from .extensions import db
    from .models import Member
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


@cli.command("create-organizer")
@click.argument("username")
@click.password_option("--password", prompt="Password", confirmation_prompt=True,
                       hide_input=True, help="Asked for when not given (never echoed).")
@with_appcontext
def create_organizer_command(username: str, password: str) -> None:
    """Create an organizer account (or set a new password for an existing one)."""
    from .services import ServiceError
    from .services.accounts import set_organizer
    try:
        created = set_organizer(username, password, actor="cli")
    except ServiceError as error:
        fail(error.message)
    click.echo(_("Created organizer %(name)s.", name=username) if created
               else _("Updated organizer %(name)s.", name=username))


@cli.command("backup")
@click.argument("path", type=click.Path(dir_okay=False))
@with_appcontext
def backup_command(path: str) -> None:
    """Copy the SQLite database to PATH with SQLite's online backup (safe while serving)."""
    from .services.maintenance import backup_sqlite
    from .services import ServiceError
    try:
        backup_sqlite(path)
    except ServiceError as error:
        fail(error.message)
    click.echo(_("Backup written to %(path)s.", path=path))


@cli.command("demo")
@click.option("--if-empty", is_flag=True,
              help="Load only when the database is empty; otherwise just print the login.")
@with_appcontext
def demo_command(if_empty: bool) -> None:
    """Load the demo club (a season of events) and print the demo organizer's login."""
    from .demo import demo_login, load_demo
    from .services import ServiceError
    from .services.setup import is_empty
    if not is_empty():
        if not if_empty:
            fail(_("the database is not empty; the demo club loads only into an empty one"))
    else:
        try:
            click.echo(load_demo())
        except ServiceError as error:
            fail(error.message)
    login = demo_login()
    if login:
        click.echo(_("Demo organizer login: %(user)s / %(password)s", user=login[0],
                     password=login[1]))


def _register_pure_commands() -> None:
    """The commands that need no app: tie-breaks of a file, the Elo calculators."""
    from .elo.command import elo_group
    from .tiebreaks.command import tiebreaks_command
    cli.add_command(tiebreaks_command, "tiebreaks")
    cli.add_command(elo_group, "elo")


_register_pure_commands()


@cli.group("bench")
def bench_group() -> None:
    """Benchmarks that print one JSON line of seconds (SPEC §11)."""


@bench_group.command("tiebreaks")
@click.option("--rules", default="fide-2026", show_default=True, help="Tie-break edition.")
def bench_tiebreaks_command(rules: str) -> None:
    """Tie-breaks and ranking of a synthetic 1,000-player, 11-round Swiss (best of 5)."""
    from .tiebreaks.bench import bench_tiebreaks
    click.echo(json.dumps(bench_tiebreaks(edition=rules)))


@bench_group.command("replay")
@click.option("--members", default=2000, show_default=True)
@click.option("--games", default=100_000, show_default=True)
@click.option("--years", default=20, show_default=True)
@click.option("--database-url", default=None, help="Default: a temporary SQLite file.")
def bench_replay_command(members: int, games: int, years: int, database_url: str | None) -> None:
    """Full replay, a late correction and the read+Elo floor on a synthetic club history."""
    from .bench import bench_replay
    click.echo(json.dumps(bench_replay(members=members, games=games, years=years,
                                       database_url=database_url)))


@bench_group.command("pages")
@click.option("--members", default=2000, show_default=True)
@click.option("--games", default=100_000, show_default=True)
@click.option("--years", default=20, show_default=True)
@click.option("--samples", default=15, show_default=True,
              help="Cold samples per page (three times as many warm and 304 samples).")
@click.option("--database-url", default=None,
              help="Reuse the history there (built first when empty). Default: a temporary "
                   "SQLite file.")
def bench_pages_command(members: int, games: int, years: int, samples: int,
                        database_url: str | None) -> None:
    """Server time of every public page: cold, cached and 304, against a hello-world route."""
    from .bench_pages import bench_pages
    click.echo(json.dumps(bench_pages(members=members, games=games, years=years,
                                      database_url=database_url, samples=samples)))
