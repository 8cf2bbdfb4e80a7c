"""The coach in every app (issue 28): a hint on the human's decision, the cost of the choice made
(if the player opts in), and a Review tab that grades a whole game.

``Coach(app)`` adds its widgets to an :class:`boardlab.apps.builder.App`: the hint panel above
the advisor in the side column, and a third tab. The hint is :func:`boardlab.advise` at the
game's default budget (its search player): the best option, one sentence why (the part of the
position value it raises most, or else its win chance against the next option), and the ranking rule. The
Review tab runs :func:`boardlab.review` on the game in play or on the record loaded in the Replay
tab, with a progress bar, and steps through the graded decisions on the board with the better
option shown. Every callback is a plain method, so tests call them directly.
"""

from __future__ import annotations

import html
import io

from boardlab.core import glossary
from boardlab.core.advise import RANKING_RULE, advise, summary
from boardlab.core.review import grade, grade_text, review

T = glossary.terms("apps")

#: the apps' glossary entries this module adds (English: Korean), merged into the apps' table
KO = {
    "Hint": "힌트",
    "after I choose, show what my choice cost": "선택한 뒤 그 선택의 손실 보기",
    "Review": "복기",
    "Review the game": "게임 복기하기",
    "the game in play": "지금 하는 게임",
    "the record loaded in Replay": "다시 보기에서 불러온 기록",
    "review": "복기할 게임",
    "decision": "결정",
    "Load a record in the Replay tab first.": "먼저 다시 보기 탭에서 기록을 불러오세요.",
    "No decision with more than one option to review yet.": "아직 복기할 결정(선택지가 둘 이상인 결정)이 없습니다.",
    "Why: it raises {part} most in the position value ({rise}).": "이유: 포지션 가치 중 {part} 가장 많이 올립니다 ({rise}).",
    "Why: its win chance is {w} against {v} for {other}.": "이유: 승률이 {w}로, {other}의 {v}보다 높습니다.",
    "Your choice {taken}: win chance {w}; the best, {best}: {b}. It cost {loss} points of win chance ({grade}).":
        "당신의 선택 {taken}: 승률 {w}. 최선인 {best}: {b}. 승률 {loss}%p를 잃었습니다 ({grade}).",
    "Your choice {taken} was the advisor's best.": "당신의 선택 {taken}은 조언자의 최선이었습니다.",
    "Step {step}, {seat}: played {taken} ({grade}); better: {best}. Win chance {w} against {b}.":
        "{step}번째 수, {seat}: {taken} ({grade}). 더 나은 수: {best}. 승률 {w} 대 {b}.",
    "Step {step}, {seat}: played {taken} ({grade}).": "{step}번째 수, {seat}: {taken} ({grade}).",
    "Reviewed {n} decisions in {s} s, {budget} search iterations each.":
        "결정 {n}개를 {s}초 동안 복기했습니다 (결정마다 탐색 {budget}회).",
    "accuracy": "정확도",
    "Key moments": "핵심 순간",
    "chance": "운(주사위·카드)",
    "{seat}: accuracy {a} %, {k} mistakes or blunders": "{seat}: 정확도 {a} %, 실수·큰 실수 {k}개",
}


def _text(english: str, **fields) -> str:
    """``english`` in the page's language (this module's table first, then the apps' glossary)."""
    if glossary.language() == "ko" and english in KO:
        return glossary.particles(KO[english].format(**fields))
    return T(english, **fields)


def _percent(p: float, se: float) -> str:
    return f"{100 * p:.0f} %" if se != se else f"{100 * p:.0f} ± {100 * se:.0f} %"


