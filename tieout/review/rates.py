"""Verdict rates per metric per week or month, and the metrics whose failures are rising.

Rates count the checker's verdicts (overrides are a reviewer's call on one claim, not a
signal about retrieval). A metric is flagged when its unsupported or fail rate in the latest
period stands at least :data:`RISE` above the mean of the (up to) :data:`BASELINE` periods
before it, did not fall in the last step, and the latest period holds at least
:data:`MIN_CLAIMS` claims. A rising unsupported rate usually means the right document is
not being retrieved; a rising fail rate, that the figures or their definition changed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from tieout.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    from tieout.store import Store

__all__ = [
    "BASELINE",
    "MIN_CLAIMS",
    "PERIODS",
    "RISE",
    "RateFlag",
    "RateRow",
    "RatesTable",
    "chart_svg",
    "period_of",
    "verdict_rates",
    "write_chart",
]

VERDICTS = ("pass", "warning", "fail", "unsupported")
PERIODS = ("week", "month")
#: How far (as a share of claims) the latest rate must stand above its baseline to be flagged.
RISE = 0.10
#: How many earlier periods make the baseline.
BASELINE = 3
#: The fewest claims a latest period needs before its rate is trusted enough to flag.
MIN_CLAIMS = 5

_WATCHED = {
    "unsupported": "likely retrieval problem: the right document is not being retrieved",
    "fail": "figures or definitions may have changed: compare the source documents with the "
    "metric's registry entry",
}
_BAD_PERIOD = "--by takes week or month, got {by!r}"
CHART_FORMATS = {".png": "png", ".svg": "svg"}
BAD_CHART = "cannot draw a chart as {name!r}: give a file name ending in .png or .svg"
_COLOURS = {"pass": "#2e7d32", "warning": "#d49b00", "fail": "#c62828", "unsupported": "#6a3fa0"}


def period_of(when: datetime | date, by: str) -> str:
    """The period a time falls in: ISO week ``2026-W48`` or month ``2026-11``."""
    if by == "week":
        year, week, _ = when.isocalendar()
        return f"{year}-W{week:02d}"
    if by == "month":
        return f"{when.year}-{when.month:02d}"
    raise InputError(_BAD_PERIOD.format(by=by))


@dataclass(frozen=True)
class RateRow:
    """One metric in one period: how many claims, and how many got each verdict."""

    metric_key: str
    period: str
    total: int
    counts: dict[str, int]

    def rate(self, verdict: str) -> float:
        """The share of this row's claims with ``verdict`` (0 to 1)."""
        return self.counts.get(verdict, 0) / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric_key": self.metric_key,
            "period": self.period,
            "claims": self.total,
            "counts": {v: self.counts.get(v, 0) for v in VERDICTS},
            "rates": {v: round(self.rate(v), 4) for v in VERDICTS},
        }


@dataclass(frozen=True)
class RateFlag:
    """A metric whose unsupported or fail rate has risen."""

    metric_key: str
    verdict: str
    baseline: float
    latest: float
    period: str

    @property
    def message(self) -> str:
        return (
            f"{self.metric_key}: {self.verdict} rate rose to {self.latest:.0%} in {self.period} "
            f"(from {self.baseline:.0%} before); {_WATCHED[self.verdict]}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric_key": self.metric_key,
            "verdict": self.verdict,
            "period": self.period,
            "baseline": round(self.baseline, 4),
            "latest": round(self.latest, 4),
            "message": self.message,
        }


@dataclass(frozen=True)
class RatesTable:
    """Every (metric, period) row, oldest period first within each metric, and the flags."""

    by: str
    rows: list[RateRow] = field(default_factory=list)
    flags: list[RateFlag] = field(default_factory=list)

    @property
    def metrics(self) -> list[str]:
        return sorted({r.metric_key for r in self.rows})

    @property
    def periods(self) -> list[str]:
        return sorted({r.period for r in self.rows})

    def series(self, metric_key: str) -> list[RateRow]:
        return [r for r in self.rows if r.metric_key == metric_key]

    def to_dict(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "rows": [r.to_dict() for r in self.rows],
            "flags": [f.to_dict() for f in self.flags],
        }


