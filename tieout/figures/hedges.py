"""Hedges: the words that make a figure an approximation ("about $800 million") or a
bound ("more than 4,000", "$25 million or more"), and a draft's thresholds ("the $5
million cap").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from tieout._vocab import CURRENCY_ADJECTIVES, CURRENCY_SIGNS, CURRENCY_WORDS, NUMBER_WORDS
from tieout.figures.figure import Figure

__all__ = ["hedged_phrase", "is_bound", "mark_draft_hedges", "mark_hedged"]


# the words that make a figure an approximation or a bound, right before it (its currency
# symbol or code aside): "about $800 million", "a little over $1 billion", "~40%", "c. 12%",
# "rund 95 Mio. €", ">$50M", "≥ 10%"; each list in the words' own case-insensitive spelling
_APPROX_BEFORE = (
    "about", "approximately", "approximate", "approx.", "approx", "roughly", "around",
    "nearly", "almost", "some", "circa", "ca.", "c.", "close to", "an estimated", "estimated",
    "in the region of", "in the neighborhood of", "in the neighbourhood of",
    # German, French, Swedish, Dutch, Spanish, Portuguese, Italian
    "rund", "etwa", "ungefähr", "zirka", "knapp", "environ", "près de", "autour de",
    "approximativement", "cirka", "omkring", "ungefär", "knappt", "närmare", "ongeveer",
    "aproximadamente", "alrededor de", "cerca de",
)  # fmt: skip
_BOUND_BEFORE = (
    "more than", "less than", "fewer than", "greater than", "higher than", "lower than",
    "over", "under", "above", "below", "upwards of", "upward of", "north of", "south of",
    "in excess of", "up to", "at least", "at most", "as much as", "as many as", "as high as",
    "as low as", "maximum of", "minimum of", "capped at", "exceed", "exceeds", "exceeded",
    "exceeding", "surpassing", "to exceed", "not exceed", "not to exceed", "shall not exceed",
    "will not exceed", "may not exceed", "does not exceed", "may exceed", "could exceed",
    "über", "mehr als", "weniger als", "bis zu", "mindestens", "höchstens", "plus de",
    "moins de", "au moins", "au plus", "jusqu'à", "över", "mer än", "mindre än", "drygt",
    "upp till", "minst", "högst", "meer dan", "minder dan", "más de", "menos de", "mais de",
    "oltre",
)  # fmt: skip
_BOUND_SYMBOLS = "<>≤≥⩽⩾‹"


def _hedge_words(words: Iterable[str]) -> str:
    return "|".join(
        re.escape(w).replace(r"\ ", r"[^\S\n]+") for w in sorted(words, key=len, reverse=True)
    )


# the last word of each ("than", "of", "about"): a cheap test before the pattern is tried
_HEDGE_ENDS = frozenset(
    w.split()[-1].lower().rstrip(".") for w in (*_APPROX_BEFORE, *_BOUND_BEFORE, "an aggregate of")
)
# ... those a hedge of one word ends with ("about", "over"), and the last two words of the
# longer ones ("capped at", "up to", "aggregate of"): "stood at $4.2 million" is no hedge,
# and most figures of a draft follow an "at", "of" or "to"
_HEDGE_SOLO = frozenset(
    w.lower().rstrip(".") for w in (*_APPROX_BEFORE, *_BOUND_BEFORE) if len(w.split()) == 1
)
_HEDGE_PAIRS = frozenset(
    (w.split()[-2].lower(), w.split()[-1].lower().rstrip("."))
    for w in (*_APPROX_BEFORE, *_BOUND_BEFORE)
    if len(w.split()) > 1
) | frozenset((w, "of") for w in ("aggregate", "total", "maximum", "combined", "amount"))
_HEDGE_BEFORE = re.compile(
    rf"(?:(?<![^\W\d_])(?i:{_hedge_words(_APPROX_BEFORE + _BOUND_BEFORE)})"
    # "up to an aggregate of $850 million", "not to exceed a total of $40 million"
    r"(?:[^\S\n]+(?i:an?|the)[^\S\n]+(?i:aggregate|total|maximum|combined)"
    r"(?:[^\S\n]+(?i:amount))?[^\S\n]+(?i:of))?"
    rf"|~|≈|[{_BOUND_SYMBOLS}]=?)[^\S\n]?$"
)
# the same right after a figure: "$25 million or more", "120%+", "$25 million-plus",
# "$1.1 billion (approx.)", "$1.1 billion, approximately.", "$5.5M (est.)"; a "+" only
# where it adds nothing ("3x+ gross", never "4,200+300" nor "$4M + $1M")
_HEDGE_AFTER = re.compile(
    r"\+(?![\w+]|[^\S\n]*[\d$€£¥(+\-])"
    r"|-(?i:plus)\b"
    r"|[^\S\n]+(?i:or[^\S\n]+(?:more|less|greater|fewer|higher|lower|above|below|over|under)"
    r"|and[^\S\n]+(?:above|over|up|upwards?|higher|greater|more))\b"
    # "$302 billion and change": a little more ("and change management" is no hedge)
    r"|[^\S\n]+(?i:and[^\S\n]+change)\b(?!-|[^\S\n]+(?i:management|control|orders?|requests?)\b)"
    r"|[^\S\n]*\((?i:approx\.?|approximately|est\.?|estimated|max\.?|maximum|min\.?|minimum)\)"
    r"|(?:,[^\S\n]*(?i:approx\.|approximately)|[^\S\n]+(?i:or[^\S\n]+so))"
    r"(?=[^\S\n]*(?:[.;:,)\]]|$))",
    re.MULTILINE,
)
_APPROX = frozenset(
    " ".join(w.split()).strip(".") for w in (*_APPROX_BEFORE, "~", "≈", "(approx.)", "(est.)")
) | frozenset({"approx", "(approx)", "(approximately)", "(est)", "(estimated)", "or so"})
_FILLER = re.compile(r" (?:an?|the) (?:aggregate|total|maximum|combined)(?: amount)? of$")


_HEDGED_MARKS = frozenset(CURRENCY_SIGNS)
# a band a figure is the middle or an end of: "mid-3%", "high-17%", "low-2%"
_BAND_BEFORE = re.compile(r"(?<![\w-])(?i:low|mid|high)-$")


def is_bound(hedged: str) -> bool:
    """Whether the hedge words ``hedged`` (a :attr:`Figure.hedged`) bound the figure ("more
    than", ">", "up to an aggregate of", "or more", "+") rather than round it ("about",
    "~", "(approx.)"): a bound is never the figure, however many digits it has."""
    said = _FILLER.sub("", " ".join(hedged.lower().split())).lstrip(", ")
    return bool(said) and said not in _APPROX and said.strip(".") not in _APPROX


def hedged_phrase(fig: Figure) -> str:
    """How a hedged ``fig`` is stated, its hedge words in their place: "about $800 million",
    "$25 million or more", "120%+"."""
    h = fig.hedged
    if not h:
        return fig.text
    if h[0] in "+-,(" or h.lower().startswith(("or ", "or\t", "and ", "and\t")):
        return f"{fig.text}{'' if h[0] in '+-,' else ' '}{h}"
    return f"{h}{'' if h[0] in _BOUND_SYMBOLS or h[-1] == '-' else ' '}{fig.text}"


def _end_letters(token: str) -> str:
    """The letters (and apostrophes: "jusqu'à") a token ends with ("(cap" → "cap", "cap,"
    → "")."""
    if token.isalpha():
        return token
    i = len(token)
    while i > 0 and (token[i - 1].isalpha() or token[i - 1] == "'"):
        i -= 1
    return token[i:]


def _may_hedge(text: str, k: int) -> bool:
    """Whether the word or mark that ends at ``k`` (a space aside) can end a hedge."""
    j = k - 1 if text[k - 1] == "\n" else k  # "a little over\n$1 billion", as a line wraps
    j = j - 1 if j > 0 and text[j - 1] in " \t" else j
    if j <= 0:
        return False
    c = text[j - 1]
    if c in _BOUND_SYMBOLS or c in "~≈=":
        return True
    if c == ".":
        j -= 1
    if j <= 0 or not (text[j - 1].isalpha() or text[j - 1] == "'"):
        return False
    words = text[max(0, j - 60) : j].lower().rsplit(None, 1)  # the last two, read cheaply
    last = _end_letters(words[-1])
    if last not in _HEDGE_ENDS:
        return False
    if last in _HEDGE_SOLO:
        return True
    return len(words) > 1 and (_end_letters(words[0]), last) in _HEDGE_PAIRS


def _symbol_hedge(text: str, at: int) -> bool:
    """Whether the "<", ">" (or "≥" …) at ``at`` compares the figure after it: not the end
    of a tag ("<td>4,200"), an arrow ("->", "=>"), nor a Markdown quote ("> Revenue …")."""
    if text[at] != ">":
        return not (at > 0 and text[at - 1] == "<")  # "<<"
    if at > 0 and text[at - 1] in "-=>":
        return False
    line = text.rfind("\n", 0, at) + 1
    if not text[line:at].strip(" \t>"):
        return False  # a Markdown block quote
    lt = text.rfind("<", max(line, at - 200), at)
    if lt >= 0 and lt + 1 < at and (text[lt + 1].isalpha() or text[lt + 1] in "/!"):
        return ">" in text[lt + 1 : at]  # "<td>" ends a tag; "<b>x</b> > 5" does not
    return True


_SPELLED_BEFORE = frozenset(
    {*NUMBER_WORDS, *CURRENCY_WORDS, *CURRENCY_ADJECTIVES, "u.s.", "us", "percent"}
)


def _spelled_before(text: str, k: int) -> int:
    """Where the words end that a contract spells a figure out in before giving it in
    digits: "not exceed One Billion Two Hundred Million U.S. Dollars ($1,200,000,000)",
    with ``k`` the place of "("; -1 when no number words stand there."""
    line = max(text.rfind("\n", max(0, k - 160), k) + 1, k - 160)  # within 160: linear
    start, numbered = -1, False
    for m in reversed(list(re.finditer(r"\S+", text[line:k]))):
        parts = [p for p in m.group().lower().rstrip(",").split("-") if p]
        if not parts or not all(p in _SPELLED_BEFORE for p in parts):
            break
        start = line + m.start()
        numbered = numbered or any(p not in CURRENCY_WORDS for p in parts)
    return start if numbered else -1


def mark_hedged(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` with each figure ``text`` states as an approximation or a bound marked
    ``hedged`` with those words ("about $800 million", "a little over $1 billion", "~40%",
    ">$50M", "$25 million or more", "120%+"): a draft that states it exactly states more
    than the source."""
    out = figs
    for i, f in enumerate(figs):
        start = f.span[0]
        if f.kind == "section":
            continue
        hedge = None
        if start > 0:
            k = start
            while (
                k > start - 4 and k > 0 and (text[k - 1] in _HEDGED_MARKS or text[k - 1].isupper())
            ):
                k -= 1  # "about $800", "about US$800", "about USD800": past the currency
            if k > 0 and _may_hedge(text, k):
                hedge = _HEDGE_BEFORE.search(text, max(0, k - 32), k)
            if (
                hedge is not None
                and hedge.group()[0] in _BOUND_SYMBOLS
                and not _symbol_hedge(text, hedge.start())
            ):
                hedge = None
            if hedge is None and text[k - 1 : k] == "(":
                words = _spelled_before(text, k - 1)
                if words > 0 and _may_hedge(text, words):
                    hedge = _HEDGE_BEFORE.search(text, max(0, words - 32), words)
            if hedge is None and text[k - 1 : k] == "-":
                # "in the mid-3% range", "up low-2%", "a high-$20s price": a band around
                # the figure, never the figure itself
                hedge = _BAND_BEFORE.search(text, max(0, k - 6), k)
        if hedge is None and f.span[1] < len(text):
            c = text[f.span[1]]
            # each hedge after a figure opens with "+", "-", "(", "," or a space
            if c in "+-(," or (c != "\n" and c.isspace()):
                hedge = _HEDGE_AFTER.match(text, f.span[1])
        if hedge is not None:
            if out is figs:
                out = list(figs)
            out[i] = replace(f, hedged=hedge.group().strip())
    return out


