"""Benchmark: reading HTML, Excel and PDF sources into text (run by hand; prints figures).

    python bench/bench_readers.py            # about a minute
    python bench/bench_readers.py --quick    # a few seconds

For each format, a filing-shaped file at two or three sizes: the time ``read_source``
takes, its throughput, and the growth when the file doubles (linear is about 2x). The
files are built here: an HTML annual report with EDGAR-style tables (figures split over
"$" | "4,200" | ")" cells under year headings that span them), a workbook of income
statements with number formats, and a PDF of text pages with aligned tables (written by
hand: one content stream per page, Helvetica). The RNG is seeded.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tieout.documents import read_source

YEARS = (2025, 2024, 2023)


def html_report(rng: random.Random, tables: int) -> bytes:
    parts = ["<html><head><title>Acme Corp Annual Report</title></head><body>"]
    for t in range(tables):
        parts.append(f"<h2>Note {t + 1}. Segment results</h2>")
        parts.append(
            "<p>Revenue grew to $"
            f"{rng.randint(1, 99)}.{rng.randint(1, 9)}&#160;million, up {rng.randint(1, 40)}% "
            "from the year before, as the table below shows.</p>"
        )
        parts.append('<p style="text-align:center">(in thousands, except per share data)</p>')
        parts.append("<table><tr><td></td>")
        for y in YEARS:
            parts.append(f'<td colspan="3">{y}</td><td></td>')
        parts.append("</tr>")
        for label in (
            "Revenue",
            "Cost of revenue",
            "Gross profit",
            "Operating expenses",
            "Net loss",
        ):
            parts.append(f"<tr><td>{label}</td>")
            for _ in YEARS:
                v = rng.randint(100, 99_999)
                neg = label == "Net loss"
                cell = f"({v:,}" if neg else f"{v:,}"
                parts.append(f"<td>$</td><td>{cell}</td><td>{')' if neg else ''}</td><td></td>")
            parts.append("</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts).encode()


def workbook(rng: random.Random, rows: int) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Income statement"
    ws.append(["Acme Corp — Consolidated Statements of Operations"])
    ws.append(["(in thousands, except per share data)"])
    ws.append(["", *YEARS])
    for r in range(rows):
        ws.append([f"Line item {r}", *(rng.randint(100, 9_999_999) for _ in YEARS)])
        for c in range(2, 5):
            ws.cell(row=r + 4, column=c).number_format = "#,##0;(#,##0)"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _pdf_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf_report(rng: random.Random, pages: int) -> bytes:
    """A PDF of ``pages`` pages, each a scale note and an aligned 40-row table."""
    objects: list[bytes] = []
    kids = []
    font_id = 3
    streams = []
    for p in range(pages):
        lines = [(72, 740, f"Acme Corp Annual Report, page {p + 1}")]
        lines.append((72, 720, "(in thousands, except per share data)"))
        for i, y in enumerate(YEARS):
            lines.append((300 + 90 * i, 700, str(y)))
        for r in range(40):
            ypos = 684 - 15 * r
            lines.append((72, ypos, f"Line item {p}-{r}"))
            for i in range(len(YEARS)):
                lines.append((300 + 90 * i, ypos, f"{rng.randint(100, 99_999):,}"))
        body = "".join(
            f"BT /F1 10 Tf {x} {y} Td ({_pdf_escape(text)}) Tj ET\n" for x, y, text in lines
        ).encode()
        streams.append(zlib.compress(body))
    # object numbers: 1 catalog, 2 pages, 3 font, then page/content pairs
    for p in range(pages):
        kids.append(4 + 2 * p)
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {pages} >>".encode()
    )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for p, stream in enumerate(streams):
        content_id = 5 + 2 * p
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 "
            f"{font_id} 0 R >> >> /Contents {content_id} 0 R >>".encode()
        )
        objects.append(
            f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
            + stream
            + b"\nendstream"
        )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for n, obj in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{n} 0 obj\n".encode() + obj + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return out.getvalue()


def measure(name: str, suffix: str, files: list[bytes], unit: str, counts: list[int]) -> None:
    prev = None
    with tempfile.TemporaryDirectory() as tmp:
        for data, count in zip(files, counts, strict=True):
            path = Path(tmp) / f"source{suffix}"
            path.write_bytes(data)
            best = float("inf")
            for _ in range(2):
                t0 = time.perf_counter()
                text, _media = read_source(path)
                best = min(best, time.perf_counter() - t0)
            growth = f"  ({best / prev:.1f}x)" if prev else ""
            print(
                f"  {name:<5} {len(data) / 1e6:6.2f} MB file, {count:>7,} {unit}: {best:7.3f} s  "
                f"{len(data) / 1e6 / best:6.2f} MB/s  -> {len(text) / 1e6:5.2f} MB of text{growth}"
            )
            prev = best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller files")
    args = ap.parse_args()
    rng = random.Random(7)
    scale = [1, 2] if args.quick else [1, 2, 4]
    print("reading sources into text (best of 2; growth when the file doubles)")
    tables = [200 * k for k in scale]
    measure("html", ".html", [html_report(rng, n) for n in tables], "tables", tables)
    rows = [10_000 * k for k in scale]
    measure("xlsx", ".xlsx", [workbook(rng, n) for n in rows], "rows", rows)
    pages = [25 * k for k in scale]
    measure("pdf", ".pdf", [pdf_report(rng, n) for n in pages], "pages", pages)


if __name__ == "__main__":
    main()
