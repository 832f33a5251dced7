"""tieout.figures.layout: tables, scale notes, column periods and headings, seen through extract().

Each document here is written the way annual reports, investor updates and contracts are
printed; the tests assert the value, period and place a reader would give each figure.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from _figures import figure

from tieout.figures import Figure, extract, normalize
from tieout.figures.layout import Layout, Section, read_layout
from tieout.periods import Period

D = Decimal
SAMPLE_10K = (
    Path(__file__).resolve().parents[3] / "tieout/sample_docs/documents/acme-10k-fy2019.txt"
)


def period_of_p(p: Period | None) -> tuple[date, date, str] | None:
    return None if p is None else (p.start, p.end, p.granularity)


def period_of(f: Figure) -> tuple[date, date, str] | None:
    return period_of_p(f.period)


def sections(lay: Layout, kind: str) -> list[Section]:
    return [s for s in lay.sections if s.kind == kind]


Q3_2026 = (date(2026, 7, 1), date(2026, 9, 30), "quarter")
Q2_2026 = (date(2026, 4, 1), date(2026, 6, 30), "quarter")
FY2019_SEPT = (date(2018, 10, 1), date(2019, 9, 30), "year")

# --------------------------------------------------------------------------- Markdown tables

INVESTOR_UPDATE = """\
# Q3 2026 Investor Update

## Financial highlights

(in thousands)

| Metric | Q3 2026 | Q2 2026 |
|---|---:|---:|
| Revenue | $4,200 | $3,900 |
| Operating expenses | 1,350 | 1,410 |
| Gross margin | 32% | 30% |

Revenue grew 7.7% quarter over quarter, to $4.2 million.
"""


def test_markdown_table_with_separator_row() -> None:
    lay = read_layout(normalize(INVESTOR_UPDATE))
    [table] = lay.tables
    assert table.columns == ("Metric", "Q3 2026", "Q2 2026")
    assert [r.header for r in table.rows] == [True, False, False, False]
    assert [r.label for r in table.rows[1:]] == ["Revenue", "Operating expenses", "Gross margin"]
    assert [(c.text, c.col) for c in table.rows[1].cells] == [
        ("Revenue", 0),
        ("$4,200", 1),
        ("$3,900", 2),
    ]
    assert table.note is not None and table.note.scale == D(1000)
    assert [period_of_p(p) for p in table.periods] == [None, Q3_2026, Q2_2026]
    assert table.currency == "USD"


def test_in_thousands_above_a_markdown_table_scales_its_cells() -> None:
    figs = extract(INVESTOR_UPDATE)
    revenue = figure(figs, "$4,200")
    assert (revenue.kind, revenue.unit, revenue.value, revenue.scale_source) == (
        "currency",
        "USD",
        D(4200000),
        "context",
    )
    assert revenue.precision == D(1000)
    assert revenue.where == "row Revenue, column Q3 2026"
    assert period_of(revenue) == Q3_2026
    opex = figure(figs, "1,410")
    assert (opex.kind, opex.value, opex.implied_unit, period_of(opex)) == (
        "number",
        D(1410000),
        "USD",
        Q2_2026,
    )
    assert opex.key == ("number", None, D(1410000))
    # percentages are never scaled; prose below the table is not in the table
    margin = figure(figs, "32%")
    assert (margin.value, margin.scale_source, margin.where) == (
        D(32),
        "none",
        "row Gross margin, column Q3 2026",
    )
    prose = figure(figs, "$4.2 million")
    assert (prose.value, prose.where, prose.period) == (D(4200000), None, None)


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Income from operations", D(1234000)),  # "operations" holds "ratio": still scaled
        ("Loss from operations", D(1234000)),
        ("Net income per diluted share", D(1234)),
        ("Basic net income per common share", D(1234)),
        ("Diluted EPS", D(1234)),
        ("Current ratio", D(1234)),
    ],
)
def test_which_rows_a_scale_note_scales(label: str, value: Decimal) -> None:
    text = f"(in thousands, except per share data)\n\n| | 2025 |\n|---|---|\n| {label} | 1,234 |\n"
    assert figure(extract(text), "1,234").value == value


def test_a_scale_in_a_rows_own_label_scales_that_row_only() -> None:
    text = (
        "(in thousands, except per share data)\n\n| | 2025 | 2024 |\n|---|---|---|\n"
        "| Revenue | $4,200 | $3,900 |\n"
        "| Weighted-average shares outstanding (in millions) | 12.5 | 11.9 |\n"
        "| Net loss per share | $(0.41) | $(0.74) |\n"
    )
    figs = extract(text)
    assert figure(figs, "$4,200").value == D(4200000)  # the table's note, not the row's
    assert figure(figs, "12.5").value == D(12500000)  # the row's own note
    assert figure(figs, "$(0.41)").value == D("-0.41")
    # a note in the header's label cell is still the table's
    heading = "| (In millions) | 2025 | 2024 |\n|---|---|---|\n| Revenue | 4.2 | 3.9 |\n"
    assert figure(extract(heading), "4.2").value == D(4200000)


BALANCE_SHEET = """\
CONSOLIDATED BALANCE SHEETS
(Dollars in millions)

                                          December 31,    December 31,
                                              2025            2024
Cash and cash equivalents                 $   1,234       $     987
Total current assets                          2,001           1,750
"""


def test_a_heading_of_month_and_day_over_the_year_heads_the_columns() -> None:
    figs = extract(BALANCE_SHEET)
    cash = figure(figs, "$   1,234")
    assert (cash.value, cash.where) == (
        D(1234000000),
        "row Cash and cash equivalents, column December 31, 2025",
    )
    assert cash.period is not None
    assert (cash.period.start, cash.period.granularity) == (date(2025, 12, 31), "instant")
    assert figure(figs, "1,750").value == D(1750000000)
    # the heading's years are not amounts of the table, and its "31"s no figures at all
    assert [f.value for f in figs if f.text in ("31", "2025", "2024")] == [D(2025), D(2024)]


MARKDOWN_NO_SEPARATOR = """\
Subscription metrics ($ in millions)

