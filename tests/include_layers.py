#!/usr/bin/env python3
"""Checks that kamp's includes point down the layers (docs/ARCHITECTURE.md).

Every quoted #include of a source file names a folder of the repository; the including
file's folder must sit in a higher layer than the included one, or be the same folder.
Folders of one layer (the format folders; experiments and apps) know nothing of each other.
An instantiation template under cmake/instances/ belongs to the library that compiles it.
Prints each offending include as FILE:LINE and exits 1; exits 0 when every include points
down. usage: include_layers.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

# Bottom up. A folder may include its own files and those of any lower layer.
LAYERS = [
    ["core"],
    ["formats"],
    ["multi_double", "rns", "signed_digit"],
    ["elementary"],
    ["blas"],
    ["parallel"],
    ["sparse", "distributed_blas"],
    ["solvers"],
    ["harness"],
    ["experiments", "apps"],
    ["tests", "fuzz"],
]
RANK = {folder: rank for rank, folders in enumerate(LAYERS) for folder in folders}

# cmake/instances/<stem>.cpp.in -> the folder of the library it is compiled into.
INSTANCE_OWNERS = {"rns_kernels": "rns", "generic_kernels": "blas", "rns_blas_kernels": "blas"}

SOURCE_SUFFIXES = {".hpp", ".cpp", ".in"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def owner_of(root, path):
    """The layer folder a source file belongs to, or None for files outside the layers."""
    parts = path.relative_to(root).parts
    if parts[0] == "cmake" and len(parts) == 3 and parts[1] == "instances":
        stem = parts[2].split(".")[0]
        if stem not in INSTANCE_OWNERS:
            raise SystemExit(f"{path}: an instantiation template this check does not know; add it to INSTANCE_OWNERS")
        return INSTANCE_OWNERS[stem]
    return parts[0] if parts[0] in RANK else None


def violations(root):
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
            continue
        relative = path.relative_to(root)
        if relative.parts[0] in {"build", ".git"}:
            continue
        owner = owner_of(root, path)
        if owner is None:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1):
            match = INCLUDE.match(line)
            if not match or "/" not in match.group(1):
                continue
            target = match.group(1).split("/")[0]
            if target == owner:
                continue
            if target not in RANK:
                found.append(f"{relative}:{number}: includes \"{match.group(1)}\", outside every layer")
            elif RANK[target] >= RANK[owner]:
                found.append(f"{relative}:{number}: {owner}/ (layer {RANK[owner]}) includes \"{match.group(1)}\" "
                             f"from {target}/ (layer {RANK[target]}): includes must point down")
    return found


def self_test():
    """The check itself: an include up, one sideways and one down, in a scratch tree."""
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        files = {"core/a.hpp": '#include "blas/b.hpp"\n', "blas/b.hpp": '#include "core/a.hpp"\n',
                 "multi_double/c.hpp": '#include "rns/d.hpp"\n', "rns/d.hpp": "", "blas/e.hpp": '#include "blas/b.hpp"\n'}
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        found = violations(root)
        expected = ["core/a.hpp:1", "multi_double/c.hpp:1"]
        if [line.split(": ")[0] for line in found] != expected:
            raise SystemExit(f"include_layers.py --self-test: expected {expected}, got {found}")
    print("include layers self-test: 1 passed, 0 failed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    if not (root / "core").is_dir():
        raise SystemExit(f"include_layers.py: {root} is not kamp's repository root (no core/)")
    found = violations(root)
    for line in found:
        print(line)
    print(f"include layers: {len(found)} include(s) pointing up or sideways")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
