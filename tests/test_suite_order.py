"""The suite's order (tests/support/order.py): the browser modules, which mostly wait,
are spread through the collection so that each xdist worker's share holds some of them."""
from __future__ import annotations

from dataclasses import dataclass

from support.order import run_order, spread


@dataclass
class Item:
    nodeid: str


def modules(items):
    out = []
    for it in items:
        m = it.nodeid.split("::")[0]
        if not out or out[-1] != m:
            out.append(m)
    return out


def collection(n_fast=40, n_slow=4, per=3):
    items = [Item(f"tests/browser/test_b{k}.py::t{i}") for k in range(n_slow) for i in range(per)]
    items += [Item(f"tests/test_f{k:02d}.py::t") for k in range(n_fast)]
    return items


def test_each_quarter_of_the_run_holds_a_browser_module_and_nothing_is_lost():
    items = run_order(collection())
    assert sorted(it.nodeid for it in items) == sorted(it.nodeid for it in collection())
    order = modules(items)
    assert len(order) == len(set(order))               # each module's tests together
    fast = [m for m in order if "browser" not in m]
    assert fast == sorted(fast)                        # the others in their order
    quarter = len(items) // 4
    for q in range(4):
        assert any("browser" in it.nodeid for it in items[q * quarter:(q + 1) * quarter]), q
    for k in range(4):                                 # a module's own order kept
        ids = [it.nodeid for it in items if f"test_b{k}.py" in it.nodeid]
        assert ids == [f"tests/browser/test_b{k}.py::t{i}" for i in range(3)]


def test_a_run_without_browser_tests_or_with_only_them_keeps_its_order():
    fast = [Item(f"tests/test_f{k}.py::t") for k in range(5)]
    assert spread(fast, lambda it: it.nodeid, lambda m: "browser" in m) == fast
    slow = collection(n_fast=0)
    assert spread(slow, lambda it: it.nodeid.split("::")[0], lambda m: "browser" in m) == slow


def test_this_run_is_in_that_order(request):
    """The hook in tests/conftest.py put this run's items in that order."""
    items = request.session.items
    assert request.node in items
    assert run_order(items) == items
