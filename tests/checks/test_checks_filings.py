"""The claims checks and the period reader on filings' own spellings: split fiscal years
("FY 2026-27"), locators that name a column or a caption holding a comma or a dash,
quotes of table rows with their dotted leaders shortened, tables that name no currency,
figures spelled out in words, guidance under a dated heading, convenience translations."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

import tieout
from tieout.periods import Period, claim_agrees, find_periods, parse_period

D = date


def _claim(
    value: Any, unit: str, start: str, end: str, doc: str, quote: str, locator: str
) -> dict[str, Any]:
    return dict(
        metric_key="m",
        value=value,
        unit=unit,
        period_start=start,
        period_end=end,
        source_doc_id=doc,
        source_quote=quote,
        source_locator=locator,
    )


def _check(claim: dict[str, Any], doc: tieout.Document) -> tuple[str, str]:
    r = tieout.check_claims([claim], [doc])[0]
    return str(r.verdict), r.reason


# --- split fiscal years -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "FY 2026-27",
        "FY2026-27",
        "FY26-27",
        "fiscal year 2026-27",
        "Fiscal 2026–27",
        "2026-27",
        "2026/27",
        "FY2026/27",
        "FY 2026-2027",
    ],
)
def test_a_split_fiscal_year_is_the_year_ending_in_its_second_year(text: str) -> None:
    p = parse_period(text)
    assert (p.start, p.end, p.granularity, p.fiscal) == (
        D(2027, 1, 1),
        D(2027, 12, 31),
        "year",
        True,
    )
    assert p.describe() == "FY2026/27"
    july = parse_period(text, fiscal_year_start_month=7)
    assert (july.start, july.end) == (D(2026, 7, 1), D(2027, 6, 30))
    assert july.describe() == "FY2027 (Jul 2026–Jun 2027)"


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity"),
    [
        ("2026-07", D(2026, 7, 1), D(2026, 7, 31), "month"),  # an ISO month, no split year
        ("2011-12", D(2011, 12, 1), D(2011, 12, 31), "month"),
    ],
)
def test_an_iso_month_stays_a_month(text: str, start: date, end: date, granularity: str) -> None:
    p = parse_period(text)
    assert (p.start, p.end, p.granularity) == (start, end, granularity)


@pytest.mark.parametrize("text", ["2025-2026", "FY2025-27", "2025-27"])
def test_two_years_not_a_split_year_are_refused(text: str) -> None:
    with pytest.raises(tieout.errors.PeriodNotRecognised):
        parse_period(text)


@pytest.mark.parametrize(
    ("start", "end", "agrees"),
    [
        (D(2026, 7, 1), D(2027, 6, 30), True),  # a state's or a city's fiscal year
        (D(2026, 4, 1), D(2027, 3, 31), True),  # a British or Indian one
        (D(2026, 10, 1), D(2027, 9, 30), True),
        (D(2026, 6, 28), D(2027, 6, 26), False),  # no fiscal year of 52 weeks: months
        (D(2027, 1, 1), D(2027, 12, 31), False),  # a calendar year is no split year
        (D(2026, 1, 1), D(2026, 12, 31), False),
        (D(2025, 7, 1), D(2026, 6, 30), False),  # the fiscal year before
        (D(2026, 7, 1), D(2026, 12, 31), False),  # half of it
    ],
)
def test_a_split_year_agrees_only_with_a_year_from_its_first_year_into_its_second(
    start: date, end: date, agrees: bool
) -> None:
    stated = parse_period("FY 2026-27")
    assert claim_agrees(Period.from_dates(start, end), stated) is agrees


@pytest.mark.parametrize(
    ("sentence", "phrase"),
    [
        ("Revenue collections for FY 2026-27 are forecast at $36.02 billion.", "FY 2026-27"),
        ("The tax rate for fiscal year 2025-26 is $0.0412 per $100.", "fiscal year 2025-26"),
        ("Council tax rose 4.99% in 2025/26.", "2025/26"),
        ("Adopted budget 2025-26 totals $1.2 billion.", "2025-26"),
        ("Revenue for FY2025/26 was £48.2 million.", "FY2025/26"),
    ],
)
def test_prose_reads_a_split_year_whole(sentence: str, phrase: str) -> None:
    found = find_periods(sentence, default_year=2026)
    assert [sentence[a:b] for (a, b), _ in found] == [phrase]
    assert found[0][1].end.year == int(phrase[-2:]) + 2000


BUDGET = """STATE REVENUE FORECAST

