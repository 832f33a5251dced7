"""The scanner: every match of the grammar in a normalised text, each kept as a figure,
read as a section or a special form, or passed over with the reason why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

from tieout.figures.figure import Figure
from tieout.figures.forms import (
    pair_not_fraction,
    read_ordinal_fraction,
    read_ratio,
    read_slash_list,
    read_slash_pair,
    read_spread,
)
from tieout.figures.identifiers import (
    YEAR_AFTER,
    code_end,
    identifier_reason,
    is_apostrophe_scale,
    is_code,
    is_day_of_month,
    is_footnote_mark,
    is_marker,
    is_month_count,
    is_scale_mark,
    skip_reason,
)
from tieout.figures.match import figure_from_match
from tieout.figures.numerals import precision_of
from tieout.figures.patterns import (
    AFTER_DIGITS,
    DIGIT_GROUPS,
    EXTRA_GROUPS,
    FIGURE,
    GROUP_NUMBERS,
    UNIT_GROUPS,
)
from tieout.figures.prefix import Prefix, read_prefix
from tieout.figures.sections import SectionList, section_slash
from tieout.figures.unreadable import POWER_FIRST, POWER_SIGNS, unreadable_end, unreadable_span

__all__ = ["scan_figures", "skipped"]

#: what the scan passes over, with why: (span, text, reason)
Skips = list[tuple[tuple[int, int], str, str]]


def scan_figures(
    text: str,
    skips: Skips | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[Figure]:
    """Yield figures in normalised ``text``, spans in that text, without context.

    With ``start``/``stop``: the figures whose match starts in ``[start, stop)``, read as a
    scan of the whole text would read them provided no match of that scan straddles
    ``start`` (see :func:`scan_window`)."""
    hidden = -1  # the end of an unreadable figure, past the match it was read from
    sections = SectionList()  # "Sections 12.2 and 4.1.9": the list the scan may be in
    for m in FIGURE.finditer(text, start):
        if stop is not None and m.start() >= stop:
            return
        if m.start() < hidden:
            continue
        groups = m.group(*GROUP_NUMBERS)
        skip, bad, num, _, _ = groups[DIGIT_GROUPS]
        frac = groups[EXTRA_GROUPS.start]  # the first of them
        if frac or bad or skip:
            several = _several(text, m, groups, skips, sections)
            if several is not None:  # two figures or more, or an identifier: read past them
                figs, hidden = several
                yield from figs
                continue
            if frac and frac[0] == "/" and ("." in num or "," in num):
                # "$1.0412/100AV" (a rate per $100 of assessed value): no fraction has a
                # decimal numerator; the amount is read alone, what follows it is no figure
                hidden = m.end()
                alone = _number_alone(text, m)
                if alone is None:
                    continue
                m, groups = alone, alone.group(*GROUP_NUMBERS)
                skip, bad, *_ = groups[DIGIT_GROUPS]
        if skip or bad:
            if skips is not None:
                _list_skip(text, m, groups, skips)
            continue
        fig, past = _read_number(text, m, groups, sections, skips)
        if fig is not None:
            yield fig
        if past is not None:
            hidden = past


def _read_number(
    text: str,
    m: re.Match[str],
    groups: tuple[str | None, ...],
    sections: SectionList,
    skips: Skips | None,
) -> tuple[Figure | None, int | None]:
    """The figure the number ``m`` read is (None: no figure), and where the scan goes on
    when that is past ``m`` (an identifier's digit runs, a ratio's second term)."""
    _, _, num, dotted, trailing = groups[DIGIT_GROUPS]
    units = groups[UNIT_GROUPS]
    pct, bps, sfx, _, _, _, _ = units
    assert num is not None
    pos = m.start()
    prefix = read_prefix(text, pos)
    if pos and text[pos - 1] in "xX×" and _leading_times(text, m, groups):
        fig = figure_from_match(text, m, groups, Prefix(pos))  # "x2.7 MOIC", "×2.3"
        end = fig.span[1]
        return replace(fig, text=text[pos - 1 : end], span=(pos - 1, end), multiple=True), None
    refused = _refused(text, m, num, dotted, units, groups[EXTRA_GROUPS.start], prefix, skips)
    if refused is not None:  # an identifier, "3 1/3%", "$2.5e6": no figure
        return None, refused
    tail = any(groups[AFTER_DIGITS])  # a unit, a scale or a multiple after the digits
    bare = not tail and "," not in num
    # (a cheap test first: a section is read after a section word, or from a bare number)
    if (prefix is not None and prefix.section) or (
        bare and (prefix is None or prefix.start == pos)
    ):
        section = sections.read(text, m, num, dotted, prefix, bare)
        if section is not None:
            return section, None
    glued = trailing  # letters glued to the number: a code's ("2Q26", "4G"), unless …
    if glued and not dotted and (pct or bps):
        glued = None  # "12%YoY", "35.2%vs": the percent sign ends the figure
    if glued and len(glued) == 1 and not dotted and is_marker(text, m, num, prefix):
        glued = None  # "$145,800,000E", "31,413,227P", "$412,530,118a": a marker
    if sfx == "T" and "," in num and is_marker(text, m, num, prefix, m.end()):
        alone = _number_alone(text, m)  # "$9,870,000T": a term bond
        if alone is not None:
            m, groups = alone, alone.group(*GROUP_NUMBERS)
            num, tail = groups[DIGIT_GROUPS.start + 2] or num, any(groups[AFTER_DIGITS])
    if glued and not dotted and _glued_unit(num, glued, text[m.end() : m.end() + 1]):
        glued = None  # "19.6mo", "1,310ng/mL": a figure with a unit it does not know
    if dotted or glued:  # a version string, an ordinal (1st), a code (2Q26, 4G): no figure
        if dotted and (prefix is None or not prefix.section):
            return None, _list_dotted(text, m, groups, skips)
        return None, None
    return _amount(text, m, groups, num, tail, prefix, skips)


def _amount(
    text: str,
    m: re.Match[str],
    groups: tuple[str | None, ...],
    num: str,
    tail: bool,
    prefix: Prefix | None,
    skips: Skips | None,
) -> tuple[Figure | None, int | None]:
    """The figure the number ``m`` read is, once no section, version or code: a bare number,
    a ratio, a margin over a rate, an amount; None for a day of a month, a footnote's mark,
    a table's scale or a count of months (see :func:`_read_number`). ``tail``: whether a
    unit, a scale or a multiple follows the digits."""
    pos, end = m.start(), m.end()
    if (
        len(num) <= 2
        and not tail
        and (prefix is None or prefix.start == pos)
        and is_day_of_month(text, pos, end, num)
    ):
        if skips is not None:  # "September 30, 2026", "30 June 2025": a day, no count
            skips.append(((pos, end), num, "date"))
        return None, None
    if not tail and text[end : end + 1] == ":" and (prefix is None or not prefix.currency):
        ratio = read_ratio(text, m)
        if ratio is not None:  # "3.39:1.25", "312:4": a ratio, found only as that ratio
            return ratio, ratio.span[1]
    if num in ("000", "000,000") and is_apostrophe_scale(text, pos):
        return None, None  # "HK$'000", "RMB'000": a column's scale, never an amount of nothing
    if prefix is None and not tail:  # a bare number, the common case
        if text[pos - 5 : pos] == "plus " and (spread := read_spread(text, m)) is not None:
            return spread, None  # "Term SOFR plus 275": a margin over a rate
        trailing = groups[DIGIT_GROUPS][-1]
        return _bare_number(text, pos, end if trailing is None else m.start("trailing"), num), None
    sfx, pence = groups[UNIT_GROUPS][2], groups[EXTRA_GROUPS][1]
    if (
        # (a cheap test first: no mark, code, scale or count of months is read without one)
        (sfx or pence or num in ("000", "000,000") or (prefix and prefix.open_at == pos - 1))
        and _passed_over(text, pos, end, num, sfx, pence, prefix, tail, skips)
    ):
        return None, None
    if not tail and pos > 1 and "+" in text[pos - 2 : pos]:
        spread = read_spread(text, m)
        if spread is not None:  # "S+275", "SOFR + 2.25": a margin over a rate
            return spread, None
    return figure_from_match(text, m, groups, prefix or Prefix(pos)), None


def _bare_number(text: str, pos: int, end: int, num: str) -> Figure:
    """The number ``num`` from ``pos`` to ``end`` with nothing around it: no currency, no
    unit, no scale ("4,200", "12.5", "2019")."""
    return Figure(
        text=text[pos:end],
        span=(pos, end),
        kind="number",
        unit=None,
        value=Decimal(num.replace(",", "") if "," in num else num),
        precision=precision_of(num),
        digits=len(num) - num.count(",") - num.count("."),
        grouped="," in num,
        decimal="." in num,
    )


def _several(
    text: str,
    m: re.Match[str],
    groups: tuple[str | None, ...],
    skips: Skips | None,
    sections: SectionList,
) -> tuple[list[Figure], int] | None:
    """What a match with a slash or a fraction reads as more than one number, and where
    the scan goes on after them: a fraction over an ordinal, figures written with slashes,
    two sections; or an identifier with a slash, read as no figure (listed in ``skips``).
    None where the match reads as one number."""
    skip, bad, num, dotted, trailing = groups[DIGIT_GROUPS]
    frac, *_ = groups[EXTRA_GROUPS]
    if num is None:  # a date, a time or a phone number: a list of figures at most
        # "EUR 10/20/30 million" is no date: a currency or a unit says they are amounts
        listed = read_slash_list(text, m) if skip and skip.count("/") == 2 else None
        return None if listed is None else (listed, listed[-1].span[1])
    slashed = bad is not None and bad[:1] == "/" and not dotted
    if frac and trailing and frac[0] == "/" and not dotted:
        part = read_ordinal_fraction(text, m, num, frac)
        if part is not None:  # "1/48th": a fraction, never 1 or 48
            return [part], part.span[1]
    if slashed:
        listed = read_slash_list(text, m)
        if listed is not None:  # "$0.5/1/2 billion", "2.5/3/4%": each one a figure
            return listed, listed[-1].span[1]
    if not (slashed or (frac and pair_not_fraction(num, frac))):
        return None
    if bad:
        _, _, sfx, *_ = groups[UNIT_GROUPS]
        reason = identifier_reason(text, m, num, sfx)  # "CNPJ 12,345,678/0001-90"
        if reason:
            end = code_end(text, m.end())
            if skips is not None:
                skips.append(((m.start(), end), text[m.start() : end], reason))
            return [], end
        both = section_slash(text, m, num)
        if both is not None:  # "Sections 8.3/8.4", "§§ 8.3/8.4": two sections
            sections.end_list()
            return list(both), both[1].span[1]
    pair = read_slash_pair(text, m)
    if pair is not None:  # "2.84/2.61%", "$11.85/12.90", "4,112/3,843 million"
        return list(pair), pair[1].span[1]
    return None


def _number_alone(text: str, m: re.Match[str]) -> re.Match[str] | None:
    """The match of ``m``'s number alone, without what the grammar read after it; None
    where the number reads as no figure alone."""
    alone = FIGURE.match(text, m.start(), m.end("num"))
    return alone if alone is not None and alone.end() == m.end("num") else None


def _refused(
    text: str,
    m: re.Match[str],
    num: str,
    dotted: str | None,
    units: tuple[str | None, ...],
    frac: str | None,
    prefix: Prefix | None,
    skips: Skips | None,
) -> int | None:
    """Where the scan goes on past the number ``m`` read when it is no figure, listed in
    ``skips`` with why: an identifier ("CIK 0001,005", "CAS 2095432-58-3", with the rest
    of its digit runs), a figure the grammar cannot read exactly ("3 1/3%", "$2.5e6": never
    read as 3 or 2.5), a fraction alone ("1/2", "3/4": a ratio, a score or a date as often
    as a figure; not listed). ``units``: the match's ``UNIT_GROUPS``. None for a figure."""
    pct, bps, sfx, _, _, _, _ = units
    pos = m.start()
    no_currency = prefix is None or not prefix.currency
    if no_currency and not (pct or bps) and (reason := identifier_reason(text, m, num, sfx)):
        at, end = pos, code_end(text, m.end())
    elif frac and frac[0] == "/" and no_currency and not any(units):
        return m.end()
    elif frac or (not dotted and _may_power(text, m.end("num"))):
        unreadable = unreadable_end(text, m, num, frac, dotted)
        if unreadable is None:
            return None
        at, end, reason = prefix.start if prefix is not None else pos, unreadable, "unreadable"
    else:
        return None
    if skips is not None:
        skips.append(((at, end), text[at:end], reason))
    return end


