"""Rendering for the terminal: verdict tables and summaries (rich), and JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from tieout.checks import ClaimReport

__all__ = [
    "VERDICTS",
    "VERDICT_STYLE",
    "claim_lines",
    "clip",
    "data_table",
    "format_value",
    "print_json",
    "print_records",
    "render_reports",
    "summary_line",
]

VERDICTS = ["pass", "warning", "fail", "unsupported"]
VERDICT_STYLE = {"pass": "green", "warning": "yellow", "fail": "bold red", "unsupported": "magenta"}


def _value(report: ClaimReport) -> str:
    return format_value(report.claim.value, report.claim.unit)


def format_value(value: Any, unit: str | None) -> str:
    """A claim's value as every table shows it: ``1,284.6 USD_millions``; ``null`` for none."""
    if value is None:
        return "null"
    from decimal import Decimal, InvalidOperation

    try:
        number = _plain(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        number = str(value)
    return f"{number} {unit or ''}".strip()


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
    if text[len(cut)] != " " and " " in cut:
        cut = cut[: cut.rfind(" ")]  # never a word cut in two
    return cut.rstrip(" ,;:") + "…"


def data_table(
    columns: Sequence[str], rows: Sequence[Sequence[Any]], *, wrap: Sequence[str] = ()
) -> Table:
    """A table that fits the terminal without breaking a header or a value mid-word: only the
    columns named in ``wrap`` (prose: a definition, a reason) wrap, at spaces; every other
    cell keeps one line, cut with "…" only when the terminal is too narrow for all of them.
    """
    from rich.table import Table

    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False, header_style="bold")
    for name in columns:
        if name in wrap:
            table.add_column(name, min_width=max(len(name), 12), overflow="fold", ratio=1)
        else:
            table.add_column(name, no_wrap=True, min_width=len(name), overflow="ellipsis")
    for row in rows:
        table.add_row(*row)
    return table


def print_records(console: Console, records: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Items too wide for a table's row, one block each: a heading line (none if empty), then
    its lines indented and wrapped at spaces to the console's width (never mid-word)."""
    import textwrap

    from rich.text import Text

    width = max(console.width, 40)
    for heading, lines in records:
        if heading:
            console.print(Text(heading, style="bold", no_wrap=True, overflow="fold"))
        for line in lines:
            for part in textwrap.wrap(
                line,
                width,
                initial_indent="  ",
                subsequent_indent="    ",
                break_long_words=False,
                break_on_hyphens=False,
            ):
                console.print(Text(part, no_wrap=True, overflow="fold"))


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


def render_reports(console: Console, reports: Sequence[ClaimReport]) -> None:
    """One block per claim: its position, verdict, metric and value, then its whole reason
    wrapped at spaces to the console's width (never a word cut in two)."""
    from rich.text import Text

    for n, r in enumerate(reports, start=1):
        head = Text(f"{n}  ", style="bold")
        head.append(r.verdict.value, style=VERDICT_STYLE[r.verdict.value])
        head.append(f"  {r.claim.metric_key}  {_value(r)}")
        console.print(head, no_wrap=True, overflow="fold")
        print_records(console, [("", [r.reason])])


def print_json(data: Any) -> None:
    import sys

    sys.stdout.write(json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n")
