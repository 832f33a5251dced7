"""The on-demand source reading gives exactly the whole reading's answers.

For every figure of realistic documents, spelled other ways and with digits changed, a
fresh ``LazySource`` must say found/missing exactly as the full index of the same text.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from tieout.figures import extract, normalize
from tieout.gate.core import claim_class
from tieout.gate.lazy import LazySource

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [
    *sorted((ROOT / "sample_docs" / "documents").glob("*")),
    Path(__file__).parent / "data" / "income-statement-2023.txt",
]


def _variants(f):  # type: ignore[no-untyped-def]
    yield f
    if f.value is not None and f.kind != "section":
        yield replace(f, value=f.value + 1)  # a changed digit
        if f.kind == "number":
            yield replace(f, kind="currency", unit="USD")  # the same digits claimed as dollars
        if f.kind == "currency":
            yield replace(f, kind="percent", unit="percent")


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_lazy_answers_equal_the_full_reading(path: Path) -> None:
    text = normalize(path.read_text(encoding="utf-8"))
    reference = LazySource(text, "s").full()
    disagreements = []
    for f in extract(text, words=True):
        for v in _variants(f):
            cls = claim_class(v) or "numeric"
            lazy = LazySource(text, "s").lookup(cls, v)  # fresh: nothing read yet
            want = reference.lookup(cls, v)
            if (lazy is None) != (want is None):
                disagreements.append((v.text, v.kind, str(v.value), lazy is None, want is None))
    assert disagreements == []


def test_a_figure_printed_under_a_scale_note_is_found_without_reading_everything() -> None:
    text = "# Results\n\n(in thousands)\n\n| Item | 2026 |\n|---|---|\n| Revenue | $4,200 |\n\n" + (
        "Filler prose with 12,345 and 6.5% in it.\n\n" * 2000
    )
    src = LazySource(normalize(text), "s")
    [draft] = extract("Revenue was $4.2 million.")
    assert src.lookup("currency", draft) is not None
    assert src._full is None  # answered from the table's block alone
    [invented] = extract("Revenue was $4.3 million.")
    assert src.lookup("currency", invented) is None
    assert src._full is None
    assert Decimal(4200000) == draft.value
