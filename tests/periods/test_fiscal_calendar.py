"""A document's fiscal calendar read from the days its years end on, 52/53-week ones too."""

from __future__ import annotations

from datetime import date

from tieout.periods import Period, claim_agrees, declared_calendar, parse_period


def test_a_52_week_year_starts_the_day_after_the_year_before_ended() -> None:
    p = parse_period("Fiscal year ended October 31, 2026")
    assert (p.start, p.end) == (date(2025, 11, 1), date(2026, 10, 31))
    p = parse_period("Year ended October 30, 2027")  # 52 weeks after October 31, 2026
    assert (p.start, p.end) == (date(2026, 11, 1), date(2027, 10, 30))
    q = parse_period("Three months ended January 30, 2027")  # 13 weeks on
    assert (q.start, q.end) == (date(2026, 11, 1), date(2027, 1, 30))


def test_a_claim_for_a_52_week_year_a_few_days_off_at_its_start_agrees() -> None:
    stated = parse_period("Year ended October 30, 2027")
    assert claim_agrees(Period.from_dates(date(2026, 10, 31), date(2027, 10, 30)), stated)
    assert not claim_agrees(Period.from_dates(date(2025, 11, 1), date(2026, 10, 31)), stated)
    assert not claim_agrees(Period.from_dates(date(2027, 1, 1), date(2027, 12, 31)), stated)


def test_the_calendar_names_fiscal_years_by_the_year_they_end_in_unless_told() -> None:
    text = "Results for the fiscal year ended January 30, 2027 and year ended January 31, 2026."
    cal = declared_calendar(text)
    assert cal is not None
    assert cal.year(2027) == (date(2026, 2, 1), date(2027, 1, 30))
    told = text + " Fiscal 2026 (which ended January 30, 2027) was a 52-week year."
    cal = declared_calendar(told)
    assert cal is not None
    assert cal.year(2026) == (date(2026, 2, 1), date(2027, 1, 30))
    anchored = cal.anchor(parse_period("Fiscal 2026"))
    assert (anchored.start, anchored.end) == (date(2026, 2, 1), date(2027, 1, 30))


def test_no_calendar_where_the_years_end_on_december_31_or_disagree() -> None:
    assert declared_calendar("For the year ended December 31, 2026.") is None
    mixed = (
        "Our fiscal year ended June 30, 2026. The target's year ended December 31, 2025; "
        "its year ended December 31, 2024."
    )
    assert declared_calendar(mixed) is None


def test_a_documents_own_fiscal_period_anchors_the_bare_years_of_its_tables() -> None:
    import tieout

    text = "(in millions)\n\n | 2025 | 2024\nSubscription revenue | $812 | $760\n"
    doc = tieout.Document.from_text(
        "fy", text, period_start=date(2023, 7, 1), period_end=date(2025, 6, 30)
    )
    claim = {
        "metric_key": "subscription_revenue",
        "value": 812,
        "unit": "USD_millions",
        "period_start": "2024-07-01",
        "period_end": "2025-06-30",
        "source_doc_id": "fy",
        "source_locator": "row: Subscription revenue",
        "source_quote": "Subscription revenue | $812 | $760",
    }
    calendar_year = {**claim, "period_start": "2024-01-01", "period_end": "2024-12-31"}
    fiscal, calendar = tieout.check_claims([claim, calendar_year], {"fy": doc})
    assert fiscal.verdict.value == "pass", fiscal.reason
    assert calendar.verdict.value == "fail"
    assert "is stated for FY2025 (Jul 2024–Jun 2025)" in calendar.reason


def test_an_opening_balance_under_a_bare_year_opens_the_documents_fiscal_year() -> None:
    import tieout

    text = (
        "(in thousands)\n\n | 2025 | 2024\n"
        "Balance at the beginning of the fiscal year | $2,310 | $2,045\n"
        "Balance at the end of the fiscal year | $2,502 | $2,310\n"
    )
    doc = tieout.Document.from_text(
        "rollfwd", text, period_start=date(2023, 5, 1), period_end=date(2025, 4, 30)
    )
    read = {doc.text[f.span[0] : f.span[1]]: f for f in doc.figures}
    opening = doc.stated_period(read["$2,045"])
    assert opening is not None and (opening.start, opening.end) == (
        date(2023, 4, 30),
        date(2023, 4, 30),
    )
    closing = doc.stated_period(read["$2,502"])
    assert closing is not None and closing.end == date(2025, 4, 30)
