"""Mixed tables from the set-up screen: one seat on a real browser page, one person at the
TV and one bot, in Hooky and Paperback, played to the end. The curtain rises only for the
person at the TV (never names the phone's seat), the page's every frame is its seat's view
or event views (and the scramble of what it may not know changes none), and the log
verifies."""
from __future__ import annotations

import pytest

from scenes.common.setup import PHONE
from support.phonegames import HookyDriver, PaperbackDriver
from support.phones import play, seat_phones
from test_phone_games import finish
from test_phone_handover import MixedTv
from test_phone_tv import app, phone_lobby  # noqa: F401

TV_PERSON, BOT = 0, 2          # KINDS indexes: a person at the TV, a normal bot


@pytest.mark.parametrize("game,driver", [("hooky", HookyDriver), ("paperback", PaperbackDriver)],
                         ids=["hooky", "paperback"])
def test_mixed_table_a_phone_a_person_at_the_tv_and_a_bot(app, phones, game, driver):  # noqa: F811
    tv = MixedTv(app, phone_lobby(app, game, [PHONE, TV_PERSON, BOT]))
    pages = seat_phones(tv, phones, [0], langs={0: "zh-TW"})
    tv.lobby.start()
    tv.started()
    assert app.stack.top.humans == [1]                 # the person at the TV is seat 1 alone
    moves = play(tv, pages, driver(tv))
    assert moves > 3 and tv.session.outcome() is not None
    assert set(tv.curtains) <= {1}      # never a curtain for the phone's seat
    assert 1 in tv.viewers and 0 not in tv.viewers      # the TV never showed the phone's seat
    assert [p["kind"] for p in tv.session.header["players"]] == ["phone", "human", "bot"]
    finish(tv, pages)
