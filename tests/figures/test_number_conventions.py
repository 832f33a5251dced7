"""A source's number convention: "point" (1,234.56) or "comma" (1.234,56, European filers).

In a comma text each number's separators are swapped, one character for one, before the
one grammar reads it; what is no number of the convention (dates, times, clauses,
versions, addresses) is left as it is. "auto" reads the convention off unambiguous
figures only, and anything mixed or silent stays "point" (fail closed).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tieout.figures import (
    detect_numbers,
    extract,
    normalize,
    normalize_with_map,
    resolve_numbers,
    skipped,
)

# --------------------------------------------------------------------------- the swap


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("1.234.567,89", "1,234,567.89"),
        ("1.234,5 Mio. €", "1,234.5 Mio. €"),
        ("2.500.000", "2,500,000"),
        ("1.234", "1,234"),  # one thousand two hundred thirty-four, in this convention
        ("3,5 %", "3.5 %"),
        ("0,25", "0.25"),
        ("(12.345)", "(12,345)"),
        ("-1.234,5", "-1,234.5"),
        ("EUR1.234,5", "EUR1,234.5"),
        ("Umsatz: 1.234,5.", "Umsatz: 1,234.5."),  # the sentence's point stays
        ("ein Anteil von ,5 %", "ein Anteil von .5 %"),
        # typeset groups: a thin space, NBSP or narrow NBSP joins them, as French writes
        ("1\u2009234\u2009567,89 €", "1,234,567.89 €"),
        ("1\u202f234,56\u00a0€", "1,234.56 €"),
        ("1'234,50", "1,234.50"),
    ],
)
def test_a_comma_number_is_read_with_its_separators_swapped(written: str, read: str) -> None:
    assert normalize(written, "comma") == read
    assert len(normalize(written, "comma")) == len(normalize(written))  # spans stay put


@pytest.mark.parametrize(
    "text",
    [
        "31.12.2024",  # a date
        "zum 1.1.2024 und 01.01.2025",
        "vom 01.01.-31.12.",
        "um 14.30 Uhr",  # a time
        "Ziffer 2.2",  # a clause
        "§ 4.1 Abs. 2",
        "2.2 Umsatzerlöse",  # a numbered heading
        "Version 3.11.7",
        "v1.234",  # a code, glued to a letter
        "IP 192.168.178.100",
        "1,234,567",  # a figure of the other convention: left as written
        "1,234.56",
        "2024 2023",
    ],
)
def test_what_is_no_comma_number_is_left_as_it_is(text: str) -> None:
    assert normalize(text, "comma") == normalize(text)


def test_a_plainly_spaced_group_is_one_number_where_its_groups_are_well_formed() -> None:
    # "1 234,56" with an ordinary space, as French and Nordic filings write it: one number
    # (reading "234,56" alone would confirm a figure nobody wrote); a year before a group
    # is no head of one, so "2024 234,5" stays two
    assert normalize("Umsatz 1 234,56 €", "comma") == "Umsatz 1,234.56 €"
    assert [f.text for f in extract("Umsatz 1 234,56 €", numbers="comma")] == ["1 234,56 €"]
    assert normalize("Umsatz 2024 234,5 €", "comma") == "Umsatz 2024 234.5 €"


def test_figures_of_a_comma_text_keep_their_spans_and_show_what_was_written() -> None:
    text = "Die Umsatzerlöse stiegen um 3,5 % auf 1.234,5 Mio. € (Vorjahr: 1.192,7 Mio. €)."
    figs = extract(text, numbers="comma")
    got = [(f.text, f.span, f.kind, f.unit, f.value) for f in figs]
    assert got == [
        ("3,5 %", (28, 33), "percent", "percent", Decimal("3.5")),
        ("1.234,5 Mio. €", (38, 52), "currency", "EUR", Decimal("1234500000.0")),
        ("1.192,7 Mio. €", (63, 77), "currency", "EUR", Decimal("1192700000.0")),
    ]
    assert [text[a:b] for a, b in (f.span for f in figs)] == [f.text for f in figs]
    norm = normalize_with_map(text, "comma")
    assert norm.text[38:52] == "1,234.5 Mio. €"
    assert norm.span_to_original(38, 52) == (38, 52)


def test_a_european_date_stays_a_carve_out_and_no_figure() -> None:
    text = normalize("Stichtag 31.12.2024: Bilanzsumme 2.345.678 €", "comma")
    assert [(f.text, f.value) for f in extract(text)] == [("2,345,678 €", Decimal(2345678))]
    assert skipped(text) == [((9, 19), "31.12.2024", "version")]


def test_a_clause_number_in_a_comma_contract_is_a_section() -> None:
    text = normalize("Gemäß § 4.1 beträgt die Vergütung 12.500 € (Ziffer 2.2).", "comma")
    figs = extract(text)
    assert [(f.kind, f.section or f.unit, f.value) for f in figs] == [
        ("section", "4.1", None),
        ("currency", "EUR", Decimal(12500)),
        ("number", None, Decimal("2.2")),  # as today: a bare decimal, never 2,2
    ]


# --------------------------------------------------------------------------- a currency after


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [
        ("1,234.5 €", "EUR", Decimal("1234.5")),
        ("1,2 Mio. €", None, None),  # a decimal comma in a point text: refused, as before
        ("3.4 Mrd. EUR", "EUR", Decimal("3.4E9")),
        ("12 Mio. Euro", "EUR", Decimal(12_000_000)),
        ("250 £", "GBP", Decimal(250)),
    ],
)
def test_a_currency_written_after_the_figure_is_its_unit(
    text: str, unit: str | None, value: Decimal | None
) -> None:
    figs = extract(text)
    if unit is None:
        assert figs == []
        return
    [fig] = figs
    assert (fig.kind, fig.unit, fig.value, fig.text) == ("currency", unit, value, text)


def test_a_symbol_before_the_next_figure_stays_that_figures() -> None:
    figs = extract("zwischen 5 €10 und 20, 7 € (12) und 8 € (Vorjahr)")
    assert [(f.text, f.unit) for f in figs] == [
        ("5", None),
        ("€10", "EUR"),
        ("20", None),
        ("7", None),
        ("€ (12)", "EUR"),
        ("8 €", "EUR"),
    ]


# --------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("text", "convention"),
    [
        ("Umsatz 1.234,56 €", "comma"),
        ("Bilanzsumme 2.500.000", "comma"),
        ("Die Marge stieg auf 12,5 %.", "comma"),
        ("Preis 3,50 €", "comma"),
        ("Anteil ,5 % am Markt", "comma"),
        ("Kosten € 3,50", "comma"),
        ("1,2 Mio. Euro Umsatz", "comma"),
        ("Revenue $1,234.56", "point"),
        ("Revenue 1,234,567", "point"),
        ("Margin 3.5%", "point"),
        ("Cash $3.50", "point"),
        # mixed evidence, or none: point, today's reading
        ("Umsatz 1.234,56 € (US$1,234.5 million)", "point"),
        ("Umsatz 1.234 € und 2.345 €", "comma"),  # a euro mark after the number is Europe's
        ("Revenue 1,234 and 5,678", "point"),
        ("Stichtag 31.12.2024, 14.30 Uhr, Ziffer 2.2, Version 3.11.7", "point"),
        ("Router 192.168.178.100 und 10.100.200.255", "point"),
        ("Umsatz 1 234,56 €", "comma"),  # a spaced group before a decimal comma
        ("", "point"),
        ("no figures at all, none.", "point"),
    ],
)
def test_auto_reads_the_convention_off_unambiguous_figures_only(text: str, convention: str) -> None:
    assert detect_numbers(text) == convention
    assert resolve_numbers("auto", text) == convention


def test_an_explicit_convention_overrides_the_evidence() -> None:
    assert resolve_numbers("point", "Umsatz 1.234,56 €") == "point"
    assert resolve_numbers("comma", "Revenue 1,234 and 5,678") == "comma"
    assert normalize("Revenue 1,234 and 5,678", "comma") == "Revenue 1.234 and 5.678"
    with pytest.raises(ValueError, match="'european' is not one of auto, point, comma"):
        resolve_numbers("european", "")


def test_auto_in_normalize_swaps_only_a_comma_text() -> None:
    assert normalize("Umsatz 1.234,5 € und 1.234", "auto") == "Umsatz 1,234.5 € und 1,234"
    assert normalize("Revenue 1,234.5 and 1.234", "auto") == "Revenue 1,234.5 and 1.234"


def test_detection_and_the_swap_read_a_megabyte() -> None:
    line = (
        "Die Umsatzerlöse stiegen um 3,5 % auf 1.234,5 Mio. € zum 31.12.2024; das Ergebnis "
        "je Aktie betrug 2,15 €, Ziffer 2.2 gilt.\n"
    )
    prose = "Dies ist ein Satz ohne Zahlen, aber mit Kommas, Punkten und Wörtern.\n"
    german = ((line + prose * 4) * 4000)[:1_000_000]
    english = ("Revenue was $1,234.5 million, up 3.5%, on 12,345 units.\n" * 20000)[:1_000_000]
    words = ("Plain words, commas and points. " * 40000)[:1_000_000]
    for text, convention in ((german, "comma"), (english, "point"), (words, "point")):
        assert detect_numbers(text) == convention
    # (how fast: bench/bench_readers.py; tests assert no wall-clock times)
    assert normalize(german, "comma").count("1,234.5") == german.count("1.234,5")


# --------------------------------------------------------------------------- by property


def _spellings(cents: int) -> tuple[str, str]:
    """An amount of cents as the point convention writes it and as the comma one does."""
    point = f"{cents // 100:,}.{cents % 100:02d}"
    return point, point.translate(str.maketrans(".,", ",."))


@given(
    st.integers(min_value=0, max_value=10**15),
    st.sampled_from(["{} €", "EUR {}", "{} Mio. €", "{} %", "Umsatz {}.", "({})"]),
)
def test_a_comma_spelling_in_a_comma_text_reads_as_the_point_spelling_in_a_point_text(
    cents: int, template: str
) -> None:
    point, comma = _spellings(cents)
    as_point = [(f.kind, f.unit, f.value, f.span) for f in extract(template.format(point))]
    as_comma = [
        (f.kind, f.unit, f.value, f.span) for f in extract(template.format(comma), numbers="comma")
    ]
    assert as_comma == as_point
    assert len(as_point) == 1


@given(st.integers(min_value=1000, max_value=10**12))
@example(10**9)  # "1.000.000.000": four groups, but no address writes "000"
@example(145_209_151_184)  # "145.209.151.184 €": no address has a currency after it
def test_a_whole_amount_with_dots_between_thousands_is_that_amount(n: int) -> None:
    dotted = f"{n:,}".replace(",", ".")
    [fig] = extract(f"Bilanzsumme {dotted} €", numbers="comma")
    assert (fig.unit, fig.value) == ("EUR", Decimal(n))
    assert detect_numbers(f"Bilanzsumme {dotted} €") == "comma"  # a euro mark after it
