"""Excel workbooks (.xlsx) as the Markdown text tieout reads.

``read_xlsx(data, name)`` writes each visible sheet that holds a value as a section: a
``## <sheet name>`` line, then the sheet's rows. Hidden and empty sheets are left out.

Rows holding one text cell at the top of a block ("Acme Corp — Statements of Operations",
"(in thousands, except per share data)") become plain lines above the table, so a scale
note there governs the table as it does in a printed filing. The other rows become ``| a |
b |`` rows, as wide as the table's widest row and without the columns no row uses. A
``|---|`` line follows the header rows (a label or nothing in the first column, then only
periods or words: "2025 | 2024 | 2023"); a table that opens with figures gets none, and
``layout`` judges its rows as it judges any table. Empty rows inside a table stay one
empty row, so the columns keep their years below a spacer row. Empty rows end the table
only where what follows is prose alone or the start of another table (its title lines or
its header row); a blank line then stands between the two.

Cells are written as the sheet shows them: the cell's number format decides thousands
separators, decimals, percent, currency signs, scaling commas and which section a
negative uses ("(1,234)"). Numbers are exact decimals: a float is read from its shortest
repr and, as Excel does, to 15 significant digits, so 0.1+0.2 is 0.3, never
0.30000000000000004. Dates are ISO (2025-12-31; 2025-12 or 2025 where the format shows
only the month or the year), booleans TRUE/FALSE, errors such as #DIV/0! as text. A ``|``
in a cell becomes ``¦`` and line breaks become spaces, so a cell never splits.

Formulas are read from the results Excel saved with the workbook. A formula with no saved
result (a workbook written by a library that never calculated it) is an empty cell:
tieout never computes or invents a value. Open and save such a file in Excel first.
"""

from __future__ import annotations

import warnings
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, ROUND_HALF_UP, Context, Decimal
from functools import lru_cache
from io import BytesIO
from typing import Any

from tieout.errors import DocumentFormatError
from tieout.figures.layout import column_period, note_anchor

__all__ = ["read_xlsx"]

#: The start of the old binary Office container: .xls files, and any password-protected workbook.
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED = ("EncryptedPackage".encode("utf-16-le"), "EncryptionInfo".encode("utf-16-le"))
_XLS_STREAMS = ("Workbook".encode("utf-16-le"), "Book".encode("utf-16-le"))
_RESAVE = "re-save it from Excel as .xlsx"
_NOT_XLSX = {  # a part that names what a zip file is instead of a workbook
    "xl/workbook.bin": "a binary .xlsb workbook",
    "content.xml": "an OpenDocument file (.ods)",
    "word/document.xml": "a Word document",
    "ppt/presentation.xml": "a PowerPoint presentation",
}
#: Exact decimal arithmetic, rounding half away from zero as Excel displays numbers.
_EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN, rounding=ROUND_HALF_UP)
_PLACEHOLDERS = "0#?"


def read_xlsx(data: bytes, name: str) -> str:
    """The workbook in ``data`` as Markdown text, or raise DocumentFormatError."""
    _refuse_other_formats(data, name)
    import openpyxl  # type: ignore[import-untyped]  # here, not at the top: CLI start-up time

    sections: list[str] = []
    hidden = 0
    try:
        with warnings.catch_warnings():
            # openpyxl warns of extensions it drops and missing default styles: not the user's
            warnings.simplefilter("ignore")
            wb = openpyxl.load_workbook(BytesIO(data), read_only=True, data_only=True)
            try:
                for ws in wb.worksheets:
                    if ws.sheet_state != "visible":
                        hidden += 1
                        continue
                    body = _sheet_text(ws)
                    if body:
                        sections.append(f"## {_clean(str(ws.title))}\n\n{body}")
            finally:
                wb.close()
    except DocumentFormatError:
        raise
    except Exception:  # openpyxl fails in many ways on a damaged file; none is the user's to read
        raise DocumentFormatError(
            name, f"is not a readable .xlsx workbook (its contents are damaged); {_RESAVE}"
        ) from None
    if not sections:
        skipped = f" ({hidden} hidden sheet{'s' if hidden > 1 else ''} skipped)" if hidden else ""
        raise DocumentFormatError(
            name,
            f"has no value on any visible sheet{skipped}; unhide the sheet that holds the data, "
            "or open and save it in Excel so its formulas' results are stored",
        )
    return "\n\n".join(sections) + "\n"


