"""A terminal table for UNO Attack! (Textual): ``unoattack play`` and ``unoattack replay``.

The table renders the engine's views and events and sends it the actions a player
chooses; no rule lives here. See docs/tui.md.
"""
