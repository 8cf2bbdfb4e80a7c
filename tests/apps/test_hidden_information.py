"""Hidden information stays hidden from the human: each game's picture with ``viewer=p`` leaves
out what ``state.view(p)`` hides (Alea's senate cards and fortune tiles, Five Tribes' gold, El
Grande's Castillo), and the app shows the play tab through the human seat's eyes until the game
ends (the replay shows everything)."""

import random
import re

import pytest

from boardlab.alea.render import _private_line
from boardlab.alea.render import state_svg as alea_svg
from boardlab.apps.builder import App, picture_html, public_text
from boardlab.apps.session import HUMAN
from boardlab.core.game import Game
from boardlab.core.policies import resolve_policy
from boardlab.elgrande import components as EC
from boardlab.elgrande.render import board_svg
from boardlab.fivetribes.render import state_svg as fivetribes_svg


def _texts(svg: str) -> list[str]:
    """The words of a picture: its text and title elements' contents."""
    return [t.strip() for t in re.findall(r">([^<>]+)<", svg) if t.strip()]


def _played_until(name, condition, players=3, seed=3, limit=2000):
    """A position of ``name`` reached by random play where ``condition(state)`` holds."""
    game = Game.by_name(name)(players=players)
    state, policy, rng = game.new_game(seed), resolve_policy(game, "random"), random.Random(seed)
    for _ in range(limit):
        if condition(state):
            return state
        state.apply(policy(state, rng))
    raise AssertionError(f"{name}: no position where the condition holds")


def _finished(name, seed=3):
    return _played_until(name, lambda s: s.is_over, seed=seed, limit=10_000)


# -- Alea Iacta Est: senate cards and fortune tiles ------------------------------------------

def _alea_with_cards():
    return _played_until("alea", lambda s: not s.is_over and sum(map(len, s.cards)) >= 2
                         and len({p for p in range(s.nplayers) if s.cards[p]}) >= 2)


def test_alea_picture_hides_the_other_players_senate_cards_and_fortune_tiles_from_a_viewer():
    st = _alea_with_cards()
    viewer, other = [p for p in range(st.nplayers) if st.cards[p]][:2]
    assert st.view(viewer)["players"][other]["senate_cards"] == len(st.cards[other])  # the rule: a count only
    everything, seen = _texts(alea_svg(st)), _texts(alea_svg(st, viewer=viewer))
    for p in range(st.nplayers):
        line = _private_line(st, p)
        assert line in everything
        assert (line in seen) == (p == viewer), f"player {p}'s senate cards as seen by {viewer}"
    cards_count = f"senate cards {len(st.cards[viewer])}"
    assert any(cards_count in t for t in seen), "the counts stay public"


def test_alea_picture_shows_every_senate_card_to_a_viewer_once_the_game_is_over():
    st = _finished("alea")
    seen = _texts(alea_svg(st, viewer=0))
    assert all(_private_line(st, p) in seen for p in range(st.nplayers))


# -- Five Tribes: gold is kept face down ------------------------------------------------------

def _gold_texts(svg):
    return [m.group(1) for m in re.finditer(r"gold (\S+) · viziers", svg)]


def test_fivetribes_picture_hides_the_other_players_gold_from_a_viewer():
    st = _played_until("fivetribes", lambda s: s.round >= 2 and len(set(s.gold)) > 1)
    assert st.view(1)["players"][0]["gold"] is None
    assert _gold_texts(fivetribes_svg(st)) == [str(g) for g in st.gold]
    assert _gold_texts(fivetribes_svg(st, viewer=1)) == ["?", str(st.gold[1]), "?"]


def test_fivetribes_picture_shows_every_players_gold_once_the_game_is_over():
    st = _finished("fivetribes")
    assert _gold_texts(fivetribes_svg(st, viewer=2)) == [str(g) for g in st.gold]


# -- El Grande: the Castillo's contents ------------------------------------------------------

def _castillo_part(svg):
    return svg.split('<g data-part="castillo">', 1)[1].split("</g>", 1)[0]


