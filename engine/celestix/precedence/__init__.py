"""Precedence, the Imperial trick-taking game (RULES.md section 1)."""
