"""Which dollar or peso a table means.

A bare "$" in a Canadian or Hong Kong filing is not the US dollar: the currency a statement
declares ("(Expressed in Hong Kong dollars)"), a caption's bracket or a note's words decide
it, per table (``table_dollar``) or for the document (``declared_dollars``,
``document_dollar``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import chain
from typing import TYPE_CHECKING

from tieout._vocab import CURRENCY_NAMES, CURRENCY_SYMBOLS
from tieout.figures.layout.headers import PCT_CHANGE_END
from tieout.figures.layout.lines import NUMBERED_TABLE, has_digit
from tieout.figures.layout.model import Layout, ScaleNote, Table
from tieout.figures.layout.note_forms import (
    CURRENCY_PATTERN,
    NOTE,
    UNKNOWN_CURRENCY,
    currency_word,
    read_note,
)
from tieout.figures.layout.notes import DECLARED, declarations

if TYPE_CHECKING:
    from tieout.figures.figure import Figure

__all__ = [
    "DOLLARS",
    "bare_dollar",
    "caption_currency",
    "declare_dollars",
    "declared_dollar",
    "declared_dollars",
    "document_dollar",
    "local_dollar",
    "percent_table",
    "table_declares",
    "with_dollar",
]


# the currencies a bare "$" may stand for in a statement that declares one
DOLLARS = frozenset(
    [c for s, c in CURRENCY_SYMBOLS.items() if s.endswith("$") and s != "R$"]
    + [c for n, c in CURRENCY_NAMES.items() if "dollar" in n]
)
# a "$" with no letter before it ("$'000", "($ in millions)"; not "US$", "HK$", "$A") or
# "dollars" with no country ("Dollars in thousands"): a dollar the statement names
_BARE_DOLLAR = re.compile(
    r"(?<![A-Za-z$])\$(?!A)|(?<!U\.S\. )(?<!US )(?<!States )\b(?i:dollars?)\b"
)


def declared_dollar(context: str) -> str | None:
    """The currency a bare "$" stands for under the caption ``context``: the dollar its
    last declaration names ("Expressed in Hong Kong dollars": HKD); none (the unknown
    currency) when it declares one that is no dollar; None when it declares none, or the
    US dollar."""
    if "in" not in context:
        return None
    found = None
    for m in DECLARED.finditer(context):
        found = currency_word(m.group("cur"))
    if found is None or found == "USD":
        return None
    return found if found in DOLLARS else UNKNOWN_CURRENCY


# a caption in brackets naming a currency alone: "(in U.S. dollars)", "(actual dollars)",
# "(in EUR)"; with a verb, DECLARED reads it ("(Expressed in U.S. dollars)")
_BRACKET_CURRENCY = re.compile(
    rf"\(\s*(?:in\s+|actual\s+|in\s+actual\s+)(?P<cur>{CURRENCY_PATTERN})\s*\)", re.IGNORECASE
)


def caption_currency(context: str) -> str | None:
    """The currency a table's caption ``context`` names with no scale ("(in U.S.
    dollars)", "(Expressed in Hong Kong dollars)", "(actual dollars)"), the last one it
    names, or None."""
    if "(" not in context and "in" not in context:
        return None
    found: tuple[int, str | None] | None = None
    for m in chain(DECLARED.finditer(context), _BRACKET_CURRENCY.finditer(context)):
        if found is None or m.start() > found[0]:
            found = (m.start(), currency_word(m.group("cur")))
    if found is None:
        return None
    cur = found[1]
    if cur not in (None, "USD"):
        return cur
    return declared_dollar(context) or cur


def bare_dollar(note: ScaleNote) -> bool:
    """Whether a note's currency is the US dollar only by a bare "$" or "dollars"."""
    return note.currency == "USD" and _BARE_DOLLAR.search(note.text) is not None


def local_dollar(table: Table, f: Figure) -> Figure:
    """A figure written with a bare "$" in a table whose statement declares its dollar
    ("$ 4,321" under "(Expressed in Singapore dollars)"): in that currency."""
    if table.dollar in _PESOS and f.kind == "currency" and f.unit == "peso":
        return replace(f, unit=table.dollar)  # "Ps. 4,321" under "(Millions of Mexican pesos)"
    if table.dollar is None or f.kind != "currency" or f.unit != "USD":
        return f
    if _BARE_DOLLAR.search(f.text) is None or "US" in f.text.upper():
        return f
    return replace(f, unit=table.dollar)


