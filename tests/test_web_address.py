"""Where phones are sent: the address ``unoattack serve`` prints, the one-line warning
when phones cannot reach it, and the start of invite links (unoattack.web.address)."""

from __future__ import annotations

import pytest

from unoattack.web.address import (
    home_url,
    invite_base,
    is_loopback,
    lan_url,
    reach_warning,
)

LAN = "192.168.1.20"


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("LOCALHOST", True),
        ("app.localhost", True),
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("[::1]", True),
        ("192.168.1.20", False),
        ("0.0.0.0", False),
        ("uno.example.org", False),
        ("", False),
        (None, False),
    ],
)
def test_loopback_addresses_name_this_machine_only(host: str | None, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_a_server_on_every_interface_prints_its_network_address() -> None:
    assert home_url("0.0.0.0", 8000, None, LAN) == "http://192.168.1.20:8000"
    assert home_url("::", 8000, None, LAN) == "http://192.168.1.20:8000"
    assert lan_url("0.0.0.0", 8000, None, LAN) == "http://192.168.1.20:8000"
    assert reach_warning("0.0.0.0", None, LAN) is None


def test_a_server_on_loopback_warns_and_names_the_flag_that_fixes_it() -> None:
    assert home_url("127.0.0.1", 8000, None, LAN) == "http://127.0.0.1:8000"
    assert lan_url("127.0.0.1", 8000, None, LAN) is None
    assert reach_warning("127.0.0.1", None, LAN) == (
        "Only this computer can open it: the server listens on 127.0.0.1. "
        "To let phones on your network join, start it with --host 0.0.0.0."
    )
    assert "--host 0.0.0.0" in (reach_warning("localhost", None, LAN) or "")


def test_a_machine_without_a_network_warns_in_one_line() -> None:
    assert home_url("0.0.0.0", 8000, None, None) == "http://localhost:8000"
    assert lan_url("0.0.0.0", 8000, None, None) is None
    warning = reach_warning("0.0.0.0", None, None)
    assert warning is not None and "\n" not in warning
    assert warning.startswith("Only this computer can open it: it has no address on a network.")


def test_a_server_on_one_address_prints_that_address() -> None:
    assert home_url("192.168.1.20", 9000, None, LAN) == "http://192.168.1.20:9000"
    assert home_url("fe80::1", 9000, None, None) == "http://[fe80::1]:9000"
    assert reach_warning("192.168.1.20", None, None) is None
    # Phones reach it where it listens: the page's own origin is right.
    assert lan_url("192.168.1.20", 9000, None, LAN) is None


def test_a_public_url_wins_everywhere_and_silences_the_warning() -> None:
    public = "https://uno.example.org/"
    assert home_url("127.0.0.1", 8000, public, None) == "https://uno.example.org"
    assert lan_url("0.0.0.0", 8000, public, LAN) is None
    assert reach_warning("127.0.0.1", public, None) is None
    assert invite_base("localhost", public, None) == "https://uno.example.org"


def test_a_page_opened_on_localhost_invites_with_the_network_address() -> None:
    lan = "http://192.168.1.20:8000"
    assert invite_base("localhost", None, lan) == lan
    assert invite_base("127.0.0.1", None, lan) == lan
    # A page opened at an address phones reach keeps its own origin.
    assert invite_base("192.168.1.20", None, lan) is None
    assert invite_base("uno.home.arpa", None, lan) is None
    # No network address known: nothing better than the page's own origin.
    assert invite_base("localhost", None, None) is None