def _may_power(text: str, end: int) -> bool:
    """Whether the characters after a number ending at ``end`` may start a power of ten
    ("e6", "E+", " x 10^9", "×10"): a cheap test before :func:`unreadable_end` reads one."""
    first = text[end : end + 1]
    return first in POWER_FIRST and (first != " " or text[end + 1 : end + 2] in POWER_SIGNS)


def _passed_over(
    text: str,
    pos: int,
    end: int,
    num: str,
    sfx: str | None,
    pence: str | None,
    prefix: Prefix | None,
    tail: bool,
    skips: Skips | None,
) -> bool:
    """Whether the number from ``pos`` to ``end``, with a prefix or a unit, is no amount: a
    footnote's mark ("$4,200(1)"), a code ("1080p", "4T", "12m2"), a table's scale ("($000)",
    "in €000s"), a count of months ("9M'25"; "(9M)", listed in ``skips`` as a date)."""
    currency = prefix is not None and bool(prefix.currency)
    if (
        (not tail and is_footnote_mark(text, pos, end, num, prefix))
        or is_code(text, end, num, sfx, pence, currency)
        or (
            prefix is not None
            and currency
            and num in ("000", "000,000")
            and is_scale_mark(text, prefix.start, end)
        )
    ):
        return True
    if currency or not is_month_count(num, sfx):
        return False
    if YEAR_AFTER.match(text, end):
        return True  # "9M'25", "9M 2025": nine months of a year, a column's period
    if text[pos - 1 : pos] == "(" and text[end : end + 1] == ")":
        if skips is not None:  # "Value of new business (9M)": nine months, a period
            skips.append(((pos - 1, end + 1), text[pos - 1 : end + 1], "date"))
        return True
    return False


