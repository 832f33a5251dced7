"""Excel workbooks (.xlsx) read into Markdown text: real workbooks written by openpyxl,
read back through ``read_source`` (the dispatch a user's ``docs add`` takes)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook  # type: ignore[import-untyped]
from openpyxl.worksheet.worksheet import Worksheet  # type: ignore[import-untyped]

import tieout
from tieout.documents import read_source
from tieout.errors import DocumentFormatError
from tieout.figures import Figure
from tieout.store import Store

D = Decimal
RESAVE = "re-save it from Excel as .xlsx"


def save(wb: Workbook, path: Path) -> Path:
    wb.save(path)
    return path


def markdown(path: Path) -> str:
    text, media = read_source(path)
    assert media == "markdown"
    return text


def figure_at(doc: tieout.Document, where: str) -> Figure:
    [found] = [f for f in doc.read().figures if f.where == where]
    return found


def put(ws: Worksheet, row: list[object], fmt: str | None = None) -> None:
    """Append a row; ``fmt`` is the number format of its cells after the first."""
    ws.append(row)
    if fmt is not None:
        for cell in ws[ws.max_row][1:]:
            cell.number_format = fmt


# --------------------------------------------------------------------------- a statement


def income_statement(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Operations"
    put(ws, ["Acme Corp — Consolidated Statements of Operations"])
    put(ws, ["(in thousands, except per share data)"])
    put(ws, ["Fiscal year", 2025, 2024, 2023])
    put(ws, ["Revenue", 4200, 3900, 3500], "$#,##0")
    put(ws, ["Cost of revenue", 1800, 1700, 1600], "#,##0")
    put(ws, ["Net income", 1234, 987, -210], "$#,##0;($#,##0)")
    put(ws, ["Diluted EPS", 2.1, 1.75, 1.5], "0.00")
    put(ws, ["Gross margin", 0.5714285714, 0.5641025641, 0.5428571429], "0.0%")
    return save(wb, path)


STATEMENT = """\
## Operations

Acme Corp — Consolidated Statements of Operations
(in thousands, except per share data)

