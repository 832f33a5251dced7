"""The cheap look for a scale note's anchor finds every anchor the full patterns find.

``layout._anchors`` first asks rare literals (``_MAY_ANCHOR``, ``_FOREIGN_WORDS``,
``_FOREIGN_THOUSAND``) whether a note's anchor may stand in a stretch of text, and runs
the costly anchor patterns only where one may. A literal that missed an anchor would
silently drop a table's "(in thousands)"; these tests read random text built from the
anchors' own pieces both ways and require the same anchors."""

from __future__ import annotations

from heapq import merge

from hypothesis import given, settings
from hypothesis import strategies as st

from tieout.figures.layout.notes import (
    _CAPTION_ANCHOR,
    _FOREIGN_ANCHOR,
    _INDIAN_ANCHOR,
    _NOTE_ANCHOR,
    _anchors,
    note_anchor,
)

# the pieces the anchors are made of, and some of their near misses
PIECES = [
    " ", "  ", "\n", "\t", "|", "(", ")", "in ", "In ", "of ", "'", "’", ",", ".", "s", "S",
    "$", "€", "£", "¥", "₹", "₩", "US$", "USD", "EUR", "CHF", "SEK", "DKK", "NOK", "GBP",
    "JPY", "KRW", "RMB", "HK$", "yen", "yuan", "won", "thousand", "Thousand", "THOUSAND",
    "million", "Million", "MILLION", "billion", "Billion", "BILLION", "trillion", "Trillion",
    "m", "mm", "mn", "M", "MM", "Mn", "bn", "Bn", "B", "b", "k", "K", "t", "tn", "T", "mil",
    "000", "1,000", "1'000", "10 ", "100 ", "omitted", "Mio", "Mrd", "Tsd", "mio", "mia",
    "TEUR", "KEUR", "kEUR", "T€", "k€", "MSEK", "MEUR", "TCHF", "TUSD", "illiers",
    "milliers", "Milliards", "crore", "lakhs", "Crores", "4,200", "2026", "Revenue", "the",
]  # fmt: skip


# one sample of every branch of the four patterns
NOTES = [
    "(thousands)", "Millions", "BILLIONS", "(in millions)", "(THOUSAND )", "in USD thousand",
    "(Unit: million yen)", "million JPY", "RMB thousands", "HK$ million", "₩ billion",
    "(Unit: KRW trillion)", "billion KRW", "10 thousand yuan", "100 million won", "USDm",
    "SEK m", "DKKmn", "EURbn", "GBP tn", "USD k", "MSEK", "MNOK", "T€", "k€", "Mio. EUR",
    "Mrd €", "Tsd. CHF", "(JPY bn)", "(USD mm)", "$000", "$ 000s", "USD 000", "('000)",
    "(000s)", "'000", "000s omitted", "($ in 000s)", "(in $m)", "(k)", "(K)", "(m)", "($bn)",
    "TEUR", "KEUR", "kEUR", "(EUR k)", "$M", "$MM", "€Mn", "£bn", "$mil", "$B)", "¥B  ",
    "(M)", "$ Mn", "€ bn", "£ mil", "USD M", "EUR Bn", "CHF K", "$ thousand", "₹ million",
    "(in CHF Mio.)", "DKK mio.", "DKK mia.", "en milliers d'euros", "Milliards",
    "(thousand metric tons)", "(in TCHF)", "TUSD", "in CHF 1,000", "in 1,000 EUR",
    "(₹ in crore)", "(Rs. in lakhs)", "CRORES",
]  # fmt: skip


def _reference(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Every anchor of the four patterns in ``text[start:end]``, no literal asked first."""
    found = merge(
        _NOTE_ANCHOR.finditer(text, start, end),
        _CAPTION_ANCHOR.finditer(text, start, end),
        _FOREIGN_ANCHOR.finditer(text, start, end),
        _INDIAN_ANCHOR.finditer(text, start, end),
        key=lambda a: a.start(),
    )
    return sorted(a.span() for a in found)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14), st.data())
def test_the_literals_never_hide_an_anchor(pieces: list[str], data: st.DataObject) -> None:
    text = "".join(pieces)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    got = sorted(a.span() for a in _anchors(text, start, end))
    assert got == _reference(text, start, end)


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(NOTES),
    st.lists(st.sampled_from(PIECES), max_size=4),
    st.lists(st.sampled_from(PIECES), max_size=4),
    st.data(),
)
def test_every_kind_of_note_is_anchored_alike(
    note: str, before: list[str], after: list[str], data: st.DataObject
) -> None:
    text = "".join(before) + note + "".join(after)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    got = sorted(a.span() for a in _anchors(text, start, end))
    assert got == _reference(text, start, end)


def test_every_sample_note_has_an_anchor_and_the_literals_find_it() -> None:
    # the samples above are anchors indeed, so the test before this one tries each branch
    assert [n for n in NOTES if not _reference(n, 0, len(n))] == []
    for text in (*NOTES, *(f"Revenue {n}\n" for n in NOTES)):
        got = sorted(a.span() for a in _anchors(text, 0, len(text)))
        assert got == _reference(text, 0, len(text)), text


def test_a_caption_with_its_currency_just_before_the_stretch_is_still_read() -> None:
    # the look-behind of "USD m)" reaches before the stretch the block starts at
    text = "Revenue (USD m)"
    at = text.index("m)")
    got = sorted(a.span() for a in _anchors(text, at, len(text)))
    assert got == _reference(text, at, len(text)) == [(at, at + 1), (at, at + 1)]


def test_prose_with_figures_and_scale_words_has_no_anchor() -> None:
    # "$4.2 million" and "$87,621,000" in prose: a draft's everyday figures are no note
    prose = (
        "Revenue was $4.2 million, up from $3.1 million; bookings reached $87,621,000 and "
        "EMEA bookings rose 41.1% to USD 1,000,000 on the quarter. "
    ) * 20
    assert not note_anchor(prose, 0, len(prose))
    for note in ("(in thousands)", "USD m", "$000", "(€ in millions)", "in CHF 1'000"):
        text = prose + note.replace("1'000", "1,000")
        assert note_anchor(text, 0, len(text)), note
