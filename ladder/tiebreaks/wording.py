"""The engine's words: :class:`~ladder.vocabulary.messages.Message` objects that also read as
English.

Everything a person reads from the tie-break engine (an explanation's result, category, note
and cut reason, its notes and article, a dropped column's reason, the table's warnings) is a
message id with named values, translated at the web edge; ``str()`` gives the English the
command line prints.

:class:`TextMessage` is a ``Message`` that also *compares and searches like its English text*
(``row.category == "16.2.5 ..."``, ``"16.5" in row.cut``, ``note.startswith(...)``), so code
written when these fields were plain strings keeps working. It hashes like that text, to stay
consistent with ``==``.

Use :func:`msg` (named placeholders, whole sentences: word order differs between languages)
and :func:`label` on an ``N_()``-marked id for fixed labels. The extraction keywords are
``N_`` and ``msg``, as for :mod:`ladder.vocabulary.messages`.
"""

from __future__ import annotations

from typing import Any

from ladder.vocabulary.messages import N_, Message

__all__ = ["N_", "TextMessage", "label", "msg"]


class TextMessage(Message):
    """A :class:`~ladder.vocabulary.messages.Message` that also behaves like its English text for
    comparison and searching (``==`` with a ``str``, ``in``, ``startswith``, ``endswith``)."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self) == other
        if isinstance(other, Message):
            return (self.id, self.values) == (other.id, other.values)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def startswith(self, prefix: str | tuple[str, ...]) -> bool:
        """``str(self).startswith(prefix)``."""
        return str(self).startswith(prefix)

    def endswith(self, suffix: str | tuple[str, ...]) -> bool:
        """``str(self).endswith(suffix)``."""
        return str(self).endswith(suffix)

    def __repr__(self) -> str:
        return f"TextMessage({str(self)!r})"


def msg(message_id: str, **values: Any) -> TextMessage:
    """A message with named values (``msg("round %(round)d", round=3)``), kept in a stable
    order so that equal means equal."""
    return TextMessage(message_id, tuple(sorted(values.items())))


def label(message_id: str) -> TextMessage:
    """A fixed label (an ``N_()``-marked id, no values) as a message."""
    return TextMessage(message_id)
