"""UNO Attack! in the browser: a FastAPI server, a WebSocket protocol and a static page.

``unoattack serve`` starts it (docs/web.md); docs/protocol.md describes the protocol.
The server holds no rule: it asks the engine for legal actions, applies them, and sends
each seat its own view and redacted events only.
"""
