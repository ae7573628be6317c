#!/bin/sh
# Fill _vendor_static/widgets/ with the widget JavaScript the static pages need,
# from the npm registry at pinned versions (no CDN at read time).
# Run from the repository root; needs node/npm.
set -eu
HTML_MANAGER=1.0.15
REQUIREJS=2.3.7
# anywidget's front end (an anonymous AMD module that require.js loads by the name
# "anywidget", see local-config.js): the same version as the Python pin in requirements.txt
ANYWIDGET=0.11.0
out=_vendor_static/widgets
versions="$HTML_MANAGER $REQUIREJS $ANYWIDGET"
if [ -f "$out/.versions" ] && [ "$(cat "$out/.versions")" = "$versions" ]; then
  cp tools/local-config.js "$out/"  # make runs this when local-config.js changed
  touch "$out/.versions"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@jupyter-widgets/html-manager@$HTML_MANAGER" "requirejs@$REQUIREJS" \
  "anywidget@$ANYWIDGET" >/dev/null)
rm -rf "$out"
mkdir -p "$out/html-manager"
tar xzf "$tmp/jupyter-widgets-html-manager-$HTML_MANAGER.tgz" -C "$tmp"
cp "$tmp"/package/dist/embed-amd.js "$tmp"/package/dist/*.eot "$tmp"/package/dist/*.svg \
   "$tmp"/package/dist/*.ttf "$tmp"/package/dist/*.woff* "$out/html-manager/"
rm -rf "$tmp/package"
tar xzf "$tmp/requirejs-$REQUIREJS.tgz" -C "$tmp"
cp "$tmp/package/require.js" "$out/"
rm -rf "$tmp/package"
mkdir -p "$out/anywidget"
tar xzf "$tmp/anywidget-$ANYWIDGET.tgz" -C "$tmp"
cp "$tmp/package/dist/index.js" "$out/anywidget/index.js"
cp tools/local-config.js "$out/"
echo "$versions" > "$out/.versions"
echo "vendored widget JavaScript into $out"
