"""Section references: "Section 12.3(c)", lists of them ("Sections 12.2 and 4.1.9",
"§§ 8.3/8.4"), heading numbers ("2.1 By Supplier.") and articles numbered in Roman
numerals ("Article IX").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from tieout._vocab import SECTION_WORDS
from tieout.figures.figure import Figure
from tieout.figures.prefix import Prefix, read_prefix

__all__ = [
    "CLAUSE_NUMBER",
    "SUBCLAUSE",
    "SectionList",
    "article_named",
    "continues_list",
    "continues_pair",
    "is_heading_number",
    "is_plural_section",
    "is_roman",
    "roman_articles",
    "section_family",
    "section_slash",
]


# between the sections of a list: "12.2, 12.3 and 4.1.9", "4.1.1-4.1.8", "2 through 5"
_SECTION_LIST_JOIN = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&|to|through)\s+|\s*-\s*")
CLAUSE_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,2})+")  # "2.1", "12.3", "4.1.2"; not "2.500.000"
_HEADING_AFTER = re.compile(
    r"[.)]?[ \t]+[A-Z]"
)  # "2.1 By Supplier.", "12.3. Limitation", "3) Rent"
# what may stand before a heading's number on its line: "#", or "**" (bold) right before it
_LINE_MARKS = frozenset(" \t#*")


def continues_list(
    text: str, listed: int, pos: int, num: str, dotted: str | None, dots: bool
) -> bool:
    """Whether the number at ``pos`` continues a list of sections ending at ``listed``:
    joined to it by a comma, "and", "or", "to", "through" or a dash, and numbered as the
    list is (a dot in each, or whole numbers of three digits at most, never a year)."""
    if _SECTION_LIST_JOIN.fullmatch(text, listed, pos) is None:
        return False
    if dots:
        return "." in num or bool(dotted)
    return not dotted and "." not in num and len(num) <= 3


# between the two sections one "Section" names: "Section 8.3 and 8.4", "Clause 8.3/8.4"
# a sub-clause after a section's number: "12.3(c)", "4.2(a)(ii)", "2(b)(1)"
SUBCLAUSE = re.compile(r"(?:\((?:[a-z]{1,2}|[ivx]{1,5}|[A-Z]|\d{1,2})\))+(?![\w(])")
_SECTION_PAIR_JOIN = re.compile(r"\s+(?:and|or|&)\s+|\s*/\s*")


def continues_pair(text: str, listed: int, pos: int, number: str, solo: str) -> bool:
    """Whether ``number`` at ``pos`` is a second section after the one section ``solo``
    named in the singular, ending at ``listed``: "Section 8.3 and 8.4", "Clause 8.3 or
    8.4". Only a clause number of the same depth under the same head counts, so "Section
    7.11 and 4.00" stays a section and a figure."""
    if _SECTION_PAIR_JOIN.fullmatch(text, listed, pos) is None:
        return False
    head, _, rest = solo.rpartition(":")[2].partition(".")
    return (
        CLAUSE_NUMBER.fullmatch(number) is not None
        and number.partition(".")[0] == head
        and number.count(".") == rest.count(".") + 1
    )


@dataclass(slots=True)
class SectionList:
    """The sections a scan has read, as far as a list of them may go on: "Sections 12.2 and
    4.1.9", "§§ 4.1.1-4.1.8", "Section 8.3 and 8.4" (one section, and one more)."""

    end: int = -1  # the end of the last section read: "Sections 12.2 and 4.1.9" lists more
    dots: bool = False  # whether that list's sections are numbered with a dot ("12.2")
    family: str = ""  # what that list numbers: sections, or "schedule", "exhibit" …
    solo: str = ""  # the one section that list names: "Section 8.3 and 8.4" adds one more

    def end_list(self) -> None:
        """No section read before may be continued ("Sections 8.3/8.4" were read whole)."""
        self.end, self.dots, self.solo = -1, False, ""

    def read(
        self,
        text: str,
        m: re.Match[str],
        num: str,
        dotted: str | None,
        prefix: Prefix | None,
        bare: bool,
    ) -> Figure | None:
        """The section the number ``m`` read names, or None: after a section word ("Section
        12.3(c)", "§ 4.1"), next in a list of sections, or a heading's number ("2.1 By
        Supplier."). ``bare``: the number stands alone (no unit, scale or separator)."""
        pos = m.start()
        at = -1
        heading = False
        lists = False  # whether more sections may follow: "Sections 12.2 and 4.1.9"
        if prefix is not None and prefix.section:
            at = prefix.start
            lists = is_plural_section(text[max(0, at - 1) : pos])  # "§§": two marks
            self.family = section_family(text[at:pos])
        elif bare and (prefix is None or prefix.start == pos):
            if self.end >= 0 and (
                continues_pair(text, self.end, pos, num + (dotted or ""), self.solo)
                if self.solo
                else continues_list(text, self.end, pos, num, dotted, self.dots)
            ):
                at, lists = pos, not self.solo  # "Sections 12.2 and 4.1.9", "§§ 4.1.1-4.1.8"
            elif (
                CLAUSE_NUMBER.fullmatch(num + (dotted or ""))
                or (len(num) <= 2 and not dotted and text[m.end() : m.end() + 1] in (".", ")"))
            ) and is_heading_number(text, pos, m.end()):
                at, heading = pos, True  # "2.1 By Supplier.", "3. Rent": no amount
        if at < 0:
            return None
        section = num + (dotted or "")
        if heading:
            self.family = ""
        if self.family:  # "Schedule 1.1" is no "Section 1.1"
            section = f"{self.family}:{section}"
        end = m.end("dotted") if dotted else m.end("num")
        # "Section 12.3(c)(ii)": a sub-clause is part of the reference, and a list
        # goes on after it ("Sections 12.3(c) and 4.2(a)")
        sub = SUBCLAUSE.match(text, end) if not heading else None
        past = end if sub is None else sub.end()
        # "Section 7.11, 4.00 to 1.00": one section, then figures
        self.end, self.dots = (past, "." in num + (dotted or "")) if lists else (-1, False)
        self.solo = ""
        if not lists and not heading and at < pos and "." in section:
            self.end, self.solo = past, section  # "Section 8.3 and 8.4": one more may follow
        return Figure(
            text=text[at:end],
            span=(at, end),
            kind="section",
            unit=None,
            value=None,
            section=section,
            digits=sum(c.isdigit() for c in section),
            heading=heading,
        )


