"""The development server: the built site on 127.0.0.1, built again with the pattern
databases once they are ready.  Standard library only."""

from __future__ import annotations

import http.server
import threading
from functools import partial

from builder.common import DIST, log
from builder.databases import cached_databases
from builder.site import build


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Logs failed requests only, so the build's progress lines stay readable."""

    def log_request(self, code="-", size="-") -> None:
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)


def serve(port: int) -> None:
    """Build and serve dist/.  On a fresh machine the site is served at once without the
    pattern databases (minutes to build); they are built while it is up, and the site
    is written again with them (a reload of the page picks them up)."""
    pending = not cached_databases()
    build(with_databases=not pending)
    handler = partial(_QuietHandler, directory=str(DIST))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving the npuzzle site at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            if pending:
                log("the page works now and solves without pattern databases; building them next")
                build()
                log("pattern databases ready: reload the page to use them")
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
