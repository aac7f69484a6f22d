"""Stage 1: source text to AST (grammar loading, Lark tree to AST nodes)."""
