"""The reviewer's web pages over a real database (SQLite file and PostgreSQL).

Login with an API key kept in a cookie, runs and claims with verdict filters, the claim page
with the figure marked in its source document, overrides (refused without a reason), the
verdict-rate chart and the calibration sheet.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tieout.checks.runs import check_file
from tieout.demo import load_document_list
from tieout.documents.ingest import ingest_file
from tieout.registry import load_metric_file
from tieout.store import ClaimResultRecord, Store
from tieout.web import create_app
from tieout.web.auth import create_key, revoke_key, verify_key
from tieout.web.login import COOKIE
from tieout.web.page import csrf_token

SAMPLES = Path(__file__).resolve().parents[2] / "tieout" / "sample_docs"
NO_REASON = "an override needs a reason: say why claim {id} should be warning, not fail (--reason)"


@dataclass
class Desk:
    """A TestClient on a database holding one checked run, and a key per role."""

    client: TestClient
    db_url: str
    keys: dict[str, str]
    run_id: str
    claims: list[ClaimResultRecord]

    def login(self, role: str = "reviewer") -> None:
        resp = self.client.post(
            "/login", data={"key": self.keys[role], "next": "/review/"}, follow_redirects=False
        )
        assert resp.status_code == 303, resp.text

    def claim(self, metric: str, verdict: str, reason_start: str) -> ClaimResultRecord:
        return next(
            c
            for c in self.claims
            if c.metric_key == metric and c.verdict == verdict and c.reason.startswith(reason_start)
        )

    def csrf(self, role: str = "reviewer") -> str:
        with Store.open(self.db_url) as store:
            key = verify_key(store, self.keys[role])
        assert key is not None
        return csrf_token(key)


def _d(value: object) -> date | None:
    return None if value is None else date.fromisoformat(str(value))


@pytest.fixture
def desk(db_url: str) -> Iterator[Desk]:
    with Store.open(db_url) as store:
        store.import_metrics(load_metric_file(SAMPLES / "metrics.yaml"))
        for e in load_document_list(SAMPLES / "documents.yaml"):
            ingest_file(
                store,
                SAMPLES / str(e["file"]),
                str(e["id"]),
                period_start=_d(e.get("period_start")),
                period_end=_d(e.get("period_end")),
                published=_d(e.get("published")),
                scale=e.get("scale"),  # type: ignore[arg-type]
            )
        run = check_file(store, SAMPLES / "claims" / "investor-updates.json")
        keys = {role: create_key(store, role)[1] for role in ("agent", "reviewer", "admin")}
        _, claims = store.get_run(run.run_id)
    with TestClient(create_app(db_url)) as client:
        yield Desk(client, db_url, keys, run.run_id, claims)


def text_of(html: str) -> str:
    """The page's text as a person reads it: tags dropped, whitespace runs as one space."""
    no_tags = re.sub(r"<[^>]+>", " ", html)
    import html

    return " ".join(html.unescape(no_tags).split())


# --------------------------------------------------------------------------- login


def test_pages_need_a_login_and_keep_where_you_were_going(desk: Desk) -> None:
    resp = desk.client.get("/review/runs/abc?verdict=fail", follow_redirects=False)
    assert resp.status_code == 303
    assert resp.headers["location"] == "/login?next=%2Freview%2Fruns%2Fabc%3Fverdict%3Dfail"
    page = desk.client.get(resp.headers["location"])
    assert page.status_code == 200
    assert '<label for="key">API key</label>' in page.text
    assert 'name="next" value="/review/runs/abc?verdict=fail"' in page.text


def test_login_sets_a_strict_httponly_cookie_and_redirects(desk: Desk) -> None:
    resp = desk.client.post(
        "/login", data={"key": desk.keys["reviewer"], "next": "/review/"}, follow_redirects=False
    )
    assert (resp.status_code, resp.headers["location"]) == (303, "/review/")
    cookie = resp.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}={desk.keys['reviewer']};")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert desk.client.get("/review/").status_code == 200


