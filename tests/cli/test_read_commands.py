"""Every read command that prints data: ``--format json`` with its documented shape, and the
text form fitted to 80 columns without a header or a value broken mid-word.

Real subprocess runs of the CLI against a real SQLite file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_cli import SAMPLES, ok, tieout_cli

VERSION_KEYS = [
    "metric_key",
    "definition",
    "unit",
    "period_start",
    "period_end",
    "source_doc_id",
    "effective_from",
    "effective_to",
]
DOCUMENT_KEYS = [
    "doc_id",
    "source_name",
    "media_type",
    "sha256",
    "period_start",
    "period_end",
    "published",
    "scale",
    "numbers",
    "snapshots",
    "ingested_at",
]


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the sample registry (net_burn in two versions), two documents and a key."""
    here = tmp_path_factory.mktemp("reads")
    for args in (
        ("registry", "import", str(SAMPLES / "metrics.yaml")),
        ("registry", "import", str(SAMPLES / "metrics-2026-09.yaml")),
        (
            "docs",
            "add",
            str(SAMPLES / "documents/acme-10k-fy2019.txt"),
            "--id",
            "acme-10k-fy2019",
            "--period-start",
            "2016-10-01",
            "--period-end",
            "2019-09-30",
            "--published",
            "2019-11-15",
            "--scale",
            "USD_thousands",
        ),
        ("keys", "create", "--role", "reviewer", "--name", "M. Osei"),
    ):
        res = tieout_cli(*args, cwd=here, db="t.db")
        assert res.returncode == 0, res.stderr
    return here


def cli(here: Path, *args: str) -> str:
    return ok(tieout_cli(*args, cwd=here, db="t.db", columns=80))


def test_registry_show_json(filled: Path) -> None:
    data = json.loads(
        cli(filled, "registry", "show", "net_burn", "--as-of", "2026-08-20", "--format", "json")
    )
    assert data == {
        "metric_key": "net_burn",
        "definition": "Cash out minus cash in",
        "unit": "USD_thousands",
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "source_doc_id": "investor-update-2026-08",
        "effective_from": "2026-08-05",
        "effective_to": "2026-09-07",
    }


def test_registry_history_json_names_what_each_version_changed(filled: Path) -> None:
    data = json.loads(cli(filled, "registry", "history", "net_burn", "--format", "json"))
    assert [list(v) for v in data] == [[*VERSION_KEYS, "changed"]] * 2
    assert [v["changed"] for v in data] == [
        None,
        ["definition", "period_start", "period_end", "source_doc_id"],
    ]
    assert [(v["effective_from"], v["effective_to"]) for v in data] == [
        ("2026-08-05", "2026-09-07"),
        ("2026-09-07", None),
    ]


def test_registry_list_json(filled: Path) -> None:
    data = json.loads(cli(filled, "registry", "list", "--format", "json"))
    assert [list(v) for v in data] == [VERSION_KEYS] * 11
    assert [v["metric_key"] for v in data][:3] == ["arr", "cash_balance", "customer_retention"]
    burn = next(v for v in data if v["metric_key"] == "net_burn")
    assert burn["source_doc_id"] == "investor-update-2026-09"


def test_docs_list_and_show_json(filled: Path) -> None:
    [doc] = json.loads(cli(filled, "docs", "list", "--format", "json"))
    assert list(doc) == DOCUMENT_KEYS
    assert (doc["doc_id"], doc["scale"], doc["snapshots"]) == (
        "acme-10k-fy2019",
        "USD_thousands",
        1,
    )
    shown = json.loads(cli(filled, "docs", "show", "acme-10k-fy2019", "--format", "json"))
    assert list(shown) == [*DOCUMENT_KEYS, "figures", "tables", "sections"]
    assert shown["tables"] == 2
    assert {"kind", "title", "number", "index", "parent", "span"} == set(shown["sections"][0])
    assert any(s["kind"] == "row" and s["title"] == "Net sales" for s in shown["sections"])


def test_keys_list_json_never_holds_the_key(filled: Path) -> None:
    [key] = json.loads(cli(filled, "keys", "list", "--format", "json"))
    assert list(key) == ["key_id", "role", "name", "created_at", "revoked_at"]
    assert (key["role"], key["name"], key["revoked_at"]) == ("reviewer", "M. Osei", None)


def test_db_current_and_history_json(filled: Path) -> None:
    from tieout.store.migrate import HEAD

    assert json.loads(cli(filled, "db", "current", "--format", "json")) == {
        "revision": HEAD,
        "head": True,
    }
    revisions = json.loads(cli(filled, "db", "history", "--format", "json"))
    assert list(revisions[0]) == ["revision", "follows", "message", "current"]
    assert revisions[0]["follows"] is None
    assert [r["revision"] for r in revisions if r["current"]] == [HEAD]


@pytest.mark.parametrize(
    "args",
    [
        ("registry", "list"),
        ("registry", "history", "net_burn"),
        ("docs", "list"),
        ("keys", "list"),
        ("db", "history"),
    ],
)
def test_text_fits_80_columns_without_breaking_a_word(filled: Path, args: tuple[str, ...]) -> None:
    out = cli(filled, *args)
    lines = out.splitlines()
    assert lines and all(len(line.rstrip()) <= 80 for line in lines), out
    for broken in ("effectiv", "e_from", "USD_thous\n", "investor-update-20\n", "snaps"):
        assert broken not in out.replace("snapshots", ""), out


def test_registry_history_reads_as_versions(filled: Path) -> None:
    assert cli(filled, "registry", "history", "net_burn") == (
        "2026-08-05 – 2026-09-07  first version\n"
        "  Cash out minus cash in\n"
        "  USD_thousands · 2026-07-01 – 2026-07-31 · source investor-update-2026-08\n"
        "2026-09-07 – now  changed definition, period_start, period_end, source_doc_id\n"
        "  Cash out minus cash in, excluding financing inflows\n"
        "  USD_thousands · 2026-08-01 – 2026-08-31 · source investor-update-2026-09\n"
    )


def test_figures_fit_80_columns_without_breaking_a_word(tmp_path: Path) -> None:
    path = str(SAMPLES / "documents/acme-10k-fy2019.txt")
    out = ok(tieout_cli("figures", path, cwd=tmp_path, columns=80))
    assert all(len(line.rstrip()) <= 80 for line in out.splitlines()), out
    assert "$260,174        currency  260,174,000 USD   FY2019 (Oct" in out
    for word in ("USD_thous", "contex", "Net sal"):
        assert not any(line.rstrip().endswith(word) for line in out.splitlines()), out
