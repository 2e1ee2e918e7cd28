"""The engine: a round as an explicit state machine, a game of rounds, hypothetical positions, and
move generation.

It owns `round` (`Round`: the state, the ``verify_x`` / ``can_x`` / ``x`` triples, performing an
action and dispatching its checks to `canasta_learn.rules`), `game` (`Game`: rounds to the target
score), `position` (`Position`: a made-up hand and table) and `moves` (the legal actions, read
through `moves.RoundView`, so it never imports `round`). See docs/architecture.md.
"""
