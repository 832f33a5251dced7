"""One run of number words read as a number: the tokens, and a recursive-descent parser
over them ("four point two million", "one fifty million", "two and a half", "a billion
two"), with the vocabulary it reads by. ``words`` finds the runs and decides, from the
context, which are figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Context, Decimal

from tieout._vocab import (
    CURRENCY_ADJECTIVES,
    CURRENCY_CODES,
    CURRENCY_WORDS,
    SPELLED_CARDINALS,
    SPELLED_DENOMINATORS,
    SPELLED_DENOMINATORS_PLURAL,
    SPELLED_SCALES,
    SPELLED_TEENS,
    SPELLED_TENS,
    SPELLED_UNITS,
)
from tieout.figures.exact import ONE

__all__ = [
    "DIGIT_WORDS",
    "LY_ADJECTIVES",
    "MONEY_WORDS",
    "NEXT_WORD",
    "NOT_NOUNS",
    "UNIT_AFTER",
    "UNIT_WORDS",
    "SpelledNumber",
    "WordParser",
    "WordToken",
    "noun_like",
    "significant_digits",
    "tokens_of",
]

_QUOTIENT = Context(prec=28)


def _words(text: str) -> list[str]:
    return text.split()


# how a zero digit is spoken after "point" ("one point oh five") or before it ("oh point
# five", "nought point five"); "zero" is also a cardinal
_ZEROS = frozenset(_words("zero oh nought naught"))
DIGIT_WORDS = {**SPELLED_UNITS, **dict.fromkeys(_ZEROS, 0)}

#: After a bare count, these words show it is not counting a noun ("one of", "two are").
NOT_NOUNS = frozenset(
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
) | frozenset(SPELLED_CARDINALS)
#: Words in -ly that are adjectives, so may stand before a noun ("two quarterly reports").
LY_ADJECTIVES = frozenset(
    _words("early daily weekly monthly quarterly yearly hourly nightly likely costly friendly")
)
# currencies named after a spelled amount ("five million yuan", "two billion Hong Kong
# dollars"); never "won" ("two won and one lost"), nor a country's abbreviation ("HK")
_ADJECTIVES = "|".join(
    re.escape(a).replace(r"\ ", r"[ \t]")
    for a in sorted(CURRENCY_ADJECTIVES, key=len, reverse=True)
    if len(a) > 2 or a == "us"
)
#: Currency words after a spelled amount, with the spoken "bucks" ("a buck fifty").
MONEY_WORDS = {**CURRENCY_WORDS, "buck": "USD", "bucks": "USD"}
_NOUNS = "|".join(sorted((w for w in MONEY_WORDS if w != "won"), key=len, reverse=True))
_TOKEN = re.compile(r"[A-Za-z]+")
UNIT_AFTER = re.compile(
    rf"""
    (?P<pct>[ \t]?%|(?:[ \t]|-(?=[Pp]))?(?i:percent\b|per[ \t]cent\b|pct\b|percentage[ \t]points?\b))
  | (?P<bps>[ \t](?i:basis[ \t]points?\b|bps\b|bp\b))
  | [ \t](?:(?P<cadj>(?i:{_ADJECTIVES}|euro))[ \t])?(?P<cents>(?i:cents?)\b)
  | [ \t](?:(?P<adj>(?i:{_ADJECTIVES}))[ \t])?(?P<cword>(?i:{_NOUNS})\b)
  | [ \t](?P<code>{"|".join(sorted(CURRENCY_CODES))})\b
    """,
    re.VERBOSE,
)
# what makes "half a" a figure: a percent after it
_PERCENT_NEXT = re.compile(r"[ \t]+(?i:percent|percentage[ \t]points?|per[ \t]cent)\b")
NEXT_WORD = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?([A-Za-z]+)")
# "a buck fifty", "a dollar and five cents": the words after a run "a"
_A_DOLLAR = re.compile(r"[ \t]+(?i:buck|dollar)\b")
UNIT_WORDS = frozenset(_words("percent pct cent cents basis bps bp"))


@dataclass(frozen=True, slots=True)
class WordToken:
    word: str  # lower case
    start: int
    end: int
    hyphen: bool  # joined to the previous token by a hyphen


@dataclass(slots=True)
class SpelledNumber:
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


class WordParser:
    """Recursive descent over the tokens of one run of number words."""

    def __init__(self, text: str, toks: Sequence[WordToken], whole: bool = False) -> None:
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
        m = NEXT_WORD.match(self.text, self.toks[i].end)
        return m.group(1).lower() if m is not None and m.start(1) > m.start() else ""

    def below_hundred(self, i: int) -> tuple[int, int] | None:
        """1..99 from token ``i``: (value, next index)."""
        w = self.word(i)
        if w in SPELLED_TEENS:
            return SPELLED_TEENS[w], i + 1
        if w in SPELLED_TENS:
            u = self.word(i + 1)
            if u in SPELLED_UNITS and u != "zero":
                return SPELLED_TENS[w] + SPELLED_UNITS[u], i + 2
            return SPELLED_TENS[w], i + 1
        if w in SPELLED_UNITS and w != "zero":
            return SPELLED_UNITS[w], i + 1
        return None

    def group(self, i: int, first: bool) -> tuple[int, int] | None:
        """1..9999 as "[n hundred [and] ]m": (value, next index); "a" is one at the start."""
        if (
            first
            and self.word(i) in ("a", "an")
            and self.word(i + 1) in ("hundred", *SPELLED_SCALES)
        ):
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
            scale = SPELLED_SCALES.get(self.word(j))
            if scale is None or scale >= below:
                return total + value, j, largest
            total += value * int(scale)
            below, largest = scale, max(largest, scale)
            j += 1
            k = j + 1 if self.word(j) == "and" else j
            nxt = self.group(k, first=False)
            if nxt is None:
                return total, j, largest
            after = SPELLED_SCALES.get(self.word(nxt[1]))
            if after is not None and after >= below:
                return total, j, largest  # "one million two million": two numbers
            if after is None and below >= 10**6:
                # "a billion two" is spoken for 1.2 billion, "two million five shares" is
                # written for 2,000,005 shares: the words after the tail tell which (a
                # phrase read alone is written, unless it starts "a billion")
                spoken = self.word(i) in ("a", "an")
                if not spoken and (self.whole or noun_like(self.word_after(nxt[1] - 1))):
                    g = nxt
                    continue
                if not noun_like(self.word_after(nxt[1] - 1)):
                    one_word = k == j and nxt[1] == k + 1 and nxt[0] < 10 and largest == below
                    self.tail = (nxt[0], nxt[1], one_word)
                return total, j, largest  # "a billion two years ago": the tail counts years
            g = nxt

    def number(self, i: int) -> SpelledNumber | None:
        """The longest number starting at token ``i``, or None."""
        w = self.word(i)
        if w in ("minus", "negative"):
            n = self.number(i + 1)
            if n is None or n.negative:
                return None
            n.value, n.negative = -n.value, True
            return n
        if w == "point" and self.word(i + 1) in DIGIT_WORDS:
            n = self.point(0, i + 1)  # "point five percent"
            n.leading_point = True
            return n
        if w in _ZEROS and self.word(i + 1) == "point" and self.word(i + 2) in DIGIT_WORDS:
            return self.point(0, i + 2)  # "oh point five", "nought point five"
        if w == "half" and self.word(i + 1) in ("a", "an"):
            return self.half_a(i + 2)
        if w == "half" and i + 1 == len(self.toks):  # "half of one percent" (the run: "half")
            return SpelledNumber(
                i + 1, Decimal("0.5"), precision=Decimal("0.5"), digits=1, decimal=True
            )
        if w in ("a", "an"):
            denom = self.word(i + 1)
            if denom == "dozen":
                return SpelledNumber(i + 2, Decimal(12), digits=2, count=True)
            if denom in SPELLED_DENOMINATORS and (
                denom == "half" or self.whole or self.word_after(i + 1) == "of"
            ):
                return self.fraction(1, i + 1)
            if i + 1 == len(self.toks) and _A_DOLLAR.match(self.text, self.toks[i].end):
                return SpelledNumber(i + 1, ONE, count=True)  # "a buck fifty", "a dollar five"
        card = self.cardinal(i)
        if card is None:
            return None
        value, j, scale = card
        if self.tail is not None:
            tail, end, one_word = self.tail
            if not one_word:  # "a billion twenty-five", "one million and five": unclear
                return SpelledNumber(end, Decimal(value), skip=True)
            mantissa = Decimal(value) / scale + Decimal(tail) / 10  # "a billion two": 1.2
            return SpelledNumber(
                end,
                mantissa * scale,
                scale=scale,
                precision=scale / 10,
                digits=significant_digits(format(mantissa, "f").replace(".", "")),
                decimal=True,
            )
        if scale == ONE:
            nxt = self.word(j)
            if nxt == "point" and self.word(j + 1) in DIGIT_WORDS:
                return self.point(value, j + 1)
            if nxt == "and":
                # "two and a half", "one and one-half", "two and one-quarter", "three and
                # three-quarters" (as contracts spell rates: "one and one-half percent")
                part = _AND_PARTS.get((self.word(j + 1), self.word(j + 2)))
                if part is not None:
                    return self.with_half(value, j + 3, part)
            if 0 < value < 100 and nxt in ("dozen", "dozens"):
                return SpelledNumber(
                    j + 1,
                    Decimal(12 * value),
                    digits=len(str(12 * value)),
                    count=True,
                    skip=nxt == "dozens",
                )
            if 0 < value < 100 and (
                nxt in SPELLED_DENOMINATORS or nxt in SPELLED_DENOMINATORS_PLURAL
            ):
                return self.fraction(value, j)
            if 0 < value < 100 and (nxt in SPELLED_CARDINALS or nxt in _ZEROS):
                return self.pair(value, j)
        return _whole(j, Decimal(value), scale)

    def pair(self, first: int, j: int) -> SpelledNumber:
        """Two numbers below a hundred in a row, as speech says them: "one fifty million"
        (150 million), "one forty-two basis points" (142). Anything else is read, but as no
        figure: a year ("twenty twenty-five"), or unclear ("nineteen ninety-nine dollars":
        $19.99 or $1,999? "one twenty-five": 125 or 1.25?); a reading of its last words
        alone would be a wrong one."""
        w = self.word(j)
        if w in SPELLED_TENS and j + 1 < len(self.toks) and self.toks[j + 1].hyphen:
            unit = self.word(j + 1)
            part = (SPELLED_DENOMINATORS if first == 1 else SPELLED_DENOMINATORS_PLURAL).get(unit)
            if part is not None and part < 10 and not unit.startswith("quarter"):
                # "one forty-eighth", "three twenty-fifths": a fraction, never 1 or 48
                den = SPELLED_TENS[w] + part
                return SpelledNumber(
                    j + 2,
                    _QUOTIENT.divide(Decimal(first), Decimal(den)),
                    precision=_QUOTIENT.divide(ONE, Decimal(den)),
                    digits=len(str(first)),
                    fraction=(first, den),
                )
        oh = w in _ZEROS and self.word(j + 1) in SPELLED_UNITS and self.word(j + 1) != "zero"
        second = (SPELLED_UNITS[self.word(j + 1)], j + 2) if oh else self.below_hundred(j)
        if second is None:  # "one zero"
            return SpelledNumber(j + 1, Decimal(first), skip=True)
        value, k = second
        hundreds = value >= 10 or oh  # "one fifty", "one oh five"; never "one five"
        scale = SPELLED_SCALES.get(self.word(k))
        combined = Decimal(first * 100 + value)
        if first < 10 and hundreds and scale is not None:
            return _whole(k + 1, combined * scale, scale)
        after = UNIT_AFTER.match(self.text, self.toks[k - 1].end) if k == len(self.toks) else None
        if first < 10 and hundreds and after is not None and after.group("bps"):
            return SpelledNumber(k, combined, digits=3)
        # the rest, years ("twenty twenty-five", "nineteen ninety-nine") among them: no claim
        return SpelledNumber(k + (scale is not None), Decimal(first), skip=True)

    def half_a(self, j: int) -> SpelledNumber | None:
        """'half a million', 'half a dozen'."""
        w = self.word(j)
        if w == "dozen":
            return SpelledNumber(j + 1, Decimal(6), digits=1, count=True)
        if not w and _PERCENT_NEXT.match(self.text, self.toks[j - 1].end):
            half = Decimal("0.5")  # "half a percent", "half a percentage point"
            return SpelledNumber(j, half, precision=half, digits=1, decimal=True)
        mult = Decimal(100) if w == "hundred" else SPELLED_SCALES.get(w)
        if mult is None:
            return None
        half = Decimal("0.5")
        scale = ONE if w == "hundred" else mult
        return SpelledNumber(
            j + 1, half * mult, scale=scale, precision=half * scale, digits=1, decimal=True
        )

    def point(self, whole: int, j: int) -> SpelledNumber:
        """'four point two [million]': digits after "point" are single digit words ("one
        point oh five": 1.05)."""
        frac = ""
        while self.word(j) in DIGIT_WORDS:
            frac += str(DIGIT_WORDS[self.word(j)])
            j += 1
        mantissa = Decimal(f"{whole}.{frac}")
        scale = SPELLED_SCALES.get(self.word(j), ONE)
        j += scale != ONE
        return SpelledNumber(
            j,
            mantissa * scale,
            scale=scale,
            precision=ONE.scaleb(-len(frac)) * scale,
            digits=significant_digits(f"{whole}{frac}"),
            decimal=True,
        )

    def with_half(self, whole: int, j: int, part: Decimal = Decimal("0.5")) -> SpelledNumber:
        """'two and a half [million]', 'one and one-quarter [percent]'."""
        scale = SPELLED_SCALES.get(self.word(j), ONE)
        j += scale != ONE
        mantissa = whole + part
        step = Decimal("0.5") if part == Decimal("0.5") else Decimal("0.25")
        return SpelledNumber(
            j,
            mantissa * scale,
            scale=scale,
            precision=step * scale,
            digits=significant_digits(f"{whole}{str(part)[2:]}"),
            decimal=True,
        )

    def fraction(self, num: int, j: int) -> SpelledNumber:
        """numerator ``num`` then a denominator word at token ``j``: 'two thirds', 'a half'."""
        w = self.word(j)
        den = SPELLED_DENOMINATORS.get(w) if num == 1 else SPELLED_DENOMINATORS_PLURAL.get(w)
        if den is None:  # "twenty-fifth", "one fifths": an ordinal or a slip, not a fraction
            return SpelledNumber(j + 1, Decimal(num), skip=True)
        # "three quarters of", "three-quarters": a fraction; "two quarters" counts periods
        if (
            w.startswith("quarter")
            and not self.whole
            and not (self.toks[j].hyphen or self.word_after(j) == "of")
        ):
            return _whole(j, Decimal(num), ONE)
        value = _QUOTIENT.divide(Decimal(num), Decimal(den))
        return SpelledNumber(
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


def significant_digits(digits: str) -> int:
    return len(digits.lstrip("0")) or 1


def _whole(end: int, value: Decimal, scale: Decimal) -> SpelledNumber:
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
    return SpelledNumber(
        end,
        value,
        scale=scale,
        precision=precision,
        digits=significant_digits(text),
        count=scale == ONE,
    )


def tokens_of(run: str, offset: int) -> list[WordToken]:
    toks: list[WordToken] = []
    prev_end = 0
    for m in _TOKEN.finditer(run):
        toks.append(
            WordToken(
                m.group().lower(),
                offset + m.start(),
                offset + m.end(),
                run[prev_end : m.start()] == "-",
            )
        )
        prev_end = m.end()
    return toks


def noun_like(word: str) -> bool:
    """Whether ``word``, after a number, could be what it counts ("two years"), not a unit,
    a function word or the end of the phrase ("" for punctuation)."""
    return bool(word) and not (
        word in NOT_NOUNS
        or word in MONEY_WORDS
        or word in UNIT_WORDS
        or (word.endswith("ly") and word not in LY_ADJECTIVES)
    )
