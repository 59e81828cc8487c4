#!/usr/bin/env bash
# One command for a fresh Debian machine: install what quizgen needs, build it (release),
# and build the sample site into public/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# Swift's own libraries linked in: the binary runs wherever it is copied, and starts faster.
# Only quizgen itself: the test helpers import Testing, which has no static library. A
# toolchain without static libraries (no usr/lib/swift_static) still gets a working binary.
if ! swift build -c release --static-swift-stdlib --product quizgen; then
    echo "setup: could not link Swift's libraries in; building against the installed ones" >&2
    swift build -c release --product quizgen
fi
.build/release/quizgen build
echo
echo "quizgen is at .build/release/quizgen; the sample site is in public/ (open public/index.html)."
echo "To use quizgen from any folder: sudo install -m 755 .build/release/quizgen /usr/local/bin/"
