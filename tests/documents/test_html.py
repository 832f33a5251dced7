"""HTML sources: a filing page read as the text tieout checks against.

The page below has the shapes EDGAR filings take: a hidden Inline XBRL header, a scale
note in a centred paragraph, a table whose figures are split over cells ("$" | "4,200" |
")") under year headings that span them, and prose with entities.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tieout.documents import read_source
from tieout.documents.html import read_html
from tieout.errors import DocumentFormatError

FILING = """\
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Acme Corp Annual Report 2025</title>
<style>td { padding: 0 }</style><script>var total = 987654;</script></head>
<body>
<div style="display:none"><ix:header><ix:hidden>
  <ix:nonNumeric name="dei:EntityRegistrantName">Acme</ix:nonNumeric>
  <ix:nonFraction name="us-gaap:Revenues">7,777,777</ix:nonFraction>
</ix:hidden></ix:header></div>
<h2>Item&#160;7. Management&#8217;s Discussion and Analysis</h2>
<p>Revenue grew to $4.2&nbsp;million in fiscal 2025,
   up 23% from the year before.</p>
<p style="text-align:center">ACME CORP<br>CONSOLIDATED STATEMENTS OF OPERATIONS<br>
(in thousands, except per share data)</p>
<table>
<tr><td></td><td colspan="7" style="text-align:center">Year Ended December&#160;31,</td></tr>
<tr><td></td><td colspan="3">2025</td><td>&#160;</td><td colspan="3">2024</td></tr>
<tr><td>Revenue</td><td>$</td><td>4,200</td><td></td><td></td><td>$</td><td>3,900</td><td></td></tr>
<tr><td>Cost of revenue</td><td></td><td>1,100</td><td></td><td></td><td></td><td>1,000</td><td></td></tr>
<tr><td>Income from operations</td><td></td><td>3,100</td><td></td><td></td><td></td><td>2,900</td><td></td></tr>
<tr><td>Net loss</td><td>$</td><td>(1,234</td><td>)</td><td></td><td>$</td><td>(900</td><td>)</td></tr>
<tr><td>Net loss per diluted share</td><td>$</td><td>(0.42</td><td>)</td><td></td><td>$</td><td>(0.31</td><td>)</td></tr>
<tr><td>Gross margin</td><td></td><td>73.8</td><td>%</td><td></td><td></td><td>74.4</td><td>%</td></tr>
</table>
<h3>Highlights</h3>
<ul><li>Customers: 1,204</li><li>Net revenue retention 112%</li></ul>
<p>Pipe | inside text</p>
</body></html>
"""

TEXT = """\
# Acme Corp Annual Report 2025

## Item 7. Management’s Discussion and Analysis

Revenue grew to $4.2 million in fiscal 2025, up 23% from the year before.

ACME CORP

CONSOLIDATED STATEMENTS OF OPERATIONS

(in thousands, except per share data)

|  | Year Ended December 31, | Year Ended December 31, |
|  | 2025 | 2024 |
|---|---|---|
| Revenue | $4,200 | $3,900 |
| Cost of revenue | 1,100 | 1,000 |
| Income from operations | 3,100 | 2,900 |
| Net loss | $(1,234) | $(900) |
| Net loss per diluted share | $(0.42) | $(0.31) |
| Gross margin | 73.8% | 74.4% |

### Highlights

- Customers: 1,204
- Net revenue retention 112%

Pipe | inside text
"""


def test_a_filing_page_reads_as_markdown_with_its_table_rejoined() -> None:
    assert read_html(FILING.encode("utf-8"), "acme.html") == TEXT


def test_the_table_figures_take_scale_period_and_row() -> None:
    doc = tieout.Document.from_text("acme", TEXT, media_type="markdown")
    got = {
        f.text: (f.kind, f.value, f.where, f.period.label if f.period else None)
        for f in doc.figures
        if f.where
    }
    assert got["$4,200"] == (
        "currency",
        Decimal(4200000),
        "row Revenue, column Year Ended December 31, 2025",
        "Year Ended December 31, 2025",
    )
    assert got["$3,900"] == (
        "currency",
        Decimal(3900000),
        "row Revenue, column Year Ended December 31, 2024",
        "Year Ended December 31, 2024",
    )
    assert got["3,100"][1] == Decimal(3100000)  # "operations" is not a ratio row
    assert got["$(1,234)"][:2] == ("currency", Decimal(-1234000))
    assert got["$(0.42)"][:2] == ("currency", Decimal("-0.42"))  # per share: never scaled
    assert got["73.8%"][:2] == ("percent", Decimal("73.8"))


QUARTERLY = """\
<table>
<tr><td colspan="14">(in thousands, except per share data)</td></tr>
<tr><td></td><td colspan="6">Three Months Ended<br>September 30,</td><td></td>
    <td colspan="6">Nine Months Ended<br>September 30,</td></tr>
