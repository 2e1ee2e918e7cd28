"""The basics every layer shares: cards and their notation, actions and their text forms, events,
verdicts, and the checks of arguments at the public entry points.
"""
