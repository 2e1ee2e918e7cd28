"""The basics every layer shares: cards and their notation, actions and their text forms, events,
verdicts, and the checks of arguments at the public entry points.

It owns `cards` (the `Card`, the notation, decks), `actions` (what a player may do, with its
one-line text form), `events` (what the rules then did), `verdicts` (`Verdict`, the verdict
codes, `IllegalActionError`), `inputs` (the argument checks of the public entry points) and
`extras` (which optional extra to install). It imports only `canasta_learn.profiles`, and the
renderer lazily, when a card or verdict is first shown in a notebook.
"""
