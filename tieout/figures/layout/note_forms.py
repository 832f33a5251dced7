"""The scale-note grammar: ``NOTE_FORMS``, ``NOTE`` and ``read_note``.

A scale note says what a table's or a paragraph's bare figures are worth and in what
currency: "(in thousands)", "$ in millions", "(Millions of yen)", "(in TEUR)", "£'000",
"(Unit: KRW billion)". ``NOTE_FORMS`` holds one verbose pattern per form a note takes, its
groups named by the form and by what they hold; ``NOTE`` tries them in order, and
``read_note`` reads a match into a :class:`ScaleNote`. ``currency_word`` reads the
currency a note names ("dollars", "HK$", "RMB").
"""

from __future__ import annotations

import re
from decimal import Decimal

from tieout._vocab import (
    ASIAN_SCALES,
    CONTEXT_SCALE_WORDS,
    CURRENCY_CODES,
    CURRENCY_NAMES,
    CURRENCY_PREFIX_SCALES,
    CURRENCY_SYMBOLS,
    NOTE_CURRENCY_MARKS,
    SCALE_NAMES,
    SCALE_UNITS,
    SCALE_WORDS,
    scale_unit_name,
)
from tieout.figures.layout.model import ScaleNote

__all__ = [
    "CURRENCY_NAME_PATTERN",
    "CURRENCY_PATTERN",
    "NOTE",
    "NOTE_FORMS",
    "SHORT_SCALES",
    "SYMBOL_PATTERN",
    "UNKNOWN_CURRENCY",
    "currency_word",
    "read_note",
]


