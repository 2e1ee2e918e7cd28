"""The engine: a round as an explicit state machine, a game of rounds, hypothetical positions, and
move generation.
"""