def rates_from(rows: list[tuple[str, str, datetime]], by: str = "week") -> RatesTable:
    """The rates table of ``(metric_key, verdict, checked_at)`` rows."""
    if by not in PERIODS:
        raise InputError(_BAD_PERIOD.format(by=by))
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for metric_key, verdict, when in rows:
        counts[(metric_key, period_of(when, by))][verdict] += 1
    table_rows = [
        RateRow(key, period, sum(c.values()), dict(c))
        for (key, period), c in sorted(counts.items())
    ]
    table = RatesTable(by, table_rows)
    flags = [flag for m in table.metrics for flag in _flags(table.series(m))]
    return RatesTable(by, table_rows, flags)


def _flags(series: list[RateRow]) -> list[RateFlag]:
    if len(series) < 2 or series[-1].total < MIN_CLAIMS:
        return []
    latest, previous = series[-1], series[-2]
    before = series[-1 - BASELINE : -1]
    found = []
    for verdict in _WATCHED:
        baseline = sum(r.rate(verdict) for r in before) / len(before)
        now = latest.rate(verdict)
        if now - baseline >= RISE - 1e-9 and now >= previous.rate(verdict):
            found.append(RateFlag(latest.metric_key, verdict, baseline, now, latest.period))
    return found


def verdict_rates(
    store: Store,
    *,
    metric_key: str | None = None,
    since: date | datetime | None = None,
    by: str = "week",
) -> RatesTable:
    """The rates of every stored claim's verdict (of one metric, checked on or after ``since``)."""
    from datetime import UTC, time

    if by not in PERIODS:
        raise InputError(_BAD_PERIOD.format(by=by))
    start: datetime | None
    if since is None or isinstance(since, datetime):
        start = since
    else:
        start = datetime.combine(since, time(0), tzinfo=UTC)
    return rates_from(store.verdict_rows(metric_key=metric_key, since=start), by)


# --------------------------------------------------------------------------- charts


def _figure(table: RatesTable) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metrics = table.metrics or ["(no claims)"]
    cols = min(3, len(metrics))
    rows = -(-len(metrics) // cols)
    height = 2.8 * rows + 0.6
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, height), squeeze=False, sharey=True)
    flagged: dict[str, list[str]] = defaultdict(list)
    for f in table.flags:
        flagged[f.metric_key].append(f.verdict)
    for ax, metric in zip(axes.flat, metrics, strict=False):
        series = table.series(metric)
        labels = [r.period for r in series]
        bottom = [0.0] * len(series)
        for verdict in VERDICTS:
            heights = [r.rate(verdict) for r in series]
            ax.bar(
                labels, heights, bottom=bottom, color=_COLOURS[verdict], label=verdict, width=0.7
            )
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        title = metric + (f"  ⚠ rising {', '.join(flagged[metric])}" if metric in flagged else "")
        ax.set_title(title, fontsize=9, color="#b3261e" if metric in flagged else "black")
        ax.set_ylim(0, 1)
        ax.set_xlim(-0.6, max(len(series), 3) - 0.4)
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.tick_params(axis="x", labelrotation=45, labelsize=7)
    for ax in list(axes.flat)[len(metrics) :]:
        ax.set_visible(False)
    handles, names = axes.flat[0].get_legend_handles_labels()
    if handles:
        fig.legend(handles, names, loc="upper center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle(f"Verdict rates by {table.by}", y=0.995, fontsize=10, x=0.01, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.55 / height))
    return fig


def chart_svg(table: RatesTable) -> str:
    """The rates chart as an SVG document (stacked verdict shares per period, per metric)."""
    import io

    import matplotlib.pyplot as plt

    fig = _figure(table)
    out = io.StringIO()
    try:
        fig.savefig(out, format="svg")
    finally:
        plt.close(fig)
    return out.getvalue()


def write_chart(table: RatesTable, path: str | Path) -> None:
    """Draw the rates chart to ``path`` (.png or .svg), written whole or not at all."""
    import os
    import tempfile
    from pathlib import Path

    import matplotlib.pyplot as plt

    target = Path(path)
    fmt = CHART_FORMATS.get(target.suffix.lower())
    if fmt is None:
        raise InputError(BAD_CHART.format(name=str(path)))
    if not target.parent.is_dir():
        raise InputError(
            f"cannot write {str(path)!r}: folder {str(target.parent)!r} does not exist"
        )
    fig = _figure(table)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), suffix=target.suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                fig.savefig(fh, format=fmt, dpi=120)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    finally:
        plt.close(fig)
