"""Finding scale notes: "(in thousands)", "$ in millions", "(Expressed in Hong Kong dollars)".

``find_notes`` finds a text's notes (``note_forms.NOTE``), first by the literal anchors a
note must hold (``_anchors``, ``_caption_anchors``), and ``note_anchor`` tells the lazy
reader whether a stretch of text may hold one; ``declarations`` finds where a statement
declares its currency.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from heapq import merge
from itertools import chain

from tieout._vocab import (
    CURRENCY_CODES,
    SCALE_NAMES,
)
from tieout.figures.layout.model import ScaleNote
from tieout.figures.layout.note_forms import (
    CURRENCY_NAME_PATTERN,
    CURRENCY_PATTERN,
    NOTE,
    SHORT_SCALES,
    SYMBOL_PATTERN,
    currency_word,
    read_note,
)

__all__ = ["CAPTION_NOTE", "DECLARED", "declarations", "find_notes", "note_anchor"]


_NOTE_ANCHOR = re.compile(
    r"(?=[TtMmBbKk'0(])(?:[Tt]housands|[Mm]illions|[Bb]illions|THOUSANDS|MILLIONS|BILLIONS"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion|THOUSAND|MILLION|BILLION)\s*\)"
    r"|(?<=[A-Z] )(?:[Tt]housand|[Mm]illion|[Bb]illion)\b"  # "in USD thousand"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion)\s+(?:yen|JPY)\b"  # "(Unit: million yen)"
    # a currency and a scale side by side: "(Unit: KRW trillion)", "RMB thousands", "HK$
    # million", "billion KRW", "10 thousand yuan", "SEK m", "DKKm", "MSEK", "T€", "Mio. EUR"
    r"|(?<=[A-Z$€£¥₩₹] )(?:[Tt]housands?|[Mm]illions?|[Bb]illions?|[Tt]rillions?)\b"
    r"|(?:[Tt]housand|[Mm]illion|[Bb]illion|[Tt]rillion)s?\s+(?:yen|yuan|won|[A-Z]{3})\b"
    r"|(?<=10 )[Tt]housand|(?<=100 )[Mm]illion"
    r"|(?:(?<=[A-Z]{3})|(?<=[A-Z]{3} ))(?:m|mn|mm|bn|tn|k)(?![\w$€])"
    r"|M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP)\b|T€|k€|(?:Mio|Mrd|Tsd)\.?\s?(?:EUR|€|CHF|USD|GBP|SEK|NOK|DKK)"
    r"|(?<=[A-Z]{3} )(?:mm|mn|m|bn|k)\)"  # "(JPY bn)"
    r"|(?:(?<=[$€£¥])|(?<=[$€£¥] )|(?<=[A-Z]{3} ))000'?s?(?![\w'’])"  # "$000s", "USD 000"
    r"|'?000'?s?\s*\)|\((?:[$€£¥]\s*)?(?:in )?(?:[$€£¥]\s*)?(?:mm|mn|m|bn|k|K)\)|'000|000'?s\s+omitted"
    r"|(?<=[$€£¥] in )000'?s?(?![\w'’])"  # "$ in 000s", "($ in 000s, except percentages)"
    r"|TEUR\b|[Kk]EUR\b|(?<=EUR )k\)"
    r"|(?<=[$€£])(?:[Mm][MmNn]?|[Bb][Nn]|mil)(?![\w$€£])|(?<=[$€£¥])[Bb](?=\s*\)|[ \t]*(?:\n|$|\|)|  )|\(M\)"
    r"|(?<=[$€£] )(?:[Mm][Nn]?|[Bb][Nn]|mil)(?![\w$€£]))"
)


# "(₹ in crore)", "(Rs. in lakhs)": looked for only where "rore" or "akh" stands (a
# look-ahead on "c" and "l" would stop the anchor's scan at every other word)
_INDIAN_ANCHOR = re.compile(r"(?i)(?<![a-z])(?:crores?|lakhs?)\b")


# the anchors of rarer notes, looked for only where their words stand: "(in CHF Mio.)",
# "DKK mio.", "en milliers d'euros", "(thousand metric tons CO2e)", "(in TCHF)", "in CHF
# 1'000" (normalised "1,000")
_FOREIGN_ANCHOR = re.compile(
    r"(?=[MmTt(0])(?:(?:(?<=[A-Z]{3} )|(?<=€ ))(?:Mio|Mrd|Tsd|mio|mia)\b"
    r"|[Mm]illiers\b|[Mm]illiards\b|\([Tt]housand\b|T(?:CHF|USD|GBP)\b"
    r"|(?<=[A-Z]{3} 1[,'’])000(?![\d,.])|(?<=in 1[,'’])000(?= [A-Z]{3}\b))"
)
_FOREIGN_WORDS: tuple[str, ...] = ("Mio", "mio", "mia", "Mrd", "Tsd", "illiers", "illiards")
_FOREIGN_WORDS += ("(thousand", "(Thousand", "TCHF", "TUSD", "TGBP")
# ... and "CHF 1'000", "in 1,000 EUR": "1,000" stands in most drafts, this rarely
_FOREIGN_THOUSAND = re.compile(r"000(?:(?<=[A-Z]{3} 1[,'’]000)|(?<=in 1[,'’]000))")


def _anchors(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The anchors of the scale notes in ``text[start:end]``, in order."""
    found = _caption_anchors(text, start, end)
    if (
        any(text.find(w, start, end) >= 0 for w in _FOREIGN_WORDS)
        or _FOREIGN_THOUSAND.search(text, max(0, start - 6), end) is not None
    ):
        found = merge(found, _FOREIGN_ANCHOR.finditer(text, start, end), key=lambda a: a.start())
    if not any(text.find(w, start, end) >= 0 for w in ("rore", "RORE", "akh", "AKH")):
        return found
    return iter(
        sorted(chain(found, _INDIAN_ANCHOR.finditer(text, start, end)), key=lambda a: a.start())
    )


