"""Benchmark: index build, checking and schema validation (run by hand; prints figures).

    python bench/bench_check.py            # 10,000 claims against 100 documents (~1 MB), then 200 (~2 MB)
    python bench/bench_check.py --claims 20000 --docs 50

Documents are synthetic but shaped like the real thing: investor-update prose with
headings and paragraphs full of figures, plus a Markdown table and a "(in thousands)"
aligned table per document. Claims cite real figures (70%) or perturbed ones (30%), with
the figure's sentence as the quote and its heading as the locator.
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tieout
from tieout.documents import document as document_module

HEADINGS = ["Highlights", "Revenue", "Cash and runway", "Customers", "Hiring", "Product", "Outlook"]
NOUNS = ["revenue", "net burn", "gross profit", "bookings", "operating expense", "cash collected"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August"]


def make_document(
    rng: random.Random, n: int, target: int
) -> tuple[str, list[tuple[str, str, str, str, int]]]:
    """A document of about ``target`` characters and the (heading, sentence, value, unit) it states."""
    parts: list[str] = [f"# Company {n} — investor update\n"]
    facts: list[tuple[str, str, str, str, int]] = []
    size = 0
    h = 0
    while size < target:
        heading = f"{HEADINGS[h % len(HEADINGS)]} {h // len(HEADINGS) + 1}"
        h += 1
        parts.append(f"\n## {heading}\n")
        for _ in range(3):
            sentences = []
            for _ in range(4):
                noun = rng.choice(NOUNS)
                month = rng.choice(MONTHS)
                kind = rng.random()
                if kind < 0.5:
                    v = rng.randint(10_000, 9_999_999)
                    text = f"${v:,}"
                    value, unit = str(v), "USD"
                elif kind < 0.7:
                    v = rng.randint(11, 999)
                    text = f"${v / 10:.1f}M"
                    value, unit = f"{v / 10:.1f}", "USD_millions"
                elif kind < 0.9:
                    v = rng.randint(1, 999)
                    text = f"{v / 10:.1f}%"
                    value, unit = f"{v / 10:.1f}", "percent"
                else:
                    v = rng.randint(1000, 99_999)
                    text = f"{v:,}"
                    value, unit = str(v), "count"
                sentence = f"In {month} 2026 our {noun} for unit {rng.randint(1, 99)} was {text}"
                sentences.append(sentence + ".")
                facts.append((heading, sentence, value, unit, MONTHS.index(month) + 1))
            parts.append("\n" + " ".join(sentences) + "\n")
        if h % 3 == 0:
            parts.append("\n| Metric | Jun 2026 | Jul 2026 |\n|---|---|---|\n")
            for noun in NOUNS[:4]:
                parts.append(
                    f"| {noun} | ${rng.randint(10_000, 999_999):,} | ${rng.randint(10_000, 999_999):,} |\n"
                )
            parts.append("\n(in thousands)\n\n                      2026        2025\n")
            for noun in NOUNS[:4]:
                parts.append(
                    f"{noun.title():<20}  {rng.randint(1000, 99_999):>8,}  {rng.randint(1000, 99_999):>8,}\n"
                )
        size = sum(len(p) for p in parts)
    return "".join(parts), facts


def make_corpus(
    rng: random.Random, n_docs: int, chars: int
) -> tuple[dict[str, str], dict[str, list]]:
    texts, facts = {}, {}
    for i in range(n_docs):
        text, f = make_document(rng, i, chars // n_docs)
        texts[f"doc-{i:04d}"] = text
        facts[f"doc-{i:04d}"] = f
    return texts, facts


def make_claims(rng: random.Random, facts: dict[str, list], n: int) -> list[dict]:
    ids = sorted(facts)
    claims = []
    for _ in range(n):
        doc_id = rng.choice(ids)
        heading, sentence, value, unit, month = rng.choice(facts[doc_id])
        last = calendar.monthrange(2026, month)[1]
        if rng.random() < 0.3:
            value = str(Decimal(value) + 1)
        claims.append(
            {
                "metric_key": "m",
                "value": value,
                "unit": unit,
                "period_start": f"2026-{month:02d}-01",
                "period_end": f"2026-{month:02d}-{last}",
                "source_doc_id": doc_id,
                "source_quote": sentence,
                "source_locator": f"section: {heading}",
            }
        )
    return claims


def claims_json(claims: list[dict]) -> bytes:
    body = ",".join(
        json.dumps(c).replace(f'"value": "{c["value"]}"', f'"value": {c["value"]}') for c in claims
    )
    return f'{{"claims": [{body}]}}'.encode()


def _timed(fn: object) -> float:
    t0 = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - t0


def run(n_docs: int, chars: int, n_claims: int, seed: int) -> None:
    rng = random.Random(seed)
    texts, facts = make_corpus(rng, n_docs, chars)
    total = sum(len(t) for t in texts.values())
    data = claims_json(make_claims(rng, facts, n_claims))

    document_module._READ_CACHE.clear()
    t0 = time.perf_counter()
    docs = {k: tieout.Document.from_text(k, v, media_type="markdown") for k, v in texts.items()}
    for d in docs.values():
        d.read()
    build = time.perf_counter() - t0
    n_figs = sum(len(d.figures) for d in docs.values())

    claims = tieout.parse_claims(data)  # warm-up: the validator is built on first use
    t_json = min(_timed(lambda: json.loads(data)) for _ in range(5))
    t_schema = min(_timed(lambda: tieout.parse_claims(data)) for _ in range(5))

    t0 = time.perf_counter()
    reports = tieout.check_claims(claims, docs)
    t_check = time.perf_counter() - t0
    counts = {v: sum(1 for r in reports if r.verdict == v) for v in ("pass", "warning", "fail")}

    print(f"\n{n_docs} documents, {total / 1e6:.2f} MB, {n_figs:,} figures; {n_claims:,} claims")
    print(
        f"  index build       {build:.3f} s   {total / build / 1e6:6.2f} M chars/s   (read + figures + index, cold cache)"
    )
    print(
        f"  schema validation {t_schema * 1000:.1f} ms  = {t_schema / t_json:.2f}x json.loads ({t_json * 1000:.1f} ms)"
    )
    print(f"  checks            {t_check:.3f} s   {n_claims / t_check:8,.0f} claims/s   {counts}")


def startup() -> None:
    times = []
    exe = Path(sys.executable).parent / "tieout"
    cmd = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "tieout", "--help"]
    for _ in range(5):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    print(f"\n`tieout --help`: median {statistics.median(times) * 1000:.0f} ms over 5 runs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=10_000)
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--chars", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    run(args.docs, args.chars, args.claims, args.seed)
    run(args.docs * 2, args.chars * 2, args.claims, args.seed)
    startup()


if __name__ == "__main__":
    main()
