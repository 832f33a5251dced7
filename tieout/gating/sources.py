"""What a draft may cite: the run's sources, its anchors and its fact sheet, indexed once.

Each source is read with the one number grammar into a :class:`SourceIndex` of canonical
figures and section numbers (``index.py``), or read on demand (``lazy.py``), and cached by
the text's sha256, so gating many drafts against the same sources costs the sources once
(seed 000 searched every source for every figure).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any

from tieout.documents import Document
from tieout.documents.document import numbers_of
from tieout.figures.normalization import normalize
from tieout.gating.index import SourceIndex, document_index
from tieout.gating.lazy import LazySource

__all__ = ["clear_cache", "digest", "text_index"]

_CACHE: OrderedDict[tuple[str, str], SourceIndex | LazySource] = OrderedDict()
_CACHE_SIZE = 256


def clear_cache() -> None:
    """Forget every indexed source (the benchmark's "nothing cached")."""
    _CACHE.clear()
    _DIGESTS.clear()


def _cached(key: tuple[str, str], build: Any) -> SourceIndex | LazySource:
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    idx: SourceIndex | LazySource = build()
    _CACHE[key] = idx
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return idx


_DIGESTS: OrderedDict[int, tuple[str, str]] = OrderedDict()


def digest(text: str) -> str:
    """sha256 of a source text, remembered for the text object itself, so passing the same
    10 MB string to every gate call does not hash it every time."""
    hit = _DIGESTS.get(id(text))
    if hit is not None and hit[0] is text:
        return hit[1]
    sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    _DIGESTS[id(text)] = (text, sha)  # holding the text keeps its id from being reused
    if len(_DIGESTS) > 64:
        _DIGESTS.popitem(last=False)
    return sha


def text_index(
    text: str,
    label: str,
    kind: str = "extraction_source",
    *,
    csv: bool = False,
    numbers: str = "auto",
) -> SourceIndex | LazySource:
    """A source given as text, ready for look-ups: read on demand (see ``gating/lazy.py``),
    or read whole for CSV. Cached by the text's sha256, with what was read so far.

    ``numbers`` is the convention the source writes its figures in: "point" (1,234.56),
    "comma" (1.234,56, swapped before anything reads it) or "auto" (read off the text)."""
    sha = digest(text)
    key = (sha, f"{kind}{':csv' if csv else ''}:{numbers}")
    if csv:

        def build() -> SourceIndex | LazySource:
            doc = Document.from_text(
                label or "source", text, media_type="csv", sha256=sha, numbers=numbers
            )
            return document_index(doc, label, kind)

    else:

        def build() -> SourceIndex | LazySource:
            return LazySource(normalize(text, numbers_of(numbers, text)), label, kind)

    idx = _cached(key, build)
    if idx.label != label:  # the same text under another name: share what was read
        idx = idx.relabelled(label)
    return idx
