"""A stored run as a report: per claim the verdict, every check's result and reason, the
registry version used, the snapshot hash, and the source passage with the figure marked.

Built from what the database holds (``Store.get_run`` and the document snapshots the run
used), so a report reads the same tomorrow as today.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tieout.registry import ClaimResultRecord, RunRecord, Store

__all__ = [
    "ClaimSection",
    "RunReport",
    "build_run_report",
    "claim_section",
    "render_html",
    "render_markdown",
    "verdict_label",
]

_CONTEXT = 90  # characters of source shown on each side of a marked figure


@dataclass(frozen=True)
class ClaimSection:
    result: ClaimResultRecord
    passage: tuple[str, str, str] | None = None  # before, the marked figure, after
    place: str = ""
    #: The whole snapshot text and the figure's span in it (for a full-document view).
    document_text: str | None = None
    span: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return {
            "id": r.id,
            "position": r.position,
            "metric_key": r.metric_key,
            "claim": r.claim,
            "verdict": r.verdict,
            "effective_verdict": r.effective_verdict,
            "overrides": [o.to_dict() for o in r.overrides],
            "reason": r.reason,
            "checks": r.checks,
            "registry_version": None
            if r.registry_effective_from is None
            else {
                "metric_key": r.registry_metric_key,
                "effective_from": r.registry_effective_from.isoformat(),
            },
            "snapshot_sha256": r.snapshot_sha256,
            "passage": None
            if self.passage is None
            else {
                "before": self.passage[0],
                "figure": self.passage[1],
                "after": self.passage[2],
                "place": self.place,
            },
        }


@dataclass(frozen=True)
class RunReport:
    run: RunRecord
    claims: list[ClaimSection] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run.run_id,
            "source": self.run.source,
            "created_at": self.run.created_at.isoformat(),
            "counts": self.run.counts,
            "claims": [c.to_dict() for c in self.claims],
        }


def build_run_report(store: Store, run_id: str) -> RunReport:
    """Read a stored run and the passages its evidence points at."""
    run, results = store.get_run(run_id)
    docs: dict[tuple[str, str], Any] = {}
    return RunReport(run, [_section(store, r, docs) for r in results])


def claim_section(store: Store, claim_id: int) -> ClaimSection:
    """One stored claim with its overrides and marked source passage (unknown: NotFound)."""
    return _section(store, store.get_claim(claim_id), {})


def _section(store: Store, r: ClaimResultRecord, docs: dict[tuple[str, str], Any]) -> ClaimSection:
    from tieout.errors import NotFound
    from tieout.operations import document_from_record

    ev = next((e for c in r.checks for e in c.get("evidence", [])), None)
    if ev is None or not r.snapshot_sha256:
        return ClaimSection(r)
    key = (ev["doc_id"], r.snapshot_sha256)
    if key not in docs:
        try:
            docs[key] = document_from_record(store.get_document(*key))
        except NotFound:
            docs[key] = None
    doc = docs[key]
    if doc is None:
        return ClaimSection(r)
    a, b = ev["span"]
    start, end = max(0, a - _CONTEXT), min(len(doc.text), b + _CONTEXT)
    passage = (
        _tidy(doc.text[start:a], left=start > 0),
        doc.text[a:b],
        _tidy(doc.text[b:end], right=end < len(doc.text)),
    )
    return ClaimSection(r, passage, ev.get("place", ""), doc.text, (a, b))


def _tidy(text: str, *, left: bool = False, right: bool = False) -> str:
    """Runs of whitespace (table tabs, line breaks) as one space, ends marked when cut."""
    text = " ".join(text.split(" ")).replace("\t", " ").replace("\n", " ")
    while "  " in text:
        text = text.replace("  ", " ")
    return ("…" if left else "") + text + ("…" if right else "")


def _value(claim: dict[str, Any]) -> str:
    value = claim.get("value")
    return "null" if value is None else f"{value} {claim.get('unit', '')}".strip()


def render_markdown(report: RunReport) -> str:
    run = report.run
    counts = " · ".join(f"{k} {v}" for k, v in run.counts.items())
    out = [
        f"# Run {run.run_id}",
        "",
        f"{run.source} — {run.created_at:%Y-%m-%d %H:%M} UTC — {counts}",
        "",
    ]
    for s in report.claims:
        r = s.result
        out += [f"## {r.position + 1}. {r.metric_key} — {verdict_label(r)}", ""]
        out += [
            f"- {label}: {text}" + (f"`{code}`" if code else "") for label, text, code in _facts(r)
        ]
        out += ["", "| check | result | reason |", "|---|---|---|"]
        out += [f"| {c['name']} | {c['status']} | {_md_cell(c['reason'])} |" for c in r.checks]
        if s.passage is not None:
            before, figure, after = s.passage
            out += [
                "",
                f"> {_md_cell(before)}**{_md_cell(figure)}**{_md_cell(after)}  ",
                f"> — {s.place}",
            ]
        out.append("")
    return "\n".join(out)


def _facts(r: ClaimResultRecord) -> list[tuple[str, str, str | None]]:
    """What each claim section states, for every format: (label, text, a code-set tail)."""
    claim = r.claim
    facts: list[tuple[str, str, str | None]] = [
        (
            "claim",
            f"{_value(claim)} for {claim.get('period_start')} – {claim.get('period_end')}, cited from ",
            str(claim.get("source_doc_id", "—")),
        )
    ]
    if claim.get("source_quote"):
        facts.append(("quote", f"“{claim['source_quote']}”", None))
    facts.append(("reason", r.reason, None))
    for o in r.overrides:
        facts.append(
            (
                "override",
                f"{o.original_verdict} → {o.verdict} by {o.reviewer} on "
                f"{o.created_at:%Y-%m-%d %H:%M} UTC: {o.reason}",
                None,
            )
        )
    if r.registry_effective_from is not None:
        facts.append(
            ("registry version", f"{r.registry_metric_key} from {r.registry_effective_from}", None)
        )
    if r.snapshot_sha256:
        facts.append(("snapshot", "", r.snapshot_sha256[:16]))
    return facts


def verdict_label(r: ClaimResultRecord) -> str:
    """The checker's verdict, and the reviewer's beside it when overridden: ``fail → warning``."""
    o = r.override
    if o is None:
        return r.verdict
    return f"{r.verdict} → {o.verdict} (overridden by {o.reviewer})"


def _verdict_html(r: ClaimResultRecord) -> str:
    e = html.escape
    shown = f"<span class='{e(r.verdict)}'>{e(r.verdict)}</span>"
    o = r.override
    if o is None:
        return shown
    return (
        f"<s>{shown}</s> → <span class='{e(o.verdict)}'>{e(o.verdict)}</span> "
        f"<small>(overridden by {e(o.reviewer)})</small>"
    )


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


_STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
mark{background:#ffe58a;padding:0 .15em}.pass{color:#17692a}.warning{color:#8a5a00}
.fail{color:#b3261e;font-weight:600}.unsupported{color:#6b3fa0}table{border-collapse:collapse}
td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
blockquote{border-left:3px solid #ccc;margin:.5rem 0;padding:.25rem .75rem;color:#333}"""


