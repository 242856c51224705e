#!/usr/bin/env python3
"""Compiles every translation unit of a configured build against another Kokkos's headers,
syntax only: whether kamp's sources build on a Kokkos release that the build machine can read
but not link (a distribution's binary package of a newer release, unpacked into a folder).

The build's compile_commands.json gives each unit's command; the Kokkos include directory that
the build used is swapped for INCLUDE_DIR, the language standard for --std, and the compiler
runs with -fsyntax-only. Prints each unit as ok or FAIL with its first errors, then the count;
exits 1 when a unit fails.
usage: check_kokkos_headers.py BUILD_DIR INCLUDE_DIR [--std c++20] [-j JOBS] [--match TEXT]
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys


def syntax_command(entry, include_dir, std):
    """The unit's compile command against include_dir, syntax only, with no output file or PCH."""
    args = shlex.split(entry["command"])
    out, skip_next, swapped = [], False, False
    for i, arg in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if arg in ("-o", "-include"):
            skip_next = True
            continue
        if arg == "-Winvalid-pch":
            continue
        if arg.startswith("-std="):
            arg = "-std=" + std
        if i > 0 and args[i - 1] == "-isystem" and "kokkos" in arg.lower() and not swapped:
            arg, swapped = include_dir, True
        out.append(arg)
    if not swapped:
        raise SystemExit(f"check_kokkos_headers.py: {entry['file']}: no Kokkos -isystem directory in its command")
    return out + ["-fsyntax-only", "-w"]


def check(entry, include_dir, std):
    result = subprocess.run(syntax_command(entry, include_dir, std), cwd=entry["directory"],
                            capture_output=True, text=True)
    errors = [line for line in result.stderr.splitlines() if ": error:" in line]
    return entry["file"], result.returncode, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("include_dir")
    parser.add_argument("--std", default="c++20")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--match", default="", help="only the units whose path contains TEXT")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.include_dir, "Kokkos_Core.hpp")):
        raise SystemExit(f"check_kokkos_headers.py: no Kokkos_Core.hpp in {args.include_dir}")
    database = os.path.join(args.build_dir, "compile_commands.json")
    if not os.path.isfile(database):
        raise SystemExit(f"check_kokkos_headers.py: {database} does not exist: configure the build first")
    units = [e for e in json.load(open(database)) if args.match in e["file"]]
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, code, errors in pool.map(lambda e: check(e, args.include_dir, args.std), units):
            print(("FAIL " if code else "ok   ") + os.path.relpath(name, args.build_dir), flush=True)
            failed += bool(code)
            for line in errors[:5]:
                print("     " + line)
    print(f"{len(units) - failed} of {len(units)} units compile against {args.include_dir} ({args.std})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
