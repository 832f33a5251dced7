"""End to end in headless Chromium: `tieout serve` as a subprocess, data from real CLI runs.

A reviewer logs in with a key from `tieout keys create`, opens a run, opens a failing claim,
sees its figure marked in the source document, is refused an override without a reason
(nothing stored), then records one with a reason and sees it on the page and in the store.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them) and the
``selenium`` package; without them the test is skipped, unless ``TIEOUT_REQUIRE_BROWSER=1``
(CI), when it fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = ROOT / "tieout" / "sample_docs" / "claims" / "investor-updates.json"
CHROMIUM = os.environ.get("TIEOUT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TIEOUT_CHROMEDRIVER", "/usr/bin/chromedriver")
REQUIRE_BROWSER = os.environ.get("TIEOUT_REQUIRE_BROWSER") == "1"
WAIT = 20  # seconds any one expected state may take to appear


def _missing_browser() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package is not installed (pip install -e '.[dev]')"
    for path in (CHROMIUM, CHROMEDRIVER):
        if shutil.which(path) is None:
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


def tieout(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "200"}
    env["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")  # the code under test
    return subprocess.run(
        [sys.executable, "-m", "tieout", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=120,
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def browser() -> Iterator[Any]:
    missing = _missing_browser()
    if missing is not None:
        if REQUIRE_BROWSER:
            pytest.fail(f"{missing} (TIEOUT_REQUIRE_BROWSER=1)", pytrace=False)
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1366,768",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """A database with checked runs, a reviewer key, and `tieout serve` on it: (url, db, key)."""
    db = f"sqlite:///{tmp_path / 'd.db'}"
    demo = tieout("demo", "--db", "d.db", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    checked = tieout("check", str(CLAIMS), "--db", db, "--format", "json", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr  # some claims fail
    made = tieout("keys", "create", "--role", "reviewer", "--db", db, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip()

    port = _free_port()
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tieout", "serve", "--db", db, "--port", str(port)],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                with urllib.request.urlopen(f"{url}/login", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(
                        f"tieout serve did not start: {(tmp_path / 'serve.log').read_text()}"
                    )
                time.sleep(0.1)
        yield url, db, key
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def stored_claim(db: str, claim_id: int, cwd: Path) -> dict[str, Any]:
    """The claim as `tieout review list --format json` reports it."""
    listed = tieout("review", "list", "--db", db, "--format", "json", cwd=cwd)
    assert listed.returncode == 0, listed.stderr
    return next(r for r in json.loads(listed.stdout) if r["id"] == claim_id)


def test_reviewer_overrides_a_failing_claim_in_the_browser(
    browser: Any, server: tuple[str, str, str], tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    url, db, key = server
    wait = WebDriverWait(browser, WAIT)

    # Not logged in: the runs page sends the browser to the login page.
    browser.get(f"{url}/review/")
    wait.until(ec.url_contains("/login"))
    browser.find_element(By.ID, "key").send_keys(key)
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()

    # The runs list, newest first: the run `tieout check` just made is on top.
    first_run = wait.until(
        ec.element_to_be_clickable((By.CSS_SELECTOR, "table.data tbody tr th a"))
    )
    run_id = first_run.text
    first_run.click()
    wait.until(ec.text_to_be_present_in_element((By.TAG_NAME, "h1"), f"Run {run_id}"))

    # Filter to the failing claims and open the one cited from the wrong period.
    browser.find_element(By.PARTIAL_LINK_TEXT, "fail (").click()
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".filters a[aria-current]")))
    assert browser.find_element(By.CSS_SELECTOR, ".filters a[aria-current]").text.startswith(
        "fail ("
    )
    verdicts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "table.claims .verdict")]
    assert verdicts and set(verdicts) == {"fail"}
    row = browser.find_element(
        By.XPATH, "//table[contains(@class,'claims')]//tr[contains(., '610,000 USD is stated')]"
    )
    row.find_element(By.TAG_NAME, "a").click()

    # The claim page: the figure is marked in the source document and scrolled into view.
    figure = wait.until(ec.visibility_of_element_located((By.CSS_SELECTOR, "mark#figure")))
    assert figure.text == "$610k"
    claim_id = int(browser.current_url.rstrip("/").rsplit("/", 1)[1])
    in_view = browser.execute_script(
        "const m = arguments[0].getBoundingClientRect(),"
        " b = document.getElementById('doc').getBoundingClientRect();"
        " return m.top >= b.top && m.bottom <= b.bottom && m.bottom <= window.innerHeight;",
        figure,
    )
    assert in_view, "the marked figure is not scrolled into view"
    assert "period_unit" in browser.find_element(By.CSS_SELECTOR, "table.checks").text

    # An override without a reason is refused, with the store's message, and nothing stored.
    Select(browser.find_element(By.ID, "verdict-select")).select_by_value("warning")
    browser.find_element(By.ID, "reviewer").send_keys("Dana Reyes")
    browser.find_element(By.XPATH, "//button[.='Record override']").click()
    error = wait.until(ec.visibility_of_element_located((By.ID, "override-error")))
    assert error.text == (
        f"an override needs a reason: say why claim {claim_id} should be warning, not fail "
        "(--reason)"
    )
    assert browser.find_element(By.ID, "reviewer").get_attribute("value") == "Dana Reyes"
    assert browser.switch_to.active_element.get_attribute("id") == "reason"
    before = stored_claim(db, claim_id, tmp_path)
    assert (before["verdict"], before["effective_verdict"], before["overrides"]) == (
        "fail",
        "fail",
        [],
    )

    # With a reason it is saved: the page shows both verdicts and the reason.
    reason = "The Q2 total is quoted on purpose as the run-rate; July alone is $212k."
    browser.find_element(By.ID, "reason").send_keys(reason)
    browser.find_element(By.XPATH, "//button[.='Record override']").click()
    notice = wait.until(ec.visibility_of_element_located((By.CSS_SELECTOR, "p.notice")))
    assert notice.text == "Override saved: fail → warning by Dana Reyes."
    assert browser.find_element(By.ID, "verdict").text == "fail → warning"
    history = browser.find_element(By.CSS_SELECTOR, "tr.override")
    assert "Dana Reyes" in history.text and reason in history.text
    assert "fail → warning" in history.text

    after = stored_claim(db, claim_id, tmp_path)
    assert (after["verdict"], after["effective_verdict"]) == ("fail", "warning")
    assert [(o["from"], o["verdict"], o["reason"], o["reviewer"]) for o in after["overrides"]] == [
        ("fail", "warning", reason, "Dana Reyes")
    ]
