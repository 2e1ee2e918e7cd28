"""Game records: the versioned JSON format, the teaching notes and annotations, the shipped example
games.
"""