| Fiscal year | 2025 | 2024 | 2023 |
|---|---|---|---|
| Revenue | $4,200 | $3,900 | $3,500 |
| Cost of revenue | 1,800 | 1,700 | 1,600 |
| Net income | $1,234 | $987 | ($210) |
| Diluted EPS | 2.10 | 1.75 | 1.50 |
| Gross margin | 57.1% | 56.4% | 54.3% |
"""


def test_income_statement_reads_like_a_filing(tmp_path: Path) -> None:
    text = markdown(income_statement(tmp_path / "acme.xlsx"))
    assert text == STATEMENT
    doc = tieout.Document.from_text("x", text, media_type="markdown")
    [table] = doc.layout.tables
    assert table.columns == ("Fiscal year", "2025", "2024", "2023")
    assert [r.header for r in table.rows] == [True, False, False, False, False, False]
    assert table.note is not None and table.note.scale == D(1000)

    revenue = figure_at(doc, "row Revenue, column 2025")
    assert (revenue.text, revenue.kind, revenue.unit, revenue.value, revenue.scale_source) == (
        "$4,200",
        "currency",
        "USD",
        D(4200000),
        "context",
    )
    assert revenue.period is not None
    assert (revenue.period.start, revenue.period.end) == (date(2025, 1, 1), date(2025, 12, 31))
    assert revenue in doc.index.find("USD", D(4200000))
    cost = figure_at(doc, "row Cost of revenue, column 2024")
    assert (cost.value, cost.implied_unit) == (D(1700000), "USD")
    loss = figure_at(doc, "row Net income, column 2023")
    assert (loss.text, loss.value) == ("($210)", D(-210000))
    eps = figure_at(doc, "row Diluted EPS, column 2025")  # per share: never scaled
    assert (eps.text, eps.value, eps.scale_source) == ("2.10", D("2.10"), "none")
    margin = figure_at(doc, "row Gross margin, column 2025")
    assert (margin.kind, margin.value, margin.scale_source) == ("percent", D("57.1"), "none")


# --------------------------------------------------------------------------- cell values

FORMATS: list[tuple[str, object, str | None, str]] = [
    ("Thousands separator", 4200000, "#,##0", "4,200,000"),
    ("Decimals", 2.5, "0.00", "2.50"),
    ("Percent", 0.231, "0.0%", "23.1%"),
    ("Currency", 4200, "$#,##0", "$4,200"),
    ("Negative in parentheses", -1234, "#,##0;(#,##0)", "(1,234)"),
    ("Negative, one section", -1234, "$#,##0", "-$1,234"),
    (
        "Accounting",
        -1234.5,
        '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)',
        "$(1,234.50)",
    ),
    ("Accounting zero", 0, '_($* #,##0_);_($* (#,##0);_($* "-"??_);_(@_)', "$-"),
    ("Euro", 1234.567, "[$€-407] #,##0.00", "€ 1,234.57"),
    ("Millions format", 4200000, '0.0,,"M"', "4.2M"),
    ("Red negative", -5, "#,##0;[Red](#,##0)", "(5)"),
    ("Float noise", 0.1 + 0.2, "0.00", "0.30"),
    ("Float noise, General", 0.1 + 0.2, "General", "0.3"),
    ("Noise below 15 digits", 1.0049999999999999, "0.00", "1.01"),
    ("Half rounds up", 1.005, "0.00", "1.01"),
    ("Integer", 4200, "General", "4200"),
    ("Large amount", 987654321012345, "#,##0", "987,654,321,012,345"),
    ("Date", date(2025, 12, 31), "mm/dd/yyyy", "2025-12-31"),
    ("Month", date(2025, 12, 1), "mmm yyyy", "2025-12"),
    ("Year", date(2025, 12, 31), "yyyy", "2025"),
    ("Date and time", datetime(2025, 6, 30, 14, 30), "yyyy-mm-dd h:mm", "2025-06-30 14:30"),
    ("Boolean", True, None, "TRUE"),
    ("Error", "#DIV/0!", None, "#DIV/0!"),
    ("Pipe and line break", "Q3 | Q4\nnet", None, "Q3 ¦ Q4 net"),
]


def test_cells_are_written_as_the_sheet_shows_them(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Formats"
    ws.append(["Cell", "Shown"])
    for label, value, fmt, _ in FORMATS:
        ws.append([label, value])
        if fmt is not None:
            ws.cell(ws.max_row, 2).number_format = fmt
    path = save(wb, tmp_path / "formats.xlsx")
    for row, (_, value, _, _) in enumerate(FORMATS, start=2):
        if isinstance(value, float):
            set_raw(path, f"B{row}", repr(value))  # openpyxl writes 0.1+0.2 as 0.3; Excel does not
    stored = load_workbook(path)["Formats"]
    assert stored["B13"].value == 0.1 + 0.2 != 0.3  # the noise is in the file, not in the text

    lines = markdown(path).splitlines()
    assert lines[:4] == ["## Formats", "", "| Cell | Shown |", "|---|---|"]
    assert lines[4:] == [f"| {label} | {shown} |" for label, _, _, shown in FORMATS]

    doc = tieout.Document.from_text("x", markdown(path), media_type="markdown")
    percent = figure_at(doc, "row Percent, column Shown")
    assert (percent.kind, percent.value) == ("percent", D("23.1"))
    negative = figure_at(doc, "row Negative in parentheses, column Shown")
    assert negative.value == D(-1234)
    euro = figure_at(doc, "row Euro, column Shown")
    assert (euro.unit, euro.value) == ("EUR", D("1234.57"))


def set_raw(path: Path, cell: str, raw: str) -> None:
    """Write ``raw`` as the stored value of ``cell``, as Excel saves it: all 17 digits of a
    float, or the result saved next to a formula (openpyxl writes neither)."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    xml = parts[sheet].decode()
    start = xml.index(f'<c r="{cell}"')
    end = xml.index("</c>", start)
    v = xml.index("<v", start, end)
    parts[sheet] = (xml[:v] + f"<v>{raw}</v>" + xml[end:]).encode()
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)


