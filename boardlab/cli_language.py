"""The command line's help and usage errors in the command's language (``boardlab``, its commands,
``python -m boardlab.bench`` and the other ``python -m`` commands: core.review, core.tournament,
core.golden, whitecastle.odds).

boardlab's own help strings are chosen by the parsers (:func:`say`); this module
gives what argparse writes itself ("usage:", "options", "show this help message and exit", "the
following arguments are required", ...) and lays out Korean text by its width on a terminal.

How argparse's words are translated: argparse asks ``gettext`` for each of them at the moment it
writes it, through the name ``_`` (and ``ngettext``) in its own module; that is its translation
hook. :func:`speaking` points those two names at :data:`ARGPARSE_KO` while a Korean command builds
and reads its parser, and puts them back after. The other ways were worse: subclassing
ArgumentParser and HelpFormatter would mean copying the twenty-odd argparse methods that hold
these words (they differ between Python versions), and a gettext catalog (a compiled ``.mo`` file
under a text domain) changes the whole process's translation and needs a build step. In English
nothing is replaced, so the English help is argparse's own, byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import os
import unicodedata

from boardlab.core import glossary

#: argparse's own messages (their gettext ids, Python 3.11 to 3.14) in Korean; the %-fields stay
ARGPARSE_KO = {
    "usage: ": "사용법: ",
    "positional arguments": "위치 인자",
    "options": "옵션",
    "optional arguments": "옵션",  # the heading's name before Python 3.10
    "show this help message and exit": "이 도움말을 보여 주고 끝냅니다",
    "show program's version number and exit": "프로그램의 버전을 보여 주고 끝냅니다",
    "%(prog)s: error: %(message)s\n": "%(prog)s: 오류: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "인자 %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "잘못된 선택 %(value)r (다음 중에서 고르세요: %(choices)s)",
    "invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)":
        "잘못된 선택 %(value)r (혹시 %(closest)r? 다음 중에서 고르세요: %(choices)s)",
    "invalid %(type)s value: %(value)r": "잘못된 %(type)s 값: %(value)r",
    "the following arguments are required: %s": "다음 인자가 필요합니다: %s",
    "one of the arguments %s is required": "다음 인자 중 하나가 필요합니다: %s",
    "unrecognized arguments: %s": "알 수 없는 인자: %s",
    "not allowed with argument %s": "%s 인자와 함께 쓸 수 없습니다",
    "ignored explicit argument %r": "이 옵션은 값을 받지 않습니다: %r",
    "expected one argument": "값이 하나 필요합니다",
    "expected at most one argument": "값은 하나까지만 받습니다",
    "expected at least one argument": "값이 하나 이상 필요합니다",
    "expected %s argument": "값이 %s개 필요합니다",
    "expected %s arguments": "값이 %s개 필요합니다",
    "ambiguous option: %(option)s could match %(matches)s": "모호한 옵션: %(option)s (다음 중 어느 것인지 알 수 없습니다: %(matches)s)",
    "unexpected option string: %s": "예상하지 못한 옵션: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "알 수 없는 명령 %(parser_name)r (다음 중에서 고르세요: %(choices)s)",
    "can't open '%(filename)s': %(error)s": "'%(filename)s' 파일을 열 수 없습니다: %(error)s",
    "subcommands": "하위 명령",
}


def say(english: str, korean: str, **fields) -> str:
    """A line in the command's language (the glossary's, set by the command), fields filled in."""
    return glossary.particles(korean.format(**fields)) if glossary.language() == "ko" else english.format(**fields)


def word(english: str | None, korean: str) -> str | None:
    """A placeholder or short text in the command's language (None: argparse's own English, the
    option's name)."""
    return korean if glossary.language() == "ko" else english


class _Korean(gettext.NullTranslations):
    """argparse's words from :data:`ARGPARSE_KO`; one it does not know stays English."""

    def gettext(self, message):
        return ARGPARSE_KO.get(message, message)

    def ngettext(self, singular, plural, n):
        return ARGPARSE_KO.get(singular if n == 1 else plural, singular if n == 1 else plural)


@contextlib.contextmanager
def speaking(language: str):
    """argparse writes its own words in ``language`` inside the block (see the module text).
    The parser must also be built inside: argparse names its headings when it is made. The swap is
    process-wide for the block, like the glossary's language: a command runs one parser at a time."""
    if language != "ko":
        yield
        return
    korean = _Korean()
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = korean.gettext, korean.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


@contextlib.contextmanager
def commanding(argv):
    """The language ``argv`` asks for (:func:`asked_language`), in force for the block: the glossary's
    (so :func:`say` speaks it) and argparse's words (:func:`speaking`). Build the parser, read the
    line and refuse what is wrong inside; the language before comes back after, so the work of a
    command called from Python (a test, a notebook) runs in its caller's language."""
    before = glossary.language()
    language = glossary.use_language(asked_language(argv))
    try:
        with speaking(language):
            yield language
    finally:
        glossary.use_language(before)


