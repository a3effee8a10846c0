"""Experiment logic too large for a notebook (membership game, NILM, taxi, census)."""