_SCALE = "|".join(SCALE_NAMES)
SYMBOL_PATTERN = "|".join(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True))
_MARK = (
    r"\$A|RMB|RM|NT\$|Ps\."  # "$A'000", "RMB'000", "(RM'000)", "(NT$ thousands)", "(Ps. millions)"
)
CURRENCY_NAME_PATTERN = "|".join(
    re.escape(n).replace(r"\ ", r"\s+") for n in sorted(CURRENCY_NAMES, key=len, reverse=True)
)
CURRENCY_PATTERN = (
    rf"{CURRENCY_NAME_PATTERN}|U\.S\.\s+dollars?|dollars?|euros?|pounds?|rupees?|Rs\.?|{SYMBOL_PATTERN}|"
    + "|".join(sorted(CURRENCY_CODES))
)
# a currency and a scale side by side in a caption or a table's corner cell, as Korean,
# Chinese, Nordic and German filings print them ("(Unit: KRW billion)", "SEK m", "EUR million",
# "RMB 10 thousand", "(Unit: 10 thousand yuan)", "MSEK", "TEUR", "Mio. EUR")
_UCUR = rf"{SYMBOL_PATTERN}|RMB|NT\$|Rs\.?|" + "|".join(sorted(CURRENCY_CODES))
_USCALE = r"(?:10|ten)\s+thousands?|(?:100|hundred)\s+millions?|" + "|".join(
    name.removesuffix("s") + "s?" for name in SCALE_UNITS
)
_PREFIXED = r"SEK|NOK|DKK|EUR|CHF|USD|GBP|€"
# the forms a scale note takes, in the order ``NOTE`` tries them: each a verbose pattern
# whose groups are named by the form and by what they hold (``cur``, ``scale``,
# ``except``, ``shares``, ``unit``)
NOTE_FORMS: dict[str, str] = {
    # a scale after "in", a currency before or after it: "(in thousands)", "$ in millions",
    # "(in millions of dollars, except per share data; shares in thousands)"
    "in": rf"""
        (?:\(\s*)?(?:(?<![A-Za-z])(?P<in_cur_before>{CURRENCY_PATTERN})\s*)?(?:amounts\s+|figures\s+|dollars\s+|expressed\s+)?in\s+
        (?:(?P<in_cur>{CURRENCY_PATTERN}|RMB|NT\$)\s+)?(?P<in_scale>{_SCALE})
        (?:\s+of\s+(?:(?P<in_cur_of>{CURRENCY_PATTERN}|{_MARK})(?![\w$])|(?P<in_unit_of>[^\W\d_][\w.'-]*)))?  # "of Ringgit": no currency read
        (?P<in_except>[^)\n]{{0,40}}?except\s(?:(?![;,]\s*(?:and\s+)?shares?\s)[^);.\n\d]){{1,100}})?
        (?:[;,]\s*(?:and\s+)?(?:shares?|share\s+(?:data|amounts|counts)|number\s+of\s+shares)
           \s+(?:are\s+)?(?:stated\s+|presented\s+)?in\s+(?P<in_shares>{_SCALE}))?  # "; shares in thousands"
    """,
    # a scale of a currency in brackets: "(Millions of yen)", "[Billions of dollars, seasonally
    # adjusted …]"
    "scale_of": rf"""
        [(\[]\s*(?P<of_scale>thousands|millions|billions)\s+of\s+           # "(Millions of yen)",
        (?:chained\s+(?:\(\d{{4}}\)\s+|\d{{4}}\s+)?)?(?P<of_cur>{CURRENCY_PATTERN})            # "[Billions of dollars,
        (?:\s*,(?!\s*except)\s*[^()\[\]\n]{{1,60}})?\s*[)\]]                  # seasonally adjusted …]"
    """,
    # Japanese results: "(Unit: Millions of yen)", "(¥100 million)", "(billion yen)",
    # "Unit: million yen", "(Millions of yen, %)": a currency before or after the scale
    "japanese": rf"""
        (?:\(\s*(?:in\s+|units?\s*:\s*)?|(?<![\w(])units?\s*:\s*)            # Japanese results:
        (?:(?P<jp_cur_before>¥|JPY)\s*)?                            # "(Unit: Millions of yen)",
        (?P<jp_scale>(?:hundred|100)\s+millions?|thousands?|millions?|billions?)  # "(¥100 million)",
        (?:\s+of)?(?:\s+(?P<jp_cur_after>{CURRENCY_PATTERN}))?                # "(billion yen)", "Unit: million yen"
        (?(jp_cur_before)|(?(jp_cur_after)|(?!)))                          # (a currency before or after)
        (?P<jp_except>\s*,\s*(?:%|except\s[^)\n]{{0,60}}))?     # "(Millions of yen, %)"
        (?:\s*\)|(?=[ \t]*(?:\n|$)))
    """,
    # a short scale in brackets: "($ in 000s)", "(€ thousand)", "($B)", "($ millions, except
    # per share data)"
    "bracketed": rf"""
        \(\s*(?:in\s+)?(?:(?P<paren_cur>{CURRENCY_PATTERN}|{_MARK}|R(?=\s))\s*)?(?:in\s+)?       # "($ in 000s)"
        (?P<paren_scale>000,000'?s?|000'?s?|'000s?|mm|mn|m|bn|k|thousands?|millions?|billions?|{_SCALE}
          |(?<=[$€£¥])b|(?<=[$€£¥]\ )b)                  # "(€ thousand)", "($B)"
        (?P<paren_except>\s*[,;]\s*except\s[^)\n]{{0,80}}?)?         # "($ millions, except per share data)"
        (?:[;,]\s*(?:and\s+)?(?:shares?|share\s+(?:data|amounts|counts)|number\s+of\s+shares)
           \s+(?:are\s+)?(?:stated\s+|presented\s+)?in\s+(?P<paren_shares>{_SCALE}))?\s*\)
    """,
    # a code with a thousands prefix: "(in TEUR)", "(in kEUR)"
    "kilo_code": r"""
        \(\s*(?:in\s+)?(?P<kilo_scale>T|k)(?P<kilo_cur>EUR|USD|CHF|GBP)\s*\)         # "(in TEUR)", "(in kEUR)"
    """,
    # French: "en millions d'euros"
    "french": rf"""
        (?:\(\s*)?en\s+(?P<fr_scale>milliers|millions|milliards)\s+d(?:e\s+|['’]\s*)  # "en millions
        (?P<fr_cur>{CURRENCY_PATTERN})(?![\w$])\s*\)?                                 # d'euros"
    """,
    # "in CHF 1'000", "in 1'000 CHF" (normalised: "in CHF 1,000")
    "in_1000": rf"""
        (?<!\w)in\s+(?:(?P<in1000_cur_before>{_UCUR})\s+1['’,]000|1['’,]000\s+(?P<in1000_cur_after>{_UCUR}))(?![\w'’$,.])
                                 # "in CHF 1'000", "in 1'000 CHF" (normalised: "in CHF 1,000")
    """,
    # a scale of a unit that is no money: "(thousands of MWh)", "('000 tCO2e)"
    "quantity": rf"""
        \(\s*(?P<qty_scale>thousands?|millions?|'000)\s+(?:of\s+)?          # "(thousands of MWh)",
        (?!(?:{CURRENCY_PATTERN})(?![\w$]))(?P<qty_unit>[A-Za-z][\w./²-]*(?:\ [A-Za-z0-9][\w./²-]*){{0,3}})\s*\)  # "('000 tCO2e)"
    """,
    # "in USD thousand"
    "code_scale": rf"""
        in\s+(?P<incode_cur>{CURRENCY_PATTERN})\s+(?P<incode_scale>thousand|million|billion)\b      # "in USD thousand"
    """,
    # "(000's omitted)"
    "omitted": r"""
        \(?(?P<omitted_scale>000'?s)\s+omitted\)?                    # "(000's omitted)"
    """,
    # a currency's "'000": "£'000", "HK$'000"
    "mark_000": rf"""
        (?P<mark000_cur>{SYMBOL_PATTERN}|{_MARK}|EUR|GBP|USD|AUD|CAD|CHF|NZD|HKD|SGD|JPY|CNY)
        \s?(?P<mark000_scale>'000s?)(?![\w'])                                 # "£'000", "HK$'000"
    """,
    # "$000s", "USD 000s", "$ in 000s"
    "zeros": rf"""
        (?<![^\s(|])(?P<zeros_cur>{SYMBOL_PATTERN}|EUR|GBP|USD|AUD|CAD|CHF|NZD|HKD|SGD|JPY|CNY)
        \s?(?:in\s+)?(?P<zeros_scale>000'?s?)(?![\w'’]|[.,]\d)           # "$000s", "USD 000s", "$ in 000s"
    """,
    # a currency mark and a short scale standing alone in a cell: "€m", "$bn", "R$ mil", or
    # in a label's: "Revenue, $B"
    "cell_mark": rf"""
        (?:(?<![^\n(|\t])|(?<=\ \ )|(?<=\|\ )|(?<=\w,\ ))         # standing alone in a
        (?P<cell_cur>{SYMBOL_PATTERN})\s?(?P<cell_scale>mn|bn|mil|m|b)                 # cell: "€m", "$bn", "R$ mil",
                                                               # or a label's: "Revenue, $B"
        (?=[)|\t\n]|\ \ |\s*$|\ \|)
    """,
    # a currency and a scale side by side in a caption or a corner cell, as Korean, Chinese,
    # Nordic and German filings print them: "(Unit: KRW billion)", "SEK m", "DKKm",
    # "billion KRW", "MSEK", "TEUR", "Mio. EUR", "CHF Mio.", "DKK mio."
    "pair": rf"""
        (?:(?P<pair_open>\(\s*(?:all\s+)?(?:(?:amounts?|figures)\s+(?:are\s+)?)?   # a currency and a
           (?:(?:expressed|stated|presented|shown)\s+)?(?:in\s+|units?\s*:\s*)?)  # scale, in a
          | (?<![\w(])units?\s*:\s*                             # caption or a corner
          | (?:(?<![^\n|\t])|(?<=\ \ )|(?<=\|\ ))(?:in\s+|(?:belopp|beløp|beløb)\s+i\s+)?)  # cell: "(Unit: KRW
        (?:(?P<pair_cur>{_UCUR})(?(pair_open)(?:\s*,\s*|\s?)|\s?)(?:(?!1)|(?<=[¥₩])|(?<=[¥₩]\s)|(?<=RMB|CNY|TWD|JPY|KRW|NT\$)|(?<=(?:RMB|CNY|TWD|JPY|KRW|NT\$)\s)|(?(pair_open)(?<![$€£₹])|(?!)))(?P<pair_scale>{_USCALE}|mn|mm|bn|tn|m|k)(?![\w$€])  # "SEK m",
          | (?:(?!1)|(?(pair_open)|(?=1\d*\s+\w+\s+(?:RMB|CNY|TWD|JPY|KRW|NT\$|yuan|won|yen|[¥₩])(?![\w$]))))
            (?P<pair_scale_first>{_USCALE})\s+(?P<pair_cur_after>{_UCUR}|yuan|won|yen)(?![\w$])     # "DKKm", "billion
          | (?P<pair_prefix>M|T|k|Mio\.?\s?|Mrd\.?\s?|Tsd\.?\s?)(?P<pair_prefixed_cur>{_PREFIXED})(?![\w$])  # KRW", "MSEK",
          | (?P<pair_code>{_PREFIXED})\s?(?P<pair_code_scale>(?:Mio|Mrd|Tsd|mia)\.?)(?![\w$€]))  # "CHF Mio.", "DKK mio."
        (?(pair_open)(?:\s*,\s*%)?(?:\s*,?\s*unless\s+otherwise\s+[a-z]+)?\s*\)  # "TEUR", "Mio. EUR"
          |(?=[)|\t\n]|\ \ |\s*$|\ \|))
    """,
}
NOTE = re.compile("(?:\n" + "\n|".join(NOTE_FORMS.values()) + "\n)", re.VERBOSE | re.IGNORECASE)
# a scale note's short scale ("000s", "'000", "mn", "bn", "thousand") -> the unit scale it
# names; a "T" before a currency ("TEUR") is a thousand
SHORT_SCALES = {
    **dict.fromkeys(("000,000", "000,000s", "000,000's"), "millions"),  # "RPMs (000,000)",
    **dict.fromkeys(("000", "000s", "'000", "'000s", "000's"), "thousands"),  # as airlines print
    **{  # millions
        word: name
        for word, factor in SCALE_WORDS.items()
        if word not in CONTEXT_SCALE_WORDS and (name := scale_unit_name(factor)) is not None
    },
    "t": "thousands",
}


