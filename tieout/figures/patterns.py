"""The grammar's pattern: one regex, ``FIGURE``, anchored on a digit, built from the
sub-patterns here (currency codes and words, scale suffixes and words, quantity units), and
the order its groups are read in (``_GROUPS``; by number, ``GROUP_NUMBERS``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tieout._vocab import (
    CURRENCY_ADJECTIVES,
    CURRENCY_ALIASES,
    CURRENCY_CODES,
    CURRENCY_PREFIX_SCALES,
    CURRENCY_SIGNS,
    CURRENCY_WORDS,
    EMISSION_MASSES,
    QUANTITY_UNITS,
    SCALE_SUFFIXES,
    SCALE_WORDS_ANY_CASE,
    SCALE_WORDS_AS_WRITTEN,
    SCALE_WORDS_FOREIGN,
)

__all__ = [
    "AFTER_DIGITS",
    "CURRENCY_CODE",
    "DIGIT_GROUPS",
    "EXTRA_GROUPS",
    "FIGURE",
    "GROUP_NUMBERS",
    "LABEL_IN_BRACKET_AT",
    "QUANTITY_UNIT_PATTERN",
    "SCALE_SUFFIX",
    "SCALE_WORD",
    "UNIT_GROUPS",
    "UNIT_SCALES",
    "WORD_END",
    "trie_alternation",
]


_Trie = dict[str, "_Trie"]


def trie_alternation(words: Iterable[str], space: str | None = None) -> str:
    """A regex alternation of the literal ``words`` as a trie ("t(?:en|w(?:o|elve))"): the
    engine tries each character once instead of each word in turn. It matches as the
    words sorted longest first do (a longer word where both fit); ``space``, if given, is
    the pattern a space in a word stands for ("[^\\S\\n]")."""
    trie: _Trie = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Trie) -> str:
        alts = [
            (space if c == " " and space is not None else re.escape(c)) + emit(node[c])
            for c in sorted(k for k in node if k)
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


CURRENCY_CODE = trie_alternation(
    CURRENCY_CODES
)  # each three letters: no code is a prefix of another
# all three letters: a fixed-width look-behind ("USD4.2m", "RMB12.5bn")
_CODES_BEHIND = trie_alternation(CURRENCY_CODES | {a for a in CURRENCY_ALIASES if len(a) == 3})
_TWO_LETTERS_BEHIND = "|".join(
    rf"(?<=[^A-Za-z]{a})(?=\d)|(?<=^{a})(?=\d)" for a in sorted(CURRENCY_ALIASES) if len(a) == 2
)
# a currency named in words after a figure, a country before it or not ("812 million
# yuan", "4.2 billion Hong Kong dollars", "12.5 HK cents")
_ADJECTIVES = "|".join(
    re.escape(a).replace(r"\ ", r"[^\S\n]")
    for a in sorted(CURRENCY_ADJECTIVES, key=len, reverse=True)
)
_CURRENCY_NOUNS = "|".join(sorted([*CURRENCY_WORDS, "cent", "cents"], key=len, reverse=True))
_CURRENCY_WORD = rf"(?:(?i:{_ADJECTIVES})[^\S\n])?(?i:{_CURRENCY_NOUNS})"
# a word's end, where a superscript footnote mark may stand ("$3.47 billion¹"): "\b" is no
# end there, since "¹" is a digit to the regex engine
WORD_END = r"(?![^\W\u00b9\u00b2\u00b3\u2070-\u2079])"
SCALE_SUFFIX = f"(?:{trie_alternation(SCALE_SUFFIXES)})"  # "T": read only after a currency
# a scale glued before a currency mark ("M€", "TEUR", "Md€"), as written
_UNIT_SCALE = trie_alternation(CURRENCY_PREFIX_SCALES)
# a CO2-equivalent mass, in any of the ways reports write one ("118,250 tCO2e", "tCO₂e",
# "3.2 Mt CO2e", "tonnes of CO2 equivalent", "metric tons of CO2e", "tonnes CO2-e"): keyed
# by its mass's symbol and the gas ("tCO2e", "MtCO2e"; "tCO2" without the equivalent)
_EMISSION = (
    r"(?:"
    + "|".join(
        re.escape(u).replace("\\ ", "[^\\S\\n]")
        for u in sorted(EMISSION_MASSES, key=len, reverse=True)
    )
    + r")(?:[^\S\n]of[^\S\n]|[^\S\n]?)(?:CO[2₂]|carbon[^\S\n]dioxide)"
    r"(?:[^\S\n]?-?(?:equivalents?|eq|e)(?![A-Za-z]))?"
)
QUANTITY_UNIT_PATTERN = _EMISSION + "|" + trie_alternation(QUANTITY_UNITS, space=r"[^\S\n]")


# a footnote's mark that PDF text flattened onto a scale ("$4.2B¹" read out as "$4.2B1")
_FOOTNOTE_DIGITS = r"(?=[1-9]\d?(?!\w|[.,]\d))"
# "$1.2 MM"; German "Tsd./Mio./Mrd."; Indian "lakh" (100,000), "crore" (10,000,000), "lakh
# crore"; Portuguese, Spanish, German and French ("milhões", "mil millones", "Milliarden"):
# the foreign words first, so "mil millones" is read whole and never as "mil"
SCALE_WORD = (
    f"(?:(?i:{trie_alternation(SCALE_WORDS_FOREIGN)})"
    f"|(?i:{trie_alternation(SCALE_WORDS_ANY_CASE)})s?"
    f"|{trie_alternation(SCALE_WORDS_AS_WRITTEN)})"
)
# a currency's one-character mark written after a figure ("1.234,5 €", "¥ 812")
_SYMBOL_AFTER = "[" + CURRENCY_SIGNS.replace("$", "") + "]"

# What a bracket after a figure's trailing unit holds when it is no amount: a year as a
# label ("1.234,5 Mio. € (2025: 1.102,3 Mio. €)", "Mio. € (2024)") or a count with its
# word ("(12 Monate)", "(3 segments)"); the unit before the bracket stays the figure's own
# and is never the bracket's. "MSEK 4,512 (4,101)", "€ (1,234)" are amounts still.
_LABEL_IN_BRACKET = (
    r"[^\S\n]?(?:(?:19|20)\d\d[^\S\n]?[:)]"
    r"|\d{1,3}[^\S\n](?!(?:" + SCALE_WORD + r"|(?i:percent|pct|points?|pts|bps?|basis|pp)"
    r"|[TkKM]?(?:"
    + CURRENCY_CODE
    + r")|[TkKM]€|"
    + _CURRENCY_WORD
    + r")"
    + WORD_END
    + r")[^\W\d_])"
)
LABEL_IN_BRACKET_AT = re.compile(_LABEL_IN_BRACKET)

# A number with a unit after it, where letters or a mark stand glued before it
# ("RMB12.5 billion", "c.12%", "Revenue:4.2m"): a figure, since its unit says so; with no
# unit, digits glued to a word are a code ("B2B", "A320", "COVID19") and never read
_UNIT_AHEAD = rf"\d[\d,]*(?:\.\d+)?(?:\s?\\?%|[\s-](?:{SCALE_WORD}){WORD_END})"
_SCALED_AHEAD = rf"\d[\d,]*(?:\.\d+)?(?:\s?\\?%|[\s-]?(?:{SCALE_WORD}){WORD_END}|(?:bn|mn|[kKmMbB])(?![A-Za-z0-9]))"

# "15 $ per share", "15 $/share", "15 $ par action": a dollar sign after the amount, read
# only before what the amount is per ("the 2024 $ figures" holds no $2,024)
_DOLLAR_PER = r"(?<=\d[^\S\n])\$(?=[^\S\n]?/[^\S\n]?[A-Za-z]|[^\S\n](?i:per|an?|je|pro|par)[^\S\n])"

# One pass over the normalised text. Every match is anchored on a digit (the leading
# look-ahead lets the regex engine skip straight to candidates); what stands before the
# number (currency, sign, "Section") is read by read_prefix() from the few characters before it.
FIGURE = re.compile(
    rf"""
    (?=\d|[.(]\d)                               # a match starts at a digit, ".5" or "(4"
    (?:
        (?<![A-Za-z0-9_./:])                         # not inside a word, a code or a number
      | (?<=\.\.)(?<!\d\.\.)(?=\d)                   # "Total AV.......31,413,227": a dot leader
      | (?<={_CODES_BEHIND})                         # "USD4.2m", "RMB12.5bn"
      | {_TWO_LETTERS_BEHIND}                          # "RM8.8bn", "Rp4.2tn"
      | (?:(?<=[^A-Za-z]HK)|(?<=[^A-Za-z]US)|(?<=[^A-Za-z]NT)|(?<=^HK)|(?<=^US)|(?<=^NT))
        (?=[\d,.]+[^\S\n]cents?\b)                 # "HK12.5 cents"
      | (?:(?<=Rs\.)|(?<=[^A-Za-z]Rs)|(?<=^Rs))(?=\d)  # "Rs.12.5 crore", "Rs12,500"
      | (?<=[vV])(?=\d+(?:\.\d+){{2,}})              # "v1.2.3": read, to be listed as a version
      | (?<=_)(?<![A-Za-z0-9]_)(?<![A-Za-z0-9]__)   # "_15%_", "__41%__": Markdown emphasis
      | (?<=[A-Za-z])(?={_UNIT_AHEAD})               # "RMB12.5 billion", "kr4.5 million", "c12%"
      | (?<=[A-Za-z][.:])(?={_SCALED_AHEAD})         # "c.12%", "approx.12%", "Revenue:4.2m"
      | (?<=%/)(?=\d) | (?<=\d[kKmMbB]/)(?=\d)       # "12%/15%", "1.2m/1.5m"
      | (?<=W/)(?=\d)                                  # "250 MW/1,000 MWh": a battery's power/energy
      | (?<=[xX])(?<![A-Za-z0-9_][xX])(?=\d)          # "x2.7 MOIC", "a x4 step-up": a multiple
    )
    (?:
        (?P<skip>                                    # dates, times and phone numbers: not amounts
            \(\d{{3}}\)\s?\d{{3}}[ .-]\d{{4}}(?!\d)
          | \d{{4}}-\d\d-\d\d(?!\d)
          | \d{{1,2}}/\d{{1,2}}/\d{{2,4}}(?!\d)
          | \d{{1,2}}:\d\d(?::\d\d)?(?!\d)
          | \d{{3}}\)?[ .-]\d{{3}}[ .-]\d{{4}}(?!\d)
          | (?:\(0\)[ ]?|0)[1-9]\d{{1,3}}[ ](?:\d{{4}}[ ]\d{{3,4}}|\d{{3}}[ ]\d{{4}})(?!\d|[.,]\d)  # "020 7946 0958", "(0)20 7946 0958"
          | (?:(?<=\+\d[ ])|(?<=\+\d\d[ ])|(?<=\+\d\d\d[ ]))(?:\(0\)[ ]?)?\d{{1,4}}[ ](?:\d{{4}}[ ]\d{{3,4}}|\d{{3}}[ ]\d{{4}})(?!\d|[.,]\d)
        )
      | (?P<num>\d{{1,3}}(?:,\d{{3}})+(?!\d)(?:\.\d+)?
               | \d{{1,2}}(?:,\d\d)+,\d{{3}}(?!\d)(?:\.\d+)?  # Indian groups: 1,23,45,678
               | \d+(?:\.\d+)?|\.\d+)
        (?P<frac>                                    # a fraction after the number
            \ [1-9]\d?/[1-9]\d?(?![\d/])               # "3 1/2% Notes", "99 3/4", "3 1/3%"
          | /[1-9]\d?(?![\d/]|[.,]\d)                 # "1/2%" (a unit is needed)
          | \ ?[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]                  # "3½%"
        )?
        (?:
            (?P<dotted>(?:\.\d+)+)                   # 3.11.7, 1.2.3.4: versions, clause numbers
          | (?P<bad>,\d{{1,2}}(?!\d|\.\d)|/\d+)        # 1,23 (a decimal comma), 1/3 (not "1180,5.9%")
        )?
        (?:
            (?:[\s-]|[*_]{{1,2}}\s?)?                  # "15-percent"; "**12**%": emphasis between
            (?P<pct>\\?%|&\#37;|&percnt;|(?i:percent|per\ cent|pct|percentage\ (?:points?|pts?)|prozentpunkten?){WORD_END}
                   |pp(?:ts?)?{WORD_END}|p\.p\.                 # "1.2ppts", "1.2 ppt", "1.2 p.p."
                   |(?:(?<=\.\d[ ])|(?<=\.\d\d[ ]))(?:points?|pts?){WORD_END}  # "6.7 points", "1.25 points"
                   |(?:(?<=\.\d)|(?<=\.\d\d))pts?{WORD_END}  # "3.6pts", "0.80pts": of a ratio
                   |(?<=\.\d[ ])(?:Pp|Pkt)\.(?![^\W\d_])             # "0,8 Pp.", "3,1 Pkt.": Prozentpunkte
                   |pc(?![A-Za-z0-9]))                  # "4.7pc", as the British press writes it
          | (?:[\s-]|[*_]{{1,2}}\s?)?(?P<bps>bps{WORD_END}|bp{WORD_END}|b\.p\.|basis[\s-]points?{WORD_END})  # "a 27-basis-point rise"
          | (?P<sfx>{SCALE_SUFFIX})(?:(?![A-Za-z0-9])|{_FOOTNOTE_DIGITS})  # "$4.2B1": a flattened "¹"
          | (?:[^\S\n]{{2}}|[\s-])?(?P<word>{SCALE_WORD})(?:{WORD_END}|{_FOOTNOTE_DIGITS})  # "$1.2 billion", "a $300-million loan"
          | (?:\\\ |&nbsp;|[*_]{{1,2}}(?:\ |&nbsp;)[*_]{{0,2}}|\ [*_]{{1,2}})  # "$4.2\ million", "$4.2&nbsp;million",
            (?P<wordx>{SCALE_WORD}){WORD_END}               # "**$4.2** million", "$4.2 **million**"
          | (?P<mult>[xX×](?![A-Za-z0-9])              # "12.5x", "3x", "10X", "2×": a multiple
                   |(?:-|[^\S\n])?fold(?![A-Za-z0-9])      # "14-fold", "2.5-fold", "a 3 fold rise"
                   |(?<!\b1):1(?:\.0+)?(?![\d:/]|[.,]\d)  # "a pay ratio of 312:1", "3.50:1.00"
                   |-to-1(?:\.0+)?(?!\d|[.,]\d)          # "312-to-1"
                   |(?:(?<=\.\d)|(?<=\.\d\d))[^\S\n]to[^\S\n]1(?:\.0+)?(?!\d|[.,]\d)  # "4.00 to 1.00", "4.5 to 1"
                   |[^\S\n]to[^\S\n]1\.0+(?!\d|[.,]\d))  # "5 to 1.00": a covenant's ratio
          | \ (?P<unitscale>{_UNIT_SCALE})(?=€|\$|[^\S\n]?(?:EUR|SEK|NOK|DKK|CHF|USD|GBP)\b)  # "2,345.6 M€", "812 TEUR", "5 MUSD", "25 M$", "7 M USD"
          | [^\S\n]\$(?P<dscale>MM|M|[KkBb]|bn|mn|mm)(?![A-Za-z0-9])  # "15 $M": dollars, then the scale
          | (?P<pence>p(?![A-Za-z0-9])|\ pence{WORD_END}   # "45.6p", "12.5 pence": GBP 0.456
                    |c(?![A-Za-z0-9])|\ ?¢)              # "45.6c", "42¢": USD 0.456, as "cents"
        )?
        (?:(?:[^\S\n]|-|\n(?=\S))?(?P<qty>{QUANTITY_UNIT_PATTERN})   # "1.2 GW", "412 Mboe/d", "2.4 million
            (?P<perday>/d\b|/day\b|[^\S\n]per[^\S\n]day\b)?  # square feet": a unit of its own;
            (?!\w|-(?!\d)))?                             # "250-MW", "1,150 MW-1,800 MW", "7,915\nMW"
        (?:
            (?:(?<=[Tt]sd|[Mm]io|[Mm]rd)\.)?           # "1,2 Mio. EUR", "3,4 Mrd. €"
            (?:
                [^\S\n]?(?P<code>(?:{CURRENCY_CODE})){WORD_END}             # never across a line's end:
              | [^\S\n](?P<cword>{_CURRENCY_WORD}){WORD_END}  # "45 cents": $0.45; "812 million yuan"
              | [^\S\n]?(?P<sym>{_SYMBOL_AFTER}|(?<=[kKMTd])\$|{_DOLLAR_PER})(?!\s?[\d-]|\s?\((?!{_LABEL_IN_BRACKET})\s?\d)  # "1.234,5 €", as Europe writes it
            )
        )?
        (?P<trailing>st\b|nd\b|rd\b|th\b|[A-Za-z])?
    )
    """,
    re.VERBOSE,
)


_GROUPS = (
    "skip",
    "bad",
    "num",
    "dotted",
    "trailing",
    "pct",
    "bps",
    "sfx",
    "word",
    "code",
    "cword",
    "mult",
    "frac",
    "pence",
    "sym",
    "unitscale",
    "wordx",
    "qty",
    "perday",
    "dscale",
)
# the groups ``_GROUPS`` names, by number: a match gives them by number twice as fast
GROUP_NUMBERS = tuple(FIGURE.groupindex[g] for g in _GROUPS)
# ``groups = m.group(*GROUP_NUMBERS)`` in runs, each unpacked into named locals where a match
# is read: ``skip, bad, num, dotted, trailing = groups[DIGIT_GROUPS]``; then ``pct, bps, sfx,
# word, code, cword, mult = groups[UNIT_GROUPS]`` (a unit or a scale after the number) and
# ``frac, pence, sym, unitscale, wordx, qty, perday, dscale = groups[EXTRA_GROUPS]``.
DIGIT_GROUPS = slice(0, _GROUPS.index("pct"))
UNIT_GROUPS = slice(_GROUPS.index("pct"), _GROUPS.index("frac"))
EXTRA_GROUPS = slice(_GROUPS.index("frac"), None)
#: what a number has after its digits (a unit, a scale, a currency, a multiple, a fraction):
#: ``any(groups[AFTER_DIGITS])``
AFTER_DIGITS = slice(_GROUPS.index("pct"), None)


# the same scales, lower-cased: how a match's ``unitscale`` is read
UNIT_SCALES = {w.lower(): f for w, f in CURRENCY_PREFIX_SCALES.items()}
