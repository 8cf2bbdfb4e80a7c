"""A widget's live picture without an ``ipywidgets.Output`` widget.

``live_output(update, controls)`` is a drop-in for ``ipywidgets.interactive_output``: it calls
``update(**values)`` now and whenever a control's value changes, and shows what ``update``
displays (figures, tables, text) in an ``ipywidgets.HTML`` widget.

Why not an Output widget: when a notebook is executed by nbclient (``jupyter nbconvert
--execute``, papermill, any script using nbclient), nbclient mirrors each Output widget on the
client side and answers every output that lands in one with a message on the shell channel,
sent while it is waiting on that channel for the cell's reply. jupyter_client sends it on a
plain copy of the asynchronous socket, which can clear the wake-up the pending wait depends
on: the reply arrives, is never read, and the run hangs for ever (measured on this project's
machine: an Output-widget notebook hung in 38 of 50 runs, the same notebook without Output
widgets in 0 of 30; White Castle notebook 02 in 5 of 24). An HTML widget updated from the
kernel sends nothing back, so the hang cannot happen however the notebook is run.
"""

from __future__ import annotations

import base64
import html
import traceback
from typing import Callable, Mapping

#: The picture sits in an HTML widget, outside the notebook's table style: these few rules give
#: its tables the same look (padding, right-aligned numbers, thin row lines) in every game.
STYLE = ("<style>.boardlab-live table{border-collapse:collapse;border:none;margin:4px 0}"
         ".boardlab-live th,.boardlab-live td{padding:3px 10px;text-align:right;border:none;"
         "border-bottom:1px solid #ddd}</style>")

#: mime types shown, best first; widget views (e.g. a progress bar) cannot live inside HTML
_SHOWN = ("image/svg+xml", "image/png", "image/jpeg", "text/html", "text/plain")


def live_output(update: Callable, controls: Mapping):
    """An HTML widget showing what ``update(**{name: control.value})`` displays, kept current."""
    import ipywidgets as W

    view = W.HTML(layout=W.Layout(width="100%"))

    def refresh(change=None):
        values = {name: control.value for name, control in controls.items()}
        view.value = render(update, values)

    for control in controls.values():
        control.observe(refresh, names="value")
    refresh()
    return view


def render(update: Callable, values: dict) -> str:
    """Call ``update(**values)`` and return what it displayed and printed, as one HTML text.

    An exception is shown in the picture (as interactive_output shows it) and does not escape,
    so one bad control value never breaks the widget."""
    from IPython.utils.capture import capture_output

    with capture_output() as captured:
        try:
            update(**values)
            failure = None
        except Exception as exc:  # shown to the reader like interactive_output's traceback
            failure = exc
    parts = [_output_html(output.data) for output in captured.outputs]
    for text in (captured.stdout, captured.stderr):
        if text:
            parts.append(f"<pre>{html.escape(text)}</pre>")
    if failure is not None:
        message = "".join(traceback.format_exception_only(type(failure), failure))
        parts.append(f'<pre style="color:#b00020">{html.escape(message)}</pre>')
    return STYLE + '<div class="boardlab-live">' + "\n".join(p for p in parts if p) + "</div>"


def _output_html(data: Mapping) -> str:
    """One displayed object as HTML, from its richest representation."""
    for mime in _SHOWN:
        if mime not in data:
            continue
        value = data[mime]
        if mime == "image/svg+xml":
            return f'<div style="max-width:100%;overflow:auto">{value}</div>'
        if mime in ("image/png", "image/jpeg"):
            if isinstance(value, bytes):  # IPython's formatters give raw bytes; the wire, base64
                value = base64.b64encode(value).decode("ascii")
            return f'<img src="data:{mime};base64,{value}" style="max-width:100%">'
        if mime == "text/html":
            return value
        return f"<pre>{html.escape(value)}</pre>"
    return ""
