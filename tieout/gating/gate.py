"""The gate: every figure in a draft is found in the run's sources, or the save is refused.

Sanitise, then validate: the draft is normalised (quotes, dashes, spaces, zero-width
characters, digits of any script), and the gate checks exactly the text it returns as
``sanitized_text``. Figures are read with the one number grammar, so "$4.2 million",
"$4,200,000" and a "4,200" cell under "(in thousands)" are one claim, and "$90" is never
"90%".
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tieout._vocab import CURRENCY_CODES, NUMBER_WORDS, SOFT_UNITS
from tieout.documents import read_source
from tieout.documents.document import Document, numbers_of
from tieout.errors import ConfigError, InputError
from tieout.figures.figure import Figure
from tieout.figures.hedges import hedged_phrase, is_bound, mark_draft_hedges
from tieout.figures.normalization import normalize
from tieout.figures.plain import parse_amount
from tieout.figures.reader import extract
from tieout.figures.unreadable import detached_scale, unreadable_figure
from tieout.gating.config import DEFAULT, WorkflowConfig, load_config
from tieout.gating.fences import fenced_blocks
from tieout.gating.index import SourceIndex, anchors_index, document_index
from tieout.gating.lazy import LazySource
from tieout.gating.messages import (
    MARKER,
    detached_hint,
    disabled_message,
    hedged_hint,
    other_price_hint,
    other_unit_hint,
    pass_message,
    rejection_message,
    rounded_reason,
    rounds_hint,
    rounds_some_hint,
    unreadable_hint,
)
from tieout.gating.references import as_plain, decode_figure_references, small_digit_figures
from tieout.gating.result import CarveOut, GateClaim, GateResult, key_text
from tieout.gating.rounding import MIN_SIGNIFICANT, significant
from tieout.gating.sources import text_index
from tieout.gating.visibility import visible_matches

if TYPE_CHECKING:
    from tieout.gating.facts import FactSheet

__all__ = ["claim_class", "gate", "resolve_config", "sanitize"]

ONE = Decimal(1)
ZERO = Decimal(0)
# a URL ends at white space, a bracket, a quote or a table's "|" ("|www.acme.com/ir|$4.2m|"),
# at a dash, and before an amount glued to it ("www.acme.com/ir,$4.7 million", or with the
# zero-width space between them removed: a reader sees the figure, so the gate checks it;
# a query's "rev=$4,200,000" stays in its URL)
_URL = re.compile(
    r"(?i)\b(?:https?://|ftp://|www\.)"
    r"(?:(?![,;:-]+[$€£¥]\d|(?<=[A-Za-z0-9/])[$€£¥]\d)[^\s<>()\[\]\"'`|\u2013\u2014])+"
)

Source = "str | Document | SourceIndex"


def sanitize(text: str) -> str:
    """The meaning-free typographic fixes the gate applies before it checks anything
    ("1_000_000" is read as 1,000,000 but saved as written: in code it is no typo); an
    HTML character reference to a digit or a figure's punctuation ("&#52;") is written as
    the character a renderer shows."""
    return normalize(decode_figure_references(text), reading=False)


def claim_class(fig: Figure) -> str | None:
    """The claim class of a figure in a draft, or None when it is not a claim at all."""
    if fig.kind == "currency":
        return "currency"
    if fig.kind == "percent":
        return "percent"
    if fig.kind == "quantity":
        # "12 ms", "210 MW": a unit makes it a figure, however small; a small whole count
        # of months or days ("14 months", "a 30-day period") is prose, as a bare one is
        soft = (fig.unit or "") in SOFT_UNITS
        return "numeric" if not soft or fig.significant else None
    if fig.kind == "section":
        return None if fig.heading else "numeric"  # a draft's own numbered headings: structure
    if fig.spelled and fig.scale == ONE:
        return "words"  # "nine channels": only where the workflow asks for it
    return "numeric" if fig.significant else None


def resolve_config(
    config: WorkflowConfig | Mapping[str, WorkflowConfig] | str | Path | None,
    workflow: str | None,
) -> WorkflowConfig:
    """The one workflow's settings from whatever the caller gave."""
    if isinstance(config, WorkflowConfig):
        return config
    if isinstance(config, str | Path):
        where = f"add [workflows.{workflow}] to {config}"
        config = load_config(config)
    elif config is None:
        if workflow is None:
            return DEFAULT
        where = (
            f"add [workflows.{workflow}] to tieout.toml "
            f"(or [tool.tieout.workflows.{workflow}] to pyproject.toml), or give --config FILE"
        )
        config = load_config()
    else:
        where = f"add {workflow!r} to the workflows passed"
    if workflow is None:
        return DEFAULT
    if workflow not in config:
        known = ", ".join(sorted(config)) or "none configured"
        raise ConfigError(f"workflow {workflow!r} is not configured (known: {known}); {where}")
    return config[workflow]


