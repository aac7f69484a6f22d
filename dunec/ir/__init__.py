"""Stage 3: the lowered intermediate representation both back-ends consume."""
