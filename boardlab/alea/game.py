"""The Alea Iacta Est ``Game``: options (player count, assumed readings, misplays) and entry points."""

from __future__ import annotations

import dataclasses

from boardlab.alea import actions as A
from boardlab.core.errors import brief, check_notation
from boardlab.core.chance import VERSION as CHANCE_VERSION, check_version
from boardlab.core.game import DEFAULT_PLAYERS, Game, check_choice, check_seed, register
from boardlab.core.validate import check_playable

PLAYER_COUNTS = (2, 3, 4, 5)

#: Common wrong readings of the rules, each playable as an option: name -> (point of the rules, what it plays).
MISPLAYS = {
    "five_sets_always": ("1", "5 sets at every player count (the rules: 6 sets with 2-3 players)"),
    "templum_small_games": ("2", "the Templum, fortune tiles and senate card IV stay in at 2-3 players"),
    "set_ends_at_once": ("3", "the set ends as soon as one player has placed all dice"),
    "full_forum_always": ("4", "the Forum always has 7 columns (7 patricians a set) whatever the player count"),
    "templum_draw_all_dice": ("5", "fortune tiles drawn for all of the player's Templum dice, not only those added"),
    "senate_leftover_discarded": ("6", "the Senatus' leftover card leaves the game (never to third place)"),
    "castrum_one_group": ("6b", "a player may hold only one group in the Castrum"),
    "forum_refuses_six": ("7", "a lone 6 may not go to the Forum"),
    "latrina_by_choice": ("8", "the Latrina may be chosen even when a die could go elsewhere"),
    "unrewarded_placements": ("8", "dice may go where they cannot reach a rewarded rank (Latrina not compulsory)"),
    "reroll_all_dice": ("8", "a reroll must reroll all unplaced dice"),
    "lone_templum_no_extra": ("9", "a lone Templum participant does not draw the extra fortune tile"),
    "leftover_tiles_reused": ("9", "unclaimed provinces and patricians go back into the supply"),
    "unassigned_patricians_count": ("10", "senate cards count patricians not assigned to a province"),
    "card_iii_without_itself": ("10-1", "card III counts the other senate cards only (1 point less)"),
    "card_vii_border_one_colour": ("10-2", "card VII counts the border province as one colour"),
    "card_xii_half_couple": ("10-5", "card XII pays 3 points with any one patrician of its colours"),
}