def _indexes(
    cfg: WorkflowConfig,
    sources: Sequence[Any],
    anchors: Any,
    facts: FactSheet | Sequence[FactSheet] | None,
    source_numbers: str = "auto",
) -> list[SourceIndex | LazySource]:
    out: list[SourceIndex | LazySource] = []
    if "extraction_source" in cfg.sources:
        for n, src in enumerate(sources, start=1):
            if isinstance(src, SourceIndex | LazySource):
                out.append(src)
            elif isinstance(src, Path):  # a file, read as `tieout gate --source` reads it
                body, media = read_source(src)
                label = f"source {src.name}"
                out.append(text_index(body, label, csv=media == "csv", numbers=source_numbers))
            elif isinstance(src, str):
                out.append(text_index(src, f"source {n}", numbers=source_numbers))
            else:
                out.append(document_index(src, f"source {src.doc_id}"))
    if anchors is not None and "anchors" in cfg.sources:
        out.append(anchors if isinstance(anchors, SourceIndex) else anchors_index(anchors))
    if facts is not None and "fact_sheet" in cfg.sources:
        sheets = [facts] if not isinstance(facts, Sequence) else list(facts)
        for sheet in sheets:
            # a fact sheet's values are written by tieout, in the point convention
            out.append(
                text_index(sheet.text(), f"fact sheet {sheet.name}", "fact_sheet", numbers="point")
            )
    return out


_WORD_BEFORE_BRACKET = re.compile(r"([A-Za-z]+)[ \t]*\($")


def _term_in_words_and_digits(text: str, span: tuple[int, int]) -> bool:
    """Whether the number at ``span`` stands in brackets after a number spelled out, as
    contracts write their terms ("sixty (60) days", "ninety (90)-day"): a figure the words
    and digits both state, so a claim however few its digits."""
    a, b = span
    if text[b : b + 1] != ")" or a < 2 or text[a - 1] != "(":
        return False
    m = _WORD_BEFORE_BRACKET.search(text, max(0, a - 24), a)
    return m is not None and m.group(1).lower() in NUMBER_WORDS


def _line_starts(text: str) -> list[int]:
    starts = [0]
    find = text.find
    k = find("\n")
    while k >= 0:
        starts.append(k + 1)
        k = find("\n", k + 1)
    return starts


