"""The rules, one module per mechanism, as functions of the engine (first argument `e`)."""
