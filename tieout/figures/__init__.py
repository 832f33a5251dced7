"""The number grammar: find every figure in a text and give it a canonical key.

One implementation, used by sources, claims and drafts alike, so a figure is read the
same way wherever it sits. ``extract(text)`` returns :class:`Figure` values with the span
in the text as given, the kind (currency, percent, number, section, quantity), the unit,
the value in base units as a ``Decimal`` and the precision it was written to.

Text is normalised first (``normalize``): NFKC, digits of any script, curly quotes,
dashes and the minus sign, odd spaces and zero-width characters, so no figure can hide
behind formatting. Thousands groups are exactly three digits, so the comma in
"$4,200,000, up 23%" stays out of the amount. A source written by the comma convention of
European filers ("1.234.567,89 €", "3,5 %") is read with each number's separators swapped,
one character for one, so the one grammar reads it and every span stays put
(``normalize_with_map(text, "comma")``; ``"auto"`` reads the convention off the text).

Context is applied last: a figure in a table or paragraph under "(in thousands)" carries
that scale, and a figure in a table column headed by a period carries that period (see
``tieout.figures.layout``). The grammar imports only the other pure modules (``_vocab``,
``periods``; ``reader``, its top, the layout reader), never the database, pydantic or pint.

The modules, from the bottom up: ``exact`` (arithmetic that never rounds), ``figure``,
``conventions`` and ``normalization`` (the text a figure is read from), ``patterns`` (the one
regex), ``quantities``, ``prefix`` (what stands before a number), ``numerals`` (what a
number as written is worth), ``match`` (one match read as a figure), ``forms``,
``sections``, ``identifiers`` and ``unreadable`` (what else a match may be), ``scan``,
``ranges``, ``hedges``, ``word_parser`` and ``words`` (numbers in words), ``plain`` (the
reading without layout), ``places`` (the lazy reader's door) and ``reader`` (``extract``).

The public names are re-exported here and loaded on first use, so importing one module
of the grammar (``tieout.figures.plain``, say) does not compile the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS: dict[str, str] = {
    "EXACT": "tieout.figures.exact",
    "Figure": "tieout.figures.figure",
    "FigureKind": "tieout.figures.figure",
    "NUMBER_CONVENTIONS": "tieout.figures.conventions",
    "Normalized": "tieout.figures.normalization",
    "ONE": "tieout.figures.exact",
    "add_leader_places": "tieout.figures.places",
    "add_odd_comma_places": "tieout.figures.places",
    "article_named": "tieout.figures.sections",
    "canonical_digits": "tieout.figures.places",
    "cents_hint": "tieout.figures.forms",
    "clean_cut": "tieout.figures.places",
    "currency_before": "tieout.figures.prefix",
    "detached_scale": "tieout.figures.unreadable",
    "detect_numbers": "tieout.figures.conventions",
    "digit_run_spans": "tieout.figures.places",
    "extract": "tieout.figures.reader",
    "figure_key": "tieout.figures.figure",
    "format_value": "tieout.figures.figure",
    "fraction_hints": "tieout.figures.forms",
    "hedged_phrase": "tieout.figures.hedges",
    "is_bound": "tieout.figures.hedges",
    "is_roman": "tieout.figures.sections",
    "mark_draft_hedges": "tieout.figures.hedges",
    "mark_hedged": "tieout.figures.hedges",
    "normalize": "tieout.figures.normalization",
    "normalize_with_map": "tieout.figures.normalization",
    "number_places": "tieout.figures.places",
    "over": "tieout.figures.exact",
    "parse_amount": "tieout.figures.plain",
    "per_unit": "tieout.figures.quantities",
    "quantity_base": "tieout.figures.quantities",
    "resolve_numbers": "tieout.figures.conventions",
    "roman_articles": "tieout.figures.sections",
    "scan_window": "tieout.figures.places",
    "skipped": "tieout.figures.scan",
    "sorted_values": "tieout.figures.places",
    "times": "tieout.figures.exact",
    "unreadable_figure": "tieout.figures.unreadable",
}

__all__ = [
    "EXACT",
    "NUMBER_CONVENTIONS",
    "ONE",
    "Figure",
    "FigureKind",
    "Normalized",
    "add_leader_places",
    "add_odd_comma_places",
    "article_named",
    "canonical_digits",
    "cents_hint",
    "clean_cut",
    "currency_before",
    "detached_scale",
    "detect_numbers",
    "digit_run_spans",
    "extract",
    "figure_key",
    "format_value",
    "fraction_hints",
    "hedged_phrase",
    "is_bound",
    "is_roman",
    "mark_draft_hedges",
    "mark_hedged",
    "normalize",
    "normalize_with_map",
    "number_places",
    "over",
    "parse_amount",
    "per_unit",
    "quantity_base",
    "resolve_numbers",
    "roman_articles",
    "scan_window",
    "skipped",
    "sorted_values",
    "times",
    "unreadable_figure",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tieout.figures' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:
    from tieout.figures.conventions import NUMBER_CONVENTIONS, detect_numbers, resolve_numbers
    from tieout.figures.exact import EXACT, ONE, over, times
    from tieout.figures.figure import Figure, FigureKind, figure_key, format_value
    from tieout.figures.forms import cents_hint, fraction_hints
    from tieout.figures.hedges import hedged_phrase, is_bound, mark_draft_hedges, mark_hedged
    from tieout.figures.normalization import Normalized, normalize, normalize_with_map
    from tieout.figures.places import (
        add_leader_places,
        add_odd_comma_places,
        canonical_digits,
        clean_cut,
        digit_run_spans,
        number_places,
        scan_window,
        sorted_values,
    )
    from tieout.figures.plain import parse_amount
    from tieout.figures.prefix import currency_before
    from tieout.figures.quantities import per_unit, quantity_base
    from tieout.figures.reader import extract
    from tieout.figures.scan import skipped
    from tieout.figures.sections import article_named, is_roman, roman_articles
    from tieout.figures.unreadable import detached_scale, unreadable_figure
