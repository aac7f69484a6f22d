"""The bundled card sets (data: */*.dune)."""
