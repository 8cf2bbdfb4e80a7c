"""The quick answers behind the turn's options agree with the full rules, on positions of seeded games:
each building's ``_can_*`` is true exactly when its placements are not empty, and the shortcuts of
the Castrum and Forum (taken when every placement is rewarded) list what the ranked rules list."""

import random

from boardlab.alea import MISPLAYS, Game, rules
from boardlab.alea.components import CASTRUM, FORUM, SENATUS, TEMPLUM

CAN = {TEMPLUM: rules._can_templum, SENATUS: rules._can_senatus, CASTRUM: rules._can_castrum,
       FORUM: rules._can_forum}


def turn_positions(game, games=6, seed=7):
    for s in range(seed, seed + games):
        st, rng = game.new_game(s), random.Random(s)
        while not st.is_over:
            if st.step == "turn":
                yield st
            st.apply(rng.choice(st.legal_actions()))


GAMES = [Game(players=2), Game(players=4), Game(players=5, tie_rule="earliest", senatus_min_straight=2),
         Game(players=3, misplays=list(MISPLAYS))]


def test_quick_answers_agree_with_the_full_rules():
    seen = {"castrum shortcut": 0, "forum shortcut": 0, "closed": 0, "open": 0}
    for game in GAMES:
        for st in turn_positions(game):
            p, hand, f = st.player, st.hand, st.flags
            for b, can in CAN.items():
                if b == TEMPLUM and not st.templum:  # out of the game at 2-3 players
                    assert not can(st, p, hand, f)
                    continue
                opts = rules._OPTIONS[b](st, p, hand, f)
                assert can(st, p, hand, f) == bool(opts), (b, st.summary())
                seen["open" if opts else "closed"] += 1
            assert rules._castrum(st, p, hand, f) == rules._castrum_by_rank(st, p, hand, f)
            assert rules._forum(st, p, hand, f) == rules._forum_inside(st, p, hand, f)
            seen["castrum shortcut"] += not f.castrum_one_group and (f.unrewarded or len(st.cas) < len(st.prov_shown))
            seen["forum shortcut"] += f.unrewarded or len(st.forum) + 1 < st.slots
    assert all(seen.values()), seen  # every case was met


def test_the_turn_lists_one_choice_per_open_building_then_every_reroll_sorted():
    for st in turn_positions(Game(players=3), games=3):
        legal = st.legal_actions()
        assert list(legal) == sorted(legal)
        assert [a.building for a in legal if a.kind == "choose"] == list(rules.open_buildings(st))
        rerolls = [a.keep for a in legal if a.kind == "reroll"]
        assert rerolls == ([s for s in rules.submultisets(st.hand) if len(s) < len(st.hand)] if st.chips[st.player] else [])
