"""Playing: computer players, bot-against-bot simulation, the coach and its game review.

It owns `bots` (`RandomBot`, `GreedyBot`, and playing rounds and games with them), `simulate`
(per-round statistics of bot-against-bot rounds), `coach` and `coach_words` (the coach's advice
and its plain words) and `review` (the coach's opinion of a recorded game). Bots choose only among
the engine's legal actions.
"""
