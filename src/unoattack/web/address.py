"""Where a table can be reached: the address phones are given, and when they cannot be.

A host who opens the page on ``localhost`` must not hand phones a ``localhost`` link:
on a phone it names the phone. So the server learns its address on the local network
when it starts (:func:`lan_address`), prints that one, warns in one line when phones
cannot reach it at all (:func:`reach_warning`), and gives invite links the network
address whenever the page itself was opened on a loopback address (:func:`invite_base`).

>>> home_url("0.0.0.0", 8000, public_url=None, lan="192.168.1.20")
'http://192.168.1.20:8000'
>>> invite_base("localhost", public_url=None, lan_url="http://192.168.1.20:8000")
'http://192.168.1.20:8000'
>>> print(reach_warning("127.0.0.1", None, "192.168.1.20"))  # doctest: +NORMALIZE_WHITESPACE
Only this computer can open it: the server listens on 127.0.0.1. To let phones on your
network join, start it with --host 0.0.0.0.
"""

from __future__ import annotations

import ipaddress
import socket

#: Addresses that mean "every interface of this machine".
WILDCARDS = ("0.0.0.0", "::", "")


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` names this machine only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if not host:
        return False
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none.

    No packet is sent: connecting a UDP socket only asks the system which of its
    addresses would be used to reach a (documentation-only) outside address.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if is_loopback(address) or address in WILDCARDS else address


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port``, in a few words, or None.

    Checked before anything is printed, so that a mistyped ``--host`` or a port in use
    ends in one line rather than an address, a QR code and then uvicorn's error. The
    socket is bound as uvicorn binds it (``SO_REUSEADDR``) and closed at once.
    """
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError) as exc:
        return f"no such address to listen on: {host} ({getattr(exc, 'strerror', None) or exc})"
    family, kind, protocol, _, where = found[0]
    try:
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(where)
    except OSError as exc:
        return f"cannot listen on {_url(host, port)[len('http://') :]}: {exc.strerror or exc}"
    return None


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def home_url(host: str, port: int, public_url: str | None, lan: str | None) -> str:
    """The address to print for people to open: ``--public-url`` if given, else this
    machine's network address when the server listens on every interface."""
    if public_url:
        return public_url.rstrip("/")
    if host in WILDCARDS:
        return _url(lan or "localhost", port)
    return _url(host, port)


def lan_url(host: str, port: int, public_url: str | None, lan: str | None) -> str | None:
    """The address phones on the network use, when the server listens where they can
    reach it and ``--public-url`` does not say otherwise; None when there is none."""
    if public_url or lan is None or host not in WILDCARDS:
        return None
    return _url(lan, port)


def reach_warning(host: str, public_url: str | None, lan: str | None) -> str | None:
    """One line when phones cannot open the printed address, saying how to fix it."""
    if public_url:
        return None
    if is_loopback(host):
        return (
            f"Only this computer can open it: the server listens on {host}. "
            "To let phones on your network join, start it with --host 0.0.0.0."
        )
    if host in WILDCARDS and lan is None:
        return (
            "Only this computer can open it: it has no address on a network. "
            "Connect it to the Wi-Fi the phones use and start the server again "
            "(or give the address they reach it at with --public-url)."
        )
    return None


def invite_base(page_host: str | None, public_url: str | None, lan_url: str | None) -> str | None:
    """The start of invite links for a page opened at ``page_host``: ``--public-url`` if
    given; the network address when the page was opened on a loopback address (a
    ``localhost`` link would name the phone); else None: the page's own origin."""
    if public_url:
        return public_url.rstrip("/")
    if lan_url and is_loopback(page_host):
        return lan_url
    return None
