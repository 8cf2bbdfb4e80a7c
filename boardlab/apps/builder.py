"""The app of any game: widgets over a ``Session`` (play) and a ``Replay`` (step through a record).

``App(game_name)`` lays out, for the game it is given, through the engine contract only:

* setup: player count, every option of the ``Game`` (``options.options``), the seed, and who sits
  in each seat (a human or a bot policy);
* the board picture from the game's own render, redrawn after every decision;
* the legal options of the decision asked now in text notation (buttons, or a list when there
  are many), a text entry, and the rule an illegal entry breaks;
* bots for the chosen seats, with progress while they play; undo; save and load of the record;
* "What would a strong player do?": ``boardlab.advise``'s table with a budget and a progress bar;
* a replay tab stepping forwards and backwards through a saved record, with the score sheet at
  the end; and the language switch of the notebooks (``glossary.use_language``);
* "Learn to play" (on by default, ``boardlab.apps.learn``): the game in one screen before the
  first decision, at every decision the rule that governs it and what its options do, a refusal
  with that rule, the bots' turns told one sentence each (a switch turns that off), a pause after
  each bot turn until the player clicks Continue (a switch turns that off), and a Rules tab with
  the game's rules page.

The picture lives in HTML widgets (never an Output widget: see ``core.liveview``). Every callback
is a plain method, so tests drive the app by calling them or by setting widget values.
"""

from __future__ import annotations

import base64
import html
import importlib
import json
import re
import secrets
import time
from pathlib import Path

from boardlab.apps import learn as lessons
from boardlab.apps import options as setup_options
from boardlab.apps.coach import Coach
from boardlab.apps.session import FROM_RECORD, HUMAN, Refusal, Replay, Session, load_record
from boardlab.core import glossary
from boardlab.core.advise import RANKING_RULE, summary as advice_summary
from boardlab.core.errors import RecordError
from boardlab.core.game import Game
from boardlab.core.liveview import STYLE as TABLE_STYLE
from boardlab.core.policies import resolve_policy

#: more legal options than this are shown as a list to pick from instead of buttons
BUTTON_LIMIT = 24
#: the bots' picture is redrawn at most this often (seconds) while they play a long stretch
BOT_REDRAW_EVERY = 0.4
#: budgets offered to the advisor (iterations of its search; about 1 to 5 s per 200 on this machine)
ADVISOR_BUDGETS = (50, 100, 200, 400, 800, 1600)
#: the width of the options column (px) beside the board
SIDE_WIDTH = 320
#: the widest board (px) shown at full size beside the options column in a 1280 px window; a wider
#: one (White Castle's, 1080 px) goes under the decision panel and the options, at full size there
#: too (scaled down, its text would fall under 11 px)
BESIDE_LIMIT = 900
#: the policies offered for a bot seat, when the game knows them
BOT_NAMES = ("greedy", "random", "mcts")
#: at most this many bot decisions are told after a human decision (the latest ones)
NARRATED = 12

T = glossary.terms("apps")

#: what the bot policies are, for a player choosing them
BOTS_NOTE = ("Bots: greedy takes what looks best right now; random picks any legal option; mcts looks "
             "ahead by playing many games out (the strongest, a few seconds a decision).")
#: what the advisor says of a decision with one legal option (it runs no search for it)
FORCED = "Only one option is legal now ({action}): there is nothing to weigh."
#: the status line while the bots wait for Continue (learning, with the pause on)
PAUSED = "Paused after a bot's turn: {who} plays next. Click Continue."
#: the line under the title that says how to use the app (in the apps' glossary for Korean)
HELP = ("<b>How to play here.</b> You are player 0 and bots play the other seats; change that, the "
        "options and the random seed under <b>New game</b>. On your turn click one of <b>Your options</b>, or "
        "type one and press <b>Play</b>: an entry the rules refuse shows the rule it breaks. <b>Undo</b> "
        "takes your decision back; <b>What would a strong player do?</b> asks the advisor; <b>Save the "
        "record</b>, then step through it in the <b>Replay</b> tab.")

#: each app's heading and what the game is, shown above the app in the language chosen
HEADINGS = {
    "whitecastle": ("The White Castle (백로성): play, replay and learn",
                    "Take a die from either end of a bridge, place it in the castle, the yards or your domain, "
                    "and climb the court."),
    "fivetribes": ("Five Tribes: play, replay and learn",
                   "Bid for turn order, then move a line of meeples across the sultanate and use the tribe you "
                   "pick up."),
    "alea": ("Alea Iacta Est: play, replay and learn",
             "Roll your dice, place a set of them in one of five buildings, and collect what each building's "
             "ranking gives."),
    "elgrande": ("El Grande: play, replay and learn",
                 "Play a power card, move caballeros from the court to the regions around the King, and win "
                 "the majorities."),
}
#: what the app does for a new player, under the heading
LEARN_NOTE = ("The app starts in <b>learn to play</b> mode: the game in one screen, then at every decision the "
              "rule that governs it and what your options do; the bots' turns are told one sentence each. The "
              "<b>Rules</b> tab explains the whole game in 10 minutes.")


def heading(game: str, language: str | None = None) -> str:
    """The app's heading in ``language`` (None: the one in use); an app notebook's page title is this
    in the notebook's language."""
    return glossary.translate("apps", HEADINGS[game][0], language)


CSS = """<style>
.boardlab-app-picture svg{max-width:100%;height:auto}
.boardlab-full-size .boardlab-app-picture svg{max-width:none}
.boardlab-app .boardlab-option button, .boardlab-app button.boardlab-option{white-space:normal;height:auto;
  min-height:30px;text-align:left;line-height:1.25;padding:4px 8px}
.boardlab-note{color:#555;font-size:12px}
.boardlab-refusal{color:#b00020}
.boardlab-status{font-size:15px}
.boardlab-app .widget-html-content{line-height:1.4}
.boardlab-app a.boardlab-download{color:#0b62a4;text-decoration:underline}
</style>"""


def _advise_function():
    """``boardlab.advise`` (the search of issue 11), or None where it is not installed."""
    import boardlab

    return getattr(boardlab, "advise", None)


def bot_names(game: Game) -> list[str]:
    """The bot policies this game offers, by name (``game.policy`` knows them)."""
    names = []
    for name in BOT_NAMES:
        try:
            resolve_policy(game, name)
        except (ValueError, TypeError):
            continue
        names.append(name)
    return names


def seat_name(game: str, player: int) -> str:
    """How the app names a seat: "player 2", with its colour where the game's picture names
    players by colour (El Grande's caballeros are red, yellow, blue, green, black)."""
    if game == "elgrande":
        from boardlab.elgrande.actions import COLOUR_NAMES

        return T("player {p}, {colour}", p=player, colour=glossary.term(game, COLOUR_NAMES[player]))
    return T("player {p}", p=player)


