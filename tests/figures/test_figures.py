"""tieout.figures: the number grammar, table-driven and exact.

Every case states what a user of ``extract`` sees: the figure's text, kind, unit, value in
base units, precision, sign and span in the text as given (never the normalised text).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tieout.figures import (
    Figure,
    extract,
    normalize,
    normalize_with_map,
    parse_amount,
    skipped,
    unreadable_figure,
)

D = Decimal
M = D(10) ** 6
BN = D(10) ** 9

Row = tuple[str, str, str | None, Decimal, Decimal, bool, tuple[int, int]]


def rows(text: str) -> list[Row]:
    """(text, kind, unit, value, precision, negative, span) of every figure in ``text``."""
    out = []
    for f in extract(text):
        assert text[f.span[0] : f.span[1]] == f.text, f"span {f.span} does not hold {f.text!r}"
        assert f.value is not None
        out.append((f.text, f.kind, f.unit, f.value, f.precision, f.negative, f.span))
    return out


def only(text: str) -> Figure:
    figs = extract(text)
    assert len(figs) == 1, figs
    return figs[0]


# --------------------------------------------------------------------------- currency

CURRENCY: list[tuple[str, list[Row]]] = [
    ("$4,200,000", [("$4,200,000", "currency", "USD", D(4200000), D(1), False, (0, 10))]),
    ("USD 4.2m", [("USD 4.2m", "currency", "USD", D("4.2") * M, D(100000), False, (0, 8))]),
    (
        "4.2 million USD",
        [("4.2 million USD", "currency", "USD", D("4.2") * M, D(100000), False, (0, 15))],
    ),
    ("€1.2bn", [("€1.2bn", "currency", "EUR", D("1.2") * BN, D(10) ** 8, False, (0, 6))]),
    ("1.2 bn EUR", [("1.2 bn EUR", "currency", "EUR", D("1.2") * BN, D(10) ** 8, False, (0, 10))]),
    ("$1.4M", [("$1.4M", "currency", "USD", D("1.4") * M, D(100000), False, (0, 5))]),
    ("£950k", [("£950k", "currency", "GBP", D(950000), D(1000), False, (0, 5))]),
    ("US$ 1.4", [("US$ 1.4", "currency", "USD", D("1.4"), D("0.1"), False, (0, 7))]),
    ("HK$5,000", [("HK$5,000", "currency", "HKD", D(5000), D(1), False, (0, 8))]),
    (
        "CHF 1,250.50",
        [("CHF 1,250.50", "currency", "CHF", D("1250.50"), D("0.01"), False, (0, 12))],
    ),
    ("12 euros", [("12 euros", "currency", "EUR", D(12), D(1), False, (0, 8))]),
    (
        "five is 5 million dollars",
        [("5 million dollars", "currency", "USD", D(5) * M, M, False, (8, 25))],
    ),
    # the seed's prose comma: the sentence's comma is not part of the amount
    (
        "Revenue reached $4,200,000, up 23%.",
        [
            ("$4,200,000", "currency", "USD", D(4200000), D(1), False, (16, 26)),
            ("23%", "percent", "percent", D(23), D(1), False, (31, 34)),
        ],
    ),
]

RANGES: list[tuple[str, list[Row]]] = [
    (
        "$130k–$190k",
        [
            ("$130k", "currency", "USD", D(130000), D(1000), False, (0, 5)),
            ("$190k", "currency", "USD", D(190000), D(1000), False, (6, 11)),
        ],
    ),
    (
        "Market salary is $130k-$190k.",
        [
            ("$130k", "currency", "USD", D(130000), D(1000), False, (17, 22)),
            ("$190k", "currency", "USD", D(190000), D(1000), False, (23, 28)),
        ],
    ),
    (  # the left end borrows the scale, the right end the currency
        "$4-5 million",
        [
            ("$4", "currency", "USD", D(4) * M, M, False, (0, 2)),
            ("5 million", "currency", "USD", D(5) * M, M, False, (3, 12)),
        ],
    ),
    (
        "$4–5bn",
        [
            ("$4", "currency", "USD", D(4) * BN, BN, False, (0, 2)),
            ("5bn", "currency", "USD", D(5) * BN, BN, False, (3, 6)),
        ],
    ),
    (
        "10 to 20%",
        [
            ("10", "percent", "percent", D(10), D(1), False, (0, 2)),
            ("20%", "percent", "percent", D(20), D(1), False, (6, 9)),
        ],
    ),
    (
        "10–20%",
        [
            ("10", "percent", "percent", D(10), D(1), False, (0, 2)),
            ("20%", "percent", "percent", D(20), D(1), False, (3, 6)),
        ],
    ),
    (
        "$130k—$190k",
        [
            ("$130k", "currency", "USD", D(130000), D(1000), False, (0, 5)),
            ("$190k", "currency", "USD", D(190000), D(1000), False, (6, 11)),
        ],
    ),
    (  # a hyphen after a percent sign joins a range; it does not make 15% negative
        "growth of 10%-15%",
        [
            ("10%", "percent", "percent", D(10), D(1), False, (10, 13)),
            ("15%", "percent", "percent", D(15), D(1), False, (14, 17)),
        ],
    ),
]

PERCENT: list[tuple[str, list[Row]]] = [
    ("32%", [("32%", "percent", "percent", D(32), D(1), False, (0, 3))]),
    ("32 percent", [("32 percent", "percent", "percent", D(32), D(1), False, (0, 10))]),
    ("32 per cent", [("32 per cent", "percent", "percent", D(32), D(1), False, (0, 11))]),
    ("32 pct", [("32 pct", "percent", "percent", D(32), D(1), False, (0, 6))]),
    ("32.0%", [("32.0%", "percent", "percent", D(32), D("0.1"), False, (0, 5))]),
    ("(2.3)%", [("(2.3)%", "percent", "percent", D("-2.3"), D("0.1"), True, (0, 6))]),
    ("50 bps", [("50 bps", "percent", "basis_point", D("0.5"), D("0.01"), False, (0, 6))]),
    ("25bp", [("25bp", "percent", "basis_point", D("0.25"), D("0.01"), False, (0, 4))]),
    (
        "75 basis points",
        [("75 basis points", "percent", "basis_point", D("0.75"), D("0.01"), False, (0, 15))],
    ),
]

PLAIN: list[tuple[str, list[Row]]] = [
    ("1,234.56", [("1,234.56", "number", None, D("1234.56"), D("0.01"), False, (0, 8))]),
    ("12,345,678", [("12,345,678", "number", None, D(12345678), D(1), False, (0, 10))]),
    ("4200", [("4200", "number", None, D(4200), D(1), False, (0, 4))]),
    ("0.75", [("0.75", "number", None, D("0.75"), D("0.01"), False, (0, 4))]),
    ("3 thousand", [("3 thousand", "number", None, D(3000), D(1000), False, (0, 10))]),
    ("4.2 million", [("4.2 million", "number", None, D("4.2") * M, D(100000), False, (0, 11))]),
    ("1.5 billion", [("1.5 billion", "number", None, D("1.5") * BN, D(10) ** 8, False, (0, 11))]),
    ("250k", [("250k", "number", None, D(250000), D(1000), False, (0, 4))]),
    ("4.2m", [("4.2m", "number", None, D("4.2") * M, D(100000), False, (0, 4))]),
    ("3mn", [("3mn", "number", None, D(3) * M, M, False, (0, 3))]),
    ("3 mn", [("3 mn", "number", None, D(3) * M, M, False, (0, 4))]),
    ("1.2bn", [("1.2bn", "number", None, D("1.2") * BN, D(10) ** 8, False, (0, 5))]),
    ("4.2M", [("4.2M", "number", None, D("4.2") * M, D(100000), False, (0, 4))]),
    ("1.5B", [("1.5B", "number", None, D("1.5") * BN, D(10) ** 8, False, (0, 4))]),
]

NEGATIVE: list[tuple[str, list[Row]]] = [
    ("-1,234", [("-1,234", "number", None, D(-1234), D(1), True, (0, 6))]),
    ("−1,234", [("−1,234", "number", None, D(-1234), D(1), True, (0, 6))]),  # U+2212
    ("(1,234)", [("(1,234)", "number", None, D(-1234), D(1), True, (0, 7))]),
    ("$ (1,234)", [("$ (1,234)", "currency", "USD", D(-1234), D(1), True, (0, 9))]),
    ("$(2,951)", [("$(2,951)", "currency", "USD", D(-2951), D(1), True, (0, 8))]),
    ("($12.5)", [("($12.5)", "currency", "USD", D("-12.5"), D("0.1"), True, (0, 7))]),
    ("-$1,234", [("-$1,234", "currency", "USD", D(-1234), D(1), True, (0, 7))]),
    ("−$1,234", [("−$1,234", "currency", "USD", D(-1234), D(1), True, (0, 7))]),
    ("USD (1,234)", [("USD (1,234)", "currency", "USD", D(-1234), D(1), True, (0, 11))]),
    # a year in brackets is a year, not a negative; the brackets stay outside the span
    ("(2019)", [("2019", "number", None, D(2019), D(1), False, (1, 5))]),
    ("as restated (2019)", [("2019", "number", None, D(2019), D(1), False, (13, 17))]),
    # a scale after the closing bracket scales the negative ("$(1.2)M" in an investor update)
    (
        "loss of $(1.2)M",
        [("$(1.2)M", "currency", "USD", D(-1_200_000), D(100_000), True, (8, 15))],
    ),
    ("(0.3)M", [("(0.3)M", "number", None, D(-300_000), D(100_000), True, (0, 6))]),
    # a contract restates a figure spelled in words in brackets: the same figure, positive
    # ... and the unit after the bracket is the figure's: "thirty (30) days" is 30 days
    ("thirty (30) days", [("30", "quantity", "day", D(30), D(1), False, (8, 10))]),
    ("twenty-five (25) days", [("25", "quantity", "day", D(25), D(1), False, (13, 15))]),
    (
        "Fifty Thousand Dollars ($50,000)",
        [("$50,000", "currency", "USD", D(50000), D(1), False, (24, 31))],
    ),
    ("ten percent (10%)", [("10%", "percent", "percent", D(10), D(1), False, (13, 16))]),
    ("net loss (1,234)", [("(1,234)", "number", None, D(-1234), D(1), True, (9, 16))]),
    ("Stage one  (1,234)", [("(1,234)", "number", None, D(-1234), D(1), True, (11, 18))]),
    # a hyphen between two numbers is a range joiner, not a sign ("pages 10-20" is a
    # locator, no figure: tests/test_figures_locators.py)
    (
        "years 10-20",
        [
            ("10", "number", None, D(10), D(1), False, (6, 8)),
            ("20", "number", None, D(20), D(1), False, (9, 11)),
        ],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    CURRENCY + RANGES + PERCENT + PLAIN + NEGATIVE,
    ids=[c[0] for c in CURRENCY + RANGES + PERCENT + PLAIN + NEGATIVE],
)
def test_extract_exact(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


# --------------------------------------------------------------------------- sections


@pytest.mark.parametrize(
    ("text", "fig_text", "number", "span"),
    [
        ("§2.2", "§2.2", "2.2", (0, 4)),
        ("§ 2.2", "§ 2.2", "2.2", (0, 5)),
        ("Termination is governed by §2.2.", "§2.2", "2.2", (27, 31)),
        ("Section 11.3", "Section 11.3", "11.3", (0, 12)),
        ("see section 11.3.2 below", "section 11.3.2", "11.3.2", (4, 18)),
        ("clause 4", "clause 4", "4", (0, 8)),
        ("under Article 12, the", "Article 12", "12", (6, 16)),
    ],
)
def test_section_references(text: str, fig_text: str, number: str, span: tuple[int, int]) -> None:
    f = only(text)
    assert (f.kind, f.text, f.section, f.span, f.value, f.unit) == (
        "section",
        fig_text,
        number,
        span,
        None,
        None,
    )
    assert f.key == ("section", None, number)
    assert f.significant
    assert f.display() == f"§{number}"


# --------------------------------------------------------------------------- not figures


@pytest.mark.parametrize(
    "text",
    [
        "v1.2.3",
        "3.11.7",
        "Upgrade to Python 3.11.7 today.",
        "Released v1.2.3 on 2025-09-30.",
        "2025-09-30",
        "10:30",
        "The call starts at 10:30.",
        "555-123-4567",
        "Call (555) 123-4567 or 555.123.4567.",
        "Q3",
        "Revenue in Q3 rose.",
        "FY2025",
        "2Q26",
        "1st",
        "She finished 1st, then 2nd.",
        "4G",
        "12/31/2025",
        "3/4 of the board",
    ],
)
def test_not_figures(text: str) -> None:
    assert extract(text) == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # basis points and percents as compound adjectives, in brackets, in the press
        ("a 27-basis-point increase", ("27-basis-point", "basis_point", Decimal("0.27"))),
        ("a 27-bp gain", ("27-bp", "basis_point", Decimal("0.27"))),
        ("a 27-bps gain", ("27-bps", "basis_point", Decimal("0.27"))),
        ("it moved (27) bps", ("(27) bps", "basis_point", Decimal("-0.27"))),
        ("it rose 27 b.p. on", ("27 b.p.", "basis_point", Decimal("0.27"))),
        ("a 15-percent gain", ("15-percent", "percent", Decimal(15))),
        ("a 4.7-percent rate", ("4.7-percent", "percent", Decimal("4.7"))),
        ("margin expanded 4.7pc.", ("4.7pc", "percent", Decimal("4.7"))),
        # a footnote's superscript after a unit word ends the word, as a space would
        ("$3.47 billion¹ for the year", ("$3.47 billion", "USD", Decimal("3.47E9"))),
        ("12 percent² of sales", ("12 percent", "percent", Decimal(12))),
        ("the fee was 45 cents³", ("45 cents", "USD", Decimal("0.45"))),
        ("an all-zero amount: $0000", ("$0000", "USD", Decimal(0))),
        ("margin up 1.2ppts", ("1.2ppts", "percent", Decimal("1.2"))),
        ("margin up 12 ppt on", ("12 ppt", "percent", Decimal(12))),
        ("margin up 1.2 p.p. on", ("1.2 p.p.", "percent", Decimal("1.2"))),
        ("up 1.2 percentage pts", ("1.2 percentage pts", "percent", Decimal("1.2"))),
        # a scale letter a space after an amount; never after a bare number or before "&"
        ("$4.2 B in sales", ("$4.2 B", "USD", Decimal("4.2E9"))),
        ("cash of $4.2 M, up", ("$4.2 M", "USD", Decimal("4.2E6"))),
        ("a bonus of $420 K", ("$420 K", "USD", Decimal(420_000))),
        ("EBITDA was €1.2 M.", ("€1.2 M", "EUR", Decimal("1.2E6"))),
        ("$4 M&A deals", ("$4", "USD", Decimal(4))),
        ("cash of $312.5 mm; no debt", ("$312.5 mm", "USD", Decimal("312.5E6"))),
        ("a budget of 812 TUSD", ("812 TUSD", "USD", Decimal(812_000))),
        ("a loan of 5 MUSD", ("5 MUSD", "USD", Decimal(5_000_000))),
    ],
)
def test_units_written_as_compounds_or_before_a_footnote_mark(
    text: str, read: tuple[str, str, Decimal]
) -> None:
    [fig] = extract(text)
    assert (fig.text, fig.unit, fig.value) == read


def test_a_currency_after_a_figure_never_crosses_a_line_end() -> None:
    # a heading's year over a line "USD in thousands" read as an amount of $2,026
    assert [(f.text, f.unit) for f in extract("Results for Q3 2026\nUSD in thousands")] == [
        ("2026", None)
    ]
    assert [(f.text, f.unit) for f in extract("Revenue 4,200\nEUR 3,100 and 45\ncents")] == [
        ("4,200", None),
        ("EUR 3,100", "EUR"),
        ("45", None),
    ]
    assert [(f.text, f.unit) for f in extract("4,200 USD, 45 cents")] == [
        ("4,200 USD", "USD"),
        ("45 cents", "USD"),
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The CEO pay ratio was 321:1.", [("321:1", 321)]),
        ("a 312-to-1 ratio", [("312-to-1", 312)]),
        ("ratios of 2:1, 3:1 and 11:1", [("2:1", 2), ("3:1", 3), ("11:1", 11)]),
    ],
)
def test_a_ratio_to_one_is_a_multiple(text: str, read: list[tuple[str, int]]) -> None:
    figs = extract(text)
    assert [(f.text, f.value) for f in figs] == read
    assert all(f.multiple and f.significant for f in figs)


def test_what_is_no_ratio_to_one() -> None:
    # one to one is no figure; a time, a verse and a ratio to 1.5 are no multiples
    assert [f.multiple for f in extract("1:1 meetings at 12:10, John 3:16, and 3:1.5")] == [
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("**$4.2** million", ("$4.2** million", "USD", Decimal("4.2E6"))),
        ("$**4.2** million", ("$**4.2** million", "USD", Decimal("4.2E6"))),
        ("$4.2 **million**", ("$4.2 **million", "USD", Decimal("4.2E6"))),
        ("**$4.2**&nbsp;**million**", ("$4.2**&nbsp;**million", "USD", Decimal("4.2E6"))),
        ("_$4.2_ billion", ("$4.2_ billion", "USD", Decimal("4.2E9"))),
        ("**4.2**%", ("4.2**%", "percent", Decimal("4.2"))),
        ("__12__ percent", ("12__ percent", "percent", Decimal("12"))),
        ("**25** bps", ("25** bps", "basis_point", Decimal("0.25"))),
    ],
)
def test_markdown_emphasis_never_parts_a_figure_from_its_unit(
    text: str, read: tuple[str, str, Decimal]
) -> None:
    # "**$4.2** million" read as $4.2, and "$**4.2** million" as a bare 4.2 that any
    # table's "4.2" confirmed
    [fig] = extract(text)
    assert (fig.text, fig.unit, fig.value) == read


def test_a_multiple_always_counts_as_a_claim() -> None:
    # "grew 10x" is as much a figure as "grew 12.5x": one that was never read passed unseen
    [ten] = extract("a 10x return on 4G towers")
    assert (ten.text, ten.kind, ten.value, ten.multiple, ten.significant) == (
        "10x",
        "number",
        10,
        True,
        True,
    )
    [twelve] = extract("Revenue grew 12.5x")
    assert (twelve.text, twelve.value, twelve.multiple, twelve.significant) == (
        "12.5x",
        Decimal("12.5"),
        True,
        True,
    )
    assert [(f.text, f.multiple) for f in extract("a 10X return, 2× faster")] == [
        ("10X", True),
        ("2×", True),
    ]
    # a range's first end is a multiple when its last is ("3-4x")
    assert [(f.text, f.multiple) for f in extract("leverage of 3-4x")] == [
        ("3", True),
        ("4x", True),
    ]
    # an x between digits is a dimension or a code, never a multiple
    assert extract("a 2x2 grid at 1920x1080") == []
    assert [f.multiple for f in extract("$4.2x and 12%x")] == [False, False]


# --------------------------------------------------------------------------- is_year / significant


@pytest.mark.parametrize(
    ("text", "is_year", "significant"),
    [
        ("1900", True, False),
        ("2019", True, False),
        ("2099", True, False),
        ("1899", False, True),
        ("2100", False, True),
        ("1,999", False, True),  # grouped: an amount, not a year
        ("2019.5", False, True),
        ("1,000", False, True),
        ("1000", False, True),
        ("2.5", False, True),
        ("10k", False, True),
        ("42", False, False),
        ("7", False, False),
        ("$42", False, True),  # a currency is always a claim
        ("4%", False, True),
    ],
)
def test_is_year_and_significant(text: str, is_year: bool, significant: bool) -> None:
    f = only(text)
    assert (f.is_year, f.significant) == (is_year, significant)


# --------------------------------------------------------------------------- keys


def key(text: str) -> tuple[str, str | None, object]:
    return only(text).key


def test_unit_is_part_of_the_key() -> None:
    assert key("$90") == ("currency", "USD", D(90))
    assert key("90%") == ("percent", "percent", D(90))
    assert key("90") == ("number", None, D(90))
    assert len({key("$90"), key("90%"), key("90")}) == 3


@pytest.mark.parametrize(
    "spellings",
    [
        ["1,000", "1000", "1000.00"],
        ["2k", "2 thousand", "2,000", "2K"],
        ["32 percent", "32%", "32 pct", "32.0%", "3,200 bps"],
        ["$4.2 million", "$4,200,000", "$4.2M", "$4.2m", "USD 4.2m", "4.2 million USD", "$4200000"],
        ["€1.2bn", "EUR 1,200,000,000", "1.2 billion euros"],
        ["0.5%", "50 bps", "50 basis points"],
    ],
)
def test_spellings_share_a_key(spellings: list[str]) -> None:
    keys = {key(s) for s in spellings}
    assert len(keys) == 1, {s: key(s) for s in spellings}


def test_currencies_do_not_share_a_key() -> None:
    assert key("$1.2bn") != key("€1.2bn")
    assert key("£950k") == ("currency", "GBP", D(950000))


def test_negative_and_positive_share_a_key() -> None:
    assert key("(1,234)") == key("1,234") == ("number", None, D(1234))


def test_display() -> None:
    assert only("$1.4M").display() == "1,400,000 USD"
    assert only("32 percent").display() == "32%"
    assert only("50 bps").display() == "0.5%"
    assert only("1,234.5").display() == "1,234.5"


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [("$5", "USD", D(5)), ("€1", "EUR", D(1)), ("₩0", "KRW", D(0)), ("£9", "GBP", D(9))],
)
def test_symbol_at_the_start_of_a_short_text(text: str, unit: str, value: Decimal) -> None:
    # regression: currency_before indexed text[k - 1] before checking k >= 0 (IndexError)
    f = only(text)
    assert (f.kind, f.unit, f.value, f.span) == ("currency", unit, value, (0, 2))


def test_parse_amount_needs_exactly_one_figure() -> None:
    f = parse_amount("$1.4M")
    assert f is not None
    assert (f.kind, f.unit, f.value) == ("currency", "USD", D(1400000))
    assert parse_amount("$130k–$190k") is None
    assert parse_amount("Net sales") is None


# --------------------------------------------------------------------------- normalisation

# text, the figure's text in the original, kind, unit, value
NORMALISED: list[tuple[str, str, str, str | None, Decimal]] = [
    ("４,２００", "４,２００", "number", None, D(4200)),  # fullwidth digits
    ("４，２００", "４，２００", "number", None, D(4200)),  # fullwidth digits and comma
    ("＄４,２００", "＄４,２００", "currency", "USD", D(4200)),  # fullwidth dollar sign
    ("٤٢٠٠", "٤٢٠٠", "number", None, D(4200)),  # Arabic-Indic digits
    ("Revenue ٤٢٠٠ units", "٤٢٠٠", "number", None, D(4200)),
    ("४२००", "४२००", "number", None, D(4200)),  # Devanagari digits
    ("4\u00a0200\u00a0000", "4\u00a0200\u00a0000", "number", None, D(4200000)),  # NBSP
    ("4\u2009200\u2009000", "4\u2009200\u2009000", "number", None, D(4200000)),  # thin space
    ("4\u202f200\u202f000", "4\u202f200\u202f000", "number", None, D(4200000)),  # narrow NBSP
    ("4,2\u200b00,000", "4,2\u200b00,000", "number", None, D(4200000)),  # zero-width space
    ("\u200b\u200b$5,000", "$5,000", "currency", "USD", D(5000)),
    ("a\u00ad$1,234", "$1,234", "currency", "USD", D(1234)),  # soft hyphen before
    ("the \u201c$4.2M\u201d figure", "$4.2M", "currency", "USD", D("4.2") * M),
    ("\u201832%\u2019", "32%", "percent", "percent", D(32)),
    ("−1,234", "−1,234", "number", None, D(-1234)),
    ("$4.2M¹", "$4.2M", "currency", "USD", D("4.2") * M),  # footnote marker
    ("$4,200,000² in revenue", "$4,200,000", "currency", "USD", D(4200000)),
    ("ﬁnal cost $4,200", "$4,200", "currency", "USD", D(4200)),  # a ligature before
    ("Revenue… $4.2M", "$4.2M", "currency", "USD", D("4.2") * M),  # an ellipsis before
    ("US$\u00a01.4\u00a0million", "US$\u00a01.4\u00a0million", "currency", "USD", D("1.4") * M),
    ("CHF 1'234.50 per share", "CHF 1'234.50", "currency", "CHF", D("1234.50")),  # Swiss
    ("CHF 1\u2019234\u2019567", "CHF 1\u2019234\u2019567", "currency", "CHF", D(1234567)),
    ("it's 12'345 Mio. and more", "12'345 Mio", "number", None, D(12345) * M),
]


@pytest.mark.parametrize(
    ("text", "fig_text", "kind", "unit", "value"),
    NORMALISED,
    ids=[ascii(c[0]) for c in NORMALISED],
)
def test_normalised_spellings_map_back_to_the_original(
    text: str, fig_text: str, kind: str, unit: str | None, value: Decimal
) -> None:
    figs = extract(text)
    for f in figs:
        assert text[f.span[0] : f.span[1]] == f.text
    assert [(f.text, f.kind, f.unit, f.value) for f in figs] == [(fig_text, kind, unit, value)]


def test_dash_range_spans_in_the_original() -> None:
    text = "Salary: $130k\u2013$190k (range) and 10\u201420%."
    assert [(f.text, f.value, f.span) for f in extract(text)] == [
        ("$130k", D(130000), (8, 13)),
        ("$190k", D(190000), (14, 19)),
        ("10", D(10), (32, 34)),
        ("20%", D(20), (35, 38)),
    ]


def test_normalize_is_meaning_free() -> None:
    assert normalize("“Revenue” — $4\u2009200\u2009000 ‘up’ −3%\u200b") == (
        "\"Revenue\" - $4,200,000 'up' -3%"
    )
    assert normalize("４２ ٤٢") == "42 42"
    assert normalize("$4.2M¹") == "$4.2M¹"  # superscripts stay: ¹ is a footnote, not a digit


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("CHF 1'234'567.50", "CHF 1,234,567.50"),
        ("CHF 1\u2019234", "CHF 1,234"),
        ("he is 5'10\" tall, it's the '90s", "he is 5'10\" tall, it's the '90s"),
        ("12'3456 and 1'23 and 0'123", "12'3456 and 1'23 and 0'123"),  # no group of three
        ("1'234'5", "1'234'5"),
        ("'1'234'", "'1'234'"),  # quoted: the apostrophe beside it is no separator
    ],
)
def test_an_apostrophe_between_groups_of_three_is_a_thousands_separator(
    text: str, normalised: str
) -> None:
    norm = normalize_with_map(text)
    assert norm.text == normalised
    assert len(norm.text) == len(text) and norm.span_to_original(0, len(text)) == (0, len(text))


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("a total of 1_000_000 units", "a total of 1,000,000 units"),
        ("$1_500 and 12_345.5", "$1,500 and 12,345.5"),
        ("file_2024_001, Q3_2026, run_1_000", "file_2024_001, Q3_2026, run_1_000"),  # names
        ("12_3456 and 1_23 and 0_123", "12_3456 and 1_23 and 0_123"),  # no group of three
        ("_15%_ and __1,000__", "_15%_ and __1,000__"),  # Markdown emphasis stays
    ],
)
def test_an_underscore_between_groups_of_three_is_a_thousands_separator(
    text: str, normalised: str
) -> None:
    norm = normalize_with_map(text)
    assert norm.text == normalised
    assert len(norm.text) == len(text) and norm.span_to_original(0, len(text)) == (0, len(text))


def test_underscore_groups_are_claims_with_their_whole_value() -> None:
    f = only("Headcount reached 1_000_000 users.")
    assert (f.text, f.kind, f.value, f.grouped) == ("1_000_000", "number", D(1_000_000), True)


def test_apostrophe_groups_read_in_linear_time_on_adversarial_input() -> None:
    # each apostrophe is a candidate and none a separator: read once each, not re-walked
    text = "12'3456" * 20_000
    assert normalize(text) == text
    assert normalize("1'234 " * 20_000) == "1,234 " * 20_000
    assert normalize("12_3456" * 20_000) == "12_3456" * 20_000


# --------------------------------------------------------------------------- known bugs


@pytest.mark.parametrize(
    ("text", "value"),
    [("Revenue of $4.2 Million", D("4.2") * M), ("a $1.2 Billion deal", D("1.2") * BN)],
)
def test_capitalised_scale_word(text: str, value: Decimal) -> None:
    f = only(text)
    assert (f.kind, f.value) == ("currency", value)


def test_capitalised_percent_word() -> None:
    assert key("Margin of 32 Percent") == key("32%")


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("Users grew from 800,000 to 1.2 million.", D(800000)),
        ("Revenue rose from $950,000 to $1.2 million.", D(950000)),
    ],
)
def test_range_left_end_written_in_full_keeps_its_value(text: str, left: Decimal) -> None:
    figs = extract(text)
    assert [f.value for f in figs] == [left, D("1.2") * M]


def test_arabic_thousands_separator() -> None:
    f = only("٤٬٢٠٠")
    assert (f.value, f.text, f.grouped) == (D(4200), "٤٬٢٠٠", True)


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [("USD4.2m", "USD", D("4.2") * M), ("a fee of GBP950k", "GBP", D(950000))],
)
def test_iso_code_without_a_space(text: str, unit: str, value: Decimal) -> None:
    f = only(text)
    assert (f.kind, f.unit, f.value) == ("currency", unit, value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$1.2 MM", [("$1.2 MM", D(1_200_000))]),  # MM after a space, in capitals only
        ("a 12 mm bolt", [("12", D(12))]),
        ("USD 3.4MM", [("USD 3.4MM", D(3_400_000))]),
    ],
)
def test_mm_is_millions_only_in_capitals(text: str, expected: list[tuple[str, Decimal]]) -> None:
    assert [(f.text, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "figures", "unreadable"),
    [
        ("Revenue grew to €3,5 Mio.", [], [((16, 24), "€3,5 Mio", "unreadable")]),
        ("margin up 2,5 %", [], [((10, 15), "2,5 %", "unreadable")]),
        ("EUR 1,23 per unit", [], [((0, 8), "EUR 1,23", "unreadable")]),
        ("items 1,23 and 4", ["4"], []),  # a bare "1,23" is as often a list as a figure
        ("Preis 3,5 €", [], [((6, 11), "3,5 €", "unreadable")]),  # the symbol after it
        # dots between thousands: never the version "1.234.567" and the count 89
        ("Umsatz 1.234.567,89 € im Jahr", [], [((7, 21), "1.234.567,89 €", "unreadable")]),
        ("Umsatz 1.234,5 Mio.", [], [((7, 18), "1.234,5 Mio", "unreadable")]),
        ("2.500.000 Einwohner", [], [((0, 9), "2.500.000", "unreadable")]),
        ("EUR 2.345.678 netto", [], [((0, 13), "EUR 2.345.678", "unreadable")]),
        (
            "Python 3.11.7 and 1.2.3",
            [],
            [((7, 13), "3.11.7", "version"), ((18, 23), "1.2.3", "version")],
        ),
        ("see clause 2.2.1", ["clause 2.2.1"], []),
        ("a rate of 0.125,5", [], []),  # "0.125" has no thousands: a decimal, then a list
    ],
)
def test_a_decimal_comma_amount_is_unreadable_not_misread(
    text: str, figures: list[str], unreadable: list[object]
) -> None:
    assert [f.text for f in extract(text)] == figures  # never 3 and 5, never 2 and 5%
    assert skipped(text) == unreadable


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("€3,5 Mio.", ("3,5", "3.5", "currency")),
        ("1,23 EUR", ("1,23", "1.23", "currency")),
        ("up 3,5 percent", ("3,5", "3.5", "percent")),
        ("items 1,23 and 4", None),
        ("$4.2 million", None),
        ("3,5 €", ("3,5", "3.5", "currency")),
        ("1.234.567,89 €", ("1.234.567,89", "1,234,567.89", "currency")),
        ("Umsatz 1.234,5 Mio.", ("1.234,5", "1,234.5", "number")),
        ("up 1.234,56%", ("1.234,56", "1,234.56", "percent")),
        ("2.500.000 Einwohner", ("2.500.000", "2,500,000", "number")),
        ("Python 3.11.7", None),
    ],
)
def test_decimal_comma_reads_what_skipped_lists_as_unreadable(
    text: str, read: tuple[str, str, str] | None
) -> None:
    assert unreadable_figure(text) == read


# --------------------------------------------------------------------------- other conventions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Indian grouping and scale words, and the rupee written out
        ("Revenue was ₹1,23,45,678 in FY25.", [("₹1,23,45,678", "INR", D(12345678))]),
        ("rose to Rs. 12.5 crore", [("Rs. 12.5 crore", "INR", D("12.5") * 10**7)]),
        ("Rs.12.5 crore", [("Rs.12.5 crore", "INR", D("12.5") * 10**7)]),
        ("Rs 4.5 lakhs", [("Rs 4.5 lakhs", "INR", D("4.5") * 10**5)]),
        ("INR 3.2 lakh crore", [("INR 3.2 lakh crore", "INR", D("3.2") * 10**12)]),
        ("a Rs12,500 fee", [("Rs12,500", "INR", D(12500))]),
        ("Mrs 1,234 and yrs 2,345", [("1,234", None, D(1234)), ("2,345", None, D(2345))]),
        # German scale abbreviations
        (
            "EUR 3.4 Mrd. und EUR 12 Mio.",
            [("EUR 3.4 Mrd", "EUR", D("3.4") * 10**9), ("EUR 12 Mio", "EUR", D(12) * M)],
        ),
        ("CHF 250 Tsd.", [("CHF 250 Tsd", "CHF", D(250000))]),
        # a figure restated in brackets is that figure again, never a negative
        ("costs of €100m ($110m)", [("€100m", "EUR", D(100) * M), ("$110m", "USD", D(110) * M)]),
        ("EUR 100 ($110)", [("EUR 100", "EUR", D(100)), ("$110", "USD", D(110))]),
        ("fees of 5% (50 bps)", [("5%", "percent", D(5)), ("50 bps", "basis_point", D("0.5"))]),
        (
            "Rs. 12.5 crore ($1.5 million)",
            [("Rs. 12.5 crore", "INR", D("12.5") * 10**7), ("$1.5 million", "USD", D("1.5") * M)],
        ),
        (
            "EUR 250 million\n($272 million)",
            [("EUR 250 million", "EUR", D(250) * M), ("$272 million", "USD", D(272) * M)],
        ),
        # … but a column of figures, one a line, and a bracket after a word stay negatives
        ("1,234\n(1,234)", [("1,234", None, D(1234)), ("(1,234)", None, D(-1234))]),
        # a bracket one space from its figure, as PDF text often prints it
        (
            "Net loss  (1,234 )  ( 2,345)",
            [("(1,234 )", None, D(-1234)), ("( 2,345)", None, D(-2345))],
        ),
        (
            "( $1,234 ) and (12.5 )%",
            [("( $1,234 )", "USD", D(-1234)), ("(12.5 )%", "percent", D("-12.5"))],
        ),
        ("( 1,234 and more)", [("1,234", None, D(1234))]),  # a parenthesis, not a negative
        ("the loss (1,234)", [("(1,234)", None, D(-1234))]),
        (
            "17,455 (3,912) 19,008",
            [("17,455", None, D(17455)), ("(3,912)", None, D(-3912)), ("19,008", None, D(19008))],
        ),
        (
            "Net loss     (1,234)    (2,345)",
            [("(1,234)", None, D(-1234)), ("(2,345)", None, D(-2345))],
        ),
        # the scale after the bracket of a negative; a footnote's mark glued to a figure
        ("net loss of $(1.2) million", [("$(1.2) million", "USD", D("-1.2") * M)]),
        ("Revenue $4,200(1) rose", [("$4,200", "USD", D(4200))]),
        ("Q3(2) revenue", []),
    ],
)
def test_figures_written_to_indian_german_and_restating_conventions(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "the 3 1/2% Senior Notes due 2029",
            [("3 1/2%", "percent", D("3.5")), ("2029", None, D(2029))],
        ),
        ("the 3½% Notes", [("3½%", "percent", D("3.5"))]),  # kept, never NFKC's "31/2"
        ("the 4 ⅛% Notes", [("4 ⅛%", "percent", D("4.125"))]),
        ("a 1/2% fee", [("1/2%", "percent", D("0.5"))]),
        ("priced at 99 3/4", [("99 3/4", None, D("99.75"))]),
        ("$3 1/8 a share", [("$3 1/8", "USD", D("3.125"))]),
        ("a $1/2 million cap", [("$1/2 million", "USD", D(500000))]),
        ("1/16%", [("1/16%", "percent", D("0.0625"))]),
        ("a 1/5% fee", [("1/5%", "percent", D("0.2"))]),  # fifths end too
        ("the 4⅕% Notes", [("4⅕%", "percent", D("4.2"))]),
        # a fraction alone, without a unit, is a ratio, a score or a date as often as a figure
        ("split 3/4 of it, rated 4/5, open 24/7", []),
        ("on 1/2/2025", []),
    ],
)
def test_fractions_that_end_as_decimals_are_read_exactly(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "unreadable", "read"),
    [
        ("a 1/3% fee", ((2, 6), "1/3%", "unreadable"), ("1/3", "0.3333…", "percent")),
        ("the 3 1/3% Notes", ((4, 10), "3 1/3%", "unreadable"), ("3 1/3", "3.3333…", "percent")),
        ("the 3⅓% Notes", ((4, 7), "3⅓%", "unreadable"), ("3⅓", "3.3333…", "percent")),
        ("$3 1/3 a share", ((0, 6), "$3 1/3", "unreadable"), ("3 1/3", "3.3333…", "currency")),
        ("2 1/3 times", ((0, 5), "2 1/3", "unreadable"), ("2 1/3", "2.3333…", "number")),
        (
            "costs of $2/3 million",
            ((9, 21), "$2/3 million", "unreadable"),
            ("2/3", "0.6667…", "currency"),
        ),
    ],
)
def test_a_fraction_the_grammar_cannot_read_exactly_is_unreadable(
    text: str, unreadable: tuple[object, ...], read: tuple[str, str, str]
) -> None:
    assert extract(text) == []
    assert skipped(text) == [unreadable]
    assert unreadable_figure(text) == read


@pytest.mark.parametrize(
    ("text", "unreadable", "read"),
    [
        (
            "revenue of $2.5e6",
            ((11, 17), "$2.5e6", "unreadable"),
            ("2.5e6", "2,500,000", "currency"),
        ),
        (
            "1.2E+09 users",
            ((0, 7), "1.2E+09", "unreadable"),
            ("1.2E+09", "1,200,000,000", "number"),
        ),
        (
            "a 2.5 × 10^6 deal",
            ((2, 12), "2.5 × 10^6", "unreadable"),
            ("2.5 × 10^6", "2,500,000", "number"),
        ),
        (
            "EUR 4.2·10⁹",
            ((0, 11), "EUR 4.2·10⁹", "unreadable"),
            ("4.2·10⁹", "4,200,000,000", "currency"),
        ),
        ("3x10**6 units", ((0, 7), "3x10**6", "unreadable"), ("3x10**6", "3,000,000", "number")),
        ("a dose of 5e-3", ((10, 14), "5e-3", "unreadable"), ("5e-3", "0.005", "number")),
    ],
)
def test_a_power_of_ten_is_unreadable_not_read_as_its_mantissa(
    text: str, unreadable: tuple[object, ...], read: tuple[str, str, str]
) -> None:
    # "$2.5e6" was skipped as a code ("2Q26"), "2.5 × 10^6" read as 2.5: either passed
    assert extract(text) == []
    assert skipped(text) == [unreadable]
    assert unreadable_figure(text) == read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rates rose ¼% in May", [("¼%", "percent", D("0.25"))]),
        ("cut by ¾ percent", [("¾ percent", "percent", D("0.75"))]),
        ("a fee of $¾M", [("$¾M", "USD", D(750_000))]),
        ("a €½bn deal", [("€½bn", "EUR", D(500_000_000))]),
        ("a ⅛ bps move", [("⅛ bps", "basis_point", D("0.00125"))]),  # in percent
        ("¾ of the board, ½ the time", []),  # no unit: no figure
        ("up 3½% and 3 ½%", [("3½%", "percent", D("3.5")), ("3 ½%", "percent", D("3.5"))]),
    ],
)
def test_a_fraction_alone_with_a_unit_is_read_as_its_decimals(
    text: str, expected: list[tuple[str, str, Decimal]]
) -> None:
    # "¼%" and "$¾M" were no figures at all: an invented rate move passed unread
    got = [(f.text, f.unit, f.value) for f in extract(text)]
    assert got == expected
    assert normalize(text, reading=False) == text  # the text to save keeps its glyphs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("governed by Article IX.", [("Article IX", "IX", (12, 22))]),
        ("ARTICLE IV\nREPRESENTATIONS", [("ARTICLE IV", "IV", (0, 10))]),
        (
            "Art. XII and Articles III",
            [("Art. XII", "XII", (0, 8)), ("Articles III", "III", (13, 25))],
        ),
        (
            "Article XXXIX; Article I",
            [("Article XXXIX", "XXXIX", (0, 13)), ("Article I", "I", (15, 24))],
        ),
        ("the Articles of Incorporation; Article IIII; Article IXa; PARTICLE X", []),
    ],
)
def test_an_article_numbered_in_roman_numerals_is_a_section(
    text: str, expected: list[tuple[str, str, tuple[int, int]]]
) -> None:
    # "Article IX" was no figure at all: an invented article passed the contract workflow
    got = [(f.text, f.section, f.span) for f in extract(text) if f.kind == "section"]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yields of 2.84/2.61%", [("2.84", "percent", D("2.84")), ("2.61%", "percent", D("2.61"))]),
        (
            "0.92/0.65 percent",
            [("0.92", "percent", D("0.92")), ("0.65 percent", "percent", D("0.65"))],
        ),
        ("P/E of 10.4/9.6x", [("10.4", None, D("10.4")), ("9.6x", None, D("9.6"))]),
        ("NII 1,184/1,152", [("1,184", None, D(1184)), ("1,152", None, D(1152))]),
        (
            "4,112/3,843 million",
            [("4,112", None, D(4112) * M), ("3,843 million", None, D(3843) * M)],
        ),
        ("EPS of $11.85/12.90", [("$11.85", "USD", D("11.85")), ("12.90", "USD", D("12.90"))]),
        ("$4.2/4.5bn", [("$4.2", "USD", D("4.2") * BN), ("4.5bn", "USD", D("4.5") * BN)]),
        ("15/20% loan growth", [("15", "percent", D(15)), ("20%", "percent", D(20))]),
        (
            "a 1/2% fee, a 3/8% spread",
            [("1/2%", "percent", D("0.5")), ("3/8%", "percent", D("0.375"))],
        ),
        ("open 24/7 since 9/30; FY 2024/2025 and 2024/25", []),
    ],
)
def test_two_figures_with_a_slash_and_one_unit_are_both_read(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    # "2.84/2.61%" was no figure at all, "1,184/1,152" only 152, "15/20%" read as 0.75%
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected
    assert [text[a:b] for a, b in (f.span for f in extract(text))] == [e[0] for e in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NT$839.25 billion", [("NT$839.25 billion", "TWD", D("839.25") * BN)]),
        (
            "MX$12.4bn, Mex$ 4, Can$3.1m",
            [
                ("MX$12.4bn", "MXN", D("12.4") * BN),
                ("Mex$ 4", "MXN", D(4)),
                ("Can$3.1m", "CAD", D("3.1") * M),
            ],
        ),
        (
            "J$4,200, TT$12 and CAD$4.2m",
            [
                ("J$4,200", "J$", D(4200)),
                ("TT$12", "TT$", D(12)),
                ("CAD$4.2m", "CAD", D("4.2") * M),
            ],
        ),
        (
            "RMB99.9bn, Rmb4.2bn, RMB 234,567",
            [
                ("RMB99.9bn", "CNY", D("99.9") * BN),
                ("Rmb4.2bn", "CNY", D("4.2") * BN),
                ("RMB 234,567", "CNY", D(234567)),
            ],
        ),
        (
            "Rmb12,345m and Rmb 4.2bn",
            [("Rmb12,345m", "CNY", D(12345) * M), ("Rmb 4.2bn", "CNY", D("4.2") * BN)],
        ),
        (
            "RM8.8bn, Rp4.2tn, Rp 4.2tn",
            [
                ("RM8.8bn", "MYR", D("8.8") * BN),
                ("Rp4.2tn", "IDR", D("4.2") * 10**12),
                ("Rp 4.2tn", "IDR", D("4.2") * 10**12),
            ],
        ),
        (
            "812 million yuan; 4.2 billion kronor",
            [("812 million yuan", "CNY", D(812) * M), ("4.2 billion kronor", "SEK", D("4.2") * BN)],
        ),
        (
            "79.14 trillion won; 5,000 won",
            [("79.14 trillion won", "KRW", D("79.14") * 10**12), ("5,000 won", "KRW", D(5000))],
        ),
        (
            "4.2 billion Hong Kong dollars",
            [("4.2 billion Hong Kong dollars", "HKD", D("4.2") * BN)],
        ),
        (
            "12 Swiss francs; 3 pesos; 4 Norwegian kroner",
            [
                ("12 Swiss francs", "CHF", D(12)),
                ("3 pesos", "peso", D(3)),
                ("4 Norwegian kroner", "NOK", D(4)),
            ],
        ),
        (
            "12.5 HK cents; 12.5 US cents; 5 euro cents",
            [
                ("12.5 HK cents", "HKD", D("0.125")),
                ("12.5 US cents", "USD", D("0.125")),
                ("5 euro cents", "EUR", D("0.05")),
            ],
        ),
        ("a dividend of HK99.5 cents", [("HK99.5 cents", "HKD", D("0.995"))]),
        ("the 12 won awards; US20 index; cash$4", [("12", None, D(12)), ("$4", "USD", D(4))]),
    ],
)
def test_currencies_of_other_countries_are_their_own(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    # "NT$839.25 billion" was read as US dollars; "RMB99.9bn", "HK99.5 cents" as no figure;
    # "812 million yuan" as a bare number, which any currency's 812 million confirmed
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "were T€ 812 (prior year: T€ 790)",
            [("T€ 812", "EUR", D(812_000)), ("T€ 790", "EUR", D(790_000))],
        ),
        (
            "k€ 812; M€ 12; Mio. € 8.1",
            [
                ("k€ 812", "EUR", D(812_000)),
                ("M€ 12", "EUR", D(12) * M),
                ("Mio. € 8.1", "EUR", D("8.1") * M),
            ],
        ),
        (
            "TEUR 812, KEUR 5, MSEK 4,200, TUSD 5",
            [
                ("TEUR 812", "EUR", D(812_000)),
                ("KEUR 5", "EUR", D(5000)),
                ("MSEK 4,200", "SEK", D(4200) * M),
                ("TUSD 5", "USD", D(5000)),
            ],
        ),
        (
            "EURm 4.2; €m 4.2; €bn 1.1",
            [
                ("EURm 4.2", "EUR", D("4.2") * M),
                ("€m 4.2", "EUR", D("4.2") * M),
                ("€bn 1.1", "EUR", D("1.1") * BN),
            ],
        ),
        (
            "(T€ 812) and kEUR -12",
            [("(T€ 812)", "EUR", D(-812_000)), ("kEUR -12", "EUR", D(-12_000))],
        ),
        (
            "€ 812, from 12 in Tm 12",
            [("€ 812", "EUR", D(812)), ("12", None, D(12)), ("12", None, D(12))],
        ),
    ],
)
def test_a_scale_written_before_the_currency_scales_the_figure(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    # "T€ 812" (EUR 812 thousand) was read as €812: a thousandfold understatement passed
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Revenue $4.2B1 and", [("$4.2B", "USD", D("4.2") * BN)]),
        (
            "$1.1bn2, €4.2bn3, $4.2m12",
            [
                ("$1.1bn", "USD", D("1.1") * BN),
                ("€4.2bn", "EUR", D("4.2") * BN),
                ("$4.2m", "USD", D("4.2") * M),
            ],
        ),
        ("$4.2 billion1 in sales", [("$4.2 billion", "USD", D("4.2") * BN)]),
        ("a 12m2 flat, a 4B2 code, $4.2m123", []),
        (
            "₹38,250 Cr and Rs 4,250 Cr.",
            [("₹38,250 Cr", "INR", D(38_250) * 10**7), ("Rs 4,250 Cr", "INR", D(4250) * 10**7)],
        ),
        ("Rs 42.5 Lacs", [("Rs 42.5 Lacs", "INR", D("42.5") * 10**5)]),
    ],
)
def test_a_scale_keeps_its_figure_whatever_pdf_text_glues_after_it(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    # a footnote's "¹" flattened to "1" made "$4.2B1" vanish and "$4.2 billion1" read $4.2;
    # "₹38,250 Cr" was ₹38,250
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1.5GW of capacity, 2.91TWh", [("1.5GW", "GW", D("1.5")), ("2.91TWh", "TWh", D("2.91"))]),
        (
            "3,120,000MWh and 4.5Bcf/d",
            [("3,120,000MWh", "MWh", D(3_120_000)), ("4.5Bcf/d", "Bcf/d", D("4.5"))],
        ),
        (
            "412 Mboe/d, 1,200 MMcf/d, 186 bpd",
            [
                ("412 Mboe/d", "Mboe/d", D(412)),
                ("1,200 MMcf/d", "MMcf/d", D(1200)),
                ("186 bpd", "bbl/d", D(186)),
            ],
        ),
        (
            "2.4 million square feet; 27,840 sq. ft.",
            [
                ("2.4 million square feet", "sq ft", D("2.4") * M),
                ("27,840 sq. ft.", "sq ft", D(27_840)),
            ],
        ),
        (
            "412,000 tCO2e; p95 of 98.5ms; 12.5mg/kg",
            [
                ("412,000 tCO2e", "tCO2e", D(412_000)),
                ("98.5ms", "ms", D("98.5")),
                ("12.5mg/kg", "mg/kg", D("12.5")),
            ],
        ),
    ],
)
def test_a_figure_with_a_unit_of_its_own_is_a_quantity(
    text: str, expected: list[tuple[str, str, Decimal]]
) -> None:
    # "1.5GW" was dropped as a code; "1.2 GW" read as a bare 1.2, which "1.2 MW" or "$1.2"
    # confirmed
    figs = extract(text)
    assert [(f.text, f.unit, f.value) for f in figs] == expected
    assert {f.kind for f in figs} == {"quantity"}


@pytest.mark.parametrize("text", ["hash 3e4b", "1e", "grade 5e", "2.5 x 10 units", "3 x 10^"])
def test_what_only_looks_like_a_power_of_ten_is_read_as_before(text: str) -> None:
    assert [s for s in skipped(text) if s[2] == "unreadable"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a $1.2-billion deal", [("$1.2-billion", "USD", D("1.2") * 10**9)]),  # never $1.20
        ("a $300-million term loan", [("$300-million", "USD", D(300) * M)]),
        ("EPS of 45 cents a share", [("45 cents", "USD", D("0.45"))]),
        ("1 cent", [("1 cent", "USD", D("0.01"))]),
        ("up 12 per cent", [("12 per cent", "percent", D(12))]),
        ("$0.45 cents", [("$0.45 cents", "USD", D("0.45"))]),  # the currency said it first
        (
            "Basic EPS 45.6p (2024: 41.2p)",
            [("45.6p", "GBP", D("0.456")), ("2024", None, D(2024)), ("41.2p", "GBP", D("0.412"))],
        ),
        ("a dividend of 12.5 pence", [("12.5 pence", "GBP", D("0.125"))]),
        ("up 3pp", [("3pp", "percent", D(3))]),  # percentage points, not pence
        ("shares at 250p, video in 1080p", [("250p", "GBP", D("2.50"))]),  # 1080p: a code
        ("a return of minus 3.4%", [("minus 3.4%", "percent", D("-3.4"))]),
        ("a negative 2.1% margin", [("negative 2.1%", "percent", D("-2.1"))]),
        ("$4-5 million", [("$4", "USD", D(4) * M), ("5 million", "USD", D(5) * M)]),
    ],
)
def test_hyphenated_scales_cents_and_words_of_sign(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


# --------------------------------------------------------------------------- glued marks
# how drafts and filings glue letters, marks and escapes to figures: each is read as the
# figure it is, or (European separators) refused; none may pass over a figure unread


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Revenue reached $1.2T.", [("$1.2T", "USD", D("1.2") * 10**12)]),
        ("$4.2Tn and $3TN", [("$4.2Tn", "USD", D("4.2") * 10**12), ("$3TN", "USD", D(3) * 10**12)]),
        ("a 4T drive", []),  # "T" is a trillion only after a currency
        ("costs were $4.2mil.", [("$4.2mil", "USD", D("4.2") * M)]),
        ("$4.2 bil. in sales", [("$4.2 bil", "USD", D("4.2") * 10**9)]),
        ("profit of Rs 4.2 cr", [("Rs 4.2 cr", "INR", D(42_000_000))]),
        ("a dividend of 45.6c per share", [("45.6c", "USD", D("0.456"))]),
        ("a 42¢ coupon, 42.5 ¢ later", [("42¢", "USD", D("0.42")), ("42.5 ¢", "USD", D("0.425"))]),
        ("grew 12%YoY and 9%y/y", [("12%", "percent", D(12)), ("9%", "percent", D(9))]),
        ("35.2%vs 33%", [("35.2%", "percent", D("35.2")), ("33%", "percent", D(33))]),
        (
            "net margin was _15%_ and __41%__",
            [("15%", "percent", D(15)), ("41%", "percent", D(41))],
        ),
        ("margins of 12%/15%", [("12%", "percent", D(12)), ("15%", "percent", D(15))]),
        ("c.12% and approx.12%", [("12%", "percent", D(12)), ("12%", "percent", D(12))]),
        ("Revenue:4.2m; EBITDA:1.1m", [("4.2m", None, D("4.2") * M), ("1.1m", None, D("1.1") * M)]),
        ("RMB12.5 billion", [("RMB12.5 billion", "CNY", D("12.5") * 10**9)]),
        ("kr4.5 million", [("4.5 million", None, D("4.5") * M)]),
        (
            "Gross margin was 41\\% and 41 \\%",
            [("41\\%", "percent", D(41)), ("41 \\%", "percent", D(41))],
        ),
        ("margin 12&#37;", [("12&#37;", "percent", D(12))]),
        ("$4.2&nbsp;million", [("$4.2&nbsp;million", "USD", D("4.2") * M)]),
        ("$4.2\\ million", [("$4.2\\ million", "USD", D("4.2") * M)]),
        (  # invisible marks: spans in the original text hold them
            "12\u200e%, 12\u200f%, 12\u034f%, 12\ufe0f%",
            [(f"12{c}%", "percent", D(12)) for c in "\u200e\u200f\u034f\ufe0f"],
        ),
        ("12\u066a", [("12\u066a", "percent", D(12))]),  # the Arabic percent sign
        ("EMEA,1180,5.9%", [("1180", None, D(1180)), ("5.9%", "percent", D("5.9"))]),
        ("Revenue ($000) and €000", []),  # a table's scale, not an amount of nothing
    ],
)
def test_glued_marks_are_read(text: str, expected: list[tuple[str, str | None, Decimal]]) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    "text",
    ["B2B sales", "an A320 fleet", "COVID19 cases", "var_1234", "No.1234", "R2 score", "km/h"],
)
def test_digits_glued_to_a_word_with_no_unit_stay_codes(text: str) -> None:
    assert extract(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("guided between 3 and 7%", [("3", "percent", D(3)), ("7%", "percent", D(7))]),
        ("between $4 and $5 million", [("$4", "USD", D(4) * M), ("$5 million", "USD", D(5) * M)]),
        ("in 3 and 7% of cases", [("3", None, D(3)), ("7%", "percent", D(7))]),  # no "between"
    ],
)
def test_between_x_and_y_is_a_range(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Revenue was 3,4 M€",
        "Revenue was 3,4 MEUR",
        "Revenue was 3,4 MSEK",
        "Revenue was 12,5 Mkr",
        "Revenue was 3,4 mia. kr",
        "Revenue was 3,4 mld zł",
        "Revenue was 3,4 Millionen Euro",
        "Revenue was 3,4 Milliarden",
        "Margin was 3,4 pour cent",
    ],
)
def test_decimal_comma_before_a_european_unit_is_refused(text: str) -> None:
    assert extract(text) == []
    [(_, what, reason)] = skipped(text)
    assert reason == "unreadable" and what.startswith(("3,4", "12,5"))
    read = unreadable_figure(text)
    assert read is not None and read[0] in ("3,4", "12,5")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("results for 9M'25 and 9M 2025", [("25", None, D(25)), ("2025", None, D(2025))]),
        ("a $9M 2025 budget", [("$9M", "USD", D(9) * M), ("2025", None, D(2025))]),
        ("revenue of 4.2 mio. EUR", [("4.2 mio. EUR", "EUR", D("4.2") * M)]),
        ("CA de 2,345.6 M€", [("2,345.6 M€", "EUR", D("2345.6") * M)]),  # as France writes
        ("Umsatz 812 TEUR", [("812 TEUR", "EUR", D(812_000))]),  # T: Tausend, a thousand
        (
            "EBITDA 1.2 Md€ and 450 kEUR",
            [("1.2 Md€", "EUR", D("1.2") * 10**9), ("450 kEUR", "EUR", D(450_000))],
        ),
        ("a 5 M bolt", [("5", None, D(5))]),
    ],
)
def test_months_of_a_year_and_lower_case_german_scales(
    text: str, expected: list[tuple[str, str | None, Decimal]]
) -> None:
    assert [(f.text, f.unit, f.value) for f in extract(text)] == expected


@pytest.mark.parametrize(
    ("text", "value"), [("growth of twelve-percent", 12), ("up twenty-five-Percent", 25)]
)
def test_a_spelled_percent_joined_by_a_hyphen(text: str, value: int) -> None:
    [f] = extract(text, words=True)
    assert (f.kind, f.unit, f.value) == ("percent", "percent", D(value))
    assert extract("a one-time fee", words=True) == []


@pytest.mark.parametrize(
    ("text", "sections"),
    [
        ("Sections 12.2 and 4.1.9 apply", [("Sections 12.2", "12.2"), ("4.1.9", "4.1.9")]),
        ("under §§ 4.1.1-4.1.8", [("§ 4.1.1", "4.1.1"), ("4.1.8", "4.1.8")]),
        ("Sections 3.1, 3.2 and 3.4", [("Sections 3.1", "3.1"), ("3.2", "3.2"), ("3.4", "3.4")]),
        ("Articles 4, 5 or 7", [("Articles 4", "4"), ("5", "5"), ("7", "7")]),
        ("Sec. 12.3 and Art. 4", [("Sec. 12.3", "12.3"), ("Art. 4", "4")]),
        (
            "Schedule 9, Exhibit 10.1, Annex 3",
            [
                ("Schedule 9", "schedule:9"),
                ("Exhibit 10.1", "exhibit:10.1"),
                ("Annex 3", "annex:3"),
            ],
        ),
    ],
)
def test_lists_and_abbreviations_of_sections(text: str, sections: list[tuple[str, str]]) -> None:
    # the later items were versions or bare numbers ("4.1.9"), which "$4.1" could not
    # confirm but "12.9" could; "Sec. 12.3" was a bare 12.3
    figs = extract(text)
    assert [(f.text, f.section) for f in figs] == sections
    assert all(f.kind == "section" and not f.heading for f in figs)


def test_what_no_list_of_sections_takes_in() -> None:
    figs = extract("Section 4, 2025 revenue was $4.2M; Section 2.2, 4,200 customers and 12.5%.")
    assert [(f.text, f.kind) for f in figs] == [
        ("Section 4", "section"),
        ("2025", "number"),
        ("$4.2M", "currency"),
        ("Section 2.2", "section"),
        ("4,200", "number"),
        ("12.5%", "percent"),
    ]


def test_a_numbered_heading_is_a_section_not_an_amount() -> None:
    text = "## 1.1 Overview\n\n2.1 By Supplier. The Supplier may end it.\n12.3. Limitation\n"
    figs = extract(text)
    assert [(f.text, f.kind, f.section, f.heading) for f in figs] == [
        ("1.1", "section", "1.1", True),
        ("2.1", "section", "2.1", True),
        ("12.3", "section", "12.3", True),
    ]
    # a figure first on its line is still a figure; so is a European amount
    assert [f.kind for f in extract("Revenue was\n4.2 Million dollars\n3.2 revenue grew")] == [
        "currency",
        "number",
    ]