def _refuse_other_formats(data: bytes, name: str) -> None:
    """Refuse what is not an .xlsx zip, naming what it is where that can be told."""
    if data.startswith(_OLE):
        if any(marker in data for marker in _ENCRYPTED):
            raise DocumentFormatError(
                name,
                "is password-protected; remove the password in Excel (File > Info > "
                "Protect Workbook > Encrypt with Password) and save it again",
            )
        if any(marker in data for marker in _XLS_STREAMS):
            raise DocumentFormatError(
                name, f"is an old-format Excel workbook (.xls) named .xlsx; {_RESAVE}"
            )
        raise DocumentFormatError(
            name, f"is an old binary Office file, not an .xlsx workbook; {_RESAVE}"
        )
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            names = set(archive.namelist())
            rels = archive.read("_rels/.rels") if "_rels/.rels" in names else b""
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        why = (
            "a damaged or cut-short zip archive" if data.startswith(b"PK") else "not a zip archive"
        )
        raise DocumentFormatError(
            name, f"is not a readable .xlsx workbook ({why}); {_RESAVE}"
        ) from None
    for part, what in _NOT_XLSX.items():
        if part in names:
            raise DocumentFormatError(name, f"is not a readable .xlsx workbook ({what}); {_RESAVE}")
    if "[Content_Types].xml" not in names:
        raise DocumentFormatError(
            name, f"is not a readable .xlsx workbook (a zip archive, but not a workbook); {_RESAVE}"
        )
    if b"purl.oclc.org/ooxml" in rels:  # the namespace only Strict Open XML files use
        raise DocumentFormatError(
            name,
            "is a Strict Open XML workbook, which tieout cannot read; "
            "save it from Excel as 'Excel Workbook (.xlsx)'",
        )


# --------------------------------------------------------------------------- sheets


@dataclass(frozen=True, slots=True)
class _Cell:
    text: str  # as the sheet shows it, on one line, without '|'
    kind: str  # 'empty' | 'text' | 'number' | 'date' | 'other'


_EMPTY = _Cell("", "empty")
_Row = list[_Cell]


def _sheet_text(ws: Any) -> str:
    """A sheet's rows as plain lines and tables, blocks between blank lines ('' if empty)."""
    ws.reset_dimensions()  # some writers record a wrong size; read every cell there is
    runs: list[list[_Row]] = [[]]
    for cells in ws.iter_rows():
        row = [_cell(c) for c in cells]
        while row and row[-1].kind == "empty":
            row.pop()
        if row:
            runs[-1].append(row)
        elif runs[-1]:
            runs.append([])
    runs = [r for r in runs if r]
    blocks: list[str] = []
    table: list[_Row | None] = []  # None: an empty row inside the table
    for run in runs:
        lead = 0
        while lead < len(run) and _title_row(run[lead]):
            lead += 1
        if table and lead < len(run) and not _starts_table(run, lead):
            table.append(None)  # a spacer row: the table goes on below it
            table.extend(run)
            continue
        if table:
            blocks.append(_table_text(table))
            table = []
        if lead:
            blocks.append("\n".join(_title_line(r) for r in run[:lead]))
        table = list(run[lead:])
    if table:
        blocks.append(_table_text(table))
    return "\n\n".join(blocks)


def _starts_table(run: list[_Row], lead: int) -> bool:
    """Whether rows after a spacer open a table of their own: a header row, or title lines
    with a scale note (which must govern only the rows below it)."""
    titles = [_title_line(r) for r in run[:lead]]
    return _header_like(run[lead]) or any(note_anchor(t, 0, len(t)) for t in titles)