Revenue collections for FY 2026-27 are forecast at $36.02 billion, an increase of 3.3%.
"""

GF_TABLE = """GENERAL FUND REVENUES
(dollars in millions)
                         FY 2025-26      FY 2026-27
Revenue forecast .....     34,870.0        36,020.0
"""

AV_TABLE = """CITY OF RIVERBEND - ASSESSED VALUATION
(amounts expressed in thousands)

  Fiscal Year      Secured        Unsecured       Total AV
  FY 2022-23      $25,904,117      1,148,302      27,052,419
  FY 2025-26       30,114,780       1,298,447      31,413,227
"""


def _doc(doc_id: str, text: str, start: str = "2025-07-01", end: str = "2027-06-30") -> Any:
    return tieout.Document.from_text(
        doc_id, text, period_start=start, period_end=end, published="2027-01-10"
    )


def test_a_claim_for_the_fiscal_year_a_sentence_names_passes_and_another_fails() -> None:
    doc = _doc("budget", BUDGET)
    quote = "for FY 2026-27 are forecast at $36.02 billion"
    loc = "STATE REVENUE FORECAST, paragraph 1"
    right = _claim(36.02, "USD_billions", "2026-07-01", "2027-06-30", "budget", quote, loc)
    assert _check(right, doc)[0] == "pass"
    wrong = _claim(36.02, "USD_billions", "2025-07-01", "2026-06-30", "budget", quote, loc)
    verdict, reason = _check(wrong, doc)
    assert verdict == "fail"
    # the document's own period (July to June years) gives FY2026/27 its months
    assert reason.startswith(
        "period_unit: period: 36,020,000,000 USD is stated for FY2027 (Jul 2026–Jun 2027) "
        '("$36.02 billion"'
    )
    calendar = _claim(36.02, "USD_billions", "2027-01-01", "2027-12-31", "budget", quote, loc)
    assert _check(calendar, _doc("budget", BUDGET, end="2027-12-31"))[0] == "fail"


def test_a_column_headed_by_a_split_year_dates_its_cells() -> None:
    doc = _doc("gf", GF_TABLE)
    quote = "Revenue forecast .....     34,870.0        36,020.0"
    loc = "table: GENERAL FUND REVENUES, row: Revenue forecast"
    right = _claim(36020.0, "USD_millions", "2026-07-01", "2027-06-30", "gf", quote, loc)
    assert _check(right, doc)[0] == "pass"
    wrong = _claim(36020.0, "USD_millions", "2025-07-01", "2026-06-30", "gf", quote, loc)
    verdict, reason = _check(wrong, doc)
    assert (verdict, reason.split(" (")[0]) == (
        "fail",
        "period_unit: period: 36,020,000,000 USD is stated for FY2027",
    )
    assert "(Jul 2026–Jun 2027)" in reason


def test_a_row_labelled_by_a_split_year_and_a_caption_with_a_dash() -> None:
    doc = _doc("av", AV_TABLE, start="2022-07-01", end="2026-06-30")
    loc = "table: CITY OF RIVERBEND - ASSESSED VALUATION, row: FY 2025-26"
    right = _claim(31413227, "USD_thousands", "2025-07-01", "2026-06-30", "av", "31,413,227", loc)
    verdict, reason = _check(right, doc)
    assert verdict == "pass", reason
    assert reason.endswith("quote found verbatim in row FY 2025-26")
    wrong = _claim(31413227, "USD_thousands", "2024-07-01", "2025-06-30", "av", "31,413,227", loc)
    assert _check(wrong, doc)[0] == "fail"


# --- locators whose names hold a comma ----------------------------------------------------

HIGHLIGHTS = """CONSOLIDATED FINANCIAL HIGHLIGHTS
(dollars in millions, except per share data and ratios)

                                         Three Months Ended           Nine Months Ended
                                            September 30,                September 30,
                                        2026      2025   % Change    2026      2025   % Change
