#!/usr/bin/env python3
"""Checks that every repository path cited in the documents and in code comments exists.

A cited path is a word that starts with one of the repository's tracked top-level folders or
files (`blas/gemv.hpp`, `experiments/comparisons/x.md`, `README.md`), or a relative Markdown
link (`[x](../experiments/y.md)`, resolved from the document's folder). It must be in the
repository, a tracked file or a folder that holds one, as a fresh clone has it: a document that
cites a deleted, renamed, untracked or ignored file sends its reader nowhere. A word with a pattern in it (`<machine>`, `*`, `{a,b}`, `$VAR`,
`...`) names a family of paths and is not checked. `COMMIT:path` names a file as it was at
that commit (a probe deleted since, for example) and must exist there.

Documents are the tracked Markdown files; code comments are the `//` and `/* */` comments of
C++ sources and the `#` comments of CMake, Python and shell files. Data files (CSV, logs,
profiles) are not read. Prints each dangling citation as FILE:LINE and exits 1; exits 0 when
every citation resolves. usage: repository_paths.py [REPOSITORY_ROOT] | --self-test
"""
import os
import pathlib
import re
import subprocess
import sys

C_FAMILY = {".hpp", ".cpp", ".cu", ".h"}
HASH_COMMENTED = {".py", ".sh", ".cmake"}
PATTERN_MARKS = ("<", ">", "*", "{", "}", "$", "...", "%", "[", "]")
WORD = re.compile(r"(?:(?<=[\s`'\"(=,])|^)((?:[0-9a-f]{7,40}:)?[A-Za-z0-9_.][A-Za-z0-9_./<>*{}$%\[\]-]*)")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
TRAILING = ".,:;'\"`)"
PLACEHOLDER = re.compile(r"[A-Z][A-Z_]+(\.[a-z0-9]+)?")  # fuzz/corpus/TARGET, results/MACHINE
COMPONENT_SUFFIXES = (".hpp", ".cpp", ".py", ".sh")  # core/parse_number: its header and source


def git(root, *args, check=True):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=check)


def tracked_files(root):
    return [line for line in git(root, "ls-files").stdout.splitlines() if line]


def comment_lines(path, text):
    """(line number, comment text) of a source file; the whole text of a Markdown file."""
    name = path.name
    suffix = pathlib.Path(path.stem).suffix if path.suffix == ".in" else path.suffix
    if suffix == ".md":
        return list(enumerate(text.splitlines(), start=1))
    lines = []
    if suffix in C_FAMILY:
        in_block = False
        for number, line in enumerate(text.splitlines(), start=1):
            if in_block:
                end = line.find("*/")
                lines.append((number, line if end < 0 else line[:end]))
                in_block = end < 0
                continue
            slash = line.find("//")
            block = line.find("/*")
            if slash >= 0 and (block < 0 or slash < block):
                lines.append((number, line[slash + 2:]))
            elif block >= 0:
                end = line.find("*/", block + 2)
                lines.append((number, line[block + 2:] if end < 0 else line[block + 2:end]))
                in_block = end < 0
        return lines
    if suffix in HASH_COMMENTED or name in {"CMakeLists.txt", "kamp", "run"} or text.startswith("#!"):
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.lstrip()
            if stripped.startswith("#") and not stripped.startswith("#!"):
                lines.append((number, stripped[1:]))
            elif " # " in line:
                lines.append((number, line.split(" # ", 1)[1]))
        return lines
    return []


def is_source(path):
    suffix = pathlib.Path(path.stem).suffix if path.suffix == ".in" else path.suffix
    return suffix in C_FAMILY | HASH_COMMENTED | {".md"} or path.name in {"CMakeLists.txt", "kamp", "run"}


