"""tieout.figures, by property: every spelling of an amount keys the same, and extract is total."""

from __future__ import annotations

import string
from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tieout.figures import extract, normalize

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
SCALES = [
    ("k", Decimal(1000)),
    ("m", Decimal(10) ** 6),
    ("bn", Decimal(10) ** 9),
    (" thousand", Decimal(1000)),
    (" million", Decimal(10) ** 6),
    (" billion", Decimal(10) ** 9),
]

# an amount with 0-2 decimals, 0.01 … 10^12, written with exactly the decimals it has
amounts = st.one_of(
    st.integers(min_value=1, max_value=10**12).map(Decimal),
    st.integers(min_value=1, max_value=10**13).map(lambda n: Decimal(n).scaleb(-1)),
    st.integers(min_value=1, max_value=10**14).map(lambda n: Decimal(n).scaleb(-2)),
)


def plain(d: Decimal) -> str:
    return format(d, "f")


def grouped(d: Decimal, sep: str = ",") -> str:
    whole, dot, frac = plain(d).partition(".")
    return f"{int(whole):,}".replace(",", sep) + dot + frac


def scaled_spellings(d: Decimal) -> list[str]:
    """'4.2m', '4.2 million', … wherever the amount divides to at most three decimals."""
    out = []
    for suffix, scale in SCALES:
        q = (d / scale).normalize()
        exponent = q.as_tuple().exponent
        if q >= 1 and isinstance(exponent, int) and exponent >= -3:
            out.append(plain(q) + suffix)
    return out


def spellings(d: Decimal) -> list[str]:
    """Every supported way of writing ``d`` US dollars."""
    bodies = [plain(d), grouped(d), *scaled_spellings(d)]
    if d >= 1000:
        bodies.append(grouped(d, "\u2009"))  # thin-space grouping
        bodies.append(grouped(d, "\u00a0"))  # NBSP grouping
    out = []
    for body in bodies:
        out += [f"${body}", f"USD {body}", f"{body} USD", f"US$ {body}"]
    out.append("$" + grouped(d).translate(FULLWIDTH))  # fullwidth digits
    out.append("＄" + plain(d).translate(FULLWIDTH).replace(".", "．"))  # fullwidth throughout
    return out


@SETTINGS
@given(amounts)
@example(Decimal("4200000"))
@example(Decimal("0.01"))
@example(Decimal(10) ** 12)
@example(Decimal("2019"))
def test_every_spelling_of_an_amount_has_one_key(d: Decimal) -> None:
    [reference] = extract("$" + grouped(d))
    assert reference.key == ("currency", "USD", d)
    for text in spellings(d):
        figs = extract(text)
        assert [(f.key, f.span) for f in figs] == [(reference.key, (0, len(text)))], text


@SETTINGS
@given(
    st.one_of(
        st.integers(min_value=0, max_value=1000).map(Decimal),
        st.integers(min_value=0, max_value=100000).map(lambda n: Decimal(n).scaleb(-2)),
    )
)
def test_percent_spellings_agree(d: Decimal) -> None:
    texts = [f"{d}%", f"{d} percent", f"{d} pct", f"{d} per cent", f"{(d * 100).normalize():f} bps"]
    keys = {t: [f.key for f in extract(t)] for t in texts}
    assert all(k == [("percent", "percent", d)] for k in keys.values()), keys


# characters that stress the normaliser: digits of other scripts, odd spaces, dashes, signs
ODD = (
    "0123456789$€£¥%§()-,. \t\n:/"
    "\u00a0\u2009\u202f\u200b\u00ad\u2212\u2013\u2014\u201c\u201d\u2019"
    "０１２３４５６７８９٠١٢٣٤٥٦٧٨٩٬٫¹²³½ﬁ…ǅ\U0001d7ce"
    "kKmMbBnUSDEURpctbsSection"
)