def _title_row(row: _Row) -> bool:
    """A row of one text cell: a title, a scale note or a caption line."""
    filled = [c for c in row if c.kind != "empty"]
    return len(filled) == 1 and filled[0].kind == "text"


def _title_line(row: _Row) -> str:
    return next(c.text for c in row if c.kind != "empty")


def _header_like(row: _Row) -> bool:
    """A header row: a label (or nothing) first, then only periods or words, at least one."""
    if not row or row[0].kind not in ("empty", "text") or len(row) < 2:
        return False
    rest = [c for c in row[1:] if c.kind != "empty"]
    return bool(rest) and all(
        c.kind == "date"
        or not any(ch.isdigit() for ch in c.text)
        or column_period(c.text) is not None
        for c in rest
    )


def _table_text(rows: list[_Row | None]) -> str:
    filled = [r for r in rows if r is not None]
    first = min(next(i for i, c in enumerate(r) if c.kind != "empty") for r in filled)
    width = max(len(r) for r in filled) - first
    header = 0
    while header < len(rows) and (row := rows[header]) is not None and _header_like(row[first:]):
        header += 1
    if header == len(rows):
        header = 1  # words only: the first row names the columns
    # the columns that hold figures, for the headings merged across several of them
    valued = {
        j
        for r in rows[header:]
        if r is not None
        for j, c in enumerate(r[first:])
        if c.kind != "empty"
    }
    lines = []
    for i, r in enumerate(rows):
        cells = [c.text for c in r[first:]] if r is not None else []
        cells += [""] * (width - len(cells))
        if i + 1 < header:
            _spread(cells, valued)
        lines.append("| " + " | ".join(cells) + " |")
        if i + 1 == header:
            lines.append("|" + "---|" * width)
    return "\n".join(lines)


def _spread(cells: list[str], valued: set[int]) -> None:
    """A heading over the heading rows below it ("Three Months Ended" merged across both
    years of a quarter, as a workbook stores it: in the first cell only) heads every column
    of figures up to the next heading of its row."""
    if sum(1 for t in cells[1:] if t) < 2:
        return  # one heading heads the whole table as its caption does
    last = ""
    for j in range(1, len(cells)):
        if cells[j]:
            last = cells[j]
        elif last and j in valued:
            cells[j] = last


# --------------------------------------------------------------------------- cells


def _clean(text: str) -> str:
    """One line, single-spaced, with no '|' to split a table cell."""
    return " ".join(text.replace("|", "¦").split())


def _cell(cell: Any) -> _Cell:
    value = cell.value
    if value is None:
        return _EMPTY
    if isinstance(value, bool):
        return _Cell("TRUE" if value else "FALSE", "other")
    if isinstance(value, str):
        text = _clean(value)
        if not text:
            return _EMPTY
        return _Cell(text, "other" if cell.data_type == "e" else "text")
    fmt = str(cell.number_format or "General")
    if isinstance(value, datetime | date | time):
        return _Cell(_date_text(value, fmt), "date")
    if isinstance(value, timedelta):
        return _Cell(_duration_text(value, fmt), "other")
    if isinstance(value, int | float | Decimal):
        return _Cell(_clean(format_number(value, fmt)), "number")
    return _Cell(_clean(str(value)), "other")


