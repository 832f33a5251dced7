"""Numbers written in words: "forty-two", "four point two million", "two thirds".

:func:`spelled_figures` finds them in normalised text for ``figures.extract(words=True)``;
:func:`words_to_number` reads one phrase. One compiled regex finds runs of number words
(a character-class look-ahead lets the engine skip the rest of the text quickly); a small
recursive-descent parser (``word_parser``) reads each run and the context decides whether it is a figure.

Which spelled numbers are returned: every one with a scale word ("five million"), a
currency ("thirty dollars", "$five million") or a percent ("thirty-two per cent"), every
decimal ("four point two") and fraction ("two thirds"). A bare whole number ("nine",
"a dozen") is returned only when the next word could be the noun it counts: "nine
channels" is 9, "one of the channels", "no one", "one day", "one-time" are nothing.
Ordinals ("twenty-first", "the third") are never numbers.

Numbers as calls speak them are read as meant: "one point oh five billion" (1.05 billion),
"point five percent", "one fifty million" (150 million), "one forty-two bps", "a quarter
of a billion", "one dollar sixty-two" and "a buck sixty-two" ($1.62), "sixty-two cents",
"a billion two" (1.2 billion), and ranges ("two to three percent": both ends in percent).
A form that could mean two figures ("nineteen ninety-nine dollars": $19.99 or $1,999?
"one twenty-five", "twenty twenty-five") is read as no figure; a number whose first words
were not read with it is never read by its last words alone ("five billion" of "one
point oh five billion").

Precision follows the digit grammar: one step of the last digit the number would be
written with, times its scale ("five million" as "5 million": 1,000,000; "four point
two million": 100,000; "forty-two": 1). A fraction's step is one part (1/3 for "two
thirds"); the value is the quotient to 28 significant digits and ``where`` says
"fraction 2/3".
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from tieout._vocab import (
    CURRENCY_ADJECTIVES,
    SPELLED_CARDINALS,
    SPELLED_DENOMINATORS,
    SPELLED_DENOMINATORS_PLURAL,
    SPELLED_SCALES,
)
from tieout.figures.exact import ONE
from tieout.figures.figure import Figure, FigureKind
from tieout.figures.normalization import normalize
from tieout.figures.patterns import trie_alternation
from tieout.figures.prefix import currency_before
from tieout.figures.quantities import quantity_per, spelled_quantity
from tieout.figures.word_parser import (
    DIGIT_WORDS,
    LY_ADJECTIVES,
    MONEY_WORDS,
    NEXT_WORD,
    NOT_NOUNS,
    UNIT_AFTER,
    UNIT_WORDS,
    SpelledNumber,
    WordParser,
    WordToken,
    noun_like,
    significant_digits,
    tokens_of,
)

__all__ = ["WORD_HINT", "spelled_figures", "words_to_number"]


def _words(text: str) -> list[str]:
    return text.split()


#: After a bare "one" only: idioms ("one day", "at one point", "on the one hand").
_NOT_NOUNS_AFTER_ONE = frozenset(_words("day time point way hand thing side"))
#: Before a bare "one": a pronoun, not a count ("no one", "each one", "the one").
_NOT_COUNT_BEFORE_ONE = frozenset(_words("no any every each some this that the which such"))
#: Before any bare count: a label, not a quantity ("phase two", "tier one", "note five").
_LABELS = frozenset(
    _words("""number no section sections article clause paragraph chapter page item part phase
    tier level step stage type class series version round figure table exhibit schedule
    appendix note rule title form""")
)


_SEP = r"(?:-|[ \t]+|[ \t]*\r?\n[ \t]*)"  # between number words: hyphen or space, one line break
_END = r"(?![A-Za-z0-9_])"
_A_NEXT = r"(?:hundred|thousand|million|billion|trillion|dozen|half|quarter|third|fifth|tenth)"
_STARTS = trie_alternation([*SPELLED_CARDINALS, "minus", "negative"])
_CONTINUES = trie_alternation(
    [
        *SPELLED_CARDINALS,
        "hundred",
        *SPELLED_SCALES,
        "and",
        "a",
        "an",
        "point",
        "dozen",
        "dozens",
        *SPELLED_DENOMINATORS,
        *SPELLED_DENOMINATORS_PLURAL,
        "oh",
        "nought",
        "naught",
    ]
)
_FIRST_LETTERS = "".join(
    sorted(
        {w[0] for w in [*SPELLED_CARDINALS, "minus", "negative", "a", "half", "point", "nought"]}
    )
)
_DIGIT_WORD = trie_alternation(DIGIT_WORDS)
_CARDINAL = trie_alternation(SPELLED_CARDINALS)

# One pass over the text, lower-cased (case-blind matching is slower). The look-ahead on
# the first letter lets the engine reject most positions at once; "a" and "half" start a
# run only before the words they quantify.
_RUN_PATTERN = rf"""
    (?<![A-Za-z0-9_])
    (?=[{_FIRST_LETTERS}])
    (?:
        {_STARTS}
      | (?:oh|nought|naught)(?=[ \t]+point[ \t]+{_DIGIT_WORD}{_END})
      | point(?=[ \t]+{_DIGIT_WORD}{_END})
      | an?(?=[ \t]+(?:buck|dollar)[ \t]+(?:and[ \t]+)?{_CARDINAL}{_END})
      | a(?=[ \t]+{_A_NEXT}{_END})
      | half(?=[ \t]+an?[ \t]+(?:dozen|hundred|thousand|million|billion|trillion){_END})
      | half(?=[ \t]+(?:an?|of[ \t]+(?:an?|one))[ \t]+(?:percent|percentage|per[ \t]cent){_END})
    )
    {_END}
    (?:{_SEP}(?:{_CONTINUES}){_END})*
