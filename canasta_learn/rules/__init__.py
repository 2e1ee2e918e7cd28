"""The rules of Canasta, one module per topic, as plain functions over a round's state that return
the problem (a code and its facts) or nothing. See docs/rules.md.

Each module is named after its rule topic (`melds`: legality, value and canasta kinds; `pile`:
the pile's state and every take check; `scoring`; `planning`: the searches over a hand; and the
others docs/architecture.md lists); docs/rule-index.md names the function that decides each rule.
The variant differences come from the hooks of `canasta_learn.variants`, never from testing a
profile field here.
"""