def test_login_refuses_a_bad_key_and_a_wrong_role(desk: Desk) -> None:
    bad = desk.client.post("/login", data={"key": "tieout_nope_nope", "next": "/review/"})
    assert bad.status_code == 401
    assert "that API key is not valid or has been revoked" in bad.text
    assert COOKIE not in bad.headers.get("set-cookie", "")
    empty = desk.client.post("/login", data={"key": "  ", "next": "/review/"})
    assert empty.status_code == 400 and "paste an API key" in empty.text
    agent = desk.client.post("/login", data={"key": desk.keys["agent"], "next": "/review/"})
    assert agent.status_code == 403
    assert (
        "a key with role 'agent' may not use the review pages; they need role admin or reviewer"
        in text_of(agent.text)
    )


def test_a_wrong_role_cookie_gets_a_403_page(desk: Desk) -> None:
    desk.client.cookies.set(COOKIE, desk.keys["agent"])
    resp = desk.client.get("/review/")
    assert resp.status_code == 403
    assert resp.headers["content-type"].startswith("text/html")
    assert "may not use the review pages" in resp.text


def test_login_never_redirects_off_site(desk: Desk) -> None:
    for target in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        resp = desk.client.post(
            "/login", data={"key": desk.keys["admin"], "next": target}, follow_redirects=False
        )
        assert resp.headers["location"] == "/review/", target


def test_the_cookie_is_checked_on_every_request_and_logout_clears_it(desk: Desk) -> None:
    desk.login()
    assert desk.client.get("/review/", follow_redirects=False).status_code == 200
    out = desk.client.post("/logout", follow_redirects=False)
    assert (out.status_code, out.headers["location"]) == (303, "/login")
    assert f'{COOKIE}=""' in out.headers["set-cookie"] and "Max-Age=0" in out.headers["set-cookie"]
    assert desk.client.get("/review/", follow_redirects=False).status_code == 303

    desk.login()
    with Store.open(desk.db_url) as store:
        key = verify_key(store, desk.keys["reviewer"])
        assert key is not None
        revoke_key(store, key.key_id)
    revoked = desk.client.get("/review/", follow_redirects=False)
    assert revoked.status_code == 303 and revoked.headers["location"].startswith("/login?")


# --------------------------------------------------------------------------- runs and claims


def test_an_unknown_page_is_a_404_page_for_people(desk: Desk) -> None:
    anonymous = desk.client.get("/review/nowhere", follow_redirects=False)
    assert (anonymous.status_code, anonymous.headers["location"]) == (
        303,
        "/login?next=%2Freview%2Fnowhere",
    )
    desk.login()
    resp = desk.client.get("/review/runs/x/nowhere")
    assert resp.status_code == 404
    assert resp.headers["content-type"].startswith("text/html")
    assert "there is no page at /review/runs/x/nowhere; start again from the runs" in text_of(
        resp.text
    )
    missing = desk.client.get("/review/runs/no-such-run")
    assert missing.status_code == 404 and "run 'no-such-run' is not stored" in text_of(missing.text)


def test_a_wrong_method_on_a_page_is_a_405_page_and_the_api_keeps_json(desk: Desk) -> None:
    desk.login()
    for method, path in (("POST", "/review/runs/x"), ("DELETE", "/login")):
        resp = desk.client.request(method, path)
        assert (resp.status_code, resp.headers["content-type"][:9]) == (405, "text/html")
        assert f"{path} does not take a {method} request; start again from the runs" in text_of(
            resp.text
        )
    api = desk.client.get("/gate")
    assert (api.status_code, api.headers["content-type"]) == (405, "application/json")
    assert api.json() == {"error": "Method Not Allowed"}


def test_runs_list_newest_first_with_counts(desk: Desk) -> None:
    desk.login()
    resp = desk.client.get("/review/")
    assert resp.status_code == 200
    assert resp.headers["content-security-policy"].startswith("default-src 'none'")
    assert resp.headers["cache-control"] == "no-store"
    assert f'<a href="/review/runs/{desk.run_id}">{desk.run_id}</a>' in resp.text
    counts = {v: sum(c.verdict == v for c in desk.claims) for v in ("pass", "warning", "fail")}
    for verdict, n in counts.items():
        assert f'aria-label="{n} {verdict} in run {desk.run_id}"' in resp.text


