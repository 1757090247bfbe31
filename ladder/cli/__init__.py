"""The ``ladder`` command line (docs/desk.md §5): a Flask CLI group over the app.

The group and its shared helpers live in :mod:`.group`; each topic's commands in its own
module, imported here once so they register on the group (nothing imports this package back).
"""

from __future__ import annotations

import os
import sys

import click
from flask import Flask
from flask_babel import gettext as _
from sqlalchemy.exc import DatabaseError

from . import bench, database, events, pairing, pure, serve  # noqa: F401  (each registers its commands)
from .group import EXIT_BAD_INPUT, cli


def main() -> None:
    """Entry point: run the group, turning usage errors into one line and exit status 2."""
    # Files the commands write (the database, its WAL files, backups) are the club's own.
    from .serve import UMASK
    os.umask(UMASK)
    try:
        code = cli.main(standalone_mode=False)
    except click.exceptions.UsageError as error:
        command = error.ctx.command_path if error.ctx else "ladder"
        click.echo(f"{command}: error: {error.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Abort:
        click.echo(_("Aborted."), err=True)
        sys.exit(1)
    except click.ClickException as error:
        click.echo(f"ladder: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except DatabaseError as error:
        # No stack trace for a database that is missing, not initialised or unreachable.
        reason = str(error.orig).splitlines()[0] if error.orig else type(error).__name__
        click.echo(_("ladder: database error: %(reason)s (run “ladder init” to create or "
                     "upgrade the database; check DATABASE_URL)", reason=reason), err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def register_cli(app: Flask) -> None:
    """Attach the commands to ``app.cli`` too, so ``flask --app ladder …`` works the same."""
    for command in cli.commands.values():
        if command.name not in app.cli.commands and command.name not in ("run", "shell", "routes"):
            app.cli.add_command(command)
