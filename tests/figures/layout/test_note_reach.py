"""How far a scale note reaches in a document, which lines above a table are headings,
and the artefacts of PDF- and HTML-to-text converters (dot leaders run straight into a
figure or filling the gaps between columns). Each text is printed the way ACFRs, official
statements, 10-Ks and earnings releases print them; each gate test pairs a faithful draft
with one that invents a scale, which must be refused.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from _figures import figure

import tieout
from tieout.figures import extract, normalize
from tieout.gating import GateResult
from tieout.gating.gate import claim_class
from tieout.gating.lazy import LazySource

D = Decimal


def verdict(result: GateResult) -> str | list[str]:
    return "pass" if result.passed else [c.key for c in result.rejected]


def gate(draft: str, source: str) -> str | list[str]:
    return verdict(tieout.gate(draft, sources=[source]))


# --------------------------------------------------------------------------- dot leaders


@pytest.mark.parametrize(
    ("line", "text", "value"),
    [
        ("Budget Stabilization Account .........2,811.0", "2,811.0", D("2811.0")),
        ("Total AV..............31,413,227", "31,413,227", D(31413227)),
        ("Net pension liability..........412.8", "412.8", D("412.8")),
        ("Total assets........8,912,440", "8,912,440", D(8912440)),
        ("Reserves ...5179.4", "5179.4", D("5179.4")),
        ("Reserves ....3.5%", "3.5%", D("3.5")),
        ("Reserves rose to...3.5% of revenue.", "3.5%", D("3.5")),
    ],
)
def test_a_dot_leader_run_into_a_figure_keeps_every_digit(
    line: str, text: str, value: Decimal
) -> None:
    figs = extract(line)
    assert [f.text for f in figs] == [text]
    assert figs[0].value == value


def test_two_dots_after_a_digit_are_no_leader() -> None:
    # "1..5" is no leader: the "5" is not read as a figure of its own
    assert [f.text for f in extract("rows 1..5")] == ["1"]  # ("pages" is a locator now)


BUDGET = """TABLE 1. GENERAL FUND BALANCE SHEET
(dollars in millions)
                                           2023-25          2025-27
Unrestricted ending balance ..........2,368.4          3,664.8
Budget Stabilization Account .........2,811.0          2,437.2
   Total reserves ....................5,179.4          6,102.0
"""


@pytest.mark.parametrize(
    ("draft", "expected"),
    [
        ("The BSA held $2,811.0 million.", "pass"),
        ("Total reserves were $5,179.4 million.", "pass"),
        ("The BSA held $811.0 million.", ["currency:USD:811000000"]),
        ("Total reserves were $179.4 million.", ["currency:USD:179400000"]),
    ],
)
def test_a_leader_glued_to_a_cell_in_the_gate(draft: str, expected: object) -> None:
    assert gate(draft, BUDGET) == expected


def test_a_figure_after_an_ellipsis_in_a_draft_is_a_claim() -> None:
    assert gate("Reserves rose to...3.5% of revenue.", "No figures here.") == ["percent:3.5"]


LEADERS_BETWEEN = """FIVE-YEAR SELECTED DATA
(In millions, except per share amounts)
                                   2026      2025      2024
Net sales.......................$4,213....$3,876....$3,602
Net income......................   419.......358.......244
Dividends per share.............  0.88......0.84......0.80
"""


def test_leaders_between_columns_part_the_cells() -> None:
    figs = extract(LEADERS_BETWEEN)
    got = [(f.text, f.value, f.where) for f in figs if f.where]
    assert got == [
        ("$4,213", D(4213) * 10**6, "row Net sales, column 2026"),
        ("$3,876", D(3876) * 10**6, "row Net sales, column 2025"),
        ("$3,602", D(3602) * 10**6, "row Net sales, column 2024"),
        ("419", D(419) * 10**6, "row Net income, column 2026"),
        ("358", D(358) * 10**6, "row Net income, column 2025"),
        ("244", D(244) * 10**6, "row Net income, column 2024"),
        ("0.88", D("0.88"), "row Dividends per share, column 2026"),
        ("0.84", D("0.84"), "row Dividends per share, column 2025"),
        ("0.80", D("0.80"), "row Dividends per share, column 2024"),
    ]
    draft = "Net income was $358 million in 2025 and dividends $0.84 per share."
    assert gate(draft, LEADERS_BETWEEN) == "pass"
    assert gate("Net income was $358 thousand.", LEADERS_BETWEEN) == ["currency:USD:358000"]


# --------------------------------------------------------------------------- note reach

ACFR = """NOTE 11 - DEFINED BENEFIT PENSION PLANS

