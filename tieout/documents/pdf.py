"""Reading a PDF's text layer into the plain text tieout reads.

Each page is extracted with pypdf's layout mode, which places every piece of text at the
column its x position gives, so a printed table keeps its columns apart with runs of
spaces (what ``layout`` reads as an aligned table). A page layout mode cannot read (it
raises, or it finds nothing, as with rotated text) is read again in plain mode.

Then, page by page:

* trailing spaces go; runs of blank lines become one blank line;
* a page number alone on the first or last line of a page ("12", "- 12 -",
  "Page 12 of 40") is dropped; a bare "12" only when it follows the page order, so a
  cover's lone "2025" stays;
* a running header or footer (the same line at the top or bottom of most pages) is
  dropped, but only if it holds no digits other than a page number and is not a scale
  note such as "(in thousands)": no figure and no scale is ever lost;
* a word broken at a line end with a soft hyphen is joined again ("mil-" / "lion").

Pages are joined with a line holding only a form feed (``PAGE_BREAK``), where a blank
line stood before: it reads as a blank line everywhere (the layout's blank-line test,
a quote's folded white space, a soft hyphen's join across pages), it keeps each line's
number, and it keeps each page's place, so a locator "page 2" can name it
(``locate.page_spans``). A page with no text left still has its break, so the pages
after it keep their numbers. The form feed is never put at the start of a line of text:
``layout`` splits lines at "\\n" only, and it would shift that line's columns (one
inside a page's text is read as a line break). Ligatures and the minus sign (U+2212)
are left as they are: ``figures.normalize`` folds them when the document is read.

Refused with :class:`DocumentFormatError`: bytes that are not a readable PDF, a PDF that
needs a password (one with an empty user password is read), and a PDF whose pages hold
no text (a scan). pypdf's warnings and log messages never reach the terminal.
"""

from __future__ import annotations

import io
import logging
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import groupby
from typing import TYPE_CHECKING

from tieout.errors import DocumentFormatError
from tieout.figures.layout import note_anchor

if TYPE_CHECKING:
    from pypdf import PageObject

__all__ = ["PAGE_BREAK", "read_pdf"]

_SOFT_HYPHEN = "\u00ad"
_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"
_EDGE = 3  # lines looked at (and at most dropped) at each end of a page
PAGE_BREAK = "\f"  # the line between two pages


def read_pdf(data: bytes, name: str) -> str:
    """The text of a PDF's pages, laid out as printed, or raise DocumentFormatError."""
    with _quiet():
        pages = _page_texts(data, name)
    if not any(p.strip() for p in pages):
        raise DocumentFormatError(name, "has no text layer (a scanned image?); run OCR on it first")
    lines = [[ln.rstrip() for ln in p.splitlines()] for p in pages]
    lines = _drop_page_furniture(lines)
    out: list[str] = []
    for number, page in enumerate(lines):
        if number:
            out.append(PAGE_BREAK)
        out.extend(page)
    return "\n".join(_collapse_blanks(_join_soft_hyphens(out))) + "\n"


# --------------------------------------------------------------------------- pypdf


@contextmanager
def _quiet() -> Iterator[None]:
    """Silence pypdf: its warnings and its log messages (a logger with no handler of
    its own would print them to stderr)."""
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)


def _why(exc: BaseException) -> str:
    """A library error as a short clause for a one-line message."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _unreadable(name: str, exc: BaseException | str, page: int = 0) -> DocumentFormatError:
    from pypdf.errors import DependencyError

    if isinstance(exc, DependencyError):  # AES with neither cryptography nor pycryptodome
        return DocumentFormatError(
            name,
            "is AES-encrypted and reading it needs the 'cryptography' package; "
            "pip install cryptography, or remove the encryption and add it again",
        )
    why = exc if isinstance(exc, str) else _why(exc)
    where = f"page {page}: " if page else ""
    return DocumentFormatError(name, f"is not a readable PDF ({where}{why}); re-export it")


def _page_texts(data: bytes, name: str) -> list[str]:
    """Each page's text, or raise DocumentFormatError."""
    if b"%PDF-" not in data[:1024]:  # where readers look for the header
        raise _unreadable(name, "no %PDF- header: it is not a PDF file")
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(data))
        encrypted = reader.is_encrypted
    except Exception as exc:
        raise _unreadable(name, exc) from None
    if encrypted:
        try:
            opened = reader.decrypt("")
        except Exception as exc:  # an unknown or unsupported security handler
            raise _unreadable(name, exc) from None
        if not opened:
            raise DocumentFormatError(
                name, "is password-protected; remove the password and add it again"
            )
    try:
        pages = list(reader.pages)
    except Exception as exc:
        raise _unreadable(name, exc) from None
    if not pages:
        raise _unreadable(name, "it has no pages")
    return [_page_text(page, number, name) for number, page in enumerate(pages, 1)]


def _page_text(page: PageObject, number: int, name: str) -> str:
    """One page in layout mode; in plain mode if layout mode fails or finds nothing."""
    try:
        text = page.extract_text(extraction_mode="layout")
    except Exception:
        text = ""
    if text.strip():
        return text
    try:
        return page.extract_text()
    except Exception as exc:
        raise _unreadable(name, exc, number) from None


