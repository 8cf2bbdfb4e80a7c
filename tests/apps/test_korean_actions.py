"""The apps in Korean show every action in the game's Korean notation (the option buttons or
list, the log, the advisor's table, the replay) and play it back; the game and its record keep
the English notation."""

import re

import ipywidgets as W

from boardlab.apps.builder import App
from boardlab.apps.session import HUMAN
from boardlab.core import glossary

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _options(app) -> list[str]:
    buttons = [w.description for w in app._option_widgets if isinstance(w, W.Button)
               and "boardlab-option" in w._dom_classes]
    return buttons or list(app.option_list.options)


def test_korean_options_play_back_and_the_record_keeps_the_english_notation(game_name, tmp_path):
    app = App(game_name, records_dir=tmp_path / "records", seed=7, pause=False)
    app.language.value = "ko"
    for _ in range(4):
        state = app.session.state
        shown = _options(app)
        assert shown == [glossary.action_text(game_name, a, "ko") for a in state.legal_actions()]
        assert all(HANGUL.search(text) for text in shown), shown[:3]
        expected = str(state.legal_actions()[0])
        assert app.play(shown[0]) is None
        assert [d.action for d in app.session.decisions if d.by == HUMAN][-1] == expected
    assert not any(HANGUL.search(a) for a in app.session.record.to_json()["actions"])
    assert HANGUL.search(re.sub(r"<[^>]+>", "", app.log.value.split("</b>", 1)[1]))
    app.save()
    app.load_selected()
    app.step.value = 1
    assert glossary.action_text(game_name, app.replay.actions[0], "ko") in app._describe(1)


def test_the_advisor_table_names_its_options_in_korean(tmp_path):
    app = App("elgrande", records_dir=tmp_path / "records", seed=7, pause=False)
    app.language.value = "ko"
    app.budget.value = 50
    table = app.ask()
    best = glossary.action_text("elgrande", table.iloc[0]["action"], "ko")
    assert f"최선: {best}" in app.advice.value and not HANGUL.search(table.iloc[0]["action"])
