"""PDF sources: real PDF bytes, built by hand, read through ``read_pdf`` and the CLI.

No PDF library that lays out text is installed (pypdf writes PDFs but does not set
text), so :func:`build_pdf` writes one: a catalog, pages, one Helvetica font, one content
stream per page that places each piece of text at an exact x/y, and an xref table with
the true byte offsets. Tables are printed as a typesetter does: labels at the left
margin, amounts right-aligned in their columns, "$" at the left of its column.
"""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import tieout
from tieout.documents import read_source
from tieout.documents.pdf import read_pdf
from tieout.errors import DocumentFormatError

# --------------------------------------------------------------------------- a PDF by hand

Item = tuple[float, float, str]  # x, y (points from the bottom left), text
Page = list[Item] | bytes  # placed text, or a raw content stream

# Helvetica's advance widths (per 1000 em) for what right-aligned cells hold
_WIDTHS = {**dict.fromkeys("0123456789$", 556), ",": 278, ".": 278, " ": 278}
_WIDTHS.update({"(": 333, ")": 333, "\u2212": 584})
# WinAnsi, plus three glyphs it lacks, on codes it leaves unused
_EXTRA = {"\u2212": 0x7F, "\ufb01": 0x81, "\ufb02": 0x8D}
_FONT = (
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding"
    b" /BaseEncoding /WinAnsiEncoding /Differences [127 /minus 129 /fi 141 /fl] >> >>"
)


def right(x_right: float, y: float, text: str) -> Item:
    """``text`` in 10pt Helvetica ending at ``x_right``."""
    width = sum(_WIDTHS[c] for c in text) * 10 / 1000
    return (x_right - width, y, text)


def _pdf_string(text: str) -> bytes:
    raw = bytes(_EXTRA[c] if c in _EXTRA else c.encode("cp1252")[0] for c in text)
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def content(items: list[Item]) -> bytes:
    """A content stream drawing each item in 10pt Helvetica."""
    return b"\n".join(
        b"BT /F1 10 Tf %.2f %.2f Td %s Tj ET" % (x, y, _pdf_string(t)) for x, y, t in items
    )


