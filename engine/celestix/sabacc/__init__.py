"""Contract Sabacc (RULES.md section 3): the rules engine, its bots and simulator."""