Changes in Net Pension Liability - Safety Plan
(dollars in millions)

                           Total Pension   Net Pension
                             Liability      Liability
Balance at June 30, 2025 ..   $ 844.0        $ 268.9

                                                          Page 140
STATISTICAL SECTION

RATIOS OF GENERAL BONDED DEBT OUTSTANDING
   Fiscal      General Obligation       Per
    Year             Bonds             Capita
   2025        $  101,640,000          $  541
   2026            95,710,000             511
"""


def test_a_note_does_not_reach_a_titled_table_pages_later() -> None:
    figs = extract(ACFR)
    assert figure(figs, "$ 844.0").value == D(844) * 10**6  # its own table: in millions
    assert figure(figs, "95,710,000").value == D(95_710_000)
    assert figure(figs, "511").value == D(511)
    assert gate("GO debt per capita was $511 in 2026.", ACFR) == "pass"
    assert gate("GO bonds outstanding were $95,710,000.", ACFR) == "pass"
    assert gate("GO debt per capita was $511 million.", ACFR) == ["currency:USD:511000000"]


BUDGET_FTES = """TABLE 2. SPENDING BY FUNCTIONAL AREA, 2025-27
(dollars in billions)
                          NGF-O     All Funds
K-12 Education .......    31.47       34.92
   Total .............    71.21       84.60

TABLE 3. STATE EMPLOYEE FTEs
                        FY 2025-26     FY 2026-27
General Government ...       4,812          4,905
   Total .............      29,266         29,661
"""


def test_a_numbered_table_caption_stops_the_note_above() -> None:
    assert figure(extract(BUDGET_FTES), "29,661").value == D(29_661)
    assert figure(extract(BUDGET_FTES), "71.21").value == D("71.21") * 10**9
    assert gate("State payroll is $29.661 trillion.", BUDGET_FTES) == [
        "currency:USD:29661000000000"
    ]


HTML_TEXT = """## CITY OF RIVERBEND

Budget and Actual - General Fund

(amounts expressed in thousands)

| | Final | Actual |
|---|---|---|
| Property taxes | $71,250 | $73,018 |

Per capita general obligation debt was $511 at June 30, 2026.

| Fiscal Year | GO Bonds | Per Capita |
|---|---|---|
| 2026 | $95,710,000 | $511 |
"""


def test_a_paragraph_between_two_html_tables_stops_the_note() -> None:
    figs = extract(HTML_TEXT)
    assert figure(figs, "$73,018").value == D(73_018_000)
    assert figure(figs, "$95,710,000").value == D(95_710_000)
    assert gate("GO bonds outstanding were $95,710,000.", HTML_TEXT) == "pass"
    assert gate("GO bonds outstanding were $95.71 billion.", HTML_TEXT) == [
        "currency:USD:95710000000"
    ]
    assert gate("Property taxes came in at $73.018 million.", HTML_TEXT) == "pass"


RELEASE = """AUM ROLL-FORWARD
($ in billions)                           Q3 2026     Q3 2025
Beginning AUM                               718.9       641.3
Ending AUM                                  742.6       660.7

FUND RATINGS
                                          Q3 2026     Q3 2025
Funds rated 4 or 5 stars                      112          98
"""


def test_a_heading_in_capitals_right_above_a_table_stops_the_note() -> None:
    figs = extract(RELEASE)
    assert figure(figs, "742.6").value == D("742.6") * 10**9
    assert figure(figs, "112").value == D(112)
    assert gate("112 funds were rated 4 or 5 stars.", RELEASE) == "pass"
    assert gate("Ending AUM was $742.6 billion.", RELEASE) == "pass"
    assert gate("Four- and five-star funds held $112 billion.", RELEASE) == [
        "currency:USD:112000000000"
    ]


SELECTED = """SELECTED FINANCIAL DATA
(in thousands, except per share data)
                               2025        2024
Net sales                   260,174     255,112

Balance Sheet Data
                               2025        2024
