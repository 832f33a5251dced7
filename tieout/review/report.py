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
    from tieout.store import ClaimResultRecord, RunRecord, Store

__all__ = [
    "ClaimSection",
    "RunReport",
    "build_run_report",
    "claim_section",
    "evidence_marks",
    "mark_pieces",
    "render_html",
    "render_markdown",
    "verdict_label",
]

_CONTEXT = 90  # characters of source shown on each side of a marked figure
_LONGEST_QUOTE = 600  # a longer quoted span is not shown whole in a passage


@dataclass(frozen=True)
class ClaimSection:
    result: ClaimResultRecord
    passage: tuple[str, str, str] | None = None  # before, the marked figure, after
    place: str = ""
    #: The whole snapshot text and the figure's span in it (for a full-document view).
    document_text: str | None = None
    span: tuple[int, int] | None = None
    #: The passage as ``(text, kind)`` pieces, kind ``"figure"``, ``"quote"`` or ``""``.
    pieces: tuple[tuple[str, str], ...] = ()
    #: The quoted span in ``document_text``, when the quote check found it there.
    quote_span: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        r = self.result
        return r.to_dict() | {
            "registry_version": None
            if r.registry_effective_from is None
            else {
                "metric_key": r.registry_metric_key,
                "effective_from": r.registry_effective_from.isoformat(),
            },
            "passage": None
            if self.passage is None
            else {
                "before": self.passage[0],
                "figure": self.passage[1],
                "after": self.passage[2],
                "place": self.place,
                "pieces": [{"text": t, "kind": k} for t, k in self.pieces],
            },
        }


@dataclass(frozen=True)
class RunReport:
    run: RunRecord
    claims: list[ClaimSection] = field(default_factory=list)

    @property
    def effective_counts(self) -> dict[str, int]:
        """The claims per verdict in force: a reviewer's override counts as its verdict."""
        counts = dict.fromkeys(self.run.counts, 0)
        for c in self.claims:
            verdict = c.result.effective_verdict
            counts[verdict] = counts.get(verdict, 0) + 1
        return counts

    def counts_line(self) -> str:
        """``pass 8 · warning 3 · …``, in force; the checker's own counts beside them when a
        reviewer's override changed any."""
        now = self.effective_counts
        line = " · ".join(f"{k} {v}" for k, v in now.items())
        if now == dict(self.run.counts):
            return line
        n = sum(c.result.override is not None for c in self.claims)
        said = " · ".join(f"{k} {v}" for k, v in self.run.counts.items())
        return f"{line} (after {n} override{'s' * (n != 1)}; the checker's: {said})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run.run_id,
            "source": self.run.source,
            "created_at": self.run.created_at.isoformat(),
            "counts": self.run.counts,
            "effective_counts": self.effective_counts,
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
    from tieout.documents.ingest import document_from_record
    from tieout.errors import NotFound

    doc_id, figure, quote = evidence_marks(r)
    if doc_id is None or figure is None or not r.snapshot_sha256:
        return ClaimSection(r)
    key = (doc_id, r.snapshot_sha256)
    if key not in docs:
        try:
            docs[key] = _shown_text(document_from_record, store.get_document(*key))
        except NotFound:
            docs[key] = None
    text = docs[key]
    if text is None:
        return ClaimSection(r)
    a, b = figure
    lo, hi = a, b
    if quote is not None and quote[1] - quote[0] <= _LONGEST_QUOTE:
        lo, hi = min(lo, quote[0]), max(hi, quote[1])
    start, end = max(0, lo - _CONTEXT), min(len(text), hi + _CONTEXT)
    window = mark_pieces(
        text[start:end],
        (a - start, b - start),
        None if quote is None else (quote[0] - start, quote[1] - start),
    )
    pieces = [(_tidy(t), k) for t, k in window]
    if start > 0:
        pieces.insert(0, ("…", ""))
    if end < len(text):
        pieces.append(("…", ""))
    passage = (
        _tidy(text[start:a], left=start > 0),
        text[a:b],
        _tidy(text[b:end], right=end < len(text)),
    )
    place = next(
        (
            e.get("place", "")
            for c in r.checks
            for e in c.get("evidence", [])
            if e.get("doc_id") == doc_id and tuple(e.get("span", ())) == figure
        ),
        "",
    )
    return ClaimSection(r, passage, place, text, figure, tuple(pieces), quote)


def _shown_text(read: Any, rec: Any) -> str:
    """The snapshot's text as stored (its own dashes and quotes), which the spans the checks
    recorded index into when reading changed no length; else the text as read."""
    text: str = read(rec).text
    return rec.text if len(rec.text) == len(text) else text


