"""Periods named as a list ("as of June 30, 2026 and 2025"), and figures listed as many
that such a list dates in order, with or without "respectively"."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

import tieout
from tieout.periods import find_periods, listed_period, period_chains

D = date


def _chains(sentence: str) -> list[list[tuple[date, date]]]:
    return [
        [(p.start, p.end) for _span, p in chain]
        for chain in period_chains(sentence, find_periods(sentence))
    ]


def test_a_year_written_alone_after_a_date_names_that_day_in_its_year() -> None:
    assert _chains("At September 30, 2026 and 2025, the reserve was set aside.") == [
        [(D(2026, 9, 30), D(2026, 9, 30)), (D(2025, 9, 30), D(2025, 9, 30))]
    ]


def test_a_list_of_fiscal_years_continues_the_first_ones_words() -> None:
    (chain,) = _chains("Grants in fiscal 2027, 2026 and 2025 were small.")
    assert chain == [
        (D(2027, 1, 1), D(2027, 12, 31)),
        (D(2026, 1, 1), D(2026, 12, 31)),
        (D(2025, 1, 1), D(2025, 12, 31)),
    ]


def test_years_ended_a_day_listed_keep_their_day_and_length() -> None:
    (chain,) = _chains("Costs for the years ended March 31, 2027, 2026, and 2025 rose.")
    assert chain == [
        (D(2026, 4, 1), D(2027, 3, 31)),
        (D(2025, 4, 1), D(2026, 3, 31)),
        (D(2024, 4, 1), D(2025, 3, 31)),
    ]


def test_two_full_dates_joined_by_and_are_a_list() -> None:
    assert _chains("as of October 2, 2026 and September 26, 2025") == [
        [(D(2026, 10, 2), D(2026, 10, 2)), (D(2025, 9, 26), D(2025, 9, 26))]
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Sales were $8.1 million in 2026, up from $7.9 million in 2025.",  # each its own
        "The notes mature in 2031.",  # one period
        "At June 30, 2026 the balance was $3.3 million.",
        "The 2026-2030 plan and 2027 targets were approved.",  # a range, then a year
    ],
)
def test_no_list_where_periods_are_not_joined_as_one(sentence: str) -> None:
    assert _chains(sentence) == []


def test_the_kth_listed_figure_takes_the_kth_listed_period() -> None:
    s = "Backlog was $41.7 million and $38.2 million at June 30, 2026 and 2025, respectively."
    chains = period_chains(s, find_periods(s))
    spans = [(s.index("$41.7 million"), s.index("$41.7 million") + 13)]
    spans.append((s.index("$38.2 million"), s.index("$38.2 million") + 13))
    first = listed_period(s, spans, 0, chains)
    second = listed_period(s, spans, 1, chains)
    assert first is not None and second is not None
    assert (first.end, second.end) == (D(2026, 6, 30), D(2025, 6, 30))


def test_lists_of_different_lengths_are_not_paired() -> None:
    s = "Fees of $5.2 million and $4.4 million were paid in fiscal 2027, 2026 and 2025."
    chains = period_chains(s, find_periods(s))
    a, b = s.index("$5.2 million"), s.index("$4.4 million")
    assert listed_period(s, [(a, a + 12), (b, b + 12)], 1, chains) is None


# --- in a document: the period each figure is stated for --------------------------------

PROSE = (
    "Freight expense was $12.6 million, $11.9 million and $10.4 million for the years ended "
    "March 31, 2027, 2026 and 2025, respectively. As of March 31, 2027 and 2026, deferred "
    "revenue was $3.8 million and $4.1 million. Inventory reserves were $0.9 million and "
    "$0.7 million as of March 31, 2027 and April 1, 2026, respectively."
)


@pytest.mark.parametrize(
    ("figure", "start", "end"),
    [
        ("$12.6 million", D(2026, 4, 1), D(2027, 3, 31)),
        ("$11.9 million", D(2025, 4, 1), D(2026, 3, 31)),
        ("$10.4 million", D(2024, 4, 1), D(2025, 3, 31)),
        ("$3.8 million", D(2027, 3, 31), D(2027, 3, 31)),
        ("$4.1 million", D(2026, 3, 31), D(2026, 3, 31)),
        ("$0.9 million", D(2027, 3, 31), D(2027, 3, 31)),
        ("$0.7 million", D(2026, 4, 1), D(2026, 4, 1)),
    ],
)
def test_each_listed_figure_is_stated_for_its_own_period(
    figure: str, start: date, end: date
) -> None:
    doc = tieout.Document.from_text("notes", PROSE)
    (fig,) = [f for f in doc.figures if f.text.startswith(figure)]
    period = fig.period
    assert period is not None
    assert (period.start, period.end) == (start, end)


def _claim(value: float, start: str, end: str, quote: str) -> dict[str, Any]:
    return dict(
        metric_key="deferred_revenue",
        value=value,
        unit="USD_millions",
        period_start=start,
        period_end=end,
        source_doc_id="notes",
        source_quote=quote,
        source_locator="paragraph 1",
    )


def test_a_claim_for_the_second_listed_figure_passes_on_its_year_not_the_first() -> None:
    doc = tieout.Document.from_text("notes", PROSE)
    quote = "deferred revenue was $3.8 million and $4.1 million"
    right, wrong = tieout.check_claims(
        [
            _claim(4.1, "2026-03-31", "2026-03-31", quote),
            _claim(4.1, "2027-03-31", "2027-03-31", quote),
        ],
        [doc],
    )
    assert str(right.verdict) == "pass", right.reason
    assert str(wrong.verdict) == "fail"
    assert "31 Mar 2026" in wrong.reason


def test_a_caption_naming_each_years_day_dates_each_years_column_by_its_own() -> None:
    from tieout.periods import column_period

    caption = "Intangibles as of October 3, 2026 and September 27, 2025 were as follows:"
    p26, p25 = column_period("2026", caption), column_period("2025", caption)
    assert p26 is not None and (p26.start, p26.end) == (D(2026, 10, 3), D(2026, 10, 3))
    assert p25 is not None and (p25.start, p25.end) == (D(2025, 9, 27), D(2025, 9, 27))


@pytest.mark.parametrize(
    ("sentence", "figure", "expected"),
    [
        # the issue's month, not the notes' maturity
        ("In May 2026, we issued $600 million of notes due May 15, 2033.", "$600", (5, 2026)),
        # the balance's day, not the year its carryforwards expire
        ("At March 31, 2026, credits of $27 million expire in fiscal 2034.", "$27", (3, 2026)),
        # a maturity alone dates nothing
        ("The $1.5 billion revolving facility matures in October 2030.", "$1.5", None),
    ],
)
def test_a_date_a_figure_falls_due_or_expires_on_is_not_its_period(
    sentence: str, figure: str, expected: tuple[int, int] | None
) -> None:
    doc = tieout.Document.from_text("debt", sentence)
    (fig,) = [f for f in doc.figures if f.text.startswith(figure)]
    got = None if fig.period is None else (fig.period.end.month, fig.period.end.year)
    assert got == expected
