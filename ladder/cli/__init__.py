"""The ``ladder`` command line (docs/desk.md §5): a click group over the app.

The group, its table of commands and the helpers they share live in :mod:`.group`; each
topic's commands in its own module, imported when a command of it is run or listed (nothing
imports this package back). Importing this package imports click and nothing of Flask,
SQLAlchemy or the pure core: ``ladder --help`` and the pure commands start at once.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from .group import COMMANDS, EXIT_BAD_INPUT, _, cli

if TYPE_CHECKING:
    from flask import Flask


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
    except Exception as error:
        # SQLAlchemy is imported only by the commands that open the database: its error
        # class is looked up only if it was.
        errors = sys.modules.get("sqlalchemy.exc")
        if errors is None or not isinstance(error, errors.DatabaseError):
            raise
        # No stack trace for a database that is missing, not initialised or unreachable.
        reason = str(error.orig).splitlines()[0] if error.orig else type(error).__name__
        click.echo(_("ladder: database error: %(reason)s (run “ladder init” to create or "
                     "upgrade the database; check DATABASE_URL)", reason=reason), err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def register_cli(app: Flask) -> None:
    """Attach the commands to ``app.cli`` too, so ``flask --app ladder …`` works the same
    (Flask's own run, shell and routes stay Flask's there; ``db`` is Flask-Migrate's)."""
    for name in COMMANDS:
        if name not in app.cli.commands and name not in ("run", "shell", "routes"):
            command = cli.get_command(None, name)
            if command is not None:
                app.cli.add_command(command, name)
