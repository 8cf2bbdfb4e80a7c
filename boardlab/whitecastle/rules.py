"""The forward model of The White Castle: which decision is asked now, its legal options, and
what each option does. ``WhiteCastleState`` (state.py) holds the data; this mixin holds the rules.

How a turn runs: every effect to resolve is a *task* on a stack (``self.queue``; the last item
runs first). The task loop (``_apply`` after each choice, ``_run`` at setup) pops tasks: automatic
ones (gains, lantern rewards, the Well) resolve at once; a task that needs a choice becomes
``self.decision`` and waits for ``apply``. When the stack is empty the turn (or draft pick, or
round-end garden activation) is over.
"""

from __future__ import annotations

from boardlab.core.tuples import replaced
from boardlab.whitecastle import components as C
from boardlab.whitecastle.actions import OUTSIDE, ROOMS, ROWS, WELL, Action, effect_key, room_floor
from boardlab.whitecastle.dice import COLOURS, coin_change, roll_bridge

DECLINE = Action("decline")
FINISH = Action("finish")
GATE = Action("gate")

BOARD = C.board()
CAP = {"food": BOARD["resource_cap"], "iron": BOARD["resource_cap"], "pearl": BOARD["resource_cap"],
       "seal": BOARD["seal_cap"], "coin": None, "cp": None}
GATES = C.time_gates()
TIME_LAST = BOARD["time_track_last"]
CLIMB_COST = {1: BOARD["climb_one_floor_pearls"], 2: BOARD["climb_two_floors_pearls"]}
SPACE_VALUE = {**{r: BOARD[f"space_value_floor{room_floor(i)}"] for i, r in enumerate(ROOMS)},
               "OUTL": BOARD["space_value_outside"], "OUTR": BOARD["space_value_outside"],
               WELL: BOARD["space_value_well"], **{r: BOARD["space_value_domain"] for r in ROWS}}
OUTSIDE_CHOICES = {"OUTL": ("gardener", "courtier"), "OUTR": ("warrior", "courtier")}
DICE_PER_PLAYER_ROUND = BOARD["dice_per_player_round"]
ROUNDS = BOARD["rounds"]
# Decisions during which a player may trade seals ("at any time in your turn"): those where a
# payment can be short (choosing a worker action included). Not offered while choosing a gained
# resource, at a time gate, or outside the player's own turn.
EXCHANGE_DECISIONS = frozenset({"take", "place", "paid", "courtier", "gardener", "warrior", "outside"})
EXCHANGE_RATE = {"coin": BOARD["seal_for_coin"], **{r: BOARD["seals_for_resource"] for r in C.RESOURCES}}
_NOT_A_GAIN = object()  # CAP's answer for a task that is not a gain
ALL_SPACES = ROOMS + OUTSIDE + (WELL,) + ROWS
_OPTIONS_KINDS = ("pair", "take", "place", "any", "paid", "courtier", "gardener", "warrior", "tile", "light",
                  "domain", "outside", "room", "newblock", "slot", "timegate")  # the keys of _OPTIONS
#: space -> (kind, index in ROOMS or ROWS): what the placement test needs to know of a space
SPACE_KINDS = {**{s: ("room", i) for i, s in enumerate(ROOMS)}, **{s: ("outside", -1) for s in OUTSIDE},
               WELL: ("well", -1), **{s: ("row", i) for i, s in enumerate(ROWS)}}
# Pre-built actions of the frequent decisions (actions are immutable: safe to share).
_PLACES = {s: Action("place", s) for s in ALL_SPACES}
_ROW_PLACES = tuple(_PLACES[r] for r in ROWS)  # by colour: each domain row takes its colour's dice
_ROW_VALUES = tuple(SPACE_VALUE[r] for r in ROWS)
_TAKES = tuple(tuple(Action("take", colour, pips, end) for pips in range(7) for end in (0, 1))  # [2 * pips + end]
               for colour in COLOURS)
COLOUR_INDEX = {colour: c for c, colour in enumerate(COLOURS)}
CAPACITY = {players: BOARD["capacity_2p"] if players <= 2 else BOARD["capacity_34p"] for players in (1, 2, 3, 4)}
_CHOOSES = tuple((r, CAP[r], Action("choose", r)) for r in C.RESOURCES)
GATE_COST = BOARD["gate_cost_coins"]
_CLIMBS = tuple(tuple((CLIMB_COST[f], Action("climb", "", level, f)) for f in (1, 2) if level + f <= 3)
                for level in range(3))