| Metric | December 31, 2025 | December 31, 2024 |
| ARR | 12.5 | 9.8 |
| Deferred revenue | 3.1 | 2.4 |
"""


def test_markdown_table_without_separator_row() -> None:
    lay = read_layout(normalize(MARKDOWN_NO_SEPARATOR))
    [table] = lay.tables
    assert [r.header for r in table.rows] == [True, False, False]
    assert table.columns == ("Metric", "December 31, 2025", "December 31, 2024")
    figs = extract(MARKDOWN_NO_SEPARATOR)
    arr = figure(figs, "12.5")
    assert (arr.kind, arr.value, arr.implied_unit, arr.where) == (
        "number",
        D(12500000),
        "USD",
        "row ARR, column December 31, 2025",
    )
    # "December 31, 2025" is a balance at an instant, not a year
    assert period_of(arr) == (date(2025, 12, 31), date(2025, 12, 31), "instant")
    assert arr.period is not None and arr.period.instant
    deferred = figure(figs, "2.4")
    assert (deferred.value, period_of(deferred)) == (
        D(2400000),
        (date(2024, 12, 31), date(2024, 12, 31), "instant"),
    )


SCALE_IN_HEADER = """\
| ($ in millions) | 2025 | 2024 |
|---|---|---|
| Revenue | 48.2 | 41.7 |
| Operating margin % | 12.5 | 11.0 |
| Diluted earnings per share | 1.32 | 1.05 |
"""


def test_dollars_in_millions_inside_the_header() -> None:
    figs = extract(SCALE_IN_HEADER)
    revenue = figure(figs, "48.2")
    assert (revenue.value, revenue.implied_unit, revenue.scale) == (D(48200000), "USD", D(10**6))
    assert period_of(revenue) == (date(2025, 1, 1), date(2025, 12, 31), "year")
    # a percentage row and a per-share row keep the values as printed
    margin = figure(figs, "12.5")
    assert (margin.value, margin.scale_source, margin.implied_unit) == (D("12.5"), "none", None)
    eps = figure(figs, "1.32")
    assert (eps.value, eps.scale_source) == (D("1.32"), "none")


# --------------------------------------------------------------------------- tab, aligned, CSV

SEGMENTS_TSV = (
    "Segment results (in thousands)\n"
    "\n"
    "Segment\tFY2025\tFY2024\n"
    "Industrial\t152,300\t141,900\n"
    "Medical\t48,750\t(1,250)\n"
)


def test_tab_separated_table() -> None:
    lay = read_layout(normalize(SEGMENTS_TSV))
    [table] = lay.tables
    assert table.columns == ("Segment", "FY2025", "FY2024")
    assert [r.label for r in table.rows] == ["Segment", "Industrial", "Medical"]
    figs = extract(SEGMENTS_TSV)
    assert [(f.text, f.value, f.where) for f in figs if f.where] == [
        ("152,300", D(152300000), "row Industrial, column FY2025"),
        ("141,900", D(141900000), "row Industrial, column FY2024"),
        ("48,750", D(48750000), "row Medical, column FY2025"),
        ("(1,250)", D(-1250000), "row Medical, column FY2024"),
    ]
    fy = figure(figs, "152,300").period
    assert fy is not None and (fy.start, fy.end, fy.fiscal) == (
        date(2025, 1, 1),
        date(2025, 12, 31),
        True,
    )


ALIGNED_10K = """\
Item 7. Management's Discussion and Analysis

Results of Operations
(in thousands, except per share data)

                                      Years Ended September 30,
                                    2019          2018          2017
Net sales                      $   260,174   $   255,112   $   248,630
Operating income (loss)              9,871        (2,346)         7,902
Net income (loss) per share    $      0.48   $     (0.24)  $      0.35
"""


def test_whitespace_aligned_10k_table() -> None:
    lay = read_layout(normalize(ALIGNED_10K))
    [table] = lay.tables
    assert table.columns == ("", "2019", "2018", "2017")
    assert [r.label for r in table.rows] == [
        "",
        "Net sales",
        "Operating income (loss)",
        "Net income (loss) per share",
    ]
    # '$' alone, several spaces before the amount, belongs to the amount
    assert [c.text for c in table.rows[1].cells] == [
        "Net sales",
        "$   260,174",
        "$   255,112",
        "$   248,630",
    ]
    assert [period_of_p(p) for p in table.periods] == [
        None,
        FY2019_SEPT,
        (date(2017, 10, 1), date(2018, 9, 30), "year"),
        (date(2016, 10, 1), date(2017, 9, 30), "year"),
    ]
    assert all(p is None or p.fiscal for p in table.periods)


def test_whitespace_aligned_10k_figures() -> None:
    figs = extract(ALIGNED_10K)
    sales = figure(figs, "$   260,174")
    start = ALIGNED_10K.index("$   260,174")
    assert sales.span == (start, start + len("$   260,174"))
    assert (sales.kind, sales.unit, sales.value, sales.where) == (
        "currency",
        "USD",
        D(260174000),
        "row Net sales, column 2019",
    )
    assert period_of(sales) == FY2019_SEPT
    loss = figure(figs, "(2,346)")
    assert (loss.value, loss.negative, loss.implied_unit, loss.where) == (
        D(-2346000),
        True,
        "USD",
        "row Operating income (loss), column 2018",
    )
    # "(in thousands, except per share data)": the per-share row is printed in dollars
    eps = figure(figs, "$     (0.24)")
    assert (eps.value, eps.scale_source, eps.negative) == (D("-0.24"), "none", True)


SALES_CSV = (
    'Metric,Q3 2026,Q2 2026\nRevenue,"4,200","3,900"\nNet revenue retention,"112.5%","108.0%"\n'
)


def test_csv_layout() -> None:
    lay = read_layout(normalize(SALES_CSV), csv=True)
    [table] = lay.tables
    assert table.columns == ("Metric", "Q3 2026", "Q2 2026")
    assert [r.header for r in table.rows] == [True, False, False]
    # quoted cells: the span is inside the quotes
    assert [(c.text, c.col) for c in table.rows[1].cells] == [
        ("Revenue", 0),
        ("4,200", 1),
        ("3,900", 2),
    ]
    figs = extract(SALES_CSV, layout=lay)
    revenue = figure(figs, "4,200")
    assert (revenue.value, revenue.where, period_of(revenue)) == (
        D(4200),
        "row Revenue, column Q3 2026",
        Q3_2026,
    )
    nrr = figure(figs, "108.0%")
    assert (nrr.kind, nrr.value, period_of(nrr)) == ("percent", D(108), Q2_2026)


def test_csv_with_a_default_scale() -> None:
    lay = read_layout(normalize(SALES_CSV), csv=True)
    figs = extract(SALES_CSV, layout=lay, default_scale=D(1000), default_currency="USD")
    revenue = figure(figs, "3,900")
    assert (revenue.value, revenue.implied_unit, revenue.scale_source) == (
        D(3900000),
        "USD",
        "context",
    )
    assert figure(figs, "112.5%").value == D("112.5")  # percentages keep their value


def test_csv_unquoted_cells() -> None:
    text = "Metric,Q3 2026,Q2 2026\nRevenue,4200000,3900000\nChurn,2.1%,2.4%\n"
    figs = extract(text, layout=read_layout(normalize(text), csv=True))
    assert [(f.text, f.value, f.where) for f in figs if f.where] == [
        ("4200000", D(4200000), "row Revenue, column Q3 2026"),
        ("3900000", D(3900000), "row Revenue, column Q2 2026"),
        ("2.1%", D("2.1"), "row Churn, column Q3 2026"),
        ("2.4%", D("2.4"), "row Churn, column Q2 2026"),
    ]


# --------------------------------------------------------------------------- notes in prose

PARAGRAPH_NOTE = """\
# Results

