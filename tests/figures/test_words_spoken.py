"""Numbers as earnings calls speak them: "one point oh five billion", "point five percent",
"one fifty million", "a buck sixty-two", "seven hundred ten to seven hundred ninety
million dollars".

Each spoken form is read as the speaker means it or, where the words are unclear
("nineteen ninety-nine dollars": $19.99 or $1,999?), as no figure; never by its last
words alone (which read a wrong figure that then confirmed a wrong draft).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from tieout import extract, gate
from tieout.figures.words import words_to_number
from tieout.gating.config import WorkflowConfig
from tieout.gating.gate import claim_class
from tieout.gating.lazy import LazySource

D = Decimal


def read(text: str) -> list[tuple[str, Decimal | None, str, str | None]]:
    """The spelled figures of ``text``: (text, value, kind, unit)."""
    return [(f.text, f.value, f.kind, f.unit) for f in extract(text, words=True) if f.spelled]


# --------------------------------------------------------------------------- the reader


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a decimal with a spoken zero ("oh", "nought") before or after "point"
        (
            "Priya Raman -- CFO: Transaction revenue came in at one point oh five billion dollars.",
            [("one point oh five billion dollars", D("1.05e9"), "currency", "USD")],
        ),
        (
            "Net revenue was two point oh billion dollars.",
            [("two point oh billion dollars", D("2.0e9"), "currency", "USD")],
        ),
        (
            "Take rate compressed by point five percent in the quarter.",
            [("point five percent", D("0.5"), "percent", "percent")],
        ),
        (
            "Churn improved by oh point five percent.",
            [("oh point five percent", D("0.5"), "percent", "percent")],
        ),
        (
            "The yield was nought point five percent.",
            [("nought point five percent", D("0.5"), "percent", "percent")],
        ),
        (
            "The yield was zero point five percent.",
            [("zero point five percent", D("0.5"), "percent", "percent")],
        ),
        # two numbers below a hundred: hundreds before a scale word or basis points
        (
            "We bought back about one fifty million dollars of stock.",
            [("one fifty million dollars", D(150_000_000), "currency", "USD")],
        ),
        (
            "We expect one twenty-five million dollars of capex.",
            [("one twenty-five million dollars", D(125_000_000), "currency", "USD")],
        ),
        (
            "Buybacks were one oh five million dollars.",
            [("one oh five million dollars", D(105_000_000), "currency", "USD")],
        ),
        (
            "Sam Ortiz -- Bernstein: Priya, you said take rate was one forty-two bps.",
            [("one forty-two bps", D("1.42"), "percent", "basis_point")],
        ),
        (
            "The spread was one twenty-five basis points.",
            [("one twenty-five basis points", D("1.25"), "percent", "basis_point")],
        ),
        # fractions of a scale
        (
            "Staking is now a quarter of a billion dollars annualized.",
            [("a quarter of a billion dollars", D(250_000_000), "currency", "USD")],
        ),
        (
            "Custody holds three quarters of a billion dollars.",
            [("three quarters of a billion dollars", D(750_000_000), "currency", "USD")],
        ),
        # dollars and cents, and cents alone
        (
            "Diluted EPS was one dollar sixty-two.",
            [("one dollar sixty-two", D("1.62"), "currency", "USD")],
        ),
        (
            "Diluted EPS was a buck sixty-two.",
            [("a buck sixty-two", D("1.62"), "currency", "USD")],
        ),
        (
            "Meridian Lite costs a buck fifty a month.",
            [("a buck fifty", D("1.50"), "currency", "USD")],
        ),
        (
            "The fee is two dollars and fifteen cents per trade.",
            [("two dollars and fifteen cents", D("2.15"), "currency", "USD")],
        ),
        (
            "The dividend is a dollar and five cents.",
            [("a dollar and five cents", D("1.05"), "currency", "USD")],
        ),
        ("GAAP EPS was sixty-two cents.", [("sixty-two cents", D("0.62"), "currency", "USD")]),
        ("It fell to fifty euro cents.", [("fifty euro cents", D("0.50"), "currency", "EUR")]),
        ("Card fees cost two bucks.", [("two bucks", D(2), "currency", "USD")]),
        # a scale and one digit word after it: tenths, as speech says them
        (
            "Stablecoin revenue was a billion two for the year.",
            [("a billion two", D("1.2e9"), "number", None)],
        ),
        (
            "We raised a million five dollars.",
            [("a million five dollars", D(1_500_000), "currency", "USD")],
        ),
        # forms that already held
        (
            "We spent a hundred and ten million dollars.",
            [("a hundred and ten million dollars", D(110_000_000), "currency", "USD")],
        ),
        (
            "Volume was one and a half billion dollars.",
            [("one and a half billion dollars", D(1_500_000_000), "currency", "USD")],
        ),
        # "point" after "this", "that": a noun, and the number after it is read alone
        (
            "At this point five percent of users have churned.",
            [("five percent", D(5), "percent", "percent")],
        ),
        # a count after a scale: the scale ends the number
        (
            "Revenue was a billion two years ago.",
            [("a billion", D(1_000_000_000), "number", None)],
        ),
        (
            "We paid ten dollars two years ago.",
            [("ten dollars", D(10), "currency", "USD"), ("two", D(2), "number", None)],
        ),
    ],
)
def test_spoken_forms_read_as_meant(
    text: str, want: list[tuple[str, Decimal, str, str | None]]
) -> None:
    assert read(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "Meridian Plus now costs nineteen ninety-nine dollars a month.",  # $19.99 or $1,999?
        "The plan is twelve fifty dollars.",  # $12.50 or $1,250?
        "Diluted EPS was one twenty-five.",  # 1.25 or 125?
        "Growth was one fifty percent.",  # 1.50% or 150%?
        "We guide to twelve fifty million in opex.",  # 1,250 million or 12.5?
        "In twenty twenty-five we grew.",  # a year
        "Back in nineteen ninety-nine dollars were scarcer.",  # a year
        "Revenue was a billion twenty-five.",  # 1.025 or 1.25 billion?
        "Revenue was one million forty-two.",  # 1,000,042 or 1.042 million?
        "We saw the point five percent decline.",  # 0.5% or 5%?
        "Margin moved a point two percent.",  # 0.2% or 2%?
        "Oh five percent of it.",  # "oh five": no figure, and never 5%
        "Half of a billion dollars went to buybacks.",  # never "$1 billion"
        "Take rate was one five basis points.",
    ],
)
def test_unclear_spoken_forms_are_no_figure(text: str) -> None:
    assert read(text) == []


def test_unclear_low_end_of_a_range_is_no_figure() -> None:
    assert read("Capex will rise two to three hundred million dollars.") == [
        ("three hundred million dollars", D(300_000_000), "currency", "USD")
    ]  # "two": 2 million or 200 million?


def test_spoken_cents_never_take_a_count_or_a_percent() -> None:
    assert read("It costs twenty dollars forty percent more.") == [
        ("twenty dollars", D(20), "currency", "USD"),
        ("forty percent", D(40), "percent", "percent"),
    ]


def test_spoken_precision_and_digits() -> None:
    (f,) = extract("Revenue was one point oh five billion dollars.", words=True)
    assert (f.value, f.precision, f.digits, f.decimal, f.scale) == (
        D("1.05e9"),
        D("1e7"),
        3,
        True,
        D(10) ** 9,
    )
    (f,) = extract("EPS was one dollar sixty-two.", words=True)
    assert (f.value, f.precision, f.digits, f.decimal) == (D("1.62"), D("0.01"), 3, True)
    (f,) = extract("Revenue was a billion two.", words=True)
    assert (f.value, f.precision, f.digits, f.scale) == (D("1.2e9"), D("1e8"), 2, D(10) ** 9)
    (f,) = extract("It was one forty-two bps.", words=True)
    assert (f.value, f.precision, f.digits) == (D("1.42"), D("0.01"), 3)


def test_words_to_number_spoken() -> None:
    assert words_to_number("one point oh five") == D("1.05")
    assert words_to_number("oh point five") == D("0.5")
    assert words_to_number("one fifty million") == D(150_000_000)
    assert words_to_number("a billion two") == D("1.2e9")
    assert words_to_number("two million five") == D(2_000_005)  # written, not spoken
    assert words_to_number("nineteen ninety-nine") is None
    assert words_to_number("twenty twenty-five") is None


# --------------------------------------------------------------------------- ranges


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "For Q4, we expect revenue of seven hundred ten to seven hundred ninety million "
            "dollars.",
            [
                ("seven hundred ten", D(710_000_000), "currency", "USD"),
                ("seven hundred ninety million dollars", D(790_000_000), "currency", "USD"),
            ],
        ),
        (
            "Opex should grow two to three percent sequentially.",
            [("two", D(2), "percent", "percent"), ("three percent", D(3), "percent", "percent")],
        ),
        (
            "Take rate should move thirty to forty basis points lower.",
            [
                ("thirty", D("0.30"), "percent", "basis_point"),
                ("forty basis points", D("0.40"), "percent", "basis_point"),
            ],
        ),
        (
            "Growth of between ten and fifteen percent.",
            [
                ("ten", D(10), "percent", "percent"),
                ("fifteen percent", D(15), "percent", "percent"),
            ],
        ),
        (
            "Guidance is one point five to two billion dollars.",
            [
                ("one point five", D("1.5e9"), "currency", "USD"),
                ("two billion dollars", D(2_000_000_000), "currency", "USD"),
            ],
        ),
        (
            "Guidance is nine hundred million to one point two billion dollars.",
            [
                ("nine hundred million", D(900_000_000), "currency", "USD"),
                ("one point two billion dollars", D("1.2e9"), "currency", "USD"),
            ],
        ),
        (
            "Users rose from one to two million.",
            [("one", D(1_000_000), "number", None), ("two million", D(2_000_000), "number", None)],
        ),
        # not ranges: "and" without "between", a unit on each side, a bare high end
        ("We rose three and seven percent.", [("seven percent", D(7), "percent", "percent")]),
        (
            "Margin rose nine percent to two billion dollars.",
            [
                ("nine percent", D(9), "percent", "percent"),
                ("two billion dollars", D(2_000_000_000), "currency", "USD"),
            ],
        ),
        ("We opened two to three stores.", [("three", D(3), "number", None)]),
        (
            "Users grew from two million to three percent of the market.",
            [
                ("two million", D(2_000_000), "number", None),
                ("three percent", D(3), "percent", "percent"),
            ],
        ),
    ],
)
def test_spoken_ranges_read_both_ends(
    text: str, want: list[tuple[str, Decimal, str, str | None]]
) -> None:
    assert read(text) == want


def test_digit_range_in_basis_points_reads_the_low_end_in_basis_points() -> None:
    figs = extract("Take rate should move 30 to 40 bps lower.")
    assert [(f.text, f.value, f.kind, f.unit) for f in figs] == [
        ("30", D("0.30"), "percent", "basis_point"),
        ("40 bps", D("0.40"), "percent", "basis_point"),
    ]


# --------------------------------------------------------------------------- the gate

CALL = (
    "Priya Raman -- CFO: Thanks, Marcus. Transaction revenue came in at one point oh five "
    "billion dollars, and take rate compressed by point five percent in the quarter. We bought "
    "back about one fifty million dollars of stock. Diluted EPS was one dollar sixty-two; GAAP "
    "EPS was sixty-two cents. Churn improved by oh point five percent.\n\n"
    "Marcus Lee -- CEO: Staking is now a quarter of a billion dollars annualized, and Meridian "
    "One costs nineteen ninety-nine dollars a month.\n\n"
    "Sam Ortiz -- Bernstein: Priya, you said consumer take rate was one forty-two bps?\n\n"
    "Priya Raman -- CFO: That's right. For Q4 we expect subscription and services revenue of "
    "seven hundred ten to seven hundred ninety million dollars, opex growth of two to three "
    "percent, and take rate thirty to forty basis points lower. Net revenue was two point oh "
    "billion dollars.\n"
)


@pytest.mark.parametrize(
    ("draft", "rejected"),
    [
        ("Transaction revenue was $5 billion.", ["currency:USD:5000000000"]),
        ("Take rate compressed 5%.", ["percent:5"]),
        ("Meridian One costs $99 a month.", ["currency:USD/month:99"]),
        ("Buybacks were $50 million.", ["currency:USD:50000000"]),
        ("Consumer take rate was 42 bps.", ["percent:0.42"]),
        ("Staking revenue is $1 billion annualized.", ["currency:USD:1000000000"]),
        ("Diluted EPS was $1.", ["currency:USD:1"]),
        ("Q4 guidance is $790 million to $890 million.", ["currency:USD:890000000"]),
        ("Opex should grow 3% to 4%.", ["percent:4"]),
        ("Take rate falls 30% to 40%.", ["percent:30", "percent:40"]),
    ],
)
def test_wrong_drafts_are_rejected(draft: str, rejected: list[str]) -> None:
    result = gate(draft, sources=[CALL])
    assert not result.passed
    assert [c.key for c in result.rejected] == rejected


@pytest.mark.parametrize(
    "draft",
    [
        "Transaction revenue was $1.05 billion.",
        "Take rate compressed 0.5%, and churn improved 0.5%.",
        "Buybacks were about $150 million.",  # the call hedges it
        "Consumer take rate was 142 bps, or 1.42%.",
        "Staking revenue is $250 million annualized.",
        "Diluted EPS was $1.62; GAAP EPS was 62 cents ($0.62).",
        "Q4 subscription and services guidance is $710 million to $790 million.",
        "Opex should grow 2% to 3% sequentially.",
        "Take rate is expected to fall 30 to 40 bps.",
        "Net revenue was $2.0 billion.",
    ],
)
def test_faithful_drafts_pass(draft: str) -> None:
    result = gate(draft, sources=[CALL])
    assert result.passed, [c.key for c in result.rejected]


def test_unclear_price_confirms_neither_reading() -> None:
    for draft in ("Meridian One costs $19.99 a month.", "Meridian One costs $1,999 a month."):
        result = gate(draft, sources=[CALL])
        assert not result.passed
        assert len(result.rejected) == 1


def test_spoken_years_and_bare_spoken_counts_are_no_claims() -> None:
    draft = "In twenty twenty-five we opened one twenty-five branches and two to three stores."
    result = gate(draft, sources=["Nothing here."])
    assert result.passed
    assert [c.key for c in result.rejected] == []
    assert [c.text for c in result.claims if c.status != "unchecked"] == []
    strict = gate(draft, sources=["Nothing here."], config=WorkflowConfig(words=True))
    assert [c.text for c in strict.rejected] == ["three"]  # the count a workflow asked for


def test_spelled_amounts_in_a_draft_are_claims() -> None:
    result = gate("Diluted EPS was a buck sixty-five.", sources=[CALL])
    assert not result.passed
    assert [c.key for c in result.rejected] == ["currency:USD:1.65"]


# --------------------------------------------------------------------------- lazy reading


def test_the_lazy_reader_finds_every_spoken_figure_the_full_reading_finds() -> None:
    full = LazySource(CALL, "call").full()
    figs = [f for f in extract(CALL, words=True) if f.spelled]
    assert len(figs) == 16
    for f in figs:
        cls = claim_class(f) or "numeric"
        assert full.lookup(cls, f) is not None, f.text
        assert LazySource(CALL, "call").lookup(cls, f) is not None, f.text


@pytest.mark.parametrize(
    ("source", "draft"),
    [
        ("Fees rose thirteen percent.", "Fees rose 13%."),
        ("Fees rose zero percent.", "Fees rose 0%."),
        ("Fees rose a quarter of a percent.", "Fees rose 0.25%."),
        ("Revenue was two point oh billion dollars.", "Revenue was $2.0 billion."),
        ("Revenue was a quarter of a billion dollars.", "Revenue was $250 million."),
    ],
)
def test_the_lazy_reader_finds_spelled_figures_without_a_common_number_word(
    source: str, draft: str
) -> None:
    assert gate(draft, sources=[source]).passed
    assert not gate(draft.replace("0", "9").replace("13", "14"), sources=[source]).passed


def test_digit_bps_range_low_end_confirms_no_percent() -> None:
    source = "Take rate should move 30 to 40 bps lower."
    result = gate("Take rate should fall 30%.", sources=[source])
    assert not result.passed
    assert [c.key for c in result.rejected] == ["percent:30"]
    assert gate("Take rate should fall 30 bps.", sources=[source]).passed


SPOKEN_SOURCES = [
    CALL,
    "Capex will be a billion two, and a quarter of a billion dollars went to staking.",
    "EPS was a buck sixty-two, or two dollars and fifteen cents with items; dividends were "
    "sixty-two cents.",
    "We guide to between ten and fifteen percent growth and one point five to two billion "
    "dollars of revenue; rates nought point five percent, spreads one twenty-five basis points.",
    "Fees rose thirteen percent, and nineteen ninety-nine dollars buys the plan in twenty "
    "twenty-five.",
]


@pytest.mark.parametrize("source", SPOKEN_SOURCES)
def test_the_lazy_reader_answers_as_the_full_reading_on_spoken_sources(source: str) -> None:
    """Every spelled figure of the source, as stated, ten times larger, and under another
    unit: found or missing alike by the on-demand reading and the whole reading."""
    full = LazySource(source, "s").full()
    figs = [f for f in extract(source, words=True) if f.spelled]
    assert figs
    for f in figs:
        assert f.value is not None
        for v in (
            f,
            replace(f, value=f.value * 10),
            replace(f, kind="percent", unit="percent"),
            replace(f, kind="currency", unit="USD"),
            replace(f, kind="number", unit=None),
        ):
            cls = claim_class(v) or "numeric"
            lazy = LazySource(source, "s").lookup(cls, v)
            assert (lazy is None) == (full.lookup(cls, v) is None), (v.text, v.kind, v.value)
        assert full.lookup(claim_class(f) or "numeric", f) is not None, f.text
