"""Everything a person sees: the scene stack, shared widgets and one package per game."""
