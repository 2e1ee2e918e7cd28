"""Playing: computer players, bot-against-bot simulation, the coach and its game review.

It owns `bots` (`RandomBot`, `GreedyBot`, and playing rounds and games with them), `simulate`
(per-round statistics of bot-against-bot rounds), `coach` and `coach_words` (the coach's advice
and its plain words), `review` (the coach's opinion of a recorded game) and `followers` (two weak
players and a player that follows every hint, for measuring what hints are worth). Bots choose only among
the engine's legal actions.
"""