# a caption naming a currency and a scale with no "in" and no parentheses, standing alone
# on its line or in a cell as bank and insurer releases print them ("USD millions", "$
# millions", "US$ millions", "USD m", "$ thousands", "Millions of dollars", "USD millions,
# except per share data"), or "in" a currency's short scale at a cell's end ("Net revenue,
# in $m"): a scale note for the table under it, as "($ in millions)" is
_CAPTION_CUR = rf"{SYMBOL_PATTERN}|" + "|".join(sorted(CURRENCY_CODES))
CAPTION_NOTE = re.compile(
    rf"""
    (?:
        (?:(?<![^\n|\t])[ \t]*|(?<=\ \ )|(?<=,\ ))       # at a line's or a cell's start
        (?:
            (?P<c1>{_CAPTION_CUR})\s?(?P<s1>thousands?|millions?|billions?|mm|mn|m|bn|k)
          | (?P<s2>thousands|millions|billions)\s+of\s+(?P<c2>{CURRENCY_PATTERN})
        )
        (?P<x>\s*[,;]\s*except\s[^\n|\t]{{0,80}}?)?
      | (?<!\w)in\s+(?P<c3>{_CAPTION_CUR})\s?(?P<s3>mm|mn|m|bn|k)
    )
    [ \t]*(?=\n|$|[|\t]|\ \ )                             # at its end
    """,
    re.VERBOSE | re.IGNORECASE,
)
# the anchors of captions the note anchors miss: "USD m", "EUR bn", "$ million"
_CAPTION_ANCHOR = re.compile(
    r"(?=[MmBbKkTt])(?:(?<=[A-Z]{3} )(?:[Mm][MmNn]?|[Bb][Nn]|[Kk])(?![\w'’])"
    r"|(?<=[$€£¥₹] )(?:[Tt]housand|[Mm]illion|[Bb]illion)\b)"
)


