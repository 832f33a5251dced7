"""SaaS board decks and official statistics (BLS, BEA): figures a fabricated draft must not
pass on, and restatements a faithful one must."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest

import tieout
from tieout.figures import extract

UNIT_ECONOMICS = """## 4. Unit Economics

| | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| LTV / CAC | 3.4x | 3.9x |
| Magic number | 0.71 | 0.84 |
"""


@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("The magic number 0.97 was a record.", "number:0.97"),
        ("The CPI-U index number 318.2 was a new high.", "number:318.2"),
    ],
)
def test_decimal_after_lower_case_number_is_a_figure(draft: str, key: str) -> None:
    r = tieout.gate(draft, sources=[UNIT_ECONOMICS])
    assert r.carve_outs == ()
    assert not r.passed
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, "missing")


def test_magic_number_in_the_source_passes() -> None:
    r = tieout.gate("The magic number reached 0.84 in Q3 FY26.", sources=[UNIT_ECONOMICS])
    assert r.passed, [(c.text, c.reason) for c in r.claims]


@pytest.mark.parametrize(
    "text", ["Quote account number 4417 when you call.", "See Number 3.2 in the list."]
)
def test_whole_identifier_after_number_stays_carved(text: str) -> None:
    assert extract(text) == []


EMPLOYMENT = """Summary table B. Establishment data, seasonally adjusted
[Numbers in thousands]

                                        Sep.      Oct.
Category                                2025      2025
Total nonfarm...........................  255       227
  Total private.........................  223       194
"""


@pytest.mark.parametrize(
    "note", ["[Numbers in thousands]", "(Subscribers in thousands)", "[Members in thousands]"]
)
@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("Payroll costs rose by ₹227,000.", "currency:INR:227000"),
        ("Revenue was Rs. 194,000.", "currency:INR:194000"),
        ("Revenue was $194,000.", "currency:USD:194000"),
    ],
)
def test_a_note_naming_counts_is_no_rupee_note(note: str, draft: str, key: str) -> None:
    source = EMPLOYMENT.replace("[Numbers in thousands]", note)
    r = tieout.gate(draft, sources=[source])
    [claim] = r.claims
    assert (claim.key, claim.status, r.passed) == (key, "missing", False)


def test_counts_under_numbers_in_thousands_still_confirm_counts() -> None:
    r = tieout.gate("Payrolls rose by 227,000 in October.", sources=[EMPLOYMENT])
    [claim] = r.claims
    assert (claim.key, claim.status) == ("number:227000", "found")


def test_rupees_in_thousands_is_still_a_rupee_note() -> None:
    source = EMPLOYMENT.replace("[Numbers in thousands]", "(Rs. in thousands)")
    r = tieout.gate("Revenue was Rs. 194,000.", sources=[source])
    assert r.passed, [(c.text, c.reason) for c in r.claims]


FINANCIALS = """FINANCIALS ($ in thousands)

                              Sep-25     Oct-25
Revenue                        981.0    1,021.7
Net burn                      (901.2)    (842.1)
Headcount                        90         91
Customers                       412        431
"""


def test_a_dollar_note_still_scales_the_dollar_rows() -> None:
    r = tieout.gate(
        "Revenue was $1,021,700 in October, with net burn of $842.1k.", sources=[FINANCIALS]
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("currency:USD:1021700", "found"),
        ("currency:USD:842100", "found"),
    ]


@pytest.mark.parametrize(
    ("draft", "key", "status"),
    [
        ("Larkspur now has 91,000 employees.", "number:91000", "missing"),
        ("Larkspur now serves 431,000 customers.", "number:431000", "missing"),
    ],
)
def test_a_dollar_note_leaves_count_rows_unscaled(draft: str, key: str, status: str) -> None:
    r = tieout.gate(draft, sources=[FINANCIALS])
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, status)


def test_count_cells_under_a_dollar_note_read_as_written() -> None:
    values = {f.text: f.value for f in extract(FINANCIALS)}
    assert (values["91"], values["431"], values["1,021.7"]) == (91, 431, 1_021_700)


PNL_THEN_METRICS = """## Financial summary

(in thousands)

| | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| Total revenue | 11,502 | 12,108 |
| Operating loss | (2,811) | (2,502) |

**Operating metrics**

| | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| Paying customers | 1,203 | 1,251 |
| Employees | 301 | 312 |
"""


@pytest.mark.parametrize("caption", ["**Operating metrics**", "Operating metrics", "Key metrics"])
@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("We ended Q3 with 1.251 million paying customers.", "number:1251000"),
        ("We now employ 312,000 people.", "number:312000"),
    ],
)
def test_a_caption_of_its_own_stops_the_note_above(caption: str, draft: str, key: str) -> None:
    source = PNL_THEN_METRICS.replace("**Operating metrics**", caption)
    r = tieout.gate(draft, sources=[source])
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, "missing")


def test_the_captioned_tables_read_at_their_own_scales() -> None:
    r = tieout.gate(
        "Revenue was $12.108 million and we ended with 1,251 paying customers.",
        sources=[PNL_THEN_METRICS],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("currency:USD:12108000", "found"),
        ("number:1251", "found"),
    ]


PRELIMINARY = """Average hourly earnings for all employees on private nonfarm payrolls rose by 13 cents, or 0.4
percent, to $35.61.

Summary table B. Establishment data, seasonally adjusted
(Over-the-month change, in thousands)

                                        Sep.      Oct.
Category                                2025(P)   2025(P)
Total nonfarm...........................  255       227
  Total private.........................  223       194
    Health care.........................   60        58

(P) Preliminary
"""


@pytest.mark.parametrize(
    ("draft", "key"),
    [
        ("The levy is 58p per visit.", "currency:GBP:0.58"),
        ("The fee rose to £1.94.", "currency:GBP:1.94"),
    ],
)
def test_a_preliminary_marker_is_no_pence(draft: str, key: str) -> None:
    r = tieout.gate(draft, sources=[PRELIMINARY])
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, "missing")


def test_preliminary_columns_are_changes_in_thousands() -> None:
    r = tieout.gate(
        "Private payrolls rose by 194,000 in October and health care added 58,000.",
        sources=[PRELIMINARY],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("number:194000", "found"),
        ("number:58000", "found"),
    ]


def test_a_label_in_pence_still_reads_pence() -> None:
    source = "| | 2025 | 2024 |\n|---|---:|---:|\n| Basic EPS (p) | 58.0 | 51.2 |\n"
    r = tieout.gate("Basic EPS was 58p.", sources=[source])
    assert r.passed, [(c.text, c.reason) for c in r.claims]


HOURLY = """Summary table B. Establishment data, seasonally adjusted
(In thousands)

                                            Sep.       Oct.
Category                                    2025       2025
Total nonfarm                                255        227
Total private                                223        194
Average hourly earnings, total private    $35.48     $35.61
"""


@pytest.mark.parametrize(
    ("draft", "key", "status"),
    [
        ("Average hourly earnings rose to $35.61 in October.", "currency:USD:35.61", "found"),
        ("Average hourly earnings rose to $35,610 in October.", "currency:USD:35610", "missing"),
    ],
)
def test_an_hourly_rate_is_not_scaled_by_the_tables_note(draft: str, key: str, status: str) -> None:
    r = tieout.gate(draft, sources=[HOURLY])
    [claim] = r.claims
    assert (claim.key, claim.status) == (key, status)


@pytest.mark.parametrize(
    "label", ["Revenue per employee", "ARPU", "Average weekly earnings", "Cost per user"]
)
def test_per_head_rows_are_unscaled(label: str) -> None:
    source = HOURLY.replace("Average hourly earnings, total private", f"{label:<38}")
    values = {f.text: f.value for f in extract(source)}
    assert (values["$35.61"], values["227"]) == (D("35.61"), 227_000)


def test_a_two_dot_leader_ends_the_label() -> None:
    source = (
        "                                        Oct.      Sep.      Oct.\n"
        "Category                                2024      2025      2025\n"
        "Total nonfarm...........................  36       255       227\n"
        "Average hourly earnings, total private.. $35.02    $35.48    $35.61\n"
    )
    where = {f.text: f.where for f in extract(source)}
    assert where["$35.02"] == "row Average hourly earnings, total private, column Oct. 2024"
    assert where["$35.61"] == "row Average hourly earnings, total private, column Oct. 2025"


def test_a_base_year_confirms_no_amount() -> None:
    source = "Real median household income was $80,610 in 2023 dollars, down 0.8 percent."
    r = tieout.gate("The average invoice was $2,023.", sources=[source])
    [claim] = r.claims
    assert (claim.key, claim.status) == ("currency:USD:2023", "missing")


def test_a_draft_naming_the_base_year_states_no_amount() -> None:
    source = (
        "Table 3. Gross Domestic Product\n[Billions of chained (2017) dollars]\n"
        "Real GDP was $23,386.7 billion in the third quarter.\n"
    )
    r = tieout.gate("Real GDP was $23,386.7 billion in chained 2017 dollars.", sources=[source])
    assert [(c.key, c.status) for c in r.claims] == [("currency:USD:23386700000000", "found")]


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        (
            "Values are in constant 2012 dollars; the 1982-84 dollar.",
            [("number", None, D(2012)), ("number", None, D(1982)), ("number", None, D(84))],
        ),
        ("He paid 2023 dollars for it.", [("currency", "USD", D(2023))]),
        ("Sales were 1,500 dollars.", [("currency", "USD", D(1500))]),
    ],
)
def test_base_years_and_amounts_in_dollars(text: str, keys: list) -> None:
    assert [f.key for f in extract(text)] == keys


KPI_TABLE = """## 2. Key SaaS Metrics

