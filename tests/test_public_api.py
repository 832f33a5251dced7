"""The public surface: `tieout.__all__` is sorted, complete, and every name resolves."""

from __future__ import annotations

import subprocess
import sys

import tieout


def test_all_is_sorted_and_resolves() -> None:
    assert tieout.__all__ == sorted(tieout.__all__)
    for name in tieout.__all__:
        assert getattr(tieout, name) is not None, name


def test_all_lists_every_lazy_export() -> None:
    exports = set(tieout._EXPORTS)
    assert exports | {"__version__", "gate"} == set(tieout.__all__)


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