Total assets                198,442     191,605
"""

BALANCE_SHEET = """CONSOLIDATED BALANCE SHEETS
(in millions)
                               2025        2024
Cash and equivalents          1,204       1,118
Total assets                  9,870       9,412

LIABILITIES AND STOCKHOLDERS' EQUITY
Accounts payable                812         774
Total liabilities             5,310       5,002
"""

ITEM_6 = """Item 6. Selected Financial Data

(in thousands)
                               2025        2024
Net sales                   260,174     255,112

Balance Sheet Data
                               2025        2024
Total assets                198,442     191,605
"""

FOOTNOTED = """Results
(in thousands)

                 2025      2024
Revenue        79,140    71,920
(1) Includes stock-based compensation of $12 million.

                 2025      2024
Other           4,321     3,210
"""


@pytest.mark.parametrize(
    ("source", "text", "value"),
    [
        # a sub-caption in title case under a title in capitals: the same statement
        (SELECTED, "198,442", D(198_442_000)),
        # the same under an Item's heading: the heading titles the section, not the table
        (ITEM_6, "198,442", D(198_442_000)),
        # a group label in capitals over rows with no headings of their own
        (BALANCE_SHEET, "5,310", D(5_310_000_000)),
        # a table's footnote between the two: the note still reaches the one below
        (FOOTNOTED, "4,321", D(4_321_000)),
    ],
)
def test_the_note_still_reaches_the_parts_of_one_statement(
    source: str, text: str, value: Decimal
) -> None:
    assert figure(extract(source), text).value == value


# --------------------------------------------------------------------------- headings

TIGHT = """Third Quarter 2026 Highlights
- The combined ratio was 91.8%, an improvement of 3.6 points.

UNDERWRITING RATIOS
                                        Q3 2026   Q3 2025   9M 2026   9M 2025
Combined ratio                            91.8%     95.4%     93.0%     94.5%

CAPITAL AND LIQUIDITY
Debt-to-capital was 21.3%.
"""


def test_headings_printed_right_above_their_content() -> None:
    from tieout.figures.layout import read_layout

    lay = read_layout(TIGHT)
    heads = [(s.title, s.level) for s in lay.sections if s.kind == "heading"]
    assert heads == [
        ("Third Quarter 2026 Highlights", 3),
        ("UNDERWRITING RATIOS", 3),
        ("CAPITAL AND LIQUIDITY", 3),
    ]
    at = lay.heading_at(TIGHT.index("91.8%     95.4%"))
    assert at is not None and at.title == "UNDERWRITING RATIOS"
    at = lay.heading_at(TIGHT.index("21.3%"))
    assert at is not None and at.title == "CAPITAL AND LIQUIDITY"


def _check(source: str, claim: dict[str, object]) -> tuple[str, str]:
    doc = tieout.Document.from_text(
        "hsig", source, period_start="2025-01-01", period_end="2026-09-30", published="2026-10-27"
    )
    report = tieout.check_claims([claim], [doc])[0]
    return report.verdict, report.reason


QUOTE = "Combined ratio                            91.8%     95.4%     93.0%     94.5%"


def test_a_locator_names_a_heading_printed_right_above_its_table() -> None:
    base = dict(
        metric_key="cr_q3",
        value=91.8,
        unit="percent",
        period_start="2026-07-01",
        period_end="2026-09-30",
        source_doc_id="hsig",
        source_quote=QUOTE,
    )
    assert _check(TIGHT, {**base, "source_locator": "section: UNDERWRITING RATIOS"})[0] == "pass"
    verdict, reason = _check(TIGHT, {**base, "source_locator": "section: CAPITAL AND LIQUIDITY"})
    assert verdict == "warning" and "locator said CAPITAL AND LIQUIDITY" in reason


def test_prose_under_a_heading_over_bullets_takes_its_period() -> None:
    claim = dict(
        metric_key="cr_9m",
        value=91.8,
        unit="percent",
        period_start="2026-01-01",
        period_end="2026-09-30",
        source_doc_id="hsig",
        source_quote="The combined ratio was 91.8%, an improvement of 3.6 points.",
        source_locator="section: Third Quarter 2026 Highlights",
    )
    verdict, reason = _check(TIGHT, claim)
    assert verdict == "fail" and "stated for Q3 2026" in reason


@pytest.mark.parametrize(
    ("source", "heading"),
    [
        ("Balance Sheet Data\n        2025    2024\nTotal assets   9,870   9,412\n", False),
        # a title on two lines in capitals: its first line is no heading of its own
        ("NOTE 11 - DEFINED BENEFIT\nPENSION PLANS\n\nThe plan is closed.\n", False),
        ("UNDERWRITING RATIOS\n        Q3 2026   Q3 2025\nCombined ratio   91.8%   95.4%\n", True),
        ("Page 12\nThe plan is closed to new members.\n", False),
        # a period in capitals over its rows is no title
        ("Q3 2026\nRevenue      4,213      3,876\nNet income     419        358\n", False),
    ],
)
def test_which_lines_right_above_their_content_are_headings(source: str, heading: bool) -> None:
    from tieout.figures.layout import read_layout

    first = source.split("\n")[0]
    titles = [s.title for s in read_layout(source).sections if s.kind == "heading"]
    assert (first in titles) is heading
    assert "PENSION PLANS" not in titles


# --------------------------------------------------------------------------- period labels

EMBEDDED = """Section 4. Embedded Value
(in millions of U.S. dollars)
                                            Sep 30, 2026      Dec 31, 2025