Revenue was 9,100 for the year. All amounts below are in thousands: operating
expenses were 4,200 and capital expenditure was 1,350.

Headcount reached 1,240 at quarter end.
"""


def test_scale_note_in_a_paragraph_scales_later_figures_of_that_paragraph_only() -> None:
    figs = extract(PARAGRAPH_NOTE)
    assert [(f.text, f.value, f.scale_source) for f in figs] == [
        ("9,100", D(9100), "none"),  # before the note
        ("4,200", D(4200000), "context"),
        ("1,350", D(1350000), "context"),
        ("1,240", D(1240), "none"),  # the next paragraph
    ]


def test_scale_note_with_a_currency() -> None:
    text = "Cash was 9,100 dollars. Amounts below are in millions of dollars: debt of 40.5."
    figs = extract(text)
    assert [(f.text, f.kind, f.value, f.implied_unit) for f in figs] == [
        ("9,100 dollars", "currency", D(9100), None),
        ("40.5", "number", D(40500000), "USD"),
    ]


def test_scale_note_does_not_scale_a_date() -> None:
    text = "(in thousands, except per share data)\nYears Ended September 30,\n"
    assert extract(text) == []  # the day of a date is no figure, so nothing to scale


# --------------------------------------------------------------------------- the sample 10-K


@pytest.fixture(scope="module")
def acme_10k() -> str:
    return SAMPLE_10K.read_text(encoding="utf-8")


def test_sample_10k_selected_financial_data(acme_10k: str) -> None:
    lay = read_layout(normalize(acme_10k))
    assert len(lay.tables) == 2
    selected = lay.tables[0]
    assert selected.columns == ("", "2019", "2018", "2017")
    assert [r.label for r in selected.rows if not r.header] == [
        "Net sales",
        "Cost of sales",
        "Gross margin",
        "Operating income (loss)",
        "Net income (loss)",
        "Earnings per share (diluted)",
        "Weighted average diluted shares",
    ]
    assert selected.note is not None
    assert (selected.note.scale, selected.note.except_per_share) == (D(1000), True)
    assert period_of_p(selected.periods[1]) == FY2019_SEPT

    figs = extract(acme_10k)
    by_where = {f.where: f for f in figs if f.where}
    sales = by_where["row Net sales, column 2019"]
    assert (sales.text, sales.unit, sales.value, period_of(sales)) == (
        "$260,174",
        "USD",
        D(260174000),
        FY2019_SEPT,
    )
    loss = by_where["row Net income (loss), column 2018"]
    assert (loss.text, loss.value) == ("$(2,951)", D(-2951000))
    op_loss = by_where["row Operating income (loss), column 2018"]
    assert (op_loss.text, op_loss.value, op_loss.implied_unit) == ("(2,346)", D(-2346000), "USD")
    eps = by_where["row Earnings per share (diluted), column 2019"]
    assert (eps.text, eps.value, eps.scale_source) == ("$0.48", D("0.48"), "none")
    shares = by_where["row Weighted average diluted shares, column 2019"]
    assert (shares.value, shares.implied_unit) == (D(12556000), "shares")  # a count, not dollars


def test_sample_10k_prose_ties_to_the_table(acme_10k: str) -> None:
    figs = extract(acme_10k)
    stated = figure(figs, "$260.2 million")
    table = next(f for f in figs if f.where == "row Net sales, column 2019")
    assert stated.value is not None and table.value is not None
    assert abs(stated.value - table.value) <= stated.precision / 2


def test_sample_10k_balance_sheet_with_a_default_scale(acme_10k: str) -> None:
    figs = extract(acme_10k, default_scale=D(1000), default_currency="USD")
    assets = next(f for f in figs if f.where == "row Total assets, column 2019")
    assert (assets.value, period_of(assets)) == (
        D(198442000),
        (date(2019, 9, 30), date(2019, 9, 30), "instant"),
    )
    debt = next(f for f in figs if f.where == "row Long-term debt, column 2017")
    assert (debt.value, debt.implied_unit) == (D(35000000), "USD")


def test_sample_10k_balance_sheet_under_the_same_note(acme_10k: str) -> None:
    figs = extract(acme_10k)
    assets = next(f for f in figs if f.where == "row Total assets, column 2019")
    assert assets.value == D(198442000)


# --------------------------------------------------------------------------- headings


def test_markdown_headings_and_paragraph_numbers() -> None:
    lay = read_layout(normalize(INVESTOR_UPDATE))
    assert [(s.title, s.level) for s in sections(lay, "heading")] == [
        ("Q3 2026 Investor Update", 1),
        ("Financial highlights", 2),
    ]
    heading = sections(lay, "heading")[1]
    assert heading.span == (INVESTOR_UPDATE.index("## Financial"), len(INVESTOR_UPDATE))
    paras = sections(lay, "paragraph")
    assert [(p.parent, p.index) for p in paras] == [
        ("Financial highlights", 1),
        ("Financial highlights", 2),
    ]
    start, end = paras[1].span
    assert INVESTOR_UPDATE[start:end] == "Revenue grew 7.7% quarter over quarter, to $4.2 million."
    rows = sections(lay, "row")
    assert [(r.title, r.parent) for r in rows] == [
        ("Revenue", "Financial highlights"),
        ("Operating expenses", "Financial highlights"),
        ("Gross margin", "Financial highlights"),
    ]
    pos = INVESTOR_UPDATE.index("Revenue grew")
    found = lay.heading_at(pos)
    assert found is not None and found.title == "Financial highlights"


CONTRACT = """\
MASTER SERVICES AGREEMENT
=========================

