"""The static site's local server (``scripts/build_site.py``: ``serving``), without a browser.

A browser that closes a page while it is still downloading (Pyodide's runtime is megabytes)
drops the connection mid-transfer. That is no error of the site: the server stays quiet about it
and goes on serving.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.request
from pathlib import Path

import labdriver as ld
import pytest


def _handlers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "process_request_thread" in t.name]


def test_a_dropped_download_prints_nothing_and_the_server_goes_on(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    builder = ld.load_script("build_site")
    (tmp_path / "runtime.wasm").write_bytes(bytes(20_000_000))
    (tmp_path / "index.html").write_text("<p>Liverpool</p>", encoding="utf-8")
    with builder.serving(tmp_path) as url:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(b"GET /runtime.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert sock.recv(1024).startswith(b"HTTP/1.0 200")
            # close with a reset, as a browser tab that goes away does
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        deadline = time.monotonic() + 10
        while _handlers() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _handlers(), "the download's handler did not finish"
        with urllib.request.urlopen(url + "index.html", timeout=5) as answer:
            assert answer.read() == b"<p>Liverpool</p>"
    assert "Traceback" not in capfd.readouterr().err