def currency_word(word: str | None) -> str | None:
    if not word:
        return None
    w = word.strip()
    up = w.upper()
    if up in CURRENCY_CODES:
        return up
    if w in CURRENCY_SYMBOLS:
        return CURRENCY_SYMBOLS[w]
    if up in CURRENCY_SYMBOLS:  # "hk$", read without regard to case
        return CURRENCY_SYMBOLS[up]
    if up in NOTE_CURRENCY_MARKS:
        return NOTE_CURRENCY_MARKS[up]
    if up == "R":  # "(R million)": South African rand
        return "ZAR"
    lw = " ".join(w.lower().split())
    if lw in CURRENCY_NAMES:
        return CURRENCY_NAMES[lw]
    if "dollar" in lw:
        return "USD"
    if lw.startswith("euro"):
        return "EUR"
    if lw.startswith("pound"):
        return "GBP"
    if lw.startswith("rupee") or lw in ("rs", "rs."):  # not "RSF", rentable square feet
        return "INR"
    return None


# the scales of the notes of Japanese results: "(hundred millions of yen)" is 10^8 yen
_JP_SCALES = {w: SCALE_WORDS[w] for w in ("thousand", "million", "billion")} | {
    "hundred million": ASIAN_SCALES["100 million"]
}


# the scales of a currency-and-scale caption or corner cell ("KRW 100 million", "10
# thousand yuan": the 万元 of Chinese statements; "MSEK", "TEUR", "Mio. EUR")
_UNIT_SCALES = (
    SCALE_WORDS
    | {"t": CURRENCY_PREFIX_SCALES["T"]}  # "TEUR", "T€": Tausend (after a currency, a trillion)
    | {"mia": SCALE_WORDS["milliard"]}  # "DKK mia.": the Danish milliard
    | ASIAN_SCALES
)

