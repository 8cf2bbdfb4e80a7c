"""The quick answers behind the turn's options agree with the full rules, on positions of seeded games:
each building's bit of ``_open_bits`` is set exactly when its placements are not empty, the shortcuts
of the Castrum and Forum (taken when every placement is rewarded) list what the ranked rules list,
and the dice step's cached actions are the sorted Place actions of the rule functions."""

import random

from boardlab.alea import MISPLAYS, Game, rules
from boardlab.alea import actions as A
from boardlab.alea.components import CASTRUM, LATRINA, SENATUS, TEMPLUM


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
            bits = rules._open_bits(st)
            for b, rule in rules._OPTIONS.items():
                if b == TEMPLUM and not st.templum:  # out of the game at 2-3 players
                    assert not bits & 1
                    continue
                opts = rule(st, p, hand, f)
                assert bool(bits >> b & 1) == bool(opts), (b, st.summary())
                seen["open" if opts else "closed"] += 1
                if opts:  # the dice step's actions, from the caches
                    dice = st.copy()
                    dice.apply(A.choose(b))
                    assert dice.legal_actions() == tuple(sorted(A.place(b, d) for d in opts))
            castrum = rules._castrum(st, p, hand, f)
            assert castrum == rules._castrum_by_rank(st, p, hand, f) == castrum_by_hand(st, p, hand, f)
            assert rules._forum(st, p, hand, f) == rules._forum_inside(st, p, hand, f)
            seen["castrum shortcut"] += not f.castrum_one_group and (f.unrewarded or len(st.cas) < len(st.prov_shown))
            seen["forum shortcut"] += f.unrewarded or len(st.forum) + 1 < st.slots
    assert all(seen.values()), seen  # every case was met


def test_the_turn_lists_one_choice_per_open_building_then_every_reroll_sorted():
    for st in turn_positions(Game(players=3), games=3):
        legal = st.legal_actions()
        assert list(legal) == sorted(legal)
        assert [a.building for a in legal if a.kind == "choose"] == list(rules.open_buildings(st))
        if LATRINA in rules.open_buildings(st):
            dice = st.copy()
            dice.apply(A.choose(LATRINA))
            assert [a.count for a in dice.legal_actions()] == list(range(1, len(st.hand) + 1))
        rerolls = [a.keep for a in legal if a.kind == "reroll"]
        assert rerolls == ([s for s in rules.submultisets(st.hand) if len(s) < len(st.hand)] if st.chips[st.player] else [])


def senatus_by_hand(st, p, hand, f) -> tuple:
    """The Senatus placements worked out from the straights themselves (not the engine's ``st._bars``
    or its caches): every straight the roll makes or extends that ranks among the rewarded."""
    lengths = tuple(len(own) for own in st.sen)
    bar = 0 if f.unrewarded else rules._senatus_thresholds.__wrapped__(lengths, st.rewarded, f.earliest)[p]
    mask = sum(1 << v for v in set(hand))
    return tuple(new for n, new in rules._straights_of_faces(mask, st.sen[p], f.min_straight) if n >= bar)


def castrum_by_hand(st, p, hand, f) -> tuple:
    """The Castrum placements worked out group by group (not the engine's sorted groups): every group
    of equal dice of the roll that would have fewer groups ranked above it than provinces shown."""
    own = {v: c for q, v, c, _ in st.cas if q == p}
    out = []
    for v in sorted(set(hand)):
        if own and f.castrum_one_group and v not in own:
            continue
        for j in range(1, hand.count(v) + 1):
            count = own.get(v, 0) + j
            above = sum(1 for q, w, c, _ in st.cas if (q, w) != (p, v)
                        and (c > count or (c == count and (w > v or (w == v and f.earliest)))))
            if f.unrewarded or above < len(st.prov_shown):
                out.append((v,) * j)
    return tuple(out)


def _rule(building):
    return {SENATUS: senatus_by_hand, CASTRUM: castrum_by_hand}.get(building, rules._OPTIONS[building])


def reference_legal(st) -> tuple:
    """The legal actions straight from the rule functions, sorted: no table, no cache of the engine's
    (the Senatus and the Castrum worked out here, as their engine functions read kept sorted facts)."""
    f, p, hand = st.flags, st.player, st.hand
    if st.step == "turn":
        opened = [b for b in rules._OPTIONS if (b != TEMPLUM or st.templum) and _rule(b)(st, p, hand, f)]
        if not opened or f.latrina_by_choice:
            opened.append(LATRINA)
        legal = [A.choose(b) for b in opened]
        if st.chips[p] > 0:
            keeps = [()] if f.reroll_all else [k for k in rules.submultisets(hand) if len(k) < len(hand)]
            legal += [A.reroll(k) for k in keeps]
    elif st.step == "dice" and st.chosen == LATRINA:
        legal = [A.latrina(n) for n in rules._latrina_counts(len(hand), f.latrina_dice)]
    elif st.step == "dice":
        legal = [A.place(st.chosen, d) for d in _rule(st.chosen)(st, p, hand, f)]
    else:
        shown = {"senate": (st.offer, A.keep_card), "castrum": (st.prov_shown, A.take_province),
                 "forum": (st.pat_shown, A.take_patrician)}
        items, action = shown[st.step]
        legal = [action(t) for t in set(items)]
    return tuple(sorted(legal))


def test_legal_actions_are_the_sorted_answer_of_the_rule_functions_at_every_decision():
    steps = set()
    for game in GAMES + [Game(players=4, latrina_dice="one", misplays=["reroll_all_dice"])]:
        for s in range(3):
            st, rng = game.new_game(100 + s), random.Random(s)
            while not st.is_over:
                assert st.legal_actions() == reference_legal(st), st.summary()
                steps.add(st.step)
                st.apply(rng.choice(st.legal_actions()))
    assert steps == {"turn", "dice", "senate", "castrum", "forum"}
