"""The command line: a thin skin over the library."""

from __future__ import annotations


def main() -> None:
    raise SystemExit("tieout: not built yet")