class Coach:
    """The hint panel and the Review tab of one app (see the module docstring)."""

    def __init__(self, app, seat_name, picture_html):
        import ipywidgets as W

        # the app's own ways of naming a seat and drawing the board, handed in (coach must not
        # import the builder back: the builder builds the coach)
        self.app, self.W, self.seat_name, self.picture_html = app, W, seat_name, picture_html
        self.last_hint = None  # (position's decision count, advice table)
        self.result = None  # the last review
        self.hint_button = W.Button(button_style="info")
        self.hint_button.add_class("boardlab-hint")
        self.hint_button.on_click(lambda _: self.hint())
        self.cost_box = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.cost_box.add_class("boardlab-hint-cost")
        self.hint_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%"))
        self.hint_text = W.HTML()
        self.hint_text.add_class("boardlab-hint-text")
        self.panel = W.VBox([W.HBox([self.hint_button, self.cost_box], layout=W.Layout(flex_flow="row wrap")),
                             self.hint_progress, self.hint_text])
        side = _parent_of(app.play_box, app.advisor)
        if side is not None:
            children = list(side.children)
            side.children = children[:children.index(app.advisor)] + [self.panel] + children[children.index(app.advisor):]
        self._build_review()
        app.tabs.children = list(app.tabs.children) + [self.review_box]
        self._wrap_play()
        self.relabel()

    # ------------------------------------------------------------------ hint
    def hint(self):
        """The advisor's best option for the human to move, with one sentence why."""
        session = self.app.session
        state = session.state
        if state.is_over or not session.human_to_move:
            self.hint_text.value = ""
            return None
        table = self._advice(state, self.hint_progress)
        game = state.game.name
        name = lambda a: glossary.action_text(game, a)  # noqa: E731
        text = summary(table, glossary.language(), name)
        why = "" if table.attrs.get("forced") else why_text(state, table)
        rule = RANKING_RULE.get(glossary.language(), RANKING_RULE["en"])
        self.hint_text.value = (f"<div class='boardlab-live'><p>{html.escape(text)}</p><p>{html.escape(why)}</p>"
                                f"<p class='boardlab-note'>{html.escape(rule)}</p></div>")
        return table

    def _advice(self, state, bar):
        key = (state.game, state.seed, tuple(str(a) for a in state.history))  # this position
        if self.last_hint is not None and self.last_hint[0] == key:
            return self.last_hint[1]

        def progress(done, total):
            bar.max, bar.value = max(1, total), min(done, total)

        table = advise(state, seed=0, progress=progress)
        self.last_hint = (key, table)
        return table

    def _wrap_play(self):
        """After a human decision, its cost (when the player opted in)."""
        app = self.app
        original = app.play

        def play(entry):
            session = app.session
            state = session.state if session is not None else None
            watch = (self.cost_box.value and state is not None and not state.is_over and session.human_to_move
                     and len(state.legal_actions()) > 1)
            before = state.copy() if watch else None
            refusal = original(entry)
            if refusal is None and before is not None:
                self.show_cost(before, str(app.session.state.history[len(before.history)]))
            return refusal

        app.play = play

    def show_cost(self, before, taken: str):
        """What the choice ``taken`` at position ``before`` cost in win chance, graded."""
        table = self._advice(before, self.hint_progress).set_index("action")
        game = before.game.name
        best = table.index[0]
        if taken == best:
            self.hint_text.value = html.escape(_text("Your choice {taken} was the advisor's best.",
                                                     taken=glossary.action_text(game, taken)))
            return "best"
        mine, top = table.loc[taken], table.iloc[0]
        loss, loss_se = top.win_rate - mine.win_rate, (top.win_rate_se ** 2 + mine.win_rate_se ** 2) ** 0.5
        g = grade(taken, best, loss, loss_se)
        self.hint_text.value = html.escape(_text(
            "Your choice {taken}: win chance {w}; the best, {best}: {b}. It cost {loss} points of win chance ({grade}).",
            taken=glossary.action_text(game, taken), w=_percent(mine.win_rate, mine.win_rate_se),
            best=glossary.action_text(game, best), b=_percent(top.win_rate, top.win_rate_se),
            loss=f"{100 * loss:.0f}", grade=grade_text(g, glossary.language())))
        return g

    # ------------------------------------------------------------------ review tab
    def _build_review(self):
        W = self.W
        self.review_source = W.ToggleButtons(options=[("game", "game"), ("record", "record")], value="game")
        self.review_source.add_class("boardlab-review-source")
        self.review_button = W.Button(button_style="primary")
        self.review_button.add_class("boardlab-review")
        self.review_button.on_click(lambda _: self.run_review())
        self.review_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%"))
        self.review_summary = W.HTML()
        self.review_summary.add_class("boardlab-review-summary")
        self.review_figure = W.HTML()
        self.review_decision = W.Dropdown(options=[], layout=W.Layout(width="520px"))
        self.review_decision.add_class("boardlab-review-decision")
        self.review_decision.observe(lambda change: self.show_decision(), names="value")
        self.review_note = W.HTML()
        self.review_picture = W.HTML(layout=W.Layout(width="100%"))
        self.review_box = W.VBox([self.review_source, self.review_button, self.review_progress, self.review_summary,
                                  self.review_figure, self.review_decision, self.review_note, self.review_picture])

    def _record(self):
        app = self.app
        if self.review_source.value == "record":
            return None if app.replay is None else app.replay.record
        return None if app.session is None else app.session.state.record

    def run_review(self, budget: int | None = None):
        """Review the game in play or the loaded record (``budget``: None, the game's default)."""
        record = self._record()
        if record is None:
            self.review_summary.value = html.escape(_text("Load a record in the Replay tab first."))
            return None

        def progress(done, total):
            self.review_progress.max, self.review_progress.value = max(1, total), min(done, total)

        self.result = r = review(record, budget=budget, progress=progress)
        if r.decisions.empty:
            self.review_summary.value = html.escape(_text("No decision with more than one option to review yet."))
            self.review_decision.options = []
            return r
        self._show_summary()
        return r

    def _show_summary(self):
        seat_name = self.seat_name
        r = self.result
        game = r.attrs["game"]
        language = glossary.language()
        lines = [html.escape(_text("Reviewed {n} decisions in {s} s, {budget} search iterations each.",
                                   n=len(r.decisions), s=f"{r.attrs['seconds']:.0f}", budget=r.attrs["budget"]))]
        for row in r.accuracy().itertuples():
            lines.append(html.escape(_text("{seat}: accuracy {a} %, {k} mistakes or blunders", seat=seat_name(game, row.seat),
                                           a=f"{row.accuracy:.0f}", k=row.mistake + row.blunder)))
        moments = [f"{k}. {html.escape(seat_name(game, m.seat))}, {m.step}: "
                   f"{html.escape(_text('chance') if m.kind == 'chance' else glossary.action_text(game, m.what.split(' (better: ')[0]))}"
                   f" {100 * m.change:+.0f} %p" for k, m in enumerate(r.key_moments().itertuples(), 1)]
        self.review_summary.value = ("<p>" + "<br>".join(lines) + f"</p><p><b>{html.escape(_text('Key moments'))}</b><br>"
                                     + "<br>".join(moments) + "</p>")
        buffer = io.StringIO()
        r.figure(language, seat_names=[seat_name(game, s) for s in range(r.attrs["players"])]).savefig(buffer, format="svg")
        self.review_figure.value = f"<div class='boardlab-app-picture'>{buffer.getvalue()}</div>"
        options = [(f"{row.step} · {seat_name(game, row.seat)} · {glossary.action_text(game, row.action)} · "
                    f"{grade_text(row.grade, language)}", i) for i, row in enumerate(r.decisions.itertuples())]
        self.review_decision.options = options
        self.review_decision.value = None
        self.review_decision.value = 0 if options else None

    def show_decision(self):
        """The board before the chosen decision, what was played and the better option."""
        from boardlab.core.record import replay

        seat_name = self.seat_name

        if self.result is None or self.review_decision.value is None:
            return
        row = self.result.decisions.iloc[self.review_decision.value]
        data = dict(self.result.attrs["record"], actions=self.result.attrs["record"]["actions"][:row.step - 1])
        state = replay(data)
        game = state.game.name
        fields = dict(step=row.step, seat=seat_name(game, row.seat), taken=glossary.action_text(game, row.action),
                      grade=grade_text(row.grade, glossary.language()))
        if row.grade == "best":
            text = _text("Step {step}, {seat}: played {taken} ({grade}).", **fields)
        else:
            text = _text("Step {step}, {seat}: played {taken} ({grade}); better: {best}. Win chance {w} against {b}.",
                         best=glossary.action_text(game, row.best), w=_percent(row.win, row.win_se),
                         b=_percent(row.best_win, row.best_win_se), **fields)
        self.review_note.value = f"<b>{html.escape(text)}</b>"
        self.review_picture.value = self.picture_html(state)

    # ------------------------------------------------------------------ language
    def relabel(self):
        self.hint_button.description = _text("Hint")
        self.cost_box.description = _text("after I choose, show what my choice cost")
        self.review_button.description = _text("Review the game")
        self.review_source.options = [(_text("the game in play"), "game"), (_text("the record loaded in Replay"), "record")]
        self.review_decision.description = _text("decision")
        titles = list(self.app.tabs.titles)
        self.app.tabs.titles = tuple(titles[:len(self.app.tabs.children) - 1]) + (_text("Review"),)
        if self.result is not None and not self.result.decisions.empty:
            self._show_summary()


