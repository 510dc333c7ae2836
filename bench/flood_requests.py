"""Send one GET after another to a server at a steady rate until told to stop: a flood, in a process of its own.

    python bench/flood_requests.py BASE PATH --rate 167 [--connections 4] [--header NAME] [--query NAME=VALUE ...]

Each request carries ``--header``'s value as a new random token of 24 URL-safe characters (the shape of a workspace
token, so that the server reads it as one) and ``--query``'s parameters. Prints ``ready`` once its connections are
open, runs until its standard input closes, then prints one JSON line: the answers by HTTP status (0: no answer) and
the seconds it ran. Standard library only, so that it starts in a few tens of milliseconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import secrets
import sys
import threading
import time
import urllib.parse
from collections import Counter


def send(netloc: str, target: str, header: str | None, rate: float, stop: threading.Event, statuses: Counter[int],
         lock: threading.Lock) -> None:
    connection = http.client.HTTPConnection(netloc, timeout=30)
    started, sent = time.monotonic(), 0
    try:
        while not stop.is_set():
            wait = started + sent / rate - time.monotonic()
            if wait > 0 and stop.wait(wait):
                break
            try:
                connection.request("GET", target, headers={header: secrets.token_urlsafe(18)} if header else {})
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(netloc, timeout=30)
                status = 0
            sent += 1
            with lock:
                statuses[status] += 1
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("path")
    parser.add_argument("--rate", type=float, required=True, help="requests a second, over all connections")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--header")
    parser.add_argument("--query", nargs="*", default=[])
    args = parser.parse_args()
    netloc = urllib.parse.urlsplit(args.base).netloc
    query = urllib.parse.urlencode([tuple(item.split("=", 1)) for item in args.query])
    target = "/" + args.path.lstrip("/") + (f"?{query}" if query else "")
    statuses: Counter[int] = Counter()
    lock, stop = threading.Lock(), threading.Event()
    started = time.monotonic()
    threads = [threading.Thread(target=send, args=(netloc, target, args.header, args.rate / args.connections, stop,
                                                   statuses, lock), daemon=True) for _ in range(args.connections)]
    for thread in threads:
        thread.start()
    print("ready", flush=True)
    sys.stdin.read()
    stop.set()
    for thread in threads:
        thread.join(30)
    print(json.dumps({"statuses": dict(statuses), "seconds": time.monotonic() - started}), flush=True)


if __name__ == "__main__":
    main()
