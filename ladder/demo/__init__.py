"""The demo club (``ladder demo``): a realistic season loaded through the ordinary services.

* :mod:`.roster` — the people (names, hidden strength, junior flag, attendance);
* :mod:`.games` — pure tournament builders (Swiss, round-robin, match, casual, bughouse);
* :mod:`.season` — the 2026 season's events and what happened in them;
* :mod:`.load` — publishing it all, the merge, the correction, consent and the demo login.
"""

from __future__ import annotations

from .load import demo_login, load_demo

__all__ = ["load_demo", "demo_login"]
