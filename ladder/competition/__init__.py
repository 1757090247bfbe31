"""A season's competition across club nights (pure: plain data in, plain data out).

* :mod:`ladder.competition.keizer` — the Keizer system (docs/competitions.md): the table after
  every round (:func:`~ladder.competition.keizer.compute`,
  :func:`~ladder.competition.keizer.standings`) and the pairing of the next round
  (:func:`~ladder.competition.keizer.pair`, :func:`~ladder.competition.keizer.pair_round`).
* :mod:`ladder.competition.keizer_params` — the club's Keizer settings, each with its default.
* :mod:`ladder.competition.season` — the season as played: members, attendance, games.
* :mod:`ladder.competition.exchange` — the season and its settings as the exchange JSON
  (read and written back).

Nothing here imports Flask or SQLAlchemy; what a person reads leaves as a message id with its
values (:class:`~ladder.competition.errors.CompetitionError`,
:class:`~ladder.competition.keizer_score.Reason`), translated at the web edge.
"""
