"""Commands that set up and look after the database: init, rebuild, check, accounts, backup, demo."""

from __future__ import annotations

import sys

import click
from flask.cli import with_appcontext
from flask_babel import gettext as _

from .group import cli, fail


@cli.command("init")
@with_appcontext
def init_command() -> None:
    """Create the database, or upgrade it to the newest schema."""
    from ..services.setup import init_database
    init_database()
    click.echo(_("Database ready."))


@cli.command("rebuild")
@with_appcontext
def rebuild_command() -> None:
    """Replay the whole ladder from scratch and store the result."""
    from ..services.maintenance import rebuild
    report = rebuild(actor="cli")
    click.echo(_("Replayed %(events)d events, %(rows)d rating rows.", events=report.events,
                 rows=report.rows))


@cli.command("check")
@with_appcontext
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


@cli.command("create-organizer")
@click.argument("username")
@click.password_option("--password", prompt="Password", confirmation_prompt=True,
                       hide_input=True, help="Asked for when not given (never echoed).")
@with_appcontext
def create_organizer_command(username: str, password: str) -> None:
    """Create an organizer account (or set a new password for an existing one)."""
    from ..services import ServiceError
    from ..services.accounts import set_organizer
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
    from ..services import ServiceError
    from ..services.maintenance import backup_sqlite
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
    from ..demo import demo_login, load_demo
    from ..services import ServiceError
    from ..services.setup import is_empty
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
