#!/usr/bin/env python3
"""A stand-in for Flickr's oEmbed endpoint on 127.0.0.1, for `guzzi-site photos` when Flickr cannot be reached
(the test machine has no internet): the full-site checks and the photo benchmark resolve the real dataset's
photos through it.

    python3 Tests/SiteChecks/fake_oembed.py [--port 0] [--gone-every N]

Prints "port N" when it listens, then serves GET /services/oembed/?url=https://flic.kr/p/<base 58 id>&format=json
with answers shaped like Flickr's (the fields of recorded answers: type, flickr_type, title, author_name,
author_url, width, height, url, web_page, thumbnail_*, web_page_short_url, license, license_url, license_id,
html, version, cache_age, provider_name, provider_url). Everything is derived from the photo id, so the same
photo always gets the same answer: 1024 px on its longest edge, mostly landscape, every seventh portrait, made-up
authors, one of Flickr's licences ("All Rights Reserved" without a URL). With --gone-every N, photos whose id is
a multiple of N answer 404, as a deleted photo does. Made-up data: never publish a site built from it.
"""
import argparse
import hashlib
import http.server
import json
import sys
import urllib.parse

ALPHABET = "123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
AUTHORS = ["Test Photographer", "Anna <Rossi> & \"Co\"", "Guzzista 1921", "Ünïcödé Łens"]
LICENSES = [
    (0, "All Rights Reserved", None),
    (2, "Attribution-NonCommercial License", "https://creativecommons.org/licenses/by-nc/2.0/"),
    (4, "Attribution License", "https://creativecommons.org/licenses/by/2.0/"),
    (5, "Attribution-ShareAlike License", "https://creativecommons.org/licenses/by-sa/2.0/"),
]


def base58_decode(text):
    number = 0
    for char in text:
        number = number * 58 + ALPHABET.index(char)
    return number


def answer(photo_id, short):
    digest = hashlib.sha1(str(photo_id).encode()).hexdigest()
    secret = digest[:10]
    shape = int(digest[10:12], 16)
    if photo_id % 7 == 0:
        width, height = 683, 1024
    elif shape % 3 == 0:
        width, height = 1024, 768
    else:
        width, height = 1024, 683
    author = AUTHORS[int(digest[12:14], 16) % len(AUTHORS)]
    slug = "fake-%s" % digest[14:20]
    license_id, license_name, license_url = LICENSES[int(digest[20:22], 16) % len(LICENSES)]
    url = "https://live.staticflickr.com/65535/%d_%s_b.jpg" % (photo_id, secret)
    page = "https://www.flickr.com/photos/%s/%d/" % (slug, photo_id)
    body = {
        "type": "photo",
        "flickr_type": "photo",
        "title": "Photo %d" % photo_id,
        "author_name": author,
        "author_url": "https://www.flickr.com/photos/%s/" % slug,
        "width": width,
        "height": height,
        "url": url,
        "web_page": page,
        "thumbnail_url": url.replace("_b.jpg", "_q.jpg"),
        "thumbnail_width": 150,
        "thumbnail_height": 150,
        "web_page_short_url": "https://flic.kr/p/" + short,
        "license": license_name,
        "license_id": license_id,
        "html": "<a data-flickr-embed=\"true\" href=\"%s\"><img src=\"%s\"></a>" % (page, url),
        "version": "1.0",
        "cache_age": 3600,
        "provider_name": "Flickr",
        "provider_url": "https://www.flickr.com/",
    }
    if license_url:
        body["license_url"] = license_url
    return body


class Handler(http.server.BaseHTTPRequestHandler):
    gone_every = 0

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json"):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        if query.get("format", ["json"])[0] != "json":
            return self.send(501, "Not Implemented", "text/plain")
        target = query.get("url", [""])[0]
        prefix = "https://flic.kr/p/"
        if not target.startswith(prefix):
            return self.send(404, "Not Found", "text/plain")
        short = target[len(prefix):]
        try:
            photo_id = base58_decode(short)
        except ValueError:
            return self.send(404, "Not Found", "text/plain")
        if self.gone_every and photo_id % self.gone_every == 0:
            return self.send(404, "Not Found", "text/plain")
        self.send(200, json.dumps(answer(photo_id, short)))


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 1024  # socketserver's 5 could fill when `photos` asks about many photos at once


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--gone-every", type=int, default=0)
    args = parser.parse_args()
    Handler.gone_every = args.gone_every
    server = Server(("127.0.0.1", args.port), Handler)
    print("port %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