def build_pdf(pages: list[Page]) -> bytes:
    """A PDF 1.4 file, US Letter pages, with a correct xref table."""
    objects: list[bytes] = [b"", b"", _FONT]  # 1 catalog, 2 page tree, 3 font
    kids = []
    for page in pages:
        stream = page if isinstance(page, bytes) else content(page)
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]"
            b" /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % len(objects)
        )
        kids.append(b"%d 0 R" % len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def encrypted(data: bytes, user_password: str) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm="AES-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


# --------------------------------------------------------------------------- the documents


def _row(y: float, label: str, cells: tuple[str, str, str], dollar: bool = False) -> list[Item]:
    items: list[Item] = [(72, y, label)]
    for x_right, cell in zip((330, 420, 510), cells, strict=True):
        if dollar:
            items.append((x_right - 60, y, "$"))
        items.append(right(x_right, y, cell))
    return items


STATEMENT: list[Item] = [
    (72, 720, "Acme Corp"),
    (72, 706, "Consolidated Statements of Operations"),
    (72, 692, "(in thousands, except per share data)"),
    (318, 664, "Year Ended December 31,"),
    *_row(650, "", ("2025", "2024", "2023"))[1:],
    *_row(636, "Revenue", ("4,200", "3,900", "3,100"), dollar=True),
    *_row(622, "Cost of revenue", ("(1,800)", "(1,700)", "(1,500)")),
    *_row(608, "Other expense, net", ("\u2212120", "\u221295", "\u221280")),
    *_row(594, "Net income", ("2,280", "2,105", "1,520"), dollar=True),
    *_row(580, "Diluted EPS", ("2.10", "1.95", "1.40")),
    (72, 552, "Net income rose 8.3% in \ufb01scal 2025."),
]

STATEMENT_TEXT = """\
Acme Corp
Consolidated Statements of Operations
(in thousands, except per share data)

                                                              Year Ended December 31,
                                                            2025                   2024                   2023
Revenue                                           $        4,200         $        3,900         $        3,100
Cost of revenue                                          (1,800)                (1,700)                (1,500)
Other expense, net                                          \u2212120                    \u221295                    \u221280
Net income                                        $        2,280         $        2,105         $        1,520
Diluted EPS                                                  2.10                   1.95                   1.40

Net income rose 8.3% in \ufb01scal 2025.
"""

HEADER = (72, 750, "Northwind Robotics \u2014 Investor Update")


def update_pages(footer: str) -> list[Page]:
    """Two pages under a running header; the first breaks "million" with a soft hyphen."""
    return [
        [
            HEADER,
            (72, 700, "October 2026 update"),
            (72, 672, "ARR crossed $4.2 mil\u00ad"),
            (72, 658, "lion in October, up 12% on September."),
            (290, 40, footer.format(n=1, n46=47)),
        ],
        [
            HEADER,
            (72, 700, "Net burn was $310k; runway is 19 months."),
            (290, 40, footer.format(n=2, n46=48)),
        ],
    ]


UPDATE_TEXT = """\
October 2026 update

ARR crossed $4.2 million
in October, up 12% on September.
\f
Net burn was $310k; runway is 19 months.
"""

CONTRACT: list[Item] = [
    (72, 720, "Master Services Agreement"),
    (72, 692, "2. Fees and Payment"),
    (72, 670, "2.1 By Provider. Provider invoices monthly in arrears."),
    (72, 656, "2.2 By Customer. Customer shall pay each invoice of up to $12,000"),
    (72, 642, "within 30 days of receipt."),
    (72, 628, "2.3 Late Payment. Late amounts bear interest at 1.5% per month."),
    (280, 40, "Page 1 of 1"),
]

CONTRACT_TEXT = """\
Master Services Agreement

2. Fees and Payment

2.1 By Provider. Provider invoices monthly in arrears.
2.2 By Customer. Customer shall pay each invoice of up to $12,000
within 30 days of receipt.
2.3 Late Payment. Late amounts bear interest at 1.5% per month.
"""

# a page holding only an image (a 1x1 grey inline image scaled to the page): a scan
SCAN = b"q 612 0 0 792 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI Q"


# --------------------------------------------------------------------------- text as printed


def test_income_statement_keeps_its_columns() -> None:
    text = read_pdf(build_pdf([STATEMENT]), "statement.pdf")
    assert text == STATEMENT_TEXT


def test_income_statement_cells_are_scaled_and_dated() -> None:
    doc = tieout.Document.from_text("x", read_pdf(build_pdf([STATEMENT]), "statement.pdf"))
    cells = {f.where: f for f in doc.read().figures if f.where}
    revenue = cells["row Revenue, column 2025"]
    assert (revenue.text, revenue.value, revenue.unit) == (
        "$        4,200",
        Decimal(4200000),
        "USD",
    )
    assert revenue.period is not None and revenue.period.label == "Year Ended December 31, 2025"
    assert (revenue.period.start.isoformat(), revenue.period.end.isoformat()) == (
        "2025-01-01",
        "2025-12-31",
    )
    prior = cells["row Revenue, column 2023"]
    assert prior.value == Decimal(3100000) and prior.period is not None
    assert prior.period.end.isoformat() == "2023-12-31"
    cost = cells["row Cost of revenue, column 2025"]
    assert (cost.value, cost.implied_unit) == (Decimal(-1800000), "USD")
    # U+2212 is left to figures.normalize, which reads it as a minus sign
    other = cells["row Other expense, net, column 2024"]
    assert (other.text, other.value) == ("-95", Decimal(-95000))
    eps = cells["row Diluted EPS, column 2025"]
    assert (eps.text, eps.value, eps.scale) == ("2.10", Decimal("2.10"), Decimal(1))
    assert "fiscal 2025" in doc.text  # the "fi" ligature, folded by normalize


def test_gate_ties_a_draft_to_the_table() -> None:
    text = read_pdf(build_pdf([STATEMENT]), "statement.pdf")
    assert tieout.gate("Revenue was $4.2 million in 2025.", sources=[text]).passed
    rejected = tieout.gate("Revenue was $4.3 million in 2025.", sources=[text])
    assert not rejected.passed


@pytest.mark.parametrize(
    "footer",
    [
        "{n}",
        "- {n} -",
        "\u2013 {n} \u2013",
        "Page {n}",
        "Page {n} of 2",
        "{n46}",  # numbered from 47: a steady offset is still a page number
        "Northwind Robotics \u00b7 Page {n}",  # a running footer whose only digits are the page
    ],
)
def test_page_numbers_running_headers_and_soft_hyphens_go(footer: str) -> None:
    text = read_pdf(build_pdf(update_pages(footer)), "update.pdf")
    assert text == UPDATE_TEXT
    assert tieout.gate("ARR crossed $4.2 million in October.", sources=[text]).passed


def test_repeated_lines_with_figures_or_a_scale_stay() -> None:
    def page(n: int) -> list[Item]:
        return [
            (72, 760, f"Page {n}"),  # dropped
            (72, 746, "Confidential"),  # repeated, no digits: dropped
            (72, 732, "(in thousands)"),  # repeated, but a scale note: kept
            (72, 700, f"Revenue was $4,{n}00 in Q{n}."),
            (72, 40, "Annual Report 2025"),  # repeated, but 2025 is no page number: kept
        ]

    text = read_pdf(build_pdf([page(1), page(2), page(3)]), "report.pdf")
    assert text == "\f\n".join(
        f"(in thousands)\n\nRevenue was $4,{n}00 in Q{n}.\n\nAnnual Report 2025\n"
        for n in (1, 2, 3)
    )


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        ("1", "Annual Report\n"),  # page 1's number
        ("2025", "Annual Report\n\n" + " " * 56 + "2025\n"),  # a cover's year: kept
    ],
)
def test_a_bare_number_goes_only_when_it_is_the_page_number(last: str, expected: str) -> None:
    text = read_pdf(build_pdf([[(72, 700, "Annual Report"), (300, 400, last)]]), "cover.pdf")
    assert text == expected


