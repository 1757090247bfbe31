"""The ``ladder`` command line (SPEC §10): a Flask CLI group over the app.

Bad input (an unknown flag, a date that is not a date, a malformed file) prints ONE line to
standard error and exits with status 2, changing nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from flask import Flask
from flask.cli import FlaskGroup
from flask_babel import gettext as _
from sqlalchemy.exc import DatabaseError

EXIT_BAD_INPUT = 2


def _create_app() -> Flask:
    from . import create_app
    return create_app()


@click.group(cls=FlaskGroup, create_app=_create_app, add_default_commands=True,
             add_version_option=False, load_dotenv=False)
def cli() -> None:
    """Club Ladder: a chess club's rating ladder."""


def fail(message: str) -> None:
    """Print one line to stderr and exit 2 (bad input; nothing was changed)."""
    click.echo(f"ladder: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def main() -> None:
    """Entry point: run the group, turning usage errors into one line and exit status 2."""
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


def read_text_file(path: str) -> str:
    """Read a results file as text; a binary or unreadable file is bad input (exit 2)."""
    from .formats.errors import FormatError
    from .formats.limits import MAX_BYTES
    from .formats.text import decode_text
    try:
        # Refuse a huge file before reading it into memory (the readers' limit, SPEC §11).
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            fail(_("%(path)s: the file has %(size)d bytes; at most %(max)d are read.",
                   path=path, size=size, max=MAX_BYTES))
        return decode_text(Path(path).read_bytes(), path)
    except OSError as error:
        fail(_("%(path)s: cannot read: %(reason)s", path=path, reason=error.strerror))
    except FormatError as error:
        fail(str(error))
    raise AssertionError("unreachable")


from . import cli_commands  # noqa: E402,F401  (registers the commands on ``cli``)
