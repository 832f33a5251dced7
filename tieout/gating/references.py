"""HTML character references that stand for a figure's characters, written as those
characters: a renderer shows ``&#36;&#52;&#46;&#55; million`` as "$4.7 million", so the
gate reads (and saves) it as that. A reference to anything else (``&lt;``, ``&amp;``) is
left as written: decoding it could change what the Markdown means."""

from __future__ import annotations

import html
import re

__all__ = ["SMALL_DIGITS", "as_plain", "decode_figure_references", "small_digit_figures"]

_REFERENCE = re.compile(r"&(?:#[0-9]{1,8}|#[xX][0-9A-Fa-f]{1,8}|[A-Za-z][A-Za-z0-9]{1,31});")
#: What a figure is written with, besides digits of any script (normalised afterwards).
_FIGURE_PUNCTUATION = frozenset("$%€£¥₹.,+-−–()'")


def _figure_character(reference: re.Match[str]) -> str:
    written = reference[0]
    shown = html.unescape(written)
    if len(shown) == 1 and (shown.isdigit() or shown in _FIGURE_PUNCTUATION):
        return shown
    return written


def decode_figure_references(text: str) -> str:
    """``text`` with every reference to a digit or a figure's punctuation decoded."""
    if "&" not in text:
        return text
    return _REFERENCE.sub(_figure_character, text)


#: Superscript and subscript digits, each to its plain digit (one character for one).
SMALL_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")


def small_digit_figures(text: str) -> list[tuple[tuple[int, int], str, str]]:
    """Figures written with superscript or subscript digits (``$⁴.⁷ million``, ``₄₇%``),
    which a reader sees as figures but the grammar reads as none: each as (span, as
    written, with plain digits). Read by the one grammar on a copy of ``text`` with those
    digits made plain (one character for one, so spans hold); a figure counts when it
    holds such a digit and is money, a percent, scaled, or written with a separator among
    them. A footnote mark ("$4.2 million¹", "Revenue²", "$2.94¹ billion", which the grammar
    reads with its mark) is none of these."""
    plain = text.translate(SMALL_DIGITS)
    if plain == text:
        return []
    from tieout.figures.reader import extract

    read = [f.span for f in extract(text)]  # "$2.94¹ billion": the grammar reads the mark
    found = []
    for fig in extract(plain):
        a, b = fig.span
        small = [i for i in range(a, b) if text[i] != plain[i]]
        if not small or any(x <= small[0] and small[-1] < y for x, y in read):
            continue
        separated = any(text[i] in ".," for i in range(small[0], small[-1] + 1))
        if fig.kind in ("currency", "percent") or fig.scale != 1 or separated:
            found.append(((a, b), text[a:b], plain[a:b]))
    return found


def as_plain(what: str) -> tuple[str, str, str]:
    """(as written, with plain digits, its kind) of a figure written with superscript or
    subscript digits, for the gate's refusal of it as unreadable."""
    from tieout.figures.plain import parse_amount

    plain = what.translate(SMALL_DIGITS)
    fig = parse_amount(plain)
    return what, plain, fig.kind if fig is not None and fig.kind != "section" else "number"
