"""``ladder run``: Flask's development server, for trying the demo.

It refuses a database that holds a club's own data (neither empty nor the demo), because the
development server is not made for members' traffic, unless asked with ``--allow-club-data``.
Its options are Flask's ``run`` command's, so this module imports Flask (the group lists it
without importing it: :data:`.group.COMMANDS`).
"""

from __future__ import annotations

import sys
from typing import Any

import click
from flask.cli import run_command as flask_run_command

from .group import _, script_info


def _run_dev(allow_club_data: bool, **options: Any) -> None:
    ctx = click.get_current_context()
    app = script_info(ctx).load_app()
    from ..demo.load import database_kind
    from ..services.setup import schema_state
    with app.app_context():
        readiness = schema_state()
        if not readiness.ready:
            click.echo(f"ladder run: {readiness.message()}", err=True)
            sys.exit(1)
        kind = database_kind()
    if kind == "club" and not allow_club_data:
        click.echo(_("ladder run: this database holds a club's own data, and the development "
                     "server is for trying the demo. Serve the club with “ladder serve” "
                     "(see docs/self-hosting.md), or add --allow-club-data to use the "
                     "development server anyway."), err=True)
        sys.exit(1)
    ctx.invoke(flask_run_command, **options)


run_command = click.Command(
    "run", callback=_run_dev,
    params=[*flask_run_command.params,
            click.Option(["--allow-club-data"], is_flag=True,
                         help="Serve a database that holds a club's own data (neither empty "
                              "nor the demo) with the development server anyway.")],
    help="The development server, for trying the demo (production: ladder serve).")
