"""Which address the table's phones can reach: the computer's address on the local network.

Read from the network interfaces (`ifaddr`), so no packet is sent to find it out.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

#: Home and hotspot networks first; 172.16/12 last, where container bridges usually sit.
PREFERRED = tuple(ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8"))


def lan_address() -> str | None:
    """The computer's IPv4 address on the local network, or None when it has none."""
    import ifaddr

    return pick(ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                if isinstance(ip.ip, str))


def local(host: str) -> bool:
    """Whether only this computer can open an address on `host`: a code to scan is for
    phones, so none for such an address."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def pick(addresses: Iterable[str]) -> str | None:
    """The address to print and put in the QR code: not loopback, link-local or multicast;
    a home network's before any other, else the first one the system lists."""
    usable = []
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_link_local or address.is_multicast
                or address.is_unspecified):
            usable.append(address)
    for network in PREFERRED:
        for address in usable:
            if address in network:
                return str(address)
    return str(usable[0]) if usable else None
