"""The sample documents' claims, checked against sample_docs/expected.yaml.

One parametrised test runs every claim file twice: entirely in memory
(``tieout.check_claims`` with a ``Registry``) and through the database on both backends,
as ``tieout check`` does. Expected verdicts and reason phrases live in the data folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import tieout
from tieout.checks.runs import check_file
from tieout.demo import load_document_list, sample_docs_dir
from tieout.documents.ingest import ingest_file

SAMPLES = sample_docs_dir()
EXPECTED: dict[str, Any] = yaml.safe_load((SAMPLES / "expected.yaml").read_text(encoding="utf-8"))
CLAIM_FILES = sorted(EXPECTED["claims"])


def _documents() -> list[tieout.Document]:
    docs = []
    for e in load_document_list(SAMPLES / "documents.yaml"):
        path = SAMPLES / str(e["file"])
        docs.append(
            tieout.Document.from_text(
                str(e["id"]),
                path.read_text(encoding="utf-8"),
                period_start=e.get("period_start"),
                period_end=e.get("period_end"),
                published=e.get("published"),
                scale=e.get("scale"),
                media_type="markdown" if path.suffix == ".md" else "text",
            )
        )
    return docs


def _registry() -> tieout.Registry:
    reg = tieout.Registry.from_file(SAMPLES / "metrics.yaml")
    for d in tieout.Registry.from_file(SAMPLES / "metrics-2026-09.yaml").metric_history("net_burn"):
        reg.add(d)
    return reg


def _assert_matches(reports: list[Any], expected: list[dict[str, Any]]) -> None:
    assert len(reports) == len(expected)
    for report, want in zip(reports, expected, strict=True):
        got = (report.claim.metric_key, str(report.verdict))
        assert got == (want["metric_key"], want["verdict"]), report.reason
        for phrase in want["reason_contains"]:
            assert phrase.lower() in report.reason.lower(), (phrase, report.reason)


@pytest.mark.parametrize("claim_file", CLAIM_FILES)
def test_in_memory(claim_file: str) -> None:
    claims = tieout.parse_claims((SAMPLES / claim_file).read_bytes())
    reports = tieout.check_claims(claims, _documents(), _registry())
    _assert_matches(reports, EXPECTED["claims"][claim_file])


def test_through_the_database(db_url: str) -> None:
    from tieout.registry import load_metric_file
    from tieout.store import Store

    with Store.open(db_url) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        store.import_metrics(load_metric_file(SAMPLES / "metrics-2026-09.yaml"))
        for e in load_document_list(SAMPLES / "documents.yaml"):
            ingest_file(
                store,
                SAMPLES / str(e["file"]),
                str(e["id"]),
                period_start=e.get("period_start"),
                period_end=e.get("period_end"),  # type: ignore[arg-type]
                published=e.get("published"),
                scale=e.get("scale"),  # type: ignore[arg-type]
            )
        for claim_file in CLAIM_FILES:
            run = check_file(store, SAMPLES / claim_file)
            _assert_matches(run.reports, EXPECTED["claims"][claim_file])
            _, stored = store.get_run(run.run_id)
            assert [r.verdict for r in stored] == [str(r.verdict) for r in run.reports]
            assert all(len(r.checks) == 3 for r in stored)


@pytest.mark.parametrize("bad_file", sorted(EXPECTED["invalid"]))
def test_invalid_files_are_refused(bad_file: str) -> None:
    want = EXPECTED["invalid"][bad_file]
    with pytest.raises(tieout.ClaimValidationError) as info:
        tieout.parse_claims((SAMPLES / bad_file).read_bytes(), source=bad_file)
    for phrase in want["message_contains"]:
        assert phrase in str(info.value)


def test_every_verdict_is_demonstrated() -> None:
    verdicts = {c["verdict"] for f in CLAIM_FILES for c in EXPECTED["claims"][f]}
    assert verdicts == {"pass", "warning", "fail", "unsupported"}


def test_sample_docs_path_is_in_the_package() -> None:
    assert Path(tieout.__file__).parent / "sample_docs" == SAMPLES
    assert (SAMPLES / "documents.yaml").is_file()
