"""Reading source files into text: .txt, .md and .csv (more formats come later).

Each reader refuses what it cannot read with a one-line reason and the fix.
"""

from __future__ import annotations

from pathlib import Path

from tieout.documents.document import media_type_for
from tieout.errors import DocumentFormatError

__all__ = ["MAX_BYTES", "SUPPORTED", "read_source"]

SUPPORTED = (".txt", ".text", ".md", ".markdown", ".csv", ".tsv")
MAX_BYTES = 64 * 1024 * 1024


def read_source(path: str | Path) -> tuple[str, str]:
    """Return (text, media_type) for a source file, or raise DocumentFormatError."""
    p = Path(path)
    name = str(path)
    if not p.exists():
        raise DocumentFormatError(name, "no such file")
    if p.is_dir():
        raise DocumentFormatError(name, "is a folder; name a file")
    if p.suffix.lower() not in SUPPORTED:
        raise DocumentFormatError(
            name,
            f"unsupported file type {p.suffix or '(none)'!r}; tieout reads {', '.join(SUPPORTED)}",
        )
    size = p.stat().st_size
    if size > MAX_BYTES:
        raise DocumentFormatError(
            name, f"is {size:,} bytes; the limit is {MAX_BYTES:,} (split the file)"
        )
    data = p.read_bytes()
    if not data.strip():
        raise DocumentFormatError(name, "is empty")
    if b"\x00" in data:
        raise DocumentFormatError(
            name, "looks binary (it holds NUL bytes); give tieout a text file"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentFormatError(
            name, f"is not UTF-8 (byte {exc.start}); re-save it as UTF-8"
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    media = media_type_for(name)
    if p.suffix.lower() == ".tsv":
        media = "text"
    return text, media