#: The currency of a note that names one the reader cannot map ("(in thousands of Ringgit)"):
#: ISO 4217's "no currency", so its cells confirm an amount in no currency (None, a note with
#: no currency at all, lets its cells confirm one in any)
UNKNOWN_CURRENCY = "XXX"


def _unit_scale(word: str) -> Decimal:
    name = " ".join(word.lower().replace(".", " ").split())
    name = name.replace("ten ", "10 ").replace("hundred ", "100 ")
    if name.endswith("s") and name[:-1] in _UNIT_SCALES:
        name = name[:-1]
    return _UNIT_SCALES[name]


# the groups of the "pair" form: each scale's, with the currency beside it
_PAIR_GROUPS = (
    ("pair_scale", "pair_cur"),
    ("pair_scale_first", "pair_cur_after"),
    ("pair_prefix", "pair_prefixed_cur"),
    ("pair_code_scale", "pair_code"),
)

# the groups of the other forms that hold a short scale ("m", "000s", "'000"), and those
# that hold a currency, in the order they are read
_SHORT_SCALE_GROUPS = ("paren_scale", "mark000_scale", "cell_scale", "incode_scale", "zeros_scale")
_CURRENCY_GROUPS = (
    "in_cur_before",
    "in_cur",
    "in_cur_of",
    "paren_cur",
    "mark000_cur",
    "cell_cur",
    "of_cur",
    "kilo_cur",
    "incode_cur",
    "zeros_cur",
)


