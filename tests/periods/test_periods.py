"""tieout.periods: reading, comparing and describing periods."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tieout.errors import ConfigError, InputError, PeriodNotRecognised
from tieout.periods import (
    Period,
    Relation,
    claim_agrees,
    column_period,
    find_periods,
    parse_period,
    relation,
)

D = date

# text, start, end, granularity, fiscal (fiscal_year_start_month=1, no default year)
PARSE_CASES = [
    ("2026-07-31", D(2026, 7, 31), D(2026, 7, 31), "day", False),
    ("2026-07", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("July 2026", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("Jul 2026", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("jul. 2026,", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("JULY 2026.", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("Jul-26", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("Feb 2024", D(2024, 2, 1), D(2024, 2, 29), "month", False),
    ("Q3 2026", D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
    ("3Q26", D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
    ("3Q 2026", D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
    ("2026-Q4", D(2026, 10, 1), D(2026, 12, 31), "quarter", False),
    ("the second quarter of 2026", D(2026, 4, 1), D(2026, 6, 30), "quarter", False),
    ("Q3 FY2026", D(2026, 7, 1), D(2026, 9, 30), "quarter", True),
    ("H1 2026", D(2026, 1, 1), D(2026, 6, 30), "half", False),
    ("1H26", D(2026, 1, 1), D(2026, 6, 30), "half", False),
    ("second half of 2025", D(2025, 7, 1), D(2025, 12, 31), "half", False),
    ("FY2025", D(2025, 1, 1), D(2025, 12, 31), "year", True),
    ("FY25", D(2025, 1, 1), D(2025, 12, 31), "year", True),
    ("fiscal 2025", D(2025, 1, 1), D(2025, 12, 31), "year", True),
    ("fiscal year 2025", D(2025, 1, 1), D(2025, 12, 31), "year", True),
    ("2026", D(2026, 1, 1), D(2026, 12, 31), "year", False),
    ("month ended July 31, 2026", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("month ended February 28, 2026", D(2026, 2, 1), D(2026, 2, 28), "month", False),
    ("three months ended September 30, 2026", D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
    ("Three Months Ended October 31, 2026", D(2026, 8, 1), D(2026, 10, 31), "quarter", True),
    ("six months ended June 30, 2026", D(2026, 1, 1), D(2026, 6, 30), "half", False),
    ("nine months ended September 30, 2026", D(2026, 1, 1), D(2026, 9, 30), "span", False),
    ("twelve months ended June 30, 2026", D(2025, 7, 1), D(2026, 6, 30), "span", False),
    ("12 months ended December 31, 2025", D(2025, 1, 1), D(2025, 12, 31), "year", False),
    ("quarter ended June 30, 2026", D(2026, 4, 1), D(2026, 6, 30), "quarter", False),
    ("year ended December 31, 2025", D(2025, 1, 1), D(2025, 12, 31), "year", False),
    ("for the year ended 31 March 2026", D(2025, 4, 1), D(2026, 3, 31), "year", True),
    ("fiscal year ended September 30, 2019", D(2018, 10, 1), D(2019, 9, 30), "year", True),
    ("52 weeks ended September 28, 2019", D(2018, 9, 30), D(2019, 9, 28), "year", True),
    ("as of December 31, 2025", D(2025, 12, 31), D(2025, 12, 31), "instant", False),
    ("as at 31 Dec 2025", D(2025, 12, 31), D(2025, 12, 31), "instant", False),
    ("December 31, 2025", D(2025, 12, 31), D(2025, 12, 31), "instant", False),
    ("Dec. 31 2025", D(2025, 12, 31), D(2025, 12, 31), "instant", False),
    ("31 December 2025", D(2025, 12, 31), D(2025, 12, 31), "instant", False),
    ("Sept. 30th, 2026", D(2026, 9, 30), D(2026, 9, 30), "instant", False),
    ("2026-07-01..2026-07-31", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("2026-07-01 to 2026-07-31", D(2026, 7, 1), D(2026, 7, 31), "month", False),
    ("2026-07-01 to 2026-09-30", D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
    ("2025-01-01..2025-12-31", D(2025, 1, 1), D(2025, 12, 31), "year", False),
    ("2026-07-01..2026-08-15", D(2026, 7, 1), D(2026, 8, 15), "span", False),
    ("1 Jul 2026–31 Aug 2026", D(2026, 7, 1), D(2026, 8, 31), "span", False),
    ("Apr–Jun 2026", D(2026, 4, 1), D(2026, 6, 30), "quarter", False),
    ("Nov 2025–Feb 2026", D(2025, 11, 1), D(2026, 2, 28), "span", False),
    (
        "between July 1, 2026 and September 30, 2026",
        D(2026, 7, 1),
        D(2026, 9, 30),
        "quarter",
        False,
    ),
    ("Q2 2026 (Apr–Jun 2026)", D(2026, 4, 1), D(2026, 6, 30), "quarter", False),
    # interim statements' year-to-date and split-year headings
    ("9M 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("9M25", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("9M'25", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("6M 2025", D(2025, 1, 1), D(2025, 6, 30), "half", False),
    ("12M 2025", D(2025, 1, 1), D(2025, 12, 31), "year", False),
    ("Nine months 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("first nine months of 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("Jan-Sep 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("Oct-Dec 2025", D(2025, 10, 1), D(2025, 12, 31), "quarter", False),
    ("Q1-Q3 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("Q1–Q3 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("YTD Q3 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("Q3 2025 YTD", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("YTD Sep 2025", D(2025, 1, 1), D(2025, 9, 30), "span", False),
    ("2025/26", D(2026, 1, 1), D(2026, 12, 31), "year", True),
    ("FY2025/26", D(2026, 1, 1), D(2026, 12, 31), "year", True),
    ("FY25/26", D(2026, 1, 1), D(2026, 12, 31), "year", True),
]


@pytest.mark.parametrize(("text", "start", "end", "granularity", "fiscal"), PARSE_CASES)
def test_parse_period_reads_every_form(
    text: str, start: date, end: date, granularity: str, fiscal: bool
) -> None:
    p = parse_period(text)
    assert (p.start, p.end, p.granularity, p.fiscal) == (start, end, granularity, fiscal)
    assert p.label == text


# fiscal years are named by the calendar year they end in
@pytest.mark.parametrize(
    ("start_month", "text", "start", "end"),
    [
        (1, "FY2025", D(2025, 1, 1), D(2025, 12, 31)),
        (1, "Q3 FY2025", D(2025, 7, 1), D(2025, 9, 30)),
        (4, "FY2025", D(2024, 4, 1), D(2025, 3, 31)),
        (4, "Q1 FY2025", D(2024, 4, 1), D(2024, 6, 30)),
        (4, "Q4 FY25", D(2025, 1, 1), D(2025, 3, 31)),
        (4, "H2 FY2025", D(2024, 10, 1), D(2025, 3, 31)),
        (7, "FY2025", D(2024, 7, 1), D(2025, 6, 30)),
        (7, "fiscal year 2025", D(2024, 7, 1), D(2025, 6, 30)),
        (7, "Q2 FY2025", D(2024, 10, 1), D(2024, 12, 31)),
        (7, "FY25 Q3", D(2025, 1, 1), D(2025, 3, 31)),
        (10, "FY2025", D(2024, 10, 1), D(2025, 9, 30)),
        (10, "fiscal 2025", D(2024, 10, 1), D(2025, 9, 30)),
        (10, "Q1 FY2026", D(2025, 10, 1), D(2025, 12, 31)),
        (10, "Q3 FY2026", D(2026, 4, 1), D(2026, 6, 30)),
        (10, "3QFY26", D(2026, 4, 1), D(2026, 6, 30)),
        (10, "third quarter of fiscal 2026", D(2026, 4, 1), D(2026, 6, 30)),
        (10, "H1 FY2026", D(2025, 10, 1), D(2026, 3, 31)),
        (10, "Q3 2026", D(2026, 7, 1), D(2026, 9, 30)),  # no FY: a calendar quarter
        (10, "2026", D(2026, 1, 1), D(2026, 12, 31)),
        (4, "2025/26", D(2025, 4, 1), D(2026, 3, 31)),  # "f"-less, yet a fiscal year
        (4, "FY2025/26", D(2025, 4, 1), D(2026, 3, 31)),
        (10, "9M FY2026", D(2025, 10, 1), D(2026, 6, 30)),
        (10, "YTD Q3 FY2026", D(2025, 10, 1), D(2026, 6, 30)),
    ],
)
def test_fiscal_year_arithmetic(start_month: int, text: str, start: date, end: date) -> None:
    p = parse_period(text, fiscal_year_start_month=start_month)
    assert (p.start, p.end) == (start, end)
    assert p.fiscal is ("f" in text.lower() or "/" in text)


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity"),
    [
        ("July", D(2026, 7, 1), D(2026, 7, 31), "month"),
        ("Q2", D(2026, 4, 1), D(2026, 6, 30), "quarter"),
        ("H2", D(2026, 7, 1), D(2026, 12, 31), "half"),
        ("third quarter", D(2026, 7, 1), D(2026, 9, 30), "quarter"),
        ("June 30", D(2026, 6, 30), D(2026, 6, 30), "instant"),
        ("three months ended September 30", D(2026, 7, 1), D(2026, 9, 30), "quarter"),
        ("July 2025", D(2025, 7, 1), D(2025, 7, 31), "month"),  # a written year wins
    ],
)
def test_default_year_fills_a_missing_year(
    text: str, start: date, end: date, granularity: str
) -> None:
    p = parse_period(text, default_year=2026)
    assert (p.start, p.end, p.granularity) == (start, end, granularity)


GENERIC = (
    "use an ISO date (2026-07-31), a month (2026-07, July 2026), "
    "a quarter (Q3 2026), a half (H1 2026) or a fiscal year (FY2025)"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Q5 2026",
            "period 'Q5 2026' is not recognised; quarters run Q1 to Q4 (Q3 2026, 3Q26, Q3 FY2026)",
        ),
        ("2026-13", "period '2026-13' is not recognised; months run 01 to 12 (2026-07)"),
        ("soon", f"period 'soon' is not recognised; {GENERIC}"),
        ("", f"period '' is not recognised; {GENERIC}"),
        ("H3 2026", "period 'H3 2026' is not recognised; halves run H1 to H2 (H1 2026, 1H26)"),
        ("2026-02-30", "period '2026-02-30' is not recognised; that day is not on the calendar"),
        (
            "July",
            "period 'July' is not recognised; it names no year: add one (July 2026, Q2 2026) "
            "or pass default_year",
        ),
        (
            "period ended June 30, 2026",
            "period 'period ended June 30, 2026' is not recognised; "
            "say how long the period is (three months ended …, year ended …)",
        ),
        (
            "2026-09-30..2026-07-01",
            "period '2026-09-30..2026-07-01' is not recognised; the span ends before it starts",
        ),
        (
            "Q2 2026 (Jul–Sep 2026)",
            "period 'Q2 2026 (Jul–Sep 2026)' is not recognised; "
            "the period's name and the dates in brackets disagree",
        ),
        ("next quarter", f"period 'next quarter' is not recognised; {GENERIC}"),
        ("2019 vs 2018", f"period '2019 vs 2018' is not recognised; {GENERIC}"),
        # a year to date that names no end: Q3's, or the year's?
        (
            "YTD 2025",
            "period 'YTD 2025' is not recognised; "
            "say how long the period is (three months ended …, year ended …)",
        ),
        (
            "2025/27",
            "period '2025/27' is not recognised; a split year names two years in a row (2025/26)",
        ),
        ("12/13", f"period '12/13' is not recognised; {GENERIC}"),  # a date, not FY2013
        ("13M 2025", f"period '13M 2025' is not recognised; {GENERIC}"),
    ],
)
def test_unreadable_periods_raise_one_clear_message(text: str, message: str) -> None:
    with pytest.raises(PeriodNotRecognised) as info:
        parse_period(text)
    assert str(info.value) == message
    assert info.value.text == text
    assert isinstance(info.value, InputError) and isinstance(info.value, ValueError)


def test_bad_fiscal_start_month_is_a_config_error() -> None:
    with pytest.raises(
        ConfigError, match=r"fiscal_year_start_month must be a month number 1–12, not 13"
    ):
        parse_period("FY2025", fiscal_year_start_month=13)


# --- the Period value -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "start_month", "described"),
    [
        ("Q2 2026", 1, "Q2 2026 (Apr–Jun 2026)"),
        ("2026-07", 1, "July 2026"),
        ("FY2019", 10, "FY2019 (Oct 2018–Sep 2019)"),
        ("fiscal year ended September 30, 2019", 1, "FY2019 (Oct 2018–Sep 2019)"),
        ("Q1 FY2026", 10, "Q1 FY2026 (Oct–Dec 2025)"),
        ("quarter ended October 31, 2026", 1, "quarter ended 31 Oct 2026 (Aug–Oct 2026)"),
        ("as of December 31, 2025", 1, "31 Dec 2025"),
        ("2026-07-31", 1, "2026-07-31"),
        ("2026-07-01..2026-08-15", 1, "1 Jul 2026–15 Aug 2026"),
        ("H2 2026", 1, "H2 2026 (Jul–Dec 2026)"),
        ("2026", 1, "2026"),
        ("FY2025", 1, "FY2025 (Jan–Dec 2025)"),
    ],
)
def test_describe(text: str, start_month: int, described: str) -> None:
    p = parse_period(text, fiscal_year_start_month=start_month)
    assert p.describe() == described
    again = parse_period(described)  # the brackets carry the fiscal dates
    assert (again.start, again.end, again.granularity, again.fiscal) == (
        p.start,
        p.end,
        p.granularity,
        p.fiscal,
    )


def test_describe_a_span_built_directly() -> None:
    p = Period(D(2026, 7, 1), D(2026, 7, 31), "span")
    assert p.describe() == "1 Jul 2026–31 Jul 2026"


@pytest.mark.parametrize(
    ("start", "end", "granularity", "months"),
    [
        (D(2026, 7, 1), D(2026, 7, 31), "month", 1),
        (D(2026, 7, 1), D(2026, 9, 30), "quarter", 3),
        (D(2026, 7, 1), D(2026, 12, 31), "half", 6),
        (D(2026, 1, 1), D(2026, 12, 31), "year", 12),
        (D(2025, 10, 1), D(2026, 9, 30), "span", 12),
        (D(2026, 1, 1), D(2026, 9, 30), "span", 9),
        (D(2026, 2, 1), D(2026, 4, 30), "span", 3),
        (D(2026, 7, 1), D(2026, 8, 15), "span", 0),
        (D(2026, 7, 31), D(2026, 7, 31), "day", 0),
    ],
)
def test_from_dates_infers_granularity_and_counts_months(
    start: date, end: date, granularity: str, months: int
) -> None:
    p = Period.from_dates(start, end, "x")
    assert (p.granularity, p.months, p.label, p.fiscal) == (granularity, months, "x", False)


def test_instant_property_and_months() -> None:
    balance = parse_period("as of June 30, 2026")
    assert balance.instant and balance.months == 0
    assert not parse_period("Q2 2026").instant


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"start": D(2026, 7, 31), "end": D(2026, 7, 1), "granularity": "span"},
            "period '2026-07-31..2026-07-01' is not recognised; the span ends before it starts",
        ),
        (
            {"start": D(2026, 7, 1), "end": D(2026, 7, 31), "granularity": "week", "label": "w"},
            "period 'w' is not recognised; granularity 'week' is not one of "
            "day, month, quarter, half, year, span, instant",
        ),
        (
            {"start": D(2026, 7, 1), "end": D(2026, 7, 31), "granularity": "instant", "label": "i"},
            "period 'i' is not recognised; an instant starts and ends on the same day",
        ),
    ],
)
def test_invalid_periods_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PeriodNotRecognised) as info:
        Period(**kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_period_is_frozen() -> None:
    p = parse_period("Q2 2026")
    with pytest.raises(AttributeError):
        p.start = D(2026, 1, 1)  # type: ignore[misc]


# --- relation ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("Q2 2026", "2026-04-01..2026-06-30", Relation.EQUAL),
        ("2026", "Q2 2026", Relation.CONTAINS),
        ("July 2026", "Q3 2026", Relation.WITHIN),
        ("as of June 30, 2026", "Q2 2026", Relation.WITHIN),
        ("2026-05-01..2026-07-31", "Q2 2026", Relation.OVERLAPS),
        ("Q2 2026", "Q3 2026", Relation.ADJACENT),
        ("Q3 2026", "Q2 2026", Relation.ADJACENT),
        ("Q1 2026", "Q3 2026", Relation.DISJOINT),
    ],
)
def test_relation(a: str, b: str, expected: Relation) -> None:
    assert relation(parse_period(a), parse_period(b)) is expected
    assert str(expected) == expected.name.lower()


# --- find_periods -----------------------------------------------------------------------------
def found(text: str, **kwargs: int) -> list[tuple[str, date, date, str]]:
    return [
        (text[a:b], p.start, p.end, p.granularity) for (a, b), p in find_periods(text, **kwargs)
    ]


@pytest.mark.parametrize(
    ("text", "kwargs", "expected"),
    [
        (
            "In Q2 2026 net burn was $1.2M, down from $1.5M in Q1 2026.",
            {},
            [
                ("Q2 2026", D(2026, 4, 1), D(2026, 6, 30), "quarter"),
                ("Q1 2026", D(2026, 1, 1), D(2026, 3, 31), "quarter"),
            ],
        ),
        (
            "Revenue for July was $410k.",
            {"default_year": 2026},
            [("July", D(2026, 7, 1), D(2026, 7, 31), "month")],
        ),
        ("Revenue for July was $410k.", {}, []),
        ("Gross margin in Q2 was 61%.", {}, []),
        (
            "Gross margin in Q2 was 61%.",
            {"default_year": 2026},
            [("Q2", D(2026, 4, 1), D(2026, 6, 30), "quarter")],
        ),
        (
            "Cash in July 2026 closed at $4.1M; in the second quarter of 2026 we hired 12 people.",
            {},
            [
                ("July 2026", D(2026, 7, 1), D(2026, 7, 31), "month"),
                ("second quarter of 2026", D(2026, 4, 1), D(2026, 6, 30), "quarter"),
            ],
        ),
        (
            "For the three months ended September 30, 2026, revenue was $12.4 million.",
            {},
            [("three months ended September 30, 2026", D(2026, 7, 1), D(2026, 9, 30), "quarter")],
        ),
        (
            "As of June 30, 2026, we had $48.2 million in cash and cash equivalents.",
            {},
            [("As of June 30, 2026", D(2026, 6, 30), D(2026, 6, 30), "instant")],
        ),
        (
            "Net sales rose 12% in fiscal 2019 compared to fiscal 2018; FY2025 guidance holds.",
            {"fiscal_year_start_month": 10},
            [
                ("fiscal 2019", D(2018, 10, 1), D(2019, 9, 30), "year"),
                ("fiscal 2018", D(2017, 10, 1), D(2018, 9, 30), "year"),
                ("FY2025", D(2024, 10, 1), D(2025, 9, 30), "year"),
            ],
        ),
        (
            "For the fiscal year ended September 30, 2019, net sales were $260.2 billion.",
            {},
            [("fiscal year ended September 30, 2019", D(2018, 10, 1), D(2019, 9, 30), "year")],
        ),
        (
            # 'may' the verb is not a month; 'May' after a preposition or before a year is
            "Either party may terminate on 30 days' notice. May revenue is not final; "
            "the term began in May 2025 and renews in May.",
            {"default_year": 2026},
            [
                ("May 2025", D(2025, 5, 1), D(2025, 5, 31), "month"),
                ("May", D(2026, 5, 1), D(2026, 5, 31), "month"),
            ],
        ),
        (
            "Churn fell from July 1, 2026 to September 30, 2026 (and 2026-07-01..2026-07-31).",
            {},
            [
                ("July 1, 2026 to September 30, 2026", D(2026, 7, 1), D(2026, 9, 30), "quarter"),
                ("2026-07-01..2026-07-31", D(2026, 7, 1), D(2026, 7, 31), "month"),
            ],
        ),
        (
            "We opened 2,026 stores in 2026 and 1,999 in 2025; 2025 units were 7,311.",
            {},
            [
                ("2026", D(2026, 1, 1), D(2026, 12, 31), "year"),
                ("2025", D(2025, 1, 1), D(2025, 12, 31), "year"),
            ],
        ),
        (
            "3Q26 bookings rose; 1H26 was flat; we expect H2 FY2026 to improve.",
            {"fiscal_year_start_month": 10},
            [
                ("3Q26", D(2026, 7, 1), D(2026, 9, 30), "quarter"),
                ("1H26", D(2026, 1, 1), D(2026, 6, 30), "half"),
                ("H2 FY2026", D(2026, 4, 1), D(2026, 9, 30), "half"),
            ],
        ),
        (
            "Spend will march upward; March was strong.",
            {"default_year": 2026},
            [("March", D(2026, 3, 1), D(2026, 3, 31), "month")],
        ),
        ("The ratio was 3.2 and 2026 customers renewed; Q5 is not a quarter.", {}, []),
    ],
)
def test_find_periods(text: str, kwargs: dict[str, int], expected: list[object]) -> None:
    assert found(text, **kwargs) == expected


def test_find_periods_labels_are_the_matched_text() -> None:
    [(span, p)] = find_periods("Burn for the quarter ended June 30, 2026 was $1.1M.")
    assert span == (13, 40)
    assert p.label == "quarter ended June 30, 2026"


def test_find_periods_reads_every_period_of_a_long_document() -> None:
    text = "In Q2 2026 net burn was $1.2M. Either party may terminate the lease. " * 3000
    result = find_periods(text)
    assert len(result) == 3000
    assert {p.label for _, p in result} == {"Q2 2026"}


# --- column_period ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("header", "context", "start_month", "expected"),
    [
        ("2019", "Years Ended September 30,", 1, (D(2018, 10, 1), D(2019, 9, 30), "year", True)),
        (
            "2019(1)",
            "Fiscal Years Ended September 30,",
            1,
            (D(2018, 10, 1), D(2019, 9, 30), "year", True),
        ),
        ("2019", "Fiscal Year", 10, (D(2018, 10, 1), D(2019, 9, 30), "year", True)),
        ("2025", "Year Ended December 31,", 1, (D(2025, 1, 1), D(2025, 12, 31), "year", False)),
        (
            "2026",
            "Three Months Ended September 30,",
            1,
            (D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
        ),
        ("2026", "Six Months Ended June 30,", 1, (D(2026, 1, 1), D(2026, 6, 30), "half", False)),
        (
            "September 30, 2026",
            "Three Months Ended",
            1,
            (D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
        ),
        ("Q3 2026", "", 1, (D(2026, 7, 1), D(2026, 9, 30), "quarter", False)),
        (
            "Q3 2026",
            "Years Ended September 30,",
            1,
            (D(2026, 7, 1), D(2026, 9, 30), "quarter", False),
        ),
        ("December 31, 2025", "", 1, (D(2025, 12, 31), D(2025, 12, 31), "instant", False)),
        ("December 31, 2025", "As of", 1, (D(2025, 12, 31), D(2025, 12, 31), "instant", False)),
        ("2025", "December 31,", 1, (D(2025, 12, 31), D(2025, 12, 31), "instant", False)),
        ("2025", "As of December 31,", 1, (D(2025, 12, 31), D(2025, 12, 31), "instant", False)),
        ("Jul 2026", "", 1, (D(2026, 7, 1), D(2026, 7, 31), "month", False)),
        ("2019", "", 1, (D(2019, 1, 1), D(2019, 12, 31), "year", False)),
        ("2019", "", 10, (D(2019, 1, 1), D(2019, 12, 31), "year", False)),
        (
            "2019",
            "(in thousands, except per share data)",
            1,
            (D(2019, 1, 1), D(2019, 12, 31), "year", False),
        ),
        ("Revenue", "", 1, None),
        ("Change", "", 1, None),
        ("% change", "", 1, None),
        ("2019 vs 2018", "", 1, None),
        ("2019 vs 2018", "Years Ended September 30,", 1, None),
        ("Revenue", "Years Ended September 30,", 1, None),
        ("", "As of", 1, None),
    ],
)
def test_column_period(
    header: str, context: str, start_month: int, expected: tuple[date, date, str, bool] | None
) -> None:
    p = column_period(header, context, fiscal_year_start_month=start_month)
    assert (None if p is None else (p.start, p.end, p.granularity, p.fiscal)) == expected


def test_column_period_label_joins_heading_and_header() -> None:
    p = column_period("2019", "Consolidated Statements of Operations\nYears Ended September 30,")
    assert p is not None and p.label == "Years Ended September 30, 2019"
    assert p.describe() == "FY2019 (Oct 2018–Sep 2019)"


# --- claim_agrees -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("claim", "stated", "agrees"),
    [
        (parse_period("Q2 2026"), parse_period("three months ended June 30, 2026"), True),
        (parse_period("Q2 2026"), parse_period("Q1 2026"), False),
        (parse_period("Q2 2026"), parse_period("as of June 30, 2026"), True),
        (parse_period("2026-06-30"), parse_period("June 30, 2026"), True),
        (parse_period("Q2 2026"), parse_period("as of March 31, 2026"), False),
        (parse_period("July 2026"), parse_period("Q3 2026"), False),
        # a bare year header agrees with any twelve months ending in it, fiscal years included
        (parse_period("FY2019", fiscal_year_start_month=10), column_period("2019"), True),
        (parse_period("2019"), column_period("2019"), True),
        (parse_period("twelve months ended June 30, 2019"), column_period("2019"), True),
        (parse_period("52 weeks ended September 28, 2019"), column_period("2019"), True),
        (parse_period("FY2020", fiscal_year_start_month=10), column_period("2019"), False),
        (parse_period("Q4 2019"), column_period("2019"), False),
        # ... but a year the document spells out is held to its dates
        (
            parse_period("FY2019", fiscal_year_start_month=10),
            column_period("2019", "Year Ended December 31,"),
            False,
        ),
        (parse_period("FY2019", fiscal_year_start_month=10), parse_period("CY2019"), False),
        (parse_period("2019"), column_period("2019", "Years Ended September 30,"), False),
        # so does a fiscal year whose start the document never names ("FY25" over a column):
        # the registry's October-to-September FY2025 is that year, a quarter of it is not
        (parse_period("FY2025", fiscal_year_start_month=10), column_period("FY25"), True),
        (parse_period("FY2025", fiscal_year_start_month=7), column_period("Fiscal 2025"), True),
        (parse_period("FY2025", fiscal_year_start_month=10), column_period("FY24"), False),
        (parse_period("Q3 2025"), column_period("FY25"), False),
        (
            parse_period("FY2025", fiscal_year_start_month=10),
            column_period("2025", "Year Ended June 30,"),
            False,
        ),
    ],
)
def test_claim_agrees(claim: Period, stated: Period | None, agrees: bool) -> None:
    assert stated is not None
    assert claim_agrees(claim, stated) is agrees


def test_a_heading_that_names_a_year_but_reads_as_no_period_agrees_with_no_claim() -> None:
    from tieout.periods import dated_heading

    unread = Period.unreadable("YTD 2025")
    assert unread.unread and not parse_period("2025").unread
    assert unread.describe() == '"YTD 2025" (a heading tieout does not read as a period)'
    for claim in ("2025", "Q3 2025", "2025-01-01..2025-09-30", "0001-01-01"):
        assert claim_agrees(parse_period(claim), unread) is False
    assert [dated_heading(h) for h in ("YTD 2025", "LTM Q3 2025", "2025E", "2025 vs 2024")] == [
        True,
        True,
        True,
        True,
    ]
    assert [dated_heading(h) for h in ("2025", "Revenue", "$2,025", "12.5 2025", "€ 2025")] == [
        False,
        False,
        False,
        False,
        False,
    ]


# --- round trip -------------------------------------------------------------------------------
@st.composite
def calendar_periods(draw: st.DrawFn) -> Period:
    year = draw(st.integers(1900, 2099))
    kind = draw(st.sampled_from(["month", "quarter", "half", "year"]))
    step = {"month": 1, "quarter": 3, "half": 6, "year": 12}[kind]
    first = draw(st.integers(0, 12 // step - 1)) * step + 1
    start = D(year, first, 1)
    after = D(year + 1, 1, 1) if first + step > 12 else D(year, first + step, 1)
    return Period.from_dates(start, D.fromordinal(after.toordinal() - 1))


@given(calendar_periods())
def test_describe_round_trips_through_parse_period(p: Period) -> None:
    text = p.describe()
    again = parse_period(text)
    assert (again.start, again.end, again.granularity) == (p.start, p.end, p.granularity)
    assert again.label == text
    assert again.describe() == text


@given(
    st.integers(1901, 2099),
    st.integers(1, 12),
    st.sampled_from(["FY{y}", "Q{q} FY{y}", "H{h} FY{y}"]),
    st.integers(1, 4),
    st.integers(1, 2),
)
def test_fiscal_describe_round_trips(
    year: int, start_month: int, form: str, q: int, h: int
) -> None:
    label = form.format(y=year, q=q, h=h)
    p = parse_period(label, fiscal_year_start_month=start_month)
    again = parse_period(p.describe())  # read back without knowing the fiscal start month
    assert (again.start, again.end, again.granularity, again.fiscal) == (
        p.start,
        p.end,
        p.granularity,
        True,
    )


_PIECES = st.sampled_from(
    [*"Q1234H FY,.()'–-", "May ", "fiscal ", "ended ", "as of ", "September 30, ", "2026", "Jul"]
)


@given(st.one_of(st.lists(_PIECES, max_size=12).map("".join), st.text(max_size=40)))
def test_any_text_reads_or_raises_period_not_recognised(text: str) -> None:
    try:
        parse_period(text, default_year=2026)
    except PeriodNotRecognised as exc:
        assert exc.text == text
    previous_end = 0
    for (a, b), p in find_periods(text, default_year=2026):
        assert previous_end <= a < b and p.label == text[a:b]
        previous_end = b


def test_a_heading_period_agrees_also_with_a_balance_on_its_last_day() -> None:
    from tieout.periods import claim_agrees, section_agrees

    q4 = parse_period("Q4 2025")
    day = Period.from_dates(date(2025, 12, 31), date(2025, 12, 31))
    assert section_agrees(day, q4) and not claim_agrees(day, q4)
    assert section_agrees(q4, q4)
    assert not section_agrees(parse_period("2025"), q4)
    assert not section_agrees(Period.from_dates(date(2025, 11, 30), date(2025, 11, 30)), q4)