Embedded value                                 11,353            10,640
Value of new business (9M)                        246               231
"""


def test_nine_months_in_a_row_label_is_no_figure() -> None:
    assert [f.text for f in extract("Value of new business (9M)    246")] == ["246"]
    assert gate("About 9 million policies were in force.", EMBEDDED) == ["number:9000000"]
    assert gate("Value of new business was $246 million.", EMBEDDED) == "pass"
    # a currency makes it an amount: "$(9M)" is a loss of $9 million
    assert [(f.text, f.value) for f in extract("a loss of $(9M)")] == [("$(9M)", D(-9_000_000))]
    result = tieout.gate("Value of new business (9M) rose 6%.", sources=["Value rose 6%."])
    assert result.passed
    assert [(c.kind, c.text) for c in result.carve_outs] == [("date", "(9M)")]


# --------------------------------------------------------------------------- a note over a paragraph

BODY = (
    "The General Fund ended the year with a fund balance of $94,300, of which $41,600 "
    "was unassigned.\n"
)


@pytest.mark.parametrize(
    "source",
    [
        "MANAGEMENT'S DISCUSSION AND ANALYSIS\n(amounts expressed in thousands)\n\n" + BODY,
        "MANAGEMENT'S DISCUSSION AND ANALYSIS\n(in thousands)\n\n" + BODY,
        "Financial Highlights\n\n(Dollars in thousands)\n\n" + BODY,
        "MANAGEMENT'S DISCUSSION AND ANALYSIS (amounts expressed in thousands)\n" + BODY,
    ],
)
def test_a_note_on_its_own_line_scales_the_paragraph_under_it(source: str) -> None:
    assert figure(extract(source), "$94,300").value == D(94_300_000)
    assert gate("Fund balance was $94.3 million.", source) == "pass"
    assert gate("Fund balance was $94,300.", source) == ["currency:USD:94300"]


@pytest.mark.parametrize(
    "source",
    [
        # the paragraph after the next: the note governs the one under it only
        "(in thousands)\n\nThe fund is managed by the city.\n\n" + BODY,
        # a sentence that mentions thousands is no note standing alone
        "Amounts in the schedules are in thousands.\n\n" + BODY,
    ],
)
def test_a_note_does_not_reach_past_the_paragraph_under_it(source: str) -> None:
    assert figure(extract(source), "$94,300").value == D(94_300)
    assert gate("Fund balance was $94,300.", source) == "pass"


# --------------------------------------------------------------------------- a table's footnotes

TEN_K = """SELECTED FINANCIAL DATA
(Dollars in thousands, except per share data)

                                  2026          2025          2024
Net sales                  $ 4,213,118   $ 3,876,402   $ 3,602,551
Operating income(1)            612,004(2)    538,210       417,996
Diluted earnings per share        2.41          2.02          1.63

