"""The ``ladder bench …`` benchmarks: each builds its own data and prints one JSON line."""