def gate(
    draft: str,
    sources: Sequence[Any] | None = (),
    anchors: Any = None,
    config: WorkflowConfig | Mapping[str, WorkflowConfig] | str | Path | None = None,
    *,
    workflow: str | None = None,
    facts: FactSheet | Sequence[FactSheet] | None = None,
    source_numbers: str = "auto",
) -> GateResult:
    """Check every figure of ``draft`` against the run's sources, anchors and fact sheet.

    ``sources`` are texts, files (a ``pathlib.Path``: any format ``docs add`` reads),
    :class:`~tieout.documents.Document` s or prepared indexes;
    ``anchors`` a JSON-like value of extracted fields; ``config`` a
    :class:`WorkflowConfig`, a mapping of them, or a path to ``tieout.toml`` (with
    ``workflow`` naming the one to use). ``source_numbers`` is the number convention of
    the sources given as texts: "auto" (read off each one), "point" (1,234.56) or "comma"
    (1.234,56); the draft is always read as "point", and a European figure in it refused.
    """
    sources = _checked_arguments(draft, sources, source_numbers)
    cfg = resolve_config(config, workflow)
    text = sanitize(draft)
    if not cfg.enabled:
        return GateResult(True, "disabled", text, disabled_message(cfg.name), workflow=cfg.name)
    indexes = _indexes(cfg, sources, anchors, facts, source_numbers)
    starts = _line_starts(text)

    def line_of(pos: int) -> int:
        return bisect_right(starts, pos)

    carve, holes = _carve_outs(text, cfg, line_of)
    skips: list[tuple[tuple[int, int], str, str]] = []
    figures = _priced_cells(_own_headings(extract(text, words=True, skips=skips)))
    figures = mark_draft_hedges(text, figures)  # "a 90% approval bar" states a bound
    figures, unreadable, detached = _detached_scales(text, figures, holes)
    for span, written, _ in small_digit_figures(text):  # "$⁴.⁷ million": read by nobody
        if not any(a <= span[0] < b for a, b in holes):
            unreadable.append((span, written))
    for span, what, reason in skips:
        if any(a <= span[0] < b for a, b in holes):
            continue
        if reason == "unreadable":  # a figure nobody can check is a claim, never a carve-out
            unreadable.append((span, what))
        else:
            carve.append(CarveOut(reason, what, span, line_of(span[0])))
    marked_lines = _marked_lines(text, line_of)
    claims: list[GateClaim] = []
    claims.extend(_unreadable_claims(unreadable, cfg.classes, marked_lines, line_of, detached))
    claims.extend(_figure_claims(text, figures, starts, holes, marked_lines, indexes, cfg))
    if unreadable:
        claims.sort(key=lambda c: c.span)
    carve.sort(key=lambda c: c.span)
    return _result(text, claims, carve, cfg)


def _checked_arguments(
    draft: str, sources: Sequence[Any] | None, source_numbers: str
) -> Sequence[Any]:
    """``sources`` as a sequence (none for None), once the draft, every source and the
    sources' number convention are what :func:`gate` takes; else an InputError."""
    if not isinstance(draft, str):
        raise InputError(f"draft: expected the text to save (a str), got {type(draft).__name__}")
    if sources is None:
        sources = ()
    elif isinstance(sources, str | bytes) or not isinstance(sources, Sequence):
        raise InputError(
            f"sources: expected a list of texts, Documents or indexes, got "
            f"{type(sources).__name__} (a single text goes in a list: sources=[text])"
        )
    for n, src in enumerate(sources, start=1):
        if not isinstance(src, str | Path | Document | SourceIndex | LazySource):
            raise InputError(
                f"sources[{n - 1}]: expected a text, a file's Path, a Document or an index, "
                f"got {type(src).__name__}"
            )
    numbers_of(source_numbers, "", "source_numbers")  # a bad value is refused up front
    return sources


def _carve_outs(
    text: str, cfg: WorkflowConfig, line_of: Callable[[int], int]
) -> tuple[list[CarveOut], list[tuple[int, int]]]:
    """The URLs and, unless the workflow checks code, the fenced code blocks of ``text``:
    carved out of the check, with their spans (the holes no figure is looked for in)."""
    carve: list[CarveOut] = []
    holes: list[tuple[int, int]] = []
    if cfg.skip_urls and ("://" in text or "www." in text.lower()):  # most drafts have none
        for m in _URL.finditer(text):
            carve.append(CarveOut("url", m.group(), m.span(), line_of(m.start())))
            holes.append(m.span())
    if not cfg.check_code:
        for a, b in fenced_blocks(text):
            carve.append(CarveOut("code", text[a:b], (a, b), line_of(a)))
            holes.append((a, b))
    return carve, holes


