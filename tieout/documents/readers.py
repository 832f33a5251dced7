"""Reading source files into text: plain text, Markdown and CSV as they are; HTML, Excel
workbooks and PDF converted to the text tieout reads.

A converted file becomes Markdown-like text that ``layout`` already understands: headings
on their own lines, paragraphs between blank lines, tables as ``|``-separated rows (HTML,
XLSX), or a PDF's lines with their columns kept apart by spaces. The converted text is the
document's snapshot: its sha256, quotes and locators all refer to it.

Each reader refuses what it cannot read with a one-line reason and the fix.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from pathlib import Path

from tieout.errors import DocumentFormatError

__all__ = [
    "CONVERTED_FORMATS",
    "MAX_BYTES",
    "SUPPORTED",
    "TEXT_FORMATS",
    "media_type_for",
    "read_bytes",
    "read_source",
]

TEXT_FORMATS = (".txt", ".text", ".md", ".markdown", ".csv", ".tsv")
CONVERTED_FORMATS = (".html", ".htm", ".xlsx", ".pdf")
SUPPORTED = TEXT_FORMATS + CONVERTED_FORMATS
MAX_BYTES = 64 * 1024 * 1024


def media_type_for(name: str) -> str:
    """How the text of a file named ``name`` is laid out: 'markdown', 'csv' or 'text'."""
    low = name.lower()
    if low.endswith((".md", ".markdown")):
        return "markdown"
    if low.endswith((".csv", ".tsv")):
        return "csv" if low.endswith(".csv") else "text"
    return "text"


def _converter(suffix: str) -> tuple[Callable[[bytes, str], str], str]:
    """The function turning a file's bytes into text, and the media type of that text."""
    if suffix in (".html", ".htm"):
        from tieout.documents.html import read_html

        return read_html, "markdown"
    if suffix == ".xlsx":
        from tieout.documents.xlsx import read_xlsx

        return read_xlsx, "markdown"
    from tieout.documents.pdf import read_pdf

    return read_pdf, "text"


# byte-order marks, UTF-32's first: its little-endian mark begins with UTF-16's
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when the start of ``data`` is plainly UTF-16 text with no
    byte-order mark (as Windows tools save it): every other byte NUL, the rest not."""
    head = data[:4096]
    if len(head) < 8:
        return None
    head = head[: len(head) // 2 * 2]
    even, odd = head[0::2], head[1::2]
    if odd.count(0) >= 0.95 * len(odd) and even.count(0) <= 0.05 * len(even):
        return "utf-16-le"
    if even.count(0) >= 0.95 * len(even) and odd.count(0) <= 0.05 * len(odd):
        return "utf-16-be"
    return None


def _decode_text(data: bytes, name: str) -> str:
    """The text of a plain-text file: UTF-8 (with or without a byte-order mark), or UTF-16
    or UTF-32 as their byte-order marks say, or UTF-16 with none. Anything else, or a NUL
    in the text, is refused with the fix."""
    codec, label = "utf-8-sig", "UTF-8"
    for bom, bom_codec, bom_label in _BOMS:
        if data.startswith(bom):
            codec, label = bom_codec, bom_label
            break
    else:
        guessed = _utf16_without_bom(data)
        if guessed is not None:
            codec, label = guessed, "UTF-16"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        fix = "re-save it as UTF-8"
        if label != "UTF-8":
            raise DocumentFormatError(
                name, f"is not valid {label} (byte {exc.start}); {fix}"
            ) from None
        if b"\x00" in data:
            raise DocumentFormatError(
                name, "looks binary (it holds NUL bytes); give tieout a text file"
            ) from None
        raise DocumentFormatError(name, f"is not UTF-8 (byte {exc.start}); {fix}") from None
    if "\x00" in text:
        raise DocumentFormatError(
            name, "looks binary (it holds NUL bytes); give tieout a text file"
        )
    return text


def read_source(path: str | Path) -> tuple[str, str]:
    """Return (text, media_type) for a source file, or raise DocumentFormatError."""
    p = Path(path)
    name = str(path)
    if not p.exists():
        raise DocumentFormatError(name, "no such file")
    if p.is_dir():
        raise DocumentFormatError(name, "is a folder; name a file")
    _check_suffix(name)
    size = p.stat().st_size
    if size > MAX_BYTES:
        raise DocumentFormatError(
            name, f"is {size:,} bytes; the limit is {MAX_BYTES:,} (split the file)"
        )
    return read_bytes(p.read_bytes(), name)


def _check_suffix(name: str) -> str:
    suffix = Path(name).suffix.lower()
    if suffix not in SUPPORTED:
        raise DocumentFormatError(
            name,
            f"unsupported file type {suffix or '(none)'!r}; tieout reads {', '.join(SUPPORTED)}",
        )
    return suffix


def read_bytes(data: bytes, name: str) -> tuple[str, str]:
    """Return (text, media_type) for a file's bytes, read by the format its ``name`` ends
    in (.txt, .md, .csv, .tsv, .html, .xlsx, .pdf), or raise DocumentFormatError."""
    suffix = _check_suffix(name)
    if len(data) > MAX_BYTES:
        raise DocumentFormatError(
            name, f"is {len(data):,} bytes; the limit is {MAX_BYTES:,} (split the file)"
        )
    if not data.strip():
        raise DocumentFormatError(name, "is empty")
    if suffix in CONVERTED_FORMATS:
        convert, media = _converter(suffix)
        text = convert(data, name)
        if not text.strip():
            raise DocumentFormatError(name, "holds no text tieout can read")
        return text, media
    text = _decode_text(data, name)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    media = media_type_for(name)
    if suffix == ".tsv":
        media = "text"
    return text, media