_PAIRS = {(res, design): Action("pair", design, res) for design in C.START_DESIGNS for res in C.starting_resources()}
_GARDEN_ACTIONS = tuple(Action("garden", "", g) for g in range(6))
_YARDS = tuple((iron, Action("yard", "", y)) for y, (iron, _, _) in enumerate(C.yards()))
_WORKER_ACTIONS = {w: Action("worker", w) for w in C.WORKERS}
_ROW_ACTIONS = tuple(Action("row", "", r) for r in range(3))
_ROOM_ACTIONS = {floor: tuple(Action("room", "", r) for r in range(5) if room_floor(r) == floor) for floor in (1, 2)}
_CASTLEBLOCKS = tuple(tuple(Action("castleblock", "", r, b) for b in range(3 if room_floor(r) == 1 else 2))
                      for r in range(5))
_NEWBLOCKS = tuple(Action("newblock", "", b) for b in range(3))
_SLOTS = tuple(Action("slot", "", s) for s in range(3))
_EXCHANGES = tuple((t, rate, CAP[t], Action("exchange", t)) for t, rate in EXCHANGE_RATE.items())
_CHEAPEST_EXCHANGE = min(EXCHANGE_RATE.values())
_DEAREST_EXCHANGE = max(EXCHANGE_RATE.values())
#: seals held (up to the dearest rate) -> the exchanges they pay for, as (target, cap, action)
_EXCHANGES_FOR = tuple(tuple((t, cap, action) for t, rate, cap, action in _EXCHANGES if rate <= seals)
                       for seals in range(_DEAREST_EXCHANGE + 1))
# The same without checking caps where none can be reached (the exchange options are listed
# at every take and placement while the actor holds seals): fewer seals than the dearest rate
# buy only uncapped targets (the coin), and with more, every exchange is offered while no
# resource (food, iron, mother-of-pearl: one cap) is at its cap.
_CHEAP_EXCHANGES = tuple(tuple(action for _, _, action in _EXCHANGES_FOR[seals]) for seals in range(_DEAREST_EXCHANGE))
_EVERY_EXCHANGE = tuple(action for _, _, action in _EXCHANGES_FOR[_DEAREST_EXCHANGE])
_RESOURCE_CAP = BOARD["resource_cap"]
assert all(cap is None for seals in range(_DEAREST_EXCHANGE) for _, cap, _ in _EXCHANGES_FOR[seals])
assert {(t, cap) for t, cap, _ in _EXCHANGES_FOR[_DEAREST_EXCHANGE] if cap is not None} == {
    (r, _RESOURCE_CAP) for r in ("food", "iron", "pearl")} and C.RESOURCES == ("food", "iron", "pearl")
# Decisions whose option generators list their options already in sorted order (the test
# test_options_of_every_decision_are_sorted checks it); only the starting pair is sorted.
_PRESORTED = frozenset(_KIND for _KIND in _OPTIONS_KINDS if _KIND != "pair")
# Those whose options all sort after every exchange option ("exchange" < "place" < "take"; the
# exchanges come in sorted order): the exchanges go first. Other decisions sort with exchanges.
_AFTER_EXCHANGES = frozenset({"take", "place"})
# The take options' order: bridges by colour name, the left end (lower pips) before the right.
_COLOURS_SORTED = _I, _J, _K = tuple(sorted(range(len(COLOURS)), key=COLOURS.__getitem__))
#: lone_die_is_left -> per colour {bridge: bridge_ends(colour, bridge, ...)}: the take options
#: by plain look-ups (a bridge is a sorted run of at most five dice: few hundred keys per colour)
_ENDS = {lone: tuple({} for _ in COLOURS) for lone in (True, False)}


def bridge_ends(colour: int, bridge: tuple, lone_die_is_left: bool) -> tuple:
    """The take actions of one bridge: its left end (lowest die), then its right end; a lone
    last die is one action, at the end the game's option decides."""
    takes = _TAKES[colour]
    if not bridge:
        return ()
    if len(bridge) == 1:
        return (takes[2 * bridge[0] + (0 if lone_die_is_left else 1)],)
    return takes[2 * bridge[0]], takes[2 * bridge[-1] + 1]


def colour_spaces(room_tiles: tuple) -> tuple:
    """The castle colour and domain row rules as a table: per die colour, the main-board spaces a
    die of that colour may go to (rooms with a die tile of its colour, then outside the walls) as
    (space, printed value, place action), in the options' order; then come its own domain row
    (ROW0-2) and the Well (WELL), last in that order. (Worked out once a game and kept in the
    state, not cached: nearly every game lays its tiles anew.)"""
    table = []
    for colour, name in enumerate(COLOURS):
        spaces = [s for s in ALL_SPACES if SPACE_KINDS[s][0] == "outside"
                  or (SPACE_KINDS[s][0] == "room" and name in room_tiles[SPACE_KINDS[s][1]])]
        table.append(tuple((s, SPACE_VALUE[s], _PLACES[s]) for s in sorted(spaces)))
    assert all(s < ROWS[0] < WELL for t in table for s, _, _ in t), "the options' order assumed above"
    return tuple(table)