Fees
----

The Customer shall pay the fees set out in Schedule A.

2. Term and Termination

2.1 Term. This Agreement runs for 24 months from the Effective Date.

2.2 By Customer. Either party may terminate on 30 days notice. The fee is $12,500.

A second paragraph of clause 2.2 repeats that the fee is $12,500.

2.3 By Provider. The Provider may terminate for non-payment.

11. Liability

11.3 Cap. Liability is capped at $1,000,000 in aggregate.
"""


def test_setext_headings() -> None:
    lay = read_layout(normalize(CONTRACT))
    assert [(s.title, s.level) for s in sections(lay, "heading")] == [
        ("MASTER SERVICES AGREEMENT", 1),
        ("Fees", 2),
    ]
    fees = sections(lay, "paragraph")[0]
    assert (fees.parent, fees.index) == ("Fees", 1)


def test_numbered_clauses() -> None:
    lay = read_layout(normalize(CONTRACT))
    clauses = sections(lay, "clause")
    assert [(c.number, c.title) for c in clauses] == [
        ("2", "Term and Termination"),
        ("2.1", "Term"),
        ("2.2", "By Customer"),
        ("2.3", "By Provider"),
        ("11", "Liability"),
        ("11.3", "Cap"),
    ]
    # a clause's region runs to the next clause at its level or above
    by_number = {c.number: c for c in clauses}
    assert by_number["2.2"].span == (CONTRACT.index("2.2 By"), CONTRACT.index("2.3 By"))
    assert by_number["2"].span == (CONTRACT.index("2. Term"), CONTRACT.index("11. Liab"))
    # paragraphs are numbered within their clause
    under_22 = [p for p in sections(lay, "paragraph") if p.parent == "By Customer"]
    assert [p.index for p in under_22] == [1, 2]
    second = CONTRACT.index("A second paragraph")
    assert under_22[1].span[0] == second
    found = lay.heading_at(CONTRACT.index("$12,500", second))
    assert found is not None and (found.kind, found.number) == ("clause", "2.2")


def test_item_headings(acme_10k: str) -> None:
    lay = read_layout(normalize(acme_10k))
    items = sections(lay, "heading")
    item7_title = (
        "Item 7. Management's Discussion and Analysis of Financial Condition and Results "
        "of Operations"
    )
    assert [(s.level, s.title) for s in items] == [
        (1, "PART II"),
        (2, "Item 6. Selected Financial Data"),
        (2, item7_title),
        (3, "Overview"),  # MD&A's sub-headings: short title-case lines standing alone
        (3, "Net Sales"),
        (3, "Gross Margin"),
        (3, "Operating Income (Loss)"),
    ]
    part, item6, item7, overview, net_sales = items[:5]
    assert part.span == (acme_10k.index("PART II"), len(acme_10k))
    assert item6.span == (acme_10k.index("Item 6."), acme_10k.index("Item 7. Management"))
    assert item7.span[1] == len(acme_10k)  # sub-headings nest inside it
    assert overview.span == (acme_10k.index("Overview"), acme_10k.index("Net Sales\n"))
    assert [r.parent for r in sections(lay, "row")] == [item6.title] * 9
    # "Balance Sheet Data" runs straight into its table: a caption, not a heading
    assert "Balance Sheet Data" not in [s.title for s in items]
    first_in_net_sales = next(p for p in sections(lay, "paragraph") if p.parent == "Net Sales")
    assert first_in_net_sales.index == 1
    found = lay.heading_at(acme_10k.index("$260.2 million"))
    assert found is not None and found.title == net_sales.title


@pytest.mark.parametrize(
    ("line", "heading"),
    [
        ("Results of Operations", True),
        ("LIQUIDITY AND CAPITAL RESOURCES", True),
        ("Fiscal 2025 Compared to Fiscal 2024", True),
        ("Overview", True),
        ("Critical Accounting Estimates", True),
        ("Cash and runway", False),  # sentence case: could be a one-line paragraph
        ("None.", False),
        ("Revenues:", False),
        ("Thank you for your continued support", False),
        ("Revenue Was $4.2 Million", False),
        ("Dear Shareholders,", False),
        ("We Expect Growth to Continue in Every Segment Next Year Despite Headwinds", False),
    ],
)
def test_a_short_title_line_standing_alone_is_a_sub_heading(line: str, heading: bool) -> None:
    text = f"# Report\n\n{line}\n\nRevenue was $4.2 million for the quarter, up 12% on last year.\n"
    lay = read_layout(text)
    titles = [s.title for s in sections(lay, "heading")]
    assert titles == (["Report", line] if heading else ["Report"])
    [para] = [p for p in sections(lay, "paragraph") if "Revenue was" in text[p.span[0] : p.span[1]]]
    assert (para.parent, para.index) == ((line, 1) if heading else ("Report", 2))


def test_paragraphs_restart_under_a_heading_with_a_repeated_title() -> None:
    text = (
        "# Q2 2026\n\n## Revenue\n\nRevenue was $3.9M.\n\n"
        "# Q3 2026\n\n## Revenue\n\nRevenue was $4.2M.\n\nSecond paragraph.\n"
    )
    lay = read_layout(normalize(text))
    assert [(p.parent, p.index) for p in sections(lay, "paragraph")] == [
        ("Revenue", 1),
        ("Revenue", 1),
        ("Revenue", 2),
    ]


def test_clauses_on_consecutive_lines() -> None:
    text = (
        "2. Term\n"
        "2.1 Term. This Agreement runs for 24 months.\n"
        "2.2 By Customer. Either party may terminate on 30 days notice.\n"
        "2.3 By Provider. For cause only.\n"
    )
    lay = read_layout(normalize(text))
    assert [c.number for c in sections(lay, "clause")] == ["2", "2.1", "2.2", "2.3"]


# --------------------------------------------------------------------------- 10-Q headings

QUARTERLY = """\
                                             Three Months Ended          Nine Months Ended
                                                September 30,               September 30,