<tr><td></td><td colspan="2">2026</td><td></td><td colspan="2">2025</td><td></td><td></td>
    <td colspan="2">2026</td><td></td><td colspan="2">2025</td><td></td></tr>
<tr><td>Net revenues</td><td>$</td><td>165,214</td><td></td><td>$</td><td>152,917</td><td></td>
    <td></td><td>$</td><td>478,390</td><td></td><td>$</td><td>441,006</td><td></td></tr>
<tr><td>Other income (expense), net</td><td></td><td>(1,102</td><td>)</td><td></td><td>(844</td>
    <td>)</td><td></td><td></td><td>(2,977</td><td>)</td><td></td><td>(3,015</td><td>)</td></tr>
</table>
"""


def test_a_quarterly_statements_two_level_heading_heads_each_year_column() -> None:
    # "Three Months Ended" spans both years of the quarter; each year spans its "$" and
    # figure cells: the years make the columns, the heading above heads each of them
    text = read_html(QUARTERLY.encode("utf-8"), "10q.html")
    assert text.splitlines()[2:5] == [
        "|  | Three Months Ended September 30, | Three Months Ended September 30, "
        "| Nine Months Ended September 30, | Nine Months Ended September 30, |",
        "|  | 2026 | 2025 | 2026 | 2025 |",
        "|---|---|---|---|---|",
    ]
    doc = tieout.Document.from_text("10q", text, media_type="markdown")
    got = {
        f.text: (f.value, str(f.period.start), str(f.period.end))
        for f in doc.figures
        if f.where and f.period
    }
    assert got["$165,214"] == (Decimal(165214000), "2026-07-01", "2026-09-30")
    assert got["$478,390"] == (Decimal(478390000), "2026-01-01", "2026-09-30")
    assert got["(844)"] == (Decimal(-844000), "2025-07-01", "2025-09-30")


# the shape of an XBRL viewer's statement page (EDGAR's R2.htm, R4.htm …): the title in a
# cell spanning both heading rows down (rowspan), one period heading over every year
# (colspan), one cell a year, the scale in the title
VIEWER_PAGE = """<html><body>
<span style="display: none;">v3.24.0.1</span>
<table class="report" border="0" cellspacing="2">
<tr>
<th class="tl" colspan="1" rowspan="2"><div><strong>Consolidated Statements Of Income - USD ($)<br> $ in Millions</strong></div></th>
<th class="th" colspan="3">12 Months Ended</th>
</tr>
<tr>
<th class="th"><div>Dec. 31, 2025</div></th>
<th class="th"><div>Dec. 31, 2024</div></th>
<th class="th"><div>Dec. 31, 2023</div></th>
</tr>
<tr class="re"><td class="pl"><a class="a"><strong>Operating Revenues</strong></a></td>
<td class="text">&#160;<span></span></td><td class="text">&#160;<span></span></td><td class="text">&#160;<span></span></td></tr>
<tr class="ro"><td class="pl"><a class="a">Total operating revenues</a></td>
<td class="nump">$ 98,310<span></span></td><td class="nump">$ 95,207<span></span></td><td class="nump">$ 101,442<span></span></td></tr>
<tr class="reu"><td class="pl"><a class="a">Operating Income (Loss)</a></td>
<td class="nump">17,455<span></span></td><td class="num">(3,912)<span></span></td><td class="nump">19,008<span></span></td></tr>
<tr class="ro"><td class="pl"><a class="a">Diluted Earnings (Loss) Per Share Attributable to Common Stock</a></td>
<td class="nump">$ 1.56<span></span></td><td class="num">$ (0.88)<span></span></td><td class="nump">$ 1.91<span></span></td></tr>
</table>
</body></html>
"""


def test_a_viewer_statement_page_keeps_one_column_a_year_under_its_rowspan_title() -> None:
    # the rowspan was not read, so the years' row slid under the title, and "12 Months
    # Ended" over the three years joined them into one cell: "17,455 (3,912) 19,008"
    text = read_html(VIEWER_PAGE.encode("utf-8"), "R4.htm")
    assert text.splitlines()[:3] == [
        "| Consolidated Statements Of Income - USD ($) $ in Millions | 12 Months Ended "
        "| 12 Months Ended | 12 Months Ended |",
        "|  | Dec. 31, 2025 | Dec. 31, 2024 | Dec. 31, 2023 |",
        "|---|---|---|---|",
    ]
    doc = tieout.Document.from_text("R4", text, media_type="markdown")
    got = {f.text: (f.value, f.period.label if f.period else None) for f in doc.figures if f.where}
    assert got["$ 98,310"] == (Decimal(98310) * 10**6, "12 Months Ended Dec. 31, 2025")
    assert got["(3,912)"] == (Decimal(-3912) * 10**6, "12 Months Ended Dec. 31, 2024")
    assert got["$ 1.91"] == (Decimal("1.91"), "12 Months Ended Dec. 31, 2023")  # per share
    result = tieout.gate(
        "Revenue was $98.31 billion in 2025; the operating loss was $3,912 million in 2024.",
        sources=[text],
    )
    assert result.passed


def test_hidden_facts_and_scripts_are_not_what_the_page_states() -> None:
    text = read_html(FILING.encode("utf-8"), "acme.html")
    assert "7,777,777" not in text and "987654" not in text and "td {" not in text
    result = tieout.gate("Revenue was $7,777,777.", sources=[text])
    assert (result.passed, [c.text for c in result.rejected]) == (False, ["$7,777,777"])


@pytest.mark.parametrize(
    ("draft", "passed", "rejected"),
    [
        ("Revenue was $4.2 million in 2025; net loss was $1.234 million.", True, []),
        ("Revenue was $4,200,000, against $3.9 million a year earlier.", True, []),
        ("Revenue was $4.3 million.", False, ["$4.3 million"]),
        ("Diluted loss per share was $0.42.", True, []),
        ("Gross margin was 73.8%.", True, []),
    ],
)
def test_drafts_gated_against_the_page(draft: str, passed: bool, rejected: list[str]) -> None:
    result = tieout.gate(draft, sources=[read_html(FILING.encode("utf-8"), "acme.html")])
    assert (result.passed, [c.text for c in result.rejected]) == (passed, rejected)


def test_a_scale_note_printed_as_the_tables_first_row_stands_above_it() -> None:
    page = (
        '<table><tr><td colspan="8">(In millions, except per share data)</td></tr>'
        '<tr><td></td><td colspan="3">Fiscal 2025</td><td></td><td colspan="3">Fiscal 2024</td></tr>'
        "<tr><td>Revenue</td><td>$</td><td>4.2</td><td></td><td></td><td>$</td><td>3.9</td><td></td></tr>"
        "</table>"
    )
    text = read_html(page.encode(), "t.html")
    assert text == (
        "(In millions, except per share data)\n\n"
        "|  | Fiscal 2025 | Fiscal 2024 |\n|---|---|---|\n| Revenue | $4.2 | $3.9 |\n"
    )
    result = tieout.gate("Revenue was $4,200,000 in fiscal 2025.", sources=[text])
    assert result.passed, result.message


def test_a_share_count_row_with_its_own_note_confirms_no_amount() -> None:
    page = (
        "<table>"
        "<tr><td>($ in millions, except per share amounts)</td><td>4Q25</td><td>4Q24</td></tr>"
        "<tr><td>Net income</td><td>$742</td><td>$601</td></tr>"
        "<tr><td>Diluted weighted average shares (in millions)</td><td>217.6</td><td>221.0</td></tr>"
        "</table>"
    )
    text = read_html(page.encode(), "r.html")
    result = tieout.gate("Diluted shares were 217.6 million; net income $742 million.", [text])
    assert result.passed, result.message
    result = tieout.gate("Diluted shares were worth $217.6 million in 4Q25.", [text])
    assert [c.text for c in result.rejected] == ["$217.6 million"]


def test_footnote_marks_never_read_as_figures() -> None:
    page = (
        "<p>(in thousands)</p><table><tr><td></td><td>2025</td></tr>"
        "<tr><td>Revenue<sup>(1)</sup></td><td>$</td><td>4,200<sup>(2)</sup></td></tr>"
        "<tr><td>Fees<sup>*</sup></td><td>$</td><td>310<sup>†</sup></td></tr></table>"
        "<p>Held on the 1<sup>st</sup> of May.<sup>a</sup></p>"
    )
    text = read_html(page.encode(), "f.html")
    assert text == (
        "(in thousands)\n\n|  | 2025 |\n|---|---|\n| Revenue | $4,200 |\n| Fees | $310 |\n\n"
        "Held on the 1st of May.\n"
    )
    doc = tieout.Document.from_text("f", text, media_type="markdown")
    assert [(f.text, f.value) for f in doc.figures if f.where] == [
        ("$4,200", Decimal(4200000)),
        ("$310", Decimal(310000)),
    ]


@pytest.mark.parametrize(
    ("data", "text"),
    [
        # declared windows-1252: 0x80 is the euro sign, 0x97 an em dash
        (b'<meta charset="windows-1252"><p>Fees \x80 4,200 \x97 net</p>', "Fees € 4,200 — net\n"),
        # declared latin-1 is read as windows-1252, as browsers do
        (
            b'<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>\x80 5</p>',
            "€ 5\n",
        ),
        # undeclared and not UTF-8: windows-1252
        (b"<p>caf\xe9 \x80 4,200</p>", "café € 4,200\n"),
        # a UTF-8 byte-order mark
        (b"\xef\xbb\xbf<p>\xe2\x82\xac 4,200</p>", "€ 4,200\n"),
        # a wrong declaration: the bytes are UTF-8
        (b'<meta charset="ascii"><p>\xe2\x82\xac 4,200</p>', "â‚¬ 4,200\n"),
    ],
)
def test_encodings(data: bytes, text: str) -> None:
    assert read_html(data, "page.html") == text


def test_lists_headings_preformatted_text_and_nested_tables() -> None:
    page = (
        "<h1>Update</h1><ol><li>First</li><li>Second</li></ol>"
        "<pre>  Cash    1,500\n  Debt      300</pre>"
        "<table><tr><td>Outer</td><td><table><tr><td>Inner</td><td>42,000</td></tr></table></td></tr>"
        "<tr><td>A|B</td><td>7,000</td></tr></table>"
    )
    assert read_html(page.encode(), "u.html") == (
        "# Update\n\n- First\n- Second\n\n  Cash    1,500\n  Debt      300\n\n"
        "| Outer |  |\n|---|---|\n| Inner | 42,000 |\n| A¦B | 7,000 |\n"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"Revenue was 4,200 this year.",
            "does not look like HTML (no tags near the start); save it as .txt instead",
        ),
        (b"<p>a</p>\x00\x01\x02", "looks binary (it holds NUL bytes); give tieout an HTML page"),
    ],
)
def test_what_is_not_an_html_page_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(DocumentFormatError) as err:
        read_html(data, "page.html")
    assert err.value.reason == message


def test_read_source_dispatches_html_as_markdown(tmp_path: Path) -> None:
    page = tmp_path / "acme.HTM"
    page.write_text(FILING, encoding="utf-8")
    assert read_source(page) == (TEXT, "markdown")
    empty = tmp_path / "empty.html"
    empty.write_text("<html><body><script>1</script></body></html>", encoding="utf-8")
    with pytest.raises(DocumentFormatError, match="holds no text tieout can read"):
        read_source(empty)


def _tieout(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TIEOUT_DB", "NO_COLOR")}
    env["COLUMNS"] = "200"
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args], cwd=cwd, env=env, capture_output=True, text=True
    )


def test_cli_ingests_a_page_and_gates_a_draft_against_it(tmp_path: Path) -> None:
    (tmp_path / "acme.html").write_text(FILING, encoding="utf-8")
    added = _tieout("docs", "add", "acme.html", "--id", "acme-10k", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    (tmp_path / "draft.md").write_text("Revenue was $4.2 million; cost was $1.2 million.\n")
    by_doc = _tieout("gate", "draft.md", "--doc", "acme-10k", "--format", "json", cwd=tmp_path)
    by_file = _tieout("gate", "draft.md", "--source", "acme.html", "--format", "json", cwd=tmp_path)
    for run in (by_doc, by_file):
        assert run.returncode == 1, run.stderr
        out = json.loads(run.stdout)
        # cost of revenue is 1,100 thousand: $1.1 million, not $1.2 million
        assert [(c["text"], c["status"]) for c in out["claims"]] == [
            ("$4.2 million", "found"),
            ("$1.2 million", "missing"),
        ]
    (tmp_path / "bad.html").write_bytes(b"\x00\x01 not a page")
    bad = _tieout("docs", "add", "bad.html", "--id", "bad", cwd=tmp_path)
    assert bad.returncode != 0
    assert bad.stderr.strip().splitlines() == [
        "tieout: error: bad.html: looks binary (it holds NUL bytes); give tieout an HTML page"
    ]


SAMPLE = Path(tieout.__file__).parent / "sample_docs" / "filings"


def test_the_sample_filing_and_draft_behave_as_the_readme_says() -> None:
    text, media = read_source(SAMPLE / "acme-annual-2025.html")
    assert media == "markdown"
    assert "48,213" in text and "ix:" not in text and "(1)" not in text
    doc = tieout.Document.from_text("acme-annual-2025", text, media_type="markdown")
    revenue = next(f for f in doc.figures if f.text == "$48,213")
    assert (revenue.value, revenue.where) == (
        Decimal(48213000),
        "row Revenue, column Year Ended December 31, 2025",
    )
    eps = next(f for f in doc.figures if f.text == "$(0.41)")
    assert eps.value == Decimal("-0.41")  # a per-share row: never scaled
    draft = (SAMPLE / "draft-annual-summary.md").read_text(encoding="utf-8")
    result = tieout.gate(draft, sources=[text])
    assert [(c.text, c.line) for c in result.rejected] == [("$38.1 million", 2)]


# --------------------------------------------------------------------------- a label in a heading row

# a heading row whose label cell holds text: "Revenue" beside the years
STUB_YEAR_ROW = """<html><body>
<h2>Segment Information</h2>
<p>(In thousands)</p>
<table>
<tr><th></th><th colspan="2">Year Ended December 31,</th></tr>
<tr><th>Revenue</th><th>2025</th><th>2024</th></tr>
<tr><td>Cloud</td><td>$301,220</td><td>$265,004</td></tr>
</table>
</body></html>
"""

# EDGAR's layout: the scale note in the top-left cell, beside two colspan headings
CORNER_NOTE = """<html><body><table>
<tr><td>(In millions, except per share data)</td><td colspan="2">Three Months Ended<br>September 30,</td>
<td colspan="2">Nine Months Ended<br>September 30,</td></tr>
<tr><td></td><td>2026</td><td>2025</td><td>2026</td><td>2025</td></tr>
<tr><td>Revenue</td><td>$ 482.1</td><td>$ 449.0</td><td>$ 1,395.5</td><td>$ 1,280.0</td></tr>
<tr><td>Net loss</td><td>(12.9)</td><td>(8.4)</td><td>(31.0)</td><td>(22.7)</td></tr>
</table></body></html>
"""

# a "Segment" label spanning both heading rows down, over what each group of columns holds
SEGMENT_GROUPS = """<html><body><p>(In thousands)</p><table>
<tr><th rowspan="2">Segment</th><th colspan="2">Revenue</th><th colspan="2">Operating income (loss)</th></tr>
<tr><th>2025</th><th>2024</th><th>2025</th><th>2024</th></tr>
<tr><td>Cloud</td><td>$301,220</td><td>$265,004</td><td>$41,100</td><td>$(2,300)</td></tr>
<tr><td>Devices</td><td>$120,500</td><td>$118,000</td><td>$9,800</td><td>$7,200</td></tr>
</table></body></html>
"""


def _periods(page: str) -> dict[str, tuple[Decimal | None, str | None]]:
    text = read_html(page.encode("utf-8"), "t.html")
    doc = tieout.Document.from_text("t", text, media_type="markdown")
    return {f.text: (f.value, f.period.label if f.period else None) for f in doc.figures if f.where}


def test_a_label_beside_the_years_still_heads_the_columns() -> None:
    text = read_html(STUB_YEAR_ROW.encode("utf-8"), "t.html")
    assert text.splitlines()[4:8] == [
        "|  | Year Ended December 31, | Year Ended December 31, |",
        "| Revenue | 2025 | 2024 |",
        "|---|---|---|",
        "| Cloud | $301,220 | $265,004 |",
    ]
    got = _periods(STUB_YEAR_ROW)
    assert got["$301,220"] == (Decimal(301_220_000), "Year Ended December 31, 2025")
    assert got["$265,004"] == (Decimal(265_004_000), "Year Ended December 31, 2024")
    assert "2025" not in got  # the year is a heading, not a figure of a row


def test_a_scale_note_in_the_corner_cell_stands_above_the_table() -> None:
    text = read_html(CORNER_NOTE.encode("utf-8"), "t.html")
    assert text.splitlines()[:5] == [
        "(In millions, except per share data)",
        "",
        "|  | Three Months Ended September 30, | Three Months Ended September 30, "
        "| Nine Months Ended September 30, | Nine Months Ended September 30, |",
        "|  | 2026 | 2025 | 2026 | 2025 |",
        "|---|---|---|---|---|",
    ]
    got = _periods(CORNER_NOTE)
    assert got["$ 482.1"] == (Decimal(482_100_000), "Three Months Ended September 30, 2026")
    assert got["$ 1,395.5"] == (Decimal(1_395_500_000), "Nine Months Ended September 30, 2026")
    assert got["(8.4)"] == (Decimal(-8_400_000), "Three Months Ended September 30, 2025")
    assert not any(v == Decimal(2_026_000_000) for v, _ in got.values())  # no year as data


def test_group_headings_over_the_years_leave_each_column_its_year() -> None:
    text = read_html(SEGMENT_GROUPS.encode("utf-8"), "t.html")
    assert text.splitlines()[:7] == [
        "(In thousands)",
        "",
        "Revenue; Operating income (loss)",
        "",
        "| Segment |  |  |  |  |",
        "|  | 2025 | 2024 | 2025 | 2024 |",
        "|---|---|---|---|---|",
    ]
    got = _periods(SEGMENT_GROUPS)
    assert got["$265,004"] == (Decimal(265_004_000), "2024")
    assert got["$41,100"] == (Decimal(41_100_000), "2025")
    assert got["$(2,300)"] == (Decimal(-2_300_000), "2024")


def test_years_in_a_tables_rows_are_not_its_headings() -> None:
    page = (
        "<table><tr><td>Debt</td><td>Issued</td><td>Matures</td></tr>"
        "<tr><td>Notes A</td><td>2019</td><td>2029</td></tr>"
        "<tr><td>Total</td><td>$1,000</td><td>$2,000</td></tr></table>"
        '<table><tr><td></td><td colspan="2">Year Ended December 31,</td></tr>'
        "<tr><td></td><td>2024</td><td>2023</td></tr>"
        "<tr><td></td><td>As Restated</td><td></td></tr>"
        "<tr><td>Revenue</td><td>$4.8</td><td>$4.5</td></tr></table>"
    )
    text = read_html(page.encode(), "t.html")
    assert text.splitlines()[:3] == [
        "| Debt | Issued | Matures |",
        "|---|---|---|",
        "| Notes A | 2019 | 2029 |",
    ]
    # a heading over one column is no group heading: it stays in its column
    assert "| Revenue | $4.8 | $4.5 |" in text and "|  | As Restated |  |" in text


def test_cli_checks_the_year_of_a_column_under_a_labelled_heading_row(tmp_path: Path) -> None:
    (tmp_path / "filing.html").write_text(STUB_YEAR_ROW, encoding="utf-8")
    (tmp_path / "metrics.yaml").write_text(
        "- metric_key: cloud_revenue_fy2025\n"
        "  definition: Cloud segment revenue, year ended December 31, 2025\n"
        "  unit: USD_thousands\n  period_start: 2025-01-01\n  period_end: 2025-12-31\n"
        "  source_doc_id: acme-10k-2025\n  effective_from: 2026-02-01\n",
        encoding="utf-8",
    )
    claims = [
        {
            "metric_key": "cloud_revenue_fy2025",
            "value": value,
            "unit": "USD_thousands",
            "period_start": "2025-01-01",
            "period_end": "2025-12-31",
            "source_doc_id": "acme-10k-2025",
            "source_quote": "Cloud",
            "source_locator": "section: Segment Information, row: Cloud",
        }
        for value in (265004, 301220)  # 2024's figure claimed for FY2025, then 2025's
    ]
    (tmp_path / "claims.json").write_text(json.dumps({"claims": claims}), encoding="utf-8")
    assert _tieout("registry", "import", "metrics.yaml", cwd=tmp_path).returncode == 0
    added = _tieout(
        "docs",
        "add",
        "filing.html",
        "--id",
        "acme-10k-2025",
        "--period-start",
        "2024-01-01",
        "--period-end",
        "2025-12-31",
        "--published",
        "2026-02-20",
        "-q",
        cwd=tmp_path,
    )
    assert added.returncode == 0, added.stderr
    run = _tieout("check", "claims.json", "--format", "json", cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    results = json.loads(run.stdout)["claims"]
    assert [r["verdict"] for r in results] == ["fail", "pass"]
    period = next(c for c in results[0]["checks"] if c["name"] == "period_unit")
    assert period["status"] == "fail"
    assert "stated for 2024" in period["reason"] and "the claim says 2025" in period["reason"]


# a corner cell spread over two label columns (product, then region) holds the note
TWO_LABEL_COLUMNS = """\
<p>Our sales by product and region:</p>
<table>
<tr><td colspan="2">years ended June 30 (in millions)</td><td>2026</td><td>2025</td></tr>
<tr><td>Gadgets</td><td>Domestic</td><td>$ 2,418</td><td>$ 2,206</td></tr>
<tr><td></td><td>Abroad</td><td>377</td><td>351</td></tr>
</table>
"""


def test_a_corner_note_over_two_label_columns_scales_the_table() -> None:
    text = read_html(TWO_LABEL_COLUMNS.encode("utf-8"), "t.html")
    assert "| Gadgets | Domestic | $ 2,418 | $ 2,206 |" in text
    assert "(in millions) | 2026" not in text.replace("June 30 (in millions) |  | 2026", "")
    got = _periods(TWO_LABEL_COLUMNS)
    assert got["$ 2,418"][0] == Decimal(2_418_000_000)
    assert got["377"][0] == Decimal(377_000_000)
    assert got["351"][0] == Decimal(351_000_000)


# a two-column table with no heading row: its first row is a row of figures
NO_HEADING_ROW = """\
<p>The purchase price was allocated as follows (in millions):</p>
<table>
<tr><td>Cash</td><td>$</td><td>212</td></tr>
<tr><td>Receivables</td><td></td><td>86</td></tr>
<tr><td>Goodwill</td><td></td><td>1,404</td></tr>
<tr><td>Total</td><td>$</td><td>1,702</td></tr>
</table>
"""


def test_a_table_opening_with_a_row_of_figures_has_no_heading_row() -> None:
    text = read_html(NO_HEADING_ROW.encode("utf-8"), "t.html")
    assert "---" not in text
    doc = tieout.Document.from_text("t", text, media_type="markdown")
    got = {f.text: (f.value, f.unit) for f in doc.figures}
    assert got["$212"] == (Decimal(212_000_000), "USD")
    assert got["86"] == (Decimal(86_000_000), "USD")
    assert got["1,404"] == (Decimal(1_404_000_000), "USD")


# the second heading row holds the note in its corner and fair value levels in its headings
LEVEL_HEADINGS = """\
<p>The bases used to measure certain liabilities as of June 30, 2026 are shown below:</p>
<table>
<tr><td></td><td></td><td></td><td colspan="2">Basis of fair value measurement</td></tr>
<tr><td>(in millions)</td><td>Book value</td><td>Fair value</td>
<td>Quoted prices (Level 1)</td><td>Observable inputs (Level 2)</td></tr>
<tr><td>Liabilities</td><td></td><td></td><td></td><td></td></tr>
<tr><td>Long-term debt</td><td>$ 4,310</td><td>$ 4,122</td><td>$ 3,900</td><td>$ 222</td></tr>
<tr><td>Contingent consideration</td><td>1,215</td><td>1,215</td><td>-</td><td>-</td></tr>
</table>
"""


def test_headings_naming_fair_value_levels_head_the_table_under_a_corner_note() -> None:
    text = read_html(LEVEL_HEADINGS.encode("utf-8"), "t.html")
    assert "(in millions)\n" in text
    assert (
        "| Book value | Fair value | Quoted prices (Level 1) | Observable inputs (Level 2) |\n|---"
        in (text)
    )
    got = _periods(LEVEL_HEADINGS)
    assert got["$ 222"][0] == Decimal(222_000_000)
    assert got["1,215"][0] == Decimal(1_215_000_000)
