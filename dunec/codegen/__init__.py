"""Stage 4: IR to Python through Jinja templates, validated and written atomically."""
