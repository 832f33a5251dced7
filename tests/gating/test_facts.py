"""Fact sheets: one file read by the prompt (render) and by the gate (text), so they cannot drift."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tieout.errors import InputError
from tieout.figures import extract, figure_key
from tieout.gating.facts import FactSheet, load_facts, render

FACTS_DIR = Path(__file__).resolve().parents[2] / "tieout" / "sample_docs" / "facts"
NORTHWIND = FACTS_DIR / "northwind-msa.toml"
BRIGHTWELL = FACTS_DIR / "brightwell.yaml"

NORTHWIND_BLOCK = """\
Facts for Northwind MSA (use only these figures; mark anything else [not in source]):
- parties: Harbor Analytics LLC (Provider) and Northwind Logistics, Inc. (Customer)
- signing_date: February 20, 2026
- term: March 1, 2026 to February 29, 2028 (clause 2.1)
- monthly_fee: USD 12,500 per month, invoiced monthly in advance (clause 1.2)
- out_of_scope_rate: USD 185 per hour, only with Customer's written approval beforehand (clause 1.2)
- payment_due: within 30 days of receipt of the invoice (clause 1.3)
- late_interest: 1.0% per month, or the highest rate permitted by law if lower (clause 1.3)
- termination_for_convenience: Customer, on 30 days notice to Provider (clause 2.2)
- termination_for_breach: either party, if a material breach is not cured within 15 days after notice (clause 2.3)
- liability_cap: $150,000 total aggregate liability per party (clause 11.1)
- liability_cap_exclusions: indemnification, breach of confidentiality, gross negligence or wilful misconduct (clause 11.3)
- monthly_fee_usd: 12500"""

BRIGHTWELL_BLOCK = """\
Facts for Brightwell Labs, summer 2026 (use only these figures; mark anything else [not in source]):
- revenue_july: $1.31M, up 15% on June
- revenue_august: $1.39M, up 6% on July
- gross_margin_july: 31.8%
- gross_margin_august: 32.0%
- cash_end_of_july: $1.4M, excluding the $250k fixed deposit
- cash_end_of_august: $1.7M, including the $500k venture debt draw
- runway_july: about 6.6 months at the July burn rate
- net_burn_july: $212k
- net_burn_august: $209k, excluding financing inflows
- venture_debt: $500k from Cedar Bank, drawn on August 12, 2026
- bridge_round: $2.5M SAFE, expected to close by the end of September
- team_size_august: 87 people
- orders_shipped_july: 1,942"""


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(InputError) as err:
        load_facts(path)
    return str(err.value)


# -- loading ---------------------------------------------------------------------------------


def test_toml_sheet_loads_in_file_order() -> None:
    sheet = load_facts(NORTHWIND)
    assert sheet.name == "Northwind MSA"
    assert sheet.path == str(NORTHWIND)
    assert sheet.facts[:2] == (
        ("parties", "Harbor Analytics LLC (Provider) and Northwind Logistics, Inc. (Customer)"),
        ("signing_date", "February 20, 2026"),
    )
    assert sheet.facts[-1] == ("monthly_fee_usd", "12500")
    assert len(sheet.facts) == 12


def test_yaml_sheet_keeps_values_as_written() -> None:
    sheet = load_facts(BRIGHTWELL)
    assert sheet.name == "Brightwell Labs, summer 2026"
    values = dict(sheet.facts)
    assert values["gross_margin_august"] == "32.0%"  # not 32%
    assert values["orders_shipped_july"] == "1,942"
    assert values["team_size_august"] == "87 people"
    assert values["runway_july"] == "about 6.6 months at the July burn rate"


def test_render_is_the_exact_facts_block() -> None:
    assert render(load_facts(NORTHWIND)) == NORTHWIND_BLOCK
    assert render(load_facts(BRIGHTWELL)) == BRIGHTWELL_BLOCK


def test_text_is_exactly_the_rendered_values() -> None:
    sheet = load_facts(NORTHWIND)
    values = [line.split(": ", 1)[1] for line in render(sheet).splitlines()[1:]]
    assert sheet.text() == "\n".join(values)
    assert sheet.text().splitlines()[-3:] == [
        "$150,000 total aggregate liability per party (clause 11.1)",
        "indemnification, breach of confidentiality, gross negligence or wilful misconduct (clause 11.3)",
        "12500",
    ]


@pytest.mark.parametrize("path", [NORTHWIND, BRIGHTWELL], ids=["toml", "yaml"])
def test_every_figure_the_prompt_shows_is_in_the_allowlist(path: Path) -> None:
    sheet = load_facts(path)
    fact_lines = render(sheet).split("\n", 1)[1]
    shown = [figure_key(f) for f in extract(fact_lines)]
    allowed = [figure_key(f) for f in extract(sheet.text())]
    assert shown == allowed
    assert len(shown) >= 18  # ("August 12, 2026" holds no figure: its 12 is a day)
    assert [f for f in extract(render(sheet).splitlines()[0]) if f.significant] == []


def test_the_northwind_allowlist_holds_the_contract_figures() -> None:
    keys = {figure_key(f) for f in extract(load_facts(NORTHWIND).text())}
    assert ("currency", "USD", 12500) in keys
    assert ("currency", "USD", 150000) in keys
    assert ("section", None, "2.2") in keys
    assert ("section", None, "11.1") in keys
    assert ("percent", "percent", 1) in keys


def test_a_toml_decimal_stays_exactly_as_written(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.toml",
        "[facts]\nfee = 12500.50\ncount = 42\nbig = 1_000_000\ntiny = 0.000120\nnegative = -3.10\n",
    )
    sheet = load_facts(path)
    assert sheet.facts == (
        ("fee", "12500.50"),
        ("count", "42"),
        ("big", "1000000"),
        ("tiny", "0.000120"),
        ("negative", "-3.10"),
    )
    assert sheet.text().splitlines()[0] == "12500.50"
    assert str(extract(sheet.text())[0].value) == "12500.50"
    assert render(sheet).splitlines()[1] == "- fee: 12500.50"


def test_a_yaml_number_stays_exactly_as_written(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "facts:\n  fee: 12500.50\n  count: 42\n  code: 007\n")
    assert load_facts(path).facts == (("fee", "12500.50"), ("count", "42"), ("code", "007"))


def test_without_a_name_the_sheet_is_named_after_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "acme-widget.toml", '[facts]\nprice = "$90 per seat"\n')
    sheet = load_facts(path)
    assert sheet.name == "acme-widget"
    assert render(sheet) == (
        "Facts for acme-widget (use only these figures; mark anything else [not in source]):\n"
        "- price: $90 per seat"
    )


def test_values_are_stripped_and_yml_is_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yml", "name: '  Acme  '\nfacts:\n  price: '  $90 per seat  '\n")
    sheet = load_facts(path)
    assert (sheet.name, sheet.facts) == ("Acme", (("price", "$90 per seat"),))


def test_a_sheet_built_in_python_validates_itself() -> None:
    sheet = FactSheet("Acme", [("price", "$90 per seat")])  # type: ignore[arg-type]
    assert sheet.facts == (("price", "$90 per seat"),)
    assert sheet.path is None
    with pytest.raises(InputError) as err:
        FactSheet("Acme", (("price", "$90"), ("price", "$91")))
    assert str(err.value) == "fact 'price' is given twice; keep one"
    with pytest.raises(InputError) as err:
        FactSheet("Acme", ())
    assert str(err.value) == "no facts; give at least one (name, value) pair"


# -- errors: each names the file (and the line or fact) and the fix ---------------------------


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    assert load_error(path) == (
        f"{path}: no such file; give the path of a fact sheet (.toml, .yaml or .yml)"
    )


def test_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "sheets.toml"
    path.mkdir()
    assert load_error(path) == (
        f"{path}: is a folder; give the path of a fact sheet (.toml, .yaml or .yml)"
    )


def test_an_unsupported_suffix(tmp_path: Path) -> None:
    path = write(tmp_path, "facts.json", "{}")
    assert load_error(path) == (
        f"{path}: cannot read a fact sheet from a '.json' file; use .toml, .yaml or .yml"
    )


def test_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", b"\xff\xfe[facts]")
    assert load_error(path) == f"{path}: not UTF-8 text (invalid start byte)"


def test_bad_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'name = "X"\n[facts]\nfee = \n')
    assert load_error(path) == f"{path} line 3: not valid TOML: Invalid value"


def test_bad_yaml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "name: X\nfacts:\n  fee: [1\n  cap: 2\n")
    assert load_error(path) == (f"{path} line 4: not valid YAML: expected ',' or ']', but got ':'")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("s.toml", 'name = "X"\n'),
        ("s.toml", 'name = "X"\n[facts]\n'),
    ],
    ids=["no-table", "empty-table"],
)
def test_no_facts_toml(tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path, name, text)
    assert load_error(path) == (
        f'{path}: no facts; add a [facts] table with one name = "text" line per fact'
    )


@pytest.mark.parametrize(
    "text", ["", "name: X\n", "name: X\nfacts:\n", "name: X\nfacts: {}\n"], ids=str
)
def test_no_facts_yaml(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "s.yaml", text)
    assert load_error(path) == (
        f"{path}: no facts; add a `facts:` mapping with one `name: text` line per fact"
    )


def test_facts_outside_the_table_toml(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'name = "X"\nfee = "USD 1,000"\n')
    assert load_error(path) == (
        f"{path}: unknown key 'fee'; a fact sheet has only `name` and `facts` "
        "(put each fact under a [facts] table)"
    )


def test_an_unknown_top_level_key_yaml(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "name: X\nfacts:\n  a: b\nextra: 1\n")
    assert load_error(path) == (
        f"{path} line 4: unknown key 'extra'; a fact sheet has only `name` and `facts`"
    )


def test_yaml_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "- a\n- b\n")
    assert load_error(path) == f"{path}: expected a mapping with `name` and `facts`"


def test_facts_that_are_not_a_table(tmp_path: Path) -> None:
    toml = write(tmp_path, "s.toml", 'name = "X"\nfacts = "fee"\n')
    assert load_error(toml) == (
        f"{toml}: `facts` is a text; make it a table of name = value lines, one per fact"
    )
    yml = write(tmp_path, "s.yaml", "name: X\nfacts:\n  - fee\n")
    assert load_error(yml) == (
        f"{yml} line 3: `facts` is a list; make it a table of name = value lines, one per fact"
    )


def test_a_sheet_name_that_is_not_text(tmp_path: Path) -> None:
    toml = write(tmp_path, "s.toml", 'name = 3\n[facts]\na = "b"\n')
    assert load_error(toml) == (
        f"{toml}: `name` is a number; give the product's name as one line of text"
    )
    yml = write(tmp_path, "s.yaml", "name: [X]\nfacts:\n  a: b\n")
    assert load_error(yml) == (
        f"{yml} line 1: `name` is a list; give the product's name as one line of text"
    )


def test_non_scalar_values_toml_each_named(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.toml",
        'name = "X"\n[facts]\nfee = [1, 2]\ncap = { a = 1 }\nok = "fine"\n'
        "flag = true\nwhen = 2026-03-01\nforever = inf\n",
    )
    assert load_error(path).splitlines() == [
        f'{path}: facts.fee is a list; a fact is one line of text or a number, e.g. fee = "USD 12,500 per month"',
        f'{path}: facts.cap is a table; a fact is one line of text or a number, e.g. cap = "USD 12,500 per month"',
        f'{path}: facts.flag is a boolean; a fact is one line of text or a number, e.g. flag = "true"',
        f'{path}: facts.when is a date; a fact is one line of text or a number, e.g. when = "2026-03-01"',
        f"{path}: facts.forever is Infinity, not a number a document can state; give it as text",
    ]


def test_non_scalar_empty_and_duplicate_values_yaml_with_lines(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.yaml",
        "name: X\nfacts:\n  fee: [1, 2]\n  cap:\n    a: 1\n  blank:\n  fee: 3\n",
    )
    assert load_error(path).splitlines() == [
        f'{path} line 3: facts.fee is a list; a fact is one line of text or a number, e.g. fee: "USD 12,500 per month"',
        f'{path} line 4: facts.cap is a table; a fact is one line of text or a number, e.g. cap: "USD 12,500 per month"',
        f"{path} line 6: facts.blank is empty; give its value, or remove the line",
        f"{path} line 7: fact 'fee' is given twice (first on line 3); keep one",
    ]


def test_bad_names_and_values(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.toml",
        'name = "X"\n[facts]\n"revenue 1,000" = "y"\n"" = "z"\nblank = "  "\nmulti = """a\nb"""\n',
    )
    assert load_error(path).splitlines() == [
        f"{path}: fact name 'revenue 1,000' contains the figure '1,000', which the prompt "
        "would show but the gate would not allow; keep figures in values and rename the fact",
        f"{path}: fact name '' is empty; name facts with one line of text such as monthly_fee",
        f"{path}: facts.blank is empty; give its value, or remove the line",
        f"{path}: facts.multi spans several lines; put the fact on one line",
    ]


def test_a_figure_in_the_sheet_name(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'name = "Q3 board pack, $4.2M"\n[facts]\na = "b"\n')
    assert load_error(path) == (
        f"{path}: the sheet's name 'Q3 board pack, $4.2M' contains the figure '$4.2M', which "
        "the prompt would show but the gate would not allow; keep figures in the facts"
    )


def test_a_year_in_a_name_is_no_figure(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'name = "Acme 2026"\n[facts]\nfee_2026 = "$90"\n')
    assert load_facts(path).facts == (("fee_2026", "$90"),)


# -- the CLI ---------------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tieout", "facts", *args], capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("path", "block"), [(NORTHWIND, NORTHWIND_BLOCK), (BRIGHTWELL, BRIGHTWELL_BLOCK)]
)
def test_cli_render_prints_the_block(path: Path, block: str) -> None:
    done = run_cli("render", str(path))
    assert (done.returncode, done.stdout, done.stderr) == (0, block + "\n", "")


def test_cli_render_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    done = run_cli("render", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        f"tieout: error: {path}: no such file; give the path of a fact sheet "
        "(.toml, .yaml or .yml)\n"
    )


def test_cli_render_bad_sheet_shows_the_first_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", '[facts]\nfee = [1]\nblank = ""\n')
    done = run_cli("render", str(path))
    assert done.returncode == 2
    assert done.stderr == (
        f"tieout: error: {path}: facts.fee is a list; a fact is one line of text or a number, "
        'e.g. fee = "USD 12,500 per month"\n'
    )
