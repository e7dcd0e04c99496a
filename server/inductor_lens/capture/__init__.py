"""``inductor-lens capture``: :mod:`.command` (the subcommand, step by step), :mod:`.run` (run a command unchanged with provenance on, into a
fresh trace folder), :mod:`.defaults` (its options' defaults and usage), :mod:`.summary`
(the captured trace opened through the front door and told in a few lines) and ``hook/``
(the ``sitecustomize`` start-up hook that runs inside the captured program; never imported here).

May import the front door, the analysis and the leaf helpers (the domain only where
tests/test_layout.py allows it); the hook imports nothing of this package.
"""