def citations(root, relative, text, top_level):
    """(line, path as written, path to check from the root, commit or None) for each citation."""
    found = []
    for number, comment in comment_lines(root / relative, text):
        for match in WORD.finditer(comment):
            word = match.group(1).rstrip(TRAILING)
            commit = None
            if re.match(r"[0-9a-f]{7,40}:", word):
                commit, word = word.split(":", 1)
            first = word.split("/")[0]
            if first not in top_level or first == word and "." not in word:
                continue
            if any(mark in word for mark in PATTERN_MARKS) or any(PLACEHOLDER.fullmatch(part) for part in word.split("/")):
                continue
            found.append((number, match.group(1).rstrip(TRAILING), word.rstrip("/"), commit))
        if relative.suffix == ".md":
            for match in MARKDOWN_LINK.finditer(comment):
                target = match.group(1)
                if "://" in target or target.startswith("mailto:") or any(m in target for m in PATTERN_MARKS):
                    continue
                resolved = (root / relative.parent / target).resolve()
                try:
                    inside = resolved.relative_to(root.resolve())
                except ValueError:
                    found.append((number, target, None, None))
                    continue
                found.append((number, target, str(inside), None))
    return found


def tracked_paths(files):
    """Every tracked file and every folder that holds one: what a fresh clone has."""
    paths = set(files)
    for name in files:
        parts = name.split("/")
        paths.update("/".join(parts[:i]) for i in range(1, len(parts)))
    return paths


def dangling(root):
    root = pathlib.Path(root)
    files = tracked_files(root)
    top_level = {name.split("/")[0] for name in files}
    tracked = tracked_paths(files)
    found = []
    for name in files:
        relative = pathlib.Path(name)
        path = root / relative
        if not is_source(relative) or not path.is_file():
            continue
        text = path.read_text(errors="replace")
        for number, written, target, commit in citations(root, relative, text, top_level):
            if target is None:
                found.append(f"{name}:{number}: {written} points outside the repository")
            elif commit is not None:
                if git(root, "cat-file", "-e", f"{commit}:{target}", check=False).returncode != 0:
                    found.append(f"{name}:{number}: {written}: no {target} at commit {commit}")
            elif os.path.normpath(target) not in tracked and not any(
                    target + suffix in tracked for suffix in COMPONENT_SUFFIXES):
                ignored = git(root, "check-ignore", "-q", target, check=False).returncode == 0
                found.append(f"{name}:{number}: {written} " + ("is ignored by git (a build output, not a source)"
                                                              if ignored else "is not in the repository"))
    return found


def self_test():
    """The check itself: one good citation of each kind and one bad, in a scratch repository."""
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        files = {
            "core/a.hpp": "// see core/b.hpp and core/gone.hpp, also core/<name>.hpp\nint x; // \"core/b.hpp\"\n"
                          "// core/later.hpp is made after the commit, never added\n",
            "core/b.hpp": "/* block: core/missing.hpp */\n",
            "docs/d.md": "[ok](../core/a.hpp) [bad](../core/nope.md) `build/out.txt` ignored: core/out.log\n",
            "tools/t.py": "# tools/t.py names itself; tools/none.py does not exist\nx = 'core/nothing.hpp'\n",
            ".gitignore": "*.log\n",
        }
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        git(root, "init", "-q")
        git(root, "add", ".")
        git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "scratch")
        (root / "core/out.log").write_text("")
        (root / "core/later.hpp").write_text("")
        found = [line.split(": ")[0] + " " + line.split(": ")[1].split(" ")[0] for line in dangling(root)]
        expected = ["core/a.hpp:1 core/gone.hpp", "core/a.hpp:3 core/later.hpp", "core/b.hpp:1 core/missing.hpp",
                    "docs/d.md:1 ../core/nope.md", "docs/d.md:1 core/out.log", "tools/t.py:1 tools/none.py"]
        if sorted(found) != sorted(expected):
            raise SystemExit(f"repository_paths.py --self-test: expected {expected}, got {found}")
    print("repository paths self-test: 1 passed, 0 failed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    if not (root / ".git").exists():
        raise SystemExit(f"repository_paths.py: {root} is not a git work tree")
    found = dangling(root)
    for line in found:
        print(line)
    print(f"repository paths: {len(found)} citation(s) that resolve to nothing")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