Net premiums written                   2,687     2,486      8.1     7,893     7,281      8.4
Salaries, wages and benefits             412       398      3.5     1,236     1,180      4.7
"""


@pytest.mark.parametrize(
    ("value", "locator", "where"),
    [
        (
            2687,
            "row: Net premiums written, column: Three Months Ended September 30, 2026",
            "row Net premiums written, column Three Months Ended September 30, 2026",
        ),
        (
            1236,
            "row: Salaries, wages and benefits, column: Nine Months Ended September 30, 2026",
            "row Salaries, wages and benefits, column Nine Months Ended September 30, 2026",
        ),
    ],
)
def test_a_locator_names_a_column_or_row_holding_a_comma(
    value: int, locator: str, where: str
) -> None:
    doc = _doc("hsig", HIGHLIGHTS, start="2025-01-01", end="2026-09-30")
    start = "2026-07-01" if value == 2687 else "2026-01-01"
    claim = _claim(value, "USD_millions", start, "2026-09-30", "hsig", f"{value:,}", locator)
    verdict, reason = _check(claim, doc)
    assert verdict == "pass", reason
    assert reason.endswith(f"quote found verbatim in {where}")


def test_a_locator_naming_the_other_column_after_a_comma_still_fails() -> None:
    doc = _doc("hsig", HIGHLIGHTS, start="2025-01-01", end="2026-09-30")
    loc = "row: Net premiums written, column: Three Months Ended September 30, 2025"
    claim = _claim(2687, "USD_millions", "2026-07-01", "2026-09-30", "hsig", "2,687", loc)
    verdict, reason = _check(claim, doc)
    assert verdict == "fail"
    assert "the locator names column Three Months Ended September 30, 2025" in reason


# --- guidance under a dated heading ---------------------------------------------------------

LETTER = """# Q3 2025 Shareholder Letter

Subscription and services revenue was $611 million in Q3 2025.

## {heading}

- Subscription and services revenue of $710 million to $790 million.
"""


@pytest.mark.parametrize(
    ("heading", "stated"),
    [
        ("Outlook for Q4 2025", "Q4 2025 (Oct–Dec 2025)"),
        ("Q4 2025 Guidance", "Q4 2025 (Oct–Dec 2025)"),
        ("Full-year 2025 outlook", "2025"),
    ],
)
def test_guidance_under_a_heading_naming_a_later_period_is_not_the_reported_period(
    heading: str, stated: str
) -> None:
    doc = tieout.Document.from_text(
        "letter",
        LETTER.format(heading=heading),
        period_start="2025-07-01",
        period_end="2025-09-30",
        published="2025-11-04",
    )
    quote = "Subscription and services revenue of $710 million to $790 million."
    claim = _claim(710, "USD_millions", "2025-07-01", "2025-09-30", "letter", quote, heading)
    verdict, reason = _check(claim, doc)
    assert verdict == "fail"
    assert reason.startswith(
        f'period_unit: period: 710,000,000 USD is stated for {stated} under "{heading}"'
    )


def test_a_dateline_heading_after_the_reported_period_still_dates_nothing() -> None:
    text = "# Investor update, August 2026\n\nRevenue grew to $412k in the month.\n"
    doc = tieout.Document.from_text(
        "upd", text, period_start="2026-07-01", period_end="2026-07-31", published="2026-08-05"
    )
    loc = "Investor update, August 2026, paragraph 1"
    claim = _claim(412, "USD_thousands", "2026-07-01", "2026-07-31", "upd", "$412k", loc)
    assert _check(claim, doc) == (
        "pass",
        '412,000 USD found in upd: "$412k" (Investor update, August 2026 ¶1); '
        "quote found verbatim in Investor update, August 2026 ¶1",
    )


# --- a convenience translation between a figure and its period -------------------------------

MDNA = (
    "Item 5. Operating and Financial Review and Prospects\n\n"
    "Total net revenues increased by 14.2% from RMB8,412.6 million in 2025 to RMB9,607.3 "
    "million (US$1,349.7 million) in 2026. Subscription revenue was $611 million "
    "(Q3 2025: $540 million) in Q3 2026.\n"
)


@pytest.mark.parametrize(
    ("value", "unit", "year", "verdict"),
    [
        (9607.3, "CNY_millions", 2026, "pass"),
        (1349.7, "USD_millions", 2026, "pass"),
        (8412.6, "CNY_millions", 2025, "pass"),
        (9607.3, "CNY_millions", 2025, "fail"),
        (1349.7, "USD_millions", 2025, "fail"),
        (8412.6, "CNY_millions", 2026, "fail"),
    ],
)
def test_a_convenience_translation_keeps_the_period_after_it(
    value: float, unit: str, year: int, verdict: str
) -> None:
    doc = _doc("jade", MDNA, start="2025-01-01", end="2026-12-31")
    quote = "from RMB8,412.6 million in 2025 to RMB9,607.3 million (US$1,349.7 million) in 2026"
    claim = _claim(value, unit, f"{year}-01-01", f"{year}-12-31", "jade", quote, "paragraph 1")
    got, reason = _check(claim, doc)
    assert got == verdict, reason
    if verdict == "fail":
        assert f"is stated for {2025 + 2026 - year} (" in reason


def test_a_bracket_naming_its_own_period_keeps_it() -> None:
    doc = _doc("jade", MDNA, start="2025-01-01", end="2026-12-31")
    quote = "(Q3 2025: $540 million)"
    prior = _claim(540, "USD_millions", "2025-07-01", "2025-09-30", "jade", quote, "paragraph 1")
    assert _check(prior, doc)[0] == "pass"
    current = _claim(540, "USD_millions", "2026-07-01", "2026-09-30", "jade", quote, "paragraph 1")
    verdict, reason = _check(current, doc)
    assert verdict == "fail"
    assert "is stated for Q3 2025 (Jul–Sep 2025)" in reason


# --- a table whose scale note names no currency ---------------------------------------------

RELEASE = """{prose}