# a superset of where ``_NOTE_ANCHOR`` and ``_CAPTION_ANCHOR`` match, each look-behind
# read as characters: where none of these finds anything, neither anchor does
# (tests/figures/layout/test_anchor_gate.py holds them together). The two anchors try some twenty
# branches at every "t", "m", "b" and "0" of the text; each of these starts with a literal
# or a rare character, which the regex engine finds by a plain string search, and a draft
# or a block of prose mostly has none (``_AFTER_MARK``: "USD thousand", "$ million")
_AFTER_MARK = (
    r"(?<=[A-Z$€£¥₩₹] [Tt]housand)|(?<=[A-Z$€£¥₩₹] [MmBb]illion)|(?<=[A-Z$€£¥₩₹] [Tt]rillion)"
)
_MAY_ANCHOR = (
    re.compile(
        rf"housand(?:s|\s*\)|s?\s+(?:yen|yuan|won|JPY|[A-Z]{{3}})|{_AFTER_MARK}|(?<=10 [Tt]housand))"
    ),
    re.compile(
        rf"illion(?:s|\s*\)|s?\s+(?:yen|yuan|won|JPY|[A-Z]{{3}})|{_AFTER_MARK}|(?<=100 [Mm]illion))"
    ),
    re.compile(r"HOUSAND(?:S|\s*\))"),
    re.compile(r"ILLION(?:S|\s*\))"),
    re.compile(
        r"000(?:'?s?\s*\)|'?s\s+omitted|(?<=[$€£¥]000)|(?<=[$€£¥] 000)|(?<=[A-Z]{3} 000)"
        r"|(?<=in 000)|(?<='000))"
    ),
    re.compile(r"[A-Z]{3} ?[MmBbTtKk][MmNn]?(?!\w)"),
    re.compile(r"M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP|io|rd)"),
    re.compile(r"Tsd"),
    re.compile(r"€(?<=[Tk]€)"),
    re.compile(r"EUR(?<=[TKk]EUR)"),
    re.compile(r"\)(?<=[mnkKM]\))"),
    re.compile(r"[$€£¥] ?[MmBb]"),
)


