#!/usr/bin/env bash
# Every test: Swift unit, golden-file and page-script tests (the page scripts run under
# node), then the end-to-end tests in headless Chromium, budgets and HTML validity.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test --skip-build
# A bounded fuzz run: the committed seeds, then 10,000 seeded random mutations of them, one
# input per core. The debug build takes about 20 ms of CPU per mutation (10,000 in 221 s on a
# busy 2-core machine); fewer than 10,000 within the limit fails the run, see --help.
.build/debug/QuizgenFuzz Tests/Fuzz/corpus --mutations 10000 --seconds 600
QUIZGEN="$PWD/.build/debug/quizgen" python3 -m pytest -q Tests/e2e