CONSOLIDATED FINANCIAL HIGHLIGHTS
(in millions, except per share data and ratios)

                                      Nine Months Ended September 30,
                                          2026          2025
Net premiums written                     7,893         7,281
Combined ratio                            93.4          95.1
"""
DOLLAR_PROSE = "Book value per share was $84.12 and total equity was $10.42 billion."
EURO_PROSE = "Book value per share was €84.12 and total equity was €10.42 billion."
BOTH_PROSE = "Equity was $10.42 billion; the euro notes total €1.5 billion."


@pytest.mark.parametrize(
    ("prose", "unit", "verdict", "reason"),
    [
        (
            DOLLAR_PROSE,
            "USD_millions",
            "pass",
            '7,893,000,000 USD found in rel: "7,893" (row Net premiums written), under a scale '
            "note that names no currency in a document whose amounts are all in USD",
        ),
        (
            EURO_PROSE,
            "EUR_millions",
            "pass",
            '7,893,000,000 EUR found in rel: "7,893" (row Net premiums written), under a scale '
            "note that names no currency in a document whose amounts are all in EUR",
        ),
        (
            "Premiums grew 8.4% in the first nine months.",
            "USD_millions",
            "warning",
            '7,893,000,000 USD found in rel: "7,893" (row Net premiums written), but rel '
            "names no currency: tieout cannot tell it is USD",
        ),
        (EURO_PROSE, "USD_millions", "fail", "value 7,893,000,000 USD not found in rel"),
        (DOLLAR_PROSE, "GBP_millions", "fail", "value 7,893,000,000 GBP not found in rel"),
        (BOTH_PROSE, "USD_millions", "fail", "value 7,893,000,000 USD not found in rel"),
        (BOTH_PROSE, "EUR_millions", "fail", "value 7,893,000,000 EUR not found in rel"),
    ],
)
def test_a_cell_under_a_currencyless_scale_note_is_in_the_documents_one_currency(
    prose: str, unit: str, verdict: str, reason: str
) -> None:
    doc = _doc("rel", RELEASE.format(prose=prose), start="2025-01-01", end="2026-09-30")
    claim = _claim(
        7893,
        unit,
        "2026-01-01",
        "2026-09-30",
        "rel",
        "Net premiums written                     7,893",
        "row: Net premiums written",
    )
    report = tieout.check_claims([claim], [doc])[0]
    existence = report.check("existence")
    why = existence.reason.split("; ")[0] if verdict == "fail" else existence.reason
    assert (str(existence.status), why) == (verdict, reason)
    assert str(report.verdict) == verdict


# --- figures spelled out in words ------------------------------------------------------------

CALL = (
    "**Marcus Lee -- Chief Executive Officer:** Thanks, Dana. We did one point two trillion "
    "dollars of trading volume, up thirty-one percent year over year.\n\n"
    "**Priya Raman -- Chief Financial Officer:** Stablecoin revenue was three hundred "
    "fifty-five million dollars, and we added nine hundred thousand verified users.\n"
)


@pytest.mark.parametrize(
    ("value", "unit", "quote", "locator", "verdict", "reason"),
    [
        (
            1.2,
            "USD_trillions",
            "We did one point two trillion dollars of trading volume",
            "paragraph 1",
            "pass",
            '1,200,000,000,000 USD found in call: "one point two trillion dollars" (¶1); '
            "quote found verbatim in ¶1",
        ),
        (
            31,
            "percent",
            "up thirty-one percent year over year",
            "paragraph 1",
            "pass",
            '31% found in call: "thirty-one percent" (¶1); quote found verbatim in ¶1',
        ),
        (
            355,
            "USD_millions",
            "Stablecoin revenue was three hundred fifty-five million dollars",
            "paragraph 2",
            "pass",
            '355,000,000 USD found in call: "three hundred fifty-five million dollars" (¶2); '
            "quote found verbatim in ¶2",
        ),
        (
            1.3,
            "USD_trillions",
            "We did one point two trillion dollars of trading volume",
            "paragraph 1",
            "fail",
            "existence: value 1,300,000,000,000 USD not found in call",
        ),
        (
            1.2,
            "EUR_trillions",
            "We did one point two trillion dollars of trading volume",
            "paragraph 1",
            "fail",
            "existence: value 1,200,000,000,000 EUR not found in call",
        ),
        (
            355,
            "percent",
            "Stablecoin revenue was three hundred fifty-five million dollars",
            "paragraph 2",
            "fail",
            "existence: value 355% not found in call",
        ),
    ],
)
def test_a_claim_checks_against_figures_the_source_spells_out(
    value: float, unit: str, quote: str, locator: str, verdict: str, reason: str
) -> None:
    doc = _doc("call", CALL, start="2025-07-01", end="2025-09-30")
    claim = _claim(value, unit, "2025-07-01", "2025-09-30", "call", quote, locator)
    got, why = _check(claim, doc)
    assert (got, why.split(";")[0] if verdict == "fail" else why) == (verdict, reason)


# --- an accounting basis over a column's period ---------------------------------------------


@pytest.mark.parametrize(
    ("header", "start", "end"),
    [
        ("Statutory (SAP) 9M 2026", D(2026, 1, 1), D(2026, 9, 30)),
        ("GAAP 9M 2026", D(2026, 1, 1), D(2026, 9, 30)),
        ("U.S. GAAP Q3 2026", D(2026, 7, 1), D(2026, 9, 30)),
        ("Q3 2026 (IFRS)", D(2026, 7, 1), D(2026, 9, 30)),
        ("As reported 2025", D(2025, 1, 1), D(2025, 12, 31)),
        ("2025 GAAP basis", D(2025, 1, 1), D(2025, 12, 31)),
    ],
)
def test_a_column_period_reads_past_its_accounting_basis(
    header: str, start: date, end: date
) -> None:
    from tieout.periods import column_period

    p = column_period(header)
    assert p is not None
    assert (p.start, p.end) == (start, end)


@pytest.mark.parametrize("header", ["Statutory (SAP)", "GAAP", "Pro forma 2025", "2025E"])
def test_a_basis_alone_or_a_pro_forma_year_is_no_period(header: str) -> None:
    from tieout.periods import column_period

    assert column_period(header) is None


STAT_GAAP = """Statutory vs. GAAP Summary

