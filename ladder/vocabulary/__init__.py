"""The vocabulary every layer shares (pure): round-result kinds and tournaments, message ids
with their values, and the one way numbers and half points are written."""
