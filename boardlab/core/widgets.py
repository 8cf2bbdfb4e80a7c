"""Small pieces every game's notebook widgets share."""

from __future__ import annotations

import html


def refusal_html(reason) -> str:
    """How a widget shows input it refuses: the reason in red, escaped (it may quote the input)."""
    return f"<span style='color:#b00'>&#9888; {html.escape(str(reason))}</span>"