@register
@dataclasses.dataclass(frozen=True)
class AleaIactaEst(Game):
    """Alea Iacta Est (alea 2009), base game.

    Options (RULES.md explains each assumed reading and its alternatives):

    * ``players``: 2 to 5;
    * ``senatus_min_straight``: 1 (default) or 2 dice, the shortest straight the Senatus takes;
    * ``tie_rule``: a full tie in the Senatus or Castrum goes to the ``"latest"`` placement
      (default, the Forum's rule) or the ``"earliest"``;
    * ``latrina_dice``: when nothing can be rewarded, the player sends ``"choice"`` (default: any
      number, at least one), ``"one"`` or ``"all"`` of the rolled dice to the Latrina;
    * ``senate_deck``: 19 (default: the real deck's size, its 6 duplicates assumed as in
      ``data/senate_cards.csv``) or 14 (the deck boardlab assumed before; options saved without
      this key, by records and runs of earlier versions, mean it, so they replay exactly);
    * ``province_formula``: the name of the occupied-province rule in
      ``scoring.PROVINCE_FORMULAS`` (default ``"additive"``; register your own there);
    * ``misplays``: names from ``MISPLAYS``, each playing one common wrong reading of the rules.
    """

    name = "alea"
    title = "Alea Iacta Est"
    action_types = (A.Reroll, A.Choose, A.Place, A.Latrina, A.KeepCard, A.TakeProvince, A.TakePatrician)
    players: int = DEFAULT_PLAYERS  # the same default in every game (boardlab.core.game)
    senatus_min_straight: int = 1
    tie_rule: str = "latest"
    latrina_dice: str = "choice"
    province_formula: str = "additive"
    misplays: tuple = ()
    senate_deck: int = 19

    def __post_init__(self):
        if isinstance(self.misplays, (list, tuple, set, frozenset)):  # names in one order; others refused below
            names = tuple(self.misplays)
            object.__setattr__(self, "misplays", tuple(sorted(names)) if all(type(m) is str for m in names) else names)
        super().__post_init__()

    def _validate(self) -> None:
        from boardlab.alea.components import SENATE_DECKS
        from boardlab.alea.scoring import PROVINCE_FORMULAS

        check_choice("players", self.players, PLAYER_COUNTS)
        check_choice("senatus_min_straight", self.senatus_min_straight, (1, 2))
        check_choice("tie_rule", self.tie_rule, ("latest", "earliest"))
        check_choice("latrina_dice", self.latrina_dice, ("choice", "one", "all"))
        check_choice("province_formula", self.province_formula, tuple(PROVINCE_FORMULAS))
        check_choice("senate_deck", self.senate_deck, SENATE_DECKS)
        if not isinstance(self.misplays, tuple):
            raise ValueError(f"misplays must be a list of names from {sorted(MISPLAYS)}; got {brief(self.misplays)}")
        for m in self.misplays:
            if type(m) is not str or m not in MISPLAYS:
                raise ValueError(f"misplays: unknown misplay {brief(m)}; each must be a name from {sorted(MISPLAYS)}")
        if len(set(self.misplays)) != len(self.misplays):
            raise ValueError(f"misplays: each name at most once; got {list(self.misplays)}")

    def misplay(self, name: str) -> bool:
        """Whether the wrong reading ``name`` (a key of MISPLAYS) is played."""
        return name in self.misplays

    @classmethod
    def from_options(cls, options: dict):
        """As the core's; saved options without ``senate_deck`` were written before the 19-card deck
        and played the 14-card one."""
        if isinstance(options, dict) and "senate_deck" not in options:
            options = {**options, "senate_deck": 14}
        return super().from_options(options)

    def options(self) -> dict:
        opts = dataclasses.asdict(self)
        opts["misplays"] = list(self.misplays)
        return opts

    def new_game(self, seed: int, chance: int = CHANCE_VERSION):
        from boardlab.alea.state import new_state

        check_seed(seed)
        return new_state(self, seed, check_version(chance))

    def parse_action(self, text: str):
        from boardlab.alea.actions import parse_action

        return parse_action(check_notation(text))

    def build_position(self, description: dict, seed: int = 1):
        """A teaching position of game ``seed`` from a partial description (fields:
        ``alea.positions.FIELDS``), the rest filled from that game's own deal; returns a
        ``boardlab.core.positions.Built`` (state, JSON form, report of every field filled or moved)."""
        from boardlab.alea import positions
        from boardlab.core.positions import build

        return build(self, description, seed, positions)

    def state_from_json(self, data: dict):
        from boardlab.alea.state import AleaState

        return check_playable(AleaState.from_json(self, data))

    def policy(self, name: str, **params):
        """A policy by name, built with ``params``: "random"; "greedy" (its valuations are the
        documented parameters of ``bots.GreedyPolicy``); "mcts" (``iterations``, ``seed``,
        ``rollout``, ``horizon``: see ``boardlab.core.search.MctsPolicy``; defaults of this game in
        ``bots.MCTS_DEFAULTS`` if any; the default budget is
        ``boardlab.core.search.DEFAULT_ITERATIONS["alea"]``). Unknown names or parameters:
        ValueError listing the known ones."""
        from boardlab.core.policies import named_policy
        from boardlab.alea import bots

        return named_policy(self, name, params, bots.POLICIES, getattr(bots, "MCTS_DEFAULTS", None))
