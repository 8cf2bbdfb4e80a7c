"""The El Grande ``Game``: options (players, edition, short game, assumed readings) and entry points."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from boardlab.core.errors import brief, check_notation
from boardlab.core.chance import VERSION as CHANCE_VERSION, check_version
from boardlab.core.game import DEFAULT_PLAYERS, Game, check_choice, check_seed, register
from boardlab.core.validate import check_playable
from boardlab.elgrande import components as C
from boardlab.elgrande.actions import Action

PLAYER_COUNTS = (2, 3, 4, 5)
EDITIONS = ("2023", "bigbox", "1995")


@register
@dataclasses.dataclass(frozen=True)
class ElGrande(Game):
    """El Grande: the 2023 Hans im Glück edition by default, the 1995 original and the Big Box as options.

    Options (see RULES.md for every assumed value and reading):

    * ``players``: 2 to 5;
    * ``edition``: ``"2023"`` (default), ``"bigbox"`` (the Korean Big Box base rules: 2 players
      score first place only, unused action cards go under their stacks) or ``"1995"``;
    * ``short``: the 6-round game (rounds 1, 4 and 7 are skipped, scorings stay after 3, 6, 9);
    * ``merge_stacks``: shuffle action stacks 2 and 3 into one (None: the edition's rule; the
      2023 2-player game always merges, the 3-player game may);
    * ``scoring_ranks``: how many ranks score in a region (None: the edition's rule; 2023 3
      players: 2);
    * ``veto``: put the two Veto cards in stack 2 (optional: AIStrat and Yucata leave them out,
      Board Game Arena offers them as an option).
    """

    name = "elgrande"
    title = "El Grande"
    action_types: ClassVar[tuple] = (Action,)
    players: int = DEFAULT_PLAYERS  # the same default in every game (boardlab.core.game)
    edition: str = "2023"
    short: bool = False
    merge_stacks: bool | None = None
    scoring_ranks: int | None = None
    veto: bool = False

    def _validate(self) -> None:
        if type(self.players) is not int:
            raise ValueError(f"players must be an integer 2..5; got {brief(self.players)}")
        check_choice("players", self.players, PLAYER_COUNTS)
        check_choice("edition", self.edition, EDITIONS)
        for option in ("short", "veto"):
            if type(getattr(self, option)) is not bool:
                raise ValueError(f"{option} must be True or False; got {brief(getattr(self, option))}")
        if self.merge_stacks is not None and type(self.merge_stacks) is not bool:
            raise ValueError(f"merge_stacks must be None, True or False; got {brief(self.merge_stacks)}")
        if self.scoring_ranks is not None and (type(self.scoring_ranks) is not int or
                                               self.scoring_ranks not in (1, 2, 3)):
            raise ValueError(f"scoring_ranks must be None, 1, 2 or 3; got {brief(self.scoring_ranks)}")
        if self.merge_stacks and self.players == max(PLAYER_COUNTS):
            # every seat takes one action card a turn: merged, the 5 stacks offer only 4 cards
            raise ValueError("merge_stacks=True leaves 4 action cards on offer, one too few for 5 players "
                             "(each player takes one a turn); merge only with 2 to 4 players")
        if self.dummy and self.merge_stacks is False:
            raise ValueError("merge_stacks must be True or None in the 2-player 2023 game: the dummy "
                             "rules merge stacks 2 and 3")

    # -- derived rules (one place for each edition / player-count difference) ---------------
    @property
    def rule(self) -> dict:
        return C.rank_rule(self.edition, self.players)

    @property
    def dummy(self) -> bool:
        """The 2-player 2023 game plays with a neutral third colour."""
        return self.rule["dummy"]

    @property
    def colours(self) -> int:
        return self.players + (1 if self.dummy else 0)

    @property
    def board_side(self) -> str:
        return self.rule["board_side"]

    @property
    def ranks_scoring(self) -> int:
        return self.scoring_ranks if self.scoring_ranks is not None else self.rule["ranks"]

    @property
    def merged(self) -> bool:
        return self.rule["merge_stacks"] if self.merge_stacks is None else self.merge_stacks

    @property
    def leftovers_under(self) -> bool:
        """Big Box: unused action cards go under their stacks instead of being discarded."""
        return self.edition == "bigbox"

    @property
    def rounds(self) -> tuple[int, ...]:
        return C.SHORT_ROUNDS if self.short else C.ROUNDS

    @property
    def values(self):
        return C.REGION_VALUES[self.board_side]

    @property
    def tile_values(self):
        return C.SCORE_TILES["2023" if self.edition == "2023" else "1995"]

    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """The action stacks at setup: 1..4 and the King card, or 1, 2+3, 4, King when merged."""
        s = C.deck(self.edition, self.veto)
        if self.merged:
            return (s[0], tuple(sorted(s[1] + s[2])), s[3], s[4])
        return s

    # -- entry points --------------------------------------------------------------------------
    def new_game(self, seed: int, chance: int = CHANCE_VERSION):
        from boardlab.elgrande.state import new_state

        check_seed(seed)
        return new_state(self, seed, check_version(chance))

    def parse_action(self, text: str):
        from boardlab.elgrande.actions import parse_action

        return parse_action(check_notation(text))

    def build_position(self, description: dict, seed: int = 1):
        """A teaching position of game ``seed`` from a partial description (fields:
        ``elgrande.positions.FIELDS``), the rest filled from that game's own deal; returns a
        ``boardlab.core.positions.Built`` (state, JSON form, report of every field filled or moved)."""
        from boardlab.elgrande import positions
        from boardlab.core.positions import build

        return build(self, description, seed, positions)

    def state_from_json(self, data: dict):
        from boardlab.elgrande.state import ElGrandeState

        return check_playable(ElGrandeState.from_json(self, data))

    def policy(self, name: str, **params):
        """A policy by name, built with ``params``: "random"; "greedy" (its valuations are the
        documented fields of ``bots.Greedy``); "mcts" (``iterations``, ``seed``,
        ``rollout``, ``horizon``: see ``boardlab.core.search.MctsPolicy``; defaults of this game in
        ``bots.MCTS_DEFAULTS`` if any; the default budget is
        ``boardlab.core.search.DEFAULT_ITERATIONS["elgrande"]``). Unknown names or parameters:
        ValueError listing the known ones."""
        from boardlab.core.policies import named_policy
        from boardlab.elgrande import bots

        return named_policy(self, name, params, bots.POLICIES, getattr(bots, "MCTS_DEFAULTS", None))