(in thousands, except per share data)          2026          2025          2026          2025
Net revenues                              $  165,214    $  152,917    $  478,390    $  441,006
Restructuring                                  1,250                         3,900         2,115
Net income per share:
  Diluted                                 $     0.42    $     0.31    $     0.38    $     0.32
"""


def test_a_quarterly_statements_three_line_heading_heads_each_pair_of_columns() -> None:
    figs = extract(QUARTERLY)
    lay = read_layout(normalize(QUARTERLY))
    [table] = lay.tables
    assert table.columns[1:] == (
        "Three Months Ended September 30, 2026",
        "Three Months Ended September 30, 2025",
        "Nine Months Ended September 30, 2026",
        "Nine Months Ended September 30, 2025",
    )
    q3 = (date(2026, 7, 1), date(2026, 9, 30), "quarter")
    ytd = (date(2026, 1, 1), date(2026, 9, 30), "span")
    revenue = figure(figs, "$  165,214")
    assert (revenue.value, period_of(revenue)) == (D(165_214_000), q3)
    assert revenue.where == "row Net revenues, column Three Months Ended September 30, 2026"
    nine = figure(figs, "$  478,390")
    assert (nine.value, period_of(nine)) == (D(478_390_000), ytd)
    eps = figure(figs, "$     0.38")
    assert (eps.value, period_of(eps)) == (D("0.38"), ytd)  # per share: not scaled


def test_a_row_with_a_blank_cell_keeps_its_values_in_their_columns() -> None:
    # no charge in the prior-year quarter: the cell is blank, not a dash
    figs = extract(QUARTERLY)
    assert [
        (f.value, period_of(f)[0] if f.period else None)
        for f in figs
        if "Restructuring" in (f.where or "")
    ] == [
        (D(1_250_000), date(2026, 7, 1)),
        (D(3_900_000), date(2026, 1, 1)),
        (D(2_115_000), date(2025, 1, 1)),
    ]


def test_prose_with_double_spaces_above_a_table_is_not_a_heading() -> None:
    text = (
        "Revenue grew.  See the table below.\n"
        "                 2026        2025\n"
        "Revenue         4,200       3,150\n"
        "Costs           1,100         980\n"
    )
    [table] = read_layout(text).tables
    assert table.columns == ("", "2026", "2025")
    assert table.span[0] == text.index("                 2026")


# --------------------------------------------------------------------------- EDGAR text

EDGAR_TEXT = """\
                         CONSOLIDATED STATEMENTS OF OPERATIONS
                        (In thousands, except per share amounts)

                                                  Year Ended December 31,
                                           ---------------------------------
                                              2025        2024        2023
                                           ---------   ---------   ---------
Net revenues..............................  $ 48,213    $ 39,870    $ 31,002
Cost of revenues..........................$19,115     16,442      13,980
                                           ---------   ---------   ---------
Net loss..................................  $ (3,412)   $ (5,120)   $ (7,004)
                                           =========   =========   =========
Net loss per share - basic and diluted....  $  (0.41)   $  (0.74)   $  (1.12)
"""


def test_a_text_filings_rules_and_dot_leaders_are_neither_rows_nor_headings() -> None:
    [table] = read_layout(normalize(EDGAR_TEXT)).tables
    assert table.columns == ("", "2025", "2024", "2023")
    assert [r.label for r in table.rows if not r.header] == [
        "Net revenues",
        "Cost of revenues",
        "Net loss",
        "Net loss per share - basic and diluted",
    ]
    figs = extract(EDGAR_TEXT)
    revenue = figure(figs, "$ 48,213")
    assert (revenue.value, period_of(revenue)) == (
        D(48_213_000),
        (date(2025, 1, 1), date(2025, 12, 31), "year"),
    )
    assert revenue.where == "row Net revenues, column 2025"
    glued = figure(figs, "$19,115")  # a figure glued to the leader is a cell of its own
    assert (glued.value, glued.where) == (D(19_115_000), "row Cost of revenues, column 2025")
    loss = figure(figs, "$  (1.12)")
    assert (loss.value, period_of(loss)) == (
        D("-1.12"),
        (date(2023, 1, 1), date(2023, 12, 31), "year"),
    )


SGML_TEXT = """\
                       SELECTED FINANCIAL DATA
                (In thousands, except per share data)

<TABLE>
<CAPTION>
                                            1999        1998        1997
                                         ----------  ----------  ----------
