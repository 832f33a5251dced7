"""Spelled-out numbers: the grammar, the noun rule, and how they join the digit figures."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tieout.figures import Figure, extract, normalize
from tieout.figures.words import spelled_figures, words_to_number

TWO_THIRDS = Decimal("0.6666666666666666666666666667")
THIRD = Decimal("0.3333333333333333333333333333")
MILLION = Decimal(10) ** 6
D = Decimal


def spelled(text: str) -> list[Figure]:
    """Spelled figures in ``text`` (digit figures read first, as extract() does)."""
    norm = normalize(text)
    return spelled_figures(norm, extract(norm, context=False))


def only(text: str) -> Figure:
    figs = spelled(text)
    assert len(figs) == 1, figs
    return figs[0]


# --------------------------------------------------------------------------- words_to_number


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("zero", Decimal(0)),
        ("seven", Decimal(7)),
        ("nineteen", Decimal(19)),
        ("forty-two", Decimal(42)),
        ("forty two", Decimal(42)),
        ("Forty-Two", Decimal(42)),
        ("one hundred and five", Decimal(105)),
        ("one hundred five", Decimal(105)),
        ("twelve hundred", Decimal(1200)),
        ("a hundred", Decimal(100)),
        ("two hundred thousand", Decimal(200000)),
        ("three million four hundred thousand", Decimal(3400000)),
        ("one thousand and five", Decimal(1005)),
        ("a million", Decimal(10) ** 6),
        ("two trillion", Decimal(2) * Decimal(10) ** 12),
        ("four point two", Decimal("4.2")),
        ("four point two million", Decimal(4200000)),
        ("zero point zero five", Decimal("0.05")),
        ("one and a half million", Decimal(1500000)),
        ("half a million", Decimal(500000)),
        ("a dozen", Decimal(12)),
        ("two dozen", Decimal(24)),
        ("half a dozen", Decimal(6)),
        ("a half", Decimal("0.5")),
        ("one half", Decimal("0.5")),
        ("two thirds", TWO_THIRDS),
        ("two-thirds", TWO_THIRDS),
        ("three quarters", Decimal("0.75")),
        ("a third", THIRD),
        ("minus five", Decimal(-5)),
        ("negative forty", Decimal(-40)),
    ],
)
def test_words_to_number_reads(words: str, value: Decimal) -> None:
    assert words_to_number(words) == value


@pytest.mark.parametrize(
    "words",
    [
        "",
        "a",
        "and",
        "dozens",
        "two dozens",
        "twenty-first",
        "third",
        "one-time",
        "five million dollars",
        "one two",
        "one million two million",
        "thirty-two percent",
        "someone",
        "seventh",
        "twenty third",
        "zero zero",
        "four point",
        "half",
    ],
)
def test_words_to_number_refuses(words: str) -> None:
    assert words_to_number(words) is None


# --------------------------------------------------------------------------- fields


def test_plain_count_before_a_noun() -> None:
    fig = only("It ships nine channels.")
    assert (fig.text, fig.span, fig.kind, fig.unit, fig.value) == (
        "nine",
        (9, 13),
        "number",
        None,
        D(9),
    )
    assert (fig.scale, fig.scale_source, fig.precision, fig.digits) == (D(1), "none", D(1), 1)
    assert fig.spelled and not fig.decimal and fig.where is None


def test_scale_word() -> None:
    fig = only("Sales were five million last year.")
    assert (fig.text, fig.span, fig.kind, fig.value) == (
        "five million",
        (11, 23),
        "number",
        D(5000000),
    )
    assert (fig.scale, fig.scale_source, fig.precision, fig.digits) == (MILLION, "word", MILLION, 1)


def test_point_decimal_with_scale() -> None:
    fig = only("Revenue reached four point two million dollars in Q3.")
    assert fig.text == "four point two million dollars"
    assert fig.span == (16, 46)
    assert (fig.kind, fig.unit, fig.value) == ("currency", "USD", Decimal(4200000))
    assert (fig.scale, fig.scale_source, fig.precision, fig.digits) == (
        MILLION,
        "word",
        D(100000),
        2,
    )
    assert fig.decimal


def test_point_keeps_written_zeros() -> None:
    fig = only("a ratio of four point two zero overall")
    assert (fig.value, fig.precision, fig.digits) == (Decimal("4.20"), Decimal("0.01"), 3)


def test_compound_scales() -> None:
    fig = only("three million four hundred thousand users")
    assert (fig.value, fig.scale, fig.precision, fig.digits) == (D(3400000), MILLION, D(100000), 2)
    fig = only("two hundred thousand users")
    assert (fig.value, fig.scale, fig.precision, fig.digits) == (D(200000), D(1000), D(1000), 3)


def test_hundred_and() -> None:
    fig = only("one hundred and five stores")
    assert (fig.text, fig.value, fig.precision, fig.digits) == (
        "one hundred and five",
        D(105),
        D(1),
        3,
    )


@pytest.mark.parametrize(
    "text", ["thirty-two percent", "thirty-two per cent", "thirty-two pct", "Thirty-two %"]
)
def test_percent(text: str) -> None:
    fig = only(f"Margin was {text} in 2019.")
    assert (fig.text, fig.span) == (text, (11, 11 + len(text)))
    assert (fig.kind, fig.unit, fig.value, fig.precision, fig.digits) == (
        "percent",
        "percent",
        D(32),
        D(1),
        2,
    )


def test_basis_points() -> None:
    fig = only("a cut of fifty basis points")
    assert (fig.kind, fig.unit, fig.value, fig.precision) == (
        "percent",
        "basis_point",
        Decimal("0.5"),
        Decimal("0.01"),
    )


@pytest.mark.parametrize(
    ("text", "unit", "span"),
    [
        ("It raised five million dollars.", "USD", (10, 30)),
        ("It raised $five million.", "USD", (10, 23)),
        ("It raised five million euros.", "EUR", (10, 28)),
        ("It raised five million pounds.", "GBP", (10, 29)),
        ("It raised five million Canadian dollars.", "CAD", (10, 39)),
        ("It raised five million USD.", "USD", (10, 26)),
        ("It raised EUR five million.", "EUR", (10, 26)),
    ],
)
def test_currency(text: str, unit: str, span: tuple[int, int]) -> None:
    fig = only(text)
    assert (fig.kind, fig.unit, fig.value, fig.span) == ("currency", unit, D(5000000), span)
    assert fig.text == text[span[0] : span[1]]


def test_small_currency_needs_no_noun() -> None:
    fig = only("It costs thirty dollars.")
    assert (fig.kind, fig.unit, fig.value, fig.scale_source) == ("currency", "USD", D(30), "none")


@pytest.mark.parametrize(
    ("text", "words", "value", "where", "precision"),
    [
        ("Two thirds of sales came online.", "Two thirds", TWO_THIRDS, "fraction 2/3", THIRD),
        ("two-thirds of sales", "two-thirds", TWO_THIRDS, "fraction 2/3", THIRD),
        (
            "three quarters of revenue",
            "three quarters",
            Decimal("0.75"),
            "fraction 3/4",
            Decimal("0.25"),
        ),
        ("one half of the board", "one half", Decimal("0.5"), "fraction 1/2", Decimal("0.5")),
        ("cut by a half", "a half", Decimal("0.5"), "fraction 1/2", Decimal("0.5")),
        ("a quarter of staff", "a quarter", Decimal("0.25"), "fraction 1/4", Decimal("0.25")),
    ],
)
def test_fractions(text: str, words: str, value: Decimal, where: str, precision: Decimal) -> None:
    fig = only(text)
    assert (fig.text, fig.kind, fig.unit, fig.value) == (words, "number", None, value)
    assert (fig.where, fig.precision, fig.digits, fig.decimal) == (where, precision, 1, False)


def test_dozen() -> None:
    fig = only("About a dozen analysts came.")
    assert (fig.text, fig.value, fig.digits, fig.precision) == ("a dozen", D(12), 2, D(1))
    assert spelled("There were dozens of analysts.") == []
    assert spelled("two dozens of eggs") == []


def test_and_a_half_and_half_a() -> None:
    fig = only("over two and a half years")
    assert (fig.text, fig.value, fig.precision, fig.digits) == (
        "two and a half",
        Decimal("2.5"),
        Decimal("0.5"),
        2,
    )
    fig = only("a loss of half a million dollars")
    assert (fig.text, fig.kind, fig.value, fig.scale) == (
        "half a million dollars",
        "currency",
        D(500000),
        MILLION,
    )
    assert spelled("it took a year and a half") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the margin rose half a percent", Decimal("0.5")),
        ("up half a percentage point", Decimal("0.5")),
        ("half of one percent", Decimal("0.5")),  # never "one percent"
        ("half of a per cent", Decimal("0.5")),
        ("a tenth of a percent", Decimal("0.1")),
        ("loans grew a quarter of a percent", Decimal("0.25")),
        ("three quarters of a percent", Decimal("0.75")),
        ("two-tenths of a percentage point", Decimal("0.2")),
        ("one-tenth of one percent", Decimal("0.1")),
    ],
)
def test_a_fraction_of_a_percent_is_a_percent(text: str, value: Decimal) -> None:
    # these were no figure, or a bare 0.25 of the unchecked words class ("of a" lost the
    # percent), or "one percent" inside "half of one percent"
    figs = spelled(text)
    assert [(f.kind, f.value, f.text) for f in figs] == [("percent", value, figs[0].text)]
    assert figs[0].text.endswith(("percent", "per cent", "point"))


@pytest.mark.parametrize("text", ["half a dozen eggs", "half an hour", "half of one team"])
def test_half_without_a_percent_is_no_percent(text: str) -> None:
    assert [f for f in spelled(text) if f.kind == "percent"] == []


def test_negative() -> None:
    fig = only("growth of minus two percent")
    assert (fig.text, fig.value, fig.negative) == ("minus two percent", D(-2), True)


# --------------------------------------------------------------------------- the noun rule


@pytest.mark.parametrize(
    ("text", "words", "value"),
    [
        ("nine channels", "nine", 9),
        ("One analyst said so.", "One", 1),
        ("We hired twenty-five engineers.", "twenty-five", 25),
        ("seven new stores", "seven", 7),
        ("over the past two quarters", "two", 2),
        ("Half a dozen people", "Half a dozen", 6),
        ("zero defects", "zero", 0),
        ("two quarterly reports", "two", 2),
    ],
)
def test_bare_count_before_a_noun(text: str, words: str, value: int) -> None:
    fig = only(text)
    assert (fig.text, fig.value) == (words, Decimal(value))


@pytest.mark.parametrize(
    "text",
    [
        "one of the channels",
        "one",
        "It was the right one.",
        "someone, anyone, no one",
        "once, tone, alone, phone, often, none",
        "one day we will",
        "at one point, sales fell",
        "on the one hand",
        "two are enough",
        "nine more channels",
        "One-time charges, a one-off gain and two-factor login.",
        "a five-year plan",
        "the first, second and third quarters",
        "the twenty-first year",
        "the twenty third year",
        "phase two trials and tier one capital",
        "one or two",
        "nineteen ninety-five",
        "two 10-Ks",
        "one's own",
        "There were nine.",
        "a busier one financially",
        "a bigger one overall",
        "the nine respectively",
        "a billion-dollar market",
        "a half-point cut",
        "a two-and-a-half-year lease",
        "five million-strong",
    ],
)
def test_no_figure(text: str) -> None:
    assert spelled(text) == []


def test_scaled_numbers_need_no_noun() -> None:
    assert [f.text for f in spelled("It earned five million. And one thousand of them")] == [
        "five million",
        "one thousand",
    ]


# --------------------------------------------------------------------------- with extract()


def test_extract_joins_digits_and_words_without_overlap() -> None:
    text = "Revenue was 1.5 million across nine channels; two thirds came from 12 stores."
    figs = extract(text, words=True, context=False)
    assert [(f.text, f.span, f.value, f.spelled) for f in figs] == [
        ("1.5 million", (12, 23), Decimal("1500000.0"), False),
        ("nine", (31, 35), Decimal(9), True),
        ("two thirds", (46, 56), TWO_THIRDS, True),
        ("12", (67, 69), Decimal(12), False),
    ]
    assert extract(text, context=False) == [f for f in figs if not f.spelled]


def test_spelled_figures_never_overlap_given_figures() -> None:
    text = "five million users"
    blocker = Figure(text="million", span=(5, 12), kind="number", unit=None, value=Decimal(1))
    assert spelled_figures(text, [blocker]) == []
    assert [f.text for f in spelled_figures(text, [])] == ["five million"]


def test_text_whose_lower_case_is_longer() -> None:
    text = "İstanbul has Nine stores"  # "İ".lower() is two characters
    assert [(f.text, f.span) for f in spelled_figures(text, [])] == [("Nine", (13, 17))]


def test_extract_maps_spans_back_to_the_original() -> None:
    text = "“Two-thirds” of sales\u00a0came from nine\u2011hundred stores"  # curly quotes, NBSP
    figs = extract(text, words=True, context=False)
    assert [(f.text, f.value) for f in figs] == [
        ("Two-thirds", TWO_THIRDS),
        ("nine\u2011hundred", Decimal(900)),
    ]


# --------------------------------------------------------------------------- round trip

_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _below_thousand(n: int, hyphen: bool, use_and: bool) -> str:
    hundreds, rest = divmod(n, 100)
    parts = [f"{_SMALL[hundreds]} hundred"] if hundreds else []
    if rest:
        if parts and use_and:
            parts.append("and")
        if rest < 20:
            parts.append(_SMALL[rest])
        else:
            tens, unit = divmod(rest, 10)
            sep = "-" if hyphen else " "
            parts.append(_TENS[tens - 2] + (sep + _SMALL[unit] if unit else ""))
    return " ".join(parts)


def render(n: int, hyphen: bool = True, use_and: bool = False) -> str:
    """English words for 0 <= n < 10**9: 'one hundred and five', 'forty-two'."""
    if n == 0:
        return "zero"
    parts = []
    for scale, name in ((10**6, "million"), (10**3, "thousand"), (1, "")):
        group, n = divmod(n, scale)
        if group:
            parts.append(f"{_below_thousand(group, hyphen, use_and)} {name}".strip())
    return " ".join(parts)


def test_render() -> None:  # the renderer the round trip relies on
    assert render(0) == "zero"
    assert render(105, use_and=True) == "one hundred and five"
    assert render(3_400_042, hyphen=False) == "three million four hundred thousand forty two"


@given(st.integers(0, 999_999_999), st.booleans(), st.booleans())
def test_round_trip(n: int, hyphen: bool, use_and: bool) -> None:
    words = render(n, hyphen, use_and)
    assert words_to_number(words) == n
    assert words_to_number(words.upper()) == n
    text = f"The fund holds {words} shares."
    fig = only(text)
    assert (fig.text, fig.value, fig.span) == (words, Decimal(n), (15, 15 + len(words)))
