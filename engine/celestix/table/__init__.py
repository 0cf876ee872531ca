"""What the trick-taking games share: seats, tricks and the chip ledger."""
