"""The join link as a QR code: an inline SVG made by ``segno`` (no image files, no network)."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_svg"]


def qr_svg(url: str, *, scale: int = 6) -> str:
    """``url`` as an SVG element (no XML declaration), ready to put inside a page."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=scale,
        border=2,
        xmldecl=False,
        svgns=True,
        title="QR code of the room's join link",
        svgclass="qr",
        lineclass=None,
        dark="#000",
        light="#fff",
    )
    return out.getvalue().decode("utf-8")
