"""The review of a game record: each decision of a seat judged, and what each game adds.

* :mod:`celestix.review.replayed` -- the record replayed, every state kept;
* :mod:`celestix.review.game` -- what a game gives the review (``GameRules.reviewer()``);
* :mod:`celestix.review.trick` -- the part the trick games share;
* :mod:`celestix.review.job` -- the driver: the plan, the steps, the whole review.

The facade's ``review``, ``review_plan``, ``review_step`` and ``review_decision`` call
the driver (docs/REVIEW.md).
"""
