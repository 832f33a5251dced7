"""The public surface: `tieout.__all__` is sorted, complete, and every name resolves."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tieout


def test_all_is_sorted_and_resolves() -> None:
    assert tieout.__all__ == sorted(tieout.__all__)
    for name in tieout.__all__:
        assert getattr(tieout, name) is not None, name


def test_all_lists_every_lazy_export() -> None:
    exports = set(tieout._EXPORTS)
    assert exports | {"__version__"} == set(tieout.__all__)


def test_tieout_gate_is_a_typed_function_even_after_its_package_loads(tmp_path: Path) -> None:
    import inspect

    import tieout.gating

    assert inspect.isfunction(tieout.gate) and tieout.gate is tieout.gating.gate
    assert tieout.gate("Revenue was $4.2M.", sources=["Revenue: $4.2M"]).passed
    user = tmp_path / "user.py"
    user.write_text(
        "import tieout\n"
        "result = tieout.gate('Revenue was $4.2M.', sources=['Revenue: $4.2M'])\n"
        "ok: bool = result.passed\n",
        encoding="utf-8",
    )
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(user)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        # an editable install hides the package from mypy: point it at the checkout
        env={**os.environ, "MYPYPATH": str(Path(tieout.__file__).parent.parent)},
    )
    assert checked.returncode == 0, checked.stdout  # no "Module not callable"


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        tieout.nope  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "has no attribute 'nope'" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("tieout.nope resolved")


def test_importing_tieout_loads_no_heavy_dependency() -> None:
    code = (
        "import sys, tieout, tieout.cli; "
        "heavy = [m for m in ('pint', 'sqlalchemy', 'sqlmodel', 'pydantic', 'rich', 'rapidfuzz') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_errors_raised_on_purpose_share_one_base() -> None:
    from tieout import errors

    for name in dir(errors):
        obj = getattr(errors, name)
        if (
            isinstance(obj, type)
            and issubclass(obj, Exception)
            and obj.__module__ == errors.__name__
        ):
            assert issubclass(obj, errors.TieoutError), name
