"""Reading values typed into a request safely: never an exception, whatever was typed."""

from __future__ import annotations

#: Largest id a route accepts (the databases' 32-bit integer keys); larger ones are a 404.
MAX_ID = 2**31 - 1


def digits(value: str | None, max_length: int) -> int | None:
    """``value`` as a non-negative integer when it is at most ``max_length`` decimal digits
    (surrounding spaces ignored), else None: never an exception, whatever was typed."""
    value = (value or "").strip()
    if not value.isdecimal() or len(value) > max_length:  # isdecimal: exactly what int() reads
        return None
    return int(value)

