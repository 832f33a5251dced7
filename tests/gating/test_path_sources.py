"""``tieout.gate(draft, sources=[Path(...)])`` reads a file as ``tieout gate --source`` does:
by its format, so a CSV's cells and an HTML table's headings count."""

from __future__ import annotations

from pathlib import Path

import pytest

import tieout
from tieout.errors import DocumentFormatError, InputError


def test_files_are_read_by_their_format(tmp_path: Path) -> None:
    csv = tmp_path / "kpis.csv"
    csv.write_text(
        'Metric,FY2026,FY2025\nRevenue ($M),"1,234.5","1,101.2"\nCustomers,"14,210","12,005"\n'
    )
    html = tmp_path / "update.html"
    html.write_text("<html><body><p>Cash at the end of June was $4.2 million.</p></body></html>")
    r = tieout.gate(
        "Revenue was $1,234.5 million, with 14,210 customers and $4.2 million of cash.",
        sources=[csv, html],
    )
    assert [(c.key, c.status, c.found_in) for c in r.claims] == [
        ("currency:USD:1234500000", "found", "source kpis.csv"),
        ("number:14210", "found", "source kpis.csv"),
        ("currency:USD:4200000", "found", "source update.html"),
    ]


def test_a_missing_file_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(DocumentFormatError) as info:
        tieout.gate("Revenue was $4.2 million.", sources=[tmp_path / "nope.txt"])
    assert str(info.value) == f"{tmp_path / 'nope.txt'}: no such file"


def test_other_types_are_refused_by_name() -> None:
    with pytest.raises(InputError) as info:
        tieout.gate("Revenue was $4.2 million.", sources=[42])
    assert str(info.value) == (
        "sources[0]: expected a text, a file's Path, a Document or an index, got int"
    )
