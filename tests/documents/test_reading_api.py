"""The public reading API: what tieout reads in a file, without private modules.

``Document.from_file`` / ``from_bytes`` for every format, ``doc.figures`` with the value,
unit and period the document gives each figure, and ``doc.place_of`` naming a place that
``check_claims`` resolves back to it.
"""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tests.documents.test_pdf import STATEMENT as PDF_STATEMENT
from tests.documents.test_pdf import build_pdf
from tieout.documents import resolve_locator
from tieout.errors import DocumentFormatError

SAMPLES = Path(__file__).resolve().parents[2] / "tieout" / "sample_docs"

STATEMENT = """Harbor Lane Foods, Inc.

Consolidated statement of operations (in thousands, except per share amounts)

| | 2026 | 2025 |
|---|---|---|
| Net revenue | $84,310 | $79,902 |
| Operating income | 6,115 | 5,480 |
| Diluted earnings per share | $1.07 | $0.94 |
| Diluted shares outstanding | 5,702 | 5,810 |

## Liquidity

Operating margin was 7.3% in fiscal 2026. We employed 1,240 people at year end.
"""


def _by_text(doc: tieout.Document) -> dict[str, tieout.documents.StatedFigure]:
    return {f.text: f for f in doc.figures}


def test_a_bare_table_cell_carries_its_tables_scale_currency_and_column_year() -> None:
    doc = tieout.Document.from_bytes(STATEMENT.encode(), "harbor.md")
    cell = _by_text(doc)["6,115"]
    assert (cell.kind, cell.value, cell.unit) == ("number", Decimal(6115000), "USD")
    assert cell.period is not None and (cell.period.start, cell.period.end) == (
        date(2026, 1, 1),
        date(2026, 12, 31),
    )
    assert doc.text[cell.span[0] : cell.span[1]] == "6,115"


def test_per_share_rows_keep_plain_dollars_and_percent_is_in_points() -> None:
    doc = tieout.Document.from_bytes(STATEMENT.encode(), "harbor.md")
    figs = _by_text(doc)
    assert (figs["$1.07"].value, figs["$1.07"].unit) == (Decimal("1.07"), "USD")
    assert (figs["7.3%"].kind, figs["7.3%"].value, figs["7.3%"].unit) == (
        "percent",
        Decimal("7.3"),
        "percent",
    )
    people = figs["1,240"]
    assert (people.kind, people.value, people.unit) == ("number", Decimal(1240), None)


def test_a_prose_figure_takes_the_period_of_its_sentence() -> None:
    doc = tieout.Document.from_bytes(STATEMENT.encode(), "harbor.md")
    margin = _by_text(doc)["7.3%"]
    assert margin.period is not None and margin.period.end.year == 2026


def test_from_file_and_from_bytes_read_the_same_text_and_figures(tmp_path: Path) -> None:
    path = tmp_path / "harbor.md"
    path.write_text(STATEMENT, encoding="utf-8")
    by_file = tieout.Document.from_file(path)
    by_bytes = tieout.Document.from_bytes(path.read_bytes(), "harbor.md")
    assert by_file.doc_id == "harbor.md" and by_file.media_type == "markdown"
    assert by_file.text == by_bytes.text and by_file.sha256 == by_bytes.sha256
    assert [(f.span, f.value, f.unit) for f in by_file.figures] == [
        (f.span, f.value, f.unit) for f in by_bytes.figures
    ]


def test_from_file_takes_the_documents_id_scale_and_dates(tmp_path: Path) -> None:
    path = tmp_path / "cells.csv"
    path.write_text('Item,FY2026\nBookings,"12,400"\n', encoding="utf-8")
    doc = tieout.Document.from_file(
        path,
        doc_id="bookings-fy26",
        scale="EUR_thousands",
        period_start="2026-01-01",
        period_end="2026-12-31",
        published="2027-02-10",
    )
    assert (doc.doc_id, doc.media_type, doc.published) == (
        "bookings-fy26",
        "csv",
        date(2027, 2, 10),
    )
    cell = _by_text(doc)["12,400"]
    assert (cell.value, cell.unit) == (Decimal(12400000), "EUR")