def _caption_anchors(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The anchors of scale notes and of captions in ``text[start:end]``, in order."""
    lo = max(0, start - 8)
    if not any(may.search(text, lo, end) for may in _MAY_ANCHOR):
        return iter(())
    return merge(
        _NOTE_ANCHOR.finditer(text, start, end),
        _CAPTION_ANCHOR.finditer(text, start, end),
        key=lambda a: a.start(),
    )


def _caption_at(text: str, a: re.Match[str], lo: int, end: int) -> ScaleNote | None:
    """The caption note holding the anchor ``a`` (searched from ``lo`` to the end of the
    anchor's line), or None."""
    stop = text.find("\n", a.end(), min(end, a.end() + 160))
    if stop < 0:
        stop = min(end, a.end() + 160)
        if stop < end:
            return None  # a line this long is prose, no caption
    for m in CAPTION_NOTE.finditer(text, lo, stop):
        if m.start() <= a.start() < m.end():
            short = (m.group("s1") or m.group("s2") or m.group("s3")).lower()
            name = SHORT_SCALES.get(short, short)
            if name not in SCALE_NAMES:
                return None
            cur = currency_word(m.group("c1") or m.group("c2") or m.group("c3"))
            words = m.group(0)
            first = m.start() + len(words) - len(words.lstrip())
            last = m.end() - (len(words) - len(words.rstrip()))
            excepts = (m.group("x") or "").lower()
            return ScaleNote(
                (first, last),
                SCALE_NAMES[name],
                cur,
                re.search(r"per[\s-]share", excepts) is not None,
                text[first:last],
                None,
                excepts,
            )
    return None


# every note whose first anchor is a word ("millions", "crore") has "in", "unit" or "("
# before it ("(Millions of yen)", "Dollars in thousands", "(₹ crore)", "Unit: Millions of yen")
_NOTE_LEAD = re.compile(r"[(\[]|[Ii][Nn]|[Uu][Nn][Ii][Tt]|[Ee][Nn]\s")  # "Unit: Millions of yen"
_CUR_LEAD = re.compile(r"(?:[A-Z]{2}|[$€£¥₩₹]|Rs\.?|\d)\s$")
_WORD_ANCHORS = frozenset(
    ["thousands", "millions", "billions", "thousand", "million", "billion", "crore", "crores"]
).union(["lakh", "lakhs", "milliers", "milliards"])


# an anchor that is the unit glued to an amount's end ("1.234,5 Mio. €", "12 345 MSEK",
# "812 TEUR"), no note: a note's scale stands after "in", "(", a currency or a line's or a
# cell's start, never right after a digit. Read before the note regex, which costs a
# millisecond an anchor where a German report writes "Mio. €" after every amount.
_UNIT_ANCHOR = re.compile(
    r"(?:Mio|Mrd|Tsd)\.?\s?|T€|k€|TEUR|[Kk]EUR|M(?:SEK|NOK|DKK|EUR|CHF|USD|GBP)"
)


def _unit_after_amount(text: str, a: re.Match[str], start: int) -> bool:
    """Whether the anchor ``a`` is a unit right after a number, never a note."""
    k = a.start()
    if k > start and text[k - 1] in " \u00a0":
        k -= 1
    return k > start and text[k - 1].isdigit() and _UNIT_ANCHOR.match(a.group(0)) is not None


def find_notes(text: str, start: int = 0, end: int | None = None) -> list[ScaleNote]:
    """Scale notes, found by their rare anchor words first, then read whole around them
    (in ``text[start:end]``, read as if it were the whole text)."""
    end = len(text) if end is None else end
    notes: list[ScaleNote] = []
    seen_end = -1
    missed: tuple[int, str, int] | None = None  # the last anchor read as no note: end, text, start
    for a in _anchors(text, start, end):
        if a.start() < seen_end or _unit_after_amount(text, a, start):
            continue
        if (
            missed is not None
            and a.group(0)[:3] == missed[1][:3]
            and (a.start() == missed[2] or (a.start() - 1 == missed[0] and text[missed[0]] == " "))
        ):
            # "Mio. € Mio. € …" run on in one line: no note (the same place, anchored
            # twice, as "Mio. €" and as the Swiss "€ Mio", is tried once)
            missed = (max(missed[0], a.end()), a.group(0), a.start())
            continue
        lo = max(start, a.start() - 48)
        found = False
        # "spent millions of dollars": a scale word in a note follows "in" or "(", or a
        # currency ("RMB million", "₹ crore" alone in a corner cell), or stands in a
        # caption of its own ("USD millions")
        if (
            a.group(0).lower() not in _WORD_ANCHORS
            or _NOTE_LEAD.search(text, lo, a.start())
            or _CUR_LEAD.search(text, max(lo, a.start() - 6), a.start())
        ):
            for m in NOTE.finditer(text, lo, min(end, a.end() + 64)):
                if m.start() <= a.start() < m.end() and m.end() > seen_end:
                    if _zeros_in_prose(text, m, start, end):
                        break  # "The fee was $000 last year.": an amount, no note
                    seen_end = m.end()
                    found = True
                    note = read_note(m)
                    if (
                        note is not None
                        and note.currency is None
                        and note.text.split(None, 1)[0].lower() not in _MONEY_LEAD
                        and _named_unit(text, m.start())
                    ):
                        # "(tokens in thousands)", "(BTC in thousands)": the cells count
                        # what the note names, no money ("(shares in thousands)" alike)
                        note = replace(note, currency="count")
                    if note is not None:
                        notes.append(note)
                    break
        caption = None if found else _caption_at(text, a, lo, end)
        if caption is not None and caption.span[0] >= seen_end:
            seen_end = caption.span[1]
            notes.append(caption)
        missed = None if found or caption is not None else (a.end(), a.group(0), a.start())
    return notes


# what stands before a note written "$000" or "USD 000": "in", "(" or a line's or a cell's start
_ZEROS_LEAD = re.compile(r"(?:\(|\bin|^|[|\t]|  )[ \t]*(?:U\.?S\.?[ \t]*)?$", re.IGNORECASE)


def _zeros_in_prose(text: str, m: re.Match[str], start: int, end: int) -> bool:
    """Whether the note ``m`` is "$000" or "USD 000" in the middle of a sentence ("The fee
    was $000 last year."): no note's position (after "in", "(", a line's or a cell's start;
    before ")", a line's or a cell's end), so the figure is an amount a source must state."""
    said = m.group(0).strip()
    if not said.rstrip("s'’) ").endswith("000") or said.startswith("(") or said.endswith(")"):
        return False  # "(€000)", "($000)": in brackets, a note
    before = text[max(start, m.start() - 8) : m.start()]
    if _ZEROS_LEAD.search(before) or m.start() == start:
        return False
    after = text[m.end() : min(end, m.end() + 3)]
    tail = after.lstrip(" ")
    return not (after.startswith("  ") or tail == "" or tail[0] in ")|\t\n")


_NAMED_UNIT = re.compile(r"[(\[]\s*([A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*)?)\s+$")
# words before "in thousands" in a note's bracket that still name money or nothing
# (or the table itself: "(table in millions)", "(data in thousands)")
_MONEY_LEAD = frozenset(
    {"amounts", "amount", "figures", "dollars", "dollar", "all", "values"}
    | {"table", "tables", "tabular", "data", "information", "totals", "balances"}
)


def _named_unit(text: str, at: int) -> bool:
    """Whether the note read from ``at`` ("in thousands)") stands in a bracket that opens
    with words naming what it counts ("(tokens in thousands)", "(BTC in thousands)",
    "(barrels in thousands)", "[Numbers in thousands]"), not an amount ("(amounts in thousands)", "(USD in
    thousands)", "(dollars in thousands)")."""
    lead = _NAMED_UNIT.search(text, max(0, at - 40), at)
    if lead is None:
        return False
    words = lead.group(1).lower().split()
    if any(w.rstrip(".") in _MONEY_LEAD for w in words):
        return False
    return not any(currency_word(w) for w in lead.group(1).split())


def note_anchor(text: str, start: int, end: int) -> bool:
    """Whether a scale note may stand in ``text[start:end]`` (its anchor word is there), or
    a statement's declaration of its currency ("(Expressed in Hong Kong dollars)")."""
    return (
        next(_anchors(text, start, end), None) is not None
        or next(declarations(text, start, end), None) is not None
    )


# dollars)", "(Amounts in Singapore dollars)", "Presented in Australian dollars")
DECLARED = re.compile(
    rf"\b(?:(?:expressed|presented|stated|reported|denominated|shown)|(?:amounts?|figures)"
    rf"(?:\s+are)?(?:\s+(?:expressed|presented|stated))?)\s+in\s+"
    rf"(?P<cur>{CURRENCY_NAME_PATTERN}|U\.S\.\s+dollars?|{'|'.join(sorted(CURRENCY_CODES))}|{SYMBOL_PATTERN})"
    r"(?![\w$])(?!\s*(?:thousands?|millions?|billions?|'?000))",
    re.IGNORECASE,
)
# where a declaration may stand: " in " after the end of its first words ("expressed in",
# "amounts are in"), found by the regex engine's literal scan. DECLARED alone, case-blind
# with a word boundary first, is tried at every position (56 ms a MB)
_ENDINGS = ("ssed", "nted", "ated", "rted", "hown", "unts", "ures", "ount", " are")
_DECLARED_HINTS = tuple(
    re.compile(
        f"{w}(?:"
        + "|".join(f"(?<={e}{w})" for e in (*_ENDINGS, *(x.upper() for x in _ENDINGS)))
        + ")"
    )
    for w in (" in ", " IN ")  # (one wrapped before or after "in" is not looked for)
)


def declarations(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """``DECLARED.finditer(text, start, end)``, each match looked for around an " in "."""
    stop = len(text) if end is None else end
    hints = sorted(h.start() for rx in _DECLARED_HINTS for h in rx.finditer(text, start, stop))
    done = start
    for h in hints:
        if h < done:
            continue
        # (a declaration is short: the search never runs on to the end of the text, which
        # made a transcript's every "traded in line" cost the whole rest of it)
        m = DECLARED.search(text, max(done, h - 40), min(stop, h + 200))
        if m is not None and m.start() <= h:
            done = m.end()
            yield m
