#!/usr/bin/env python3
"""Copies between two GPUs of one host through PyTorch (present on the GPU nodes it ran on): whether
each pair has peer access, three 4 GiB copies GPU 0 -> GPU 1 (the first pays for mapping the peer's
memory), two on GPU 0 (its own bandwidth) and the time of a 4 GiB allocation. The measurement
behind parallel::peer_workspace (kept open from one gather to the next).

usage: peer_copy_probe.py        (on a machine with two GPUs or more)
"""
import time

import torch

BYTES = 4 << 30


def timed(copy, devices):
    for d in devices:
        torch.cuda.synchronize(d)
    start = time.perf_counter()
    copy()
    for d in devices:
        torch.cuda.synchronize(d)
    return time.perf_counter() - start


def main():
    count = torch.cuda.device_count()
    print("devices", count)
    for a in range(count):
        print(a, [torch.cuda.can_device_access_peer(a, b) for b in range(count)])
    x = torch.empty(BYTES, dtype=torch.uint8, device="cuda:0")
    y = torch.empty(BYTES, dtype=torch.uint8, device="cuda:1")
    for _ in range(3):
        seconds = timed(lambda: y.copy_(x), [0, 1])
        print(f"0->1 {BYTES / 2**30:.0f} GiB {seconds * 1e3:.1f} ms {BYTES / seconds / 1e9:.0f} GB/s")
    z = torch.empty(BYTES, dtype=torch.uint8, device="cuda:0")
    for _ in range(2):
        seconds = timed(lambda: z.copy_(x), [0])
        print(f"0->0 {seconds * 1e3:.1f} ms {BYTES / seconds / 1e9:.0f} GB/s")
    for _ in range(2):
        start = time.perf_counter()
        torch.empty(BYTES, dtype=torch.uint8, device=f"cuda:{count - 1}")
        torch.cuda.synchronize(count - 1)
        print(f"alloc 4 GiB {1e3 * (time.perf_counter() - start):.1f} ms")


if __name__ == "__main__":
    main()
