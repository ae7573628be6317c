#!/bin/sh
# Install JupyterHub's proxy, configurable-http-proxy, from the npm registry at
# a pinned version into _vendor_test/chp/ (its own node_modules/ there), for the
# local JupyterHub trial of deploy/ and its browser test.  Not part of the book.
# Run from the repository root; needs node/npm.
set -eu
CHP=5.3.0
out=_vendor_test/chp
if [ -f "$out/.version" ] && [ "$(cat "$out/.version")" = "$CHP" ] \
   && [ -x "$out/node_modules/.bin/configurable-http-proxy" ]; then
  exit 0
fi
rm -rf "$out"
mkdir -p "$out"
# a package.json of our own, so npm installs here and not in a parent folder
printf '{"name": "thirteen-chp", "private": true}\n' > "$out/package.json"
(cd "$out" && npm install --silent --no-audit --no-fund --save-exact \
  "configurable-http-proxy@$CHP" >/dev/null)
"$out/node_modules/.bin/configurable-http-proxy" --version >/dev/null
echo "$CHP" > "$out/.version"
echo "installed configurable-http-proxy $CHP into $out"
