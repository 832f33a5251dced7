"""Pipe tables read as a grid: a row that opens with a pipe leaves its label cell empty.

Report tables pasted as text often join each row's cells with " | ", so a heading row whose
first cell is empty opens with a pipe (" | 2024 | 2023") while the rows under it open with
their labels ("Net sales | $812.6 | $774.1"). Read as Markdown borders, that first pipe would
move every heading one column to the left, and each figure would take its neighbour's year.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import tieout
from tieout.figures import normalize
from tieout.figures.layout import read_layout

_SPREADSHEET = (
    "Segment sales were as follows (in millions):\n\n"
    " |  | Years Ended June 30, | \n"
    " | 2024 | 2023 | 2022\n"
    "Instruments | $  512.3 | $  498.0 | $  430.6\n"
    "Services | 300.3 | 276.1 | 251.9\n"
    "Net sales | $812.6 | $774.1 | $682.5\n"
    " | $812.6 | $774.1 | $682.5\n"
)


def test_a_row_opening_with_a_pipe_keeps_its_empty_label_cell() -> None:
    [table] = read_layout(normalize(_SPREADSHEET)).tables
    assert table.columns == (
        "",
        "Years Ended June 30, 2024",
        "Years Ended June 30, 2023",
        "Years Ended June 30, 2022",
    )
    total = table.rows[-1]
    assert [(c.col, c.text) for c in total.cells] == [
        (0, ""),
        (1, "$812.6"),
        (2, "$774.1"),
        (3, "$682.5"),
    ]


def test_each_column_takes_the_fiscal_year_its_heading_names() -> None:
    [table] = read_layout(normalize(_SPREADSHEET)).tables
    p = table.periods[1]
    assert p is not None and (p.start, p.end) == (date(2023, 7, 1), date(2024, 6, 30))
    p = table.periods[3]
    assert p is not None and (p.start, p.end) == (date(2021, 7, 1), date(2022, 6, 30))


def _claim(value: float, start: str, end: str) -> dict[str, object]:
    return {
        "metric_key": "net_sales",
        "value": value,
        "unit": "USD_millions",
        "period_start": start,
        "period_end": end,
        "source_doc_id": "segments",
        "source_locator": "row: Net sales",
        "source_quote": "Net sales | $812.6 | $774.1 | $682.5",
    }


def test_a_true_claim_for_the_first_column_passes_and_the_neighbour_year_fails() -> None:
    doc = tieout.Document.from_text("segments", _SPREADSHEET)
    right, wrong_year = tieout.check_claims(
        [_claim(812.6, "2023-07-01", "2024-06-30"), _claim(812.6, "2022-07-01", "2023-06-30")],
        {"segments": doc},
    )
    assert right.verdict.value == "pass", right.reason
    assert wrong_year.verdict.value == "fail"
    assert "period" in wrong_year.reason and "1 Jul 2022" in wrong_year.reason


def test_a_merged_heading_heads_the_blank_columns_beside_it() -> None:
    # "Year ended" centred over three dates, "Change" over its amount and percent
    text = (
        " |  | Year ended |  | Change | \n"
        " | March 2, 2025 | March 3, 2024 | February 25, 2023 | $ | %\n"
        "Freight revenue | 9,410 | 8,822 | 8,107 | 588 | 6.7%\n"
    )
    [table] = read_layout(normalize(text)).tables
    assert table.columns[1:] == (
        "Year ended March 2, 2025",
        "Year ended March 3, 2024",
        "Year ended February 25, 2023",
        "Change $",
        "Change %",
    )


def test_a_heading_row_short_of_cells_with_none_blank_still_spreads_evenly() -> None:
    text = (
        "| | Six Months Ended | Twelve Months Ended |\n"
        "| | 2025 | 2024 | 2025 | 2024 |\n"
        "| Orders | 71 | 64 | 150 | 133 |\n"
    )
    [table] = read_layout(normalize(text)).tables
    assert table.columns[1:] == (
        "Six Months Ended 2025",
        "Six Months Ended 2024",
        "Twelve Months Ended 2025",
        "Twelve Months Ended 2024",
    )


def test_a_scale_note_alone_in_a_heading_row_scales_every_amount_column() -> None:
    text = (
        " | Fiscal Year | \n"
        " | 2025 | 2024 | Change\n"
        " | (dollars in thousands) | \n"
        "Licence fees | $4,118 | $3,905 | 5%\n"
    )
    doc = tieout.Document.from_text("fees", text)
    read = {doc.text[f.span[0] : f.span[1]]: f for f in doc.figures}
    assert read["$4,118"].value == Decimal(4_118_000)
    assert read["$3,905"].value == Decimal(3_905_000)
    assert read["5%"].unit == "percent" and read["5%"].value == Decimal(5)


def test_a_note_naming_the_table_scales_money_not_counts() -> None:
    text = (
        "Revenue by channel was as follows (table in millions):\n\n"
        " | 2025 | 2024\n"
        "Direct | $1,204 | $1,150\n"
        "Partners | 388 | 342\n"
    )
    doc = tieout.Document.from_text("channels", text)
    read = {doc.text[f.span[0] : f.span[1]]: f for f in doc.figures}
    assert (read["$1,204"].value, read["$1,204"].unit) == (Decimal(1_204_000_000), "USD")
    assert read["388"].value == Decimal(388_000_000)
    assert read["388"].unit == "USD"


def test_a_day_split_from_its_heading_into_a_cell_of_its_own_is_still_a_heading() -> None:
    text = " |  | Years Ended March 31, | 31,\n | 2025 | 2024 | 2023\nFreight | 1,204 | 1,150 | 1,098\n"
    [table] = read_layout(normalize(text)).tables
    p = table.periods[1]
    assert p is not None and (p.start, p.end) == (date(2024, 4, 1), date(2025, 3, 31))
    doc = tieout.Document.from_text("freight", text)
    read = {doc.text[f.span[0] : f.span[1]]: f for f in doc.figures}
    p = read["1,204"].period
    assert p is not None and (p.start, p.end) == (date(2024, 4, 1), date(2025, 3, 31))
