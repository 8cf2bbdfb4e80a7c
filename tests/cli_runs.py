"""Running a command line's ``main`` in this process, as the CLI help tests do: its exit status and
what it wrote (``tests/core/test_cli_help_language.py``, ``tests/core/test_module_cli_language.py``)."""

import contextlib
import io


def captured(main, argv: list) -> tuple:
    """(exit status, stdout, stderr) of ``main(argv)``; argparse's exit is caught."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def transcript(cases, run) -> str:
    """Every ``(program, argv)`` of ``cases`` run by ``run(program, argv)``, as the recorded files hold them."""
    return "".join(f"$ {program} {' '.join(argv)}\n[exit {code}]\n[stdout]\n{out}[stderr]\n{err}"
                   for program, argv in cases for code, out, err in [run(program, argv)])


def assert_english_is_the_default(cases, run, usage: str, monkeypatch, switched=None) -> None:
    """English with no language asked and with BOARDLAB_LANGUAGE=en alike, no Hangul in it, the
    ``switched`` cases (default: all) the same with ``--language en``, and argparse's words and the
    glossary's language left as they were."""
    import argparse
    import gettext
    import re

    from boardlab.core import glossary

    english = transcript(cases, run)
    assert not re.search(r"[\uac00-\ud7a3]", english) and usage in english
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "en")
    assert transcript(cases, run) == english
    for program, argv in cases if switched is None else switched:
        assert run(program, ["--language", "en"] + argv) == run(program, argv)
    assert argparse._ is gettext.gettext and glossary.language() == "en"
