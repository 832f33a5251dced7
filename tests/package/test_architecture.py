"""The package's shape holds: small modules, short functions, no private names across modules.

(The import layers and the rule that only ``tieout.store`` talks SQL are import-linter
contracts in pyproject.toml, checked by ``lint-imports`` in .ci/run.)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tieout"
MODULE_LINES = 600
FUNCTION_LINES = 80


def _modules() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.relative_to(PACKAGE).parts:
            yield path


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for p in _modules()}


def test_the_package_is_found() -> None:
    assert "tieout.figures" in MODULES and "tieout.store" in MODULES and len(MODULES) > 50


def test_no_module_is_over_the_limit() -> None:
    sizes = {name: path.read_text(encoding="utf-8").count("\n") for name, path in MODULES.items()}
    over = [f"{name} ({n} lines)" for name, n in sorted(sizes.items()) if n > MODULE_LINES]
    assert not over, "split along a seam: " + ", ".join(over)


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _long_functions(source: str) -> list[str]:
    return [
        f"{f.name} ({f.end_lineno - f.lineno + 1} lines, line {f.lineno})"
        for f in _functions(ast.parse(source))
        if f.end_lineno is not None and f.end_lineno - f.lineno + 1 > FUNCTION_LINES
    ]


def test_no_function_is_over_the_limit() -> None:
    long = [
        f"{name}.{found}"
        for name, path in sorted(MODULES.items())
        for found in _long_functions(path.read_text(encoding="utf-8"))
    ]
    assert not long, "break into named steps: " + ", ".join(long)


def test_the_checker_sees_a_long_function() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(FUNCTION_LINES))
    assert _long_functions(f"def short():\n    pass\n\n\ndef long():\n{body}") == [
        f"long ({FUNCTION_LINES + 1} lines, line 5)"
    ]


def _imported_privates(name: str, tree: ast.AST) -> Iterator[str]:
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or (node.module is None and node.level == 0):
            continue
        source = node.module or ""
        if node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            source = ".".join([*base, source] if source else base)
        if not source.startswith("tieout") or source == name:
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                yield f"{alias.name} from {source}"


def test_no_private_name_crosses_a_module() -> None:
    crossing = [
        f"{name} imports {found}"
        for name, path in sorted(MODULES.items())
        for found in sorted(set(_imported_privates(name, ast.parse(path.read_text("utf-8")))))
    ]
    assert not crossing, "make each name public: " + "; ".join(crossing)


def test_the_checker_sees_a_private_import() -> None:
    tree = ast.parse("from tieout.figures.scan import _secret\nfrom tieout.x import public\n")
    assert list(_imported_privates("tieout.figures", tree)) == ["_secret from tieout.figures.scan"]
