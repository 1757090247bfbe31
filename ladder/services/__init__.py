"""Services: the only code that writes. Each use case is one unit of work (see :mod:`.uow`):
the change, its replay and its audit entry commit together or not at all.

A refused change raises one of the typed errors below, each with its HTTP status; the web layer
answers with it in one place (:func:`ladder.web.support.errors.refused`), the CLI prints the
message.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused change, with a message fit for the organizer (translated when raised).

    ``field`` names the form field the message is about, when there is one, so the page can
    show it beside that field.
    """

    status = 422

    def __init__(self, message: Any, *, field: str | None = None) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.field = field


class InvalidInput(ServiceError):
    """The request itself is wrong (a bad value, a missing choice): 422."""

    status = 422


class NotFound(ServiceError):
    """The thing the change is about does not exist (any more): 404."""

    status = 404


class Conflict(ServiceError):
    """The change collides with another one (a stale edit, a concurrent merge): 409."""

    status = 409


def say(message: Any) -> str:
    """A message of the pure core (a :class:`~ladder.vocabulary.messages.Message`) in the reader's
    language; services raise translated errors, the core only says message ids."""
    from babel.numbers import get_decimal_symbol
    from flask_babel import get_locale, get_translations, gettext

    from ..vocabulary import sentences
    from ..vocabulary.messages import Message
    if isinstance(message, Message):
        # As the web edge says a Message (ladder.web.support.i18n.translate): its decimals and days
        # as the reader writes them, every value put in by the one helper (names spaced as
        # the language needs). The plural *template* (flask_babel's ngettext would fill in
        # only %(num)d and fail on a sentence with other placeholders).
        locale = str(get_locale() or "en")
        try:
            symbol = str(get_decimal_symbol(locale))
        except (ValueError, LookupError):
            symbol = "."
        return sentences.localised(message, symbol, locale).render(
            gettext, get_translations().ungettext,
            lambda template, values: sentences.fill(template, values, locale))
    return str(message)


def refuse_control_characters(text: str, *, field: str | None = None) -> None:
    """:class:`InvalidInput` when ``text`` (a typed name, before it is tidied) holds a control
    character (:func:`ladder.names.control_characters`): the one check of every service that
    takes a name, so a name reaches no database with NUL in it (PostgreSQL refuses it) or with
    another control character in it (SQLite would keep it)."""
    from flask_babel import ngettext

    from ..names import code_points, control_characters
    found = control_characters(text)
    if found:
        raise InvalidInput(ngettext(
            "A name cannot contain the control character %(codes)s.",
            "A name cannot contain the control characters %(codes)s.", len(found),
            codes=code_points(found)), field=field)


from .uow import unit_of_work, use_case  # noqa: E402  (uses the errors above)

__all__ = ["ServiceError", "InvalidInput", "NotFound", "Conflict", "unit_of_work", "use_case",
           "refuse_control_characters"]
