#!/usr/bin/env bash
# Bounded load test of the preview server (issue 7). Not run by CI: run it by hand on a quiet machine.
#
#   bash Tests/Load/load.sh [--bin PATH] [--duration 10s] [--connections 20] [--runs 3]
#
# Builds the sample site, starts `guzzi-site serve` on 127.0.0.1 (a free port), then runs
# `wrk -t2 -c20 -d10s` three times against a page, a missing page and the stylesheet. It fails when wrk
# reports any socket error or non-2xx/3xx response other than the expected 404s, or when the server's resident
# memory (VmRSS) after the last run is more than 20 % (and 8 MB) above what it was after the first run.
#
# Needs: wrk (apt-get install -y wrk), a built binary (swift build -c release; --bin to choose another).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${LOAD_BIN:-$root/.build/release/guzzi-site}"
duration="10s"
connections=20
runs=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        --bin) bin="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }
[[ -x "$bin" ]] || { echo "no binary at $bin (swift build -c release, or --bin PATH)" >&2; exit 2; }

work="$(mktemp -d /tmp/guzzi-load.XXXXXX)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
cd "$root"
"$bin" build --output "$work/site" >/dev/null
"$bin" serve --output "$work/site" --port "$port" >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/en/" >/dev/null 2>&1 && break
    sleep 0.1
done

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$server/status"; }
status=0
first=""
# the stylesheet under the name the page gives it (named by its content)
style="/assets/$(sed -n 's#.*<link rel="stylesheet" href="\.\./assets/\([^"]*\)">.*#\1#p' "$work/site/en/index.html")"
for run in $(seq "$runs"); do
    for path in /en/ /en/no-such-page/ "$style"; do
        out="$(wrk -t2 -c"$connections" -d"$duration" --latency "http://127.0.0.1:$port$path")"
        requests="$(awk '/requests in/ { print $1 }' <<<"$out")"
        errors="$(grep -E 'Socket errors' <<<"$out" || true)"
        non2xx="$(awk '/Non-2xx or 3xx responses/ { print $5 }' <<<"$out")"
        echo "run $run $path: $requests requests${errors:+, $errors}${non2xx:+, $non2xx non-2xx}"
        if [[ -n "$errors" ]]; then status=1; fi
        if [[ -n "$non2xx" && "$path" != "/en/no-such-page/" ]]; then status=1; fi
    done
    now="$(rss)"
    echo "run $run: server RSS ${now} kB"
    [[ -z "$first" ]] && first="$now"
done
limit=$(( first + first / 5 > first + 8192 ? first + first / 5 : first + 8192 ))
if (( now > limit )); then
    echo "FAIL: RSS grew from $first kB to $now kB across $runs runs" >&2
    status=1
fi
kill -0 "$server" || { echo "FAIL: the server died" >&2; status=1; }
[[ $status -eq 0 ]] && echo "OK: no errors, RSS $first → $now kB"
exit $status