def test_run_page_filters_by_the_verdict_in_force(desk: Desk) -> None:
    desk.login()
    fails = [c for c in desk.claims if c.verdict == "fail"]
    page = desk.client.get(f"/review/runs/{desk.run_id}", params={"verdict": "fail"})
    assert page.status_code == 200
    shown = re.findall(r'<a href="/review/claims/(\d+)">', page.text)
    assert shown == [str(c.id) for c in fails]
    assert f'?verdict=fail" aria-current="page">fail ({len(fails)})</a>' in page.text

    every = desk.client.get(f"/review/runs/{desk.run_id}")
    assert re.findall(r'<a href="/review/claims/(\d+)">', every.text) == [
        str(c.id) for c in desk.claims
    ]
    bad = desk.client.get(f"/review/runs/{desk.run_id}", params={"verdict": "maybe"})
    assert bad.status_code == 400
    assert (
        "'maybe' is not a verdict; filter by one of: pass, warning, fail, unsupported"
        in text_of(bad.text)
    )
    missing = desk.client.get("/review/runs/nope")
    assert missing.status_code == 404
    assert "run 'nope' is not stored" in text_of(missing.text)


def test_claim_page_marks_the_figure_and_the_quote_in_the_source(desk: Desk) -> None:
    desk.login()
    c = desk.claim("net_burn", "fail", "quote does not state")  # $212k found, it states 6.6 months
    page = desk.client.get(f"/review/claims/{c.id}")
    assert page.status_code == 200
    assert '<mark class="figure" id="figure">$212k</mark>' in page.text
    assert (
        '<mark class="quote" id="quote">At the July burn rate that gives us roughly '
        "6.6 months of runway</mark>" in page.text
    )
    text = text_of(page.text)
    assert 'quote fail quote does not state 212,000 USD; it states "6.6 months"' in text
    assert "existence pass 212,000 USD found in investor-update-2026-08" in text
    assert f"Registry version net_burn from {c.registry_effective_from}" in text
    assert c.snapshot_sha256 and f"Snapshot sha256 {c.snapshot_sha256}" in text
    assert '<label for="reason">Reason' in page.text and '<label for="reviewer">' in page.text

    inside = desk.claim("cash_balance", "pass", "1,400,000 USD")
    marked = desk.client.get(f"/review/claims/{inside.id}").text
    # the occurrence inside the quoted sentence is the figure marked, not the first one
    assert (
        '<mark class="quote" id="quote">Cash in bank at month end was </mark>'
        '<mark class="figure" id="figure">$1.4M</mark>' in marked
    )

    unfound = desk.claim("cash_balance", "fail", "existence:")
    page = desk.client.get(f"/review/claims/{unfound.id}")
    assert page.status_code == 200 and "<mark" not in page.text.split("<pre", 1)[1]
    assert "The checker found no passage for this figure to mark." in page.text

    assert desk.client.get("/review/claims/999999").status_code == 404
    assert desk.client.get("/review/claims/x1").status_code == 404


def test_override_refused_without_a_reason_then_saved_with_one(desk: Desk) -> None:
    desk.login()
    c = desk.claim("net_burn", "fail", "period_unit:")
    url = f"/review/claims/{c.id}/override"
    form = {"csrf": desk.csrf(), "verdict": "warning", "reason": "  ", "reviewer": "Dana Reyes"}

    refused = desk.client.post(url, data=form)
    assert refused.status_code == 400
    assert f'<p class="error" role="alert" id="override-error">{NO_REASON.format(id=c.id)}</p>' in (
        refused.text
    )
    assert (
        'id="reviewer" name="reviewer" type="text" autocomplete="name" aria-required="true" value="Dana Reyes"'
        in refused.text
    )
    assert '<option value="warning" selected>' in refused.text
    with Store.open(desk.db_url) as store:
        assert store.get_claim(c.id or 0).overrides == ()

    reason = "Q2 figure cited <on purpose> as the run-rate; July's own burn is $212k"
    saved = desk.client.post(url, data=form | {"reason": reason}, follow_redirects=False)
    assert (saved.status_code, saved.headers["location"]) == (
        303,
        f"/review/claims/{c.id}?saved=1#history",
    )
    page = desk.client.get(saved.headers["location"])
    text = text_of(page.text)
    assert "Override saved: fail → warning by Dana Reyes." in text
    assert f"Claim {c.id}: net_burn fail → warning" in text
    assert "Q2 figure cited &lt;on purpose&gt; as the run-rate" in page.text
    with Store.open(desk.db_url) as store:
        stored = store.get_claim(c.id or 0)
    assert stored.verdict == "fail" and stored.effective_verdict == "warning"
    assert [(o.verdict, o.reason, o.reviewer) for o in stored.overrides] == [
        ("warning", reason, "Dana Reyes")
    ]

    warnings = desk.client.get(f"/review/runs/{desk.run_id}", params={"verdict": "warning"})
    assert f'<a href="/review/claims/{c.id}">' in warnings.text
    assert "fail</s> → <span" in warnings.text
    fails = desk.client.get(f"/review/runs/{desk.run_id}", params={"verdict": "fail"})
    assert f'<a href="/review/claims/{c.id}">' not in fails.text


