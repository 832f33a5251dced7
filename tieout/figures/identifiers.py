"""What is never a figure though it is written in digits: identifiers and locators
("CIK 1045810", "Note 2.3"), dates, times and phone numbers, markers glued to an amount
("$145,800,000E"), a table's "$000".
"""

from __future__ import annotations

import re

from tieout._vocab import QUANTITY_UNITS
from tieout.figures.prefix import Prefix, currency_before

__all__ = [
    "YEAR_AFTER",
    "code_end",
    "identifier_reason",
    "is_apostrophe_scale",
    "is_code",
    "is_day_of_month",
    "is_footnote_mark",
    "is_marker",
    "is_month_count",
    "is_scale_mark",
    "skip_reason",
]


_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_MONTH_BEFORE = re.compile(rf"(?i)(?<![a-z])(?:{_MONTHS})\.? $")  # "September 30", "Sept. 30"
_MONTH_AFTER = re.compile(rf"(?i) (?:{_MONTHS})(?![a-z])")  # "30 June 2025"


_MONTH_COUNTS = frozenset(["3", "6", "9", "12"])
# a year after a count of months: "9M'25", "9M 2025"
YEAR_AFTER = re.compile(r"'\d\d(?!\d)| ?(?:19|20)\d\d(?!\d)")


def is_month_count(num: str, sfx: str | None) -> bool:
    """Whether ``num`` and the scale letter after it count months ("9M", "12M"), as a
    column's period is written ("9M'25", "Value of new business (9M)"), not nine million."""
    return sfx == "M" and num in _MONTH_COUNTS


def is_footnote_mark(text: str, pos: int, end: int, num: str, prefix: Prefix | None) -> bool:
    """Whether the number from ``pos`` to ``end``, in brackets glued to a word or a figure,
    is a footnote's mark ("$4,200(1)", "Revenue(2)"), not a negative."""
    return (
        prefix is not None
        and prefix.open_at == pos - 1
        and len(num) <= 2
        and pos > 1
        and (text[pos - 2].isalnum() or text[pos - 2] in "%)")
        and text[end : end + 1] == ")"
    )


def is_code(
    text: str, end: int, num: str, sfx: str | None, pence: str | None, currency: bool
) -> bool:
    """Whether a number and the letter glued after it (to ``end``) are a code, though the
    grammar reads the letter as a unit: "1080p", "2160p" (no pence); "4T" alone ("$1.2T"
    and "1.3T" are trillions); "12m2", "4B2", a digit after the letter ("$4.2B1" is $4.2
    billion and its footnote)."""
    if pence in ("p", "c") and "." not in num and len(num) > 3:
        return True
    if currency or not sfx:
        return False
    return (sfx == "T" and "." not in num) or text[end : end + 1].isdigit()


def is_day_of_month(text: str, pos: int, end: int, num: str) -> bool:
    """Whether the one- or two-digit number ``num`` at ``pos`` is the day of a written
    date ("September 30, 2026", "Dec. 31", "30 June 2025")."""
    if not num.isdigit() or not 1 <= int(num) <= 31:
        return False
    if pos >= 4 and text[pos - 1] == " " and _MONTH_BEFORE.search(text, max(0, pos - 11), pos):
        return True
    return text[end : end + 1] == " " and _MONTH_AFTER.match(text, end) is not None


def is_apostrophe_scale(text: str, pos: int) -> bool:
    """Whether the zeros at ``pos`` follow an apostrophe glued to a currency mark ("HK$'000",
    "£'000", "RMB'000", "$A'000", "HK$ '000", "HKD'000,000"): a scale in thousands (or
    millions), as statements head their columns, wherever the line stands; no amount is
    written so."""
    if pos < 2 or text[pos - 1] not in "'’":
        return False
    j = pos - 2 if text[pos - 2] == " " else pos - 1
    if j >= 2 and text.startswith("$A", j - 2):  # "$A'000": the Australian dollar
        return True
    return currency_before(text, j, glued=True)[0] is not None


def is_scale_mark(text: str, start: int, end: int) -> bool:
    """Whether "$000" from ``start`` to ``end`` names a table's scale, as it does in
    brackets, after "in", before an "s" or on a line of its own ("($000)", "in €000s",
    "$000 | 2026 | 2025"); "paid $000" in a sentence is an amount, and no source's."""
    before = text[max(0, start - 4) : start]
    after = text[end : end + 1]
    line_start = text.rfind("\n", 0, start) + 1
    return (
        "(" in before
        or "[" in before
        or before.endswith("in ")
        or after in (")", "]", "s", "'", "’")
        or not text[line_start:start].strip(" |*#")
    )