def _detached_scales(
    text: str, figures: list[Figure], holes: list[tuple[int, int]]
) -> tuple[list[Figure], list[tuple[tuple[int, int], str]], dict[tuple[int, int], tuple[str, str]]]:
    """``figures`` less those whose scale word markup sets apart ("**$2.94**B"), which are
    unreadable as written: the figures kept, the unreadable spans and texts, and for each
    such span the fix and the claim class."""
    unreadable: list[tuple[tuple[int, int], str]] = []
    detached: dict[tuple[int, int], tuple[str, str]] = {}  # "**$2.94**B": the fix, the class
    if "*" in text or "`" in text or "]" in text or "<br" in text or "\\" in text or "$$" in text:
        kept = []
        for fig in figures:
            cut = None
            if (
                fig.kind in ("currency", "number")
                and fig.scale == 1
                and fig.value is not None
                and not any(a <= fig.span[0] < b for a, b in holes)  # a URL, unchecked code
            ):
                cut = detached_scale(text, fig.span[1])
            if cut is None:
                kept.append(fig)
                continue
            span = (fig.span[0], cut.end())
            detached[span] = (f"{fig.text} {cut.group('word')}", fig.kind)
            unreadable.append((span, text[span[0] : span[1]]))
        figures = kept
    return figures, unreadable, detached


def _marked_lines(text: str, line_of: Callable[[int], int]) -> set[int]:
    """The lines that carry the marker where a reader sees it (not in an HTML comment, a
    hidden element, a tag's attribute or a link's title: :mod:`tieout.gating.visibility`)."""
    return {line_of(pos) for pos in visible_matches(text, MARKER)}


def _figure_claims(
    text: str,
    figures: list[Figure],
    starts: list[int],
    holes: list[tuple[int, int]],
    marked_lines: set[int],
    indexes: list[SourceIndex | LazySource],
    cfg: WorkflowConfig,
) -> list[GateClaim]:
    """A claim for each figure of the draft that is one, looked up in ``indexes`` unless
    the workflow does not check its class or its line is marked."""
    claims: list[GateClaim] = []
    classes = cfg.classes
    looked: dict[tuple[object, ...], GateClaim] = {}  # the same figure written twice
    for fig in figures:
        cls = claim_class(fig)
        if (
            cls is None
            and fig.kind in ("number", "quantity")
            and _term_in_words_and_digits(text, fig.span)
        ):
            cls = "numeric"  # "sixty (60) days": a contract's term, however small
        if cls is None or (holes and any(a <= fig.span[0] < b for a, b in holes)):
            continue
        line = bisect_right(starts, fig.span[0])
        magnitude = fig.section if fig.kind == "section" else (fig.value or ZERO).copy_abs()
        same = (cls, fig.kind, fig.unit, magnitude, fig.per, fig.hedged)
        seen = looked.get(same)
        if seen is not None and line not in marked_lines:
            # the same answer at another place (built directly: dataclasses.replace is slow)
            claims.append(
                GateClaim(
                    seen.cls,
                    fig.text,
                    fig.span,
                    line,
                    seen.key,
                    seen.status,
                    seen.found_in,
                    seen.reason,
                    seen.hint,
                )
            )
            continue
        unit = fig.unit if fig.per is None else f"{fig.unit}/{fig.per}"  # "currency:USD/Mcf:2.85"
        key = key_text(fig.kind, unit, magnitude)
        if cls not in classes:
            claims.append(
                GateClaim(
                    cls,
                    fig.text,
                    fig.span,
                    line,
                    key,
                    "unchecked",
                    reason=f"the workflow does not check {cls} claims",
                )
            )
            continue
        if line in marked_lines:
            claims.append(
                GateClaim(
                    cls,
                    fig.text,
                    fig.span,
                    line,
                    key,
                    "marked",
                    reason=f"the line is marked {MARKER}",
                )
            )
            continue
        seen = looked[same] = _look_up(cls, fig, line, key, indexes, cfg.rounding, cfg.hedges)
        claims.append(seen)
    return claims


