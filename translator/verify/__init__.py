"""cmpi-verify: a port checked against its native program, rank by rank (docs/verify.md)."""