"""
_RUN = re.compile(_RUN_PATTERN, re.VERBOSE)
#: A word every figure :func:`spelled_figures` reads holds one of (a cardinal, a scale,
#: "dozen", "half", a denominator): a text without one spells no figure.
WORD_HINT = re.compile(
    rf"(?i)\b(?:{trie_alternation([*SPELLED_CARDINALS, 'hundred', *SPELLED_SCALES, 'dozen', *SPELLED_DENOMINATORS, *SPELLED_DENOMINATORS_PLURAL])})\b"
)
_RUN_ANY_CASE = re.compile(_RUN_PATTERN, re.VERBOSE | re.IGNORECASE)  # when lower() moves text
# between a fraction and its unit: "a quarter of a percent", "half of one percent"
_OF_A = re.compile(r"[ \t]+of[ \t]+(?:an?|one)(?=[ \t])", re.IGNORECASE)
# "one dollar sixty-two", "two dollars and fifteen cents": the cents after a currency word
_CENTS_JOIN = re.compile(r"[ \t]+(?:(?i:and)[ \t]+)?(?=[A-Za-z])")
_CENTS_WORD = re.compile(r"[ \t]+(?i:cents?)\b")
# "a quarter of a billion", "three quarters of a million": a fraction of a scale
_OF_A_SCALE = re.compile(
    r"[ \t]+of[ \t]+(?:an?|one)[ \t]+(thousand|million|billion|trillion)\b", re.IGNORECASE
)
# between the ends of a spoken range: "seven hundred ten to seven hundred ninety million"
_RANGE_JOIN = re.compile(r"[ \t]*-[ \t]*|[ \t]+(?:to|through)[ \t]+|[ \t]+and[ \t]+")
#: Before "point", a word that makes it a noun ("at this point five percent"), not a
#: decimal point ("by point five percent"). After "the" or "a" it may be either ("the
#: point five percent decline"): no figure is read there.
_POINT_IS_NOUN = frozenset(
    _words("""this that one some any each every which what no another other same
    key main first second third last final next my our your his her their its good fair
    valid great important turning starting focal sticking talking pressure price data high
    low mid end certain""")
)
#: Words a number in words may be continued by: a number read after one of them lost its
#: first words ("one point oh five billion": not "five billion"; "one fifty million").
_LEADS = frozenset(
    [*SPELLED_CARDINALS, *SPELLED_SCALES, *_words("hundred dozen dozens point oh nought naught")]
)
_PREV_WORD = re.compile(r"([A-Za-z]+)[ \t]*(?:\r?\n[ \t]*)?$")


def _led_by_words(text: str, start: int) -> bool:
    """Whether the number at ``start`` continues words of a number before it that were
    not read with it ("one point oh five billion", "one fifty million", "point five
    percent", "a quarter of a billion"): a reading of it alone would be a wrong one."""
    # by hand, not by a regex searched backwards: this is asked of every spelled number
    j = start
    if j > 0 and text[j - 1] == "-":
        j -= 1
    else:
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if j > 0 and text[j - 1] == "\n":
            j -= 1 + (j > 1 and text[j - 2] == "\r")
            while j > 0 and text[j - 1] in " \t":
                j -= 1
        if j == start:
            return False
    end = j
    while j > 0 and end - j < 12 and text[j - 1].isascii() and text[j - 1].isalpha():
        j -= 1
    word = text[j:end].lower()
    if j == end or (j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_")):
        return False
    if word == "of":  # "a quarter of a billion", "two thirds of a million"
        before = _word_before(text, j)[0]
        return (
            before in SPELLED_DENOMINATORS
            or before in SPELLED_DENOMINATORS_PLURAL
            or before == "halves"
        )
    if word == "point":
        return _word_before(text, j)[0] not in _POINT_IS_NOUN
    return word in _LEADS


def _cents_after(text: str, end: int) -> tuple[int, int] | None:
    """The cents spoken after "<n> dollars" at ``end`` ("sixty-two", "and fifteen cents"):
    (cents, their end), or None. Without "cents" they must end the phrase ("one dollar
    sixty-two a share", never "ten dollars two years ago")."""
    join = _CENTS_JOIN.match(text, end)
    if join is None:
        return None
    run = _RUN_ANY_CASE.match(text, join.end())
    if run is None:
        return None
    toks = tokens_of(run.group(), run.start())
    got = WordParser(text, toks).below_hundred(0)
    if got is None or (got[1] < len(toks) and toks[got[1]].word not in ("a", "an")):
        return None
    cents, k = got
    stop = toks[k - 1].end
    word = _CENTS_WORD.match(text, stop)
    if word is not None:
        return cents, word.end()
    if "and" in text[end : join.end()].lower():
        return None  # "five dollars and twenty people"
    after = NEXT_WORD.match(text, stop)
    following = after.group(1).lower() if after is not None and after.start(1) > stop else ""
    if noun_like(following) or following in UNIT_WORDS or following in MONEY_WORDS:
        return None  # "ten dollars two years ago", "twenty dollars forty percent"
    return cents, stop


def _currency_before(text: str, start: int) -> tuple[str | None, int]:
    """A currency symbol or ISO code just before ``start``: (code, new start)."""
    j = start - 1 if start > 0 and text[start - 1] == " " else start
    code, k = currency_before(text, j)
    return (code, k) if code else (None, start)


def _is_compound(text: str, start: int, end: int) -> bool:
    """Joined by a hyphen to a word: 'one-time', 'five-year', 'Catch-twenty-two'."""
    after = text[end : end + 2]
    before = text[max(0, start - 2) : start]
    if after.lower() == "-p" and text[end + 1 : end + 9].lower().startswith(
        ("percent", "per cent", "pct")
    ):
        after = ""  # "twelve-percent" is a percent, written with a hyphen
    return (len(after) == 2 and after[0] in "-'" and after[1].isalnum()) or (
        len(before) == 2 and before[1] == "-" and before[0].isalnum()
    )


def _word_before(text: str, start: int) -> tuple[str, int]:
    """The word ending just before ``start`` (lower case) and where it starts."""
    prev = _PREV_WORD.search(text, max(0, start - 24), start)
    return (prev.group(1).lower(), prev.start()) if prev is not None else ("", start)


def _counts_a_noun(text: str, start: int, end: int, first: str, single: bool) -> bool:
    """The noun rule for a bare count: the next word could be what it counts."""
    if end >= len(text) or text[end] not in " \t\r\n":
        return False  # "one.", "nine," "two)" — nothing follows to count
    nxt = NEXT_WORD.match(text, end)
    if nxt is None:
        return False
    following = nxt.group(1).lower()
    if following in NOT_NOUNS or (following.endswith("ly") and following not in LY_ADJECTIVES):
        return False  # "one of", "two are", "one financially"
    before, at = _word_before(text, start)
    if before in _LABELS:
        return False  # "phase two", "tier one"
    if not (single and first == "one"):
        return True
    if following in _NOT_NOUNS_AFTER_ONE or before in _NOT_COUNT_BEFORE_ONE:
        return False  # "one day", "no one", "the one"
    return _word_before(text, at)[0] not in ("a", "an", "the")  # "a busier one", "the big one"


def _figure(
    text: str, toks: Sequence[WordToken], first: int, n: SpelledNumber, noun_rule: bool = True
) -> Figure | None:
    """Attach units and apply the context rules; None when it is not a figure.
    ``noun_rule=False``: a bare count is returned whatever follows it (a range's low end)."""
    start, end = toks[first].start, toks[n.end - 1].end
    if n.skip or _is_compound(text, start, end):
        return None
    if n.fraction and toks[first].word in ("a", "an") and _word_before(text, start)[0] == "and":
        return None  # "a year and a half" is not a half
    value, precision, scale, digits, decimal = n.value, n.precision, n.scale, n.digits, n.decimal
    kind: FigureKind = "number"
    unit: str | None = None
    currency, pre_start = _currency_before(text, start)
    of_scale = _OF_A_SCALE.match(text, end) if n.fraction else None
    if of_scale is not None:  # "a quarter of a billion": 250 million
        scale = SPELLED_SCALES[of_scale.group(1).lower()]
        value, precision, end = value * scale, precision * scale, of_scale.end()
    after = UNIT_AFTER.match(text, end)
    if after is None and (n.fraction or toks[first].word == "half"):
        of_a = _OF_A.match(text, end)  # "a quarter of a percent", "half of one percent"
        if of_a is not None:
            after = UNIT_AFTER.match(text, of_a.end())
            if after is not None and not (after.group("pct") or after.group("bps")):
                after = None
    if after is not None and after.group("pct"):
        kind, unit, end = "percent", "percent", after.end()
    elif after is not None and after.group("bps"):
        kind, unit, end = "percent", "basis_point", after.end()
        value, precision = value / 100, precision / 100
    elif after is not None and after.group("cents"):  # "sixty-two cents": $0.62
        adj = (after.group("cadj") or "").lower().replace("\t", " ")
        code = "EUR" if adj == "euro" else CURRENCY_ADJECTIVES.get(adj, "USD")
        kind, unit, end = "currency", code, after.end()
        value, precision = value / 100, precision / 100
    elif after is not None and (after.group("cword") or after.group("code")):
        adj = (after.group("adj") or "").lower().replace("\t", " ")
        cword = (after.group("cword") or "").lower()
        code = after.group("code") or CURRENCY_ADJECTIVES.get(adj) or MONEY_WORDS[cword]
        kind, unit, end = "currency", code, after.end()
        cents = None
        if cword.startswith(("dollar", "buck")) and scale == ONE and not (decimal or n.fraction):
            cents = _cents_after(text, end)  # "one dollar sixty-two", "a buck fifty"
        if cents is not None:
            value += Decimal(cents[0]) / 100
            precision, end, decimal = Decimal("0.01"), cents[1], True
            digits = significant_digits(f"{n.value}{cents[0]:02d}")
    if currency is not None and kind != "percent":
        kind, unit, start = "currency", unit or currency, pre_start
    per = None
    if kind == "number" and (qty := spelled_quantity(text, end)) is not None:
        # "eighty-six megawatts": 86 MW, a quantity however written
        kind, unit, end = "quantity", qty[0], qty[1]
        per = quantity_per(text, end)
    if n.leading_point and kind == "number" and scale == ONE:
        return None  # "point five" alone: "at that point five analysts" is no 0.5
    if noun_rule and kind == "number" and n.count and scale == ONE:
        single = n.end - first == 1 + n.negative
        if not _counts_a_noun(text, start, end, toks[first].word, single):
            return None
    where = f"fraction {n.fraction[0]}/{n.fraction[1]}" if n.fraction else None
    return Figure(
        text=text[start:end],
        span=(start, end),
        kind=kind,
        unit=unit,
        value=value,
        scale=scale,
        scale_source="word" if scale != ONE else "none",
        precision=precision,
        negative=n.negative,
        digits=digits,
        decimal=decimal and n.fraction is None,
        where=where,
        spelled=True,
        per=per,
    )


def spelled_figures(text: str, figs: Sequence[Figure] | Sequence[tuple[int, int]]) -> list[Figure]:
    """Figures written in words in normalised ``text``, none overlapping a span in ``figs``.

    ``figs`` are the digit figures already read from ``text`` (or just their spans); where a
    spelled number would overlap one ("1.5 million"), the digit figure wins.
    """
    taken = sorted(f if isinstance(f, tuple) else f.span for f in figs)
    starts = [s for s, _ in taken]
    out: list[Figure] = []
    lowered = text.lower()
    runs = _RUN.finditer(lowered) if len(lowered) == len(text) else _RUN_ANY_CASE.finditer(text)
    past = 0  # the end of the last figure: "half of one percent" holds no "one percent"
    pending: set[int] = set()  # bare counts kept as a range's possible low end
    for m in runs:
        if m.start() < past:
            continue
        toks = tokens_of(m.group(), m.start())
        parser = WordParser(text, toks)
        i = 0
        while i < len(toks):
            if toks[i].word == "point":
                before = _word_before(text, toks[i].start)[0]
                if before in _POINT_IS_NOUN:
                    i += 1  # "at this point five percent": a noun, then 5%
                    continue
                if before in ("the", "a", "an"):  # "the point five percent": 0.5% or 5%?
                    n = parser.number(i)
                    i = i + 1 if n is None else n.end
                    continue
            n = parser.number(i)
            if n is None:
                i += 1
                continue
            if _led_by_words(text, toks[i].start):
                i = n.end  # "five billion" of "one point oh five billion": no figure
                continue
            fig = _figure(text, toks, i, n)
            if fig is None and n.count and not n.skip:
                fig = _range_low_end(text, toks, i, n)
                if fig is not None:
                    pending.add(len(out))
            if fig is not None and not _overlaps(fig.span, taken, starts):
                out.append(fig)
                past = fig.span[1]
            i = n.end
    return _link_ranges(text, out, pending) if out else out


def _range_low_end(
    text: str, toks: Sequence[WordToken], first: int, n: SpelledNumber
) -> Figure | None:
    """A bare count that may be the low end of a spoken range ("two to three percent"),
    kept only if :func:`_link_ranges` finds the other end."""
    fig = _figure(text, toks, first, n, noun_rule=False)
    if fig is None or fig.kind != "number" or fig.scale != ONE:
        return None
    join = _RANGE_JOIN.match(text, fig.span[1])
    if join is None or join.end() == len(text) or not text[join.end()].isalpha():
        return None
    return fig


def _link_ranges(text: str, figs: list[Figure], pending: set[int]) -> list[Figure]:
    """Spoken ranges, as ``ranges.link_ranges`` reads digits: "seven hundred ten to seven
    hundred ninety million dollars" is $710 million to $790 million, "thirty to forty
    basis points" 30 bps to 40 bps. The low end borrows the high end's unit and scale; a
    bare count at ``pending`` that is no range's low end is dropped, and so is one whose
    reading is unclear ("two to three hundred million": 2 or 200 million?)."""
    out: list[Figure] = []
    for k, a in enumerate(figs):
        low = _low_end(text, a, figs[k + 1]) if k + 1 < len(figs) else None
        if low is not None:
            out.append(low)
        elif k not in pending:
            out.append(a)
    return out


def _low_end(text: str, a: Figure, b: Figure) -> Figure | None:
    """``a`` read as the low end of a range whose high end is ``b``, or None."""
    if a.kind != "number" or a.value is None or b.value is None or a.negative or a.where:
        return None
    if a.is_year or (b.kind == "number" and b.scale == ONE) or b.kind not in _RANGE_KINDS:
        return None
    if b.kind == "percent" and a.scale != ONE:
        return None  # "from two million to three percent": no percent of two million
    join = _RANGE_JOIN.fullmatch(text, a.span[1], b.span[0])
    if join is None:
        return None
    if join.group().strip() == "and" and _word_before(text, a.span[0])[0] != "between":
        return None  # "three and seven percent" is a range only after "between"
    high = b.value / b.scale * (100 if b.unit == "basis_point" else 1)
    low_digits = len(str(int(abs(a.value / a.scale))))
    if low_digits + 2 <= len(str(int(abs(high)))):
        return None  # "two to three hundred million": 2 or 200 million?
    value, precision, scale = a.value, a.precision, a.scale
    if scale == ONE and b.scale != ONE and low_digits <= 3:
        value, precision, scale = value * b.scale, precision * b.scale, b.scale
    kind, unit = (a.kind, a.unit) if b.kind == "number" else (b.kind, b.unit)
    if unit == "basis_point":
        value, precision = value / 100, precision / 100
    return replace(
        a,
        kind=kind,
        unit=unit,
        value=value,
        precision=precision,
        scale=scale,
        scale_source="word" if scale != ONE else "none",
    )


_RANGE_KINDS = ("number", "currency", "percent")


def _overlaps(span: tuple[int, int], taken: Sequence[tuple[int, int]], starts: list[int]) -> bool:
    k = bisect_left(starts, span[1])  # spans starting before our end
    return k > 0 and max(end for _, end in taken[max(0, k - 4) : k]) > span[0]


def words_to_number(words: str) -> Decimal | None:
    """The number a phrase spells ('forty-two' -> 42, 'two thirds' -> 0.666…7), or None.

    The whole phrase must be one number: 'five million' reads, 'five million dollars' and
    'dozens' do not.
    """
    text = normalize(words).strip()
    m = _RUN_ANY_CASE.fullmatch(text)
    if m is None:
        return None
    toks = tokens_of(text, 0)
    n = WordParser(text, toks, whole=True).number(0)
    if n is None or n.skip or n.end != len(toks):
        return None
    return n.value