def test_elgrande_picture_shows_a_viewer_the_castillos_total_but_not_its_colours():
    NC_of = lambda s: s.cfg.NC  # noqa: E731
    st = _played_until("elgrande", lambda s: sum(s.cab[EC.CASTILLO * NC_of(s):(EC.CASTILLO + 1) * NC_of(s)]) >= 3
                       and not s.is_over)
    NC = st.cfg.NC
    counts = [n for n in st.cab[EC.CASTILLO * NC:(EC.CASTILLO + 1) * NC] if n]
    assert st.view(0)["caballeros"]["castillo"] is None
    everything, seen = _castillo_part(board_svg(st)), _castillo_part(board_svg(st, viewer=0))
    # its title and name, the points it scores, then what is inside
    assert _texts(everything)[3:] == [str(n) for n in counts] and "fill=" in everything.split("Castillo", 1)[1]
    assert _texts(seen)[3:] == [f"{sum(counts)} inside (announced)"]


# -- the app: whose eyes the play tab sees with ------------------------------------------------

def test_the_app_draws_the_human_seats_view_and_hides_the_bots_senate_cards_in_picture_and_log(tmp_path):
    app = App("alea", records_dir=tmp_path, seed=5, seats=[HUMAN, "greedy", "greedy"], players=3, pause=False)
    for _ in range(400):
        kept = [d for d in app.session.decisions[-8:] if d.player != 0 and d.action.startswith("keep senate card")]
        bots_with_cards = [p for p in (1, 2) if app.session.state.cards[p]]
        if kept and bots_with_cards and app.session.human_to_move:
            break
        app.play(str(app.session.state.legal_actions()[0]))
    else:
        pytest.fail("no bot kept a senate card")
    st = app.session.state
    assert app.viewer() == 0
    assert app.picture.value == picture_html(st, 0)
    seen = _texts(app.picture.value)
    assert all(_private_line(st, p) not in seen for p in bots_with_cards)
    assert _private_line(st, 0) in seen
    log = app.log.value
    assert all(f"player {d.player} · {d.action}" not in log for d in kept)
    assert f"player {kept[-1].player} · keep a senate card (hidden)" in log
    assert app.sheet.value == "", "no score sheet mid-game"
    app.finish()
    assert app.viewer() is None and _private_line(app.session.state, 1) in _texts(app.picture.value)


def test_the_viewer_is_the_human_asked_now_else_the_last_human_to_move(tmp_path):
    app = App("fivetribes", records_dir=tmp_path, seed=2, seats=[HUMAN, "greedy", HUMAN], players=3, pause=False)
    session = app.session
    assert session.human_to_move and app.viewer() == session.state.to_move
    assert _gold_texts(app.picture.value).count("?") == 2
    while session.human_to_move:  # humans decide (no bot answers yet) until a bot is to think
        last_human = session.state.to_move
        session.play(str(session.state.legal_actions()[0]))
    assert session.state.to_move == 1 and app.viewer() == last_human
    assert App("fivetribes", records_dir=tmp_path, seed=2, seats=["greedy"] * 3, players=3).viewer() is None


def test_the_log_hides_private_decisions_of_other_seats_only():
    assert public_text("elgrande", "set disk to Valencia", 1, 0) == "set the secret disk (hidden)"
    assert public_text("elgrande", "set disk to Valencia", 0, 0) == "set disk to Valencia"
    assert public_text("elgrande", "set disk to Valencia", 1, None) == "set disk to Valencia"
    assert public_text("alea", "keep senate card VII", 2, 0) == "keep a senate card (hidden)"
    assert public_text("alea", "take province Gallia III", 2, 0) == "take province Gallia III"


def test_the_replay_shows_everything(tmp_path):
    app = App("fivetribes", records_dir=tmp_path, seed=4, seats=[HUMAN, "greedy", "greedy"], players=3, pause=False)
    for _ in range(3):
        app.play(str(app.session.state.legal_actions()[0]))
    app.save()
    app.load_selected()
    app.step_to(app.replay.steps)
    assert "?" not in _gold_texts(app.replay_picture.value)