def test_an_override_records_the_key_signed_in_beside_the_name_typed(desk: Desk) -> None:
    with Store.open(desk.db_url) as store:
        record, secret = create_key(store, "reviewer", name="desk-1")
    login = desk.client.post(
        "/login", data={"key": secret, "next": "/review/"}, follow_redirects=False
    )
    assert login.status_code == 303
    c = desk.claim("net_burn", "fail", "period_unit:")
    form = {
        "csrf": csrf_token(record),
        "verdict": "warning",
        "reason": "run-rate",
        "reviewer": "CFO",
    }
    saved = desk.client.post(f"/review/claims/{c.id}/override", data=form, follow_redirects=False)
    assert saved.status_code == 303
    signed_in = f"API key desk-1 ({record.key_id})"
    with Store.open(desk.db_url) as store:
        (o,) = store.get_claim(c.id or 0).overrides
    assert (o.reviewer, o.signed_in_as) == ("CFO", signed_in)
    assert o.to_dict()["signed_in_as"] == signed_in
    page = text_of(desk.client.get(f"/review/claims/{c.id}").text)
    assert f"CFO {signed_in} fail → warning run-rate" in page


def test_override_needs_the_forms_csrf_token(desk: Desk) -> None:
    desk.login()
    c = desk.claim("net_burn", "fail", "period_unit:")
    form = {"verdict": "warning", "reason": "fine", "reviewer": "Dana"}
    for token in (None, "0" * 64, desk.csrf("admin")):
        data = form if token is None else form | {"csrf": token}
        resp = desk.client.post(f"/review/claims/{c.id}/override", data=data)
        assert resp.status_code == 403
        assert "the form's security token is missing or out of date" in text_of(resp.text)
    not_a_form = desk.client.post(
        f"/review/claims/{c.id}/override", json=form | {"csrf": desk.csrf()}
    )
    assert not_a_form.status_code == 400
    with Store.open(desk.db_url) as store:
        assert store.get_claim(c.id or 0).overrides == ()


def test_override_with_no_login_changes_nothing(desk: Desk) -> None:
    c = desk.claim("net_burn", "fail", "period_unit:")
    form = {"csrf": desk.csrf(), "verdict": "warning", "reason": "x", "reviewer": "Dana"}
    resp = desk.client.post(f"/review/claims/{c.id}/override", data=form, follow_redirects=False)
    assert resp.status_code == 303 and resp.headers["location"].startswith("/login?")
    with Store.open(desk.db_url) as store:
        assert store.get_claim(c.id or 0).overrides == ()


# --------------------------------------------------------------------------- rates, calibration


def test_rates_page_draws_the_chart_inline_with_its_table(desk: Desk) -> None:
    desk.login()
    page = desk.client.get("/review/rates", params={"by": "month"})
    assert page.status_code == 200
    assert "<svg" in page.text and "<?xml" not in page.text
    month = datetime.now(UTC).strftime("%Y-%m")
    n = sum(c.metric_key == "net_burn" for c in desk.claims)
    assert re.search(
        rf'<th scope="row">net_burn</th><td>{month}</td><td class="num">{n}</td>', page.text
    )
    bad = desk.client.get("/review/rates", params={"since": "last week"})
    assert bad.status_code == 400
    assert "since 'last week' is not a date; write it as YYYY-MM-DD" in text_of(bad.text)


