"""Click routing (scenes/common/clicks.py): the first target under a left click takes it."""
import pygame

from scenes.common.clicks import among, left_click, route


def press(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def test_only_a_left_press_is_a_click():
    assert left_click(press((3, 4))) == (3, 4)
    assert left_click(press((3, 4), button=3)) is None
    assert left_click(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 4), button=1)) is None
    assert left_click(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 4), rel=(0, 0), buttons=(0, 0, 0))) is None


def test_the_first_target_with_something_under_the_pointer_takes_the_click():
    hits = [("a", pygame.Rect(0, 0, 10, 10)), ("b", pygame.Rect(5, 5, 10, 10))]
    done = []
    targets = [(among(hits), lambda item: done.append(("hit", item))),
               (lambda pos: 0 if pos[0] < 30 else None, lambda n: done.append(("lay", n)))]
    assert route((6, 6), targets) and done == [("hit", "a")]            # both rects: the first
    assert route((12, 12), targets) and done[-1] == ("hit", "b")
    assert route((20, 20), targets) and done[-1] == ("lay", 0)          # a found 0 is something
    assert not route((40, 40), targets) and len(done) == 3