#: the chance stream of the copy on which the best option is tried (a hint never sees the real draws)
_WHY_SEED = 0


def why_text(state, table) -> str:
    """One sentence why the best option is best: the part of the position value (the greedy
    player's, ``bots.value_parts``) it raises most, tried on a copy with its own chance stream;
    or else its win chance against the next option."""
    from boardlab.apps import learn
    from boardlab.core.teaching import josa

    game, me = state.game.name, state.to_move
    after = state.copy()
    after.reseed(_WHY_SEED)
    after.apply(table.action[0])
    rise = learn.biggest_rise(game, state, after, me)
    if rise is not None:
        part = learn.part_name(game, rise[0])
        if glossary.language() == "ko":
            part += josa(part, "을", "를")
        return _text("Why: it raises {part} most in the position value ({rise}).", part=part,
                     rise=f"+{round(rise[1], 1):g}")
    if len(table) > 1:
        second = table.iloc[1]
        return _text("Why: its win chance is {w} against {v} for {other}.",
                     w=_percent(table.win_rate[0], table.win_rate_se[0]), v=_percent(second.win_rate, second.win_rate_se),
                     other=glossary.action_text(state.game.name, second.action))
    return ""


def _parent_of(root, widget):
    """The box in ``root``'s widget tree that holds ``widget`` directly (None if none)."""
    children = getattr(root, "children", ())
    if widget in children:
        return root
    for child in children:
        found = _parent_of(child, widget)
        if found is not None:
            return found
    return None
