"""Benchmark: work in proportion to the input under pathological inputs (run by hand).

    python bench/bench_hostile.py            # a few minutes
    python bench/bench_hostile.py --quick    # up to 0.5 MB

For each case, a document of 0.25, 0.5, 1 and 2 MB: the time the work takes and its growth
when the input doubles (linear is about 2x; the bar is 2.5x). The cases:

- ``check, value repeated``: reading a document and ``check_claims`` of one claim whose
  value and quote stand in it 11,000 times per MB (it was quadratic: 1 MB 40 s, 2 MB 169 s).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tieout import check_claims
from tieout.documents import Document
from tieout.schemas import parse_claims

MB = 1024 * 1024
CLAIM = """{"metric_key": "revenue", "value": 4.2, "unit": "USD_millions",
  "period_start": "2026-01-01", "period_end": "2026-03-31", "source_doc_id": "d",
  "source_quote": "Revenue was $4.2 million in the period.", "source_locator": "paragraph 7"}"""


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


CASES = {"check, value repeated": repeated_value}


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
