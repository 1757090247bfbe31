"""The ``ladder`` click group and what its commands share: one-line errors, reading a file.

Bad input (an unknown flag, a date that is not a date, a malformed file) prints ONE line to
standard error and exits with status 2, changing nothing.

**A command imports what it needs when it runs.** The group knows its commands by name
(:data:`COMMANDS`: the module and attribute of each) and imports a command's module only
when that command is run or listed; each module imports click and this module at the top and
everything else inside its commands. The pure commands (``pair``, ``tiebreaks``, ``elo``,
``bench``, ``serve``) build no app and open no database, so none of Flask, SQLAlchemy or the
names stack is imported for them or for ``ladder --help``. Every other command runs inside an
app context built the way Flask's own group builds it (:func:`script_info`): the app factory,
``--app``/``FLASK_APP`` when given, ``--debug`` and ``--env-file``.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import click

if TYPE_CHECKING:
    from flask import Flask
    from flask.cli import ScriptInfo

EXIT_BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])


class CommandEntry(NamedTuple):
    """Where a command lives, and whether it runs inside the app."""

    module: str
    attribute: str
    #: Run inside an app context (the database commands, Flask's shell, routes, db, run).
    needs_app: bool
    #: The command's help, for ``ladder --help`` without importing a module that imports
    #: Flask or a whole pure package (tests/unit/test_cli_lazy.py checks it equals the
    #: command's own).
    help: str | None = None


#: Every command of ``ladder``, by name.
COMMANDS: dict[str, CommandEntry] = {
    "backup": CommandEntry("ladder.cli.database", "backup_command", True),
    "bench": CommandEntry("ladder.cli.bench", "bench_group", False),
    "check": CommandEntry("ladder.cli.database", "check_command", True),
    "create-organizer": CommandEntry("ladder.cli.database", "create_organizer_command", True),
    "db": CommandEntry("flask_migrate.cli", "db", True, "Perform database migrations."),
    "demo": CommandEntry("ladder.cli.database", "demo_command", True),
    "elo": CommandEntry("ladder.elo.command", "elo_group", False,
                 "Elo tools: FIDE rating change, performance rating, US Chess rating (no "
                 "database)."),
    "import": CommandEntry("ladder.cli.events", "import_command", True),
    "init": CommandEntry("ladder.cli.database", "init_command", True),
    "members": CommandEntry("ladder.cli.events", "members_command", True),
    "pair": CommandEntry("ladder.cli.pairing", "pair_command", False),
    "rebuild": CommandEntry("ladder.cli.database", "rebuild_command", True),
    "restore": CommandEntry("ladder.cli.database", "restore_command", True),
    "routes": CommandEntry("flask.cli", "routes_command", True, "Show the routes for the app."),
    "run": CommandEntry("ladder.cli.devserver", "run_command", True,
                 "The development server, for trying the demo (production: ladder serve)."),
    "season": CommandEntry("ladder.cli.events", "season_command", True),
    "sections": CommandEntry("ladder.cli.events", "sections_command", True),
    "serve": CommandEntry("ladder.cli.serve", "serve_command", False),
    "shell": CommandEntry("flask.cli", "shell_command", True, "Run a shell in the app context."),
    "standings": CommandEntry("ladder.cli.events", "standings_command", True),
    "tiebreaks": CommandEntry("ladder.tiebreaks.command", "tiebreaks_command", False,
                       "Compute the tie-breaks and the standings of a TRF or PGN FILE."),
}


def _(message: str, **values: Any) -> str:
    """gettext for the command line, without importing Flask for it.

    Outside a request the app's locale is English (``ladder.create_app``'s locale selector),
    so outside an app context the sentence is the message id filled in, exactly what
    Flask-Babel's ``gettext`` gives there; inside one (the database commands) Flask-Babel
    translates as before.
    """
    if "flask_babel" in sys.modules:
        from flask import has_app_context
        if has_app_context():
            from flask_babel import gettext
            return str(gettext(message, **values))
    return message % values if values else message


def _create_app() -> Flask:
    from .. import create_app
    return create_app()


def script_info(ctx: click.Context) -> ScriptInfo:
    """The ``ScriptInfo`` the app is loaded from (Flask's group makes one per run): the
    one already in the context (``app.test_cli_runner()``, ``flask --app ladder``), else
    a new one on the outermost context, with ``--app`` if it was given."""
    from flask.cli import ScriptInfo
    info = ctx.find_object(ScriptInfo)
    if info is None:
        # As Flask's group: app.run() inside an imported module is a no-op under the CLI.
        os.environ["FLASK_RUN_FROM_CLI"] = "true"
        root = ctx.find_root()
        info = ScriptInfo(app_import_path=root.meta.get("ladder.app_import_path"),
                          create_app=_create_app, set_debug_flag=True,
                          load_dotenv_defaults=False)
        root.obj = info
    return info


def _set_app(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta["ladder.app_import_path"] = value


def _set_debug(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    # Only when given (not its default): the app factory reads FLASK_DEBUG, as under Flask.
    from click.core import ParameterSource
    source = ctx.get_parameter_source(param.name or "debug")
    if source is not None and source not in (ParameterSource.DEFAULT,
                                             ParameterSource.DEFAULT_MAP):
        os.environ["FLASK_DEBUG"] = "1" if value else "0"


def _load_env_file(_ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None:
        return
    from importlib.util import find_spec
    if find_spec("dotenv") is None:
        raise click.BadParameter("python-dotenv must be installed to load an env file.",
                                 param=param)
    from flask.cli import load_dotenv
    load_dotenv(value, load_defaults=False)  # variables already set win, as under Flask


class LadderGroup(click.Group):
    """A click group whose commands are imported when they are run or listed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, its module imported now."""
        command = self.commands.get(cmd_name)
        if command is None and cmd_name in COMMANDS:
            entry = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(entry.module), entry.attribute)
            self.commands[cmd_name] = command
        return command

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name in COMMANDS and COMMANDS[name].needs_app:
            script_info(ctx)  # before the command's context exists, so it inherits it
        return name, command, rest

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands with their short help; a command whose module imports Flask is
        listed from :data:`COMMANDS` without importing it."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            entry = COMMANDS.get(name)
            if entry is not None and entry.help is not None and name not in self.commands:
                command: click.Command | None = click.Command(name, help=entry.help)
            else:
                command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            heading = "Commands"  # click's own heading, not one of the club's sentences
            with formatter.section(heading):
                formatter.write_dl(rows)


@click.group(cls=LadderGroup, context_settings={"auto_envvar_prefix": "FLASK"},
             params=[
                 click.Option(["-e", "--env-file"], type=click.Path(exists=True, dir_okay=False),
                              is_eager=True, expose_value=False, callback=_load_env_file,
                              help="Load environment variables from this file first "
                                   "(python-dotenv; variables already set win)."),
                 click.Option(["-A", "--app"], metavar="IMPORT", is_eager=True,
                              expose_value=False, callback=_set_app,
                              help="Load this Flask app or factory ('module:name') instead "
                                   "of the club's, for the commands that use the app."),
                 click.Option(["--debug/--no-debug"], expose_value=False, callback=_set_debug,
                              help="Set debug mode."),
             ])
def cli() -> None:
    """Club Ladder: a chess club's rating ladder."""


def with_app(command: F) -> F:
    """Run ``command`` inside the app's context, building the app if none is active
    (as ``flask.cli.with_appcontext``, whose ScriptInfo :func:`script_info` supplies)."""
    @functools.wraps(command)
    def inside(*args: Any, **kwargs: Any) -> Any:
        from flask import current_app
        if not current_app:
            ctx = click.get_current_context()
            ctx.with_resource(script_info(ctx).load_app().app_context())
        return command(*args, **kwargs)
    return inside  # type: ignore[return-value]


def with_database(command: F) -> F:
    """:func:`with_app`, and a database that can serve this code: otherwise one line
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
    return with_app(checked)  # type: ignore[return-value]


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
        # Refuse a huge file before reading it into memory (the readers' limit,
        # docs/qualities.md §1).
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
