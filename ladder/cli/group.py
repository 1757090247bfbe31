"""The ``ladder`` click group and what its commands share: one-line errors, reading a file.

Bad input (an unknown flag, a date that is not a date, a malformed file) prints ONE line to
standard error and exits with status 2, changing nothing.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from flask import Flask
from flask.cli import FlaskGroup, with_appcontext
from flask_babel import gettext as _

EXIT_BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])


def _create_app() -> Flask:
    from .. import create_app
    return create_app()


@click.group(cls=FlaskGroup, create_app=_create_app, add_default_commands=True,
             add_version_option=False, load_dotenv=False)
def cli() -> None:
    """Club Ladder: a chess club's rating ladder."""


def with_database(command: F) -> F:
    """``with_appcontext``, and a database that can serve this code: otherwise one line
    saying what is wrong and what to run (``ladder init``), exit 1, nothing done.

    A database that is not initialised, older than the code, newer than it (a revision it
    does not know) or unreachable never reaches a command as a stack trace.
    """
    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        from ..services.setup import schema_state
        readiness = schema_state()
        if not readiness.ready:
            click.echo(f"ladder: error: {readiness.message()}", err=True)
            sys.exit(1)
        return command(*args, **kwargs)
    return with_appcontext(checked)  # type: ignore[return-value]


def fail(message: str) -> None:
    """Print one line to stderr and exit 2 (bad input; nothing was changed)."""
    click.echo(f"ladder: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def read_text_file(path: str) -> str:
    """Read a results file as text; a binary or unreadable file is bad input (exit 2)."""
    from ..formats.errors import FormatError
    from ..formats.limits import MAX_BYTES
    from ..formats.text import decode_text
    try:
        # Refuse a huge file before reading it into memory (the readers' limit, docs/qualities.md §1).
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
