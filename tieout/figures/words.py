"""Numbers written in words: "forty-two", "four point two million", "two thirds".

:func:`spelled_figures` finds them in normalised text for ``figures.extract(words=True)``;
:func:`words_to_number` reads one phrase. One compiled regex finds runs of number words
(a character-class look-ahead lets the engine skip the rest of the text quickly); a small
recursive-descent parser reads each run and the context decides whether it is a figure.

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
from dataclasses import dataclass, replace
from decimal import Context, Decimal

from tieout._vocab import CURRENCY_ADJECTIVES, CURRENCY_CODES, CURRENCY_WORDS
from tieout.figures import (
    Figure,
    currency_before,
    normalize,
    quantity_per,
    spelled_quantity,
    trie_alternation,
)

__all__ = ["NUMBER_WORDS", "WORD_HINT", "spelled_figures", "words_to_number"]

ONE = Decimal(1)
_QUOTIENT = Context(prec=28)

# --------------------------------------------------------------------------- vocabulary


def _words(text: str) -> list[str]:
    return text.split()


_UNITS = {w: i for i, w in enumerate(_words("zero one two three four five six seven eight nine"))}
_TEENS = {
    w: i + 10
    for i, w in enumerate(
        _words("ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
    )
}
_TENS = {
    w: (i + 2) * 10
    for i, w in enumerate(_words("twenty thirty forty fifty sixty seventy eighty ninety"))
}
_SCALES = {
    "thousand": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
}
# denominators: singular after "one"/"a", plural after two or more ("halves" is a count)
_DENOM_ONE = {
    "half": 2,
    "third": 3,
    "quarter": 4,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}
_DENOM_MANY = {w + "s": d for w, d in _DENOM_ONE.items() if w != "half"}
_CARDINALS = {**_UNITS, **_TEENS, **_TENS}
# how a zero digit is spoken after "point" ("one point oh five") or before it ("oh point
# five", "nought point five"); "zero" is also a cardinal
_ZEROS = frozenset(_words("zero oh nought naught"))
_DIGIT_WORDS = {**_UNITS, **dict.fromkeys(_ZEROS, 0)}
#: Every word a spelled-out number can be made of (a cheap test before reading words).
NUMBER_WORDS = frozenset(
    {
        *_CARDINALS,
        *_SCALES,
        *_DENOM_ONE,
        *_DENOM_MANY,
        *_words("hundred and a an point dozen dozens halves minus negative oh nought naught"),
    }
)

#: After a bare count, these words show it is not counting a noun ("one of", "two are").
_NOT_NOUNS = frozenset(
    _words("""of the a an and or nor but to in on at by for with from into onto upon over under
    about above below after before between among through during without within against
    toward towards across along around per via as than then that which who whom whose what
    when where while why how it its itself they them their theirs we us our you your he him
    his she her i me my this these those there here another other others each either
    neither both all any some such same is are was were be been being am has have had do
    does did will would can could may might must shall should said says say more less
    fewer most least much many few too also only just even still not no yet so if because
    though although whereas unless until since hundred thousand million billion trillion
    point dozen dozens oh nought naught""")
) | frozenset(_CARDINALS)
#: Words in -ly that are adjectives, so may stand before a noun ("two quarterly reports").
_LY_ADJECTIVES = frozenset(
    _words("early daily weekly monthly quarterly yearly hourly nightly likely costly friendly")
)
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
# currencies named after a spelled amount ("five million yuan", "two billion Hong Kong
# dollars"); never "won" ("two won and one lost"), nor a country's abbreviation ("HK")
_ADJECTIVES = "|".join(
    re.escape(a).replace(r"\ ", r"[ \t]")
    for a in sorted(CURRENCY_ADJECTIVES, key=len, reverse=True)
    if len(a) > 2 or a == "us"
)
#: Currency words after a spelled amount, with the spoken "bucks" ("a buck fifty").
_MONEY_WORDS = {**CURRENCY_WORDS, "buck": "USD", "bucks": "USD"}
_NOUNS = "|".join(sorted((w for w in _MONEY_WORDS if w != "won"), key=len, reverse=True))


_SEP = r"(?:-|[ \t]+|[ \t]*\r?\n[ \t]*)"  # between number words: hyphen or space, one line break
_END = r"(?![A-Za-z0-9_])"
_A_NEXT = r"(?:hundred|thousand|million|billion|trillion|dozen|half|quarter|third|fifth|tenth)"
_STARTS = trie_alternation([*_CARDINALS, "minus", "negative"])
_CONTINUES = trie_alternation(
    [
        *_CARDINALS,
        "hundred",
        *_SCALES,
        "and",
        "a",
        "an",
        "point",
        "dozen",
        "dozens",
        *_DENOM_ONE,
        *_DENOM_MANY,
        "oh",
        "nought",
        "naught",
    ]
)
_FIRST_LETTERS = "".join(
    sorted({w[0] for w in [*_CARDINALS, "minus", "negative", "a", "half", "point", "nought"]})
)
_DIGIT_WORD = trie_alternation(_DIGIT_WORDS)
_CARDINAL = trie_alternation(_CARDINALS)

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
    rf"(?i)\b(?:{trie_alternation([*_CARDINALS, 'hundred', *_SCALES, 'dozen', *_DENOM_ONE, *_DENOM_MANY])})\b"
)
_RUN_ANY_CASE = re.compile(_RUN_PATTERN, re.VERBOSE | re.IGNORECASE)  # when lower() moves text
_TOKEN = re.compile(r"[A-Za-z]+")
_AFTER = re.compile(
    rf"""
    (?P<pct>[ \t]?%|(?:[ \t]|-(?=[Pp]))?(?i:percent\b|per[ \t]cent\b|pct\b|percentage[ \t]points?\b))
  | (?P<bps>[ \t](?i:basis[ \t]points?\b|bps\b|bp\b))
  | [ \t](?:(?P<cadj>(?i:{_ADJECTIVES}|euro))[ \t])?(?P<cents>(?i:cents?)\b)
  | [ \t](?:(?P<adj>(?i:{_ADJECTIVES}))[ \t])?(?P<cword>(?i:{_NOUNS})\b)
  | [ \t](?P<code>{"|".join(sorted(CURRENCY_CODES))})\b
    """,
    re.VERBOSE,
)
# between a fraction and its unit: "a quarter of a percent", "half of one percent"
_OF_A = re.compile(r"[ \t]+of[ \t]+(?:an?|one)(?=[ \t])", re.IGNORECASE)
# what makes "half a" a figure: a percent after it
_PERCENT_NEXT = re.compile(r"[ \t]+(?i:percent|percentage[ \t]points?|per[ \t]cent)\b")
_NEXT_WORD = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?([A-Za-z]+)")
# "a buck fifty", "a dollar and five cents": the words after a run "a"
_A_DOLLAR = re.compile(r"[ \t]+(?i:buck|dollar)\b")
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
_LEADS = frozenset([*_CARDINALS, *_SCALES, *_words("hundred dozen dozens point oh nought naught")])
_UNIT_WORDS = frozenset(_words("percent pct cent cents basis bps bp"))
_PREV_WORD = re.compile(r"([A-Za-z]+)[ \t]*(?:\r?\n[ \t]*)?$")


# --------------------------------------------------------------------------- the parser


@dataclass(frozen=True, slots=True)
class _Tok:
    word: str  # lower case
    start: int
    end: int
    hyphen: bool  # joined to the previous token by a hyphen


@dataclass(slots=True)
class _Number:
    """One spelled number read from tokens ``[first, end)``, before units and context."""

    end: int
    value: Decimal
    scale: Decimal = ONE
    precision: Decimal = ONE
    digits: int = 1
    decimal: bool = False
    fraction: tuple[int, int] | None = None
    count: bool = False  # a bare whole number: the noun rule applies
    negative: bool = False
    skip: bool = False  # read, but not a figure: ordinals, "dozens"
    leading_point: bool = False  # "point five": a figure only with a unit or scale word


class _Parser:
    """Recursive descent over the tokens of one run of number words."""

    def __init__(self, text: str, toks: Sequence[_Tok], whole: bool = False) -> None:
        self.text = text
        self.toks = toks
        self.whole = whole  # the tokens are the whole phrase (words_to_number)
        # what :meth:`cardinal` left after a scale word ("a billion two"): (value, end,
        # whether it is one digit word) for :meth:`number` to read
        self.tail: tuple[int, int, bool] | None = None

    def word(self, i: int) -> str:
        return self.toks[i].word if i < len(self.toks) else ""

    def word_after(self, i: int) -> str:
        """The word in the text after token ``i`` (which may lie past the run)."""
        if i + 1 < len(self.toks):
            return self.toks[i + 1].word
        m = _NEXT_WORD.match(self.text, self.toks[i].end)
        return m.group(1).lower() if m is not None and m.start(1) > m.start() else ""

    def below_hundred(self, i: int) -> tuple[int, int] | None:
        """1..99 from token ``i``: (value, next index)."""
        w = self.word(i)
        if w in _TEENS:
            return _TEENS[w], i + 1
        if w in _TENS:
            u = self.word(i + 1)
            if u in _UNITS and u != "zero":
                return _TENS[w] + _UNITS[u], i + 2
            return _TENS[w], i + 1
        if w in _UNITS and w != "zero":
            return _UNITS[w], i + 1
        return None

    def group(self, i: int, first: bool) -> tuple[int, int] | None:
        """1..9999 as "[n hundred [and] ]m": (value, next index); "a" is one at the start."""
        if first and self.word(i) in ("a", "an") and self.word(i + 1) in ("hundred", *_SCALES):
            sub: tuple[int, int] | None = (1, i + 1)
        else:
            sub = self.below_hundred(i)
        if sub is None:
            return None
        value, j = sub
        if self.word(j) != "hundred":
            return sub
        value, j = value * 100, j + 1
        k = j + 1 if self.word(j) == "and" else j
        rest = self.below_hundred(k)
        if rest is not None:
            value, j = value + rest[0], rest[1]
        return value, j

    def cardinal(self, i: int) -> tuple[int, int, Decimal] | None:
        """A whole number: (value, next index, largest scale word or 1)."""
        self.tail = None
        if self.word(i) == "zero":
            return 0, i + 1, ONE
        g = self.group(i, first=True)
        if g is None:
            return None
        total, largest, below = 0, ONE, Decimal(10) ** 15
        while True:
            value, j = g
            scale = _SCALES.get(self.word(j))
            if scale is None or scale >= below:
                return total + value, j, largest
            total += value * int(scale)
            below, largest = scale, max(largest, scale)
            j += 1
            k = j + 1 if self.word(j) == "and" else j
            nxt = self.group(k, first=False)
            if nxt is None:
                return total, j, largest
            after = _SCALES.get(self.word(nxt[1]))
            if after is not None and after >= below:
                return total, j, largest  # "one million two million": two numbers
            if after is None and below >= 10**6:
                # "a billion two" is spoken for 1.2 billion, "two million five shares" is
                # written for 2,000,005 shares: the words after the tail tell which (a
                # phrase read alone is written, unless it starts "a billion")
                spoken = self.word(i) in ("a", "an")
                if not spoken and (self.whole or _noun_like(self.word_after(nxt[1] - 1))):
                    g = nxt
                    continue
                if not _noun_like(self.word_after(nxt[1] - 1)):
                    one_word = k == j and nxt[1] == k + 1 and nxt[0] < 10 and largest == below
                    self.tail = (nxt[0], nxt[1], one_word)
                return total, j, largest  # "a billion two years ago": the tail counts years
            g = nxt

    def number(self, i: int) -> _Number | None:
        """The longest number starting at token ``i``, or None."""
        w = self.word(i)
        if w in ("minus", "negative"):
            n = self.number(i + 1)
            if n is None or n.negative:
                return None
            n.value, n.negative = -n.value, True
            return n
        if w == "point" and self.word(i + 1) in _DIGIT_WORDS:
            n = self.point(0, i + 1)  # "point five percent"
            n.leading_point = True
            return n
        if w in _ZEROS and self.word(i + 1) == "point" and self.word(i + 2) in _DIGIT_WORDS:
            return self.point(0, i + 2)  # "oh point five", "nought point five"
        if w == "half" and self.word(i + 1) in ("a", "an"):
            return self.half_a(i + 2)
        if w == "half" and i + 1 == len(self.toks):  # "half of one percent" (the run: "half")
            return _Number(i + 1, Decimal("0.5"), precision=Decimal("0.5"), digits=1, decimal=True)
        if w in ("a", "an"):
            denom = self.word(i + 1)
            if denom == "dozen":
                return _Number(i + 2, Decimal(12), digits=2, count=True)
            if denom in _DENOM_ONE and (
                denom == "half" or self.whole or self.word_after(i + 1) == "of"
            ):
                return self.fraction(1, i + 1)
            if i + 1 == len(self.toks) and _A_DOLLAR.match(self.text, self.toks[i].end):
                return _Number(i + 1, ONE, count=True)  # "a buck fifty", "a dollar five"
        card = self.cardinal(i)
        if card is None:
            return None
        value, j, scale = card
        if self.tail is not None:
            tail, end, one_word = self.tail
            if not one_word:  # "a billion twenty-five", "one million and five": unclear
                return _Number(end, Decimal(value), skip=True)
            mantissa = Decimal(value) / scale + Decimal(tail) / 10  # "a billion two": 1.2
            return _Number(
                end,
                mantissa * scale,
                scale=scale,
                precision=scale / 10,
                digits=_sig_digits(format(mantissa, "f").replace(".", "")),
                decimal=True,
            )
        if scale == ONE:
            nxt = self.word(j)
            if nxt == "point" and self.word(j + 1) in _DIGIT_WORDS:
                return self.point(value, j + 1)
            if nxt == "and":
                # "two and a half", "one and one-half", "two and one-quarter", "three and
                # three-quarters" (as contracts spell rates: "one and one-half percent")
                part = _AND_PARTS.get((self.word(j + 1), self.word(j + 2)))
                if part is not None:
                    return self.with_half(value, j + 3, part)
            if 0 < value < 100 and nxt in ("dozen", "dozens"):
                return _Number(
                    j + 1,
                    Decimal(12 * value),
                    digits=len(str(12 * value)),
                    count=True,
                    skip=nxt == "dozens",
                )
            if 0 < value < 100 and (nxt in _DENOM_ONE or nxt in _DENOM_MANY):
                return self.fraction(value, j)
            if 0 < value < 100 and (nxt in _CARDINALS or nxt in _ZEROS):
                return self.pair(value, j)
        return _whole(j, Decimal(value), scale)

    def pair(self, first: int, j: int) -> _Number:
        """Two numbers below a hundred in a row, as speech says them: "one fifty million"
        (150 million), "one forty-two basis points" (142). Anything else is read, but as no
        figure: a year ("twenty twenty-five"), or unclear ("nineteen ninety-nine dollars":
        $19.99 or $1,999? "one twenty-five": 125 or 1.25?); a reading of its last words
        alone would be a wrong one."""
        w = self.word(j)
        if w in _TENS and j + 1 < len(self.toks) and self.toks[j + 1].hyphen:
            unit = self.word(j + 1)
            part = (_DENOM_ONE if first == 1 else _DENOM_MANY).get(unit)
            if part is not None and part < 10 and not unit.startswith("quarter"):
                # "one forty-eighth", "three twenty-fifths": a fraction, never 1 or 48
                den = _TENS[w] + part
                return _Number(
                    j + 2,
                    _QUOTIENT.divide(Decimal(first), Decimal(den)),
                    precision=_QUOTIENT.divide(ONE, Decimal(den)),
                    digits=len(str(first)),
                    fraction=(first, den),
                )
        oh = w in _ZEROS and self.word(j + 1) in _UNITS and self.word(j + 1) != "zero"
        second = (_UNITS[self.word(j + 1)], j + 2) if oh else self.below_hundred(j)
        if second is None:  # "one zero"
            return _Number(j + 1, Decimal(first), skip=True)
        value, k = second
        hundreds = value >= 10 or oh  # "one fifty", "one oh five"; never "one five"
        scale = _SCALES.get(self.word(k))
        combined = Decimal(first * 100 + value)
        if first < 10 and hundreds and scale is not None:
            return _whole(k + 1, combined * scale, scale)
        after = _AFTER.match(self.text, self.toks[k - 1].end) if k == len(self.toks) else None
        if first < 10 and hundreds and after is not None and after.group("bps"):
            return _Number(k, combined, digits=3)
        # the rest, years ("twenty twenty-five", "nineteen ninety-nine") among them: no claim
        return _Number(k + (scale is not None), Decimal(first), skip=True)

    def half_a(self, j: int) -> _Number | None:
        """'half a million', 'half a dozen'."""
        w = self.word(j)
        if w == "dozen":
            return _Number(j + 1, Decimal(6), digits=1, count=True)
        if not w and _PERCENT_NEXT.match(self.text, self.toks[j - 1].end):
            half = Decimal("0.5")  # "half a percent", "half a percentage point"
            return _Number(j, half, precision=half, digits=1, decimal=True)
        mult = Decimal(100) if w == "hundred" else _SCALES.get(w)
        if mult is None:
            return None
        half = Decimal("0.5")
        scale = ONE if w == "hundred" else mult
        return _Number(
            j + 1, half * mult, scale=scale, precision=half * scale, digits=1, decimal=True
        )

    def point(self, whole: int, j: int) -> _Number:
        """'four point two [million]': digits after "point" are single digit words ("one
        point oh five": 1.05)."""
        frac = ""
        while self.word(j) in _DIGIT_WORDS:
            frac += str(_DIGIT_WORDS[self.word(j)])
            j += 1
        mantissa = Decimal(f"{whole}.{frac}")
        scale = _SCALES.get(self.word(j), ONE)
        j += scale != ONE
        return _Number(
            j,
            mantissa * scale,
            scale=scale,
            precision=ONE.scaleb(-len(frac)) * scale,
            digits=_sig_digits(f"{whole}{frac}"),
            decimal=True,
        )

    def with_half(self, whole: int, j: int, part: Decimal = Decimal("0.5")) -> _Number:
        """'two and a half [million]', 'one and one-quarter [percent]'."""
        scale = _SCALES.get(self.word(j), ONE)
        j += scale != ONE
        mantissa = whole + part
        step = Decimal("0.5") if part == Decimal("0.5") else Decimal("0.25")
        return _Number(
            j,
            mantissa * scale,
            scale=scale,
            precision=step * scale,
            digits=_sig_digits(f"{whole}{str(part)[2:]}"),
            decimal=True,
        )

    def fraction(self, num: int, j: int) -> _Number:
        """numerator ``num`` then a denominator word at token ``j``: 'two thirds', 'a half'."""
        w = self.word(j)
        den = _DENOM_ONE.get(w) if num == 1 else _DENOM_MANY.get(w)
        if den is None:  # "twenty-fifth", "one fifths": an ordinal or a slip, not a fraction
            return _Number(j + 1, Decimal(num), skip=True)
        # "three quarters of", "three-quarters": a fraction; "two quarters" counts periods
        if (
            w.startswith("quarter")
            and not self.whole
            and not (self.toks[j].hyphen or self.word_after(j) == "of")
        ):
            return _whole(j, Decimal(num), ONE)
        value = _QUOTIENT.divide(Decimal(num), Decimal(den))
        return _Number(
            j + 1,
            value,
            precision=_QUOTIENT.divide(ONE, Decimal(den)),
            digits=len(str(num)),
            fraction=(num, den),
        )


# what may follow "<whole> and": its fraction ("and a half", "and one-quarter")
_AND_PARTS = {
    ("a", "half"): Decimal("0.5"),
    ("one", "half"): Decimal("0.5"),
    ("a", "quarter"): Decimal("0.25"),
    ("one", "quarter"): Decimal("0.25"),
    ("three", "quarters"): Decimal("0.75"),
}


def _sig_digits(digits: str) -> int:
    return len(digits.lstrip("0")) or 1


def _whole(end: int, value: Decimal, scale: Decimal) -> _Number:
    """A whole number: precision and digits as if written '<mantissa> <scale word>'."""
    mantissa = value / scale
    if mantissa == mantissa.to_integral_value():
        text = str(int(mantissa))
        precision = scale
    else:
        m = mantissa.normalize()
        text = format(m, "f").replace(".", "")
        exponent = m.as_tuple().exponent
        precision = ONE.scaleb(exponent if isinstance(exponent, int) else 0) * scale
    return _Number(
        end, value, scale=scale, precision=precision, digits=_sig_digits(text), count=scale == ONE
    )


def _tokens(run: str, offset: int) -> list[_Tok]:
    toks: list[_Tok] = []
    prev_end = 0
    for m in _TOKEN.finditer(run):
        toks.append(
            _Tok(
                m.group().lower(),
                offset + m.start(),
                offset + m.end(),
                run[prev_end : m.start()] == "-",
            )
        )
        prev_end = m.end()
    return toks


# --------------------------------------------------------------------------- context


def _noun_like(word: str) -> bool:
    """Whether ``word``, after a number, could be what it counts ("two years"), not a unit,
    a function word or the end of the phrase ("" for punctuation)."""
    return bool(word) and not (
        word in _NOT_NOUNS
        or word in _MONEY_WORDS
        or word in _UNIT_WORDS
        or (word.endswith("ly") and word not in _LY_ADJECTIVES)
    )


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
        return before in _DENOM_ONE or before in _DENOM_MANY or before == "halves"
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
    toks = _tokens(run.group(), run.start())
    got = _Parser(text, toks).below_hundred(0)
    if got is None or (got[1] < len(toks) and toks[got[1]].word not in ("a", "an")):
        return None
    cents, k = got
    stop = toks[k - 1].end
    word = _CENTS_WORD.match(text, stop)
    if word is not None:
        return cents, word.end()
    if "and" in text[end : join.end()].lower():
        return None  # "five dollars and twenty people"
    after = _NEXT_WORD.match(text, stop)
    following = after.group(1).lower() if after is not None and after.start(1) > stop else ""
    if _noun_like(following) or following in _UNIT_WORDS or following in _MONEY_WORDS:
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
    nxt = _NEXT_WORD.match(text, end)
    if nxt is None:
        return False
    following = nxt.group(1).lower()
    if following in _NOT_NOUNS or (following.endswith("ly") and following not in _LY_ADJECTIVES):
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
    text: str, toks: Sequence[_Tok], first: int, n: _Number, noun_rule: bool = True
) -> Figure | None:
    """Attach units and apply the context rules; None when it is not a figure.
    ``noun_rule=False``: a bare count is returned whatever follows it (a range's low end)."""
    start, end = toks[first].start, toks[n.end - 1].end
    if n.skip or _is_compound(text, start, end):
        return None
    if n.fraction and toks[first].word in ("a", "an") and _word_before(text, start)[0] == "and":
        return None  # "a year and a half" is not a half
    value, precision, scale, digits, decimal = n.value, n.precision, n.scale, n.digits, n.decimal
    kind, unit = "number", None
    currency, pre_start = _currency_before(text, start)
    of_scale = _OF_A_SCALE.match(text, end) if n.fraction else None
    if of_scale is not None:  # "a quarter of a billion": 250 million
        scale = _SCALES[of_scale.group(1).lower()]
        value, precision, end = value * scale, precision * scale, of_scale.end()
    after = _AFTER.match(text, end)
    if after is None and (n.fraction or toks[first].word == "half"):
        of_a = _OF_A.match(text, end)  # "a quarter of a percent", "half of one percent"
        if of_a is not None:
            after = _AFTER.match(text, of_a.end())
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
        code = after.group("code") or CURRENCY_ADJECTIVES.get(adj) or _MONEY_WORDS[cword]
        kind, unit, end = "currency", code, after.end()
        cents = None
        if cword.startswith(("dollar", "buck")) and scale == ONE and not (decimal or n.fraction):
            cents = _cents_after(text, end)  # "one dollar sixty-two", "a buck fifty"
        if cents is not None:
            value += Decimal(cents[0]) / 100
            precision, end, decimal = Decimal("0.01"), cents[1], True
            digits = _sig_digits(f"{n.value}{cents[0]:02d}")
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


# --------------------------------------------------------------------------- public API


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
        toks = _tokens(m.group(), m.start())
        parser = _Parser(text, toks)
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


def _range_low_end(text: str, toks: Sequence[_Tok], first: int, n: _Number) -> Figure | None:
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
    """Spoken ranges, as ``figures._link_ranges`` reads digits: "seven hundred ten to seven
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
    toks = _tokens(text, 0)
    n = _Parser(text, toks, whole=True).number(0)
    if n is None or n.skip or n.end != len(toks):
        return None
    return n.value
