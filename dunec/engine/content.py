"""Kept for callers of the old path: content loading lives in dunec/content.py
(above both back-ends), the definition metadata in dunec/ir/meta.py."""
from dunec.content import ContentError, check_cards, from_model, load  # noqa: F401
from dunec.ir.meta import Content, meta_of  # noqa: F401
