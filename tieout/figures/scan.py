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
    code_end,
    identifier_reason,
    is_day_of_month,
    is_marker,
    is_scale_mark,
    skip_reason,
)
from tieout.figures.match import figure_from_match
from tieout.figures.numerals import fraction_of, precision_of, terminates
from tieout.figures.patterns import FIGURE, GROUP_NUMBERS
from tieout.figures.prefix import Prefix, read_prefix
from tieout.figures.sections import (
    CLAUSE_NUMBER,
    SUBCLAUSE,
    continues_list,
    continues_pair,
    is_heading_number,
    is_plural_section,
    section_family,
    section_slash,
)
from tieout.figures.unreadable import POWER_FIRST, past_symbol, power_after, unreadable_span

__all__ = ["scan_figures", "skipped"]


_MONTH_COUNTS = frozenset(["3", "6", "9", "12"])


_YEAR_AFTER = re.compile(r"'\d\d(?!\d)| ?(?:19|20)\d\d(?!\d)")


def scan_figures(
    text: str,
    skips: list[tuple[tuple[int, int], str, str]] | None = None,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[Figure]:
    """Yield figures in normalised ``text``, spans in that text, without context.

    With ``start``/``stop``: the figures whose match starts in ``[start, stop)``, read as a
    scan of the whole text would read them provided no match of that scan straddles
    ``start`` (see :func:`scan_window`)."""
    hidden = -1  # the end of an unreadable figure, past the match it was read from
    listed = -1  # the end of the last section read: "Sections 12.2 and 4.1.9" lists more
    dots = False  # whether that list's sections are numbered with a dot ("12.2")
    family = ""  # what that list numbers: sections, or "schedule", "exhibit" …
    solo = ""  # the one section that list names: "Section 8.3 and 8.4" adds one more
    for m in FIGURE.finditer(text, start):
        if stop is not None and m.start() >= stop:
            return
        if m.start() < hidden:
            continue
        groups = m.group(*GROUP_NUMBERS)
        skip, bad, num, dotted, trailing = groups[:5]
        frac = groups[12]
        if frac and trailing and frac[0] == "/" and not dotted:
            part = read_ordinal_fraction(text, m, num, frac)
            if part is not None:  # "1/48th": a fraction, never 1 or 48
                yield part
                hidden = part.span[1]
                continue
        if (bad and bad[0] == "/" and not dotted) or (skip and skip.count("/") == 2):
            # "EUR 10/20/30 million" is no date: a currency or a unit says they are amounts
            listed_figs = read_slash_list(text, m)
            if listed_figs is not None:  # "$0.5/1/2 billion", "2.5/3/4%": each one a figure
                yield from listed_figs
                hidden = listed_figs[-1].span[1]
                continue
        if (bad and bad[0] == "/" and not dotted) or (frac and pair_not_fraction(num, frac)):
            if bad:
                reason = identifier_reason(text, m, num, groups)  # "CNPJ 12,345,678/0001-90"
                if reason:
                    hidden = code_end(text, m.end())
                    if skips is not None:
                        skips.append(((m.start(), hidden), text[m.start() : hidden], reason))
                    continue
                both = section_slash(text, m, num)
                if both is not None:  # "Sections 8.3/8.4", "§§ 8.3/8.4": two sections
                    yield from both
                    hidden = both[1].span[1]
                    listed, dots, solo = -1, False, ""
                    continue
            pair = read_slash_pair(text, m)
            if pair is not None:  # "2.84/2.61%", "$11.85/12.90", "4,112/3,843 million"
                yield from pair
                hidden = pair[1].span[1]
                continue
            if frac and frac[0] == "/" and ("." in num or "," in num):
                # "$1.0412/100AV" (a rate per $100 of assessed value): no fraction has a
                # decimal numerator; the amount is read alone, what follows it is no figure
                alone = FIGURE.match(text, m.start(), m.end("num"))
                hidden = m.end()
                if alone is None or alone.end() != m.end("num"):
                    continue
                m, groups = alone, alone.group(*GROUP_NUMBERS)
                skip, bad, num, dotted, trailing = groups[:5]
                frac = groups[12]
        if skip or bad:
            if skip and skips is not None:
                skips.append((m.span("skip"), skip, skip_reason(skip)))
            elif skips is not None and bad and bad[0] in ",/":
                unreadable = unreadable_span(text, m, groups)
                if unreadable is not None:
                    skips.append((unreadable, text[unreadable[0] : unreadable[1]], "unreadable"))
            continue
        pos = m.start()
        prefix = read_prefix(text, pos)
        if pos and text[pos - 1] in "xX×" and _leading_times(text, m, groups):
            fig = figure_from_match(text, m, groups, Prefix(pos))  # "x2.7 MOIC", "×2.3"
            yield replace(
                fig, text=text[pos - 1 : fig.span[1]], span=(pos - 1, fig.span[1]), multiple=True
            )
            continue
        if (
            (prefix is None or not prefix.currency)
            and not (groups[5] or groups[6])
            and (reason := identifier_reason(text, m, num, groups))
        ):
            # "CIK 0001,005", "CAS 2095432-58-3": the rest of its digit runs too
            hidden = code_end(text, m.end())
            if skips is not None:
                skips.append(((pos, hidden), text[pos:hidden], reason))
            continue
        if frac:
            if frac[0] == "/" and not any(groups[5:12]) and (prefix is None or not prefix.currency):
                continue  # "1/2", "3/4" alone: a ratio, a score or a date as often as a figure
            if not terminates(fraction_of(num, frac)[1]):  # "3 1/3%": no exact decimal
                cut = (prefix.start if prefix is not None else pos, past_symbol(text, m.end()))
                hidden = cut[1]
                if skips is not None:
                    skips.append((cut, text[cut[0] : cut[1]], "unreadable"))
                continue
        if not dotted and text[m.end("num") : m.end("num") + 1] in POWER_FIRST:
            power = power_after(text, m.end("num"))
            if power is not None:  # "$2.5e6", "1.2 × 10^9": refused, never read as 2.5
                cut = (prefix.start if prefix is not None else pos, past_symbol(text, power))
                hidden = cut[1]
                if skips is not None:
                    skips.append((cut, text[cut[0] : cut[1]], "unreadable"))
                continue
        section_at = -1
        heading = False
        lists = False  # whether more sections may follow: "Sections 12.2 and 4.1.9"
        if prefix is not None and prefix.section:
            section_at = prefix.start
            lists = is_plural_section(text[max(0, section_at - 1) : pos])  # "§§": two marks
            family = section_family(text[section_at:pos])
        elif not any(groups[5:]) and "," not in num and (prefix is None or prefix.start == pos):
            if listed >= 0 and (
                continues_pair(text, listed, pos, num + (dotted or ""), solo)
                if solo
                else continues_list(text, listed, pos, num, dotted, dots)
            ):
                section_at, lists = pos, not solo  # "Sections 12.2 and 4.1.9", "§§ 4.1.1-4.1.8"
            elif (
                CLAUSE_NUMBER.fullmatch(num + (dotted or ""))
                or (len(num) <= 2 and not dotted and text[m.end() : m.end() + 1] in (".", ")"))
            ) and is_heading_number(text, pos, m.end()):
                section_at, heading = pos, True  # "2.1 By Supplier.", "3. Rent": no amount
        if section_at >= 0:
            section = num + (dotted or "")
            if heading:
                family = ""
            if family:  # "Schedule 1.1" is no "Section 1.1"
                section = f"{family}:{section}"
            end = m.end("dotted") if dotted else m.end("num")
            # "Section 12.3(c)(ii)": a sub-clause is part of the reference, and a list
            # goes on after it ("Sections 12.3(c) and 4.2(a)")
            sub = SUBCLAUSE.match(text, end) if not heading else None
            past = end if sub is None else sub.end()
            # "Section 7.11, 4.00 to 1.00": one section, then figures
            listed, dots = (past, "." in num + (dotted or "")) if lists else (-1, False)
            solo = ""
            if not lists and not heading and section_at < pos and "." in section:
                listed, solo = past, section  # "Section 8.3 and 8.4": one more may follow
            yield Figure(
                text=text[section_at:end],
                span=(section_at, end),
                kind="section",
                unit=None,
                value=None,
                section=section,
                digits=sum(c.isdigit() for c in section),
                heading=heading,
            )
            continue
        if trailing and (groups[5] or groups[6]) and not dotted:
            trailing = None  # "12%YoY", "35.2%vs": the percent sign ends the figure
        if trailing and len(trailing) == 1 and not dotted and is_marker(text, m, num, prefix):
            trailing = None  # "$145,800,000E", "31,413,227P", "$412,530,118a": a marker
        if groups[7] == "T" and "," in num and is_marker(text, m, num, prefix, m.end()):
            alone = FIGURE.match(text, m.start(), m.end("num"))  # "$9,870,000T": a term bond
            if alone is not None and alone.end() == m.end("num"):
                m, groups = alone, alone.group(*GROUP_NUMBERS)
        if trailing and not dotted and _glued_unit(num, trailing, text[m.end() : m.end() + 1]):
            trailing = None  # "19.6mo", "1,310ng/mL": a figure with a unit it does not know
        tail = any(groups[5:])  # a unit, a scale or a multiple after the digits
        mend = m.end()
        if dotted or trailing:
            if dotted and (prefix is None or not prefix.section):
                span = unreadable_span(text, m, groups)  # "1.234.567,89 €": dots between thousands
                if span is not None:
                    hidden = span[1]  # its decimals ",89" are no figure of their own
                    if skips is not None:
                        skips.append((span, text[span[0] : span[1]], "unreadable"))
                elif skips is not None:
                    span = (m.start("num"), m.end("dotted"))
                    skips.append((span, text[span[0] : span[1]], "version"))
            continue  # a version string, an ordinal (1st), a code (2Q26, 4G): not a figure
        if (
            len(num) <= 2
            and not tail
            and (prefix is None or prefix.start == pos)
            and is_day_of_month(text, pos, mend, num)
        ):
            if skips is not None:  # "September 30, 2026", "30 June 2025": a day, no count
                skips.append(((pos, mend), num, "date"))
            continue
        if (
            not tail
            and text[mend : mend + 1] == ":"
            and (prefix is None or not prefix.currency)
            and (ratio := read_ratio(text, m)) is not None
        ):
            yield ratio  # "3.39:1.25", "312:4": a ratio, found only as that ratio
            hidden = ratio.span[1]
            continue
        if prefix is None and not tail:  # a bare number, the common case
            if text[pos - 5 : pos] == "plus " and (spread := read_spread(text, m)) is not None:
                yield spread  # "Term SOFR plus 275": a margin over a rate
                continue
            end = mend if groups[4] is None else m.start("trailing")
            yield Figure(
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
            continue
        if (
            prefix is not None
            and prefix.open_at == pos - 1
            and len(num) <= 2
            and pos > 1
            and (text[pos - 2].isalnum() or text[pos - 2] in "%)")
            and text[mend : mend + 1] == ")"
            and not tail
        ):
            continue  # "$4,200(1)", "Revenue(2)": a footnote's mark, not a negative
        if groups[13] in ("p", "c") and "." not in num and len(num) > 3:
            continue  # "1080p", "2160p": a code, as any number glued to a letter is
        if (
            prefix is not None
            and prefix.currency
            and num in ("000", "000,000")
            and is_scale_mark(text, prefix.start, mend)
        ):
            continue  # "($000)", "in €000s": a table's scale, not an amount of nothing
        if (
            groups[7] == "M"
            and num in _MONTH_COUNTS
            and (prefix is None or not prefix.currency)
            and _YEAR_AFTER.match(text, mend)
        ):
            continue  # "9M'25", "9M 2025": nine months of a year, a column's period
        if (
            groups[7] == "M"
            and num in _MONTH_COUNTS
            and (prefix is None or not prefix.currency)
            and text[pos - 1 : pos] == "("
            and text[mend : mend + 1] == ")"
        ):
            if skips is not None:  # "Value of new business (9M)": nine months, a period
                skips.append(((pos - 1, mend + 1), text[pos - 1 : mend + 1], "date"))
            continue
        if groups[7] == "T" and (prefix is None or not prefix.currency) and "." not in num:
            continue  # "4T" alone is a code; "$1.2T" and "1.3T" are trillions
        if (
            groups[7]
            and text[mend : mend + 1].isdigit()
            and (prefix is None or not prefix.currency)
        ):
            continue  # "12m2", "4B2": a code; "$4.2B1" is $4.2 billion and its footnote
        if not tail and pos > 1 and "+" in text[pos - 2 : pos]:
            spread = read_spread(text, m)
            if spread is not None:  # "S+275", "SOFR + 2.25": a margin over a rate
                yield spread
                continue
        yield figure_from_match(text, m, groups, prefix or Prefix(pos))


def _leading_times(text: str, m: re.Match[str], groups: tuple[str | None, ...]) -> bool:
    """Whether the number matched by ``m`` after an "x" or "×" is a multiple written with
    its sign first ("x2.7 gross MOIC", "a x4 step-up", "×2.3"): the sign stands alone (no
    letter or digit before it: "2×3", "0x1F" are none) and the number has no unit of its
    own; "x86" and "x64" name processors."""
    pos = m.start()
    num = groups[2] or ""
    return (
        (pos < 2 or not text[pos - 2].isalnum())
        and not any(groups[3:])
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


def skipped(text: str) -> list[tuple[tuple[int, int], str, str]]:
    """Digit runs in normalised ``text`` that are deliberately not figures, with why:
    ``(span, text, reason)`` where reason is 'version', 'date', 'time', 'phone' or
    'identifier'.

    The gate lists these as carve-outs, so a reviewer sees what was passed over.
    """
    out: list[tuple[tuple[int, int], str, str]] = []
    for _ in scan_figures(text, out):
        pass
    return out
