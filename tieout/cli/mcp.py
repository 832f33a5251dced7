"""`tieout mcp`: serve tieout's tools to an agent over stdio (Model Context Protocol)."""

from __future__ import annotations

import click

from tieout.cli._options import db_option, handles_errors

__all__ = ["mcp_command"]


@click.command("mcp")
@click.option(
    "--config",
    "config_path",
    metavar="FILE",
    help="Workflow settings for save_document (default: ./tieout.toml, or [tool.tieout] in ./pyproject.toml).",
)
@click.option(
    "--workflow",
    metavar="NAME",
    help="Gate every save_document with this workflow; the agent may not choose another.",
)
@click.option(
    "--doc",
    "doc_ids",
    metavar="ID",
    multiple=True,
    help="The ingested documents every save is checked against (repeatable); the agent may "
    "then send no source texts of its own.",
)
@db_option
@handles_errors
def mcp_command(
    config_path: str | None, workflow: str | None, doc_ids: tuple[str, ...], db: str | None
) -> None:
    """Serve submit_claims, save_document, lookup_metric and list_documents over stdio (MCP).

    Point an MCP client at `tieout mcp --db URL`; it runs until the client closes stdin.
    An agent names its sources and workflow itself unless --doc and --workflow pin them;
    either way a run keeps the sources of its first save, and a workflow switched off in
    the settings can't be chosen by the agent.
    """
    from tieout.agents.mcp_server import serve_stdio

    serve_stdio(db, config_path, workflow=workflow, doc_ids=doc_ids)