# a table's unit named once, in the caption right above it or in its top-left heading cell,
# as fund factsheets print it: "Performance (%)", "Average annual total returns (%)", "Top
# 10 holdings (% of net assets)", "| Class (%) | 1 Yr | 3 Yr |"
_PCT_CAPTION = re.compile(
    r"[(\[]\s*(?:in\s+)?(?:%|percent(?:age)?(?:\s+changes?)?|per\s?cent)"
    r"(?:\s+(?:of|from)\s+[^()\[\]\n]{1,40})?\s*[)\]]",
    re.IGNORECASE,
)
# (a numbered table's title naming percent changes, "Table 1. Real Gross Domestic Product
# …: Percent Change From Preceding Period", is read with ``PCT_CHANGE_END`` too)


def percent_table(table: Table, caption: str, context: Sequence[str] = ()) -> Table:
    """``table`` with its value columns in percents (those no heading gives a unit or a
    currency of its own) when the caption line right above it or its top-left heading
    cell names percents ("(Percent)", "[Percent change from preceding period]"), or a
    numbered title above it names percent changes, and no scale note governs it; else
    ``table`` itself."""
    if table.note is not None or table.col_notes:
        return table
    corner = next((c.text for r in table.rows if r.header for c in r.cells if c.col == 0), "")
    titled = any(
        (NUMBERED_TABLE.match(line.strip()) is not None and PCT_CHANGE_END.search(line) is not None)
        or _PCT_CAPTION.fullmatch(line.strip()) is not None  # a line of its own: "[Percent]"
        for line in context
    )
    if _PCT_CAPTION.search(caption) is None and _PCT_CAPTION.search(corner) is None and not titled:
        return table
    units = dict(table.col_units)
    for col in range(1, len(table.columns)):
        if col not in table.col_currencies:
            units.setdefault(col, "percent")
    return replace(table, col_units=units)


# a declaration that governs a whole document, not one statement: "All amounts are in
# Canadian dollars", "Amounts are in Australian dollars unless otherwise stated"
_WHOLE_DOCUMENT = re.compile(r"\ball\b|\bunless\s+otherwise\b", re.IGNORECASE)


def declared_dollars(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, str]]:
    """Where ``text[start:end]`` declares the currency of all its amounts, with what a bare
    "$" stands for from there on: a dollar ("All amounts are in Canadian dollars unless
    otherwise noted": CAD), the unknown currency for one that is no dollar, or "USD"."""
    found = []
    stop = len(text) if end is None else end
    for m in declarations(text, start, stop):
        first = text.rfind("\n", 0, m.start()) + 1
        last = text.find("\n", m.end(), stop)
        if _WHOLE_DOCUMENT.search(text, first, stop if last < 0 else last) is None:
            continue
        cur = currency_word(m.group("cur"))
        if cur is not None:
            found.append((m.start(), cur if cur in DOLLARS else UNKNOWN_CURRENCY))
    noted = _noted_dollars(text, start, stop)
    if noted:
        found = sorted(found + noted)
    return found


# a note on a line of its own naming pesos, which filers write "$" ("(In millions of
# Mexican pesos)", "(MXN millions)"): looked for only where its name or code stands (a
# dollar of another country named by a note governs its table only)
_NOTED_HINTS = ("esos", "ESOS", "MXN")


def _noted_dollars(text: str, start: int, stop: int) -> list[tuple[int, str]]:
    """Where a note standing alone on its line names a peso, with that currency: what a bare "$" stands for from there on in prose, as a
    declaration says (a Mexican report under "(In millions of Mexican pesos)" writes its
    pesos "$")."""
    lines: set[int] = set()
    for hint in _NOTED_HINTS:
        k = text.find(hint, start, stop)
        while k >= 0:
            lines.add(text.rfind("\n", start, k) + 1 if k > start else start)
            nxt = text.find("\n", k, stop)
            k = -1 if nxt < 0 else text.find(hint, nxt, stop)
    found = []
    for first in sorted(lines):
        first = max(first, start)
        last = text.find("\n", first, stop)
        last = stop if last < 0 else last
        line = text[first:last].strip()
        if not line or len(line) > 80 or has_digit(line):
            continue
        low = line.lower()
        if not any(w in low for w in ("thousand", "million", "billion")):
            continue
        m = NOTE.fullmatch(line) or NOTE.fullmatch(line.rstrip(")"))
        note = read_note(m) if m is not None else None
        if note is not None and note.currency in _PESOS:
            found.append((first, note.currency))
    return found


