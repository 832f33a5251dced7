"""YAML read strictly: a key given twice in one mapping, or a date that is no date, is a
mistake to name with its line, not something to settle silently (PyYAML keeps the last
of two keys, and raises a bare ``ValueError`` for "2026-13-01")."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError

__all__ = ["StrictLoader", "load"]


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing duplicate keys and impossible dates with their mark."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.value == "<<":
                continue  # a merge key or a complex key: PyYAML's own rules apply
            key = key_node.value
            if key in seen:
                raise ConstructorError(
                    None,
                    None,
                    f'the key "{key}" is given twice in one entry; keep one',
                    key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_timestamp(self, node: yaml.ScalarNode) -> Any:
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError as err:
            raise ConstructorError(
                None,
                None,
                f'"{node.value}" is not a date ({err}); write it as YYYY-MM-DD',
                node.start_mark,
            ) from None


StrictLoader.add_constructor("tag:yaml.org,2002:timestamp", StrictLoader.construct_yaml_timestamp)


def load(text: str) -> Any:
    """``text`` read as YAML by :class:`StrictLoader`."""
    return yaml.load(text, Loader=StrictLoader)
