"""Game records: the versioned JSON format, the teaching notes and annotations, the shipped example
games.

It owns `record` (`GameRecord`, which replays a game exactly, and its pandas tables), `notes`
(the engine's teaching note on every step), `annotate` (the notes attached to a record, the
replay text) and `examples` (the annotated games in ``canasta_learn/data/games``). `record`
never imports `annotate`; both use `notes`.
"""