def declare_dollars(lay: Layout, start: int, end: int | None) -> None:
    """Give each table the dollar a bare "$" in it stands for, where its caption declares
    none: the one its note names ("(in millions of Canadian dollars)" over "$8,120"; the
    unknown currency for a note in a currency that is no dollar), else the one the
    document declares above it ("All amounts are in Canadian dollars")."""
    lay.dollars = declared_dollars(lay.text, start, end)
    for k, table in enumerate(lay.tables):
        if table.dollar is not None and _note_says_usd(table):
            # "(in millions of U.S. dollars)" under "All amounts are in Canadian dollars"
            lay.tables[k] = replace(table, dollar=None)
            continue
        dollar = _table_dollar(table, lay.dollars)
        if dollar is not None:
            lay.tables[k] = with_dollar(table, dollar)


def _table_dollar(table: Table, dollars: list[tuple[int, str]]) -> str | None:
    """What a bare "$" stands for in ``table`` when its caption does not say (see
    ``declare_dollars``); None: the table's own reading stands."""
    if table.dollar is not None or DECLARED.search(table.caption):
        return None  # "(Expressed in Hong Kong dollars)", "(Expressed in US dollars)"
    note = table.note
    if note is not None and note.currency not in (None, "USD"):
        return note.currency if note.currency in DOLLARS else UNKNOWN_CURRENCY
    if _note_says_usd(table):
        return None  # "(in millions of U.S. dollars)"
    above = [cur for pos, cur in dollars if pos < table.span[0]]
    return above[-1] if above and above[-1] != "USD" else None


def with_dollar(table: Table, dollar: str) -> Table:
    """``table`` with a bare "$" in its note and its cells standing for ``dollar``."""
    note = table.note
    if note is not None and bare_dollar(note):
        note = replace(note, currency=dollar)
    currency = note.currency if note is not None else None
    if currency is None:
        seen: Counter[str] = Counter()
        for r in table.rows:
            for c in r.cells:
                for sym in ("US$", "$", "€", "£"):
                    if c.text.startswith(sym):
                        seen[dollar if sym == "$" else CURRENCY_SYMBOLS[sym]] += 1
        currency = seen.most_common(1)[0][0] if seen else None
    return replace(table, note=note, currency=currency, dollar=dollar)


def document_dollar(lay: Layout, f: Figure, default: str | None) -> Figure:
    """A bare "$" figure outside a table: in the dollar the document declares above it,
    else in ``default`` (a dollar not the US's). A table's say what its "$" is."""
    if f.kind == "currency" and f.unit == "peso" and lay.table_at(f.span[0]) is None:
        return _declared_peso(lay, f)
    if f.kind != "currency" or f.unit != "USD" or lay.table_at(f.span[0]) is not None:
        return f
    if _BARE_DOLLAR.search(f.text) is None or "US" in f.text.upper():
        return f
    above = [cur for pos, cur in lay.dollars if pos < f.span[0]]
    dollar = above[-1] if above else default
    return f if dollar in (None, "USD") else replace(f, unit=dollar)


# the pesos a filer writes "$" or "Ps." for
_PESOS = frozenset(["MXN", "CLP", "COP", "ARS"])


def _declared_peso(lay: Layout, f: Figure) -> Figure:
    """A figure in pesos of no named country ("Ps. 12,345.6", "12.5 million pesos"): in
    the peso the document declares above it ("(In millions of Mexican pesos)"), else as
    it stands."""
    above = [cur for pos, cur in lay.dollars if pos < f.span[0]]
    return replace(f, unit=above[-1]) if above and above[-1] in _PESOS else f


def _note_says_usd(table: Table) -> bool:
    """Whether a table's note names the US dollar in words ("in millions of U.S. dollars")."""
    note = table.note
    return note is not None and note.currency == "USD" and not bare_dollar(note)


def table_declares(table: Table) -> bool:
    """Whether a table's caption declares a currency or its note names the US dollar."""
    return DECLARED.search(table.caption) is not None or _note_says_usd(table)