def is_marker(
    text: str, m: re.Match[str], num: str, prefix: Prefix | None, at: int | None = None
) -> bool:
    """Whether the letter glued after the amount ``m`` read (at ``at``, or its last
    character) is a marker, as tables print an estimate, a footnote or a term bond
    ("$145,800,000E", "$412,530,118a", "31,413,227P", "$9,870,000T"): one letter, no letter
    or digit after it, after an amount with a thousands separator or a currency. A number
    glued to a letter without either is a code ("2Q26", "4G", "61R")."""
    end = m.end() if at is None else at
    after = text[end : end + 1]
    if after and (after.isalnum() or after in "-/"):
        return False
    return "," in num or (prefix is not None and prefix.currency is not None)


def skip_reason(token: str) -> str:
    if ":" in token:
        return "time"
    if "/" in token or (token.count("-") == 2 and len(token) == 10):
        return "date"
    return "phone"


# what names an identifier right before its number: "NAIC Company Code 60054", "RSSD ID
# 3284070", "CIK 1045810", "Commission File No. 001-38412", "Suite 4100", "EIP-1559"; a
# register abroad ("HRB 123456", "WKN 716460", "Org.nr 556012-5790", "CVR-nr. 12345678",
# "CNPJ 12.345.678/0001-90", "Valorennummer 1'203'204"); a trial's ("IND 145678", "CAS
# 2095432-58-3"); a code glued before a hyphen ("VLX418-3012")
_ID_LABEL = re.compile(
    r"(?:\b(?:No\.|Nos\.|[Nn]umber|[Cc]ode|ID|Id|Cert\.|CIK|EIN|FEIN|TIN|SIC|NAICS|NAIC|CUSIP|ISIN"
    r"|SEDOL|LEI|FIGI|Suite|Ste\.|Rule|Docket|Permit|Licen[cs]e|Registration|Reg\.|Acct\.|Account"
    r"|Policy|Invoice|Serial|ZIP|Zip|PO Box|P\.O\. Box|Box"
    r"|IND|NDA|ANDA|BLA|IDE|CAS|HRB|HRA|WKN|CVR|SIREN|SIRET|CNPJ|CPF|Valoren|Valorennummer"
    r"|KvK|ABN|ACN|Org\.?[ ]?[Nn]r\.?)(?:[ ]?(?:No\.|Number|#)|-?[Nn]r\.)?[ ]?[:#]?[ ]?"
    r"|(?<![#\s])#|\b[A-Z]{2,6}\d{0,6}-)$"  # ("#4417" glued, never a Markdown heading's "## 1.1")
)
# what names a place in a document right before its number, no figure: "Note 2.3", "Table
# 2.3", "Figure 2.3", "Item 7", "Slide 12", "page 1,204", "pp. 1120", "version 26.1",
# "Release 2.3", "Study 3012", "Protocol 301", "Lot 2024.117"; and the numbers a plural
# one lists ("Notes 2.3 and 2.4", "pages 12, 14 and 16"). Never with a colon after it:
# "Note: 1,200 of them are part-time" states a figure.
_LOCATOR_LABEL = re.compile(
    r"(?:\b(?:Notes?|Tables?|Figures?|Figs?\.|Items?|Slides?|[Pp]ages?|p\.|pp\.|[Vv]ersions?"
    r"|[Vv]er\.|Releases?|Study|Studies|Protocols?|Lot|Batch)[ ]"
    r"|\b(?:Notes|Tables|Figures|Figs\.|Items|Slides|pages|pp\.)[ ]\d[\d.,]*(?:,[ ]\d[\d.,]*)*"
    r",?[ ](?:and|or|&|to|through)[ ])$"
)
# the last words of ``_ID_LABEL``'s and ``_LOCATOR_LABEL``'s labels, lower-cased: a cheap
# test before either pattern ("stood at 4,200" has none); tests/figures/test_prefilters.py
# holds the list to the patterns
_LABEL_WORDS = """no. nos. number code id cert. cik ein fein tin sic naics naic cusip isin sedol lei
    figi suite ste. rule docket permit licence license registration reg. acct. account
    policy invoice serial zip box ind nda anda bla ide cas hrb hra wkn cvr siren siret cnpj
    cpf valoren valorennummer kvk abn acn nr. nr orgnr. orgnr org.nr. org.nr org. org
    note notes table tables figure figures fig. figs. item items slide slides page pages p.
    pp. version versions ver. release releases study studies protocol protocols lot batch
    and or & to through"""
