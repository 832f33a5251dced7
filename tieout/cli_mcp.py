"""`tieout mcp`: serve tieout's tools to an agent over stdio (Model Context Protocol)."""

from __future__ import annotations

import click

from tieout.cli import db_option, handles_errors

__all__ = ["mcp_command"]


@click.command("mcp")
@click.option(
    "--config",
    "config_path",
    metavar="FILE",
    help="Workflow settings for save_document (default: ./tieout.toml, or [tool.tieout] in ./pyproject.toml).",
)
@db_option
@handles_errors
def mcp_command(config_path: str | None, db: str | None) -> None:
    """Serve submit_claims, save_document, lookup_metric and list_documents over stdio (MCP).

    Point an MCP client at `tieout mcp --db URL`; it runs until the client closes stdin.
    """
    from tieout.agents.mcp_server import serve_stdio

    serve_stdio(db, config_path)
