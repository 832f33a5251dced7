"""Rendering for the terminal: verdict tables and summaries (rich), and JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from tieout.checks import ClaimReport

__all__ = [
    "VERDICTS",
    "VERDICT_STYLE",
    "claim_lines",
    "clip",
    "print_json",
    "render_reports",
    "summary_line",
]

VERDICTS = ["pass", "warning", "fail", "unsupported"]
VERDICT_STYLE = {"pass": "green", "warning": "yellow", "fail": "bold red", "unsupported": "magenta"}


def _value(report: ClaimReport) -> str:
    c = report.claim
    return "null" if c.value is None else f"{_plain(c.value)} {c.unit}"


def _plain(v: Any) -> str:
    text = format(v, "f")
    if "." in text:
        whole, frac = text.split(".")
        return f"{int(whole):,}.{frac}"
    return f"{int(text):,}"


def summary_line(counts: dict[str, int]) -> str:
    return " · ".join(f"{k} {v}" for k, v in counts.items())


def clip(text: str, width: int) -> str:
    """``text`` on one line of at most ``width`` characters, cut at a word with "…"."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text[: max(width - 1, 0)]
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def claim_lines(console: Console, rows: Sequence[tuple[int, ClaimReport]]) -> None:
    """One line per claim, fitted to the console's width: id, metric, value, verdict and the
    start of the reason (the whole reason is in ``--format json`` and ``review list``)."""
    from rich.text import Text

    cells = [(str(n), r.claim.metric_key, _value(r), r.verdict.value, r.reason) for n, r in rows]
    header = ("#", "metric", "value", "verdict", "reason")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(4)]
    used = sum(widths) + 2 * 4
    room = max(console.width - used, 12)
    for i, row in enumerate([header, *cells]):
        line = Text(no_wrap=True, overflow="crop")
        line.append(row[0].rjust(widths[0]) + "  ", style="dim")
        line.append(row[1].ljust(widths[1]) + "  ")
        line.append(row[2].rjust(widths[2]) + "  ")
        line.append(row[3].ljust(widths[3]) + "  ", style=VERDICT_STYLE.get(row[3], "bold"))
        line.append(clip(row[4], room))
        if i == 0:
            line.stylize("bold")
        console.print(line)


def render_reports(
    console: Console, rows: Sequence[tuple[str, ClaimReport]], *, title: str | None = None
) -> None:
    """A table: one row per claim with its verdict and the deciding reason."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, show_lines=False, expand=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim")
    show_source = len({s for s, _ in rows}) > 1
    if show_source:
        table.add_column("claims file", style="dim", overflow="fold")
    table.add_column("metric", overflow="fold")
    table.add_column("value", justify="right", overflow="fold")
    table.add_column("verdict")
    table.add_column("reason", overflow="fold", ratio=1)
    for n, (source, r) in enumerate(rows, start=1):
        verdict = Text(r.verdict.value, style=VERDICT_STYLE[r.verdict.value])
        cells: list[str | Text] = [
            str(n),
            *([source] if show_source else []),
            r.claim.metric_key,
            _value(r),
            verdict,
            r.reason,
        ]
        table.add_row(*cells)
    console.print(table)


def print_json(data: Any) -> None:
    import sys

    sys.stdout.write(json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n")