#: each game's picture function (boardlab/<game>/render.py); those of games with hidden
#: information take ``viewer=p`` and then draw only what ``state.view(p)`` shows
PICTURES = {"whitecastle": "state_html", "fivetribes": "state_svg", "alea": "state_svg", "elgrande": "board_svg"}
#: bot decisions whose text names what the other players may not know (``state.view``), by the
#: start of the text, and what the log says instead until the game ends
PRIVATE_DECISIONS = {
    "alea": (("keep senate card", "keep a senate card (hidden)"),),
    "elgrande": (("set disk to", "set the secret disk (hidden)"),),
}


def picture_html(state, viewer: int | None = None) -> str:
    """The game's own picture of ``state``, scaled to fit; ``viewer=p``: as player p may see it
    (a game without hidden information, White Castle, draws everything anyway)."""
    render = importlib.import_module(f"boardlab.{state.game.name}.render")
    draw = getattr(render, PICTURES[state.game.name])
    shown = draw(state, viewer=viewer) if viewer is not None and hasattr(state, "view") else draw(state)
    return f'{CSS}<div class="boardlab-app-picture" style="max-width:100%;overflow-x:auto">{shown}</div>'


def picture_width(picture: str) -> float:
    """The width (px) the game's picture asks for: its first ``<svg width=...>`` (0 if none)."""
    found = re.search(r'<svg[^>]*?\swidth="([\d.]+)"', picture)
    return float(found.group(1)) if found else 0.0


def _solo_rival(state):
    """(rival's sheet, whether the human wins) in a game played alone against an automatic rival
    (White Castle's solo mode: ``boardlab.<game>.solo``), else None."""
    if len(state.score_sheet()) != 1:
        return None
    try:
        solo = importlib.import_module(f"boardlab.{state.game.name}.solo")
    except ModuleNotFoundError:
        return None
    if not (hasattr(solo, "rival_sheet") and hasattr(solo, "human_wins")):
        return None
    return solo.rival_sheet(state), solo.human_wins(state)