_LABEL_ENDS = frozenset(_LABEL_WORDS.split())


_LABEL_SUFFIXES = tuple(sorted(_LABEL_ENDS))


def _may_label(before: str) -> bool:
    """Whether ``before`` (the characters before a number) may end with an identifier's or
    a locator's label: its last word, its ":", "#" and spaces aside, is one of
    ``_LABEL_ENDS`` or ends with one, or it ends in "#" or "-" ("#4417", "EIP-1559")."""
    tail = before.rstrip(" ")
    if tail.endswith(("#", "-")):
        return True
    words = tail.rstrip(" :#").rsplit(None, 1)
    return bool(words) and words[-1].lower().endswith(_LABEL_SUFFIXES)  # "(No.", "ID-Nr."


# a phone number's groups before its last ("Tel. +49 89 636 12345", "Tel.: 089 / 636
# 12345", "+49 89 63612345"): after a phone label, or a country code at a word's start
_PHONE_BEFORE = re.compile(
    r"(?:\b(?:Tel|Telefon|Telephone|Phone|Fax|Telefax|Tél|Tlf|Tfn|Mobil|Mobile)\.?:?[ ]?"
    r"|(?<![\w)+])\+\d{1,3}[ ])(?:\(0\)[ ]?)?(?:\d+(?:[ ]?[/-][ ]?|[ ]))*$"
)
_PHONE_HINTS = ("+", "Tel", "Tél", "Fax", "Phone", "Mobil", "Tlf", "Tfn")
# an identifier printed in spaced groups, which the 24 characters before a number may not
# hold whole: "IBAN DE89 3704 0044 0532 0130 00", "RCS Paris 552 100 554", "SIREN 552 100 554"
_ID_SPACED = re.compile(
    r"(?:\bIBAN:?[ ]?[A-Z]{2}\d\d|\b(?:SIREN|SIRET|RCS(?:[ ][A-Z][a-z]+)?)(?:[ ]?(?:No\.|n°|:))?)"
    r"(?:[ ][\dA-Z]{1,5})*[ ]$"
)
# a journal citation's volume and pages after its year: "N Engl J Med 2026;394:1120-1131"
_CITATION_BEFORE = re.compile(r"\b(?:1[89]|20)\d\d;(?:\d+(?:\(\d+\))?:\d+-)?$")
# the street a number is the address on: "1100 Binney Street", "120 East 42nd Street"
_STREET_AFTER = re.compile(
    r" (?:(?:[NSEW]\.|[A-Z][A-Za-z'-]+|\d+(?:st|nd|rd|th)) ){1,3}(?:Street|St\.|Avenue|Ave\."
    r"|Road|Rd\.|Boulevard|Blvd\.|Drive|Lane|Way|Place|Parkway|Pkwy\.|Court|Square|Plaza"
    r"|Highway|Terrace|Circle)(?![A-Za-z])"
)
# a US state's postal code before a ZIP code: "Philadelphia, PA 19107"
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH"
    "|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
_ZIP_BEFORE = re.compile(rf"\b(?:{_STATES}),?[ ]$")


# metrics a report may glue to their figure with a hyphen or a dash ("EBITDA-1,200",
# "EPS–2.15"): a label, no code's letters
_METRIC_NAMES = """EBITDA EBITDAR EBITA EBIT EBT EPS DPS FCF OCF NOI FFO AFFO ARR MRR GMV AUM AUA
NAV TVL NII NIM ROE ROA ROIC ROCE TSR LTV CAC ACV TCV DAU MAU WAU COGS OPEX CAPEX RWA CET NPL
TBV BVPS RPO NRR GRR"""
_METRIC_LABELS = frozenset(_METRIC_NAMES.split())


def _metric_glued(label: str, num: str) -> bool:
    """Whether ``label`` (what ``_ID_LABEL`` found before ``num``) is a word glued to a
    figure by a hyphen rather than a code's letters: a metric's name ("EBITDA-1200",
    "EPS-2.15"), or capitals alone ("ABC-", never "VLX418-") before a number with a
    thousands separator (no code groups its digits so); "SKU-12345", "ABC-1234" and
    "EIP-1559" stay identifiers."""
    word = label[:-1]
    if not (label.endswith("-") and word.isalpha() and word.isupper()):
        return False
    return word in _METRIC_LABELS or "," in num


