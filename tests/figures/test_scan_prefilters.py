"""The cheap tests the scanner asks before a step that usually has nothing to do never
skip a step that would have done something.

The scanner reads a section only after a section word or from a bare number; it asks
whether a number with a prefix or a unit is passed over (a footnote's mark, a code, a
table's scale, a count of months) only where a scale letter, pence, "000" or a bracket
right before it allows it; and ``figure_from_match`` reads a currency after the number,
the brackets around it and what it is per only where a currency's word, code, symbol or
pence, an opening bracket, a quantity's unit or a currency allow it; and it reads a power
of ten after a number only where its first characters allow it. Each property reads
random text built from the grammar's own words, runs the step where the cheap test says
"no" and holds it to doing nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import astuple, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tieout.figures.match import _read_brackets, _read_currency, _read_per, _read_scale, _Reading
from tieout.figures.patterns import (
    AFTER_DIGITS,
    DIGIT_GROUPS,
    EXTRA_GROUPS,
    FIGURE,
    GROUP_NUMBERS,
    UNIT_GROUPS,
)
from tieout.figures.prefix import Prefix, read_prefix
from tieout.figures.scan import _may_power, _passed_over
from tieout.figures.sections import SectionList
from tieout.figures.unreadable import unreadable_end

SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAPS = st.sampled_from(["", " ", " ", " ", "  ", "\n", ":", ",", ".", "-", "(", ")", "/"])
WORDS = [
    "Section", "Sections", "§", "§§", "Schedule", "Exhibit", "and", "or", "to", "through",
    "12.2", "4.1.9", "8.3", "3", "2.1", "10", "1,234", "4.2", "000", "000,000", "9", "12",
    "2019", "2026", "0.45", "$", "US$", "€", "£", "¥", "R$", "HK", "EUR", "USD", "T€", "($",
    "(", ")", "(1)", "%", "bps", "bp", "basis points", "M", "m", "mm", "B", "K", "T", "bn",
    "million", "billion", "thousand", "crore", "mi", "bi", "yuan", "dollars", "cents", "won",
    "p", "c", "GW", "MW", "Mcf", "Mboe/d", "days", "years", "per", "share", "/Mcf", "of",
    "x", "thirty", "By", "Supplier.", "Rent", "in", "'25", "(9M)", "9M", "a", "E",
]  # fmt: skip


def _text() -> st.SearchStrategy[str]:
    return st.lists(st.tuples(st.sampled_from(WORDS), GAPS), max_size=10).map(
        lambda pairs: "".join(w + g for w, g in pairs)
    )


def _numbers(text: str) -> Iterator[tuple[re.Match[str], tuple[str | None, ...]]]:
    """Each match of the grammar that read one number (no date, no slash)."""
    for m in FIGURE.finditer(text):
        groups = m.group(*GROUP_NUMBERS)
        skip, bad, num, _, _ = groups[DIGIT_GROUPS]
        if num is not None and not skip and not bad:
            yield m, groups


@SETTINGS
@given(_text())
def test_a_section_is_never_ruled_out(text: str) -> None:
    sections = SectionList()
    for m, groups in _numbers(text):
        _, _, num, dotted, _ = groups[DIGIT_GROUPS]
        pos = m.start()
        prefix = read_prefix(text, pos)
        bare = not any(groups[AFTER_DIGITS]) and "," not in num
        may = (prefix is not None and prefix.section) or (
            bare and (prefix is None or prefix.start == pos)
        )
        before = astuple(sections)
        section = sections.read(text, m, num, dotted, prefix, bare)
        if not may:
            assert section is None and astuple(sections) == before, text


@SETTINGS
@given(_text())
def test_a_number_passed_over_is_never_ruled_out(text: str) -> None:
    for m, groups in _numbers(text):
        num = groups[DIGIT_GROUPS][2]
        sfx, pence = groups[UNIT_GROUPS][2], groups[EXTRA_GROUPS][1]
        pos, end = m.start(), m.end()
        prefix = read_prefix(text, pos)
        may = sfx or pence or num in ("000", "000,000") or (prefix and prefix.open_at == pos - 1)
        if not may:
            for tail in (False, True):
                skips: list[tuple[tuple[int, int], str, str]] = []
                assert not _passed_over(text, pos, end, num, sfx, pence, prefix, tail, skips)
                assert skips == [], text


@SETTINGS
@given(_text())
def test_a_currency_a_bracket_or_a_per_is_never_ruled_out(text: str) -> None:
    for m, groups in _numbers(text):
        _, _, num, _, trailing = groups[DIGIT_GROUPS]
        units, extras = groups[UNIT_GROUPS], groups[EXTRA_GROUPS]
        _, _, _, _, code, cword, _ = units
        _, pence, _, _, _, qty, _, _ = extras
        pos = m.start()
        for prefix in (read_prefix(text, pos) or Prefix(pos), Prefix(pos)):
            read = _Reading(
                kind="currency" if prefix.currency else "number",
                unit=prefix.currency,
                end=m.end() if trailing is None else m.start("trailing"),
            )
            sym = _read_scale(text, m, units, extras, prefix, read)
            if not (cword or code or sym or pence):
                after = replace(read)
                assert not _read_currency(text, m, units, extras, prefix, num, sym, after)
                assert after == read, text
            if prefix.open_at < 0:
                after = replace(read)
                assert _read_brackets(text, extras, prefix, num, after) == (False, None)
                assert after == read, text
            if not (qty or read.kind == "currency"):
                after = replace(read)
                assert _read_per(text, m, units, extras, num, prefix.start, None, after) is None
                assert after == read, text


POWER_WORDS = [
    "2.5",
    "4",
    "1,234",
    "e6",
    "E+09",
    "e",
    "x",
    "×",
    "*",
    "·",
    "10^9",
    "10**6",
    "10⁹",
    "10",
    "M",
]


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(POWER_WORDS), GAPS), max_size=6))
def test_a_power_of_ten_is_never_ruled_out(pairs: list[tuple[str, str]]) -> None:
    text = "".join(w + g for w, g in pairs)
    for m, groups in _numbers(text):
        _, _, num, dotted, _ = groups[DIGIT_GROUPS]
        if not dotted and not _may_power(text, m.end("num")):
            assert unreadable_end(text, m, num, None, dotted) is None, text
