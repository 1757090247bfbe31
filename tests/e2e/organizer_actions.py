"""Counting an organizer's actions in a browser test: each click (tap), file choice, choice in
a list or field filled (a typed name) is one; a submit by a button is its click."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page


class Actions:
    """Counts what the organizer does: each click, file choice or field filled is one."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def click(self, locator) -> None:  # noqa: ANN001
        self.count += 1
        locator.click()

    def fill(self, locator, value: str) -> None:  # noqa: ANN001
        self.count += 1
        locator.fill(value)

    def choose_file(self, locator, path: Path) -> None:  # noqa: ANN001
        self.count += 1
        locator.set_input_files(str(path))

    def select(self, locator, value: str) -> None:  # noqa: ANN001
        """One choice in a list (a <select>)."""
        self.count += 1
        locator.select_option(value)

    def since(self, mark: int) -> int:
        """How many actions since ``mark`` (an earlier :attr:`count`)."""
        return self.count - mark