(dollars in thousands)
                                            Statutory (SAP)                    GAAP
                                        9M 2026        9M 2025        9M 2026        9M 2025
Net income                              361,806        295,133        522,460        448,971
"""


@pytest.mark.parametrize(
    ("value", "start", "verdict"),
    [
        (361806, "2026-01-01", "pass"),
        (295133, "2025-01-01", "pass"),
        (295133, "2026-01-01", "fail"),
    ],
)
def test_statutory_and_gaap_column_groups_date_their_cells(
    value: int, start: str, verdict: str
) -> None:
    doc = _doc("nlic", STAT_GAAP, start="2025-01-01", end="2026-09-30")
    end = start[:4] + "-09-30"
    claim = _claim(value, "USD_thousands", start, end, "nlic", f"{value:,}", "row: Net income")
    got, reason = _check(claim, doc)
    assert got == verdict, reason
    if verdict == "fail":
        assert "is stated for 1 Jan 2025–30 Sep 2025" in reason


# --- a quoted table row with its dotted leader shortened or dropped -----------------------------

ACFR = """                      BUDGET AND ACTUAL - GENERAL FUND
                      For the Fiscal Year Ended June 30, 2026
                         (amounts expressed in thousands)

                                    Budgeted Amounts                         Variance with
                                 Original          Final         Actual      Final Budget