class Rules:
    def _player(self, seat: int):
        """Player ``seat``, to be changed: copied first if a copy of this state shares it."""
        p = self.players[seat]
        if p.writer is not self._writer:
            p = self.players[seat] = p.copy(self._writer)
        return p

    # ------------------------------------------------------------------ the task loop
    def _run(self) -> None:
        """Resolve tasks until one needs a decision, then cache its options."""
        self._apply(None)

    def _apply(self, action: Action | None) -> None:
        """Apply ``action``, a legal option of the decision asked (None: none is asked, as at
        setup), then run the task loop: resolve tasks until one needs a decision, then cache its
        options. (One function: this is every decision's path.)"""
        if action is not None:
            task = self.decision
            self.decision = None
            _APPLY[action[0]](self, action, task)  # (action[0] is its kind)
        queue = self.queue
        while True:
            goods = None  # the actor's goods, once made writable (the actor changes only in _next_step)
            while queue:
                task = queue.pop()
                kind = task[0]
                ask = _OPTIONS.get(kind)
                if ask is None:
                    cap = CAP.get(kind, _NOT_A_GAIN)
                    if cap is _NOT_A_GAIN:
                        _AUTO[kind](self, task)
                        continue
                    # a gain, the most frequent automatic task
                    if goods is None:
                        p = self.players[self.actor]
                        goods = (p if p.writer is self._writer else self._player(self.actor)).goods
                    held = goods[kind] + task[1]
                    goods[kind] = held if cap is None or held <= cap else cap
                    continue
                options = ask(self, task)  # the decision's options, then sorted as legal_actions lists them
                if (kind in EXCHANGE_DECISIONS and self.phase == "turn"
                        and self.players[self.actor].goods["seal"] >= _CHEAPEST_EXCHANGE):  # (usually too few seals)
                    options = self._with_exchanges(kind, options)
                elif kind not in _PRESORTED:
                    options = sorted(options)
                if not options or ((options[0] is DECLINE or options[0] is FINISH) and len(options) == 1):
                    continue  # nothing (more) can be done, e.g. every resource at its cap: nothing to ask
                self.decision = task
                self._legal = tuple(options)
                return
            self.decision = None
            if not self._next_step():
                self._legal = ()
                return

    def _next_step(self) -> bool:
        """The task stack is empty: move the game on. False once the game is over."""
        if self.phase == "turn":
            n = len(self.players)  # every seat, the solo rival's too, takes its turns
            self.turn += 1
            if self.turn < DICE_PER_PLAYER_ROUND * n:
                self.actor = self.order[self.turn % n]
                self.queue.append(("rival",) if self.actor == self.game.rival_seat else ("take",))
            else:
                self._end_round()
            return self.phase != "over"
        n = self.game.players
        if self.phase == "draft":
            self.drafted += 1
            if self.drafted < n:
                self.actor = self.order[n - 1 - self.drafted]
                self.queue.append(("pair",))
            else:
                self._start_round(roll=False)  # round 1's dice were laid during setup
            return True
        # phase "roundend": the next gardener activation, or the next round
        if self.activations:
            player, slot = self.activations[0]
            self.activations = self.activations[1:]
            self.actor = player
            self.queue.append(("garden_action", slot))
        else:
            self.round += 1
            self._start_round()
        return True

    def _roll_bridges(self) -> None:
        """Roll the dice and lay each colour low to high on its bridge (setup, and each new round)."""
        rng = self.chance.next_rng()
        n_dice = self.game.seats + 1
        self.bridges = tuple(tuple(roll_bridge(rng, n_dice)) for _ in COLOURS)

    def _start_round(self, roll: bool = True) -> None:
        """Clear the placed dice and start a round: rounds 2 and 3 roll the dice first; round 1's
        were rolled and laid during setup, before the starting draft."""
        if roll:
            self._roll_bridges()
        self.space_dice = {s: () for s in ROOMS + OUTSIDE + (WELL,)}
        for seat in range(len(self.players)):
            self._player(seat).rows_used = [False, False, False]
        if roll and self.game.rival_seat is not None:
            from boardlab.whitecastle import solo

            solo.new_round(self)
        self.phase = "turn"
        self.turn = 0
        self.actor = self.order[0]
        self.queue.append(("rival",) if self.actor == self.game.rival_seat else ("take",))

    def _end_round(self) -> None:
        """Seed: new turn order from the Passage of Time; rounds 1-2 gardens under a bridge that
        still holds a die act once, clan by clan in that order; round 3 goes to scoring."""
        self.order = tuple(self.turn_order_from_time())
        if self.game.rival_seat is not None:
            from boardlab.whitecastle import solo

            solo.round_end(self)  # the rival trades coins and scores its gardeners
        if self.round >= ROUNDS:
            self.phase = "over"
            self.is_over = True
            self.actor = None
            return
        self.phase = "roundend"
        self.activations = tuple((p, slot) for p in self.order for slot in range(6)
                                 if p in self.gardeners[slot] and self.bridges[slot // 2] and p != self.game.rival_seat)

    def turn_order_from_time(self) -> list[int]:
        """Furthest along the Passage of Time first; on a tie the marker on top (arrived last)."""
        return sorted(range(self.game.seats),
                      key=lambda i: (-self.players[i].time, -self.players[i].time_stamp))

    def gardens(self) -> dict:
        """The garden cards of this game's printing."""
        return C.gardens(self.game.printing)

    # ------------------------------------------------------------------ options of a decision
    def _with_exchanges(self, kind: str, opts) -> list[Action]:
        """A decision's options with the seal exchanges the actor can make now (the seals pay
        for it, the target is below its cap), sorted. Asked only when the actor holds seals."""
        g = self.players[self.actor].goods
        seals = g["seal"]
        if seals < _DEAREST_EXCHANGE:
            exchanges = _CHEAP_EXCHANGES[seals]
        elif g["food"] < _RESOURCE_CAP and g["iron"] < _RESOURCE_CAP and g["pearl"] < _RESOURCE_CAP:
            exchanges = _EVERY_EXCHANGE  # the usual case
        else:  # a target at its cap is not offered
            exchanges = [action for t, cap, action in _EXCHANGES_FOR[_DEAREST_EXCHANGE] if cap is None or g[t] < cap]
        if not exchanges:
            return opts if kind in _PRESORTED else sorted(opts)
        if kind in _AFTER_EXCHANGES:
            return [*exchanges, *opts]
        return sorted([*opts, *exchanges])

    def _opt_pair(self, task):
        return [_PAIRS[pair] for pair in self.offer]

    def _opt_take(self, task):
        b, lone_left = self.bridges, self.game.lone_die_is_left
        ends = _ENDS[lone_left]
        try:
            return [*ends[_I][b[_I]], *ends[_J][b[_J]], *ends[_K][b[_K]]]
        except KeyError:  # a bridge met for the first time (a few hundred can be)
            for c in _COLOURS_SORTED:
                ends[c][b[c]] = bridge_ends(c, b[c], lone_left)
            return [*ends[_I][b[_I]], *ends[_J][b[_J]], *ends[_K][b[_K]]]

    def _placeable_spaces(self) -> list[str]:
        return [a.x for a in self._place_options()]

    def _colour_admits(self, space: str, colour: int) -> bool:
        """The castle colour and domain row rules: may a die of ``colour`` go to ``space``?"""
        kind, index = SPACE_KINDS[space]
        if kind == "row":
            return index == colour
        return kind == "well" or any(space == s for s, _, _ in self._colour_spaces[colour])

    def _place_options(self, task=None) -> list[Action]:
        """The spaces the held die may go to, as their place actions: ``_placement_problem``'s
        rules, checked only on the spaces of the die's colour (tests check both agree)."""
        colour, pips, _ = self.held
        p = self.players[self.actor]
        afford = pips + p.goods["coin"]  # a space whose value is above this costs more coins than held
        rows_used = p.rows_used
        space_dice = self.space_dice
        capacity = CAPACITY[self.game.players]
        opts = []
        for space, value, action in self._colour_spaces[colour]:
            stack = space_dice[space]
            if stack:
                if len(stack) >= capacity:
                    continue
                value = stack[-1]
            if value <= afford:
                opts.append(action)
        if not rows_used[colour] and _ROW_VALUES[colour] <= afford:
            opts.append(_ROW_PLACES[colour])
        if SPACE_VALUE[WELL] <= afford:  # (always: a die shows at least the Well's value, 1)
            opts.append(_PLACES[WELL])
        return opts

    def _placement_problem(self, space: str, colour: int, pips: int):
        """None if the held die may go to ``space``; else (rule, detail, fields). The explanation of a
        refused placement; ``_place_options`` applies the same rules to list the legal ones."""
        p = self.players[self.actor]
        kind, index = SPACE_KINDS[space]
        if kind == "row":
            if not self._colour_admits(space, colour):
                return ("domain row colour", "the {colour} domain row takes only {colour} dice",
                        dict(colour=COLOURS[index]))
            if p.rows_used[index]:
                return ("one die per domain row", "a domain row takes one die per round and is never stacked", {})
            reference = SPACE_VALUE[space]
        elif kind == "well":
            reference = SPACE_VALUE[WELL]  # the Well takes any number of dice and always compares with 1
        else:
            if not self._colour_admits(space, colour):
                return ("castle colour rule", "no die tile in {space} shows {colour}",
                        dict(space=space, colour=COLOURS[colour]))
            stack = self.space_dice[space]
            if stack:  # (an empty space always has room: every capacity is at least 1)
                capacity = self.capacity()
                if len(stack) >= capacity:
                    rule = "no stacking at 2 players" if capacity == 1 else "at most two dice per space"
                    if self.game.rival_seat is not None:
                        rule = "no stacking in the solo game"
                    return (rule, "{space} already holds {n} dice", dict(space=space, n=len(stack)))
            reference = stack[-1] if stack else SPACE_VALUE[space]
        cost = -coin_change(pips, reference)
        if cost > p.goods["coin"]:
            return ("pay the difference", "the die costs {cost} coins there and you have {coins}",
                    dict(cost=cost, coins=p.goods["coin"]))
        return None

    def capacity(self) -> int:
        """Dice one main-board action space can hold (stacking only at 3-4 players)."""
        return CAPACITY[self.game.players]

    def _opt_any(self, task):
        g = self.players[self.actor].goods
        opts = []
        for r, cap, action in _CHOOSES:
            if g[r] < cap:
                opts.append(action)
        return opts

    def _opt_paid(self, task):
        """Pay for an action only if it can still be performed once the price is paid."""
        _, unit, amount, _ = task
        opts = [DECLINE]
        goods = self._player(self.actor).goods
        if goods[unit] >= amount:
            pay, inner = paid_parts(task)
            goods[unit] -= amount
            doable = self._can_do(inner)
            goods[unit] += amount
            if doable:
                opts.append(pay)
        return opts

    def _opt_courtier(self, task):
        _, gate_done, climb_done = task
        p = self.players[self.actor]
        opts = []  # in sorted order: climbs, decline or finish, gate
        if not climb_done:
            pearls = p.goods["pearl"]
            for level, climbs in enumerate(_CLIMBS):
                if p.court[level]:
                    for cost, action in climbs:
                        if pearls >= cost:
                            opts.append(action)
        opts.append(FINISH if (gate_done or climb_done) else DECLINE)
        if not gate_done and p.home[0] > 0 and p.goods["coin"] >= GATE_COST:
            opts.append(GATE)
        return opts

    def _opt_gardener(self, task):
        p = self.players[self.actor]
        opts = [DECLINE]
        if p.home[1] > 0:
            gardens, food, actor = self.gardens(), p.goods["food"], self.actor
            for action, card, owners in zip(_GARDEN_ACTIONS, self.garden_cards, self.gardeners):
                if actor not in owners and food >= gardens[card].food:
                    opts.append(action)
        return opts

    def _opt_warrior(self, task):
        p = self.players[self.actor]
        opts = [DECLINE]
        if p.home[2] > 0:
            iron = p.goods["iron"]
            for cost, action in _YARDS:
                if iron >= cost:
                    opts.append(action)
        return opts

    def _opt_tile(self, task):
        colour = task[1]
        return [_CASTLEBLOCKS[r][b] for r in range(5)
                for b, tile in enumerate(self.room_tiles[r]) if colour in ("any", tile)] + [DECLINE]

    def _opt_light(self, task):
        cards = C.action_cards()
        return [_CASTLEBLOCKS[r][b] for r in range(5)
                for b, block in enumerate(cards[self.room_cards[r]].blocks) if block.light] + [DECLINE]

    def _opt_domain(self, task):
        return [DECLINE, *_ROW_ACTIONS]

    def _opt_outside(self, task):
        opts = [DECLINE]
        for worker, worker_task, action in _WORKER_CHOICES:
            if worker in task[1] and self._can_do(worker_task):
                opts.append(action)
        return opts

    def _can_do(self, task: tuple) -> bool:
        """Whether a granted action (its task) has any option besides declining (exchanges aside)."""
        options = _OPTIONS.get(task[0])
        if options is None:
            return True
        opts = options(self, task)
        return bool(opts) and (len(opts) > 1 or opts[0] is not DECLINE)

    def _opt_room(self, task):
        return list(_ROOM_ACTIONS[task[1]])

    def _opt_newblock(self, task):
        card = C.action_cards()[task[1]]
        return [_NEWBLOCKS[b] for b, block in enumerate(card.blocks) if block.light]

    def _opt_slot(self, task):
        return [_SLOTS[s] for s, owner in enumerate(self.daimyo_slots) if owner is None]

    def _opt_timegate(self, task):
        _, cost, _, _ = task
        return [Action("timepay", "", cost), Action("timestop", "", self.players[self.actor].time)]

    # ------------------------------------------------------------------ applying a choice
    def _do_exchange(self, a, task):
        g = self._player(self.actor).goods
        g["seal"] -= EXCHANGE_RATE[a.x]
        self._gain(a.x, 1)
        self.queue.append(task)  # the same decision is asked again

    def _do_pair(self, a, task):
        p = self._player(self.actor)
        i = self.offer.index((a.n, a.x))
        self.offer = self.offer[:i] + self.offer[i + 1:]
        gains, decree, _ = C.starting_resources()[a.n]
        p.card = f"start:{a.x}"
        to_lantern(p, f"resource:{a.n}")
        if decree:
            to_lantern(p, f"decree:{decree}")
        self._push(gains)

    def _do_take(self, a, task):
        c = COLOUR_INDEX[a.x]
        bridge = self.bridges[c]
        self.bridges = replaced(self.bridges, c, bridge[1:] if a.m == 0 else bridge[:-1])  # the next die becomes the end
        self.held = (c, a.n, a.m)
        self.queue.append(("place",))

    def _do_place(self, a, task):
        colour, pips, end = self.held
        self.held = None
        p = self.players[self.actor]
        if p.writer is not self._writer:  # (the check of _player, inlined: a placement is frequent)
            p = self._player(self.actor)
        space = a.x
        kind, index = SPACE_KINDS[space]
        if kind == "row":
            reference = SPACE_VALUE[space]
            p.rows_used[index] = True
        else:
            stack = self.space_dice[space]
            reference = stack[-1] if stack and space != WELL else SPACE_VALUE[space]
            self.space_dice[space] = stack + (pips,)
        # Seed order: coins first (lantern income cannot pay for the placement), then the
        # lantern if the left end was taken, then the space's action.
        p.goods["coin"] += pips - reference  # dice.coin_change, inlined
        if end == 0:
            self.queue.append(("space", space, colour))
            self._auto_lantern(("lantern",))  # resolved now: it would be the next task popped
        else:
            self._push_space(space, colour)  # (the space's task would be the next popped)

    def _do_choose(self, a, task):
        self._gain(a.x, 1)
        if task[1] > 1:
            self.queue.append(("any", task[1] - 1))

    def _do_pay(self, a, task):
        _, unit, amount, _ = task
        self._player(self.actor).goods[unit] -= amount
        self.queue.append(paid_parts(task)[1])

    def _do_nothing(self, a, task):
        pass

    def _do_gate(self, a, task):
        p = self._player(self.actor)
        p.goods["coin"] -= GATE_COST
        p.home[0] -= 1
        p.court[0] += 1
        if not task[2]:
            self.queue.append(("courtier", True, False))

    def _do_climb(self, a, task):
        p = self._player(self.actor)
        level, floors = a.n, a.m
        p.goods["pearl"] -= CLIMB_COST[floors]
        p.court[level] -= 1
        p.court[level + floors] += 1
        if not task[1]:
            self.queue.append(("courtier", False, True))
        # Climbing two floors resolves only the floor where the courtier stops.
        if level + floors == 3:
            self.queue.append(("slot",))
            self.queue.append(("lantern",))
        else:
            self.queue.append(("room", level + floors))

    def _do_room(self, a, task):
        """Arriving on floor 1 or 2: take the room's card (old card to the lantern), perform one
        light block, refill the room; with an empty deck only perform one of the room card's light blocks."""
        room = a.n
        card = self.room_cards[room]
        name = "steward" if room_floor(room) == 1 else "diplomat"
        deck = self.decks[name]
        if deck:
            p = self._player(self.actor)
            to_lantern(p, p.card)
            p.card = card
            rng = self.chance.next_rng()
            i = rng.randrange(len(deck))
            self.room_cards = replaced(self.room_cards, room, deck[i])
            self.decks[name] = deck[:i] + deck[i + 1:]
        self.queue.append(("newblock", card))

    def _do_newblock(self, a, task):
        self._push(C.action_cards()[task[1]].blocks[a.n].effects)

    def _do_slot(self, a, task):
        self.daimyo_slots = replaced(self.daimyo_slots, a.n, self.actor)
        self._push(C.daimyo_cards()[self.daimyo][a.n])

    def _do_garden(self, a, task):
        p = self._player(self.actor)
        p.goods["food"] -= self.gardens()[self.garden_cards[a.n]].food
        p.home[1] -= 1
        self.gardeners = replaced(self.gardeners, a.n, tuple(sorted(self.gardeners[a.n] + (self.actor,))))
        self.queue.append(("garden_action", a.n))

    def _do_yard(self, a, task):
        p = self._player(self.actor)
        p.goods["iron"] -= C.yards()[a.n][0]
        p.home[2] -= 1
        p.warriors[a.n] += 1
        for tile in reversed(self.yard_tiles[a.n]):  # every tile in the yard, in order
            self._push(C.yard_tiles(self.game.printing)[tile])

    def _do_castleblock(self, a, task):
        self.queue.append(("block", self.room_cards[a.n], a.m))

    def _do_row(self, a, task):
        self.queue.append(("row", a.n))

    def _do_worker(self, a, task):
        self.queue.append(as_task((a.x,)))

    def _do_timepay(self, a, task):
        _, cost, steps, _ = task
        p = self._player(self.actor)
        p.goods["seal"] -= cost
        p.time += 1
        self.queue.append(("time", steps - 1, True))

    def _do_timestop(self, a, task):
        if task[3]:
            self._stamp_time()

    # ------------------------------------------------------------------ automatic tasks
    def _push(self, effects) -> None:
        """Queue effects so they resolve in printed order."""
        self.queue.extend(stacked(effects))

    def _gain(self, kind: str, n: int) -> None:
        """Gains above a cap (resources 7, seals 5) are lost."""
        p = self.players[self.actor]
        g = (p if p.writer is self._writer else self._player(self.actor)).goods
        cap, held = CAP[kind], g[kind] + n
        g[kind] = held if cap is None or held <= cap else cap

    def _auto_time(self, task):
        """Move on the Passage of Time one space at a time; entering 6/11/15 costs 1/2/3 seals.
        Unable or unwilling to pay, the marker stops and the rest of the move is lost."""
        steps = task[1]
        moved = len(task) > 2 and task[2]
        p = self._player(self.actor)
        while steps > 0 and p.time < TIME_LAST:
            cost = GATES.get(p.time + 1)
            if cost:
                if p.goods["seal"] >= cost:
                    self.queue.append(("timegate", cost, steps, moved))
                    return
                break
            p.time += 1
            moved = True
            steps -= 1
        if moved:
            self._stamp_time()

    def _stamp_time(self):
        """A marker that arrives on a space goes on top of any already there."""
        self._player(self.actor).time_stamp = self.time_clock
        self.time_clock += 1

    def _auto_lantern(self, task):
        """Lantern rewards: every icon visible in your lantern area, once each (``to_lantern``)."""
        self.queue.extend(self.players[self.actor].lantern_tasks)

    def _auto_well(self, task):
        self.queue.extend(self._well_tasks)

    def _auto_space(self, task):
        self._push_space(task[1], task[2])

    def _push_space(self, space: str, colour: int) -> None:
        """The action of the space a die of ``colour`` was placed on: a room's blocks of that
        colour, a worker action outside the walls, the Well or a domain row (the Well's and
        the row's tasks pushed at once: they would be the next popped)."""
        kind, index = SPACE_KINDS[space]
        if kind == "room":
            self.queue.extend(room_tasks(self.room_cards[index], self._room_blocks[index][colour]))
        elif kind == "outside":
            self.queue.append(("outside", OUTSIDE_CHOICES[space]))
        elif kind == "well":
            self.queue.extend(self._well_tasks)
        else:
            self._auto_row(("row", index))

    def _auto_block(self, task):
        self.queue.extend(block_tasks(task[1], task[2]))

    def _auto_row(self, task):
        """A domain row pays its base icon and every uncovered space, then the action card's
        block that lines up with the row."""
        row = task[1]
        p = self.players[self.actor]
        self.queue.extend(row_tasks(p.card, row, 5 - p.home[row]))

    def _auto_garden_action(self, task):
        self._push(self.gardens()[self.garden_cards[task[1]]].effects)

    def _auto_rival(self, task):
        """The solo rival's whole turn (solo.py): no decision is asked."""
        from boardlab.whitecastle import solo

        solo.rival_turn(self)


def as_task(effect: tuple) -> tuple:
    """A Courtier action remembers whether its gate entry and its climb are used; 'one worker
    action of your choice' asks like the spaces outside the walls."""
    if effect == ("courtier",):
        return ("courtier", False, False)
    if effect == ("worker",):
        return ("outside", C.WORKERS)
    return effect


#: effects -> their tasks in stack order, and the same for castle blocks, a room's blocks of one
#: colour, domain rows, lantern cards and paid actions (all immutable component data: the tables
#: fill as the games meet them)
_STACKED: dict = {}
_BLOCK_TASKS: dict = {}
_ROOM_TASKS: dict = {}
_LANTERN_TASKS: dict = {}
_PAID_PARTS: dict = {}
_ROW_TASKS: dict = {}


def stacked(effects: tuple) -> tuple:
    """The tasks of ``effects`` in the order to push them, so they resolve in printed order."""
    tasks = _STACKED.get(effects)
    if tasks is None:
        tasks = _STACKED[effects] = tuple(as_task(e) for e in reversed(effects))
    return tasks


def paid_parts(task: tuple) -> tuple:
    """A paid action's task -> (its pay action, the task of the action it pays for)."""
    parts = _PAID_PARTS.get(task)
    if parts is None:
        parts = _PAID_PARTS[task] = (Action("pay", effect_key(task)), as_task(task[3]))
    return parts


def block_tasks(card: str, block: int) -> tuple:
    """The tasks of an action card's castle block, in stack order."""
    tasks = _BLOCK_TASKS.get((card, block))
    if tasks is None:
        tasks = _BLOCK_TASKS[card, block] = stacked(C.action_cards()[card].blocks[block].effects)
    return tasks


def row_tasks(card: str, row: int, departed: int) -> tuple:
    """A domain row's tasks in stack order, with ``departed`` of its workers gone (their spaces
    uncovered) and ``card`` the action card: base icon, uncovered spaces left to right, the block."""
    key = (card, row, departed)
    tasks = _ROW_TASKS.get(key)
    if tasks is None:
        base, spaces = C.domain_rows()[row]
        tasks = _ROW_TASKS[key] = (("block", card, C.action_cards()[card].block_for_row(row)),
                                   *(t for effects in reversed(spaces[:departed]) for t in stacked(effects)),
                                   *stacked(base))
    return tasks


def room_blocks(room_tiles: tuple) -> tuple:
    """Per room, per die colour: the blocks whose die tile shows that colour, top to bottom. (The
    die tiles never move: a game works this out once, and a placement looks its blocks up.)"""
    return tuple(tuple(tuple(b for b, tile in enumerate(tiles) if tile == name) for name in COLOURS)
                 for tiles in room_tiles)


def room_tasks(card: str, blocks: tuple) -> tuple:
    """A die placed in a room fires ``blocks`` (those whose die tile shows its colour: see
    ``room_blocks``) top to bottom; their tasks in stack order (as if each block were a task)."""
    key = (card, blocks)
    tasks = _ROOM_TASKS.get(key)
    if tasks is None:
        tasks = _ROOM_TASKS[key] = tuple(task for b in reversed(blocks) for task in block_tasks(card, b))
    return tasks


def well_tasks(well_tiles: tuple) -> tuple:
    """The Well's tasks in stack order: 1 seal, then the rewards of the two Well tiles. (The
    tiles never move: a game works this out once.)"""
    return (*(t for _, reward in reversed(well_tiles) for t in stacked(reward)), ("seal", 1))


def card_lantern_tasks(card: str) -> tuple:
    """The tasks of the icon one lantern card shows, in stack order."""
    tasks = _LANTERN_TASKS.get(card)
    if tasks is None:
        tasks = _LANTERN_TASKS[card] = stacked(lantern_icon(card))
    return tasks


def lantern_tasks(lantern: list) -> tuple:
    """The rewards a lantern area (its cards, oldest first) pays, as tasks in stack order: every
    icon once, the oldest card's first."""
    return tuple(task for card in reversed(lantern) for task in card_lantern_tasks(card))


def to_lantern(p, card: str) -> None:
    """A card goes face down to player ``p``'s lantern area (``p`` writable): its icon joins the
    lantern's rewards, kept as tasks with the cards (``Player.lantern_tasks``), as
    ``lantern_tasks`` lists them: the newest card's pushed first, so it resolves last."""
    p.lantern.append(card)
    p.lantern_tasks = card_lantern_tasks(card) + p.lantern_tasks


def lantern_icon(card: str) -> tuple:
    """The lantern reward a card in the lantern area shows."""
    kind, _, key = card.partition(":")
    if kind == "resource":
        return C.starting_resources()[int(key)][2]
    if kind == "decree":
        return C.decrees()[key]
    return C.action_cards()[card].lantern


# (gains, the kinds of CAP, are resolved by the task loop itself)
_AUTO = {
    "time": Rules._auto_time, "lantern": Rules._auto_lantern, "well": Rules._auto_well,
    "space": Rules._auto_space, "block": Rules._auto_block, "row": Rules._auto_row,
    "garden_action": Rules._auto_garden_action, "rival": Rules._auto_rival,
}
_OPTIONS = {
    "pair": Rules._opt_pair, "take": Rules._opt_take, "place": Rules._place_options, "any": Rules._opt_any,
    "paid": Rules._opt_paid, "courtier": Rules._opt_courtier, "gardener": Rules._opt_gardener,
    "warrior": Rules._opt_warrior, "tile": Rules._opt_tile, "light": Rules._opt_light,
    "domain": Rules._opt_domain, "outside": Rules._opt_outside, "room": Rules._opt_room,
    "newblock": Rules._opt_newblock, "slot": Rules._opt_slot, "timegate": Rules._opt_timegate,
}
_APPLY = {
    "pair": Rules._do_pair, "take": Rules._do_take, "place": Rules._do_place, "choose": Rules._do_choose,
    "pay": Rules._do_pay, "decline": Rules._do_nothing, "finish": Rules._do_nothing, "gate": Rules._do_gate,
    "climb": Rules._do_climb, "room": Rules._do_room, "newblock": Rules._do_newblock, "slot": Rules._do_slot,
    "garden": Rules._do_garden, "yard": Rules._do_yard, "castleblock": Rules._do_castleblock,
    "row": Rules._do_row, "worker": Rules._do_worker, "timepay": Rules._do_timepay,
    "timestop": Rules._do_timestop, "exchange": Rules._do_exchange,
}
#: the worker actions a space outside the walls may offer, in the options' order: (worker, its task, action)
_WORKER_CHOICES = tuple((w, as_task((w,)), _WORKER_ACTIONS[w]) for w in C.WORKERS)
DECISION_KINDS = frozenset(_OPTIONS)
TASK_KINDS = DECISION_KINDS | frozenset(_AUTO) | frozenset(C.GAINS)

assert tuple(_OPTIONS) == _OPTIONS_KINDS, "_OPTIONS_KINDS lists the decisions"
assert set(CAP) == set(C.GAINS), "the task loop resolves the gains of CAP's kinds"
