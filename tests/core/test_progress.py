"""The progress bar of a run: quiet in a pipe, shown from the first game when asked, and in a
notebook an updated display that an executed notebook keeps at its final count (not "0%")."""

import nbformat
import pytest

from boardlab.core import progress as P
from boardlab.core.simulate import simulate
from toygame import ToyRace


def test_no_bar_in_a_pipe_unless_asked(capsys):
    assert P.progress_bar(10, None, "simulate") is None
    assert P.progress_bar(10, False, "simulate") is None
    bar = P.progress_bar(10, True, "simulate")
    bar.update(1)  # shown from the first game
    bar.close()
    assert "1/10" in capsys.readouterr().err


def test_a_bad_progress_value_is_refused():
    with pytest.raises(ValueError, match="progress must be True, False or None"):
        simulate(ToyRace(players=2), ["random"] * 2, games=2, seed=1, progress="yes")


def test_the_notebook_line_counts_games_rate_and_time_left():
    bar = P.NotebookBar(200, "simulate", delay=0)
    bar.done, bar.started = 50, 0.0
    assert bar.text(10.0) == "simulate: 50/200 games (25%) in 10.0 s, 5.0 games/s, about 30 s left"
    bar.done = 200
    assert bar.text(40.0) == "simulate: 200/200 games (100%) in 40.0 s"


CELLS = [
    "from boardlab import whitecastle, simulate\ngame = whitecastle.Game(players=2)",
    "df = simulate(game, ['random', 'random'], games=5, seed=1, progress=True)",
    "quick = simulate(game, ['random', 'random'], games=5, seed=1)",  # progress=None: a quick run stays silent
    "from IPython.utils.capture import capture_output\nwith capture_output() as captured:\n"
    "    simulate(game, ['random', 'random'], games=3, seed=1, progress=True)\nassert not captured.outputs",
]


def test_an_executed_notebook_keeps_the_final_count(tmp_path):
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    NotebookClient(nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = nb.cells[1].outputs
    assert [o.output_type for o in shown] == ["display_data"], shown
    assert shown[0].data["text/plain"].startswith("simulate: 5/5 games (100%) in ")
    assert '<progress value="5" max="5">' in shown[0].data["text/html"]
    assert nb.cells[2].outputs == [] and nb.cells[3].outputs == []


def test_in_korean_the_bars_speak_korean_with_no_english_sentence_left(capsys, monkeypatch):
    """Issue 27 point 4: the notebook line and the terminal bar read in Korean when the glossary's
    language is Korean or BOARDLAB_LANGUAGE=ko; English stays the default."""
    from boardlab.core import glossary
    from tests.korean_checks import english_left

    monkeypatch.delenv("BOARDLAB_LANGUAGE", raising=False)
    assert P.language() == "en" and P.label_text("greedy vs random") == "greedy vs random"
    glossary.use_language("ko")
    try:
        bar = P.NotebookBar(200, "experiment: greedy vs random", delay=0)
        bar.done, bar.started = 50, 0.0
        line = bar.text(10.0)
        assert line == "실험: 탐욕 대 무작위: 200게임 중 50게임 (25%), 10.0초 경과, 초당 5.0게임, 남은 시간 약 30초"
        bar = P.progress_bar(7, True, "simulate")
        bar.update(7)
        bar.close()
    finally:
        glossary.use_language("en")
    shown = capsys.readouterr().err
    assert "시뮬레이션" in shown and "7/7" in shown and "게임/s" in shown
    for text in (line, shown):
        assert english_left(text) is None, text
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "ko")
    assert P.language() == "ko" and P.label_text("review") == "복기"
    monkeypatch.setenv("BOARDLAB_LANGUAGE", "en")
    assert P.language() == "en"