def _span_of(checks: list[dict[str, Any]], name: str | None, doc_id: str) -> list[tuple[int, int]]:
    """Evidence spans in ``doc_id``: of the check ``name``, or (``None``) of every other check."""
    out = []
    for c in checks:
        if (c.get("name") == "quote") != (name == "quote"):
            continue
        for e in c.get("evidence", []):
            if e.get("doc_id") == doc_id and len(e.get("span", ())) == 2:
                out.append((int(e["span"][0]), int(e["span"][1])))
    return out


def evidence_marks(
    r: ClaimResultRecord,
) -> tuple[str | None, tuple[int, int] | None, tuple[int, int] | None]:
    """The cited document, the figure's span in it and the quoted span, from the checks.

    The figure is the checker's evidence, preferring an occurrence inside the quoted span;
    the quote is the quote check's evidence. ``(None, None, None)`` without evidence.
    """
    doc_id = next((e["doc_id"] for c in r.checks for e in c.get("evidence", [])), None)
    if doc_id is None:
        return None, None, None
    figures = _span_of(r.checks, None, doc_id)
    quotes = _span_of(r.checks, "quote", doc_id)
    quote = quotes[0] if quotes else None
    figure = figures[0] if figures else None
    if quote is not None:
        inside = [f for f in figures if quote[0] <= f[0] and f[1] <= quote[1]]
        if inside:
            figure = inside[0]
    return doc_id, figure, quote


def mark_pieces(
    text: str, figure: tuple[int, int] | None, quote: tuple[int, int] | None
) -> list[tuple[str, str]]:
    """``text`` cut into ``(piece, kind)``: the figure ``"figure"``, the rest of the quote
    ``"quote"``, everything else ``""``. A quote that only partly covers the figure is not
    marked (the figure is)."""
    n = len(text)
    spans: list[tuple[int, int, str]] = []
    if figure is not None:
        fa, fb = max(0, min(figure[0], n)), max(0, min(figure[1], n))
        if fa < fb:
            spans.append((fa, fb, "figure"))
    if quote is not None:
        qa, qb = max(0, min(quote[0], n)), max(0, min(quote[1], n))
        if qa < qb:
            fig = spans[0] if spans else None
            if fig is None or fig[1] <= qa or qb <= fig[0]:
                spans.append((qa, qb, "quote"))
            elif qa <= fig[0] and fig[1] <= qb:
                spans += [(qa, fig[0], "quote"), (fig[1], qb, "quote")]
    pieces: list[tuple[str, str]] = []
    at = 0
    for a, b, kind in sorted(sp for sp in spans if sp[0] < sp[1]):
        if a > at:
            pieces.append((text[at:a], ""))
        pieces.append((text[a:b], kind))
        at = b
    if at < n:
        pieces.append((text[at:], ""))
    return pieces


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
    counts = report.counts_line()
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
        if s.pieces:
            marked = "".join(_md_piece(t, k) for t, k in s.pieces)
            out += ["", f"> {marked}  ", f"> — {s.place}" if s.place else ">"]
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
                f"{o.original_verdict} → {o.verdict} by {o.reviewer}"
                f"{f' [{o.signed_in_as}]' if o.signed_in_as else ''} on "
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


def _md_piece(text: str, kind: str) -> str:
    """Markdown has no highlight: the figure in bold, the rest of the quote in italics."""
    cell = _md_cell(text)
    if not kind or not cell.strip():
        return cell
    lead, core, trail = (
        cell[: len(cell) - len(cell.lstrip())],
        cell.strip(),
        cell[len(cell.rstrip()) :],
    )
    mark = "**" if kind == "figure" else "_"
    return f"{lead}{mark}{core}{mark}{trail}"


def _html_piece(text: str, kind: str) -> str:
    e = html.escape
    if kind == "figure":
        return f"<mark>{e(text)}</mark>"
    if kind == "quote":
        return f"<mark class='quote'>{e(text)}</mark>"
    return e(text)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


_STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
mark{background:#ffd54a;padding:0 .15em;font-weight:600}mark.quote{background:#fff3c4;font-weight:400}.pass{color:#17692a}.warning{color:#8a5a00}
.fail{color:#b3261e;font-weight:600}.unsupported{color:#6b3fa0}table{border-collapse:collapse}
td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
blockquote{border-left:3px solid #ccc;margin:.5rem 0;padding:.25rem .75rem;color:#333}"""


def render_html(report: RunReport) -> str:
    e = html.escape
    run = report.run
    counts = report.counts_line()
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
        if s.pieces:
            marked = "".join(_html_piece(t, k) for t, k in s.pieces)
            out.append(f"<blockquote>{marked}<br><small>{e(s.place)}</small></blockquote>")
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out)