def _exact(value: int | float | Decimal) -> Decimal:
    """The number as a Decimal, a float cut to the 15 significant digits Excel keeps."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int):
        return Decimal(value)
    text = repr(value)
    d = Decimal(text)
    if len(text) <= 16 or not d.is_finite() or d.is_zero() or len(d.as_tuple().digits) <= 15:
        return d  # (16 characters hold at most 15 digits and a point)
    return d.quantize(Decimal(1).scaleb(d.adjusted() - 14), context=_EXACT)


def format_number(value: int | float | Decimal, fmt: str) -> str:
    """``value`` as Excel shows it under number format ``fmt`` ('#,##0;(#,##0)', '0.0%')."""
    number = _exact(value)
    if not number.is_finite():
        return str(value)
    sections = _compiled(fmt)
    if number < 0 and len(sections) >= 2:
        return _render(-number, sections[1])
    if number == 0 and len(sections) >= 3:
        return _render(number, sections[2])
    text = _render(abs(number), sections[0])
    return "-" + text if number < 0 and text else text


def _split(fmt: str) -> list[str]:
    """A format's sections, split at ';' outside quotes, brackets and escapes."""
    sections, start, i, n = [], 0, 0, len(fmt)
    while i < n:
        ch = fmt[i]
        if ch == '"':
            end = fmt.find('"', i + 1)
            i = n if end < 0 else end + 1
            continue
        if ch == "[":
            end = fmt.find("]", i + 1)
            i = n if end < 0 else end + 1
            continue
        if ch in "\\_*":
            i += 2
            continue
        if ch == ";":
            sections.append(fmt[start:i])
            start = i + 1
        i += 1
    sections.append(fmt[start:])
    return sections


@dataclass(frozen=True, slots=True)
class _Pattern:
    """One section of a number format, read once: literals around one run of digits."""

    before: str  # literal text before the number
    digits: str  # the placeholders ('#,##0.00'), 'General', or '' (literals only)
    after: str
    shift: int = 0  # a power of ten: +2 for each '%', -3 for each ',' ending the run
    places: int = 0  # decimals rounded to
    keep: int = 0  # decimals shown even when zero ('0.0#' keeps 1)
    least: int = 0  # integer digits shown even when zero ('0.00' shows 0.50, '#.00' .50)
    group: bool = False  # thousands separators


def _spec(before: str, run: str, after: str, percent: int) -> _Pattern:
    """The pattern of a run such as '#,##0.00' or '0.0,,' between its literals."""
    scaled = len(run) - len(run.rstrip(","))
    whole, _, frac = run.rstrip(",").partition(".")
    frac = frac.replace(",", "")
    return _Pattern(
        before,
        run,
        after,
        shift=2 * percent - 3 * scaled,
        places=min(sum(ch in _PLACEHOLDERS for ch in frac), 30),  # Excel shows at most 30
        keep=frac.rfind("0") + 1,
        least=whole.count("0"),
        group="," in whole,
    )


def _pattern(section: str) -> _Pattern | None:
    """A section read into literals around one run of digit placeholders (None: a form
    this reader does not draw: conditions, fractions, exponents, two runs of digits)."""
    before: list[str] = []
    digits: list[str] = []
    after: list[str] = []
    percent = 0
    i, n = 0, len(section)
    if section.strip().lower() == "general":
        return _GENERAL[0]
    while i < n:
        ch = section[i]
        out = after if digits else before
        starts_run = section[i + 1 : i + 2] in tuple(_PLACEHOLDERS)
        if ch in _PLACEHOLDERS or (ch in ".," and (starts_run or (digits and not after))):
            if after:
                return None  # a second run of digits ('000-00-0000', '0.0 x 0.0')
            digits.append(ch)
        elif ch == '"':
            end = section.find('"', i + 1)
            end = n if end < 0 else end
            out.append(section[i + 1 : end])
            i = end
        elif ch == "\\":
            out.append(section[i + 1 : i + 2])
            i += 1
        elif ch in "_*":
            i += 1  # '_)' pads to a character's width, '* ' fills the cell: neither is text
        elif ch == "[":
            end = section.find("]", i + 1)
            end = n if end < 0 else end
            tag = section[i + 1 : end]
            if tag[:1] in ("<", ">", "="):
                return None
            if tag.startswith("$"):
                out.append(tag[1:].split("-")[0])  # [$€-407] is '€'; [$-409] a locale only
            i = end  # colours and locales show nothing
        elif ch == "%":
            percent += 1
            out.append(ch)
        elif digits and (ch == "/" or (ch in "Ee" and section[i + 1 : i + 2] in ("+", "-"))):
            return None  # a fraction ('# ?/?') or an exponent ('0.00E+00')
        elif ch == "@":
            pass
        elif section[i : i + 7].lower() == "general":
            if digits:
                return None
            digits.append("General")
            i += 6
        else:
            out.append(ch)
        i += 1
    return _spec("".join(before), "".join(digits), "".join(after), percent)


