"""Precedence, the two-pack patience (RULES.md section 2)."""