def test_contract_clauses() -> None:
    text = read_pdf(build_pdf([CONTRACT]), "msa.pdf")
    assert text == CONTRACT_TEXT
    doc = tieout.Document.from_text("msa", text)
    clauses = [(s.number, s.title) for s in doc.layout.sections if s.kind == "clause"]
    assert clauses == [
        ("2", "Fees and Payment"),
        ("2.1", "By Provider"),
        ("2.2", "By Customer"),
        ("2.3", "Late Payment"),
    ]
    fee = next(f for f in doc.read().figures if f.text == "$12,000")
    clause = doc.layout.heading_at(fee.span[0])
    assert clause is not None and clause.number == "2.2"


def test_rotated_text_is_read_in_plain_mode() -> None:
    # layout mode drops text drawn turned by 90 degrees; the page is read again plainly
    page = b"BT /F1 10 Tf 0 1 -1 0 300 100 Tm (Revenue was $4.2 million.) Tj ET"
    assert read_pdf(build_pdf([page]), "turned.pdf") == "Revenue was $4.2 million.\n"


def test_read_source_dispatches_pdf(tmp_path: Path) -> None:
    path = tmp_path / "Statement.PDF"
    path.write_bytes(build_pdf([STATEMENT]))
    assert read_source(path) == (STATEMENT_TEXT, "text")


# --------------------------------------------------------------------------- refusals


def refusal(data: bytes, name: str = "f.pdf") -> str:
    with pytest.raises(DocumentFormatError) as err:
        read_pdf(data, name)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_password_protected() -> None:
    data = encrypted(build_pdf([CONTRACT]), "secret")
    assert refusal(data, "msa.pdf") == (
        "msa.pdf: is password-protected; remove the password and add it again"
    )


def test_empty_user_password_is_read() -> None:
    data = encrypted(build_pdf([CONTRACT]), "")
    assert read_pdf(data, "msa.pdf") == CONTRACT_TEXT


def test_no_text_layer() -> None:
    assert refusal(build_pdf([SCAN, SCAN]), "scan.pdf") == (
        "scan.pdf: has no text layer (a scanned image?); run OCR on it first"
    )


def test_not_a_pdf(tmp_path: Path) -> None:
    path = tmp_path / "garbage.pdf"
    path.write_bytes(b"PK\x03\x04 this is a zip file, renamed")
    with pytest.raises(DocumentFormatError) as err:
        read_source(path)
    assert str(err.value) == (
        f"{path}: is not a readable PDF (no %PDF- header: it is not a PDF file); re-export it"
    )


