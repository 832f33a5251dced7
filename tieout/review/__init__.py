"""The reviewer's side: reports on stored runs (more to come: overrides, rates, calibration)."""

from tieout.review.report import (
    ClaimSection,
    RunReport,
    build_run_report,
    render_html,
    render_markdown,
)

__all__ = ["ClaimSection", "RunReport", "build_run_report", "render_html", "render_markdown"]