def render_html(report: RunReport) -> str:
    e = html.escape
    run = report.run
    counts = " · ".join(f"{k} {v}" for k, v in run.counts.items())
    out = [
        "<!doctype html><html lang='en'><meta charset='utf-8'>",
        f"<title>Run {e(run.run_id)}</title><style>{_STYLE}</style><body>",
        f"<h1>Run {e(run.run_id)}</h1><p>{e(run.source)} — {run.created_at:%Y-%m-%d %H:%M} UTC — {e(counts)}</p>",
    ]
    for s in report.claims:
        r = s.result
        out.append(
            f"<section><h2>{r.position + 1}. {e(r.metric_key)} — " + _verdict_html(r) + "</h2><ul>"
        )
        out += [
            f"<li>{e(label)}: {e(text)}" + (f"<code>{e(code)}</code>" if code else "") + "</li>"
            for label, text, code in _facts(r)
        ]
        out.append("</ul><table><tr><th>check</th><th>result</th><th>reason</th></tr>")
        out += [
            f"<tr><td>{e(c['name'])}</td><td class='{e(c['status'])}'>{e(c['status'])}</td><td>{e(c['reason'])}</td></tr>"
            for c in r.checks
        ]
        out.append("</table>")
        if s.passage is not None:
            before, figure, after = s.passage
            out.append(
                f"<blockquote>{e(before)}<mark>{e(figure)}</mark>{e(after)}<br><small>{e(s.place)}</small></blockquote>"
            )
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out)
