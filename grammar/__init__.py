"""The grammar of the card language (data: dune.lark)."""
