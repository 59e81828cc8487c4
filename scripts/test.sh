#!/usr/bin/env bash
# Every test: Swift unit, golden-file and page-script tests (the page scripts run under
# node), then the end-to-end tests in headless Chromium, budgets and HTML validity.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test --skip-build
# A short, bounded fuzz run: the committed seeds, then seeded random mutations of them.
.build/debug/QuizgenFuzz Tests/Fuzz/corpus --mutations 1000 --seconds 30
QUIZGEN="$PWD/.build/debug/quizgen" python3 -m pytest -q Tests/e2e