def score_sheet_html(state, title: str) -> str:
    """The score sheet as a table (one column per player, totals last) with the winner named;
    alone against a rival, the rival's column too and who of the two wins."""
    sheet = dict(state.score_sheet())
    rival = _solo_rival(state)
    players = sorted(sheet)
    categories = [c for c in sheet[players[0]] if c != "total"] + ["total"]
    columns = [(seat_name(state.game.name, p), sheet[p]) for p in players]
    if rival is not None:
        columns.append((T("the rival"), rival[0]))
    head = "".join(f"<th>{html.escape(name)}</th>" for name, _ in columns)
    rows = []
    for cat in categories:
        cells = "".join(f"<td>{column.get(cat, 0)}</td>" for _, column in columns)
        name = html.escape(glossary.term(state.game.name, cat) if cat != "total" else T("total"))
        style = ' style="font-weight:bold"' if cat == "total" else ""
        rows.append(f"<tr{style}><th style='text-align:left'>{name}</th>{cells}</tr>")
    verdict = ""
    if state.is_over and rival is not None:
        verdict = f"<p><b>{html.escape(T('You beat the rival.') if rival[1] else T('The rival wins.'))}</b></p>"
    elif state.is_over:
        ranks = state.ranks()
        winners = [p for p in players if ranks[p] == 1]
        who = ", ".join(seat_name(state.game.name, p) for p in winners)
        verdict = f"<p><b>{html.escape(T('Winner: {who}', who=who) if len(winners) == 1 else T('Shared win: {who}', who=who))}</b></p>"
    return (f'{TABLE_STYLE}<div class="boardlab-live boardlab-score-sheet"><h4>{html.escape(title)}</h4>'
            f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>{verdict}</div>")


def public_text(game: str, action: str, player: int, viewer: int | None) -> str:
    """How the log shows ``player``'s decision ``action`` to ``viewer`` (None: everything), in the
    current language (the game's Korean notation in Korean)."""
    if viewer is None or viewer == player:
        return glossary.action_text(game, action)
    for start, shown in PRIVATE_DECISIONS.get(game, ()):
        if action.startswith(start):
            return T(shown)
    return glossary.action_text(game, action)


def refusal_text(refusal: Refusal, language: str) -> tuple[str, str]:
    """(the rule, what is wrong) of a refusal in ``language``: the one place the apps word a
    refusal, so the engine's own Korean texts can be switched in here."""
    return refusal.rule, refusal.detail


def refusal_html(refusal: Refusal, rule_text: str = "") -> str:
    """A refusal with the rule it breaks; ``rule_text``: the rule in the words the learn panel used."""
    rule, detail = refusal_text(refusal, glossary.language())
    words = (f"<br><b>{html.escape(T('The rule'))}:</b> <span class='boardlab-refusal-rule'>{html.escape(rule_text)}</span>"
             if rule_text else "")
    return (f'<div class="boardlab-refusal">&#9888; <b>{html.escape(T("Not allowed"))}</b> · '
            f'{html.escape(T("rule"))}: <b>{html.escape(rule)}</b><br>{html.escape(detail)}{words}</div>')


def narration(session: Session, since: int, viewer: int | None) -> list[str]:
    """One sentence per bot decision made from decision ``since`` on (the latest ``NARRATED`` of them),
    as ``viewer`` may see it: who chose what, what an option of that kind does, how that seat's
    score moved by it, and why: the part of the bot's own valuation (``bots.value_parts``) the
    choice raised most. A hidden choice is told without what it does or why."""
    game = session.game.name
    sentences = []
    # the latest bot decisions, not the latest decisions: a human's long run of decisions (a Five
    # Tribes turn) must not push the bots' turn out of the story
    by_bots = [i for i in range(since, len(session.decisions)) if session.decisions[i].by not in (HUMAN, FROM_RECORD)]
    for i in by_bots[-NARRATED:]:
        decision = session.decisions[i]
        before = session._before[i]
        after = session._before[i + 1] if i + 1 < len(session._before) else session.state
        gain = after.score_sheet()[decision.player]["total"] - before.score_sheet()[decision.player]["total"]
        shown = public_text(game, decision.action, decision.player, viewer)
        sentence = T("{seat} ({bot}) chose '{action}'", seat=seat_name(game, decision.player), bot=T(decision.by),
                     action=shown)
        told = shown == glossary.action_text(game, decision.action)  # not a hidden choice
        if told:
            sentence += ": " + lessons.kind_text(game, session.state.history[len(before.history)].kind)[1]
        if gain:
            sentence += T(" ({gain} point)" if abs(gain) == 1 else " ({gain} points)", gain=f"{gain:+d}")
        rise = lessons.biggest_rise(game, before, after, decision.player) if told else None
        if rise is not None:
            sentence += "; " + lessons.reason_text(game, *rise)
        sentences.append(sentence + ".")
    return sentences


def rules_page_html(game: str) -> str:
    """The game's rules page, illustrated by the board at the start of a 3-player game."""
    start = Game.by_name(game)(players=3).new_game(1)
    return CSS + lessons.rules_page_html(game, picture_html(start))


def rules_page(game: str, language: str | None = None):
    """The rules page for a notebook (``notebooks/rules/<game>.ipynb``): an HTML display object."""
    from IPython.display import HTML

    if language is not None:
        glossary.use_language(language)
    return HTML(rules_page_html(game))


class App:
    """The app of one game (see the module docstring); ``App(...).widget`` is what a notebook shows."""

    def __init__(self, game: str, *, records_dir="records", seed: int | None = None, seats=None,
                 language: str | None = None, learn: bool = True, pause: bool = True, **game_options):
        import ipywidgets as W

        self.W = W
        self.game_cls = Game.by_name(game)
        self.records_dir = Path(records_dir)
        self.session: Session | None = None
        self.replay: Replay | None = None
        self.answer_seconds: list[float] = []  # each human decision, from click to redrawn picture
        self._labels: list[tuple] = []  # (widget, attribute, english, fields): redone on a language switch
        self._option_widgets: list = []

        if language is not None:
            glossary.use_language(language)
        self.language = W.ToggleButtons(options=[("English", "en"), ("한국어", "ko")], value=glossary.language(),
                                        style={"button_width": "90px"})
        self.language.add_class("boardlab-language")
        self.language.observe(self._on_language, names="value")
        self.title = W.HTML()

        self._build_setup(seed, seats, game_options)
        self._build_learn(learn, pause)
        self._build_play()
        self._build_replay()
        self.rules = W.HTML(layout=W.Layout(width="100%"))
        self.rules.add_class("boardlab-rules")
        self.tabs = W.Tab(children=[self.play_box, self.replay_box, self.rules])
        self.tabs.observe(self._on_tab, names="selected_index")
        self.coach = Coach(self, seat_name, picture_html)  # the hint panel and the Review tab (boardlab.apps.coach), after Rules
        self.widget = W.VBox([W.HBox([self.title, self.language],
                                     layout=W.Layout(justify_content="space-between", align_items="flex-start")),
                              self.tabs], layout=W.Layout(width="100%"))
        self.widget.add_class("boardlab-app")
        self._relabel()
        self.start()

    # ================================================================== building the widgets
    def _label(self, widget, attribute: str, english: str, **fields):
        """Give ``widget.attribute`` the label ``english`` now and after every language switch."""
        self._labels.append((widget, attribute, english, fields))
        return widget

    def _button(self, english: str, handler, css: str, style: str = "", width: str = "auto", symbol: str = ""):
        """A button labelled ``english`` (translated), or showing ``symbol`` with ``english`` as its tooltip."""
        W = self.W
        button = W.Button(button_style=style, layout=W.Layout(width=width), description=symbol)
        button.add_class(css)
        button.on_click(handler)
        return self._label(button, "tooltip" if symbol else "description", english)

    def _build_setup(self, seed, seats, game_options):
        W = self.W
        self.option_controls = {}
        rows = []
        for option in setup_options.options(self.game_cls):
            value = game_options.pop(option.name, option.default)
            if option.many:  # several names may be chosen (ctrl-click)
                control = W.SelectMultiple(options=[(c.replace("_", " "), c) for c in option.choices],
                                           value=tuple(value), rows=min(6, len(option.choices)),
                                           layout=W.Layout(width="560px"))
            elif option.is_flag:
                control = W.Checkbox(value=bool(value), indent=False, layout=W.Layout(width="auto"))
            else:
                control = W.Dropdown(options=[(setup_options.label(c), c) for c in option.choices], value=value,
                                     layout=W.Layout(width="320px"))
            control.add_class(f"boardlab-option-{option.name}")
            # an option keeps the name the game and its records give it; only "players" is a word
            if option.name == "players":
                self._label(control, "description", "players")
            else:
                control.description = option.name.replace("_", " ")
            control.style.description_width = "190px" if not option.is_flag else ""
            self.option_controls[option.name] = control
            if option.name != "players":
                meaning = setup_options.explanation(self.game_cls, option.name)
                control.tooltip = meaning or None
                note = W.HTML(f"<span class='boardlab-note'>{html.escape(meaning)}</span>",
                              layout=W.Layout(width="auto", flex="1 1 300px", padding="0 0 0 10px"))
                rows.append(W.HBox([control, note], layout=W.Layout(align_items="center", width="100%")))
        if game_options:
            raise ValueError(f"unknown option(s) {sorted(game_options)} for {self.game_cls.name}; known: "
                             f"{sorted(self.option_controls)}")
        self.players = self.option_controls["players"]
        self.players.observe(self._on_players, names="value")
        self.seed = W.BoundedIntText(value=secrets.randbelow(10_000) if seed is None else seed, min=0,
                                     max=2**31 - 1, layout=W.Layout(width="200px"))
        self.seed.add_class("boardlab-seed")
        self._label(self.seed, "description", "seed")
        self.bot_choices = [HUMAN] + bot_names(self.game_cls())
        self._initial_seats = list(seats) if seats is not None else None
        self.seat_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._on_players()
        self.start_button = self._button("Start a new game", lambda _: self.start(), "boardlab-start", "primary")
        self.setup_note = W.HTML()
        self.setup_message = W.HTML()
        rules = W.VBox(rows)
        self.setup_rules = W.Accordion(children=[rules], selected_index=None)
        self._label(self.setup_rules, "titles", "Rule options (readings and variants)")
        self.setup_box = W.VBox([self.setup_note, W.HBox([self.players, self.seed]), self.seat_box,
                                 self.setup_rules, W.HBox([self.start_button, self.setup_message])])
        self.setup = W.Accordion(children=[self.setup_box], selected_index=None)
        self._label(self.setup, "titles", "New game: players, seats and options")

    def _on_players(self, change=None):
        W = self.W
        count = self.players.value
        old = [d.value for d in self.seat_box.children]
        wanted = self._initial_seats or [HUMAN] + [self.bot_choices[1] if len(self.bot_choices) > 1 else HUMAN] * 9
        self._initial_seats = None
        dropdowns = []
        for p in range(count):
            value = old[p] if p < len(old) else wanted[p] if p < len(wanted) else self.bot_choices[-1]
            d = W.Dropdown(options=[(T(c) if c == HUMAN else T("bot: {name}", name=T(c)), c) for c in self.bot_choices],
                           value=value if value in self.bot_choices else HUMAN, layout=W.Layout(width="290px"))
            d.add_class(f"boardlab-seat-{p}")
            d.description = seat_name(self.game_cls.name, p)
            d.style.description_width = "130px"
            dropdowns.append(d)
        for d in self.seat_box.children:
            d.close()
        self.seat_box.children = dropdowns

    def _build_learn(self, learn: bool, pause: bool):
        """The learn-to-play widgets: the switches, the game in one screen, the decision panel,
        the bots' narration (filled by ``_show_lesson``) and the Continue button of a pause."""
        W = self.W
        self.learn = W.Checkbox(value=learn, indent=False, layout=W.Layout(width="auto"))
        self.learn.add_class("boardlab-learn-switch")
        self._label(self.learn, "description", "Learn to play: explain every decision")
        self.narrate = W.Checkbox(value=True, indent=False, layout=W.Layout(width="auto"))
        self.narrate.add_class("boardlab-narrate-switch")
        self._label(self.narrate, "description", "Tell me what the bots did")
        self.pause = W.Checkbox(value=pause, indent=False, layout=W.Layout(width="auto"))
        self.pause.add_class("boardlab-pause-switch")
        self._label(self.pause, "description", "Pause after each bot turn")
        self.continue_bots_button = self._button("Continue", lambda _: self.continue_bots(), "boardlab-continue-bots",
                                                 "primary")
        self.learn.observe(self._on_pausing_switch, names="value")  # the options' tooltips change too
        self.pause.observe(self._on_pausing_switch, names="value")
        self.narrate.observe(lambda change: self._show_lesson(), names="value")
        self.overview = W.HTML()
        self.overview_box = W.Accordion(children=[self.overview], selected_index=0)
        self.overview_box.add_class("boardlab-overview-box")
        self._label(self.overview_box, "titles", "The game in one screen")
        self.lesson = W.HTML()
        self.lesson.add_class("boardlab-lesson")
        self.rules_link = self._button("Read the rules page", lambda _: self._open_rules(), "boardlab-rules-link",
                                       width="auto")
        self.narration = W.HTML()
        self.narration.add_class("boardlab-narration")
        self._narrate_from = 0  # the first decision the narration tells

    def _build_play(self):
        W = self.W
        self.status = W.HTML()
        self.status.add_class("boardlab-status")
        self.picture = W.HTML(layout=W.Layout(width="100%"))
        self.picture.add_class("boardlab-picture")
        self.options_title = W.HTML()
        self.option_area = W.VBox()
        self._button_pool: list = []  # option buttons, relabelled for each decision
        self._option_box = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self._long_list = W.Select(rows=12, layout=W.Layout(width="100%"))
        self._long_list.add_class("boardlab-options-list")
        self._long_list_play = self._button("Play the selected option", lambda _: self.play(self._long_list.value),
                                            "boardlab-play-selected", "success")
        self._long_list_hint = W.HTML()
        self._long_list_hint.add_class("boardlab-note")
        self._label(self._long_list_hint, "value", "typing in the box below narrows the list")
        self.entry = W.Text(layout=W.Layout(width="auto", flex="1 1 auto"), continuous_update=True)
        self.entry.add_class("boardlab-entry")
        self.entry.observe(self._on_entry_typed, names="value")
        self._label(self.entry, "placeholder", "type an option in the game's notation")
        self.play_button = self._button("Play", self._on_play_typed, "boardlab-play", "success", width="80px")
        self.play_button.layout.flex = "0 0 80px"
        self.message = W.HTML()
        self.message.add_class("boardlab-message")
        self.undo_button = self._button("Undo my last decision", lambda _: self.undo(), "boardlab-undo", "warning")
        self.finish_button = self._button("Bots finish the game", lambda _: self.finish(), "boardlab-finish")
        self.save_button = self._button("Save the record", lambda _: self.save(), "boardlab-save", "info")
        self.bot_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%", visibility="hidden"))
        self.bot_progress.add_class("boardlab-bot-progress")
        self.bot_note = W.HTML()
        self._bots_made = 0  # the bots' decisions after the last human one (bot_note)
        self.save_message = W.HTML()
        self.save_message.add_class("boardlab-save-message")
        self.log = W.HTML()
        self.log.add_class("boardlab-log")
        self.timing = W.HTML()
        self.timing.add_class("boardlab-timing")
        self.sheet = W.HTML()
        self.sheet.add_class("boardlab-sheet")

        self.budget = W.SelectionSlider(options=ADVISOR_BUDGETS, value=200, layout=W.Layout(width="100%"))
        self.budget.add_class("boardlab-budget")
        self._label(self.budget, "description", "budget")
        self.ask_button = self._button("Ask", lambda _: self.ask(), "boardlab-ask", "primary")
        self.advice_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%"))
        self.advice_progress.add_class("boardlab-advice-progress")
        self.advice = W.HTML()
        self.advice.add_class("boardlab-advice")
        self.advice_note = W.HTML()
        advisor = W.VBox([self.advice_note, self.budget, W.HBox([self.ask_button]), self.advice_progress, self.advice])
        self.advisor = W.Accordion(children=[advisor], selected_index=None)
        self.advisor.add_class("boardlab-advisor")
        self._label(self.advisor, "titles", "What would a strong player do?")

        # the side column in three parts, so that a wide board can go under the first two
        self._explain = W.VBox([self.narration, self.continue_bots_button, self.lesson])
        self._act = W.VBox([self.options_title, self.option_area,
                            W.HBox([self.entry, self.play_button], layout=W.Layout(width="100%")), self.message,
                            W.HBox([self.undo_button, self.save_button, self.finish_button],
                                   layout=W.Layout(flex_flow="row wrap")),
                            self.bot_progress, self.bot_note])
        self._more = W.VBox([self.rules_link, self.save_message, self.advisor, self.log, self.timing])
        self._side = W.VBox(layout=W.Layout(width=f"{SIDE_WIDTH}px", flex=f"0 0 {SIDE_WIDTH}px", padding="0 0 0 12px"))
        # a board wider than its column is scaled down to fit; this shows it at its own size instead
        self.full_size = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.full_size.add_class("boardlab-full-size-switch")
        self._label(self.full_size, "description", "board at full size (scroll sideways)")
        self.full_size.observe(self._on_full_size, names="value")
        self._board = W.VBox([W.HBox([self.status, self.full_size], layout=W.Layout(justify_content="space-between")),
                              self.sheet, self.picture], layout=W.Layout(flex="1 1 auto", min_width="0"))
        switches = W.HBox([self.learn, self.narrate, self.pause], layout=W.Layout(flex_flow="row wrap"))
        self.play_area = W.Box(layout=W.Layout(width="100%"))
        self.play_area.add_class("boardlab-play-area")
        self._wide: bool | None = None
        self._lay_out(wide=False)
        self.play_box = W.VBox([self.setup, switches, self.overview_box, self.play_area])

    def _lay_out(self, wide: bool):
        """The board beside the options column, or (a board wider than ``BESIDE_LIMIT``) the
        decision panel and the options side by side above the board at full size, the rest below."""
        if wide == self._wide:
            return
        self._wide = wide
        half = "1 1 0" if wide else ""  # two equal columns above the board
        self._explain.layout.flex = self._act.layout.flex = half
        self._explain.layout.min_width = self._act.layout.min_width = "0" if wide else ""
        self._act.layout.padding = "0 0 0 12px" if wide else ""
        self.full_size.layout.display = "none" if wide else None  # the board is at full size already
        if wide:
            self._side.children = []
            top = self.W.HBox([self._explain, self._act], layout=self.W.Layout(width="100%"))
            self.play_area.layout.flex_flow = "column"
            self.play_area.children = [top, self._board, self._more]
        else:
            self._side.children = [self._explain, self._act, self._more]
            self.play_area.layout.flex_flow = "row"
            self.play_area.children = [self._board, self._side]

    def _build_replay(self):
        W = self.W
        self.replay_files = W.Dropdown(options=[], layout=W.Layout(width="520px"))
        self.replay_files.add_class("boardlab-replay-files")
        self._label(self.replay_files, "description", "saved record")
        self.replay_files.style.description_width = "110px"
        self.refresh_button = self._button("Refresh", lambda _: self.refresh_records(), "boardlab-refresh")
        self.load_button = self._button("Load", lambda _: self.load_selected(), "boardlab-load", "primary")
        self.upload = W.FileUpload(accept=".json", multiple=False)
        self.upload.add_class("boardlab-upload")
        self._label(self.upload, "description", "Upload a record")
        self.upload.observe(self._on_upload, names="value")
        self.replay_message = W.HTML()
        self.replay_message.add_class("boardlab-replay-message")
        self.first_button = self._button("first step", lambda _: self.step_to(0), "boardlab-first", width="48px", symbol="|◀")
        self.back_button = self._button("one step back", lambda _: self.step_by(-1), "boardlab-back", width="48px", symbol="◀")
        self.forward_button = self._button("one step forward", lambda _: self.step_by(1), "boardlab-forward", width="48px", symbol="▶")
        self.last_button = self._button("last step", lambda _: self.step_to(self.replay.steps if self.replay else 0),
                                        "boardlab-last", width="48px", symbol="▶|")
        self.step = W.IntSlider(value=0, min=0, max=0, continuous_update=False, layout=W.Layout(width="420px"))
        self.step.add_class("boardlab-step")
        self._label(self.step, "description", "step")
        self.step.observe(lambda change: self._show_step(), names="value")
        self.step_note = W.HTML()
        self.step_note.add_class("boardlab-step-note")
        self.replay_picture = W.HTML(layout=W.Layout(width="100%"))
        self.replay_picture.add_class("boardlab-replay-picture")
        self.replay_sheet = W.HTML()
        self.replay_sheet.add_class("boardlab-replay-sheet")
        self.replay_help = W.HTML()
        self.continue_button = self._button("Continue playing from this step", lambda _: self.continue_from_step(),
                                            "boardlab-continue", "success")
        controls = W.HBox([self.first_button, self.back_button, self.step, self.forward_button, self.last_button],
                          layout=W.Layout(align_items="center"))
        self.replay_sheet.layout = W.Layout(flex="0 0 auto", padding="0 0 0 16px")
        self.replay_box = W.VBox([self.replay_help, W.HBox([self.replay_files, self.refresh_button, self.load_button]),
                                  self.upload, self.replay_message, controls,
                                  W.HBox([self.step_note, self.continue_button], layout=W.Layout(align_items="center")),
                                  W.HBox([W.Box([self.replay_picture], layout=W.Layout(flex="1 1 auto", min_width="0")),
                                          self.replay_sheet], layout=W.Layout(width="100%"))])
        self._set_replay_enabled(False)
        self.refresh_records()

    def _on_full_size(self, change):
        for picture in (self.picture, self.replay_picture):
            if change["new"]:
                picture.add_class("boardlab-full-size")
            else:
                picture.remove_class("boardlab-full-size")

    # ================================================================== language
    def _on_language(self, change):
        glossary.use_language(change["new"])
        self._relabel()
        self._say_bots_made()
        self._redraw()
        if self.replay is not None:
            self._show_step()

    def _relabel(self):
        for widget, attribute, english, fields in self._labels:
            text = T(english, **fields)
            if attribute == "titles":
                widget.titles = (text,)
            else:
                setattr(widget, attribute, text)
        name = self.game_cls.name
        self.title.value = (CSS + f"<h1 class='boardlab-heading'>{html.escape(heading(name))}</h1>"
                            f"<div style='max-width:900px;line-height:1.45'><p>{html.escape(T(HEADINGS[name][1]))}</p>"
                            f"<p>{T(LEARN_NOTE)}</p></div>"
                            f"<div class='boardlab-help' style='max-width:900px;line-height:1.45;font-size:13px'>{T(HELP)}</div>")
        self.tabs.titles = (T("Play"), T("Replay"), T("Rules"))
        self.coach.relabel()
        if self.tabs.selected_index == 2:
            self._show_rules()
        self.setup_note.value = (f"<span class='boardlab-note'>{html.escape(T('Choose who plays each seat, then start.'))} "
                                 f"{html.escape(T(BOTS_NOTE))}</span>")
        self.advice_note.value = (f"<span class='boardlab-note'>{html.escape(T('The advisor plays each option out many times (a search); a larger budget is slower and surer.'))}</span>")
        self.replay_help.value = (f"<span class='boardlab-note'>{html.escape(T('Load a saved record, then step through it with the arrows; the score sheet shows at the end.'))}</span>")
        for p, d in enumerate(self.seat_box.children):
            chosen = d.value  # new options reset a dropdown to its first choice ("human")
            d.description = seat_name(self.game_cls.name, p)
            d.options = [(T(c) if c == HUMAN else T("bot: {name}", name=T(c)), c) for c in self.bot_choices]
            d.value = chosen

    # ================================================================== playing
    def game(self) -> Game:
        """The game the setup describes (refused options raise ValueError naming the option)."""
        values = {}
        for name, control in self.option_controls.items():
            values[name] = tuple(control.value) if isinstance(control, self.W.SelectMultiple) else control.value
        # the game's defaults first: from_options reads a missing option as a saved record
        # written before it existed (Alea's senate_deck), not as today's default
        return self.game_cls.from_options({**self.game_cls().options(), **values})

    def start(self):
        """Start a new game from the setup; bots to move first play at once."""
        try:
            game = self.game()
            seats = [d.value for d in self.seat_box.children]
            session = Session(game, self.seed.value, seats)
        except ValueError as exc:
            self.setup_message.value = refusal_html(Refusal("setup", str(exc)))
            self.setup.selected_index = 0
            return
        self.setup_message.value = ""
        self.session = session
        self.message.value = self.save_message.value = ""
        self._clear_stale()
        self._narrate_from = 0
        self.overview_box.selected_index = 0 if self.learn.value else None
        self._run_bots()
        self._redraw()

    def viewer(self) -> int | None:
        """Whose eyes the play tab sees with: the human seat asked to decide, else the last human
        seat that moved (while bots think), else the first human seat; None (everything) once the
        game is over or when no seat is human."""
        session = self.session
        humans = [p for p, kind in enumerate(session.seats) if kind == HUMAN]
        if session.is_over or not humans:
            return None
        if session.human_to_move:
            return session.state.to_move
        moved = [d.player for d in session.decisions if d.player in humans]
        return moved[-1] if moved else humans[0]

    def _seat(self, player) -> str:
        kind = self.session.seats[player]
        name = seat_name(self.session.game.name, player)
        return T("{seat} (you)", seat=name) if kind == HUMAN else T("{seat} (bot: {name})", seat=name, name=T(kind))

    def play(self, entry) -> Refusal | None:
        """A human decision: play ``entry`` (an action or its text), then let the bots answer."""
        began = time.perf_counter()
        refused = self.session.play(entry)
        if refused is not None:
            self.message.value = refusal_html(refused, self._rule_words())
            return refused
        self.message.value = ""
        self.entry.value = ""
        self.timing.value = ""  # cleared before the redraw, so a page that sees a time sees this answer's
        self._clear_stale()
        self.overview_box.selected_index = None  # the overview served before the first decision
        if not self.session.human_to_move and not self.session.is_over:
            self._show_options()  # no stale option buttons while the bots decide
            self.status.value = f"<b>{html.escape(T('the bots are deciding...'))}</b>"
        self._bots_answer()
        seconds = time.perf_counter() - began
        self.answer_seconds.append(seconds)
        self.timing.value = f"<span class='boardlab-note'>{html.escape(T('answered in {s} s', s=f'{seconds:.2f}'))}</span>"
        return None

    def _bots_answer(self):
        """The bots play (one turn when pausing) and the page shows what they did; the bots' last
        turns stay told until they play again."""
        since = len(self.session.decisions)
        if self._run_bots():
            self._narrate_from = since
        self._redraw()

    @property
    def pausing(self) -> bool:
        """Learning with the pause on: the bots stop after each turn until Continue is clicked."""
        return self.learn.value and self.pause.value

    @property
    def waiting(self) -> bool:
        """The bots are paused: a bot is to move and waits for Continue."""
        session = self.session
        return session is not None and not session.is_over and not session.human_to_move

    def continue_bots(self) -> int:
        """Continue after a pause: the next bot turn (all of them up to a human's decision when
        not pausing). Returns the number of bot decisions made."""
        if not self.waiting:
            return 0
        before = len(self.session.decisions)
        self._clear_stale()
        self._bots_answer()
        return len(self.session.decisions) - before

    def _on_pausing_switch(self, change):
        """Switching the pause (or learning) off while paused lets the bots play on at once."""
        if self.waiting and not self.pausing:
            self.continue_bots()
        else:
            self._redraw()

    def _on_play_typed(self, _=None):
        return self.play(self.entry.value)

    def _on_entry_typed(self, change):
        """With a long list of options, typing narrows the list to the options containing the text."""
        if getattr(self, "option_list", None) is not None and self.session is not None and self._option_widgets:
            wanted = change["new"].strip().lower()
            legal = [glossary.action_text(self.session.game.name, a) for a in self.session.state.legal_actions()]
            shown = [t for t in legal if wanted in t.lower()] or legal
            self.option_list.options = shown

    def _run_bots(self, until_over: bool = False):
        """Let the bots decide (with progress) until a human is to move, or to the end."""
        session = self.session
        if session.is_over or (not until_over and session.human_to_move):
            return 0
        last_draw = [time.monotonic()]
        self.bot_progress.layout.visibility = "visible"
        self.bot_progress.bar_style = "info"
        self.bot_progress.max = max(1, self._bot_estimate(until_over))

        def on_step(done, decision):
            self.bot_progress.max = max(self.bot_progress.max, done + 1)
            self.bot_progress.value = done
            self.bot_note.value = (f"<span class='boardlab-note'>"
                                   f"{html.escape(T('bots playing: {n} decisions so far', n=done))}</span>")
            if time.monotonic() - last_draw[0] > BOT_REDRAW_EVERY:
                self.picture.value = picture_html(session.state, self.viewer())
                last_draw[0] = time.monotonic()

        done = session.run_bots(on_step, until_over=until_over, one_turn=self.pausing and not until_over)
        self.bot_progress.value = self.bot_progress.max
        self.bot_progress.bar_style = "success"
        self.bot_progress.layout.visibility = "hidden"
        self._bots_made = done
        self._say_bots_made()
        return done

    def _say_bots_made(self):
        """How many decisions the bots made last, in the page's language (again after a switch)."""
        done = self._bots_made
        self.bot_note.value = (f"<span class='boardlab-note'>{html.escape(T('the bots made {n} decision' if done == 1 else 'the bots made {n} decisions', n=done))}</span>"
                               if done else "")

    def _bot_estimate(self, until_over: bool) -> int:
        """How many bot decisions to expect, for the progress bar's length (it grows if needed)."""
        return 40 if until_over else 2 * max(1, self.session.game.players - 1)

    def _clear_stale(self):
        """Forget what described an earlier position: the advisor's table and the bots' last count."""
        self.advice.value = self.bot_note.value = ""
        self._bots_made = 0
        self.advice_progress.value = 0

    def undo(self) -> int:
        undone = self.session.undo()
        self.message.value = "" if undone else f"<span class='boardlab-note'>{html.escape(T('nothing to undo'))}</span>"
        if undone:
            self._clear_stale()
            self._narrate_from = len(self.session.decisions)  # what the bots did after it is undone too
        self._redraw()
        return undone

    def finish(self) -> int:
        """Every seat, a human's too, is played by a bot until the game ends."""
        self._clear_stale()
        done = self._run_bots(until_over=True)
        self._redraw()
        return done

    def save(self) -> Path:
        path = self.session.save(self.records_dir)
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        link = (f'<a download="{html.escape(path.name)}" href="data:application/json;base64,{data}" '
                f'class="boardlab-download">{html.escape(T("download it"))}</a>')
        self.save_message.value = (f"<span class='boardlab-saved'>{html.escape(T('Saved as {name}', name=path.name))}"
                                   f"</span> · {link}")
        self.refresh_records(select=path)
        return path

    # ================================================================== drawing the game
    def _redraw(self):
        session = self.session
        if session is None:
            return
        state = session.state
        viewer = self.viewer()
        self.picture.value = picture_html(state, viewer)
        self._lay_out(wide=picture_width(self.picture.value) > BESIDE_LIMIT)
        self._show_options()
        waiting = self.waiting
        self.continue_bots_button.layout.display = None if waiting else "none"
        if state.is_over:
            self.status.value = f"<b>{html.escape(T('The game is over.'))}</b>"
            self.sheet.value = score_sheet_html(state, T("Final score sheet"))
        elif waiting:
            paused = T(PAUSED, who=self._seat(state.to_move))
            self.status.value = (f"<b class='boardlab-paused'>{html.escape(paused)}</b> · "
                                 + html.escape(T("decision {n}", n=len(state.history) + 1)))
            self.sheet.value = ""
        else:
            who = self._seat(state.to_move)
            self.status.value = f"<b>{html.escape(T('{who} to decide', who=who))}</b> · " + html.escape(
                T("decision {n}", n=len(state.history) + 1))
            self.sheet.value = ""
        self.undo_button.disabled = not session.can_undo
        self.finish_button.disabled = state.is_over
        self.ask_button.disabled = state.is_over or waiting or _advise_function() is None
        if not state.is_over and not waiting and len(state.legal_actions()) == 1:
            self._say_forced(state.legal_actions()[0])
            self.ask_button.disabled = True
        if _advise_function() is None:
            self.advice.value = f"<span class='boardlab-note'>{html.escape(T('The advisor needs boardlab.advise, which this installation lacks.'))}</span>"
        lines = [f"{html.escape(seat_name(session.game.name, d.player))} · "
                 f"{html.escape(public_text(session.game.name, d.action, d.player, viewer))}"
                 + ("" if d.by == HUMAN else f" <i>({html.escape(T('from the record') if d.by == FROM_RECORD else T('bot: {name}', name=T(d.by)))})</i>")
                 for d in session.decisions[-8:]]
        self.log.value = (f"<div class='boardlab-note'><b>{html.escape(T('Last decisions'))}</b><br>"
                          + "<br>".join(reversed(lines)) + "</div>") if lines else ""
        self._show_lesson()

    # ================================================================== learning to play
    def _show_lesson(self):
        """The learn-to-play panels for the position now (empty when learning is switched off)."""
        session, on = self.session, self.learn.value
        self.narrate.layout.display = self.pause.layout.display = self.overview_box.layout.display = None if on else "none"
        self.rules_link.layout.display = None if on else "none"
        if session is None:
            return
        self.overview.value = lessons.overview_html(session.game.name) if on else ""
        self.lesson.value = lessons.decision_html(session.state) if on and session.human_to_move else ""
        told = narration(session, self._narrate_from, self.viewer()) if on and self.narrate.value else []
        self.narration.value = (f"<div class='boardlab-note'><b>{html.escape(T('What the bots did'))}</b><br>"
                                + "<br>".join(html.escape(s) for s in told) + "</div>") if told else ""

    def _rule_words(self) -> str:
        """The rule of the decision asked now, in the words of the learn panel (learning on)."""
        session = self.session
        if not self.learn.value or session is None or session.is_over:
            return ""
        return " ".join(lessons.kind_text(session.game.name, kind)[0] for kind in lessons.kinds_at(session.state))

    def _open_rules(self):
        self.tabs.selected_index = 2

    def _on_tab(self, change):
        if change["new"] == 2:
            self._show_rules()

    def _show_rules(self):
        """The rules page in the Rules tab (drawn when the tab is opened, in the page's language)."""
        self.rules.value = rules_page_html(self.game_cls.name)

    def _show_options(self):
        """The legal options as buttons (few) or a list (many). The widgets are kept and reused
        from one decision to the next: a browser that only relabels a button answers faster than
        one that builds new ones."""
        state = self.session.state
        human = self.session.human_to_move
        self.entry.disabled = self.play_button.disabled = not human
        self.option_list = None
        if not human:
            self.options_title.value = ""
            self.option_area.children = []
            self._option_widgets = []
            return
        legal = [glossary.action_text(state.game.name, a) for a in state.legal_actions()]  # Korean plays back too
        self.options_title.value = (f"<b>{html.escape(T('Your options'))}</b> "
                                    f"<span class='boardlab-note'>({html.escape(T('{n} legal now', n=len(legal)))})</span>")
        if len(legal) <= BUTTON_LIMIT:
            while len(self._button_pool) < len(legal):
                b = self.W.Button(layout=self.W.Layout(width="auto", max_width="100%"))
                b.add_class("boardlab-option")
                b.on_click(lambda button: self.play(button.description))
                self._button_pool.append(b)
            shown = self._button_pool[:len(legal)]
            actions = state.legal_actions()
            for b, text, action in zip(shown, legal, actions):
                if b.description != text:
                    b.description = text
                # learning: hovering an option says in plain words what it does
                tip = lessons.option_meaning(state, action) if self.learn.value else text
                if b.tooltip != tip:
                    b.tooltip = tip
            self._option_box.children = shown
            self.option_area.children = [self._option_box]
            self._option_widgets = list(shown)
        else:
            self.option_list = self._long_list
            self.option_list.options = legal
            self.option_list.value = legal[0]
            self.option_area.children = [self.option_list, self._long_list_hint, self._long_list_play]
            self._option_widgets = list(self.option_area.children)

    # ================================================================== the advisor
    def ask(self):
        """``boardlab.advise`` for the position now, with the budget chosen; its table is shown."""
        advise = _advise_function()
        state = self.session.state
        if advise is None or state.is_over:
            return None
        legal = state.legal_actions()
        if len(legal) == 1:  # a forced decision: nothing to weigh, so no search
            self._say_forced(legal[0])
            return None
        budget = self.budget.value
        self.advice_progress.max, self.advice_progress.value = budget, 0
        self.advice_progress.bar_style = "info"
        self.advice.value = f"<span class='boardlab-note'>{html.escape(T('thinking...'))}</span>"

        def progress(done, total):
            self.advice_progress.max = max(1, total)
            self.advice_progress.value = min(done, total)

        began = time.perf_counter()
        try:
            table = advise(state, budget=budget, seed=0, progress=progress)
        except ValueError as exc:
            self.advice.value = refusal_html(Refusal("advisor", str(exc)))
            return None
        self.advice_progress.value = self.advice_progress.max
        self.advice_progress.bar_style = "success"
        self.advice.value = self._advice_html(table, time.perf_counter() - began)
        return table

    def _say_forced(self, action):
        """The advisor's panel for a decision with one legal option: no search, and why."""
        self.advice_progress.value = 0
        self.advice.value = f"<span class='boardlab-note boardlab-forced'>{html.escape(T(FORCED, action=glossary.action_text(self.session.game.name, action)))}</span>"

    def _advice_html(self, table, seconds: float) -> str:
        if table.attrs.get("forced"):
            only = html.escape(T("The only option: {action} (nothing to search)", action=str(table.iloc[0]["action"])))
            return f"<div class='boardlab-live'><p><b>{only}</b></p></div>"
        rows = []
        for i, row in enumerate(table.head(8).itertuples()):
            style = ' style="font-weight:bold"' if i == 0 else ""
            rows.append(f"<tr{style}><td style='text-align:left'>{html.escape(glossary.action_text(self.session.game.name, row.action))}</td><td>{row.visits}</td>"
                        f"<td>{row.margin:+.1f} ± {row.margin_se:.1f}</td><td>{100 * row.win_rate:.0f}% ± "
                        f"{100 * row.win_rate_se:.0f}</td></tr>")
        head = "".join(f"<th>{html.escape(T(h))}</th>" for h in ("option", "visits", "margin", "wins"))
        # the verdict in words (best, the options within its error, the strength of the search) and
        # the ranking rule, so the table's order and the sentence above it can be checked
        language = glossary.language()
        best = html.escape(advice_summary(table, language, lambda a: glossary.action_text(self.session.game.name, a)))
        more = len(table) - 8
        tail = f"<p class='boardlab-note'>{html.escape(T('... and {n} more options', n=more))}</p>" if more > 0 else ""
        note = html.escape(RANKING_RULE.get(language, RANKING_RULE["en"]) + " "
                           + T("margin: final score minus the best other score; {s} s", s=f"{seconds:.1f}"))
        return (f"{TABLE_STYLE}<div class='boardlab-live'><p><b>{best}</b></p><table><tr>{head}</tr>{''.join(rows)}"
                f"</table>{tail}<p class='boardlab-note'>{note}</p></div>")

    # ================================================================== replay
    def refresh_records(self, select: Path | None = None):
        files = sorted(self.records_dir.glob(f"{self.game_cls.name}-*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True) if self.records_dir.is_dir() else []
        self.replay_files.options = [(p.name, str(p)) for p in files]
        if select is not None and str(select) in {str(p) for p in files}:
            self.replay_files.value = str(select)
        self.load_button.disabled = not files

    def load_selected(self):
        if self.replay_files.value is None:
            return None
        return self._load(Path(self.replay_files.value), Path(self.replay_files.value).name)

    def _on_upload(self, change):
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self._load(bytes(upload["content"]), upload.get("name", "upload"))

    def _load(self, source, name: str):
        try:
            self.replay = load_record(source, expected_game=self.game_cls.name)
        except (RecordError, OSError, json.JSONDecodeError) as exc:
            self.replay = None
            self.replay_message.value = refusal_html(Refusal("record", str(exc)))
            self._set_replay_enabled(False)
            return None
        self.replay_message.value = (f"<span class='boardlab-loaded'>{html.escape(T('Loaded {name}: {n} decisions', name=name, n=self.replay.steps))}"
                                     "</span>")
        self.step.max = self.replay.steps
        self._set_replay_enabled(True)
        if self.step.value == 0:
            self._show_step()
        else:
            self.step.value = 0
        self.tabs.selected_index = 1
        return self.replay

    def _set_replay_enabled(self, on: bool):
        for w in (self.first_button, self.back_button, self.forward_button, self.last_button, self.step,
                  self.continue_button):
            w.disabled = not on

    def step_by(self, delta: int):
        if self.replay is not None:
            self.step.value = min(max(self.step.value + delta, 0), self.replay.steps)

    def step_to(self, step: int):
        if self.replay is not None:
            self.step.value = min(max(step, 0), self.replay.steps)

    def _show_step(self):
        if self.replay is None:
            return
        step = self.step.value
        state = self.replay.state(step)
        self.replay_picture.value = picture_html(state)
        self.step_note.value = (f"<b>{html.escape(T('step {k} of {n}', k=step, n=self.replay.steps))}</b> · "
                                f"{html.escape(self._describe(step))}")
        if step == self.replay.steps:
            title = T("Final score sheet") if state.is_over else T("Score sheet where the record ends (the game was not finished)")
            self.replay_sheet.value = score_sheet_html(state, title)
        else:
            self.replay_sheet.value = ""

    def continue_from_step(self) -> Session | None:
        """Play on from the position shown in the replay, with the seats of the setup (player 0
        a human and the others greedy bots when the record has another player count)."""
        if self.replay is None:
            return None
        players = self.replay.game.players
        seats = [d.value for d in self.seat_box.children]
        if len(seats) != players:
            seats = [HUMAN] + [self.bot_choices[1] if len(self.bot_choices) > 1 else HUMAN] * (players - 1)
        self.session = Session.resume(self.replay, self.step.value, seats)
        self.message.value = self.save_message.value = ""
        self._clear_stale()
        self._narrate_from = len(self.session.decisions)
        self.tabs.selected_index = 0
        self._run_bots()
        self._redraw()
        return self.session

    def _describe(self, step: int) -> str:
        if step == 0:
            return T("the start of the game")
        return T("{seat} chose '{action}'", seat=seat_name(self.replay.game.name, self.replay.players[step - 1]),
                 action=glossary.action_text(self.replay.game.name, self.replay.actions[step - 1]))


def app(game: str, **kwargs):
    """The app widget of ``game`` (see :class:`App`): what an app notebook displays."""
    return App(game, **kwargs).widget


__all__ = ["App", "app", "picture_html", "public_text", "score_sheet_html", "bot_names", "narration", "rules_page",
           "rules_page_html", "BUTTON_LIMIT"]