# --------------------------------------------------------------------------- page furniture


def _page_number(line: str) -> tuple[int, bool] | None:
    """(number, bare) if the line is only a page number: "12" (bare), "- 12 -",
    "Page 12", "Page 12 of 40"."""
    inner = line.strip()
    core = inner.strip(_DASHES + " ")
    words = core.split()
    if (
        len(words) in (2, 4)
        and words[0].lower() == "page"
        and _digits(words[1])
        and (len(words) == 2 or (words[2].lower() == "of" and _digits(words[3])))
    ):
        return int(words[1]), False
    if len(words) == 1 and _digits(core) and len(core) <= 4:
        return int(core), core == inner
    return None


def _digits(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _key(line: str) -> tuple[str, list[int]]:
    """A line with each run of digits replaced by '#', and the runs' values."""
    parts: list[str] = []
    runs: list[int] = []
    for is_digit, chars in groupby(
        " ".join(line.split()), key=lambda c: c.isascii() and c.isdigit()
    ):
        chunk = "".join(chars)
        if is_digit:
            parts.append("#")
            runs.append(int(chunk))
        else:
            parts.append(chunk)
    return "".join(parts), runs


def _edges(page: list[str]) -> list[int]:
    """Indexes of the first and last few non-blank lines of a page."""
    filled = [i for i, ln in enumerate(page) if ln.strip()]
    return sorted(set(filled[:_EDGE] + filled[-_EDGE:]))


def _drop_page_furniture(pages: list[list[str]]) -> list[list[str]]:
    """Drop page numbers and running headers/footers from the ends of each page."""
    n = len(pages)
    # running lines: the same key near the edge of most pages (and of two at least)
    seen: dict[str, list[tuple[int, list[int]]]] = {}
    for p, page in enumerate(pages):
        keys: dict[str, list[int]] = {}
        for i in _edges(page):
            key, runs = _key(page[i])
            keys.setdefault(key, runs)
        for key, runs in keys.items():
            seen.setdefault(key, []).append((p, runs))
    running = {
        key
        for key, where in seen.items()
        if len(where) >= 2 and 2 * len(where) > n and _only_page_numbers(where)
    }
    # bare numbers count as page numbers when they follow the page order
    offsets: Counter[int] = Counter()
    for p, page in enumerate(pages):
        for i in _edges(page):
            found = _page_number(page[i])
            if found is not None and found[1]:
                offsets[found[0] - (p + 1)] += 1

    def furniture(line: str, p: int) -> bool:
        if note_anchor(line, 0, len(line)):
            return False  # "(in thousands)" repeated on every page scales the tables there
        found = _page_number(line)
        if found is not None:
            number, bare = found
            offset = number - (p + 1)
            return not bare or offset == 0 or offsets[offset] >= 2
        return _key(line)[0] in running

    out: list[list[str]] = []
    for p, page in enumerate(pages):
        lo, hi = 0, len(page)
        for _ in range(_EDGE):  # peel from the top, up to the first line that stays
            while lo < hi and not page[lo].strip():
                lo += 1
            if lo == hi or not furniture(page[lo], p):
                break
            lo += 1
        for _ in range(_EDGE):  # and from the bottom
            while hi > lo and not page[hi - 1].strip():
                hi -= 1
            if hi == lo or not furniture(page[hi - 1], p):
                break
            hi -= 1
        out.append(page[lo:hi])
    return out


def _only_page_numbers(where: list[tuple[int, list[int]]]) -> bool:
    """Whether a repeated line's digits are at most one page number: none at all, or
    one run that keeps step with the page ("Acme · Page 3" on page 3, "Page 4" on 4)."""
    if all(not runs for _, runs in where):
        return True
    if any(len(runs) != 1 for _, runs in where):
        return False
    return len({runs[0] - p for p, runs in where}) == 1


# --------------------------------------------------------------------------- text fixes


def _join_soft_hyphens(lines: list[str]) -> list[str]:
    """Join a word split at a line end by a soft hyphen: the fragment that starts the
    next non-blank line moves up; the rest of that line stays where it was (a line left
    empty goes)."""
    out: list[str | None] = list(lines)
    for i in range(len(out)):
        line = out[i]
        if line is None or not line.endswith(_SOFT_HYPHEN):
            continue
        j = next((k for k in range(i + 1, len(out)) if (out[k] or "").strip()), None)
        if j is None:
            out[i] = line[:-1]
            continue
        nxt = out[j] or ""
        body = nxt.lstrip()
        fragment, _, rest = body.partition(" ")
        out[i] = line[:-1] + fragment
        out[j] = nxt[: len(nxt) - len(body)] + rest.lstrip() if rest.strip() else None
    return [ln for ln in out if ln is not None]


def _collapse_blanks(lines: list[str]) -> list[str]:
    """No blank lines at either end, and never two in a row; a page break stands for the
    blank line around it (no page break after the last text, where no page begins)."""
    out: list[str] = []
    for line in lines:
        if line == PAGE_BREAK:
            while out and not out[-1]:
                out.pop()
            out.append(line)
        elif line or (out and out[-1] and out[-1] != PAGE_BREAK):
            out.append(line)
    while out and out[-1] in ("", PAGE_BREAK):
        out.pop()
    return out
