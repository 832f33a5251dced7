"""Check 3, quote and locator: the quote stands in the document, at the locator, and
states the value.

This catches the subtle case: the number is real, the document is real, and the
sentence says something else entirely. A quote that differs from the document only in
spacing, punctuation or case warns; one with a word changed fails; digits are compared
exactly: 33% never fuzzily matches 32%.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from tieout.checks.cited import stated_span, states
from tieout.checks.context import ClaimContext
from tieout.checks.results import Evidence, Finding, Status
from tieout.checks.slips import explain, slip_reason
from tieout.documents.locate import Region, column_of, place_of
from tieout.documents.quotes import fold, folded
from tieout.figures.reader import extract

__all__ = ["quote"]

_MAX_FUZZY_REGION = 20_000


def quote(ctx: ClaimContext) -> Iterator[Finding]:
    claim, doc = ctx.claim, ctx.doc
    if doc is None:
        yield Finding(Status.SKIPPED, "no document to look in")
        return
    text = claim.source_quote or ""
    region = ctx.region
    spans = ctx.quote_spans
    if spans:
        yield _placed(ctx, spans, region, verbatim=True)
        return
    near = _near_verbatim(ctx, text, region)
    if near is None:
        yield Finding(
            Status.FAIL, f'quote not found in {doc.doc_id}: "{text}"', field="source_quote"
        )
        return
    span, score = near
    quoted = Counter(f.key for f in extract(text, context=False, numbers=doc.numbers))
    found = Counter(f.key for f in extract(doc.text[span[0] : span[1]], context=False))
    if quoted != found:
        yield Finding(
            Status.FAIL,
            f'quote: the closest passage in {doc.doc_id} ("{doc.text[span[0] : span[1]]}") '
            f"has different figures from the quote",
            (Evidence(doc.doc_id, span, doc.text[span[0] : span[1]], place_of(doc, span)),),
            field="source_quote",
        )
        return
    changed = _changed_words(text, doc.text[span[0] : span[1]], doc.numbers)
    if changed:
        passage = " ".join(doc.text[span[0] : span[1]].split())
        yield Finding(
            Status.FAIL,
            f"quote is not verbatim: {', '.join(repr(w) for w in changed[:3])} "
            f"{'does' if len(changed) == 1 else 'do'} not stand in the closest passage in "
            f'{doc.doc_id} ("{passage}", {place_of(doc, span)})',
            (Evidence(doc.doc_id, span, doc.text[span[0] : span[1]], place_of(doc, span)),),
            field="source_quote",
        )
        return
    finding = _placed(ctx, [span], region, verbatim=False)
    if finding.status is Status.PASS:
        finding = Finding(
            Status.WARNING,
            f"quote is near-verbatim (similarity {score:.0f}) in {place_of(doc, span)}",
            finding.evidence,
            field="source_quote",
        )
    yield finding


def _placed(
    ctx: ClaimContext, spans: list[tuple[int, int]], region: Region | None, *, verbatim: bool
) -> Finding:
    doc = ctx.doc
    assert doc is not None
    stating = [s for s in spans if states(ctx, s)]
    if not stating:
        return _not_stated(ctx, spans[0])
    ev = tuple(
        Evidence(doc.doc_id, s, doc.text[s[0] : s[1]], place_of(doc, s)) for s in stating[:3]
    )
    how = "verbatim" if verbatim else "near-verbatim"
    if region is not None and any(region.contains(s) for s in stating):
        cited = [s for s in stating if region.contains(s)]
        if region.column and not any(region.holds(f.span) for s in cited for f in states(ctx, s)):
            return _other_column(ctx, region, cited[0])
        return Finding(
            Status.PASS, f"quote found {how} in {region.label}", ev, field="source_quote"
        )
    where = place_of(doc, stating[0])
    if region is None:
        said = ctx.claim.source_locator or ""
        return Finding(
            Status.WARNING,
            f"quote found {how} in {where}, but the locator {said!r} names no place in {doc.doc_id}",
            ev,
            field="source_locator",
        )
    return Finding(
        Status.WARNING,
        f"quote found {how} in {where}, locator said {region.label}",
        ev,
        field="source_locator",
    )


def _not_stated(ctx: ClaimContext, span: tuple[int, int]) -> Finding:
    """The quote stands in the document but states no occurrence of the claimed value: a
    fail that names what it states instead. A figure there with the claim's number at
    another scale, in another unit or with no unit is named with that cause (the quote
    states 1,284,600 with no unit; tieout cannot tell it is 1,284,600 USD), never as
    "does not state X; it states X"."""
    doc = ctx.doc
    assert doc is not None
    a, b = stated_span(ctx, span)
    inside = [f for f in doc.read().figures if a <= f.span[0] and f.span[1] <= b]
    evidence = (Evidence(doc.doc_id, span, doc.text[span[0] : span[1]], place_of(doc, span)),)
    slips = [s for f in inside if (s := explain(ctx, f)) is not None]
    if slips:
        slip = min(slips, key=lambda s: ("scale", "unit", "bare").index(s.how))
        reason = slip_reason(ctx, slip, "quote states")
        return Finding(Status.FAIL, reason, evidence, field="source_quote")
    # a quantity as the document writes it ("6.6 months", never "6.6 month")
    says = ", ".join(f'"{f.text}"' if f.kind == "quantity" else f.display() for f in inside)
    return Finding(
        Status.FAIL,
        f"quote does not state {ctx.shown()}; it states {says or 'no figure'}",
        evidence,
        field="source_quote",
    )


def _other_column(ctx: ClaimContext, region: Region, span: tuple[int, int]) -> Finding:
    """The quote states the value at the locator's row, but in another column than the one
    the locator names ("Pro Forma" for "Actual"): a different figure, so a fail."""
    doc = ctx.doc
    assert doc is not None
    found = states(ctx, span)
    f = found[0]
    a, b = stated_span(ctx, span)
    there = [
        g.display()
        for g in doc.read().figures
        if a <= g.span[0] and g.span[1] <= b and region.holds(g.span)
    ]
    holds = f"holds {', '.join(there)}" if there else "holds no figure there"
    columns = list(dict.fromkeys(column_of(doc, g.span) or "?" for g in found))
    named = f"column {columns[0]}" if len(columns) == 1 else f"columns {', '.join(columns)}"
    return Finding(
        Status.FAIL,
        f'quote states {ctx.shown()} ("{f.text}") in {named} of {place_of(doc, f.span)}; '
        f"the locator names column {region.column}, which {holds}",
        (Evidence(doc.doc_id, f.span, f.text, place_of(doc, f.span)),),
        field="source_locator",
    )


_WORD = re.compile(r"[^\W\d_]+")


def _changed_words(quote: str, passage: str, numbers: str) -> list[str]:
    """The words of ``quote`` that the passage it nearly matches does not hold: a quote
    that differs from the document only in spacing, punctuation, dashes or case is still
    the document's sentence; one with a word changed ("Deferred" for "Additions") says
    something the document does not, and is no quote of it."""
    # counted: "Net cash operating by operating activities" repeats a word the passage
    # holds once ("Net cash provided by operating activities")
    extra = Counter(_WORD.findall(fold(quote, numbers))) - Counter(
        _WORD.findall(fold(passage, numbers))
    )
    return [w for w in extra if w not in _LINKS]


# words that link a sentence's terms and change no figure's meaning ("Net burn in July"
# for "Net burn for July"): a quote that differs only in these still warns
_LINKS = frozenset(
    {"a", "an", "the", "of", "in", "for", "on", "at", "to", "by", "with", "from", "and", "as"}
    | {"is", "are", "was", "were", "be", "been", "its", "their"}
)


def _near_verbatim(
    ctx: ClaimContext, text: str, region: Region | None
) -> tuple[tuple[int, int], float] | None:
    """The best near-verbatim passage: in the locator's region and around the matched figures."""
    from rapidfuzz import fuzz

    doc = ctx.doc
    assert doc is not None
    needle = fold(text, doc.numbers)
    if len(needle) < 8:
        return None
    windows: list[tuple[int, int]] = []
    if region is not None and region.end - region.start <= _MAX_FUZZY_REGION:
        windows.append((region.start, region.end))
    for f in ctx.matches[:5]:
        s, e = doc.sentence_at(f.span[0])
        windows.append((max(0, s - len(text)), min(len(doc.text), e + len(text))))
    hay = folded(doc)
    best: tuple[tuple[int, int], float] | None = None
    for start, end in windows:
        a, b = hay.to_folded(start), hay.to_folded(end)
        if b <= a:
            continue
        window = hay.text[a:b]
        al = fuzz.partial_ratio_alignment(
            needle, window, score_cutoff=ctx.options.fuzzy_threshold - 10
        )
        if al is None:
            continue
        # partial_ratio compares windows of the quote's length; widen to whole words and
        # score the passage as a whole, so one changed word is measured fairly.
        s0, e0 = al.dest_start, al.dest_end
        while s0 > 0 and window[s0 - 1] != " ":
            s0 -= 1
        while e0 < len(window) and window[e0] not in " .;,":
            e0 += 1
        score = max(al.score, fuzz.ratio(needle, window[s0:e0]))
        candidates = [(score, s0, e0)]
        if e0 < len(window):
            e1 = window.find(" ", e0 + 1)
            e1 = len(window) if e1 < 0 else e1
            candidates.append((fuzz.ratio(needle, window[s0:e1]), s0, e1))
        score, s0, e0 = max(candidates)
        if score < ctx.options.fuzzy_threshold:
            continue
        span = hay.span(a + s0, a + e0)
        if best is None or score > best[1]:
            best = (span, score)
    return best
