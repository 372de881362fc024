#!/bin/sh
# Serves a built site with Debian's nginx on 127.0.0.1:PORT in the foreground, from Tests/Publishing/nginx.conf.
# Usage: serve_nginx.sh ROOT PORT PREFIX      (PREFIX: scratch folder for pid, logs and temp files)
# exec makes this script's pid the nginx master's: SIGTERM (or SIGQUIT) on it stops the workers too.
set -eu
ROOT=$(cd "${1:?usage: serve_nginx.sh ROOT PORT PREFIX}" && pwd)
PORT=${2:?port}
PREFIX=${3:?prefix}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$PREFIX"
sed -e "/^#/d" -e "s#@ROOT@#$ROOT#g" -e "s#@PORT@#$PORT#g" -e "s#@PREFIX@#$PREFIX#g" \
    "$HERE/nginx.conf" >"$PREFIX/nginx.conf"
nginx -t -q -p "$PREFIX" -e "$PREFIX/error.log" -c "$PREFIX/nginx.conf"
exec nginx -p "$PREFIX" -e "$PREFIX/error.log" -c "$PREFIX/nginx.conf"