def test_html_xlsx_and_pdf_are_read_as_docs_add_reads_them() -> None:
    html = tieout.Document.from_file(SAMPLES / "filings" / "acme-annual-2025.html")
    assert html.media_type == "markdown" and "|" in html.text
    assert any(f.where and f.unit == "USD" for f in html.figures)

    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["($ in millions)", "2026"])
    sheet.append(["Freight revenue", 312.5])
    buf = io.BytesIO()
    book.save(buf)
    xlsx = tieout.Document.from_bytes(buf.getvalue(), "freight.xlsx")
    cell = next(f for f in xlsx.figures if f.where)
    assert (cell.value, cell.unit) == (Decimal("312500000.0"), "USD")


def test_a_pdf_is_read_from_its_bytes() -> None:
    doc = tieout.Document.from_bytes(build_pdf([PDF_STATEMENT]), "statement.pdf")
    revenue = next(f for f in doc.figures if f.where == "row Revenue, column 2024")
    assert (revenue.value, revenue.unit, doc.media_type) == (Decimal(3900000), "USD", "text")
    assert revenue.period is not None and revenue.period.end == date(2024, 12, 31)


def test_a_file_tieout_cannot_read_is_refused_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(DocumentFormatError, match=r"unsupported file type '\.docx'"):
        tieout.Document.from_bytes(b"PK\x03\x04", "memo.docx")
    with pytest.raises(DocumentFormatError, match="no such file"):
        tieout.Document.from_file(tmp_path / "missing.md")
    with pytest.raises(DocumentFormatError, match="is empty"):
        tieout.Document.from_bytes(b"  \n", "blank.txt")


@pytest.mark.parametrize(
    "name",
    [
        "documents/acme-10k-fy2019.txt",
        "documents/investor-update-2026-08.md",
        "documents/msa-northwind-2026.txt",
        "filings/acme-annual-2025.html",
    ],
)
def test_every_figures_place_resolves_back_to_a_region_holding_it(name: str) -> None:
    doc = tieout.Document.from_file(SAMPLES / name)
    assert doc.figures
    for fig in doc.figures:
        locator = doc.place_of(fig.span)
        assert locator is not None, fig
        region = resolve_locator(doc, locator)
        assert region is not None and region.contains(fig.span), (fig, locator)


def test_a_table_cell_is_placed_by_table_and_row() -> None:
    doc = tieout.Document.from_bytes(STATEMENT.encode(), "harbor.md")
    assert doc.place_of(_by_text(doc)["6,115"].span) == "table 1, row: Operating income"
    assert doc.place_of(_by_text(doc)["7.3%"].span) == "section: Liquidity, paragraph 1"


def test_a_claim_built_from_the_reading_passes_and_its_tenfold_fails() -> None:
    doc = tieout.Document.from_bytes(STATEMENT.encode(), "harbor.md", doc_id="harbor")
    cell = _by_text(doc)["6,115"]
    assert cell.period is not None and cell.value is not None
    claim = {
        "metric_key": "operating_income",
        "value": cell.value,
        "unit": cell.unit,
        "period_start": cell.period.start.isoformat(),
        "period_end": cell.period.end.isoformat(),
        "source_doc_id": "harbor",
        "source_quote": "Operating income | 6,115 | 5,480",
        "source_locator": doc.place_of(cell.span),
    }
    wrong = dict(claim, value=cell.value * 10)
    right_report, wrong_report = tieout.check_claims([claim, wrong], [doc])
    assert right_report.verdict.value == "pass", right_report.reason
    assert wrong_report.verdict.value == "fail"


def test_a_figure_from_the_reading_gets_each_documents_own_period() -> None:
    text = "Revenue rose to $9.1 million, up from $8.4 million last quarter.\n"
    q3 = tieout.Document.from_text("q3", text, period_start="2026-07-01", period_end="2026-09-30")
    q2 = tieout.Document.from_text("q2", text, period_start="2026-04-01", period_end="2026-06-30")
    prior = _by_text(q3)["$8.4 million"]
    assert prior.period is not None and prior.period.end == date(2026, 6, 30)
    asked = q2.stated_period(prior)
    assert asked is not None and asked.end == date(2026, 3, 31)
