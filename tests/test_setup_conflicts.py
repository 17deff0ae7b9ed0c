"""The set-up screen and options that combine: a refinement shown only with the option it
refines, a forbidden pair greyed with its reason in words (both languages), Start never
starting what the rules refuse, all of Paperback's options fitting in two columns at
both sizes and languages, and another game's set-up as it was."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.paperback.spec import FORBIDDEN, SPEC
from scenes.common.setup import SetupScene
from scenes.common.optionwords import OptionWords
from scenes.paperback import SETUP
from scenes.ui import i18n
from scenes.ui.draw import record_text
from tests.support.scenes import english_after, key, make_app  # noqa: F401  (fixture)
from tests.test_setup_levels import click, open_setup

LANGS = ("en", "zh-TW")
NEEDS = [(o.key, o.needs) for o in SPEC.options if o.needs]      # (option, the option it refines)
check = SPEC.check_options
option_conflict, option_parent = OptionWords(SPEC, SETUP).conflict, OptionWords(SPEC, SETUP).parent
SIZES = ((1280, 720), (960, 540))


@pytest.fixture(autouse=True)
def own_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COUCHTOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("COUCHTOP_CONFIG", str(tmp_path / "config"))


def started(app, monkeypatch) -> list[dict]:
    """What Start hands to the app (the game itself is not built)."""
    calls: list[dict] = []
    monkeypatch.setattr(app, "start_game", lambda game, setup: calls.append(setup))
    return calls


def drawn(app, scene) -> list:
    scene.request_redraw()
    with record_text() as blits:
        app.step()
    return blits


def test_a_refinement_is_shown_only_while_its_option_is_on(monkeypatch):
    app, scene = open_setup("paperback")
    assert option_parent("coop_cubes") == "coop" and option_parent("themes_strict") == "themes"
    assert {k for k, _ in NEEDS} == {o["key"] for o in SETUP["options"] if option_parent(o["key"])}
    assert "opt_coop_cubes" not in scene.widgets and "opt_themes_strict" not in scene.widgets
    assert "coop_cubes" not in scene.setup_dict()["options"]          # never sent without its parent
    click(app, scene.widgets["opt_coop"])
    assert scene.options["coop"] is True and "opt_coop_cubes" in scene.widgets
    click(app, scene.widgets["opt_coop_cubes"])                        # 5 -> 4, hard mode
    assert scene.setup_dict()["options"]["coop_cubes"] == 4
    calls = started(app, monkeypatch)
    click(app, scene.widgets["start"])
    assert calls and calls[0]["options"]["coop"] is True and calls[0]["options"]["coop_cubes"] == 4
    check(3, calls[0]["options"])                                      # the rules take it
    click(app, scene.widgets["opt_coop"])                              # off again: the refinement goes
    assert "opt_coop_cubes" not in scene.widgets and "coop_cubes" not in scene.setup_dict()["options"]
    scene.set_focus(scene.widgets["opt_themes"])
    key(app, pygame.K_RETURN)                                          # by keyboard too
    assert "opt_themes_strict" in scene.widgets


@pytest.mark.parametrize("lang", LANGS)
def test_a_forbidden_partner_is_greyed_with_its_reason(lang, monkeypatch):
    app, scene = open_setup("paperback", lang=lang)
    click(app, scene.widgets["opt_coop"])
    awards, themes = scene.widgets["opt_awards"], scene.widgets["opt_themes"]
    assert not awards.is_enabled and not themes.is_enabled and scene.widgets["opt_attacks"].is_enabled
    why = i18n.t("ui.label_value", label=i18n.t("paperback.opt.awards"),
                 value=i18n.t("ui.opt.not_with", other=i18n.t("paperback.opt.coop"),
                              why=i18n.t("paperback.opt.forbid.coop.awards")))
    assert why in scene.blocked_lines()
    text = "".join(b.text for b in drawn(app, scene))
    assert why.replace(" ", "") in text.replace(" ", "")               # in words on the screen
    click(app, awards)                                                 # greyed: a click does nothing
    assert scene.options["awards"] is False
    scene.set_focus(scene.widgets["opt_space_dyslexia"])               # the focus ring skips it
    key(app, pygame.K_DOWN)
    assert scene.focused is not awards
    click(app, scene.widgets["opt_coop"])                              # coop off: awards is free again
    assert scene.widgets["opt_awards"].is_enabled and not scene.blocked_lines()
    click(app, scene.widgets["opt_awards"])
    assert not scene.widgets["opt_coop"].is_enabled                    # and now the other way round


def test_start_never_starts_a_forbidden_combination(monkeypatch):
    app, scene = open_setup("paperback")
    calls = started(app, monkeypatch)
    scene.options.update(coop=True, awards=True)                       # however it came about
    scene.rebuild()
    assert not scene.widgets["start"].is_enabled
    refusal = scene.refusal()
    assert refusal == i18n.t("ui.opt.forbidden", a=i18n.t("paperback.opt.coop"),
                             b=i18n.t("paperback.opt.awards"), why=i18n.t("paperback.opt.forbid.coop.awards"))
    assert refusal.replace(" ", "") in "".join(b.text for b in drawn(app, scene)).replace(" ", "")
    scene.start()
    click(app, scene.widgets["start"])
    assert calls == []
    with pytest.raises(ValueError):                                    # what the rules would have said
        check(3, scene.setup_dict()["options"])
    click(app, scene.widgets["opt_awards"])                            # switched off: Start is back
    assert scene.widgets["start"].is_enabled
    click(app, scene.widgets["start"])
    assert calls and calls[0]["options"]["coop"] and not calls[0]["options"]["awards"]


def test_options_recalled_from_last_time_never_conflict():
    app = make_app()
    app.settings.setups = {"paperback": {"variant": "classic", "options": {"awards": True, "coop": True}}}
    scene = SetupScene(app, "paperback")
    assert scene.options["awards"] and not scene.options["coop"]
    assert scene.refusal() is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_forbidden_pair_and_refinement_is_worded_from_the_rules_tables(lang):
    i18n.set_lang(lang)
    for a, b, _ in FORBIDDEN:
        for key_ in (f"paperback.opt.forbid.{a}.{b}", f"paperback.opt.{a}", f"paperback.opt.{b}"):
            assert i18n.t(key_) != key_, key_
        assert option_conflict({a: True}, b) and option_conflict({b: True}, a)
        assert i18n.t(f"paperback.opt.forbid.{a}.{b}") in option_conflict({a: True, b: True})
    for a, parent in NEEDS:
        assert option_conflict({a: 4 if a == "coop_cubes" else True}) == i18n.t(
            "ui.opt.needs", option=i18n.t(f"paperback.opt.{a}"), parent=i18n.t(f"paperback.opt.{parent}"))
    assert option_conflict({"coop": True, "attacks": True}) is None and option_conflict({"coop": True}, "attacks") is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("on", [("themes", "themes_strict", "attacks", "powers"), ("coop",)])
@pytest.mark.parametrize("seats", [3, 5])
def test_all_of_paperbacks_options_fit(lang, size, on, seats):
    app, scene = open_setup("paperback", size, lang)
    scene.seats = seats
    for k in on:
        scene.options[k] = True
    scene.rebuild()
    shown = [o["key"] for o in scene.active_options()]
    assert set(shown) == {o["key"] for o in SETUP["options"]} - {"themes_strict", "coop_cubes"} | set(
        k for k in ("themes_strict", "coop_cubes") if scene.options.get(option_parent(k)))
    for k in shown:                                  # each option's label fits its button (the widget note)
        scene.set_focus(scene.widgets[f"opt_{k}"])
        blits = drawn(app, scene)
        bad = [(b.text, tuple(b.rect), tuple(b.box)) for b in blits if not b.fits]
        assert not bad, (k, bad[:3])
        told = "".join(b.text for b in blits).replace(" ", "")
        assert scene.options_about()[0].replace(" ", "") in told, k        # the focused option's line, whole
    rects = [scene.widgets[f"opt_{k}"].rect for k in shown]
    left = scene.r(30, 110, 610, 530)
    for i, r in enumerate(rects):
        assert left.contains(r) and not any(r.colliderect(o) for o in rects[i + 1:])
        assert not any(r.colliderect(scene.widgets[f"kind_{s}"].rect) for s in range(seats))
    assert max(r.bottom for r in rects) <= scene.widgets["seed"].rect.top < scene.widgets["start"].rect.top
    assert not [b.text for b in blits if b.text.endswith("…")]        # nothing cut short


def test_another_games_set_up_is_as_before():
    """Sumoku: one column of full-width option rows at x=60, nothing greyed, the about
    line under the seed, Start enabled."""
    app, scene = open_setup("sumoku")
    opts = scene.active_options()
    assert opts and scene._cols == 1
    for o in opts:
        r = scene.widgets[f"opt_{o['key']}"].rect
        assert (r.x, r.w) == (scene.r(60, 0, 540, 1).x, scene.r(60, 0, 540, 1).w)
        assert scene.widgets[f"opt_{o['key']}"].is_enabled
    assert scene.blocked_lines() == [] and scene.refusal() is None and scene.widgets["start"].is_enabled


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_many_greyed_options_are_named_and_the_one_pointed_at_says_why(lang, size):
    app, scene = open_setup("paperback", size, lang)
    scene.seats = 5
    scene.options["simultaneous"] = True                 # it rules out several options at once
    scene.rebuild()
    greyed = [o for o in scene.active_options() if not scene.widgets[f"opt_{o['key']}"].is_enabled]
    assert len(greyed) > 2
    names = i18n.t("ui.list_sep").join(i18n.t(o["label"]) for o in greyed)
    assert scene.blocked_lines(full=False) == [i18n.t("ui.setup.greyed", options=names)]   # too many to tell
    blits = drawn(app, scene)
    assert not [b for b in blits if not b.fits] and not [b.text for b in blits if b.text.endswith("…")]
    text = "".join(b.text for b in blits).replace(" ", "")
    assert i18n.t("ui.setup.greyed", options=names).replace(" ", "") in text
    powers = scene.widgets["opt_powers"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=powers.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    blits = drawn(app, scene)
    why = i18n.t("ui.label_value", label=i18n.t("paperback.opt.powers"), value=option_conflict({"simultaneous": True},
                                                                                              "powers"))
    assert scene.blocked_lines(full=False)[0] == why
    assert why.replace(" ", "") in "".join(b.text for b in blits).replace(" ", "")
    assert not [b for b in blits if not b.fits] and not [b.text for b in blits if b.text.endswith("…")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_by_keyboard_the_focused_option_says_why_it_greys_the_others(lang, size):
    """Greyed options take no focus, so a keyboard player focuses the option that is on:
    the reasons of those it rules out are told, as many as fit whole, the rest named."""
    app, scene = open_setup("paperback", size, lang)
    scene.seats = 5
    scene.options["simultaneous"] = True
    scene.rebuild()
    greyed = [o for o in scene.active_options() if not scene.widgets[f"opt_{o['key']}"].is_enabled]
    scene.set_focus(scene.widgets["opt_simultaneous"])
    blits = drawn(app, scene)
    assert not [b for b in blits if not b.fits] and not [b.text for b in blits if b.text.endswith("…")]
    text = "".join(b.text for b in blits).replace(" ", "")
    told = [o for o in greyed if i18n.t("ui.label_value", label=i18n.t(o["label"]), value=option_conflict(
        {"simultaneous": True}, o["key"])).replace(" ", "") in text]
    assert told, "no reason told for the focused option"
    untold = [o for o in greyed if o not in told]
    if untold:                        # named in the one line (short when room is short)
        names = i18n.t("ui.list_sep").join(i18n.t(o["label"]) for o in untold)
        assert any(i18n.t(k, options=names).replace(" ", "") in text
                   for k in ("ui.setup.greyed", "ui.setup.greyed_short"))


def test_any_game_that_declares_options_gets_their_words_from_the_framework():
    """Nothing game-specific words a conflict: a made-up game's declared pair and
    refinement are worded from its spec, its set-up labels and its forbid line."""
    from engine.core.options import Forbidden, OptionSpec
    from engine.core.spec import CommandSpec, GameSpec, VariantSpec
    spec = GameSpec(name="madeup", variants=(VariantSpec("classic", range(2, 4), 2),), hidden_information=False,
                    commands=(CommandSpec("go", ("went",)),),
                    options=(OptionSpec("fog"), OptionSpec("thick", needs="fog"), OptionSpec("sun")),
                    forbidden=(Forbidden("fog", "sun", "fog hides the sun"),))
    setup = {"options": [{"key": k, "label": f"ui.menu.{w}"} for k, w in
                         (("fog", "settings"), ("thick", "howto"), ("sun", "quit"))]}
    words = OptionWords(spec, setup)
    i18n.set_lang("en")
    assert words.parent("thick") == "fog" and words.parent("fog") is None
    why = i18n.t("madeup.opt.forbid.fog.sun")
    assert words.conflict({"fog": True}, "sun") == i18n.t("ui.opt.not_with", other=i18n.t("ui.menu.settings"), why=why)
    assert words.conflict({"fog": True, "sun": True}) == i18n.t(
        "ui.opt.forbidden", a=i18n.t("ui.menu.settings"), b=i18n.t("ui.menu.quit"), why=why)
    assert words.conflict({"thick": True}) == i18n.t(
        "ui.opt.needs", option=i18n.t("ui.menu.howto"), parent=i18n.t("ui.menu.settings"))
    assert words.conflict({"fog": True, "thick": True}) is None and words.conflict({"fog": False}, "sun") is None


def test_a_step_keeps_the_widgets_that_did_not_change_and_remakes_only_the_rest():
    """Stepping an option lays the screen out over the widgets there: those as they were
    are the same objects, the stepped one says its new value, one switched off by the step
    greys, a refinement shown by it is new, and one no longer shown is gone from the
    screen; a new language makes every widget anew."""
    app, scene = open_setup("paperback")
    parent, child = NEEDS[0][1], NEEDS[0][0]
    assert not scene.options.get(parent) and f"opt_{child}" not in scene.widgets
    before = dict(scene.widgets)
    click(app, scene.widgets[f"opt_{parent}"])
    assert scene.options[parent]
    after = scene.widgets
    assert after["back"] is before["back"] and after["howto"] is before["howto"] and after["seed"] is before["seed"]
    stepped = after[f"opt_{parent}"]
    assert stepped.text == scene.option_text(next(o for o in scene.active_options() if o["key"] == parent))
    assert f"opt_{child}" in after and not any(after[f"opt_{child}"] is w for w in before.values())
    alive = set(scene.manager.get_sprite_group().sprites())
    assert all(w in alive for w in after.values())
    moved = [w for oid, w in before.items() if after.get(oid) is not w]
    assert all(w not in alive for w in moved)
    click(app, scene.widgets[f"opt_{parent}"])                      # off again: the refinement goes
    assert f"opt_{child}" not in scene.widgets
    assert all(w in set(scene.manager.get_sprite_group().sprites()) for w in scene.widgets.values())
    kept = dict(scene.widgets)
    i18n.set_lang("zh-TW")
    app.relayout()
    app.step()
    assert not any(scene.widgets[oid] is w for oid, w in kept.items() if oid in scene.widgets)


def test_the_focus_stays_with_its_widget_when_a_step_adds_one_before_it():
    """Start has the focus on arrival; switching on an option that shows its refinement (a
    new widget earlier in the focus ring) leaves the focus on Start, not on whatever now
    stands at its old place in the ring; likewise after a new language."""
    app, scene = open_setup("paperback")
    assert scene.focused is scene.widgets["start"]
    parent = next(o for o in scene.active_options() if o["key"] == NEEDS[0][1])
    scene.step_option(parent, 1)
    assert f"opt_{NEEDS[0][0]}" in scene.widgets
    assert scene.focused is scene.widgets["start"]
    i18n.set_lang("zh-TW")
    app.relayout()
    app.step()
    assert scene.focused is scene.widgets["start"]
