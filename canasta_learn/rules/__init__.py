"""The rules of Canasta, one module per topic, as plain functions over a round's state that return
the problem (a code and its facts) or nothing. See docs/rules.md.
"""
