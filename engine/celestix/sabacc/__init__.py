"""Contract Sabacc (RULES.md section 3): the rules engine and its bots."""
