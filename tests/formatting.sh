#!/usr/bin/env bash
# Fails when a C++ file of the repository differs from what clang-format makes of it under
# .clang-format, and names the files. usage: formatting.sh REPOSITORY_ROOT
set -euo pipefail
cd "${1:?usage: formatting.sh REPOSITORY_ROOT}"
command -v clang-format >/dev/null || { echo "formatting.sh: clang-format is not installed (Debian: clang-format)"; exit 1; }
unformatted=$(git ls-files -z '*.hpp' '*.cpp' '*.cu' | xargs -0 -n 40 clang-format --dry-run 2>&1 \
              | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$unformatted" ]; then
  echo "$unformatted" | sed 's/^/not formatted: /'
  echo "formatting: $(echo "$unformatted" | wc -l) file(s) differ from clang-format; run: git ls-files '*.hpp' '*.cpp' '*.cu' | xargs clang-format -i"
  exit 1
fi
echo "formatting: every C++ file is as clang-format makes it"
