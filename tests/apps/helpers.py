"""Small helpers the app tests share."""

from __future__ import annotations

from boardlab.apps.session import Session


def illegal_but_readable(session: Session, texts) -> str:
    """The first of ``texts`` (actions of this game, in notation) that is not legal now."""
    legal = {str(a) for a in session.state.legal_actions()}
    for text in texts:
        if text not in legal:
            return text
    raise AssertionError("every candidate is legal now")


def play_first_options(session: Session, n: int) -> list[str]:
    """Play the first legal option of ``n`` human decisions (bots answer in between)."""
    played = []
    for _ in range(n):
        session.run_bots()
        if session.is_over:
            break
        text = str(session.state.legal_actions()[0])
        assert session.play(text) is None
        played.append(text)
    return played
