"""Serve the built book on 127.0.0.1 (``make serve``), compressed where the build
left a compressed copy.

``make build`` writes ``<file>.gz`` beside each large text or WebAssembly file
(:func:`precompress`): Pyodide's ``pyodide.asm.wasm``, the widget manager's
JavaScript, JupyterLite's bundles.  A browser that accepts gzip gets that copy with
``Content-Encoding: gzip``, as a static host with precompressed files (nginx's
``gzip_static``, most CDNs) would serve it; other requests get the file itself.
Every answer says ``Cache-Control: no-cache``: a browser keeps the files and asks
again on the next visit, and the server answers "not modified" (a few hundred
bytes) unless the book was built again since.

Run: ``python tools/serve.py [--host 127.0.0.1] [--port 8000] [DIRECTORY]``.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import http.server
import os
import shutil
from pathlib import Path
from typing import Any, ClassVar

COMPRESS = {".js", ".mjs", ".wasm", ".css", ".json", ".html", ".svg", ".map", ".txt", ".ipynb"}
MIN_BYTES = 8 * 1024


def precompress(root: Path) -> tuple[int, int]:
    """Write ``<file>.gz`` for each file of ``root`` worth compressing (a text or
    WebAssembly file of 8 KiB or more that shrinks by a tenth at least); returns
    the bytes of those files and of their compressed copies."""
    before = after = 0
    for path in sorted(root.rglob("*")):
        if path.suffix not in COMPRESS or not path.is_file() or path.stat().st_size < MIN_BYTES:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=6, mtime=0)
        target = path.with_name(path.name + ".gz")
        if len(packed) > 0.9 * len(data):
            target.unlink(missing_ok=True)
            continue
        target.write_bytes(packed)
        shutil.copystat(path, target)
        before += len(data)
        after += len(packed)
    return before, after


class Handler(http.server.SimpleHTTPRequestHandler):
    """The book's files, gzip-encoded where a ``.gz`` copy stands beside them."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        packed = path + ".gz"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not os.path.isfile(path) or not os.path.isfile(packed):
            return super().send_head()
        stat = os.stat(packed)
        if stat.st_mtime < os.stat(path).st_mtime:  # a copy older than its file: not used
            return super().send_head()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                when = email.utils.parsedate_to_datetime(since)
            except (TypeError, ValueError, IndexError, OverflowError):
                when = None
            if when is not None and int(stat.st_mtime) <= when.timestamp():
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
        source = open(packed, "rb")  # noqa: SIM115 (closed by the caller, as in the base class)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return source

    def log_message(self, format: str, *args: Any) -> None:
        if os.environ.get("THIRTEEN_SERVE_QUIET"):
            return
        super().log_message(format, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("directory", nargs="?", default="_build/html")
    args = parser.parse_args()
    handler = lambda *a, **k: Handler(*a, directory=args.directory, **k)  # noqa: E731
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        port = server.server_address[1]  # the one the system gave, for --port 0
        print(f"The book is at http://{args.host}:{port}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