# a draft's figure that names a threshold: "a 90% approval bar", "the $5 million cap"
_THRESHOLD_AFTER = re.compile(
    r"[^\S\n]+(?:[A-Za-z]+[^\S\n]+)?"
    r"(?i:bar|threshold|cap|ceiling|floor|limit|hurdle|minimum|maximum)(?![\w-])"
)


# ... or before it: "the cap is $5 million", "a threshold of 10%", "Hurdle: 8%"
_THRESHOLD_BEFORE = re.compile(
    r"(?<![\w-])(?<!(?i:market)[^\S\n])(?i:bar|threshold|cap|ceiling|floor|limit|hurdle)"
    r"(?:[^\S\n]+(?i:is|was|of|at|remains|stays|stood\ at|set\ at))?[^\S\n]*:?[^\S\n]*$"
)
# between two statements of one figure: "at most 4.00:1.00, or 4.0x", "over $5 million ("
_RESTATED = re.compile(r",?[^\S\n]*(?:\(|(?i:or)[^\S\n]+)")


def mark_draft_hedges(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` of a draft with each figure that names a threshold ("a 90% approval bar",
    "the $5 million cap") marked ``hedged`` with that word, as a bound is, and each that
    restates a hedged figure ("at most 4.00:1.00, or 4.0x") with its hedge: a source's
    "90%+ approval" or "shall not exceed 4.00 to 1.00" states that. (For a draft only: in a
    source, "the $5 million cap" states the figure exactly.)"""
    out = list(figs)
    for i, f in enumerate(out):
        if f.hedged or f.kind == "section":
            continue
        after = text[f.span[1] : f.span[1] + 1]
        m = _THRESHOLD_AFTER.match(text, f.span[1]) if after.isspace() and after != "\n" else None
        if m is None and f.span[0] > 0:
            m = _THRESHOLD_BEFORE.search(text, max(0, f.span[0] - 24), f.span[0])
        if m is not None and "market" not in m.group().lower():  # a market cap is no bound
            out[i] = replace(f, hedged=m.group().split()[-1 if m.start() >= f.span[1] else 0])
            continue
        prev = out[i - 1] if i else None
        if prev is not None and prev.hedged and prev.span[1] < f.span[0]:
            gap = _RESTATED.fullmatch(text, prev.span[1], f.span[0])
            if gap is not None:
                out[i] = replace(f, hedged=prev.hedged)
    return out
