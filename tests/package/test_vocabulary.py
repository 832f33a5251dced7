"""One vocabulary: the scale words, currency codes and symbols in ``tieout._vocab`` are
read alike by the number grammar, the layout's scale notes, the claim-unit parser,
pint's definitions and ``docs add --scale``.

Before this table was the one source, they disagreed: ``docs add --scale INR_crores`` was
accepted while the claim unit ``INR_crores`` was refused, ``USD_trillions`` the other way,
and the unit parser refused 10 of the 22 currency symbols the grammar reads. One test per
former disagreement is kept below, by name.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tieout import _vocab
from tieout.documents.document import _scale_parts
from tieout.errors import UnitNotRecognised
from tieout.figures.layout.note_forms import SHORT_SCALES
from tieout.figures.patterns import (
    SCALE_SUFFIX,
    SCALE_WORD,
    UNIT_SCALES,
    WORD_END,
)
from tieout.figures.reader import extract
from tieout.units import SCALES, canonical_units, convert, currency_scale, parse_unit

CODES = sorted(_vocab.CURRENCY_CODES)
# the symbols the unit parser refused before the one table
FORMERLY_REFUSED_SYMBOLS = ["NT$", "MX$", "Mex$", "Can$", "SG$", "CA$", "AU$", "¥", "₪", "₺"]


def _grammar_reads(text: str) -> tuple[Decimal | None, str | None]:
    """The value and unit the grammar gives the one figure in ``text``."""
    (fig,) = extract(text)
    return fig.value, fig.unit


# --- the derived tables are the one table ---------------------------------------------


def test_the_claim_units_scales_are_the_tables() -> None:
    assert SCALES is _vocab.SCALE_UNITS
    assert set(_vocab.SCALE_UNITS) <= set(_vocab.SCALE_NAMES)


@pytest.mark.parametrize("name", sorted(_vocab.SCALE_NAMES))
@pytest.mark.parametrize("code", CODES)
def test_every_scale_name_is_a_claim_unit_and_a_document_scale(code: str, name: str) -> None:
    factor = _vocab.SCALE_NAMES[name]
    unit = parse_unit(f"{code}_{name}")
    assert (unit.dimension, unit.factor) == (code, factor)
    assert _scale_parts(f"{code}_{name}") == (factor, code)


def test_every_unit_scale_is_defined_in_pint() -> None:
    names = set(canonical_units())
    for code in CODES:
        for name, factor in _vocab.SCALE_UNITS.items():
            assert f"{code}_{name}" in names
            assert convert(Decimal(1), f"{code}_{name}", code) == factor


@pytest.mark.parametrize("symbol", sorted(_vocab.CURRENCY_SYMBOLS))
def test_every_symbol_the_grammar_reads_is_a_claim_unit_of_the_same_code(symbol: str) -> None:
    code = _vocab.CURRENCY_SYMBOLS[symbol]
    assert _grammar_reads(f"{symbol}5") == (Decimal(5), code)
    assert parse_unit(symbol).name == code
    assert parse_unit(f"{symbol} millions").name == f"{code}_millions"
    assert parse_unit(f"thousands of {symbol}").name == f"{code}_thousands"


@pytest.mark.parametrize(
    "word", sorted(set(_vocab.SCALE_WORDS) - _vocab.CONTEXT_SCALE_WORDS, key=str.lower)
)
def test_every_scale_word_is_read_alike_by_the_grammar_and_the_unit_parser(word: str) -> None:
    factor = _vocab.SCALE_WORDS[word]
    glued = word in {w.lower() for w in _vocab.SCALE_SUFFIXES}
    value, unit = _grammar_reads(f"$5{word}" if glued else f"$5 {word}")
    assert (value, unit) == (5 * factor, "USD")
    assert parse_unit(f"USD {word}").factor == factor
    assert currency_scale(f"USD_{word}") == ("USD", factor)


@pytest.mark.parametrize("word", sorted(_vocab.SCALE_WORDS_ANY_CASE))
def test_the_grammars_scale_word_pattern_holds_each_word_in_any_case_and_plural(word: str) -> None:
    pattern = re.compile(f"(?:{SCALE_WORD}){WORD_END}", re.VERBOSE)
    for written in (word, word.upper(), word.title(), word + "s"):
        assert pattern.fullmatch(written), written


def test_the_grammars_patterns_hold_exactly_the_tables_other_words() -> None:
    word = re.compile(SCALE_WORD, re.VERBOSE)
    for written in (*_vocab.SCALE_WORDS_AS_WRITTEN, *_vocab.SCALE_WORDS_FOREIGN):
        assert word.fullmatch(written), written
    assert not word.fullmatch("mm") and not word.fullmatch("TSD")  # as written only
    suffix = re.compile(SCALE_SUFFIX)
    for written in _vocab.SCALE_SUFFIXES:
        assert suffix.fullmatch(written), written
    assert not suffix.fullmatch("t")  # a "T" only, and after a currency
    assert {w.lower(): f for w, f in _vocab.CURRENCY_PREFIX_SCALES.items()} == UNIT_SCALES


def test_a_notes_short_scales_name_the_unit_scale_of_their_factor() -> None:
    for short, name in SHORT_SCALES.items():
        if short in _vocab.SCALE_WORDS and short not in _vocab.CONTEXT_SCALE_WORDS:
            assert _vocab.SCALE_UNITS[name] == _vocab.SCALE_WORDS[short], short
    assert SHORT_SCALES["t"] == "thousands"  # "TEUR": Tausend


# --- one test per former disagreement ---------------------------------------------------


def test_inr_crores_is_a_claim_unit() -> None:
    # docs add --scale INR_crores was accepted; the claim unit was refused
    unit = parse_unit("INR_crores")
    assert (unit.name, unit.dimension, unit.factor) == ("INR_crores", "INR", Decimal(10) ** 7)
    assert parse_unit("INR_lakhs").factor == Decimal(10) ** 5
    assert parse_unit("INR_crore").name == "INR_crores"
    assert convert(Decimal("12.5"), "INR_crores", "INR_lakhs") == Decimal(1250)


def test_usd_trillions_is_a_document_scale(tmp_path: Path) -> None:
    # the claim unit USD_trillions was accepted; docs add --scale USD_trillions was refused
    assert _scale_parts("USD_trillions") == (Decimal(10) ** 12, "USD")
    path = tmp_path / "cells.csv"
    path.write_text('Item,FY2025\nRevenue,"79.1"\n', encoding="utf-8")
    doc = tieout.Document.from_file(path, scale="KRW_trillions")
    (cell,) = [f for f in doc.figures if doc.text[f.span[0] : f.span[1]] == "79.1"]
    assert (cell.value, cell.unit) == (Decimal("79.1") * 10**12, "KRW")


@pytest.mark.parametrize("symbol", FORMERLY_REFUSED_SYMBOLS)
def test_a_formerly_refused_symbol_is_a_claim_unit(symbol: str) -> None:
    assert symbol in _vocab.CURRENCY_SYMBOLS
    assert parse_unit(symbol).name == _grammar_reads(f"{symbol}5")[1]


def test_ambiguous_marks_are_read_alike() -> None:
    # "$" is US dollars to both; "kr" (Swedish, Norwegian, Danish, Icelandic) is no
    # currency to either
    assert parse_unit("$").name == _grammar_reads("$5")[1] == "USD"
    assert _grammar_reads("kr 5")[1] is None
    with pytest.raises(UnitNotRecognised):
        parse_unit("kr")


def test_a_document_scale_is_read_as_a_claim_unit_is() -> None:
    assert _scale_parts("US$ bn") == (Decimal(10) ** 9, "USD")
    assert _scale_parts("thousands of EUR") == (Decimal(1000), "EUR")
    assert _scale_parts("RMB_millions") == (Decimal(10) ** 6, "CNY")
    assert _scale_parts("usd") == (None, "USD")
    for bad in ("percent", "GBp", "USD_quadrillions", "count"):
        with pytest.raises(UnitNotRecognised):
            _scale_parts(bad)


def test_a_note_in_trillions_beside_its_currency_is_read() -> None:
    # "in KRW millions" was read; "in KRW trillions" was not: a note names every unit scale
    text = "Revenue in KRW trillions\n\n| Item | FY2025 |\n|---|---|\n| Revenue | 79.1 |\n"
    doc = tieout.Document.from_text("d", text)
    (cell,) = [f for f in doc.figures if doc.text[f.span[0] : f.span[1]] == "79.1"]
    assert (cell.value, cell.unit) == (Decimal("79.1") * 10**12, "KRW")