def _list_skip(text: str, m: re.Match[str], groups: tuple[str | None, ...], skips: Skips) -> None:
    """List in ``skips`` the date, time or phone number ``m`` read, or the figure it read
    that the grammar cannot ("1,5 %": a decimal comma; "1/3": a fraction with no unit)."""
    skip, bad, *_ = groups[DIGIT_GROUPS]
    if skip:
        skips.append((m.span("skip"), skip, skip_reason(skip)))
    elif bad and bad[0] in ",/":
        unreadable = unreadable_span(text, m, groups)
        if unreadable is not None:
            skips.append((unreadable, text[unreadable[0] : unreadable[1]], "unreadable"))


def _list_dotted(
    text: str, m: re.Match[str], groups: tuple[str | None, ...], skips: Skips | None
) -> int | None:
    """List a number ``m`` read with more than one dot: unreadable ("1.234.567,89 €": dots
    between thousands), or a version ("3.11.7"). Where the scan goes on when that is past
    ``m``: past the unreadable figure (its decimals ",89" are no figure of their own)."""
    span = unreadable_span(text, m, groups)
    if span is not None:
        if skips is not None:
            skips.append((span, text[span[0] : span[1]], "unreadable"))
        return span[1]
    if skips is not None:
        span = (m.start("num"), m.end("dotted"))
        skips.append((span, text[span[0] : span[1]], "version"))
    return None


