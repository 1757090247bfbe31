"""Lists typed by a reader in any keyboard layout (pure).

A Chinese or Japanese keyboard types full-width punctuation and digits (``１６００，１７００``) and
the enumeration comma ``、`` (U+3001) between items; a Korean or Latin one types ``,`` and ``;``.
All of them separate the items of a typed list of numbers or names, so ``1600，1700``,
``1600、1700`` and ``1600, 1700`` are one list of two ratings.
"""
from __future__ import annotations

import re

# The full-width forms of ASCII (U+FF01 … U+FF5E, what NFKC folds them to), the ideographic
# space and the enumeration comma. Only these: NFKC would also turn ½ into 1⁄2, which the
# score fields read.
_HALFWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: " ", 0x3001: ","}
_SEPARATORS = re.compile(r"[,;\s]+")


def halfwidth(text: str) -> str:
    """``text`` with full-width letters, digits and punctuation as ASCII, the ideographic space
    as a space and ``、`` as a comma: ``１６００，１７００`` -> ``1600,1700``."""
    return text.translate(_HALFWIDTH)


def split_list(text: str) -> list[str]:
    """The items of a typed list, separated by commas, semicolons, ``、`` or spaces, in any
    width: ``"1798，1801、1897; 1900"`` -> ``["1798", "1801", "1897", "1900"]``."""
    return [p for p in _SEPARATORS.split(halfwidth(text)) if p]