{note}

| Metric | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| Ending ARR | 44,300 | 48,212 |
| Net new ARR | 2,450 | 3,912 |
| NRR (TTM) | 116% | 118% |
"""


@pytest.mark.parametrize(
    "note",
    [
        "($ in 000s, except percentages and ratios)",
        "$ in 000s",
        "($ in K)",
        "($ in 000s)",
        "($ in thousands, except percentages and ratios)",
    ],
)
def test_saas_deck_thousands_notes_are_read(note: str) -> None:
    r = tieout.gate(
        "Net new ARR was $3.912 million in Q3 FY26, taking ending ARR to $48,212k; NRR was 118%.",
        sources=[KPI_TABLE.format(note=note)],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("currency:USD:3912000", "found"),
        ("currency:USD:48212000", "found"),
        ("percent:118", "found"),
    ]


GDP_LEVELS = """Table 3. Gross Domestic Product: Level and Change From Preceding Period
{note}

                                              2025        2025
                                               Q2          Q3
Gross domestic product                     29,016.7    29,359.3
Personal consumption expenditures          19,747.5    20,027.1
"""


@pytest.mark.parametrize(
    "note",
    [
        "[Billions of dollars, seasonally adjusted at annual rates]",
        "[Billions of dollars]",
        "[Billions of chained (2017) dollars]",
        "(Billions of dollars)",
    ],
)
def test_square_bracketed_unit_notes_are_read(note: str) -> None:
    r = tieout.gate(
        "Consumer spending reached $20,027.1 billion (SAAR) in Q3, out of GDP of $29,359.3 billion.",
        sources=[GDP_LEVELS.format(note=note)],
    )
    assert [(c.key, c.status) for c in r.claims] == [
        ("currency:USD:20027100000000", "found"),
        ("currency:USD:29359300000000", "found"),
    ]


def test_an_except_clause_after_millions_of_dollars_is_kept() -> None:
    source = (
        "(Millions of dollars, except per share data)\n\n"
        "| | 2025 | 2024 |\n|---|---:|---:|\n| Revenue | 1,204.3 | 1,100.0 |\n"
        "| Diluted EPS | 2.41 | 2.10 |\n"
    )
    values = {f.text: f.value for f in extract(source)}
    assert (values["1,204.3"], values["2.41"]) == (1_204_300_000, D("2.41"))


GDP_CHANGES = """Table 1. Real Gross Domestic Product and Related Measures: Percent Change From Preceding Period
[Seasonally adjusted at annual rates]

                                                        2025
                                                         Q2     Q3
Gross domestic product (GDP)                             3.0    2.8
  Personal consumption expenditures                      2.8    3.7
  Exports                                                1.0    8.9
"""
CPI_CHANGES = """Table A. Percent changes in CPI for All Urban Consumers (CPI-U): U.S. city average

                                       Sep.    Oct.     12-mos. ended
                                       2025    2025     Oct. 2025
All items.........................      0.4     0.3       2.6
  Shelter.........................      0.2     0.4       3.7
  Medical care services...........      0.3     0.2       3.9
