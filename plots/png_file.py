"""Writes a matplotlib figure as a palette PNG.

A plot of a few lines on white uses far fewer than 256 colours, so an 8-bit palette keeps
every line and label while the file is a quarter of the 32-bit RGBA one. The plots are
committed beside the results, where their size counts.
"""
import io

from PIL import Image

PALETTE_COLOURS = 128  # anti-aliased edges of up to eight series stay smooth


def save_png(fig, path, dpi=120, **savefig_args):
    """fig.savefig(path, dpi=dpi, **savefig_args), quantised to PALETTE_COLOURS colours."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, **savefig_args)
    buffer.seek(0)
    with Image.open(buffer) as image:
        image.convert("RGB").quantize(colors=PALETTE_COLOURS).save(path, format="PNG", optimize=True)
