#!/usr/bin/env bash
# Coverage-guided fuzzing of the whole load → check → render → write path with libFuzzer.
#   scripts/fuzz.sh [RUNS] [extra libFuzzer options]
# RUNS defaults to 1,000,000 inputs. New interesting inputs go to .build-fuzz/corpus (the
# committed seeds in Tests/Fuzz/corpus are only read); crashes are written to .build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"
shift || true

export QUIZGEN_FUZZ=1
swift build -c release --product QuizgenFuzz --scratch-path .build-fuzz
binary="$(swift build -c release --scratch-path .build-fuzz --show-bin-path)/QuizgenFuzz"
mkdir -p .build-fuzz/corpus
"$binary" .build-fuzz/corpus Tests/Fuzz/corpus -runs="$runs" -timeout=10 -rss_limit_mb=4096 \
  -max_len=65536 -artifact_prefix=.build-fuzz/ -print_final_stats=1 "$@"
