"""A game's SETUP (the set-up screen's spec, scenes/registry.py) made from its declaration
(engine/core/spec.py): the seats, the variants and the options with their values,
defaults, variants and the option each refines all come from the GameSpec; the scene
package gives only the words (catalog keys). An option the set-up offers without words,
or words for an option the game does not offer, is an error: the list of options is
written once, in the spec."""
from __future__ import annotations

from typing import Any, Mapping

from engine.core.spec import GameSpec

# {option key: {"label": catalog key, "about": catalog key (optional),
#               "choices": {value: catalog key} (a "choice" option's values)}}
Labels = Mapping[str, Mapping[str, Any]]


def setup_of(spec: GameSpec, labels: Labels, variant_labels: Mapping[str, str] | None = None) -> dict[str, Any]:
    """SETUP for `spec`, worded by `labels` (and `variant_labels`: {variant id: catalog
    key}, else the spec's `<game>.variant.<id>`)."""
    offered = spec.setup_options()
    keys = [o.key for o in offered]
    extra = sorted(set(labels) - set(keys))
    if extra:
        raise ValueError(f"{spec.name}: words for options its spec does not offer at set-up: {extra}")
    missing = [k for k in keys if k not in labels]
    if missing:
        raise ValueError(f"{spec.name}: set-up options without words: {missing}")
    names = dict(variant_labels or {})
    return {
        "seats": spec.seats,
        "default_seats": spec.default_variant.default_seats,
        "variants": [(v.id, names.get(v.id) or v.label_key(spec.name),
                      {"seats": v.seats, "default_seats": v.default_seats}) for v in spec.variants],
        "options": [_entry(spec.name, o, labels[o.key]) for o in offered],
    }


def _entry(game: str, o: Any, words: Mapping[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"key": o.key, "label": words["label"], "type": o.kind, "default": o.default}
    if words.get("about"):
        entry["about"] = words["about"]
    if o.kind == "choice":
        named = words.get("choices") or {}
        unnamed = [v for v in o.values if v not in named]
        if unnamed or set(named) - set(o.values):
            raise ValueError(f"{game}: option {o.key}'s words name {sorted(map(repr, named))}, "
                             f"its values are {list(o.values)}")
        entry["choices"] = [(v, named[v]) for v in o.values]
    if o.variants:
        entry["variants"] = list(o.variants)
    if o.needs:
        entry["needs"] = o.needs
    return entry
