"""Where ``canasta-learn lessons`` and ``canasta-learn play`` serve: the port, and the URL to print.

JupyterLab (default port 8888) and Voila (8866) move to the next port when theirs is taken, so
a URL printed before they start could name a port they do not serve. Here the port is chosen
first, the first free one from the default (or the one given after ``--``), and passed with
``port_retries=0``: the server serves there or stops saying the port is in use, and the URL the
command prints is the one it serves.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence

__all__ = ["free_port", "given_option", "serving_arguments", "url_host"]


def given_option(extra: Sequence[str], names: Sequence[str]) -> str | None:
    """The value of the first of ``names`` (``--port``, ``--ServerApp.port``...) given in
    ``extra`` as ``--name=value`` or ``--name value``, else None.

    >>> given_option(["--no-browser", "--port", "9000"], ["--port"])
    '9000'
    >>> given_option(["--ServerApp.port=9001"], ["--port", "--ServerApp.port"])
    '9001'
    """
    for position, item in enumerate(extra):
        for name in names:
            if item.startswith(name + "="):
                return item.split("=", 1)[1]
            if item == name and position + 1 < len(extra):
                return extra[position + 1]
    return None


def port_is_free(port: int) -> bool:
    """Whether nothing listens on ``port`` of this machine (a test bind on every address)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("", port))
        except OSError:
            return False
    return True


def free_port(start: int, tries: int = 50) -> int:
    """The first free port from ``start`` (as the servers themselves would look), else one the
    system picks."""
    for port in range(start, start + tries):
        if port_is_free(port):
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("", 0))
        chosen: int = probe.getsockname()[1]
        return chosen


def serving_arguments(extra: Sequence[str], app: str, default_port: int) -> tuple[list[str], int]:
    """``extra`` with the port made explicit for the server ``app`` (``ServerApp`` or
    ``Voila``): (the arguments, the port it will serve on).

    A port given in ``extra`` is kept; otherwise the first free one from ``default_port`` is
    added. ``port_retries=0`` is added unless given, so that the server never moves elsewhere.
    """
    arguments = list(extra)
    given = given_option(arguments, ["--port", f"--{app}.port"])
    if given is not None and given.isdigit():
        port = int(given)
    else:
        port = free_port(default_port)
        arguments.append(f"--port={port}")
    if given_option(arguments, [f"--{app}.port_retries"]) is None:
        arguments.append(f"--{app}.port_retries=0")
    return arguments, port


def url_host(extra: Sequence[str], app: str) -> str:
    """The host name for the printed URL: the ``--ip`` given in ``extra`` unless it means every
    address, else ``localhost`` (the servers' default).

    >>> url_host(["--ip=127.0.0.1"], "ServerApp"), url_host(["--ip", "0.0.0.0"], "ServerApp")
    ('127.0.0.1', 'localhost')
    """
    given = given_option(extra, ["--ip", f"--{app}.ip"])
    return given if given and given not in {"0.0.0.0", "*", "::"} else "localhost"