<S>                                      <C>         <C>         <C>
Net sales............................... $ 260,174   $ 265,595   $ 229,234
Operating income (loss).................    (1,234)     63,930      61,344
Earnings per share (diluted)............ $     0.48  $     1.12  $     0.97
</TABLE>
"""


def test_an_old_text_filings_table_markup_is_neither_rows_nor_headings() -> None:
    # "<S>  <C>  <C>" once joined the headings: every column was "1999 <C>", no period
    [table] = read_layout(normalize(SGML_TEXT)).tables
    assert table.columns == ("", "1999", "1998", "1997")
    figs = extract(SGML_TEXT)
    sales = figure(figs, "$ 229,234")
    assert (sales.value, period_of(sales), sales.where) == (
        D(229_234_000),
        (date(1997, 1, 1), date(1997, 12, 31), "year"),
        "row Net sales, column 1997",
    )
    assert figure(figs, "(1,234)").value == D(-1_234_000)
    assert figure(figs, "$     0.48").value == D("0.48")  # per share: not in thousands


def test_an_ellipsis_in_prose_is_not_a_leader() -> None:
    text = "Revenue grew... to $4.2 million in 2025.\nCosts fell... to $1.1 million in 2025.\n"
    assert read_layout(text).tables == []


def test_a_heading_far_from_a_column_does_not_head_it() -> None:
    text = (
        "                 Q3 2026     Q3 2025          Change\n"
        "                                          $         %\n"
        "Revenue           165.2       152.9     12.3      8.0%\n"
        "Costs              47.3        46.2      1.1      2.4%\n"
    )
    [table] = read_layout(text).tables
    assert table.columns == ("", "Q3 2026", "Q3 2025", "Change $", "Change %")


@pytest.mark.parametrize(
    ("note", "scale", "currency", "except_per_share"),
    [
        ("(In thousands, except share and per share data)", D(1000), None, True),
        ("(in thousands, except number of shares and per share amounts)", D(1000), None, True),
        ("(000's omitted)", D(1000), None, False),
        ("($ millions)", D(10**6), "USD", False),
        ("(EUR thousands)", D(1000), "EUR", False),
        ("€m", D(10**6), "EUR", False),
        ("US$bn", D(10**9), "USD", False),
        ("£'000", D(1000), "GBP", False),
        ("EUR'000", D(1000), "EUR", False),
    ],
)
def test_scale_notes_as_filings_word_them(
    note: str, scale: Decimal, currency: str | None, except_per_share: bool
) -> None:
    text = f"{note}\n\n                      2025        2024\nRevenue             48,213      39,870\nCosts               12,004      11,870\n"
    [table] = read_layout(text).tables
    assert table.note is not None
    assert (table.note.scale, table.note.currency, table.note.except_per_share) == (
        scale,
        currency,
        except_per_share,
    )
    revenue = figure(extract(text), "48,213")
    assert revenue.value == 48_213 * scale


@pytest.mark.parametrize(
    "text",
    ["Rm 12", "I am 12", "$m2 of office space", "12 mm bolts", "$000,000", "$000.5", "x$000"],
)
def test_what_only_looks_like_a_scale_note(text: str) -> None:
    assert read_layout(text).notes == []


def test_a_uk_statement_with_its_scale_over_each_column() -> None:
    text = (
        "Group income statement\n"
        "                      2025      2024\n"
        "                      £'000     £'000\n"
        "Revenue              48,213    39,870\n"
        "Operating profit      4,120     3,880\n"
    )
    [table] = read_layout(text).tables
    assert table.columns == ("", "2025", "2024")
    revenue = figure(extract(text), "48,213")
    assert (revenue.value, revenue.implied_unit, period_of(revenue)) == (
        D(48_213_000),
        "GBP",
        (date(2025, 1, 1), date(2025, 12, 31), "year"),
    )


def test_a_currency_and_m_is_a_note_only_standing_alone() -> None:
    assert read_layout("We spent $m on ads; revenue was 4,200.").notes == []
    assert [n.text for n in read_layout("| $m | 2025 |\n|---|---|\n| Revenue | 4.2 |\n").notes] == [
        "$m"
    ]


# --------------------------------------------------------------------------- a caption naming a
# currency and a scale with no "in" and no parentheses, as bank and insurer releases print it

BANK_RELEASE = """\
{caption}
                                            4Q25       3Q25       4Q24
