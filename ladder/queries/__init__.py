"""Read models for pages, JSON and exports (reads only; services do the writing)."""

from .events import EventView, ResultCell, StandingRow, event_view
from .ladder import LadderLine, ladder_lines

__all__ = ["EventView", "LadderLine", "ResultCell", "StandingRow", "event_view", "ladder_lines"]