"""


@pytest.mark.parametrize(
    ("source", "draft", "keys"),
    [
        (
            GDP_CHANGES,
            "Consumer spending rose 3.7% and exports 8.9% in Q3.",
            ["percent:3.7", "percent:8.9"],
        ),
        (
            CPI_CHANGES,
            "Medical care services prices were up 3.9% over the year; shelter rose 3.7%.",
            ["percent:3.9", "percent:3.7"],
        ),
        (
            GDP_CHANGES.replace("[Seasonally adjusted at annual rates]", "")
            .replace(": Percent Change From Preceding Period", "")
            .replace("\n\n", "\n[Percent change from preceding period]\n\n"),
            "Consumer spending rose 3.7% in Q3.",
            ["percent:3.7"],
        ),
    ],
)
def test_a_table_of_percent_changes_reads_its_cells_as_percents(
    source: str, draft: str, keys: list[str]
) -> None:
    r = tieout.gate(draft, sources=[source])
    assert [(c.key, c.status) for c in r.claims] == [(k, "found") for k in keys]


def test_an_untitled_table_of_numbers_stays_numbers() -> None:
    source = GDP_CHANGES.replace(
        "Table 1. Real Gross Domestic Product and Related Measures: Percent Change From Preceding Period\n",
        "",
    )
    r = tieout.gate("Consumer spending rose 3.7% in Q3.", sources=[source])
    [claim] = r.claims
    assert (claim.key, claim.status) == ("percent:3.7", "missing")


GDP_QUARTERS = """Table 3. Gross Domestic Product: Level
(Billions of dollars)

                                              2024       2025       2025
                                               Q4         Q2         Q3
Gross domestic product                     28,700.2   29,016.7   29,359.3
"""


def test_years_over_quarters_head_their_columns_together() -> None:
    cells = {f.text: f for f in extract(GDP_QUARTERS) if f.where}
    assert [(cells[t].period.label, cells[t].where) for t in ("28,700.2", "29,359.3")] == [
        ("2024 Q4", "row Gross domestic product, column 2024 Q4"),
        ("2025 Q3", "row Gross domestic product, column 2025 Q3"),
    ]


def test_a_year_alone_over_quarters_dates_them() -> None:
    cells = {f.text: f for f in extract(GDP_CHANGES) if f.where}
    assert (cells["3.7"].period.label, cells["3.7"].where) == (
        "2025 Q3",
        "row Personal consumption expenditures, column Q3",
    )


def _claim(doc_id: str, value: float, unit: str, start: str, end: str, quote: str, loc: str):
    return tieout.parse_claims(
        json.dumps(
            {
                "claims": [
                    {
                        "metric_key": "gdp",
                        "value": value,
                        "unit": unit,
                        "period_start": start,
                        "period_end": end,
                        "source_doc_id": doc_id,
                        "source_quote": quote,
                        "source_locator": loc,
                    }
                ]
            }
        )
    )


def test_a_quarter_under_its_year_passes_the_claim_check() -> None:
    doc = tieout.Document.from_text(
        "gdp",
        GDP_QUARTERS,
        period_start="2024-10-01",
        period_end="2025-09-30",
        published="2025-10-30",
    )
    quote = "Gross domestic product                     28,700.2   29,016.7   29,359.3"
    good = _claim("gdp", 29359.3, "USD_billions", "2025-07-01", "2025-09-30", quote, "line 6")
    (report,) = tieout.check_claims(good, [doc], registry=None)
    assert report.verdict == "pass", report.reason
    wrong = _claim("gdp", 29359.3, "USD_billions", "2025-04-01", "2025-06-30", quote, "line 6")
    (report,) = tieout.check_claims(wrong, [doc], registry=None)
    assert report.verdict == "fail"
    assert report.reason.startswith("period_unit: period:")


DECK = """# Northwind Cloud — Q3 FY26 Board Deck

Fiscal year ends January 31. Q3 FY26 = August 1 – October 31, 2025.

## Key SaaS Metrics

($ in thousands)

| Metric | Q2 FY26 | Q3 FY26 |
|---|---:|---:|
| Ending ARR | 44,300 | 48,212 |
"""


def _deck_verdict(text: str, start: str, end: str) -> tuple[str, str]:
    doc = tieout.Document.from_text(
        "deck", text, period_start="2025-02-01", period_end="2026-01-31", published="2025-11-20"
    )
    claims = _claim(
        "deck",
        48.212,
        "USD_millions",
        start,
        end,
        "| Ending ARR | 44,300 | 48,212 |",
        "section: Key SaaS Metrics",
    )
    (report,) = tieout.check_claims(claims, [doc], registry=None)
    return report.verdict, report.reason


def test_a_declared_fiscal_year_end_dates_fiscal_quarters() -> None:
    assert _deck_verdict(DECK, "2025-08-01", "2025-10-31")[0] == "pass"


def test_a_declared_fiscal_year_end_refuses_the_calendar_quarter() -> None:
    verdict, reason = _deck_verdict(DECK, "2025-07-01", "2025-09-30")
    assert verdict == "fail"
    assert reason.startswith(
        "period_unit: period: 48,212,000 USD is stated for Q3 FY2026 (Aug–Oct 2025)"
    ), reason


def test_without_a_declared_year_end_a_fiscal_quarter_is_calendar_aligned() -> None:
    text = DECK.replace("Fiscal year ends January 31. Q3 FY26 = August 1 – October 31, 2025.", "")
    verdict, reason = _deck_verdict(text, "2025-08-01", "2025-10-31")
    assert verdict == "fail"
    assert "is stated for Q3 FY2026 (Jul–Sep 2026)" in reason, reason


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("Fiscal year ends January 31.", 2),
        ("Our fiscal year ending September 30, 2026 ...", 10),
        ("Fiscal year end: June 30", 7),
        ("Fiscal year ends January 31; the fiscal year ended March 31 before.", None),
        ("No fiscal calendar here.", None),
    ],
)
def test_declared_fiscal_start(text: str, month: int | None) -> None:
    from tieout.periods import declared_fiscal_start

    assert declared_fiscal_start(text) == month


CPI_TABLE_A = """Table A. Percent changes in CPI for All Urban Consumers (CPI-U): U.S. city average

                                     Seasonally adjusted changes from preceding month         Un-
                                                                                            adjusted
                                    Apr.    May    June    July    Aug.    Sep.    Oct.     12-mos.
                                    2025    2025   2025    2025    2025    2025    2025     ended
                                                                                            Oct. 2025

