"""Commands that need no app and no database: tie-breaks of a file, the Elo calculators."""

from __future__ import annotations

from ..elo.command import elo_group
from ..tiebreaks.command import tiebreaks_command
from .group import cli

cli.add_command(tiebreaks_command, "tiebreaks")
cli.add_command(elo_group, "elo")