def test_truncated_pdf() -> None:
    data = build_pdf([STATEMENT])
    message = refusal(data[: len(data) // 2], "cut.pdf")
    # the clause in brackets is pypdf's own account of what is broken
    assert message.startswith("cut.pdf: is not a readable PDF (")
    assert message.endswith("); re-export it")


def test_no_pages() -> None:
    assert refusal(build_pdf([]), "empty.pdf") == (
        "empty.pdf: is not a readable PDF (it has no pages); re-export it"
    )


def test_pypdf_log_messages_stay_quiet(caplog: pytest.LogCaptureFixture) -> None:
    data = build_pdf([CONTRACT])
    broken = data.replace(b"startxref\n", b"startxref\n9")  # a wrong xref offset: repaired
    caplog.set_level(logging.DEBUG)
    from pypdf import PdfReader

    PdfReader(io.BytesIO(broken)).pages[0].extract_text()
    assert any(r.name.startswith("pypdf") for r in caplog.records)  # pypdf does complain
    caplog.clear()
    assert read_pdf(broken, "msa.pdf") == CONTRACT_TEXT
    assert caplog.records == []
    assert logging.getLogger("pypdf").level == logging.NOTSET  # put back as it was


def test_aes_without_cryptography_says_what_to_install(tmp_path: Path) -> None:
    path = tmp_path / "aes.pdf"
    path.write_bytes(encrypted(build_pdf([CONTRACT]), ""))
    script = (
        "import sys; sys.modules['cryptography'] = None; sys.modules['Crypto'] = None\n"
        "from tieout.documents.pdf import read_pdf\n"
        "from tieout.errors import DocumentFormatError\n"
        "try:\n"
        f"    read_pdf(open({str(path)!r}, 'rb').read(), 'aes.pdf')\n"
        "except DocumentFormatError as exc:\n"
        "    print(exc)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.stderr == ""
    assert run.stdout == (
        "aes.pdf: is AES-encrypted and reading it needs the 'cryptography' package; "
        "pip install cryptography, or remove the encryption and add it again\n"
    )


# --------------------------------------------------------------------------- the CLI


def tieout_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TIEOUT_DB": str(cwd / "tieout.db")}
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_docs_add_and_gate(tmp_path: Path) -> None:
    statement = tmp_path / "statement.pdf"
    statement.write_bytes(build_pdf([STATEMENT]))
    added = tieout_cli("docs", "add", str(statement), "--id", "acme-pdf", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("acme-pdf: ingested")
    (tmp_path / "draft.md").write_text("Revenue was $4.2 million in 2025.\n", encoding="utf-8")
    (tmp_path / "wrong.md").write_text("Revenue was $4.3 million in 2025.\n", encoding="utf-8")
    passed = tieout_cli("gate", "draft.md", "--source", str(statement), cwd=tmp_path)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert passed.stdout.startswith("PASSED")
    stored = tieout_cli("gate", "draft.md", "--doc", "acme-pdf", cwd=tmp_path)
    assert stored.returncode == 0, stored.stdout + stored.stderr
    rejected = tieout_cli("gate", "wrong.md", "--source", str(statement), cwd=tmp_path)
    assert rejected.returncode == 1
    assert "$4.3 million" in rejected.stdout


def test_cli_refuses_a_garbage_pdf_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "garbage.pdf").write_bytes(b"\x00\x01 not a pdf")
    run = tieout_cli("docs", "add", "garbage.pdf", "--id", "g", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == (
        "tieout: error: garbage.pdf: is not a readable PDF "
        "(no %PDF- header: it is not a PDF file); re-export it\n"
    )


def test_a_quarterly_statement_keeps_each_column_under_its_own_heading() -> None:
    # "September 30," centred over its two years ends just before the second: it heads both
    items: list[Item] = [(72, 720, "(in thousands)")]
    items += [(250, 700, "Three Months Ended"), (420, 700, "Nine Months Ended")]
    items += [(262, 688, "September 30,"), (432, 688, "September 30,")]
    cols = [280, 350, 450, 520]
    items += [right(x, 676, t) for x, t in zip(cols, ["2026", "2025", "2026", "2025"], strict=True)]
    items.append((72, 660, "Net revenues"))
    values = ["165,214", "152,917", "478,390", "441,006"]
    items += [right(x, 660, v) for x, v in zip(cols, values, strict=True)]
    text = read_pdf(build_pdf([items]), "10q.pdf")
    got = [
        (f.value, str(f.period.start), str(f.period.end))
        for f in tieout.figures.extract(text)
        if f.where and f.period
    ]
    assert got == [
        (Decimal(165_214_000), "2026-07-01", "2026-09-30"),
        (Decimal(152_917_000), "2025-07-01", "2025-09-30"),
        (Decimal(478_390_000), "2026-01-01", "2026-09-30"),
        (Decimal(441_006_000), "2025-01-01", "2025-09-30"),
    ]


# --------------------------------------------------------------------------- pages


RELEASE: list[Page] = [
    [
        (72, 740, "Harbor First Bancorp"),  # a running header: dropped
        (72, 700, "Third Quarter 2026 Earnings Release"),
        (72, 672, "Highlights"),
        (72, 658, "Net income of $18.4 million for the third quarter of 2026."),
        (290, 40, "Page 1 of 3"),
    ],
    [(72, 740, "Harbor First Bancorp"), (290, 40, "Page 2 of 3")],  # nothing else on it
    [
        (72, 740, "Harbor First Bancorp"),
        (72, 700, "Financial Tables"),
        (72, 672, "Net interest margin was 3.42% for the third quarter of 2026."),
        (72, 658, "Efficiency ratio was 58.1% for the third quarter of 2026."),
        (290, 40, "Page 3 of 3"),
    ],
]


def test_each_page_keeps_its_place() -> None:
    from tieout.documents.locate import page_spans, resolve_locator

    text = read_pdf(build_pdf(RELEASE), "release.pdf")
    # a page break is a line of its own (a blank line to every reader); an empty page keeps one
    assert text == (
        "Third Quarter 2026 Earnings Release\n\nHighlights\n"
        "Net income of $18.4 million for the third quarter of 2026.\n\f\n\f\n"
        "Financial Tables\n\nNet interest margin was 3.42% for the third quarter of 2026.\n"
        "Efficiency ratio was 58.1% for the third quarter of 2026.\n"
    )
    pages = [text[a:b] for a, b in page_spans(text)]
    assert pages[0].startswith("Third Quarter") and pages[0].endswith("of 2026.")
    assert pages[1] == ""
    assert pages[2].startswith("Financial Tables") and pages[2].endswith("of 2026.")
    doc = tieout.Document.from_text("release", text)
    nim = text.index("Net interest margin")
    for locator in ("page 3", "p. 3", "p3", "Page: 3", "page 3 of 3", "pp. 2-3", "pages 2 to 3"):
        region = resolve_locator(doc, locator)
        assert region is not None and region.contains((nim, nim + 10)), locator
    assert resolve_locator(doc, "pp. 2-3").label == "pages 2-3"  # type: ignore[union-attr]
    first = resolve_locator(doc, "page 1")
    assert first is not None and first.label == "page 1" and not first.contains((nim, nim + 10))
    assert resolve_locator(doc, "page 4") is None  # no such page: names no place
    # the layout reads the pages as it read them joined by a blank line
    plain = text.replace("\n\f\n\f\n", "\n\n\n")
    joined = tieout.Document.from_text("plain", plain)
    assert [(s.kind, s.title) for s in doc.layout.sections] == [
        (s.kind, s.title) for s in joined.layout.sections
    ]
    assert [(f.text, f.value) for f in doc.read().figures] == [
        (f.text, f.value) for f in joined.read().figures
    ]


def test_a_text_without_pages_ignores_a_page_locator() -> None:
    from tieout.documents.locate import resolve_locator

    doc = tieout.Document.from_text("memo", "# Results\n\nNet interest margin was 3.42%.\n")
    assert resolve_locator(doc, "page 2") is None
    region = resolve_locator(doc, "page 2, section: Results")
    assert region is not None and region.label == "Results"


def test_cli_check_a_page_locator(tmp_path: Path) -> None:
    (tmp_path / "release.pdf").write_bytes(build_pdf(RELEASE))
    (tmp_path / "metrics.yaml").write_text(
        "- {metric_key: nim, definition: Net interest margin for the quarter, unit: percent,"
        " period_start: 2026-07-01, period_end: 2026-09-30, source_doc_id: hfb-q3-2026,"
        " effective_from: 2026-10-01}\n",
        encoding="utf-8",
    )
    quote = "Net interest margin was 3.42% for the third quarter of 2026."
    claims = [
        {
            "metric_key": "nim",
            "value": 3.42,
            "unit": "percent",
            "period_start": "2026-07-01",
            "period_end": "2026-09-30",
            "source_doc_id": "hfb-q3-2026",
            "source_quote": quote,
            "source_locator": locator,
        }
        for locator in ("page 3", "p. 1", "pp. 2-3")
    ]
    (tmp_path / "claims.json").write_text(json.dumps({"claims": claims}), encoding="utf-8")
    assert tieout_cli("registry", "import", "metrics.yaml", cwd=tmp_path).returncode == 0
    added = tieout_cli(
        "docs",
        "add",
        "release.pdf",
        "--id",
        "hfb-q3-2026",
        "--period",
        "Q3 2026",
        "--published",
        "2026-10-20",
        "-q",
        cwd=tmp_path,
    )
    assert added.returncode == 0, added.stderr
    run = tieout_cli("check", "claims.json", "--format", "json", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    results = json.loads(run.stdout)["claims"]
    quote_checks = [next(c for c in r["checks"] if c["name"] == "quote") for r in results]
    assert [(r["verdict"], c["status"]) for r, c in zip(results, quote_checks, strict=True)] == [
        ("pass", "pass"),
        ("warning", "warning"),
        ("pass", "pass"),
    ]
    assert quote_checks[0]["reason"] == "quote found verbatim in page 3"
    assert quote_checks[1]["reason"] == (
        "quote found verbatim in Financial Tables ¶1 on page 3, locator said page 1"
    )
    assert quote_checks[2]["reason"] == "quote found verbatim in pages 2-3"
