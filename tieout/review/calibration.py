"""Measuring the checker: a weekly sample of passing claims that a person verifies.

``tieout review sample`` draws the sample (reproducible: seeded by the week, and stored so
it is drawn once) and writes a review sheet as CSV and HTML; ``tieout review record`` reads
the person's verdicts back from the CSV; ``tieout report calibration`` gives the checker's
precision on passes (confirmed / reviewed) per week with a 95% Wilson interval.
"""

from __future__ import annotations

import csv
import html
import io
import math
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tieout.errors import InputError

if TYPE_CHECKING:
    from tieout.store import CalibrationItem, Store

__all__ = [
    "SHEET_COLUMNS",
    "WeekPrecision",
    "calibration_weeks",
    "draw_sample",
    "previous_week",
    "read_sheet",
    "sheet_csv",
    "sheet_html",
    "week_bounds",
    "wilson_interval",
]

#: The review sheet's columns; a person fills ``confirmed`` (yes/no), ``note`` and ``reviewer``.
SHEET_COLUMNS = (
    "sample_id",
    "week",
    "claim_id",
    "run_id",
    "metric_key",
    "value",
    "unit",
    "period",
    "source_doc_id",
    "quote",
    "source_passage",
    "confirmed",
    "note",
    "reviewer",
)
_REQUIRED = ("sample_id", "claim_id", "confirmed")
_YES = {"yes", "y", "true", "1", "confirmed", "correct", "ok"}
_NO = {"no", "n", "false", "0", "wrong", "incorrect"}
_WEEK = re.compile(r"(\d{4})-W(\d{2})")
_BAD_WEEK = "{week!r} is not an ISO week; write it like 2026-W48"
_Z95 = 1.959963984540054


def week_bounds(week: str) -> tuple[datetime, datetime]:
    """The UTC start (Monday 00:00) and end (next Monday) of ISO week ``2026-W48``."""
    m = _WEEK.fullmatch(week.strip())
    if m is None:
        raise InputError(_BAD_WEEK.format(week=week))
    try:
        monday = date.fromisocalendar(int(m[1]), int(m[2]), 1)
    except ValueError:
        raise InputError(_BAD_WEEK.format(week=week)) from None
    start = datetime.combine(monday, time(0), tzinfo=UTC)
    return start, start + timedelta(days=7)


def previous_week(today: date | None = None) -> str:
    """The last complete ISO week before ``today`` (default: today, UTC)."""
    day = (today or datetime.now(UTC).date()) - timedelta(days=7)
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def draw_sample(store: Store, week: str, n: int) -> tuple[list[CalibrationItem], bool]:
    """``week``'s sample of ``n`` passing claims (stored on first draw): ``(items, drawn_now)``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InputError(f"--passing takes a whole number of at least 1, got {n!r}")
    start, end = week_bounds(week)
    return store.calibration_sample(week.strip(), start, end, n)


# --------------------------------------------------------------------------- the sheet


def _passage(store: Store | None, item: CalibrationItem) -> tuple[str, str, str] | None:
    if store is None or item.claim.id is None:
        return None
    from tieout.review.report import claim_section

    return claim_section(store, item.claim.id).passage


def _row(item: CalibrationItem, passage: tuple[str, str, str] | None) -> dict[str, str]:
    c = item.claim.claim
    return {
        "sample_id": str(item.sample_id),
        "week": item.week,
        "claim_id": str(item.claim.id),
        "run_id": item.claim.run_id,
        "metric_key": item.claim.metric_key,
        "value": "" if c.get("value") is None else str(c.get("value")),
        "unit": str(c.get("unit") or ""),
        "period": f"{c.get('period_start')} – {c.get('period_end')}",
        "source_doc_id": str(c.get("source_doc_id") or ""),
        "quote": " ".join(str(c.get("source_quote") or "").split()),  # one line per row
        "source_passage": "" if passage is None else f"{passage[0]}[[{passage[1]}]]{passage[2]}",
        "confirmed": "" if item.confirmed is None else ("yes" if item.confirmed else "no"),
        "note": item.note,
        "reviewer": item.reviewer or "",
    }


def sheet_csv(items: list[CalibrationItem], store: Store | None = None) -> str:
    """The review sheet as CSV: one row per sampled claim, the figure marked ``[[…]]``."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=SHEET_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for item in items:
        writer.writerow(_row(item, _passage(store, item)))
    return out.getvalue()


_STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;
text-align:left;vertical-align:top}mark{background:#ffe58a;padding:0 .15em}.muted{color:#555}"""


def sheet_html(items: list[CalibrationItem], week: str, store: Store | None = None) -> str:
    """The review sheet as a page to read while filling in the CSV (the figure highlighted)."""
    e = html.escape
    out = [
        "<!doctype html><html lang='en'><meta charset='utf-8'>",
        f"<title>Calibration sheet {e(week)}</title><style>{_STYLE}</style><body>",
        f"<h1>Calibration sheet {e(week)}</h1>",
        f"<p>{len(items)} passing claims drawn at random. For each, read the source passage and "
        "decide whether the checker was right to pass it; fill <code>confirmed</code> (yes or "
        "no), <code>note</code> and <code>reviewer</code> in the CSV, then run "
        f"<code>tieout review record calibration-{e(week)}.csv</code>.</p>",
        "<table><tr><th>sample</th><th>claim</th><th>value</th><th>quote</th>"
        "<th>source passage</th></tr>",
    ]
    for item in items:
        row = _row(item, None)
        passage = _passage(store, item)
        shown = (
            "<span class='muted'>no source passage stored</span>"
            if passage is None
            else f"{e(passage[0])}<mark>{e(passage[1])}</mark>{e(passage[2])}"
        )
        out.append(
            f"<tr><td>{e(row['sample_id'])}</td><td>#{e(row['claim_id'])} "
            f"{e(row['metric_key'])}<br><small class='muted'>{e(row['period'])}, run "
            f"{e(row['run_id'])}</small></td><td>{e(row['value'])} {e(row['unit'])}</td>"
            f"<td>{e(row['quote'])}<br><small class='muted'>{e(row['source_doc_id'])}</small></td>"
            f"<td>{shown}</td></tr>"
        )
    out.append("</table></body></html>")
    return "\n".join(out)


def read_sheet(
    path: str | Path, reviewer: str | None = None
) -> tuple[list[tuple[int, int | None, bool, str, str]], int]:
    """The filled rows of a review sheet as checks, and how many rows were left blank.

    ``confirmed`` takes yes/no (also y/n, true/false, 1/0, correct/wrong); a blank row is
    skipped. Each row needs a reviewer: its own column, else ``reviewer``.
    """
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise InputError(
            f"{p}: no such file; give the CSV that `tieout review sample` wrote"
        ) from None
    except IsADirectoryError:
        raise InputError(f"{p} is a folder; give the sheet's CSV file") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(
            f"{p}: not UTF-8 text (byte {err.start}); save the sheet as UTF-8 CSV"
        ) from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = reader.fieldnames or []
    missing = [c for c in _REQUIRED if c not in header]
    if missing:
        raise InputError(
            f"{p} is not a calibration sheet: no {', '.join(missing)} column; "
            "use the CSV that `tieout review sample` wrote"
        )
    checks: list[tuple[int, int | None, bool, str, str]] = []
    blank = 0
    rows: list[tuple[int, dict[str, str]]] = []  # (the file line a row starts on, the row)
    try:
        start = reader.line_num + 1
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as err:
        raise InputError(
            f"{p}, line {reader.line_num}: not valid CSV ({err}); save the sheet as CSV"
        ) from None
    for line, row in rows:
        answer = (row.get("confirmed") or "").strip().lower()
        if not answer:
            blank += 1
            continue
        if answer in _YES:
            confirmed = True
        elif answer in _NO:
            confirmed = False
        else:
            raise InputError(
                f"{p}, line {line}: confirmed is {row.get('confirmed')!r}; write yes or no "
                "(or leave it empty to skip the row)"
            )
        sample_id = _whole(row.get("sample_id"), p, line, "sample_id")
        claim_raw = (row.get("claim_id") or "").strip()
        claim_id = _whole(claim_raw, p, line, "claim_id") if claim_raw else None
        who = " ".join((row.get("reviewer") or "").split()) or " ".join((reviewer or "").split())
        if not who:
            raise InputError(
                f"{p}, line {line}: who checked this claim? fill the reviewer column or pass "
                "--reviewer NAME"
            )
        checks.append((sample_id, claim_id, confirmed, who, (row.get("note") or "").strip()))
    return checks, blank


def _whole(value: Any, path: Path, line: int, column: str) -> int:
    text = str(value or "").strip()
    if not text.isascii() or not text.isdigit():
        raise InputError(
            f"{path}, line {line}: {column} is {text!r}, not a whole number; was the sheet edited?"
        )
    return int(text)


# --------------------------------------------------------------------------- precision


def wilson_interval(k: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12))


@dataclass(frozen=True)
class WeekPrecision:
    """One week's calibration: sampled, reviewed and confirmed passes, precision and 95% CI."""

    week: str
    sampled: int
    reviewed: int
    confirmed: int

    @property
    def precision(self) -> float | None:
        return self.confirmed / self.reviewed if self.reviewed else None

    @property
    def low(self) -> float:
        return wilson_interval(self.confirmed, self.reviewed)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.confirmed, self.reviewed)[1]

    def to_dict(self) -> dict[str, Any]:
        p = self.precision
        return {
            "week": self.week,
            "sampled": self.sampled,
            "reviewed": self.reviewed,
            "confirmed": self.confirmed,
            "precision": None if p is None else round(p, 4),
            "ci95": None if p is None else [round(self.low, 4), round(self.high, 4)],
        }


def calibration_weeks(store: Store) -> list[WeekPrecision]:
    """Every sampled week, oldest first, with the checker's precision on passes."""
    weeks: dict[str, list[CalibrationItem]] = {}
    for item in store.calibration_items():
        weeks.setdefault(item.week, []).append(item)
    return [
        WeekPrecision(
            week,
            len(items),
            sum(1 for i in items if i.confirmed is not None),
            sum(1 for i in items if i.confirmed),
        )
        for week, items in sorted(weeks.items())
    ]
