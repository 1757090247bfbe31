"""Small pieces shared by the read models."""

from __future__ import annotations


class RatingChangeMixin:
    """``rating_change`` for a row with ``rating_before`` and ``rating_after`` (or None)."""

    rating_before: float | None
    rating_after: float | None

    @property
    def rating_change(self) -> float | None:
        """The ladder rating change of this event (None when no rating row exists)."""
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before

    @property
    def change(self) -> float | None:
        """The same as :attr:`rating_change` (the members pages' and the preview's name)."""
        return self.rating_change
