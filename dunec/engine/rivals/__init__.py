"""House Hagal rivals: their deck, their turns, and their side of each mechanism."""
