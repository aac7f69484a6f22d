"""Stage 2: name resolution, type and context checks, diagnostics."""