def test_formulas_show_their_saved_result_or_nothing(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Model"
    ws.append(["Units", 21])
    ws.append(["Doubled", "=B1*2"])
    ws.append(["Tripled", "=B1*3"])
    path = save(wb, tmp_path / "model.xlsx")
    # openpyxl never calculates: no formula has a result, and none is invented
    assert markdown(path) == ("## Model\n\n| Units | 21 |\n| Doubled |  |\n| Tripled |  |\n")
    set_raw(path, "B2", "42")  # what Excel saves next to the formula
    assert markdown(path) == ("## Model\n\n| Units | 21 |\n| Doubled | 42 |\n| Tripled |  |\n")


# --------------------------------------------------------------------------- sheets and shapes


def test_visible_sheets_with_values_become_sections(tmp_path: Path) -> None:
    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    summary.append(["Metric", "Q3 2026", "Q2 2026"])
    summary.append(["ARR", 12.5, 9.8])
    secret = wb.create_sheet("Workings")
    secret.append(["Plug", 987654])
    secret.sheet_state = "hidden"
    very = wb.create_sheet("Lookups")
    very.append(["Rate", 0.0425])
    very.sheet_state = "veryHidden"
    wb.create_sheet("Empty")
    detail = wb.create_sheet("Detail")
    detail.append(["Region", "Q3 2026"])
    detail.append(["EMEA", 4.1])
    text = markdown(save(wb, tmp_path / "two.xlsx"))
    assert text == (
        "## Summary\n\n"
        "| Metric | Q3 2026 | Q2 2026 |\n|---|---|---|\n| ARR | 12.5 | 9.8 |\n\n"
        "## Detail\n\n"
        "| Region | Q3 2026 |\n|---|---|\n| EMEA | 4.1 |\n"
    )
    doc = tieout.Document.from_text("x", text, media_type="markdown")
    assert [s.title for s in doc.layout.sections if s.kind == "heading"] == ["Summary", "Detail"]
    assert figure_at(doc, "row EMEA, column Q3 2026").value == D("4.1")


def spaced_statement(path: Path) -> Path:
    """Column A left empty as a margin; spacer rows; two more tables; a footnote."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Data"
    rows: list[list[object]] = [
        ["Selected data"],
        ["(in thousands)"],
        [],
        [None, 2025, 2024],
        [],
        ["Revenue", 4200, 3900],
        [],
        ["Operating expenses:"],
        ["Research", 1000, 900],
        [],
        [],
        ["Balance sheet data ($ in millions)"],
        [None, "December 31, 2025", "December 31, 2024"],
        ["Cash", 12.5, 9.8],
        [],
        ["Order backlog (in billions)"],
        ["Backlog", 1.2, 0.9],
        ["Firm orders", 0.8, 0.5],
        [],
        ["(1) Research excludes stock-based compensation of $120."],
    ]
    for row in rows:
        ws.append([None, *row] if row else [])
        if row[:1] in (["Revenue"], ["Research"]):
            for cell in ws[ws.max_row][2:]:
                cell.number_format = "#,##0"
    return save(wb, path)


SPACED = """\
## Data

Selected data
(in thousands)

|  | 2025 | 2024 |
|---|---|---|
|  |  |  |
| Revenue | 4,200 | 3,900 |
|  |  |  |
| Operating expenses: |  |  |
| Research | 1,000 | 900 |

Balance sheet data ($ in millions)

|  | December 31, 2025 | December 31, 2024 |
|---|---|---|
| Cash | 12.5 | 9.8 |

Order backlog (in billions)

| Backlog | 1.2 | 0.9 |
| Firm orders | 0.8 | 0.5 |

(1) Research excludes stock-based compensation of $120.
"""


def test_spacer_rows_keep_the_columns_and_a_titled_block_starts_a_table(tmp_path: Path) -> None:
    text = markdown(spaced_statement(tmp_path / "spaced.xlsx"))
    assert text == SPACED
    doc = tieout.Document.from_text("x", text, media_type="markdown")
    first, second, third = doc.layout.tables
    assert [r.header for r in first.rows] == [True, False, False, False, False, False]
    research = figure_at(doc, "row Research, column 2024")  # below two spacer rows
    assert research.value == D(900000)
    assert research.period is not None and research.period.label.endswith("2024")
    assert second.note is not None and second.note.scale == D(10**6)
    cash = figure_at(doc, "row Cash, column December 31, 2025")
    assert (cash.value, cash.implied_unit) == (D(12500000), "USD")
    assert cash.period is not None and cash.period.instant
    # a scale note after a spacer opens a table of its own: it never rescales the one above
    assert third.note is not None and third.note.scale == D(10**9)
    assert figure_at(doc, "row Backlog, column 2").value == D(1200000000)
    [footnote] = [
        f for f in doc.read().figures if f.text == "$120"
    ]  # prose: neither scaled nor in a table
    assert (footnote.value, footnote.where) == (D(120), None)


def test_a_table_that_opens_with_figures_has_no_header(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Costs"
    put(ws, ["(in thousands)"])
    put(ws, ["Salaries", 2500, 2300], "#,##0")
    put(ws, ["Rent", 310, 300], "#,##0")
    text = markdown(save(wb, tmp_path / "costs.xlsx"))
    assert (
        text == "## Costs\n\n(in thousands)\n\n| Salaries | 2,500 | 2,300 |\n| Rent | 310 | 300 |\n"
    )
    doc = tieout.Document.from_text("x", text, media_type="markdown")
    assert [r.header for r in doc.layout.tables[0].rows] == [False, False]
    assert [f.value for f in doc.read().figures] == [D(2500000), D(2300000), D(310000), D(300000)]


# --------------------------------------------------------------------------- refusals


def workbook_bytes() -> bytes:
    wb = Workbook()
    wb.active.append(["Revenue", 4200])
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def zip_of(parts: dict[str, bytes]) -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return out.getvalue()


def replaced(part: str, data: bytes) -> bytes:
    with zipfile.ZipFile(BytesIO(workbook_bytes())) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    return zip_of({**parts, part: data})


def ole(*streams: str) -> bytes:
    """The start of a compound (OLE) file naming ``streams`` in its directory."""
    names = b"".join(s.encode("utf-16-le").ljust(64, b"\0") for s in streams)
    return b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + names


def nothing_visible() -> bytes:
    wb = Workbook()
    wb.active.title = "Cover"
    hidden = wb.create_sheet("Data")
    hidden.append(["Revenue", 4200])
    hidden.sheet_state = "hidden"
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def formulas_only() -> bytes:
    wb = Workbook()
    wb.active.append(["=1+2", "=SUM(A1:A1)"])
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


NO_VALUE = (
    "; unhide the sheet that holds the data, or open and save it in Excel "
    "so its formulas' results are stored"
)
REFUSED: list[tuple[str, Callable[[], bytes], str]] = [
    (
        "text",
        lambda: b"Revenue,4200\n",
        f"is not a readable .xlsx workbook (not a zip archive); {RESAVE}",
    ),
    (
        "cut short",
        lambda: workbook_bytes()[:2000],
        f"is not a readable .xlsx workbook (a damaged or cut-short zip archive); {RESAVE}",
    ),
    (
        "zip of other files",
        lambda: zip_of({"notes.txt": b"Revenue 4200"}),
        f"is not a readable .xlsx workbook (a zip archive, but not a workbook); {RESAVE}",
    ),
    (
        "xlsb",
        lambda: zip_of({"[Content_Types].xml": b"<Types/>", "xl/workbook.bin": b"\0"}),
        f"is not a readable .xlsx workbook (a binary .xlsb workbook); {RESAVE}",
    ),
    (
        "strict",
        lambda: replaced(
            "_rels/.rels",
            b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            b'<Relationship Id="rId1" Target="xl/workbook.xml" Type="http://purl.oclc.org/'
            b'ooxml/officeDocument/relationships/officeDocument"/></Relationships>',
        ),
        "is a Strict Open XML workbook, which tieout cannot read; "
        "save it from Excel as 'Excel Workbook (.xlsx)'",
    ),
    (
        "damaged workbook part",
        lambda: replaced("xl/workbook.xml", b"<workbook"),
        f"is not a readable .xlsx workbook (its contents are damaged); {RESAVE}",
    ),
    (
        "damaged sheet",
        lambda: replaced("xl/worksheets/sheet1.xml", b"<worksheet><sheetData><row"),
        f"is not a readable .xlsx workbook (its contents are damaged); {RESAVE}",
    ),
    (
        "password",
        lambda: ole("Root Entry", "EncryptionInfo", "EncryptedPackage"),
        "is password-protected; remove the password in Excel (File > Info > Protect "
        "Workbook > Encrypt with Password) and save it again",
    ),
    (
        "xls",
        lambda: ole("Root Entry", "Workbook", "SummaryInformation"),
        f"is an old-format Excel workbook (.xls) named .xlsx; {RESAVE}",
    ),
    (
        "other OLE",
        lambda: ole("Root Entry", "WordDocument"),
        f"is an old binary Office file, not an .xlsx workbook; {RESAVE}",
    ),
    (
        "only a hidden sheet",
        nothing_visible,
        "has no value on any visible sheet (1 hidden sheet skipped)" + NO_VALUE,
    ),
    ("formulas never calculated", formulas_only, "has no value on any visible sheet" + NO_VALUE),
]


@pytest.mark.parametrize(("case", "build", "reason"), REFUSED, ids=[c[0] for c in REFUSED])
def test_unreadable_workbooks_are_refused_with_the_fix(
    tmp_path: Path, case: str, build: Callable[[], bytes], reason: str
) -> None:
    path = tmp_path / "book.xlsx"
    path.write_bytes(build())
    with pytest.raises(DocumentFormatError) as caught:
        read_source(path)
    assert str(caught.value) == f"{path}: {reason}"
    error = caught.value  # no library error chained to it for a traceback to show
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


# --------------------------------------------------------------------------- the CLI


def test_docs_add_ingests_a_workbook_and_refuses_a_corrupt_one(tmp_path: Path) -> None:
    good = income_statement(tmp_path / "acme.xlsx")
    bad = tmp_path / "broken.xlsx"
    bad.write_bytes(workbook_bytes()[:2000])
    env = {**os.environ, "TIEOUT_DB": str(tmp_path / "tieout.db"), "PYTHONIOENCODING": "utf-8"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tieout", "docs", "add", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
        )

    with ThreadPoolExecutor(max_workers=2) as pool:
        added, refused = pool.map(
            lambda args: run(*args), [(str(good), "--id", "acme-xlsx"), (str(bad), "--id", "bad")]
        )
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("acme-xlsx: ingested  sha256 ")
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (
        f"tieout: error: {bad}: is not a readable .xlsx workbook "
        f"(a damaged or cut-short zip archive); {RESAVE}\n"
    )
    with Store.open(str(tmp_path / "tieout.db")) as store:
        stored = store.get_document("acme-xlsx")
        assert (stored.media_type, stored.text) == ("markdown", STATEMENT)
        assert [d.doc_id for d in store.list_documents()] == ["acme-xlsx"]


def test_openpyxl_is_imported_only_when_a_workbook_is_read() -> None:
    code = "import sys, tieout.cli, tieout.documents.xlsx; print('openpyxl' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "False\n"), done.stderr


def test_a_heading_merged_across_a_quarters_two_years_heads_both(tmp_path: Path) -> None:
    # a workbook keeps a merged cell's text in its first cell only
    wb = Workbook()
    ws = wb.active
    ws.append(["(in thousands)"])
    ws.append([None, "Three Months Ended", None, "Nine Months Ended", None])
    ws.merge_cells("B2:C2")
    ws.merge_cells("D2:E2")
    ws.append([None] + ["September 30, 2026", "September 30, 2025"] * 2)
    ws.append(["Net revenues", 165214, 152917, 478390, 441006])
    doc = tieout.Document.from_text(
        "q", markdown(save(wb, tmp_path / "q.xlsx")), media_type="markdown"
    )
    got = [
        (f.value, str(f.period.start), str(f.period.end))
        for f in doc.read().figures
        if f.where and f.period
    ]
    assert got == [
        (D(165_214_000), "2026-07-01", "2026-09-30"),
        (D(152_917_000), "2025-07-01", "2025-09-30"),
        (D(478_390_000), "2026-01-01", "2026-09-30"),
        (D(441_006_000), "2025-01-01", "2025-09-30"),
    ]


@pytest.mark.parametrize(("corner", "code"), [("$000s", "USD"), ("$000", "USD"), ("€000", "EUR")])
def test_a_currency_and_000s_in_the_corner_cell_is_a_thousands_note(
    tmp_path: Path, corner: str, code: str
) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "P&L"
    ws.append([corner, "Q3 2026", "Q2 2026"])
    ws.append(["Revenue", 4213.5, 3980.2])
    ws2 = wb.create_sheet("KPIs")
    ws2.append(["KPI", "Q3 2026", "Q2 2026"])
    ws2.append(["Customers", 412, 398])
    doc = tieout.Document.from_text(
        "pack-q3",
        markdown(save(wb, tmp_path / "pack.xlsx")),
        period_start="2026-07-01",
        period_end="2026-09-30",
        published="2026-10-15",
        media_type="markdown",
    )
    revenue = figure_at(doc, "row Revenue, column Q3 2026")
    assert (revenue.text, revenue.value, revenue.implied_unit, revenue.scale_source) == (
        "4213.5",
        D(4_213_500),
        code,
        "context",
    )
    assert revenue.period is not None
    assert (revenue.period.start, revenue.period.end) == (date(2026, 7, 1), date(2026, 9, 30))
    customers = figure_at(doc, "row Customers, column Q3 2026")  # another sheet: unscaled
    assert (customers.value, customers.scale_source) == (D(412), "none")
    assert [f.text for f in doc.read().figures if f.text in ("000", "$000", "€000")] == []

    def claim(unit: str) -> tieout.ClaimReport:
        return tieout.check_claims(
            [
                {
                    "metric_key": "revenue_q3",
                    "value": D("4213.5"),
                    "unit": unit,
                    "period_start": "2026-07-01",
                    "period_end": "2026-09-30",
                    "source_doc_id": "pack-q3",
                    "source_quote": "Revenue",
                    "source_locator": "sheet: P&L, row: Revenue",
                }
            ],
            [doc],
        )[0]

    assert claim(f"{code}_thousands").verdict is tieout.Verdict.PASS
    wrong = claim(code)  # a thousand times too small
    assert wrong.verdict is tieout.Verdict.FAIL
    assert wrong.check("existence").status is tieout.Status.FAIL