Net interest income                        $ 1,184    $ 1,152    $ 1,097
Noninterest income                             436        421        398
"""


@pytest.mark.parametrize(
    ("caption", "scale", "currency"),
    [
        ("USD millions", D(10**6), "USD"),
        ("$ millions", D(10**6), "USD"),
        ("US$ millions", D(10**6), "USD"),
        ("USD m", D(10**6), "USD"),
        ("EUR bn", D(10**9), "EUR"),
        ("$ thousands", D(1000), "USD"),
        ("US$ million", D(10**6), "USD"),
        ("Millions of dollars", D(10**6), "USD"),
        ("Net interest income, in $m", D(10**6), "USD"),
        ("USD millions, except per share data", D(10**6), "USD"),
    ],
)
def test_a_caption_naming_a_currency_and_a_scale_scales_the_table_under_it(
    caption: str, scale: Decimal, currency: str
) -> None:
    import tieout

    text = BANK_RELEASE.format(caption=caption)
    [table] = read_layout(text).tables
    assert table.note is not None
    assert (table.note.scale, table.note.currency) == (scale, currency)
    figs = extract(text)
    # a bare "$" under a euro caption is no US dollar: the unknown currency, never passed
    dollar = "USD" if currency == "USD" else "XXX"
    assert (figure(figs, "$ 1,184").value, figure(figs, "$ 1,184").unit) == (1184 * scale, dollar)
    assert (figure(figs, "436").value, figure(figs, "436").implied_unit) == (436 * scale, currency)
    wrong = tieout.gate("Net interest income was $1,184 in 4Q25.", sources=[text])
    assert [c.text for c in wrong.rejected] == ["$1,184"]
    if scale == 10**6:
        assert tieout.gate("Net interest income was $1,184 million.", sources=[text]).passed


@pytest.mark.parametrize(
    "text",
    [
        "We spent USD millions on it.\n",
        "He was in USD m and out.\n",
        "The fund raised $ millions from investors last year.\n",
        "Revenue was USD 4 million in 2025.\n",
    ],
)
def test_a_currency_and_a_scale_inside_a_sentence_is_no_caption(text: str) -> None:
    assert read_layout(text).notes == []


# --------------------------------------------------------------------------- scale notes worded
# as filings abroad word them

_NOTE_CASES = [
    # wording, scale, currency
    ("(Thousands of Dollars)", D(1000), "USD"),
    ("(Millions of Dollars)", D(10**6), "USD"),
    ("(in $000s)", D(1000), "USD"),
    ("($ in 000s)", D(1000), "USD"),
    # a currency and "000" with no parentheses, as workbooks and packs head their tables
    ("$000s", D(1000), "USD"),
    ("$000", D(1000), "USD"),
    ("US$000", D(1000), "USD"),
    ("€000", D(1000), "EUR"),
    ("USD 000s", D(1000), "USD"),
    ("Amounts in $000s", D(1000), "USD"),
    # a currency and a scale before an except clause
    ("($ millions, except per share amounts)", D(10**6), "USD"),
    ("(€ millions, except per share data)", D(10**6), "EUR"),
    ("(000's)", D(1000), None),
    ("(in '000s)", D(1000), None),
    ("in USD thousand", D(1000), "USD"),
    ("(US$ thousand)", D(1000), "USD"),
    ("(€ thousand)", D(1000), "EUR"),
    ("(EUR thousand)", D(1000), "EUR"),
    ("(EUR million)", D(10**6), "EUR"),
    ("(in € million)", D(10**6), "EUR"),
    ("(CHF million)", D(10**6), "CHF"),
    ("(£ million)", D(10**6), "GBP"),
    ("(in £m)", D(10**6), "GBP"),
    ("(in $m)", D(10**6), "USD"),
    ("($MM)", D(10**6), "USD"),
    ("(NZ$000)", D(1000), "NZD"),
    ("NZ$m", D(10**6), "NZD"),
    ("(A$m)", D(10**6), "AUD"),
    ("(A$ million)", D(10**6), "AUD"),
    ("(C$ millions)", D(10**6), "CAD"),
    ("(R million)", D(10**6), "ZAR"),
    ("(RM'000)", D(1000), "MYR"),
    ("RMB'000", D(1000), "CNY"),
    ("(JPY million)", D(10**6), "JPY"),
    ("(¥ million)", D(10**6), "JPY"),
    ("(Millions of yen)", D(10**6), "JPY"),
    ("(in mn)", D(10**6), None),
    ("(in TEUR)", D(1000), "EUR"),
    ("(in kEUR)", D(1000), "EUR"),
    ("(in EUR k)", D(1000), "EUR"),
    ("R$ mil", D(10**6), "BRL"),
    ("(R$ thousands)", D(1000), "BRL"),
    # Mexican or Argentine pesos: no currency guessed, and none confirmed ("XXX": no currency)
    ("(Ps. millions)", D(10**6), "XXX"),
    ("$A'000", D(1000), "AUD"),
    # a prefixed dollar is not the US dollar
    ("HK$'000", D(1000), "HKD"),
    ("S$'000", D(1000), "SGD"),
    ("A$'000", D(1000), "AUD"),
    ("C$'000", D(1000), "CAD"),
    # a currency named in words
    ("(In millions of yen)", D(10**6), "JPY"),
    ("(in millions of Japanese yen)", D(10**6), "JPY"),
    ("(in millions of Canadian dollars)", D(10**6), "CAD"),
    ("(expressed in thousands of Canadian dollars)", D(1000), "CAD"),
    ("(in millions of Swiss francs)", D(10**6), "CHF"),
    ("(in billions of won)", D(10**9), "KRW"),
    ("(in thousands of Brazilian reais)", D(1000), "BRL"),
    # read as before
    ("(Dollars in Thousands)", D(1000), "USD"),
    ("(In millions of U.S. dollars)", D(10**6), "USD"),
    ("(in USD millions)", D(10**6), "USD"),
    ("(€m)", D(10**6), "EUR"),
    ("(in thousands of euros)", D(1000), "EUR"),
    ("(in millions of pounds sterling)", D(10**6), "GBP"),
    ("(Amounts in millions)", D(10**6), None),
    ("($000s)", D(1000), "USD"),
    ("(€ in millions)", D(10**6), "EUR"),
    ("(US$ millions)", D(10**6), "USD"),
    ("(¥ in billions)", D(10**9), "JPY"),
    ("USD '000", D(1000), "USD"),
    ("(₹ in crore)", D(10**7), "INR"),
    ("(Rs. in lakhs)", D(10**5), "INR"),
    ("(₹ crore)", D(10**7), "INR"),
    ("(INR Crore)", D(10**7), "INR"),
    ("(KRW in millions)", D(10**6), "KRW"),
    ("(MXN millions)", D(10**6), "MXN"),
]


@pytest.mark.parametrize(
    ("note", "scale", "currency"), _NOTE_CASES, ids=[c[0] for c in _NOTE_CASES]
)
def test_a_statements_scale_note_in_any_common_wording(
    note: str, scale: Decimal, currency: str | None
) -> None:
    text = (
        "CONSOLIDATED STATEMENT OF PROFIT OR LOSS\n"
        f"{note}\n\n"
        "                                   2025        2024\n"
        "Revenue                         1,234.5       987.6\n"
        "Operating costs                   804.1       711.0\n"
    )
    figs = extract(text)
    revenue = figure(figs, "1,234.5")
    assert (revenue.value, revenue.implied_unit) == (D("1234.5") * scale, currency)
    # the note's own digits ("000") are no figure of the statement
    assert [f.text for f in figs if f.span[0] < text.index("2025")] == []


def test_a_scale_note_in_a_column_heading_cell_is_no_figure() -> None:
    text = "| Segment | ($000) |\n|---|---:|\n| Retail | 4,120 |\n| Wholesale | 2,005 |\n"
    figs = extract(text)
    assert [f.text for f in figs] == ["4,120", "2,005"]
    assert figure(figs, "4,120").value == D(4_120_000)


# a 10-Q's quarter and year-to-date headings side by side on one line, each over its two
# years, with fewer cells than the table (tab-separated as EDGAR and Excel copy it; a
# Markdown table with the headings in the header; aligned with spaces)
_SPANNING = {
    "tab": (
        "(in thousands, except per share data)\n\n"
        "\tThree Months Ended September 30,\tNine Months Ended September 30,\n"
        "\t2026\t2025\t2026\t2025\n"
        "Revenue\t$48,213\t$44,907\t$139,552\t$128,004\n"
        "Net income per share\t$0.41\t$0.38\t$1.12\t$1.01\n"
    ),
    "tab, three lines": (
        "(in thousands, except per share data)\n\n"
        "\tThree Months Ended\tNine Months Ended\n"
        "\tSeptember 30,\tSeptember 30,\n"
        "\t2026\t2025\t2026\t2025\n"
        "Revenue\t$48,213\t$44,907\t$139,552\t$128,004\n"
        "Net income per share\t$0.41\t$0.38\t$1.12\t$1.01\n"
    ),
    "markdown": (
        "(in thousands, except per share data)\n\n"
        "| | Three Months Ended September 30, | Nine Months Ended September 30, |\n"
        "| | 2026 | 2025 | 2026 | 2025 |\n|---|---|---|---|---|\n"
        "| Revenue | $48,213 | $44,907 | $139,552 | $128,004 |\n"
        "| Net income per share | $0.41 | $0.38 | $1.12 | $1.01 |\n"
    ),
    "markdown, no separator": (
        "(in thousands, except per share data)\n\n"
        "| | Three Months Ended September 30, | Nine Months Ended September 30, |\n"
        "| | 2026 | 2025 | 2026 | 2025 |\n"
        "| Revenue | $48,213 | $44,907 | $139,552 | $128,004 |\n"
        "| Net income per share | $0.41 | $0.38 | $1.12 | $1.01 |\n"
    ),
    "aligned": (
        "(in thousands, except per share data)\n\n"
        "                      Three Months Ended September 30,   Nine Months Ended September 30,\n"
        "                         2026          2025                2026          2025\n"
        "Revenue               $48,213       $44,907            $139,552      $128,004\n"
        "Net income per share    $0.41         $0.38               $1.12         $1.01\n"
    ),
}


@pytest.mark.parametrize("shape", list(_SPANNING))
def test_headings_spanning_two_years_each_on_one_line_head_their_columns(shape: str) -> None:
    text = _SPANNING[shape]
    [table] = read_layout(normalize(text)).tables
    assert table.columns[1:] == (
        "Three Months Ended September 30, 2026",
        "Three Months Ended September 30, 2025",
        "Nine Months Ended September 30, 2026",
        "Nine Months Ended September 30, 2025",
    )
    assert [r.header for r in table.rows][-3:] == [True, False, False]  # the years head
    figs = extract(text)
    got = [(f.text.replace(" ", ""), f.value, period_of(f)) for f in figs if f.where]
    assert got == [
        ("$48,213", D(48_213_000), (date(2026, 7, 1), date(2026, 9, 30), "quarter")),
        ("$44,907", D(44_907_000), (date(2025, 7, 1), date(2025, 9, 30), "quarter")),
        ("$139,552", D(139_552_000), (date(2026, 1, 1), date(2026, 9, 30), "span")),
        ("$128,004", D(128_004_000), (date(2025, 1, 1), date(2025, 9, 30), "span")),
        ("$0.41", D("0.41"), (date(2026, 7, 1), date(2026, 9, 30), "quarter")),
        ("$0.38", D("0.38"), (date(2025, 7, 1), date(2025, 9, 30), "quarter")),
        ("$1.12", D("1.12"), (date(2026, 1, 1), date(2026, 9, 30), "span")),
        ("$1.01", D("1.01"), (date(2025, 1, 1), date(2025, 9, 30), "span")),
    ]
    # the years head columns: none is an amount of the table
    assert [f.value for f in figs if f.text in ("2026", "2025") and f.scale_source != "none"] == []


def test_a_tab_heading_row_spans_its_columns_only_when_they_divide_evenly() -> None:
    # two years over four columns of amounts and percents: each year heads two
    text = "\t2026\t2025\n\tAmount\t%\tAmount\t%\nRevenue\t48,213\t61.2\t44,907\t58.9\n"
    [table] = read_layout(text).tables
    assert table.columns == ("", "2026 Amount", "2026 %", "2025 Amount", "2025 %")
    # two headings over three columns: no even span; they head the last two, as before
    text = "\tQ3 2026\tQ2 2026\nRevenue\t48,213\t44,907\t41,002\n"
    [table] = read_layout(text).tables
    assert table.columns == ("", "", "Q3 2026", "Q2 2026")


Q3_25, Q3_24 = (
    (date(2025, 7, 1), date(2025, 9, 30), "quarter"),
    (date(2024, 7, 1), date(2024, 9, 30), "quarter"),
)
NINE_25 = (date(2025, 1, 1), date(2025, 9, 30), "span")
NINE_24 = (date(2024, 1, 1), date(2024, 9, 30), "span")
UNREAD = (date.min, date.min, "unread")


@pytest.mark.parametrize(
    ("heads", "periods"),
    [
        ("Q3 2025\tQ3 2024\t9M 2025\t9M 2024", [Q3_25, Q3_24, NINE_25, NINE_24]),
        ("Q3 2025\tQ3 2024\t9M25\t9M24", [Q3_25, Q3_24, NINE_25, NINE_24]),
        ("Q3 2025\tQ3 2024\tJan-Sep 2025\tJan-Sep 2024", [Q3_25, Q3_24, NINE_25, NINE_24]),
        ("Q3 2025\tQ3 2024\tNine months 2025\tNine months 2024", [Q3_25, Q3_24, NINE_25, NINE_24]),
        (
            "Oct-Dec 2025\tOct-Dec 2024\t12M 2025\t12M 2024",
            [
                (date(2025, 10, 1), date(2025, 12, 31), "quarter"),
                (date(2024, 10, 1), date(2024, 12, 31), "quarter"),
                (date(2025, 1, 1), date(2025, 12, 31), "year"),
                (date(2024, 1, 1), date(2024, 12, 31), "year"),
            ],
        ),
        (
            "2025/26\t2024/25\tFY2025/26\tFY2024/25",
            [
                (date(2026, 1, 1), date(2026, 12, 31), "year"),
                (date(2025, 1, 1), date(2025, 12, 31), "year"),
            ]
            * 2,
        ),
        # a heading naming a year that reads as no period keeps the row a heading; its
        # column's period is unread, which no claim agrees with
        ("Q3 2025\tQ3 2024\tYTD 2025\tLTM 2024", [Q3_25, Q3_24, UNREAD, UNREAD]),
        (
            "2025\t2024\t2025 vs 2024\tChange",
            [
                (date(2025, 1, 1), date(2025, 12, 31), "year"),
                (date(2024, 1, 1), date(2024, 12, 31), "year"),
                None,  # a change between two years has no period of its own
                None,
            ],
        ),
    ],
)
def test_interim_and_split_year_headings_head_their_columns(
    heads: str, periods: list[tuple[date, date, str] | None]
) -> None:
    # one heading that was no period ("9M 2025") made the whole row data: every column
    # lost its period, and the headings' years were read as EUR millions
    text = f"Key figures\n(in EUR million)\n\n\t{heads}\nRevenue\t4,812.6\t4,503.1\t14,221.4\t13,390.2\n"
    figs = extract(text)
    cells = [f for f in figs if f.where]
    assert [f.value for f in cells] == [
        D(4_812_600_000),
        D(4_503_100_000),
        D(14_221_400_000),
        D(13_390_200_000),
    ]
    assert [period_of(f) for f in cells] == periods
    assert [f.where for f in figs if f.text in ("2025", "2024")] == [None] * len(
        [f for f in figs if f.text in ("2025", "2024")]
    )
    assert all(f.scale_source == "none" and f.unit is None for f in figs if not f.where)