_GENERAL = (_Pattern("", "General", ""),)


@lru_cache(maxsize=512)
def _compiled(fmt: str) -> tuple[_Pattern, ...]:
    """A format read once per workbook style: one pattern per section."""
    patterns = tuple(_pattern(s) for s in _split(fmt)) if fmt.strip() else _GENERAL
    if any(p is None for p in patterns):
        return _GENERAL  # conditions, fractions, exponents: shown plainly
    return tuple(p for p in patterns if p is not None)


def _render(number: Decimal, pattern: _Pattern) -> str:
    """``number`` (not negative) drawn by one section of a format."""
    if pattern.shift:
        number = number.scaleb(pattern.shift, _EXACT)
    if pattern.digits == "General":
        body = _general(number)
    elif pattern.digits:
        body = _digits(number, pattern)
    else:
        body = ""
    return (pattern.before + body + pattern.after).strip()


def _general(number: Decimal) -> str:
    text = format(number.normalize(_EXACT), "f")
    return "0" if text in ("-0", "0") else text


def _digits(number: Decimal, p: _Pattern) -> str:
    """``number`` rounded half away from zero and drawn by the pattern's placeholders."""
    rounded = number.quantize(_STEPS[p.places], context=_EXACT)
    text = format(rounded, ",f" if p.group and p.least <= 1 else "f")
    whole, _, frac = text.partition(".")
    if p.keep < p.places:
        frac = frac.rstrip("0").ljust(p.keep, "0")
    if p.least == 0 and whole == "0":
        whole = ""
    elif p.least > 1:  # zero-padded ('00000' shows 00123)
        whole = whole.rjust(p.least, "0")
    return whole + ("." + frac if frac else "")


_STEPS = [Decimal(1).scaleb(-k) for k in range(31)]


# --------------------------------------------------------------------------- dates


def _date_codes(fmt: str) -> str:
    """The format's codes in lower case, without quoted text, escapes and [tags]."""
    out, i, n = [], 0, len(fmt)
    while i < n:
        ch = fmt[i]
        if ch == '"':
            end = fmt.find('"', i + 1)
            i = n if end < 0 else end
        elif ch == "[":
            end = fmt.find("]", i + 1)
            i = n if end < 0 else end
        elif ch in "\\_*":
            i += 1
        else:
            out.append(ch.lower())
        i += 1
    return "".join(out)


def _date_text(value: datetime | date | time, fmt: str) -> str:
    """ISO text at the precision the format shows: 2025-12-31, 2025-12, 2025, 14:30."""
    codes = _date_codes(_split(fmt)[0])
    clock = "h" in codes or "s" in codes
    shows = "s" in codes
    if isinstance(value, time):
        return value.isoformat("seconds" if shows or not clock else "minutes")
    day = value.date() if isinstance(value, datetime) else value
    if "y" in codes and "d" not in codes:
        month = "mmm" in codes or ("m" in codes and not clock)
        text = f"{day.year:04d}-{day.month:02d}" if month else f"{day.year:04d}"
    else:
        text = day.isoformat()
    if isinstance(value, datetime) and (
        clock or (codes in ("", "general") and value.time() != time())
    ):
        text += " " + value.time().isoformat("seconds" if shows or not clock else "minutes")
    return text


def _duration_text(value: timedelta, fmt: str) -> str:
    """A duration as elapsed hours, minutes and seconds ('[h]:mm:ss' shows 36:30:00)."""
    seconds = round(value.total_seconds())
    sign, seconds = ("-", -seconds) if seconds < 0 else ("", seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{sign}{hours}:{minutes:02d}"
    return text + f":{secs:02d}" if "s" in _date_codes(fmt) else text