def read_note(m: re.Match[str]) -> ScaleNote | None:
    """The note a match of ``NOTE`` states: its scale, its currency (``UNKNOWN_CURRENCY``
    for one named but not read, "count" for a quantity's), what its except clause names
    and the scale it gives shares."""
    pair = next(((sg, cg) for sg, cg in _PAIR_GROUPS if m.group(sg)), None)
    if pair is not None:
        code = m.group(pair[1])
        code_read = currency_word(code) or UNKNOWN_CURRENCY
        return ScaleNote(m.span(), _unit_scale(m.group(pair[0])), code_read, False, m.group(0))
    if m.group("fr_scale"):  # "en millions d'euros"
        french = {"milliers": "thousands", "millions": "millions", "milliards": "billions"}
        french_cur = currency_word(m.group("fr_cur")) or UNKNOWN_CURRENCY
        french_scale = SCALE_NAMES[french[m.group("fr_scale").lower()]]
        return ScaleNote(m.span(), french_scale, french_cur, False, m.group(0))
    if m.group("in1000_cur_before") or m.group("in1000_cur_after"):  # "in CHF 1'000"
        thousands_cur = (
            currency_word(m.group("in1000_cur_before") or m.group("in1000_cur_after"))
            or UNKNOWN_CURRENCY
        )
        return ScaleNote(m.span(), SCALE_NAMES["thousands"], thousands_cur, False, m.group(0))
    if m.group("qty_scale"):  # "(thousands of MWh)", "('000 tCO2e)": a quantity, no money
        qty_word = m.group("qty_scale").lower()
        qty_scale = (
            Decimal(1000) if qty_word in ("'000", "thousand", "thousands") else Decimal(10) ** 6
        )
        return ScaleNote(m.span(), qty_scale, "count", False, m.group(0))
    if m.group("jp_scale"):
        name = " ".join(m.group("jp_scale").lower().split()).rstrip("s")
        scale = _JP_SCALES[name.replace("100 ", "hundred ")]
        cur = currency_word(m.group("jp_cur_before") or m.group("jp_cur_after"))
        excepts = (m.group("jp_except") or "").lower()
        return ScaleNote(m.span(), scale, cur, "per share" in excepts, m.group(0), None, excepts)
    if m.group("omitted_scale") or m.group("kilo_scale"):
        name = "thousands"
    elif m.group("in_scale") or m.group("of_scale"):
        name = (m.group("in_scale") or m.group("of_scale")).lower()
    else:
        short = next((m.group(g) for g in _SHORT_SCALE_GROUPS if m.group(g)), "")
        name = SHORT_SCALES.get(short.lower(), short.lower())
    if name not in SCALE_NAMES:
        return None
    cur = None
    for g in _CURRENCY_GROUPS:
        cur = currency_word(m.group(g))
        if cur is not None:
            break
    if cur is None and any(m.group(g) for g in (*_CURRENCY_GROUPS, "in_unit_of")):
        # "(in thousands of Ringgit)", "(Ps. millions)": a currency, but not one read
        cur = UNKNOWN_CURRENCY
    shares = m.group("in_shares") or m.group("paren_shares")
    excepts = (m.group("in_except") or m.group("paren_except") or "").lower()
    return ScaleNote(
        m.span(),
        SCALE_NAMES[name],
        cur,
        re.search(r"per[\s-]share", excepts) is not None,
        m.group(0),
        SCALE_NAMES[shares.lower()] if shares else None,
        excepts,
    )


# a statement's own currency, declared above it with no scale ("(Expressed in Hong Kong