def _metric_number(label: str, num: str) -> bool:
    """Whether ``label`` is a lower-case "number" before a figure no identifier is printed
    as: a decimal or a grouped number ("the magic number 0.97", "index number 318.2"); an
    identifier after "number" is a whole digit run ("account number 4417"), and a capital
    "Number" or "No." still names one."""
    return label.startswith("number") and ("." in num or "," in num)


def _run_end(text: str, end: int) -> int:
    """Where the digit run that goes on at ``end`` ends (digits, and a comma or a point
    between digits): what the first pass (``number_places``) lists as one run."""
    n = len(text)
    while end < n and (
        text[end].isdigit() or (text[end] in ",." and end + 1 < n and text[end + 1].isdigit())
    ):
        end += 1
    return end


def code_end(text: str, end: int) -> int:
    """Where the identifier whose digits go on at ``end`` ends: its digit run, and the runs
    a hyphen or a slash joins to it ("2095432-58-3", "12.345.678/0001-90", "1,204-1,210")."""
    end = _run_end(text, end)
    while text[end : end + 1] in ("-", "/") and text[end + 1 : end + 2].isdigit():
        end = _run_end(text, end + 1)
    return end


def identifier_reason(text: str, m: re.Match[str], num: str, sfx: str | None) -> str | None:
    """Why the number ``m`` read is no figure ("identifier", "locator" or "phone"), or None:
    after a label that names an identifier ("CIK 1045810", "Suite 4100", "#4417",
    "EIP-1559", "HRB 123456") or a place in a document ("Note 2.3", "page 1,204", "version
    26.1"), a ZIP code after a state ("PA 19107"), a street number ("1100 Binney Street"),
    a phone number's group ("Tel. +49 89 636 12345"), the long part of a hyphenated number
    ("13-5581829", an EIN; "333-234567", a registration), a citation's pages
    ("2026;394:1120-1131"), or a scale letter run on into a code ("Rule 12b-1", "Series
    2026B")."""
    pos = m.start()
    if text[pos - 2 : pos] == "[^":
        return "identifier"  # "[^12]": a Markdown footnote's reference
    hyphenated = text[pos - 1 : pos] == "-" and text[pos - 2 : pos - 1].isdigit()
    if hyphenated and num.isdigit() and len(num) >= 5:
        return "identifier"  # "13-5581829", "001-38412"
    if sfx:
        after = text[m.end() : m.end() + 2]
        if after[:1] == "-" and after[1:].isdigit():
            return "identifier"  # "Rule 12b-1", "10b5-1"
        if len(num) == 4 and num.isdigit() and 1900 <= int(num) <= 2099 and sfx in "BMKT":
            return "identifier"  # "Series 2026B", "2026M": a year and a letter
    elif (
        num.isdigit()
        and len(num) <= 6
        and text[m.end() : m.end() + 1] == " "
        and text[m.end() + 1 : m.end() + 2].isupper()
        and _STREET_AFTER.match(text, m.end())
    ):
        return "identifier"  # "1100 Binney Street": an address
    before = text[max(0, pos - 24) : pos]
    if not before or before[-1] not in " #-:;":
        return None
    if len(num) == 5 and num.isdigit() and _ZIP_BEFORE.search(before):
        return "identifier"
    label = _ID_LABEL.search(before) if _may_label(before) else None
    # "1,150 MW-1,800 MW": a range from a quantity, no label "EIP-1559" names
    if (
        label is not None
        and label.group()[:-1] not in QUANTITY_UNITS
        and not _metric_glued(label.group(), num)
        and not _metric_number(label.group(), num)
    ):
        return "identifier"
    if (_may_label(before) and _LOCATOR_LABEL.search(before) is not None) or (
        ";" in before and _CITATION_BEFORE.search(before)
    ):
        return "locator"
    if (
        num.isdigit()
        and any(h in before for h in _PHONE_HINTS)
        and _PHONE_BEFORE.search(before) is not None
    ):
        return "phone"
    wide = text[max(0, pos - 48) : pos]
    if ("IBAN" in wide or "SIRE" in wide or "RCS" in wide) and _ID_SPACED.search(wide):
        return "identifier"
    return None
