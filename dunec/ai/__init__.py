"""Adapters for engine builders (`pip install 'dunec[ai]'`): an OpenSpiel game,
a PettingZoo AEC environment, and a search player over `Game.clone()`.

The adapters import their library only when used, so `dunec.ai.search` and
`dunec.ai.features` work without the extra.
"""
