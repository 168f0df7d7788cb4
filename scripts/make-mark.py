#!/usr/bin/env python3
"""Draws Assets/proscenium-mark.png, the demo's logo: a stage arch over a gradient, anti-aliased by
supersampling. Standard library only, so anyone can regenerate it."""
import math, struct, zlib, os

SIZE, SS = 96, 4

def coverage(x, y):
    """Returns (alpha, arch) for a pixel: inside the rounded square, and inside the white arch."""
    inside = arch = 0
    for sy in range(SS):
        for sx in range(SS):
            px, py = x + (sx + 0.5) / SS, y + (sy + 0.5) / SS
            r = 22
            dx = max(r - px, 0, px - (SIZE - r)); dy = max(r - py, 0, py - (SIZE - r))
            if dx * dx + dy * dy <= r * r:
                inside += 1
                # The arch: a half-disc on a rectangle, like a proscenium opening.
                cx, top, w, bottom = SIZE / 2, 30, 26, 78
                in_rect = abs(px - cx) <= w and top <= py <= bottom
                in_cap = (px - cx) ** 2 + (py - top) ** 2 <= w * w
                if in_rect or in_cap:
                    arch += 1
    n = SS * SS
    return inside / n, arch / n

rows = []
for y in range(SIZE):
    row = bytearray([0])
    for x in range(SIZE):
        a, arch = coverage(x, y)
        t = (x + y) / (2 * SIZE)
        base = (int(255 * (1 - t) + 120 * t), int(64 * (1 - t) + 40 * t), int(90 * (1 - t) + 200 * t))
        color = [round(c * (1 - arch * 0.85) + 255 * arch * 0.85) for c in base]
        row += bytes(color + [round(255 * a)])
    rows.append(bytes(row))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
path = os.path.join(os.path.dirname(__file__), "..", "Assets", "proscenium-mark.png")
with open(path, "wb") as f:
    f.write(png)
print("wrote", os.path.normpath(path))