def _result(
    text: str, claims: list[GateClaim], carve: list[CarveOut], cfg: WorkflowConfig
) -> GateResult:
    """The verdict: rejected if any claim is missing from the sources, else a pass."""
    rejected = [c for c in claims if c.status == "missing"]
    if rejected:
        return GateResult(
            False,
            "rejected",
            text,
            rejection_message(rejected),
            tuple(claims),
            tuple(carve),
            cfg.name,
        )
    checked = sum(1 for c in claims if c.status in ("found", "rounded"))
    marked = sum(1 for c in claims if c.status == "marked")
    rounded = sum(1 for c in claims if c.status == "rounded")
    return GateResult(
        True,
        "pass",
        text,
        pass_message(checked, marked, rounded),
        tuple(claims),
        tuple(carve),
        cfg.name,
    )


def _rounds_alike(fig: Figure, near: Figure) -> bool:
    """Whether ``near``, a source figure ``fig`` rounds, is one ``fig`` may be a rounding
    of: a bare number with no scale ("an IC50 of 3.2") rounds only a bare number, never an
    amount ("$ (3.18)", a loss per share), which no hint may offer as its exact form; one
    with a scale ("478.4 million") may round an amount's cell ("$ 478,390" in thousands)."""
    return fig.kind != "number" or fig.scale != 1 or near.kind == "number"


def _only_roughly(hit: Figure, fig: Figure) -> bool:
    """Whether the source figure ``hit`` states the draft's exact ``fig`` only roughly: as a
    bound ("more than 4,000", "up to $5 million"), or as an approximation of a round figure
    ("about $800 million", "~40%", "approximately 4,200": two significant digits at most).
    An approximation written to more digits ("approximately 18,450 rentable square feet",
    as leases state an area) is the figure."""
    if not hit.hedged or fig.hedged:
        return False
    if is_bound(hit.hedged):
        return True
    return significant(hit, trailing_zeros=False) <= 2


def _own_headings(figures: list[Figure]) -> list[Figure]:
    """``figures`` with each numbered "heading" that numbers no structure of the draft read
    as the figure it is. A draft's own headings ("2.1 Revenue", "2.2 Costs") number its
    parts: small sub-numbers, a first one or a sibling. "4.25 Maximum Leverage Ratio" or
    "1.85 TVPI" alone on a line reads like one, and is a figure: a claim."""
    heads = [f for f in figures if f.kind == "section" and f.heading and f.section]
    if not heads:
        return figures
    tops = Counter(int((f.section or "").split(".")[0]) for f in heads)  # counted once
    out = []
    for f in figures:
        if not (f.kind == "section" and f.heading and f.section):
            out.append(f)
            continue
        top, *subs = (int(p) for p in f.section.split("."))
        if not subs:  # "3. Rent": a numbered part of the draft, no figure
            structure = 0 < top <= 30
        else:
            sub = subs[0]
            structure = top > 0 and sub <= 20 and (sub == 1 or tops[top] > 1)
        if structure:
            out.append(f)
            continue
        read = parse_amount(f.text)
        out.append(f if read is None else replace(read, span=f.span))
    return out


def _priced_cells(figures: list[Figure]) -> list[Figure]:
    """``figures`` with each bare cell of a draft's table whose heading or note names a
    currency ("| FY2026 (€ millions) |", "(in $ millions)") read as that currency's amount:
    "1,234.5" there says €1,234.5 million, and only a euro amount confirms it (keyed as a
    bare number, any currency's did)."""
    return [
        replace(f, kind="currency", unit=f.implied_unit)
        if f.kind == "number" and f.implied_unit in CURRENCY_CODES and f.per is None
        else f
        for f in figures
    ]


