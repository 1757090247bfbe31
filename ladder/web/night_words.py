"""A club night's sentences at the web edge: the engine's reasons (Messages naming players
by start number) with the display names put in, in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from ..vocabulary.messages import Message
from .i18n import translate

#: The values of a pairing Message that name a player by start number.
PLAYER_KEYS = ("white", "black", "player", "opponent")


def named(message: Message, names: Mapping[int, str]) -> Message:
    """``message`` with each player's start number replaced by their display name (a value
    written with ``%(key)d`` keeps its number: the sentence needs one there)."""
    values = []
    for key, value in message.values:
        if isinstance(value, Message):
            value = named(value, names)
        elif key in PLAYER_KEYS and isinstance(value, int) and f"%({key})d" not in \
                (message.id + (message.plural or "")):
            value = names.get(value, str(value))
        values.append((key, value))
    return Message(message.id, tuple(values), message.plural, message.count)


def sentence(reasons: tuple[Message, ...], names: Mapping[int, str]) -> str:
    """The board's one sentence: its most decisive reason, named and translated."""
    if not reasons:
        return ""
    return translate(named(reasons[0], names))


def sentences(messages: tuple[Message, ...], names: Mapping[int, str]) -> list[str]:
    """Every message (a round's warnings), named and translated."""
    return [translate(named(m, names)) for m in messages]