def _leading_times(text: str, m: re.Match[str], groups: tuple[str | None, ...]) -> bool:
    """Whether the number matched by ``m`` after an "x" or "×" is a multiple written with
    its sign first ("x2.7 gross MOIC", "a x4 step-up", "×2.3"): the sign stands alone (no
    letter or digit before it: "2×3", "0x1F" are none) and the number has no unit of its
    own; "x86" and "x64" name processors."""
    pos = m.start()
    _, _, num, dotted, trailing = groups[DIGIT_GROUPS]
    return (
        (pos < 2 or not text[pos - 2].isalnum())
        and not (dotted or trailing or any(groups[AFTER_DIGITS]))
        and num not in ("86", "64", "32")
        and text[m.end() : m.end() + 1] not in ("-", "_")
    )


def _glued_unit(num: str, trailing: str, after: str) -> bool:
    """Whether letters glued to ``num`` are a unit the grammar does not know ("19.6mo",
    "14.5h", "1,310ng/mL", "1,204pts") rather than a code's: no code, version or ordinal
    writes a decimal point or a thousands separator before its letters, so the number is
    read, never dropped ("1,000th" is read as 1,000 too: fail closed). A digit right after
    the letter ("$4.2m123") makes it a code still."""
    return ("." in num or "," in num) and trailing.isalpha() and not after.isdigit()


def skipped(text: str) -> Skips:
    """Digit runs in normalised ``text`` that are deliberately not figures, with why:
    ``(span, text, reason)`` where reason is 'version', 'date', 'time', 'phone' or
    'identifier'.

    The gate lists these as carve-outs, so a reviewer sees what was passed over.
    """
    out: Skips = []
    for _ in scan_figures(text, out):
        pass
    return out