REVENUES
  Property taxes ..............  $ 71,250       $ 71,250       $ 73,018       $  1,768
  Sales and use taxes.........     38,400         39,100         41,377          2,277
"""


@pytest.mark.parametrize(
    ("value", "quote", "verdict"),
    [
        (73018, "Property taxes .............. $ 71,250 $ 71,250 $ 73,018", "pass"),
        (73018, "Property taxes .... $ 71,250 $ 71,250 $ 73,018", "pass"),
        (73018, "Property taxes . . . . $ 71,250 $ 71,250 $ 73,018", "pass"),
        (73018, "Property taxes $ 71,250 $ 71,250 $ 73,018 $ 1,768", "pass"),
        (73018, "Property taxes $71,250 $71,250 $73,018", "pass"),
        (41377, "Sales and use taxes 38,400 39,100 41,377", "pass"),
        (41377, "Sales and use taxes... 38,400 39,100 41,377", "pass"),
        (73018, "Property taxes .... $ 71,250 $ 71,250 $ 73,018 $ 1,786", "fail"),
        # a word changed: the quote says what the document does not
        (73018, "Property tax refunds .... $ 71,250 $ 71,250 $ 73,018", "fail"),
    ],
)
def test_a_quote_of_a_row_with_its_leader_shortened_or_dropped(
    value: int, quote: str, verdict: str
) -> None:
    doc = _doc("acfr", ACFR, start="2025-07-01", end="2026-06-30")
    row = "Property taxes" if value == 73018 else "Sales and use taxes"
    claim = _claim(value, "USD_thousands", "2025-07-01", "2026-06-30", "acfr", quote, f"row: {row}")
    got, reason = _check(claim, doc)
    assert got == verdict, reason
    if verdict == "pass":
        assert reason.endswith(f"quote found verbatim in row {row}")
    if "refunds" in quote:
        assert "quote is not verbatim: 'tax', 'refunds' do not stand in" in reason


# --- pence ----------------------------------------------------------------------------------

AR = """Chairman's statement

