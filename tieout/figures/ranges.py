"""What neighbouring figures tell each other: the ends of a range ("$4-5 million"), a list
sharing one scale word ("$75, $150 and $300 million"), a prior-year comparative in
brackets ("MSEK 4,512 (4,101)"), a number written in words and restated in digits.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tieout.figures.exact import ONE, times
from tieout.figures.figure import Figure, FigureKind
from tieout.figures.quantities import PER_SHARE_BEFORE, per_unit

__all__ = ["link_comparatives", "link_ranges", "restated_once", "share_list_scale"]


_RANGE_JOIN = re.compile(r"\s?(?:-|to|through)\s?| and ")
_VERSUS = re.compile(r"[^\S\n](?:vs\.?|versus|v\.)[^\S\n]")


def _after_between(text: str, pos: int) -> bool:
    """Whether the word "between" and one space stand right before ``pos``."""
    k = pos - 8
    return k >= 0 and text[k:pos].lower() == "between " and (k == 0 or not text[k - 1].isalpha())


def _in_unit(fig: Figure, kind: FigureKind, unit: str | None) -> Figure:
    """A bare range end in the other end's unit: "30" of "30-40 bps" is 0.30%, not 30%."""
    if unit != "basis_point" or fig.value is None:
        return replace(fig, kind=kind, unit=unit)
    return replace(fig, kind=kind, unit=unit, value=fig.value / 100, precision=fig.precision / 100)


def _count_sized(fig: Figure) -> bool:
    """Whether a bare range end is too large to share the other end's "%": grouped
    ("301,447") or a thousand or more."""
    return fig.grouped or (fig.value is not None and abs(fig.value) >= 1000)


