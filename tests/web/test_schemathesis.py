"""Schemathesis against the HTTP API's own OpenAPI document: no generated input gets a 5xx."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from tieout.documents.ingest import ingest_file
from tieout.registry import load_metric_file
from tieout.store import Store
from tieout.web import create_app
from tieout.web.auth import create_key

SAMPLES = Path(__file__).resolve().parents[2] / "tieout" / "sample_docs"


# The app opens its database on the first request, so it can be built (and its OpenAPI document
# read) at collection time; the fixture below fills the database before any request is made.
_DIR = Path(tempfile.mkdtemp(prefix="tieout-web-"))
atexit.register(shutil.rmtree, _DIR, True)
DB_URL = f"sqlite:///{_DIR / 'tieout.db'}"
APP = create_app(DB_URL, max_body=256 * 1024)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def admin_key() -> str:
    """The sample metrics and one document in the app's database, and an admin key for it."""
    with Store.open(DB_URL) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        ingest_file(
            store,
            SAMPLES / "documents" / "investor-update-2026-08.md",
            "investor-update-2026-08",
        )
        _, key = create_key(store, "admin", "schemathesis")
    return key


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_input_gets_a_server_error(case: Any, admin_key: str) -> None:
    case.call_and_validate(
        headers={"Authorization": f"Bearer {admin_key}"}, checks=[not_a_server_error]
    )
