"""Message ids with their values: what the pure core says, translated only at the web edge.

The pure packages (formats, tiebreaks, elo, names, rating) must not import Flask, so they
cannot call ``gettext``. They return a :class:`Message` instead: the English source sentence
(which is also the gettext message id) and the named values to fill in. The web edge
translates it with :func:`ladder.web.support.i18n.translate`; the CLI prints ``str(message)``,
which is the English sentence filled in.

``N_`` marks a string for extraction without translating it (the extraction command in the
Makefile registers ``N_``, ``msg`` and ``msgn`` as keywords), so module-level labels and the
sentences of the core reach the catalogues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


def N_(message_id: str) -> str:
    """Mark ``message_id`` for extraction; returns it unchanged (translated at the edge)."""
    return message_id


@dataclass(frozen=True)
class Message:
    """A sentence to show a person: its message id and the values of its placeholders.

    ``id`` uses named placeholders (``%(line)d``, ``%(name)s``) so that translations can put
    them in any order. A value may itself be a :class:`Message` (translated first).
    """

    id: str
    values: tuple[tuple[str, Any], ...] = ()
    #: For a sentence with a count: the plural message id and the count (``num``).
    plural: str | None = None
    count: int | None = None

    @property
    def params(self) -> dict[str, Any]:
        """The placeholder values as a dict."""
        return dict(self.values)

    def render(self, translate: Callable[[str], str] | None = None,
               translate_plural: Callable[[str, str, int], str] | None = None,
               fill: Callable[[str, Mapping[str, Any]], str] | None = None) -> str:
        """The sentence filled in; ``translate`` maps a message id to its translation,
        ``translate_plural(singular, plural, n)`` a sentence with a count (ngettext), and
        ``fill(template, values)`` puts the values in (the reader's language's spacing,
        :func:`ladder.vocabulary.sentences.fill`; plain ``%`` without it)."""
        if self.plural is not None and self.count is not None:
            if translate_plural is not None:
                template = translate_plural(self.id, self.plural, self.count)
            else:
                template = self.id if self.count == 1 else self.plural
        else:
            template = translate(self.id) if translate is not None else self.id
        params = {key: value.render(translate, translate_plural, fill)
                  if isinstance(value, Message) else value for key, value in self.values}
        if self.count is not None:
            params.setdefault("num", self.count)
        if not params:
            return template
        try:
            return fill(template, params) if fill is not None else template % params
        except (KeyError, TypeError, ValueError):
            # A broken translation must never hide the message: fall back on the source.
            source = self.plural if self.plural is not None and self.count != 1 else self.id
            return source % params

    def __str__(self) -> str:
        return self.render()


def msg(message_id: str, **values: Any) -> Message:
    """A :class:`Message` with named values (kept in a stable order, so equal means equal).

    >>> m = msg("%(n)d games at %(club)s", n=3, club="Hobsons Bay")
    >>> str(m), m.id
    ('3 games at Hobsons Bay', '%(n)d games at %(club)s')
    >>> m == msg("%(n)d games at %(club)s", club="Hobsons Bay", n=3)
    True
    """
    return Message(message_id, tuple(sorted(values.items())))


def msgn(singular: str, plural: str, count: int, **values: Any) -> Message:
    """A :class:`Message` whose words depend on ``count`` (``%(num)d`` in both forms), so
    every language can choose its plural form (``ngettext`` at the edge)."""
    return Message(singular, tuple(sorted(values.items())), plural=plural, count=count)


def as_message(value: str | Message | Mapping[str, Any]) -> Message:
    """``value`` as a Message (a plain string becomes a message without values)."""
    if isinstance(value, Message):
        return value
    if isinstance(value, str):
        return Message(value)
    raise TypeError(f"not a message: {value!r}")
