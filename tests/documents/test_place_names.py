"""Every place name tieout prints resolves back to that place (issue 22): the names in
reasons (``place_of``), a table cell's ``fig.where`` and ``doc.place_of``, written back as a
claim's ``source_locator``, name a region holding the figure."""

from __future__ import annotations

from pathlib import Path

import pytest

import tieout
from tieout.documents.locate import place_of, resolve_locator

SAMPLES = Path(tieout.__file__).parent / "sample_docs"
SOURCES = sorted(
    p
    for folder in ("documents", "filings")
    for p in (SAMPLES / folder).iterdir()
    if p.suffix in (".md", ".txt", ".csv", ".html", ".xlsx", ".pdf")
)

STATEMENT = """\
# Income statement

| Line item | FY2025 |
|---|---:|
| Revenue | $48,213 |
| Cost of revenue | $30,111 |

# Cash and runway

Cash in bank at month end was $1.4M, after a $212k net burn.
"""


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_printed_place_name_resolves_to_its_place(path: Path) -> None:
    doc = tieout.Document.from_file(path)
    unresolved = []
    for fig in doc.figures:
        for name in {place_of(doc, fig.span), fig.where, doc.place_of(fig.span)} - {None}:
            assert name is not None
            region = resolve_locator(doc, name)
            if region is None or not region.contains(fig.span):
                unresolved.append((doc.text[fig.span[0] : fig.span[1]], name))
    assert unresolved == []


@pytest.mark.parametrize(
    ("locator", "label"),
    [
        ("row Revenue", "row Revenue"),
        ("row: Revenue", "row Revenue"),
        ("table: Income statement, row Revenue", "row Revenue"),
        ("table 1, row: Revenue", "row Revenue"),
        ("row Revenue, column FY2025", "row Revenue, column FY2025"),
        ("Cash and runway ¶1", "Cash and runway ¶1"),
        ("section: Cash and runway, paragraph 1", "Cash and runway ¶1"),
        ("document", "document"),
    ],
)
def test_a_locator_written_as_tieout_prints_places(locator: str, label: str) -> None:
    doc = tieout.Document.from_text("fy2025", STATEMENT)
    region = resolve_locator(doc, locator)
    assert region is not None and region.label == label


@pytest.mark.parametrize("locator", ["row Revenue", "row Revenue, column FY2025"])
def test_a_claim_citing_a_row_as_tieout_names_it_passes_the_quote_check(locator: str) -> None:
    doc = tieout.Document.from_text(
        "fy2025", STATEMENT, period_start="2025-01-01", period_end="2025-12-31"
    )
    claim = {
        "metric_key": "revenue",
        "value": 48213,
        "unit": "USD",
        "period_start": "2025-01-01",
        "period_end": "2025-12-31",
        "source_doc_id": "fy2025",
        "source_quote": "Revenue | $48,213",
        "source_locator": locator,
    }
    [report] = tieout.check_claims([claim], [doc])
    quote = next(c for c in report.checks if c.name == "quote")
    assert (quote.status, report.verdict) == ("pass", "pass"), quote.reason
    assert f"quote found verbatim in {locator}" in report.reason


def test_the_schema_lists_the_locator_forms_with_examples() -> None:
    import json

    # the published schema (tests/package holds it equal to what `tieout schema` prints)
    schema = json.loads((SAMPLES.parent / "schemas" / "claim.schema.json").read_text("utf-8"))
    text = schema["$defs"]["Claim"]["properties"]["source_locator"]["description"]
    for form in (
        "'section: Cash and runway, paragraph 1'",
        "'Cash and runway ¶1'",
        "'§2.2'",
        "'row: Net sales'",
        "'row Net sales'",
        "'table: Income statement, row Revenue'",
        "'page 2'",
    ):
        assert form in text