def language_option(parser) -> None:
    """``--language`` for a ``python -m`` command: read by :func:`commanding` before argparse reads
    the line; hidden, so the English help stays as it was (``boardlab --help`` documents it)."""
    parser.add_argument("--language", choices=glossary.LANGUAGES, help=argparse.SUPPRESS)


#: what a Korean refusal calls a number argparse could not read ("잘못된 정수 값: 'x'")
NUMBER_KO = {int: "정수", float: "실수"}


def number(kind):
    """``kind`` (int or float) as an argparse type. argparse names the type it could not read by
    its ``__name__`` ("invalid int value"): in English that is ``kind`` itself, as before; in Korean a
    reader of the same numbers named in Korean."""
    if glossary.language() != "ko":
        return kind

    def read(text):
        return kind(text)

    read.__name__ = NUMBER_KO[kind]
    return read


def _is_language_option(word: str) -> bool:
    """``--language`` or a prefix argparse takes for it (``--lang``): no other option of these
    parsers starts with ``--l``."""
    name = word.partition("=")[0]
    return len(name) >= 3 and "--language".startswith(name)


def asked_language(argv) -> str:
    """The language the command line asks for before argparse reads it (the help is written while
    it reads): the last ``--language`` (as argparse keeps the last), else ``BOARDLAB_LANGUAGE``,
    else English. A value that is not a language gives English here; the parser or the command
    refuses it afterwards, naming it."""
    chosen = None
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        if _is_language_option(word):
            value = word.partition("=")[2] if "=" in word else (words[i + 1] if i + 1 < len(words) else "")
            chosen = value
    language = chosen if chosen is not None else os.environ.get("BOARDLAB_LANGUAGE", "").strip().lower()
    return language if language in glossary.LANGUAGES else "en"


def command_at(argv) -> int:
    """Where the command's name is in ``argv``: after any ``--language`` given before it."""
    i = 0
    while i < len(argv) and _is_language_option(argv[i]):
        i += 1 if "=" in argv[i] else 2
    return i


# -- Korean on a terminal: a Hangul syllable takes two columns -----------------------------------


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> list[str]:
    """``text``'s words in lines of at most ``width`` columns (a longer word has a line alone)."""
    lines, line = [], ""
    for word in text.split():
        if line and columns(line) + 1 + columns(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


class KoreanWidths:
    """A HelpFormatter mix-in that measures text in terminal columns, not characters: argparse
    counts a Hangul syllable as one, so Korean help would run past the terminal's edge and the
    help beside a Korean placeholder (``--players 인원``) would stand out of its column."""

    def _split_lines(self, text, width):
        return wrap(text, width)

    def _fill_text(self, text, width, indent):
        if isinstance(self, argparse.RawDescriptionHelpFormatter):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))

    def _format_usage(self, usage, actions, groups, prefix):
        # argparse breaks the usage by characters: narrow it until every line fits in columns
        width = self._width
        try:
            for _ in range(8):
                text = super()._format_usage(usage, actions, groups, prefix)
                over = max(columns(line) for line in text.splitlines()) - width
                if over <= 0:
                    break
                self._width -= over
        finally:
            self._width = width
        return text

    def add_argument(self, action):
        super().add_argument(action)  # sets the help column by the longest option name, in characters
        if action.help is not argparse.SUPPRESS:
            width = columns(self._format_action_invocation(action)) + self._current_indent
            self._action_max_length = max(self._action_max_length, width)

    def _format_action(self, action):
        text = super()._format_action(action)
        invocation = self._format_action_invocation(action)
        extra = columns(invocation) - len(invocation)
        head, newline, rest = text.partition("\n")
        end = head.find(invocation) + len(invocation)
        helptext = head[end:].lstrip(" ")
        if extra <= 0 or not helptext:
            return text
        padding = len(head) - end - len(helptext)
        if padding - extra >= 2:  # take the padding the wide characters already fill
            head = head[:end] + " " * (padding - extra) + helptext
        else:  # no room left: the help starts on the next line, as argparse does for a long option
            position = min(self._action_max_length + 2, self._max_help_position)
            head = head[:end] + "\n" + " " * position + helptext
        return head + newline + rest


def formatter(cls=argparse.HelpFormatter, language: str | None = None):
    """The help formatter class for a parser: ``cls`` itself in English, measured in columns
    (:class:`KoreanWidths`) in Korean."""
    if (language or glossary.language()) != "ko":
        return cls
    return type(f"Korean{cls.__name__}", (KoreanWidths, cls), {})


__all__ = ["say", "ARGPARSE_KO", "speaking", "commanding", "language_option", "number", "NUMBER_KO", "asked_language", "command_at", "columns", "wrap", "KoreanWidths",
           "formatter"]