def link_ranges(text: str, figs: list[Figure]) -> list[Figure]:
    """'$130k-$190k', '$4-5 million', '10 to 20%': each end borrows what the other states."""
    out = list(figs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.kind == "section" or b.kind == "section":
            continue
        between = text[a.span[1] : b.span[0]]
        if a.kind == "number" and b.kind == "quantity" and _VERSUS.fullmatch(between):
            # "median OS 18.4 vs 13.1 months": both are months
            out[i] = replace(a, kind="quantity", unit=b.unit, per=b.per)
            continue
        if len(between) > 9 or not _RANGE_JOIN.fullmatch(between):
            continue
        if between == " and " and not _after_between(text, a.span[0]):
            continue  # "3 and 7%" is a range only after "between"
        if a.negative or a.is_year or b.is_year:
            continue
        if a.kind != "number" and b.kind != "number" and (a.kind, a.unit) != (b.kind, b.unit):
            continue  # "up 9.8% to $57.5 billion" is a change, not a range
        if b.kind == "number" and a.kind == "currency" and b.scale_source != "context":
            assert b.value is not None
            b = replace(b, kind="currency", unit=a.unit)
        if a.kind == "number" and b.kind in ("currency", "percent"):
            if b.kind == "percent" and _count_sized(a):
                continue  # "301,447 to 3.2%": no range of percents
            a = _in_unit(a, b.kind, b.unit)
        if a.kind == "percent" and b.kind == "number":
            if _count_sized(b):
                continue  # "rose 3.2% to 301,447": a change and a level, no range
            b = _in_unit(b, "percent", a.unit)
        if a.kind == "currency" and b.kind == "currency" and a.per is None:
            per = b.per or per_unit(text, b.span[1])
            if per is not None:  # "$40-45/bbl": both ends are prices per barrel
                a, b = replace(a, per=per), replace(b, per=per)
        elif (
            a.kind == "currency"
            and b.kind == "currency"
            and b.per is None
            and a.per == "share"
            and PER_SHARE_BEFORE.search(text, max(0, a.span[0] - 40), a.span[0])
        ):
            b = replace(b, per="share")  # "per share of $33.40 to $44.15": both ends
        if a.kind == "number" and b.kind == "quantity" and not a.multiple:
            a = replace(a, kind="quantity", unit=b.unit, per=b.per)  # "1,150-1,800 MW"
        if b.multiple and a.kind == "number" and a.scale == ONE:
            a = replace(a, multiple=True)  # "3-4x": three to four times
        whole_digits = a.digits - (len(a.text.split(".")[-1]) if a.decimal else 0)
        if (
            a.kind != "percent"
            and a.scale == ONE
            and b.scale != ONE
            and a.value is not None
            and not a.grouped
            and whole_digits <= 3
        ):
            # "$4-5 million" is four to five million; "800,000 to 1.2 million" is not
            a = replace(
                a,
                value=times(a.value, b.scale),
                precision=times(a.precision, b.scale),
                scale=b.scale,
                scale_source=b.scale_source,
            )
        out[i], out[i + 1] = a, b
    return out


# what joins the amounts of a list that shares one scale word: "$75, $150 and $300
# million", "$75/$150/$300 million" (never "or": a line may be cut before it)
_LIST_JOINS = frozenset([", ", ", and ", " and ", "/"])


def share_list_scale(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` with the scale word that ends a list of amounts given to each amount before
    it: "$75, $150 and $300 million" is $75 million, $150 million and $300 million, as
    "$75/$150/$300 million" is. A list of three or more, or joined by slashes; each amount
    in one currency, written with one to three whole digits and no scale of its own."""
    out = figs
    i = 0
    n = len(figs)
    while i < n - 1:
        j = i  # the list runs from i to j
        slashed = False
        while j + 1 < n:
            a, b = figs[j], figs[j + 1]
            between = text[a.span[1] : b.span[0]]
            if between not in _LIST_JOINS or not _listed_amount(a, figs[i]):
                break
            slashed = slashed or between == "/"
            j += 1
            if b.scale != ONE:
                break
        last = figs[j]
        if (
            j > i
            and (j - i >= 2 or slashed)
            and last.scale != ONE
            and last.scale_source in ("word", "suffix")
            and last.kind == "currency"
            and last.unit == figs[i].unit
            and last.per is None
        ):
            if out is figs:
                out = list(figs)
            for k in range(i, j):
                f = figs[k]
                assert f.value is not None
                out[k] = replace(
                    f,
                    value=times(f.value, last.scale),
                    precision=times(f.precision, last.scale),
                    scale=last.scale,
                    scale_source=last.scale_source,
                )
        i = max(j, i + 1)
    return out


def _listed_amount(fig: Figure, first: Figure) -> bool:
    """Whether ``fig`` may stand before the scale word of a list that ``first`` opens:
    an amount in ``first``'s currency with no scale and one to three whole digits."""
    whole = fig.digits - (len(fig.text.split(".")[-1]) if fig.decimal else 0)
    return (
        fig.kind == "currency"
        and fig.unit == first.unit
        and fig.scale == ONE
        and fig.scale_source == "none"
        and fig.per is None
        and not fig.negative
        and not fig.grouped
        and whole <= 3
    )


# the currencies of the reports that print a prior-year comparative bare in brackets
_COMPARATIVE_CURRENCIES = frozenset(["SEK", "NOK", "DKK", "ISK", "EUR", "CHF"])


def link_comparatives(text: str, figs: list[Figure]) -> list[Figure]:
    """ "MSEK 4,512 (4,101)", "SEK 4,512m (4,101)", "SEK 655m (612m)": the bare figure alone
    in brackets right after an amount is its prior-year comparative, as Nordic reports
    print it: in the amount's currency (and its scale, when the bracket names none). A
    year ("(2025)") and a bracket that holds words ("(2025: 4,101)") are not one."""
    out = figs
    for i in range(len(figs) - 1):
        a, b = figs[i], figs[i + 1]
        if a.kind != "currency" or a.per is not None or b.kind != "number" or b.is_year:
            continue
        if b.value is None or b.multiple or b.section is not None or b.digits < 2:
            continue  # "(1)": a footnote's mark
        if a.unit not in _COMPARATIVE_CURRENCIES:
            continue
        lo, hi = b.span
        if text.startswith("(", lo):  # "(4,101)", read as a negative
            inner_lo, close = lo + 1, hi - 1
        else:  # "(612m)", "(4,101)" after a scale: the brackets around the figure
            inner_lo, close = lo, hi
            lo -= 1
        if (
            text[a.span[1] : lo] != " "
            or text[lo : lo + 1] != "("
            or text[close : close + 1] != ")"
            or not text[inner_lo:close].strip()
            or text[close + 1 : close + 2].isalnum()
        ):
            continue
        value = abs(b.value)
        precision, scale, source = b.precision, b.scale, b.scale_source
        if b.scale == ONE and a.scale != ONE:
            value, precision = times(value, a.scale), times(precision, a.scale)
            scale, source = a.scale, a.scale_source
        if out is figs:
            out = list(figs)
        out[i + 1] = replace(
            b,
            kind="currency",
            unit=a.unit,
            value=value,
            precision=precision,
            scale=scale,
            scale_source=source,
            negative=False,
        )
    return out


def restated_once(text: str, figs: list[Figure]) -> list[Figure]:
    """``figs`` without a number written in words that the digits in the bracket next to
    it restate ("five million (5,000,000) shares", "Fifty Thousand Dollars ($50,000)",
    "5,000,000 (five million)"): one figure, the digits, checked once. Where the two
    differ ("five million (4,000,000)") both stay, and each is checked."""
    drop: set[int] = set()
    for k in range(len(figs) - 1):
        a, b = figs[k], figs[k + 1]
        if a.spelled == b.spelled or a.magnitude is None or a.magnitude != b.magnitude:
            continue
        between = text[a.span[1] : b.span[0]]
        if not (between.strip() == "(" or (not between.strip() and b.text.startswith("("))):
            continue
        words, digits = (a, b) if a.spelled else (b, a)
        if (words.kind == digits.kind and words.unit == digits.unit) or (
            words.kind == "number" and words.unit is None and words.scale != ONE
        ):
            drop.add(k if a.spelled else k + 1)
    return [f for k, f in enumerate(figs) if k not in drop] if drop else figs