@SETTINGS
@given(st.one_of(st.text(), st.text(alphabet=ODD, max_size=60)))
@example("$5")  # a symbol at the very start of a short text once raised IndexError
@example("₩0")
@example("(\u200b$\u00a0(1\u2009234)\u00b9")
def test_extract_never_raises_and_spans_hold_their_text(text: str) -> None:
    for f in extract(text):
        start, end = f.span
        assert 0 <= start < end <= len(text)
        assert text[start:end] == f.text
    for f in extract(text, words=True):
        assert 0 <= f.span[0] < f.span[1] <= len(text)


# prose that cannot form a figure: no digits of any script, no currency or percent signs
LETTERS = st.text(
    alphabet=st.characters(categories=["Lu", "Ll"], codec="utf-8").filter(
        lambda c: not any(ch.isdigit() or ch in "$€£¥%§" for ch in normalize(c))
    ),
    min_size=1,
    max_size=12,
)
PROSE = st.lists(LETTERS, min_size=0, max_size=8).map(" ".join)
# a punctuated boundary, so no prose word can become the figure's unit, scale or section word
BEFORE = st.sampled_from([". ", ", ", "; ", ": ", "! ", "\n\n"])
AFTER = st.sampled_from([". ", ", ", "; ", "! ", "? ", "\n"])


@SETTINGS
@given(
    amounts.flatmap(lambda d: st.tuples(st.just(d), st.sampled_from(spellings(d)))),
    PROSE,
    BEFORE,
    AFTER,
    PROSE,
)
def test_an_amount_in_prose_is_found_exactly(
    amount: tuple[Decimal, str], left: str, before: str, after: str, right: str
) -> None:
    d, spelled = amount
    text = left + before + spelled + after + right
    figs = extract(text)
    start = len(left) + len(before)
    assert [(f.key, f.span, f.text) for f in figs] == [
        (("currency", "USD", d), (start, start + len(spelled)), spelled)
    ]


# --------------------------------------------------------------------------- windows

# pieces of text that meet at line breaks in every way the grammar joins things: amounts,
# percents, scale and currency words, ranges ("to", "-"), codes, parentheses, sections
_PIECES = [
    "4,200",
    "1.5",
    "$",
    "$4.2",
    "USD",
    "US$",
    "12%",
    "%",
    "percent",
    "per cent",
    "pct",
    "bps",
    "basis points",
    "million",
    "thousand",
    "bn",
    "dollars",
    "euros",
    "yen",
    "to",
    "through",
    "-",
    "(",
    ")",
    "(1,234)",
    "§",
    "Section 2.2",
    "clause",
    "v1.2.3",
    "2026-01-02",
    "(555) 123-4567",
    "555",
    "123-4567",
    "2019",
    "Revenue",
    "the",
    "Total",
    "|",
    "  ",
    " ",
    ".",
    ",",
]
_texts = st.lists(
    st.one_of(st.sampled_from(_PIECES), st.just("\n"), st.just("\n\n")), max_size=40
).map(" ".join)
_glued = st.lists(st.one_of(st.sampled_from(_PIECES), st.just("\n")), max_size=40).map("".join)


@SETTINGS
@given(st.one_of(_texts, _glued))
@example("$4\nto $5 and 10\n- 20%\n$3\nmillion\nUSD 5\n(555)\n123-4567")
@example("4,200 to 12% and 10\nto 20 million, 3 through 5%, 7 - 9 bn and 4 to\nUSD 5, 6 to\nUS$7")
def test_a_window_between_clean_cuts_reads_as_the_whole_text(text: str) -> None:
    """Scanning from a clean cut (a word or line start) to the next gives exactly the
    whole text's figures there, ranges linked: what lets a long source be read a few
    words at a time."""
    from tieout.figures import clean_cut, scan_window
    from tieout.figures.ranges import link_ranges as _link_ranges
    from tieout.figures.scan import scan_figures as _scan

    text = normalize(text)
    whole = _link_ranges(text, list(_scan(text)))
    cuts = [0] + [i + 1 for i, ch in enumerate(text) if ch in " \n"] + [len(text)]
    cuts = sorted({c for c in cuts if clean_cut(text, c) or c == len(text)})
    for lo, hi in pairwise(cuts):
        assert scan_window(text, lo, hi) == [f for f in whole if lo <= f.span[0] < hi]