def section_slash(text: str, m: re.Match[str], num: str) -> tuple[Figure, Figure] | None:
    """The two sections a section word names with a slash between their numbers
    ("Sections 8.3/8.4", "§§ 8.3/8.4", "Section 8.4/9.1"), or None: the slash is read as
    the grammar reads it elsewhere ("2.84/2.61%")."""
    if CLAUSE_NUMBER.fullmatch(num) is None:
        return None
    pos, slash = m.start(), m.end("num")
    prefix = read_prefix(text, pos)
    if prefix is None or not prefix.section:
        return None
    second = CLAUSE_NUMBER.match(text, slash + 1)
    if second is None:
        return None
    end = second.end()
    if text[end : end + 1].isdigit() or (
        text[end : end + 1] in ".," and text[end + 1 : end + 2].isdigit()
    ):
        return None  # "8.3/8.456": no clause number
    family = section_family(text[prefix.start : pos])
    out = []
    for a, b, at in ((pos, slash, prefix.start), (slash + 1, end, slash + 1)):
        number = text[a:b]
        out.append(
            Figure(
                text=text[at:b],
                span=(at, b),
                kind="section",
                unit=None,
                value=None,
                section=f"{family}:{number}" if family else number,
                digits=sum(c.isdigit() for c in number),
            )
        )
    return out[0], out[1]


# the parts of a contract numbered apart from its sections: "Schedule 1.1" is no Section
_SECTION_FAMILIES = {"schedule": "schedule", "exhibit": "exhibit", "annex": "annex"}
_SECTION_FAMILIES |= {"appendix": "appendix", "appendices": "appendix", "annexes": "annex"}


def section_family(words: str) -> str:
    """What the words before a section's number number: "" for sections, clauses, articles
    and paragraphs; "schedule", "exhibit", "annex" or "appendix" for those."""
    w = words.strip().rstrip(".").lower()
    return _SECTION_FAMILIES.get(w) or _SECTION_FAMILIES.get(w[:-1], "")


def is_plural_section(words: str) -> bool:
    """Whether the words before a section's number name several ("Sections", "§§",
    "Secs.", "clauses"): a list may follow."""
    w = words.strip().rstrip(".").lower()
    return (
        "§§" in w
        or (w.endswith("s") and w[:-1] in SECTION_WORDS)
        or w
        in (
            "annexes",
            "appendices",
        )
    )


def is_heading_number(text: str, pos: int, end: int) -> bool:
    """Whether the number at ``pos`` numbers a heading: first on its line (Markdown's "#",
    ">" and "*" aside) and followed by a capitalised title ("2.1 By Supplier.")."""
    k = pos - 1
    while k >= 0 and text[k] != "\n":
        if text[k] not in _LINE_MARKS or (text[k] == "*" and text[k + 1] in " \t"):
            return False  # "* 4.25 Maximum Leverage Ratio": a bullet's figure, no heading
        k -= 1
    return _HEADING_AFTER.match(text, end) is not None


# An article numbered in Roman numerals ("Article IX", "ARTICLE IV", "Art. XII"), as US
# contracts number theirs; I to XXXIX. A section figure of its own, "IX", never 9: a
# source that names the article so is what confirms it
_ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})"
_ROMAN_ARTICLE = re.compile(
    rf"(?<![A-Za-z])(?:Articles?|ARTICLES?|Art\.)[^\S\n]+(?P<num>{_ROMAN})(?![A-Za-z0-9])"
)


def roman_articles(text: str) -> Iterator[Figure]:
    """The articles ``text`` names in Roman numerals, as section figures."""
    if "Art" not in text and "ART" not in text:  # "Article", "ARTICLES", "Art."
        return
    for m in _ROMAN_ARTICLE.finditer(text):
        yield Figure(
            text=m.group(),
            span=m.span(),
            kind="section",
            unit=None,
            value=None,
            section=m.group("num"),
        )


def is_roman(section: str) -> bool:
    """Whether a section figure's number is an article's Roman numeral ("IX")."""
    return section[:1] in ("I", "V", "X")


@lru_cache(maxsize=256)
def _article_named(numeral: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z])(?i:articles?|art\.)[^\S\n]+{numeral}(?![A-Za-z0-9])")


def article_named(text: str, numeral: str) -> str | None:
    """How ``text`` names the article numbered ``numeral`` ("ARTICLE IX"), or None."""
    m = _article_named(numeral).search(text)
    return None if m is None else m.group()
