"""Generated engine modules, written by `dunec build`. Do not edit."""
