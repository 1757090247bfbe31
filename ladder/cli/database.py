"""Commands to set up and look after the database: init, rebuild, check, accounts, backup, demo."""

from __future__ import annotations

import sys

import click

from .group import _, fail, with_app, with_database


@click.command("init")
@click.option("--club-name", help="The club's name (shown on every page).")
@click.option("--language", type=click.Choice(["en", "ko", "zh_Hans", "id"]),
              help="The language of the pages when a visitor has chosen none.")
@click.option("--timezone", "zone", metavar="ZONE",
              help="The club's IANA time zone, e.g. Asia/Seoul (every time shown is in it).")
@with_app
def init_command(club_name: str | None, language: str | None, zone: str | None) -> None:
    """Create the database, or upgrade it to the newest schema; name the club.

    An empty club: no demo, no login (``ladder create-organizer`` makes one). The options
    set the club's settings, on a new database or an existing one.
    """
    from dataclasses import replace

    from ..config import TRANSLATIONS
    from ..services import ServiceError
    from ..services.club_settings import current_form, update_settings
    from ..services.setup import init_database
    from ..services.timezones import is_known
    from . import catalogues
    if zone is not None and not is_known(zone):
        fail(_("--timezone: %(zone)s is not a time zone name; use one such as Asia/Seoul, "
               "Asia/Jakarta or Europe/London.", zone=zone))
    # A checkout or an editable install compiles its own catalogues (a wheel carries them).
    for locale in catalogues.compile_stale(TRANSLATIONS):
        click.echo(_("Compiled the %(locale)s catalogue.", locale=locale))
    init_database()
    if club_name is not None or language is not None or zone is not None:
        form = current_form()
        form = replace(form, club_name=form.club_name if club_name is None else club_name,
                       default_language=(form.default_language if language is None
                                         else language),
                       timezone=form.timezone if zone is None else zone)
        try:
            update_settings(form, actor="cli")
        except ServiceError as error:
            fail(error.message)
    click.echo(_("Database ready."))


@click.command("rebuild")
@with_database
def rebuild_command() -> None:
    """Replay the whole ladder from scratch and store the result."""
    from ..services.maintenance import rebuild
    report = rebuild(actor="cli")
    click.echo(_("Replayed %(events)d events, %(rows)d rating rows.", events=report.events,
                 rows=report.rows))


@click.command("check")
@with_database
def check_command() -> None:
    """Recompute the ladder from scratch and compare; exit 1 listing any difference."""
    from ..services.ladder_check import run_check
    result = run_check()  # from scratch, stored for the organizer's dashboard too
    differences = result.differences
    if result.total:
        click.echo(_("%(n)d difference(s) between the stored ladder and a replay:",
                     n=result.total))
        for difference in differences[:200]:
            click.echo(f"  {difference}")
        sys.exit(1)
    click.echo(_("Ladder verified: stored ratings equal a replay from scratch."))


@click.command("create-organizer")
@click.argument("username")
@click.option("--password-stdin", is_flag=True,
              help="Read the password from the first line of standard input (provisioning "
                   "scripts); nothing is asked and nothing echoed.")
@with_database
def create_organizer_command(username: str, password_stdin: bool) -> None:
    """Create an organizer account (or set a new password for an existing one)."""
    from ..services import ServiceError
    from ..services.accounts import set_organizer
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            fail(_("--password-stdin: standard input held no password"))
    else:
        password = click.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    try:
        created = set_organizer(username, password, actor="cli")
    except ServiceError as error:
        fail(error.message)
    click.echo(_("Created organizer %(name)s.", name=username) if created
               else _("Updated organizer %(name)s.", name=username))


@click.command("backup")
@click.argument("path", type=click.Path())
@click.option("--keep", type=click.IntRange(1, 10000), metavar="N",
              help="PATH is a folder: write a new dated backup into it and keep the newest N "
                   "(older backups there are deleted).")
@with_database
def backup_command(path: str, keep: int | None) -> None:
    """Back up the database to PATH (a new file), or with --keep into the folder PATH.

    SQLite: SQLite's online backup (safe while serving). PostgreSQL: pg_dump's custom format
    (pg_restore reads it; ``ladder restore`` too). The backup is readable by its owner only.
    """
    from ..services import ServiceError
    from ..services.backups import backup, backup_into
    try:
        if keep is None:
            written = backup(path)
        else:
            written, removed = backup_into(path, keep)
            for old in removed:
                click.echo(_("Removed the old backup %(path)s.", path=old))
    except ServiceError as error:
        fail(error.message)
    click.echo(_("Backup written to %(path)s.", path=written))


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@with_app
def restore_command(path: str) -> None:
    """Restore a backup made by ``ladder backup`` into an EMPTY database (a new SQLite file
    or a new PostgreSQL database), then run ``ladder init`` and ``ladder check``."""
    from ..services import ServiceError
    from ..services.backups import restore
    try:
        restore(path)
    except ServiceError as error:
        fail(error.message)
    click.echo(_("Restored %(path)s. Now run “ladder init” and “ladder check”.", path=path))


@click.command("demo")
@click.option("--if-empty", is_flag=True,
              help="Load only when the database is empty; otherwise just print the login.")
@click.option("--remove", is_flag=True,
              help="Take the demo club out of this database (only the demo: never a club's "
                   "own data), leaving an empty club.")
@with_database
def demo_command(if_empty: bool, remove: bool) -> None:
    """Load the demo club (a season of events) and print the demo organizer's login."""
    from ..demo import demo_login, load_demo
    from ..demo.load import remove_demo
    from ..services import ServiceError
    from ..services.setup import is_empty
    if remove:
        try:
            remove_demo()
        except ServiceError as error:
            fail(error.message)
        click.echo(_("Removed the demo club; the database is an empty club now (name it with "
                     "“ladder init --club-name …”)."))
        return
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
