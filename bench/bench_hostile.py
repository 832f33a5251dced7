"""Benchmark: work in proportion to the input under pathological inputs (run by hand).

    python bench/bench_hostile.py            # a few minutes
    python bench/bench_hostile.py --quick    # up to 0.5 MB

For each case, a document of 0.25, 0.5, 1 and 2 MB: the time the work takes and its growth
when the input doubles (linear is about 2x; the bar is 2.5x). The cases:

- ``check, value repeated``: reading a document and ``check_claims`` of one claim whose
  value and quote stand in it 11,000 times per MB (it was quadratic: 1 MB 40 s, 2 MB 169 s);
- ``gate, unclosed fences``: a draft of unclosed ``` lines, gated by a workflow that does
  not check code (it was quadratic: 128 KB 20 s);
- ``figures, "($1 " repeated`` and ``gate, "($1 " repeated``: an unclosed bracket before
  each of a single line's figures (x4 per doubling: 4 MB 77 s);
- ``gate, numbered headings``: a draft of "# 2.2 Heading" lines (x3.8 per doubling).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tieout import check_claims, gate
from tieout.documents import Document
from tieout.figures.reader import extract
from tieout.gating.config import WorkflowConfig
from tieout.schemas import parse_claims

MB = 1024 * 1024
SOURCE = "Revenue was $4.2 million."
CLAIM = """{"metric_key": "revenue", "value": 4.2, "unit": "USD_millions",
  "period_start": "2026-01-01", "period_end": "2026-03-31", "source_doc_id": "d",
  "source_quote": "Revenue was $4.2 million in the period.", "source_locator": "paragraph 7"}"""


def unclosed_fences(size: int) -> Callable[[], object]:
    draft = "```python\nx = 1\n" * (size // 16)
    config = WorkflowConfig(check_code=False)
    return lambda: gate(draft, [SOURCE], config=config)


def parens_read(size: int) -> Callable[[], object]:
    text = "($1 " * (size // 4)
    return lambda: extract(text)


def parens_gated(size: int) -> Callable[[], object]:
    draft = "($1 " * (size // 4)
    return lambda: gate(draft, [SOURCE])


def numbered_headings(size: int) -> Callable[[], object]:
    draft = "# 2.2 Heading\n" * (size // 14)
    return lambda: gate(draft, [SOURCE])


def repeated_value(size: int) -> Callable[[], object]:
    line = "Revenue was $4.2 million in the period."
    count = size // (len(line) + 20)
    text = "\n\n".join(f"Paragraph {i}. {line}" for i in range(count))
    claims = parse_claims(CLAIM)

    def run() -> object:
        doc = Document.from_text("d", text)
        doc.read()
        return check_claims(claims, [doc])

    return run


CASES = {
    "check, value repeated": repeated_value,
    "gate, unclosed fences": unclosed_fences,
    'figures, "($1 " repeated': parens_read,
    'gate, "($1 " repeated': parens_gated,
    "gate, numbered headings": numbered_headings,
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes = [MB // 4, MB // 2] if args.quick else [MB // 4, MB // 2, MB, 2 * MB]
    repeated_value(1000)()  # warm: units and caches loaded once
    for name, build in CASES.items():
        last = None
        for size in sizes:
            run = build(size)
            start = time.perf_counter()
            run()
            took = time.perf_counter() - start
            growth = f"  x{took / last:.2f}" if last else ""
            print(f"{name:28} {size / MB:5.2f} MB  {took:8.3f} s{growth}")
            last = took


if __name__ == "__main__":
    main()