@SETTINGS
@given(
    st.text(alphabet="ab1 \n—４é\u00a0.,", max_size=300),
    st.integers(0, 3),
    st.sampled_from([8190, 510, 1500]),
)
def test_normalising_a_long_text_chunk_by_chunk_folds_every_character(
    piece: str, copies: int, pad: int
) -> None:
    """A long text is searched for characters to fold chunk by chunk and piece by piece;
    nothing is missed where a run of them crosses a chunk's or a piece's edge."""
    from tieout.figures.normalization import _NON_ASCII, _non_ascii_runs

    text = ("x" * pad + piece) * (copies + 4)
    assert [m.span() for m in _non_ascii_runs(text)] == [
        m.span() for m in _NON_ASCII.finditer(text)
    ]


@SETTINGS
@given(st.text(alphabet="0123456789.,x \n", max_size=400) | st.text(alphabet="0٣.,é ", max_size=60))
def test_number_places_lists_every_digit_run_by_its_canonical_digits(text: str) -> None:
    from tieout.figures import canonical_digits, number_places
    from tieout.figures.places import _DIGIT_RUN

    want: dict[str, list[int]] = {}
    pos = 0
    while (m := _DIGIT_RUN.search(text, pos)) is not None:
        want.setdefault(canonical_digits(m.group()), []).append(m.start())
        # ".5" after a letter ("x.5", as in "Rs.12.5"): its digits start a run of their own
        after_letter = m.start() > 0 and text[m.start() - 1] in string.ascii_letters
        pos = m.start() + 1 if m.group()[0] == "." and after_letter else m.end()
    assert number_places(text) == want


@SETTINGS
@given(
    st.lists(
        st.sampled_from([*_PIECES, "(in thousands)", "in millions", "\t", "\n", "1,234  5,678"]),
        max_size=30,
    ).map(" ".join)
)
def test_a_text_read_without_its_layout_reads_as_with_it(text: str) -> None:
    """Text with nothing a table or a scale note is made of skips reading its layout; the
    figures are the same as when the layout is read and applied."""
    from tieout.figures.layout import read_layout

    text = normalize(text)
    assert extract(text) == extract(text, layout=read_layout(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ million\n4,200", Decimal("4200000000")),
        ("EUR thousand\n4,200", Decimal("4200000")),
        ("in Mio. EUR\n4,200", Decimal("4200000000")),
        ("in TCHF\n4,200", Decimal("4200000")),
        ("USD m\n4,200", Decimal("4200000000")),
        ("$000\n4,200", Decimal("4200000")),
    ],
)
def test_a_note_with_no_plural_scale_word_is_read_without_a_layout_given(
    text: str, value: Decimal
) -> None:
    """A note written "$ million" or "in TCHF" holds none of "millions", "thousands": the
    figures under it are scaled whether or not the caller passes the layout."""
    from tieout.figures.layout import read_layout

    assert [f.value for f in extract(text)] == [value]
    assert extract(text) == extract(text, layout=read_layout(text))


_PREFIX_PIECES = [
    "US$",
    "USD ",
    "USD",
    "EUR ",
    "(",
    "( ",
    "-",
    " ",
    "x",
    "X",
    "$",
    "AUS$",
    "§",
    ")",
]


@SETTINGS
@given(st.lists(st.sampled_from([*_PREFIX_PIECES, "4.2", "1,234"]), min_size=1, max_size=8))
def test_the_prefixs_fast_paths_read_as_its_general_path(pieces: list[str]) -> None:
    """``_prefix`` reads "$4" without the general path; wherever it does, it reads what
    ``_slow_prefix`` reads there (with "US$", "USD", brackets and signs around it)."""
    from tieout.figures.prefix import _slow_prefix
    from tieout.figures.prefix import read_prefix as _prefix

    text = "".join(pieces)
    for pos, ch in enumerate(text):
        if ch.isdigit() and not (pos and text[pos - 1].isdigit()):
            fast = _prefix(text, pos)
            if fast is not None:
                assert fast == _slow_prefix(text, pos), (text, pos)
