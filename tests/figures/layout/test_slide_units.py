"""Units as investor decks and board slides print them in row labels: "Revenue ($B)",
"Revenue (USD, billions)", "Revenue, $M", "Monthly active users (M)"."""

from __future__ import annotations

from decimal import Decimal

import pytest
from _figures import figure, read

import tieout
from tieout.figures import extract


def slide(label: str, cells: tuple[str, str]) -> str:
    return (
        "Q3 2026 investor presentation\n\n"
        "Key metrics                      Q3 2026    Q3 2025\n"
        f"{label:<30}{cells[0]:>9}  {cells[1]:>9}\n"
        "Customers                         14,210     12,005\n"
    )


@pytest.mark.parametrize(
    "label",
    ["Revenue ($B)", "Revenue (USD, billions)", "Revenue (US$ billions)", "Revenue, $B"],
)
def test_billions_of_dollars(label: str) -> None:
    figs = extract(slide(label, ("2.94", "2.61")))
    assert read(figure(figs, "2.94")) == (Decimal("2940000000.00"), "USD", "number")
    assert read(figure(figs, "14,210")) == (Decimal("14210"), None, "number")
    r = tieout.gate(
        "Revenue was $2.94 billion, up from $2.61 billion.",
        sources=[slide(label, ("2.94", "2.61"))],
    )
    assert [c.status for c in r.claims] == ["found", "found"]
    r = tieout.gate("Revenue was $2.94 million.", sources=[slide(label, ("2.94", "2.61"))])
    assert [c.status for c in r.claims] == ["missing"]


def test_millions_with_a_comma_label() -> None:
    figs = extract(slide("Revenue, $M", ("2,940", "2,610")))
    assert read(figure(figs, "2,940")) == (Decimal("2940000000"), "USD", "number")


def test_a_count_in_millions() -> None:
    source = slide("Monthly active users (M)", ("41.2", "38.0"))
    assert read(figure(extract(source), "41.2")) == (Decimal("41200000.0"), "count", "number")
    assert [
        c.status for c in tieout.gate("MAUs reached 41.2 million.", sources=[source]).claims
    ] == ["found"]
    assert [
        c.status for c in tieout.gate("MAUs reached $41.2 million.", sources=[source]).claims
    ] == ["missing"]


@pytest.mark.parametrize(
    "text",
    [
        "Risk factors (b) include rates of 2.94 and 2.61 in the table.\n",  # a list's letter
        "Revenue (B)                      2.94       2.61\n",  # "B" alone names no currency
        "We paid $B fees, 2.94 of them.\n",
    ],
)
def test_no_scale_without_a_currency_and_a_place(text: str) -> None:
    assert read(figure(extract(text), "2.94")) == (Decimal("2.94"), None, "number")
