"""One option in plain words, for any game: what it costs and brings now, from the engine itself.

A game's ``teaching`` module gives ``holdings(state, seat)`` (what a player holds, as
``{unit: count}``), ``UNITS`` (each unit's words: English one and many, Korean, each with ``{n}``)
and a context sentence per option (``{"en": ..., "ko": ...}`` or None); :func:`option_text`
joins that sentence with the change the option makes to the mover's holdings before the next
decision. Only changes no chance draw decides are told: the option is applied on two copies with
different chance streams and a change is kept only where both agree, so the text never shows a
card the deck will really give.
"""

from __future__ import annotations

from boardlab.core import glossary

#: the two chance streams an option is tried on (any two distinct seeds would do)
_TRIAL_SEEDS = (11, 12)


def holdings_change(state, action, holdings) -> dict[str, int]:
    """{unit: change} of the mover's ``holdings`` that ``action`` makes before the next decision,
    without the changes a chance draw decides (see the module docstring)."""
    seat = state.to_move
    before = holdings(state, seat)
    after = []
    for seed in _TRIAL_SEEDS:
        trial = state.copy()
        trial.reseed(seed)
        trial.apply(action)
        after.append(holdings(trial, seat))
    return {unit: after[0][unit] - n for unit, n in before.items()
            if after[0][unit] == after[1][unit] and after[0][unit] != n}


def josa(word: str, after_consonant: str, after_vowel: str) -> str:
    """The Korean particle that follows ``word`` (을/를, 이/가, ...): the first after a final
    consonant, the second after a vowel (a digit read in Sino-Korean)."""
    sound = glossary.final_sound(word)
    return after_consonant if sound and sound[0] else after_vowel


def amounts_text(changes: dict[str, int], units: dict, language: str) -> str:
    """The changes in words: 'costs 2 coins; brings 1 food' / '동전 2개를 내고 식량 1개를 얻음'."""
    def one(unit, n):
        en_one, en_many, ko = units[unit]
        return ko.format(n=abs(n)) if language == "ko" else (en_one if abs(n) == 1 else en_many).format(n=abs(n))

    costs = ", ".join(one(u, n) for u, n in changes.items() if n < 0)
    gains = ", ".join(one(u, n) for u, n in changes.items() if n > 0)
    if language == "ko":
        paid = f"{costs}{josa(costs, '을', '를')} 내" if costs else ""
        got = f"{gains}{josa(gains, '을', '를')} 얻음" if gains else ""
        return f"지금 {paid}고 {got}" if paid and got else (f"지금 {paid}야 함" if paid else (f"지금 {got}" if got else ""))
    return "; ".join(part for part in (f"costs {costs}" if costs else "", f"brings {gains}" if gains else "") if part)


def option_text(state, action, language: str, *, context, holdings, units, kinds) -> str:
    """``action`` in plain words at ``state``: the game's ``context`` sentence for it (else what an
    option of its kind does, from ``kinds``), then what it costs and brings now."""
    said = context(state, action)
    first = said[language] if said else kinds[action.kind][language][1]
    amounts = amounts_text(holdings_change(state, action, holdings), units, language)
    return f"{first}; {amounts}" if amounts else first