All items.........................   0.2    0.1     0.3     0.2     0.4     0.4     0.3       2.6
  Food............................   0.1    0.3     0.3     0.0     0.5     0.2     0.2       2.7
   Food away from home(1).........   0.4    0.3     0.4     0.3     0.3     0.1     0.3       3.6
"""
CPI_TABLE_1 = """Table 1. Consumer Price Index for All Urban Consumers (CPI-U): U.S. city average, by expenditure category
[1982-84=100, unless otherwise noted]

                                  Relative          Unadjusted indexes           Unadjusted percent      Seasonally adjusted
                                 importance                                            change             percent change
Expenditure category               Sep.       Oct.       Sep.       Oct.      Oct. 2024-   Sep. 2025-   Aug.-   Sep.-
                                   2025       2024       2025       2025      Oct. 2025    Oct. 2025    Sep.    Oct.

All items.......................  100.000    306.746    314.121    314.540       2.6          0.1          0.4     0.3
 Shelter.......................   35.442    396.811    411.260    412.902       4.1          0.4          0.2     0.4
"""


@pytest.mark.parametrize(
    ("source", "draft", "keys"),
    [
        (CPI_TABLE_A, "Food away from home rose 3.6% over the year.", ["percent:3.6"]),
        (CPI_TABLE_1, "Shelter rose 4.1% over the year.", ["percent:4.1"]),
    ],
)
def test_stacked_bls_headings_read_percent_columns(
    source: str, draft: str, keys: list[str]
) -> None:
    r = tieout.gate(draft, sources=[source])
    assert [(c.key, c.status) for c in r.claims] == [(k, "found") for k in keys]


def test_a_heading_tail_line_joins_its_table() -> None:
    cells = {f.text: f for f in extract(CPI_TABLE_A) if f.where}
    assert cells["3.6"].where == "row Food away from home(1), column 12-mos. ended Oct. 2025"
    assert [f.text for f in extract(CPI_TABLE_A) if f.text == "2025" and f.where] == []
    assert (cells["0.0"].period.label, cells["0.0"].kind) == ("July 2025", "percent")


def test_the_rounding_hint_names_every_figure_the_draft_rounds() -> None:
    source = (
        "(in thousands)\n\n| | Q3 FY26 | FY26 YTD |\n|---|---:|---:|\n"
        "| Subscription revenue | 11,406 | 32,184 |\n"
        "| Research & development | (3,995) | (11,405) |\n"
    )
    r = tieout.gate("Subscription revenue was $11.4M in Q3 FY26.", sources=[source])
    [claim] = r.claims
    assert (claim.key, claim.status) == ("currency:USD:11400000", "missing")
    assert claim.reason == (
        'in neither this run\'s anchors nor its sources; source 1 states "(11,405)" '
        '(-11,405,000) and "11,406" (11,406,000), each of which it rounds: write the one '
        "meant exactly"
    )


def test_a_rounding_hint_with_one_candidate_is_unchanged() -> None:
    source = "(in thousands)\n\n| | Q3 FY26 |\n|---|---:|\n| Subscription revenue | 11,406 |\n"
    r = tieout.gate("Subscription revenue was $11.4M in Q3 FY26.", sources=[source])
    [claim] = r.claims
    assert claim.hint == (
        'the sources state "11,406" (11,406,000), which it rounds: write that figure exactly, '
        "as 11,406,000"
    )