Basic earnings per share were 42.6p (2025: 39.8p). The Board recommends a final dividend of
14.2p per share, making 21.0p for the year.
"""


@pytest.mark.parametrize(
    ("value", "unit", "verdict"),
    [
        (42.6, "GBp", "pass"),
        (42.6, "GBX", "pass"),
        (42.6, "pence", "pass"),
        (42.6, "GBP_pence", "pass"),
        (0.426, "GBP", "pass"),
        (42.6, "GBP", "fail"),  # £42.60 is no 42.6p
        (42.6, "gbp", "fail"),
        (42.6, "GBP_millions", "fail"),
        (42.6, "EUR", "fail"),
    ],
)
def test_a_per_share_claim_in_pence(value: float, unit: str, verdict: str) -> None:
    doc = _doc("ar", AR, start="2025-03-01", end="2026-02-28")
    quote = "Basic earnings per share were 42.6p"
    claim = _claim(value, unit, "2025-03-01", "2026-02-28", "ar", quote, "paragraph 2")
    got, reason = _check(claim, doc)
    assert got == verdict, reason
    if verdict == "pass":
        assert reason.startswith('0.426 GBP found in ar: "42.6p"')


def test_pence_is_a_hundredth_of_a_pound() -> None:
    from decimal import Decimal

    from tieout.units import convert, parse_unit

    assert parse_unit("GBp").name == parse_unit("GBX").name == "GBP_pence"
    assert parse_unit("GBP").name == "GBP"
    assert convert(Decimal("42.6"), "GBp", "GBP") == Decimal("0.426")
    assert convert(Decimal("1.5"), "GBP_millions", "GBX") == Decimal(150_000_000)


# --- prior periods named relative to the document's own -------------------------------------

CALL_Q3 = "# Meridian Digital Q3 2025 Earnings Call\n\n**Priya Raman -- CFO:** {}\n"
UP_FROM = "Revenue was $1,046 million, up from $764 million last quarter."
YEAR_AGO = "Revenue was $1,046 million, compared with $572 million a year ago."
PRIOR_YEAR = "Revenue was $1,046 million versus $572 million in the prior-year quarter."


@pytest.mark.parametrize(
    ("sentence", "value", "own", "verdict", "stated"),
    [
        (UP_FROM, 764, "2025-07-01", "fail", "Q2 2025 (Apr–Jun 2025)"),
        (YEAR_AGO, 572, "2025-07-01", "fail", "Q3 2024 (Jul–Sep 2024)"),
        (PRIOR_YEAR, 572, "2025-07-01", "fail", "Q3 2024 (Jul–Sep 2024)"),
        (UP_FROM, 1046, "2025-07-01", "pass", ""),
        ("Revenue was $1,046 million, up 37% from last quarter.", 37, "2025-07-01", "pass", ""),
        # the call's own period unknown: a prior period no claim agrees with
        (UP_FROM, 764, "", "fail", '"last quarter" (a heading tieout does not read as a period)'),
    ],
)
def test_a_figure_followed_by_a_relative_prior_period_is_not_the_documents_own(
    sentence: str, value: int, own: str, verdict: str, stated: str
) -> None:
    text = CALL_Q3.format(sentence)
    dates = dict(period_start=own, period_end="2025-09-30") if own else {}
    doc = tieout.Document.from_text("call", text, published="2025-11-04", **dates)
    unit = "percent" if value == 37 else "USD_millions"
    claim = _claim(value, unit, "2025-07-01", "2025-09-30", "call", sentence, "paragraph 1")
    got, reason = _check(claim, doc)
    assert got == verdict, reason
    if stated:
        assert f"is stated for {stated}" in reason


def test_the_prior_period_is_read_from_each_documents_own_period() -> None:
    text = CALL_Q3.format(UP_FROM)
    wide = tieout.Document.from_text("a", text, period_start="2024-07-01", period_end="2025-09-30")
    q3 = tieout.Document.from_text("b", text, period_start="2025-07-01", period_end="2025-09-30")
    fig = next(f for f in q3.figures if f.text == "$764 million")
    p = q3.stated_period(fig)
    assert p is not None and (p.start, p.end) == (D(2025, 4, 1), D(2025, 6, 30))
    assert wide.stated_period(fig) == Period.unreadable("last quarter")  # no quarter of its own


@pytest.mark.parametrize(
    ("after", "prior"),
    [
        (" last quarter.", (D(2025, 4, 1), D(2025, 6, 30))),
        (" in the same quarter last year.", (D(2024, 7, 1), D(2024, 9, 30))),
        (", a year earlier.", (D(2024, 7, 1), D(2024, 9, 30))),
        (" in the previous-year period.", (D(2024, 7, 1), D(2024, 9, 30))),
        (" last year.", None),  # an annual letter says it of the year it reports
        (" from last quarter.", None),  # a change from it, not its figure
        (" in Q3 2025.", None),
    ],
)
def test_relative_prior_periods(after: str, prior: tuple[date, date] | None) -> None:
    from tieout.periods import relative_period

    own = Period.from_dates(D(2025, 7, 1), D(2025, 9, 30))
    p = relative_period(after, own)
    assert (None if p is None else (p.start, p.end)) == prior
