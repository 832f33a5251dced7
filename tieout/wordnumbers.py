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

Precision follows the digit grammar: one step of the last digit the number would be
written with, times its scale ("five million" as "5 million": 1,000,000; "four point
two million": 100,000; "forty-two": 1). A fraction's step is one part (1/3 for "two
thirds"); the value is the quotient to 28 significant digits and ``where`` says
"fraction 2/3".
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Context, Decimal

from tieout._vocab import CURRENCY_ADJECTIVES, CURRENCY_CODES, CURRENCY_WORDS
from tieout.figures import Figure, currency_before, normalize

__all__ = ["NUMBER_WORDS", "spelled_figures", "words_to_number"]

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
#: Every word a spelled-out number can be made of (a cheap test before reading words).
NUMBER_WORDS = frozenset(
    {
        *_CARDINALS,
        *_SCALES,
        *_DENOM_ONE,
        *_DENOM_MANY,
        *_words("hundred and a an point dozen dozens halves minus negative"),
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
    point dozen dozens""")
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
_NOUNS = "|".join(sorted((w for w in CURRENCY_WORDS if w != "won"), key=len, reverse=True))


_Trie = dict[str, "_Trie"]


def _alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words`` as a trie ("t(?:en|w(?:o|elve))"), fast to try."""
    trie: _Trie = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: _Trie) -> str:
        alts = [re.escape(c) + emit(node[c]) for c in sorted(k for k in node if k)]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


_SEP = r"(?:-|[ \t]+|[ \t]*\r?\n[ \t]*)"  # between number words: hyphen or space, one line break
_END = r"(?![A-Za-z0-9_])"
_A_NEXT = r"(?:hundred|thousand|million|billion|trillion|dozen|half|quarter|third|fifth|tenth)"
_STARTS = _alternation([*_CARDINALS, "minus", "negative"])
_CONTINUES = _alternation(
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
    ]
)
_FIRST_LETTERS = "".join(sorted({w[0] for w in [*_CARDINALS, "minus", "negative", "a", "half"]}))

# One pass over the text, lower-cased (case-blind matching is slower). The look-ahead on
# the first letter lets the engine reject most positions at once; "a" and "half" start a
# run only before the words they quantify.
_RUN_PATTERN = rf"""
    (?<![A-Za-z0-9_])
    (?=[{_FIRST_LETTERS}])
    (?:
        {_STARTS}
      | a(?=[ \t]+{_A_NEXT}{_END})
      | half(?=[ \t]+an?[ \t]+(?:dozen|hundred|thousand|million|billion|trillion){_END})
      | half(?=[ \t]+(?:an?|of[ \t]+(?:an?|one))[ \t]+(?:percent|percentage|per[ \t]cent){_END})
    )
    {_END}
    (?:{_SEP}(?:{_CONTINUES}){_END})*
"""
_RUN = re.compile(_RUN_PATTERN, re.VERBOSE)
_RUN_ANY_CASE = re.compile(_RUN_PATTERN, re.VERBOSE | re.IGNORECASE)  # when lower() moves text
_TOKEN = re.compile(r"[A-Za-z]+")
_AFTER = re.compile(
    rf"""
    (?P<pct>[ \t]?%|(?:[ \t]|-(?=[Pp]))?(?i:percent\b|per[ \t]cent\b|pct\b|percentage[ \t]points?\b))
  | (?P<bps>[ \t](?i:basis[ \t]points?\b|bps\b|bp\b))
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


class _Parser:
    """Recursive descent over the tokens of one run of number words."""

    def __init__(self, text: str, toks: Sequence[_Tok], whole: bool = False) -> None:
        self.text = text
        self.toks = toks
        self.whole = whole  # the tokens are the whole phrase (words_to_number)

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
        card = self.cardinal(i)
        if card is None:
            return None
        value, j, scale = card
        if scale == ONE:
            nxt = self.word(j)
            if nxt == "point" and self.word(j + 1) in _UNITS:
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
        return _whole(j, Decimal(value), scale)

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
        """'four point two [million]': digits after "point" are single digit words."""
        frac = ""
        while self.word(j) in _UNITS:
            frac += str(_UNITS[self.word(j)])
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


def _figure(text: str, toks: Sequence[_Tok], first: int, n: _Number) -> Figure | None:
    """Attach units and apply the context rules; None when it is not a figure."""
    start, end = toks[first].start, toks[n.end - 1].end
    if n.skip or _is_compound(text, start, end):
        return None
    if n.fraction and toks[first].word in ("a", "an") and _word_before(text, start)[0] == "and":
        return None  # "a year and a half" is not a half
    value, precision = n.value, n.precision
    kind, unit = "number", None
    currency, pre_start = _currency_before(text, start)
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
    elif after is not None and (after.group("cword") or after.group("code")):
        adj = (after.group("adj") or "").lower().replace("\t", " ")
        code = (
            after.group("code")
            or CURRENCY_ADJECTIVES.get(adj)
            or CURRENCY_WORDS[after.group("cword").lower()]
        )
        kind, unit, end = "currency", code, after.end()
    if currency is not None and kind != "percent":
        kind, unit, start = "currency", unit or currency, pre_start
    if kind == "number" and n.count and n.scale == ONE:
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
        scale=n.scale,
        scale_source="word" if n.scale != ONE else "none",
        precision=precision,
        negative=n.negative,
        digits=n.digits,
        decimal=n.decimal and n.fraction is None,
        where=where,
        spelled=True,
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
    for m in runs:
        if m.start() < past:
            continue
        toks = _tokens(m.group(), m.start())
        parser = _Parser(text, toks)
        i = 0
        while i < len(toks):
            n = parser.number(i)
            if n is None:
                i += 1
                continue
            fig = _figure(text, toks, i, n)
            if fig is not None and not _overlaps(fig.span, taken, starts):
                out.append(fig)
                past = fig.span[1]
            i = n.end
    return out


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
