"""Playing: computer players, bot-against-bot simulation, the coach and its game review.
"""
