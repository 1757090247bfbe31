"""The errors of :mod:`ladder.competition`: bad settings or a season that cannot be read.

Each carries a message id (``keizer.param.unknown``, ``competition.season.result`` …), the key
at fault (a setting's name, or a path into the season such as ``rounds[2].games[0].result``) and
the values a translated sentence needs. ``str(err)`` is one line of English for logs and the
CLI; the web edge translates ``message_id`` with ``values`` and marks ``key``.
"""

from __future__ import annotations

from typing import Any


class CompetitionError(ValueError):
    """Input the competition core refuses, saying which key and why."""

    def __init__(self, message_id: str, key: str | None, text: str, **values: Any) -> None:
        self.message_id = message_id
        self.key = key
        self.values: dict[str, Any] = dict(values)
        self.text = text
        super().__init__(f"{key}: {text}" if key else text)

    def __reduce__(self) -> tuple[Any, ...]:
        # BaseException pickles self.args (the one formatted line), which __init__ could not
        # take back; keep every field when an error crosses a process boundary.
        return (_rebuild, (type(self), self.message_id, self.key, self.text, self.values))


def _rebuild(cls: type[CompetitionError], message_id: str, key: str | None, text: str,
             values: dict[str, Any]) -> CompetitionError:
    return cls(message_id, key, text, **values)


class ParamError(CompetitionError):
    """A competition setting that is unknown, of the wrong type or out of range."""


class SeasonError(CompetitionError):
    """A season that cannot be scored or paired as given (unknown member, bad result …)."""