(1) Includes restructuring charges of $12,004 and $31,220 in 2025 and 2024.
(2) Includes a gain of $4,118 on the sale of a facility, or $0.05 per diluted share.
(3) Restated; see Note 2.
"""


@pytest.mark.parametrize(
    "source",
    [
        TEN_K,
        # the footnotes right under the last row, no blank line between
        TEN_K.replace("1.63\n\n(1)", "1.63\n(1)"),
        # each footnote a paragraph of its own, the first longer than a line
        TEN_K.replace("\n(2)", "\n\n(2)").replace(
            "in 2025 and 2024.",
            "in 2025 and 2024, mostly severance in the Industrial segment and "
            "lease exit costs at two sites.",
        ),
    ],
)
def test_a_tables_footnotes_state_amounts_in_its_units(source: str) -> None:
    figs = extract(source)
    assert figure(figs, "$12,004").value == D(12_004_000)
    assert figure(figs, "$4,118").value == D(4_118_000)
    assert figure(figs, "$0.05").value == D("0.05")  # a per-share amount keeps its unit
    assert gate("Restructuring charges were $12,004 thousand in 2025.", source) == "pass"
    assert gate("The facility gain was $4.118 million.", source) == "pass"
    assert gate("Restructuring charges were $12,004 in 2025.", source) == ["currency:USD:12004"]


@pytest.mark.parametrize(
    "source",
    [
        # prose between the table and the paragraph: no footnote of the table
        TEN_K.replace("(1) Includes", "Charges fell in 2026.\n\n(1) Includes"),
        # a table with no scale note: its footnotes' amounts are what they print
        TEN_K.replace("(Dollars in thousands, except per share data)\n", ""),
        # a paragraph with no footnote mark under the table
        TEN_K.replace("(1) Includes", "Includes"),
        # a mark no row or cell of the table bears: a note of the page, not of the table
        TEN_K.replace("income(1)", "income"),
    ],
)
def test_only_footnotes_right_under_a_noted_table_take_its_units(source: str) -> None:
    assert figure(extract(source), "$12,004").value == D(12_004)
    assert gate("Restructuring charges were $12,004 thousand.", source) == ["currency:USD:12004000"]


# --------------------------------------------------------------------------- the lazy reading

_SOURCES = [
    BUDGET,
    LEADERS_BETWEEN,
    ACFR,
    BUDGET_FTES,
    HTML_TEXT,
    RELEASE,
    SELECTED,
    ITEM_6,
    BALANCE_SHEET,
    FOOTNOTED,
    TIGHT,
    EMBEDDED,
    "MANAGEMENT'S DISCUSSION AND ANALYSIS\n(amounts expressed in thousands)\n\n" + BODY,
    "Financial Highlights\n\n(Dollars in thousands)\n\n" + BODY,
    "(in thousands)\n\nThe fund is managed by the city.\n\n" + BODY,
    # all of them one after the other, as one long document
    "\n\n".join([BUDGET, ACFR, RELEASE, SELECTED, HTML_TEXT, BALANCE_SHEET]),
    "Net income was $419 million.\n\n(in millions)\n\nRevenue was $4,213.\n\n" + LEADERS_BETWEEN,
    TEN_K,
    TEN_K.replace("1.63\n\n(1)", "1.63\n(1)"),
    TEN_K.replace("\n(2)", "\n\n(2)").replace(
        "2024.", "2024, " + "and lease exit costs " * 5 + "."
    ),
    TEN_K.replace("(1) Includes", "Charges fell in 2026.\n\n(1) Includes"),
    TEN_K.replace("(1) Includes", "x" * 95 + "\n\n(1) Includes"),
    TEN_K.replace("(1) Includes", "(1) " + "x" * 95 + "\nIncludes"),
    "\n\n".join([SELECTED, TEN_K, "Other text of the report.", TEN_K]),
]


@pytest.mark.parametrize("source", _SOURCES)
def test_the_lazy_reading_gives_the_full_readings_answers(source: str) -> None:
    source = normalize(source, "auto")
    reference = LazySource(source, "s").full()
    disagreements = []
    for f in extract(source, words=True):
        variants = [f]
        if f.value is not None and f.kind != "section":
            variants.append(replace(f, value=f.value * 1000))
            variants.append(replace(f, kind="currency", unit="USD"))
        for v in variants:
            cls = claim_class(v) or "numeric"
            lazy = LazySource(source, "s").lookup(cls, v)
            want = reference.lookup(cls, v)
            if (lazy is None) != (want is None):
                disagreements.append((v.text, v.kind, str(v.value)))
    assert disagreements == []