def test_calibration_sheet_records_each_answer(desk: Desk) -> None:
    from tieout.review.calibration import draw_sample

    year, week_no, _ = datetime.now(UTC).isocalendar()
    week = f"{year}-W{week_no:02d}"
    with Store.open(desk.db_url) as store:
        items, _ = draw_sample(store, week, 2)
    assert len(items) == 2
    desk.login()
    index = desk.client.get("/review/calibration")
    assert f'<a href="/review/calibration/{week}">{week}</a>' in index.text
    sheet = desk.client.get(f"/review/calibration/{week}")
    assert sheet.status_code == 200
    assert sheet.text.count("<mark>") == 2
    first, second = items
    for item in items:
        assert f'name="confirmed-{item.sample_id}" value="yes"' in sheet.text
        assert f'<label for="note-{item.sample_id}">Note</label>' in sheet.text

    answers = {
        "csrf": desk.csrf(),
        f"confirmed-{first.sample_id}": "yes",
        f"note-{first.sample_id}": "matches the table",
        f"note-{second.sample_id}": "",
    }
    nameless = desk.client.post(f"/review/calibration/{week}", data=answers)
    assert nameless.status_code == 400
    assert "the sheet needs the reviewer&#39;s name" in nameless.text
    assert 'value="matches the table"' in nameless.text

    done = desk.client.post(
        f"/review/calibration/{week}", data=answers | {"reviewer": "Dana"}, follow_redirects=False
    )
    assert (done.status_code, done.headers["location"]) == (
        303,
        f"/review/calibration/{week}?saved=1",
    )
    assert "Recorded 1 check." in desk.client.get(done.headers["location"]).text
    with Store.open(desk.db_url) as store:
        got = {
            i.sample_id: (i.confirmed, i.reviewer, i.note) for i in store.calibration_items(week)
        }
    assert got == {
        first.sample_id: (True, "Dana", "matches the table"),
        second.sample_id: (None, None, ""),
    }
    again = desk.client.post(f"/review/calibration/{week}", data=answers | {"reviewer": "Dana"})
    assert again.status_code == 400 and "nothing to record" in again.text

    assert desk.client.get("/review/calibration/2001-W01").status_code == 404


def test_the_desk_shows_values_as_the_command_line_does(desk: Desk) -> None:
    from tieout.checks.runs import check_and_store
    from tieout.schemas import parse_claims

    unsourced = {
        "metric_key": "arr",
        "value": None,
        "unit": "USD_millions",
        "period_start": "2026-07-01",
        "period_end": "2026-07-31",
        "missing_reason": "ARR is not reported",
    }
    with Store.open(desk.db_url) as store:
        run = check_and_store(store, parse_claims(json.dumps({"claims": [unsourced]})), "t")
        [stored] = store.list_claim_results(run_id=run.run_id)
    desk.login()
    page = text_of(desk.client.get(f"/review/runs/{run.run_id}").text)
    assert " null " in page and "  USD_millions" not in page and " USD_millions " not in page
    shown = text_of(desk.client.get(f"/review/runs/{desk.run_id}").text)
    assert "1,400,000 USD" in shown and "1400000 USD" not in shown
    assert desk.client.get(f"/review/claims/{stored.id}").status_code == 200


def test_the_source_pane_shows_the_snapshots_own_characters(desk: Desk) -> None:
    desk.login()
    c = desk.claim("net_burn", "fail", "quote does not state")
    page = desk.client.get(f"/review/claims/{c.id}").text
    assert "<mark" in page  # a figure is highlighted, and the document keeps its em dash
    assert "Brightwell Labs — July 2026 investor update" in page


def test_the_runs_page_counts_the_verdicts_in_force(desk: Desk) -> None:
    c = desk.claim("cash_balance", "fail", "existence:")
    with Store.open(desk.db_url) as store:
        store.override_claim(c.id, "warning", reason="restated", reviewer="M. Osei")
    desk.login()
    page = desk.client.get("/review/").text
    assert f'aria-label="3 warning in run {desk.run_id}"' in page
    assert f'aria-label="3 fail in run {desk.run_id}"' in page
