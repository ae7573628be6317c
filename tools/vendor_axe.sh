#!/bin/sh
# Fetch axe-core (the accessibility checker the browser tests inject into each
# page) from the npm registry at a pinned version, into _vendor_test/axe/.
# Only the tests use it: the folder is not part of the book.
# Run from the repository root; needs node/npm.
set -eu
AXE_CORE=4.14.1
out=_vendor_test/axe
if [ -f "$out/.version" ] && [ "$(cat "$out/.version")" = "$AXE_CORE" ]; then
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "axe-core@$AXE_CORE" >/dev/null)
rm -rf "$out"
mkdir -p "$out"
tar xzf "$tmp/axe-core-$AXE_CORE.tgz" -C "$tmp"
cp "$tmp/package/axe.min.js" "$tmp/package/LICENSE" "$out/"
echo "$AXE_CORE" > "$out/.version"
echo "vendored axe-core $AXE_CORE into $out"
