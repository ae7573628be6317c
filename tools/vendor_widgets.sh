#!/bin/sh
# Fill _vendor_static/widgets/ with the widget JavaScript the static pages need,
# from the npm registry at pinned versions (no CDN at read time).
# Run from the repository root; needs node/npm.
set -eu
HTML_MANAGER=1.0.15
REQUIREJS=2.3.7
out=_vendor_static/widgets
if [ -f "$out/.versions" ] && [ "$(cat "$out/.versions")" = "$HTML_MANAGER $REQUIREJS" ]; then
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@jupyter-widgets/html-manager@$HTML_MANAGER" "requirejs@$REQUIREJS" >/dev/null)
rm -rf "$out"
mkdir -p "$out/html-manager"
tar xzf "$tmp/jupyter-widgets-html-manager-$HTML_MANAGER.tgz" -C "$tmp"
cp "$tmp"/package/dist/embed-amd.js "$tmp"/package/dist/*.eot "$tmp"/package/dist/*.svg \
   "$tmp"/package/dist/*.ttf "$tmp"/package/dist/*.woff* "$out/html-manager/"
rm -rf "$tmp/package"
tar xzf "$tmp/requirejs-$REQUIREJS.tgz" -C "$tmp"
cp "$tmp/package/require.js" "$out/"
cp tools/local-config.js "$out/"
echo "$HTML_MANAGER $REQUIREJS" > "$out/.versions"
echo "vendored widget JavaScript into $out"