def _unreadable_claims(
    found: list[tuple[tuple[int, int], str]],
    classes: frozenset[str],
    marked_lines: set[int],
    line_of: Any,
    detached: dict[tuple[int, int], tuple[str, str]],
) -> list[GateClaim]:
    """Figures the grammar cannot read ("€3,5 Mio.", "1.234.567,89 €", "1/3%"): claims no
    source can confirm, so they are refused (or kept on a marked line) with the fix."""
    out = []
    for span, what in found:
        # what the grammar listed as unreadable, it reads so again; should it ever not,
        # the figure is still refused, never passed over nor a traceback
        apart = detached.get(span)
        if apart is not None:  # "**$2.94**B": the scale word stands apart from its figure
            written, (example, kind) = what, apart
        else:
            written, example, kind = unreadable_figure(what) or as_plain(what)
        cls = "numeric" if kind == "number" else kind
        line = line_of(span[0])
        key = f"unreadable:{what}"
        hint: str | None = None
        if cls not in classes:
            status, why = "unchecked", f"the workflow does not check {cls} claims"
        elif line in marked_lines:
            status, why = "marked", f"the line is marked {MARKER}"
        else:
            fix = detached_hint if apart is not None else unreadable_hint
            status, why = "missing", fix(written, example)
            hint = why
        out.append(GateClaim(cls, what, span, line, key, status, None, why, hint))
    return out


def _look_up(
    cls: str,
    fig: Figure,
    line: int,
    key: str,
    indexes: list[SourceIndex | LazySource],
    rounding: str = "reject",
    hedges: str = "reject",
) -> GateClaim:
    def claim(status: str, found_in: str | None, reason: str, hint: str | None = None) -> GateClaim:
        return GateClaim(cls, fig.text, fig.span, line, key, status, found_in, reason, hint)

    approx: tuple[str, Figure] | None = None  # where the sources state it only roughly
    for idx in indexes:
        hit = idx.lookup(cls, fig)
        if hit is None:
            continue
        if isinstance(hit, str):
            where = hit
        elif hedges == "reject" and _only_roughly(hit, fig):
            approx = approx or (idx.label, hit)
            continue
        else:
            where = f'"{hit.text}"'
        label = idx.label
        return GateClaim(
            cls, fig.text, fig.span, line, key, "found", label, f"found in {label}: {where}"
        )
    reason = "in neither this run's anchors nor its sources"
    if approx is not None:
        label, hit = approx
        said = hedged_phrase(hit)
        hint = hedged_hint(said)
        return claim("missing", None, f"{reason} exactly; {hedged_hint(said, label)}", hint)
    if not indexes:
        return claim("missing", None, reason + " (no sources were given)")
    for idx in indexes:
        near = idx.rounding_of(cls, fig)
        if near is None or not _rounds_alike(fig, near):
            continue
        source, value = " ".join(near.text.split()), near.display()
        if significant(fig) < MIN_SIGNIFICANT:
            # "$1.5bn" rounds any amount from $1.45bn to $1.55bn: naming the one a source
            # happens to state would tell the model to write an unrelated figure
            hint = rounds_some_hint(MIN_SIGNIFICANT)
            why = rounds_some_hint(MIN_SIGNIFICANT, idx.label)
            return claim("missing", None, f"{reason}; {why}", hint)
        if rounding == "accept":
            return claim("rounded", idx.label, rounded_reason(source, value, idx.label))
        # every figure it rounds there, so the hint names the one meant too ("$11.4M" of
        # revenue rounds "11,406" and another row's "(11,405)")
        also = [
            (" ".join(f.text.split()), f.display())
            for f in idx.roundings_of(cls, fig)[1:]
            if _rounds_alike(fig, f)
        ]
        hint = rounds_hint(source, value, also=also)
        why = rounds_hint(source, value, label=idx.label, also=also)
        return claim("missing", None, f"{reason}; {why}", hint)
    for idx in indexes:
        other = idx.other_unit(fig)
        if other is not None and fig.per is not None and other.per is not None:
            why = other_price_hint(other.text, other.per, fig.per, idx.label)
            hint = other_price_hint(other.text, other.per, fig.per)
            return claim("missing", None, f"{reason}; {why}", hint)
        if other is not None:
            cell = other.kind == "number" and other.implied_unit in CURRENCY_CODES
            unit = other.implied_unit if cell else None  # a bare cell's table's currency
            why = other_unit_hint(other.text, idx.label, unit)
            return claim(
                "missing", None, f"{reason}; {why}", other_unit_hint(other.text, unit=unit)
            )
    return claim("missing", None, reason)
