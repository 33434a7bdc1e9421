"""DAIDE orders by mail: read like any other notation, for the power that signed on."""

from __future__ import annotations

from adjudicator.judge.process import process_mail
from adjudicator.judge.store import Store

from .conftest import NOW, mail


def test_a_mail_in_daide_is_read_for_the_signed_on_power(store: Store) -> None:
    sheet = (
        "SIGNON Fdemo paris1900\n"
        "( FRA AMY PAR ) MTO BUR\n"
        "( FRA AMY MAR ) SUP ( FRA AMY PAR ) MTO BUR\n"
        "( FRA FLT BRE ) MTO ECX\n"
        "( ENG FLT LON ) MTO ECH\n"
    )
    assert process_mail(store, mail(sheet), NOW).outcome == "read"
    (ack,) = [m.body for m in store.unsent() if m.kind == "ack"]
    assert "A PAR - BUR" in ack and "A MAR S A PAR - BUR" in ack
    assert "unknown DAIDE province token 'ECX'" in ack
    assert "F LON belongs to England, not France" in ack
    pending = store.get_game("demo").game.pending["FRANCE"]
    assert pending[:2] == ("( FRA AMY PAR ) MTO BUR", "( FRA AMY MAR ) SUP ( FRA AMY PAR ) MTO BUR")
