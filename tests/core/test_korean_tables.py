"""Every lesson table in Korean: each lesson's table functions, called as the notebooks call them
(on small runs), shown through the lessons' table style in Korean (``glossary.use_language("ko")``)
keep no English header, index or value: ``core.tables`` translates them through the game's
glossary and its Korean action notation; numbers, percentages and fractions stay as they are."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from boardlab.core import glossary, tables

#: Latin words a Korean table may keep: names written this way in Korean too (boardlab, MCTS,
#: the Latin names of Alea's buildings and provinces), tiles (C3), room letters, roman numerals,
#: statistics (SE, CI) and player labels (P1).
KEPT = re.compile(r"^(boardlab|MCTS|SE|CI|VP|JSON|P\d*|[A-F]\d?|[IVX]+|Templum|Senatus|Castrum|Forum|Romanum|"
                  r"Latrina|Hispania|Germania|Aegyptus|Britannia|Macedonia|Gallia|[a-z])$")


def english_words(text) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", str(text)) if not KEPT.match(w)}


def _texts(table: pd.DataFrame):
    yield from map(str, table.columns)
    yield from (str(n) for n in table.index.names)
    for value in table.index.to_flat_index():
        yield from (map(str, value) if isinstance(value, tuple) else [str(value)])
    for col in table.columns:
        yield from map(str, table[col])


def _whitecastle():
    from boardlab.whitecastle.lessons import climbing_the_court as court, common, dice_cost_vs_lantern as dice
    from boardlab.whitecastle.lessons import drafting_the_bridges as draft, outcome_distributions as outcomes
    from boardlab.whitecastle.lessons import records as recorder, round_end_and_gardens as gardens
    from boardlab.whitecastle.lessons import the_solo_rival as rival, what_would_a_strong_player_do as strong

    R = common.readable
    engine = dice.engine_seed_example(players=3, coins=5)
    check = dice.monte_carlo_check(space=3, lantern_worth=2, rolls=200, seed=1)
    twins = pd.concat([draft.monte_carlo_after_pick(p, end, rolls=100, seed=1).assign(taken=end)
                       for p in (2, 3) for end in ("left", "right")])
    records = recorder.record_many(seed=1, tables={"random": ("random", "random"),
                                                   "greedy vs random": ("greedy", "random")},
                                   games={"random": 4, "greedy vs random": 2})
    gates = pd.DataFrame([gardens.move_marker(5, 2, seals=0), gardens.move_marker(5, 2, seals=1, pay=False)])
    exact = rival.first_die_exact()
    first_die = pd.DataFrame({"pips": list(exact["pips"]), "probability": [str(p) for p in exact["pips"].values()]})
    runs = rival.play_games(3, 1, "random")
    state = strong.teaching_state()
    picks = dice.pick_table({"coral": (1, 3, 5), "black": (2, 2, 6), "white": (1, 4, 4)}, 3, lantern=["pearl", "coin"],
                            coins=1)
    warriors = court.warrior_table((2, 0, 0), (1, 1, 0, 0))
    track = gardens.time_track_table().set_index("space").T.rename_axis("on the Passage of Time track")
    views = outcomes.outcome_tables(records)
    return {
        # the pick explorer's table (a pick you cannot pay for included), its first column as the index
        "01 picks": dice.display_table(picks).set_index(glossary.term("whitecastle", "pick")),
        "03 warriors": R(warriors.table, index="yard"),
        "03 one more": R(warriors.options, index="one more"),
        "04 time track": tables.in_language(track, "whitecastle"),  # built in notebook 04's cell
        **{f"05 view {view}": R(outcomes.outcome_view(records, views, 2, view)["table"]) for view in views},
        "01 engine": R(engine[["pick", "coins_before", "coins_after", "coin_change", "pearl_change"]], index="pick"),
        "01 check": R(check[["players", "quantity", "exact", "simulated", "se", "z", "n"]], digits=4,
                      index=["players", "quantity"]),
        "02 twins": R(twins[["players", "taken", "quantity", "exact", "simulated", "se", "z", "n"]], digits=4,
                      index=["players", "taken", "quantity"], rename={"taken": "die taken"}),
        "03 routes": R(court.route_table()),
        "03 climb": R(court.climb_route((0, 1, 2, 3), resource_card=9).drop(columns=["lantern cards"])),
        "03 icons": R(court.lantern_icon_table()),
        "03 court": R(court.court_table(records, players=2)),
        "04 exact": R(gardens.bridge_exact_table()),
        "04 bridges": R(gardens.bridge_table(records), index=["players", "table"]),
        "04 gardens": R(gardens.garden_action_table(records), index=["players", "table"]),
        "04 gates": R(gates),
        "05 summary": R(outcomes.score_summary(records), digits=2, index=["players", "table", "policy"]),
        "05 categories": R(outcomes.category_table(records)),
        "05 wins": R(outcomes.win_rate_table({k: v for k, v in records.items() if k[1] == "random"}, "seat")),
        "05 seats": outcomes.seat_run_view(outcomes.seat_run(live_games=0)),
        "06 first die": R(first_die, index="pips"),
        "06 summary": R(rival.score_summary(runs["games"]), digits=2, index="difficulty"),
        "07 advice": strong.advice_table(strong.advice(state, 20, seed=1)),
        "07 ladder": strong.ladder_table(strong.ladder(2, 2, seed=1, horizon=4)),
    }


def _alea():
    from boardlab.alea.lessons import common, misplayed_rules as misplays, outcome_distributions as outcomes
    from boardlab.alea.lessons import reroll_or_place as reroll, templum_and_senatus as templum
    from boardlab.alea.lessons import what_would_a_strong_player_do as strong
    from boardlab.alea.lessons import where_can_my_roll_go as where

    A = common.article
    greedy, _ = misplays.measure(games=2, seed=1, policy="greedy")
    columns = ["misplay", "rule point", "players", "how", "games changed", "winner changed", "winner changed se",
               "unrelated games", "change", "change se", "winner change", "winner change se", "turns per set change",
               "turns se"]
    run = outcomes.run(greedy_games=2, random_games=2, seed=1)
    return {
        "01 options": A(where.where_can_it_go((1, 1, 2, 3, 3, 5, 6, 6), players=4)),
        "01 patterns": A(where.pattern_table(), percent=True),
        "01 simulated": A(where.simulated_straights(dice=8, rolls=50, seed=1), percent=["exact", "simulated", "se"]),
        "02 keep": A(reroll.keep_table((1, 2, 3, 6, 6), "straight", 4), percent=["probability"]),
        "02 strategies": A(reroll.strategy_table(), percent=True),
        "02 chips": A(reroll.chip_income(games=2, seed=1), percent=["share"]),
        "03 templum": A(templum.templum_table()),
        "03 ranks": A(templum.simulated_rank_rewards(players=4, games=2, seed=1)),
        "04 misplays": A(pd.DataFrame([{"misplay": m, "rule point": p, "plays": t}
                                       for m, (p, t) in misplays.MISPLAYS.items()])),
        "04 measured": A(greedy[columns], se_of=misplays.SE_OF, percent=["games changed", "winner changed", "unrelated games"]),
        "05 means": A(outcomes.category_means(run)),
        "05 winners": A(outcomes.winners(run)),
        "05 lengths": A(outcomes.lengths(run)),
        "05 seats": outcomes.seat_run_view(outcomes.seat_run(live_games=0)),
        "06 advice": strong.advice_table(strong.advice(strong.later_roll(seed=1, roll=5), 20, seed=1)),
        "06 ladder": strong.ladder_table(strong.ladder(2, 2, seed=1, horizon=4)),
    }


def _elgrande():
    from boardlab.elgrande.lessons import editions_side_by_side as editions, majorities_and_ties as ties
    from boardlab.elgrande.lessons import power_cards as power, the_castillo as castillo
    from boardlab.elgrande.lessons import the_king_and_placement as king
    from boardlab.elgrande.lessons import what_would_a_strong_player_do as strong

    state = castillo.teaching_position((3, 2, 1, 0))
    return {
        "01 power": power.power_view(power.power_table()),
        "01 first": power.first_chance_view(power.first_chance_table()),
        "01 simulated": power.simulated_first_view(power.simulated_first_table(4, 4, 1)),
        "02 neighbours": king.neighbour_view(king.neighbour_table()),
        "02 king": king.king_frequency_view(king.king_frequency_table(king.king_at_scoring(2, 1))),
        "03 destinations": castillo.destination_view(castillo.destination_table(state, 0)),
        "04 examples": ties.tie_examples_view(ties.tie_examples()),
        "04 need": ties.need_view(ties.need_table()),
        "04 rounds": ties.tie_by_round_view(ties.tie_by_round(ties.tie_shares(2, 1))),
        "05 rules": editions.rules_view(editions.rules_table()),
        "05 patterns": editions.patterns_view(editions.exact_patterns()),
        "05 compare": editions.compare_view(editions.compare(2, 1, configs=editions.CONFIGS[:5])),
        "05 seats": editions.seat_run_view(editions.seat_run(live_games=0)),
        "06 advice": strong.advice_table(strong.advice(strong.positions()[next(iter(strong.positions()))](), 20,
                                                       seed=1)),
        "06 ladder": strong.ladder_table(strong.ladder(2, 2, seed=1, horizon=4)),
    }


def _fivetribes():
    from boardlab.fivetribes import odds
    from boardlab.fivetribes.components import CARD_NAMES
    from boardlab.fivetribes.lessons import goods_and_sets as goods, moving_the_meeples as moving
    from boardlab.fivetribes.lessons import outcome_distributions as outcomes, the_auction_track as auction
    from boardlab.fivetribes.lessons import the_five_tribes as tribes, what_would_a_strong_player_do as strong

    A = auction.article
    runs = {p: auction.record_turns(auction.Game(players=p), [auction.BidStylePolicy("random")] * p, 2, 1,
                                    moves=False) for p in (2, 3)}
    turns = pd.concat([r.turns for r in runs.values()], ignore_index=True)
    value = auction.turn_value_table(turns)
    state = moving.board(1)
    move_runs = {policy: moving.record_turns(moving.Game(players=3), [policy] * 3, 1, 1) for policy in ("random", "greedy")}
    counts = tribes.blue_counts_on_boards(5, 1)
    settings = {"all random": ["random"] * 2, "greedy vs random": ["greedy", "random"],
                "front bidder vs greedy": [outcomes.BidStylePolicy("front"), "greedy"]}
    out_runs = {(label, 2): outcomes.record_turns(outcomes.Game(players=2), policies, 2, 1, rotate=label != "all random",
                                                  moves=False) for label, policies in settings.items()}
    table = outcomes.with_setting(out_runs)
    hand = {"Fish": 2, "Silk": 1, "Wheat": 1}
    marginal, dist = odds.marginal_values(hand), odds.distinct_distribution(hand, 4)
    return {
        "01 track": A(auction.bid_track_table(), index="spot"),
        "01 auction": A(auction.auction(3, [0, 0, 0]).table, index="bid"),
        "01 first price": auction.first_price_table(auction.first_price_grid(3)),
        "01 value": A(value, index=["players", "position"], rename={"position": "turn position"}),
        "01 premium": A(auction.first_mover_premium(value), index="players"),
        "01 spots": A(auction.spot_value_table(turns), index=["players", "spot_cost"],
                      rename={"position": "mean turn position"}),
        "02 ends": A(moving.reachable_ends(state, "C3"), index=["end", "colour"], rename={"end": "end tile"}),
        "02 rounds": A(moving.moves_by_round(pd.concat([r.turns for r in move_runs.values()], ignore_index=True)),
                       index=["policy", "round"], rename={"starts": "tiles that can start a move"}),
        "03 blue": A(tribes.blue_distribution_table(counts, "C3"), index="blue tiles",
                     columns=["exact", "simulated", "se", "agrees"], formats={"exact": "fraction", "se": 4},
                     rename={"se": "standard error", "agrees": "agrees (4 SE)"}),
        "03 reach": A(tribes.reach_table(), index="reach", formats={"mean tiles": 2}),
        "03 merchants": A(tribes.merchant_table(), index="merchants",
                          columns=["expected set value", "expected fakirs", "P(at least 1 fakir)"],
                          formats={"expected set value": "fraction", "expected fakirs": "fraction"}),
        "03 payoff": A(tribes.tribe_payoff_table(move_runs["greedy"].turns), index="tribe",
                       rename={"collected": "meeples collected (mean)"}),
        "04 deck": A(pd.DataFrame({"card": CARD_NAMES, "copies in the box": odds.BOX,
                                   "kind": ["merchandise"] * odds.NGOODS + ["fakir (never a good)"]}), index="card"),
        "04 sets": A(odds.set_value_table(), index="size",
                     rename={"size": "different goods in the set", "value": "value (gold or VP)",
                             "step": "added by the last good", "per_card": "value per card"}),
        "04 marginal": A(pd.DataFrame({"good": list(marginal), "adds (gold / VP)": list(marginal.values())}),
                         index="good"),
        "04 distinct": A(pd.DataFrame({"different goods after 4 cards": list(dist), "probability": list(dist.values())}),
                         index="different goods after 4 cards", formats={"probability": "percent"}),
        "04 sell": A(goods.sell_options_table(hand, 4), index="sell now"),
        "05 effect": A(outcomes.bidding_effect(table[table["setting"] == "greedy vs random"], "greedy"),
                       index="players", columns=["games", "wins", "rate", "lo", "hi", "margin", "margin_se"]),
        "05 means": A(outcomes.category_means(table), index=["players", "setting"],
                      columns=["n", *outcomes.CATEGORIES, "total"], digits=1),
        "05 length": A(outcomes.length_table(table), index=["setting", "players"], digits=1),
        "05 seat wins": A(outcomes.seat_win_rates(table), index=["players", "setting", "seat"]),
        "05 seats": outcomes.seat_run_view(outcomes.seat_run(live_games=0)),
        "06 advice": strong.advice_table(strong.advice(strong.positions()[next(iter(strong.positions()))](), 20,
                                                       seed=1)),
        "06 ladder": strong.ladder_table(strong.ladder(2, 2, seed=1, horizon=4)),
    }


BUILDERS = {"whitecastle": _whitecastle, "alea": _alea, "elgrande": _elgrande, "fivetribes": _fivetribes}


@pytest.fixture(scope="module", params=sorted(BUILDERS))
def korean_tables(request):
    glossary.use_language("ko")
    glossary.clear_missing()
    try:
        yield request.param, BUILDERS[request.param]()
    finally:
        glossary.use_language("en")


def test_every_lesson_table_is_korean(korean_tables):
    game, built = korean_tables
    left = sorted({(name, text) for name, table in built.items() for text in _texts(table) if english_words(text)})
    assert not left, f"{len(left)} English texts left in {game}'s Korean tables: {left[:80]}"
