#!/usr/bin/env bash
# Build-speed benchmark of guzzi-site beside Hugo and beside `cp -r` (issue 6).
# Not run by CI: run it by hand on a quiet machine.
#
#   bash Tests/Benchmark/bench.sh [options]        (from any directory)
#
# Options (each also settable by the environment variable in brackets):
#   --sizes LIST    comma-separated datasets: "real" (../shared/data/info_moto.json) or a
#                   number N (synthetic, ../shared/tools/synth_catalogue.py N)  [BENCH_SIZES, default real,1000,10000]
#   --runs N        timed runs per measurement, after 1 warmup                    [BENCH_RUNS, default 5]
#   --tmpfs         also time everything again on /dev/shm (a second figure, CPU cost without ext4)
#   --no-hugo       skip Hugo (our tool and cp -r only)
#   --bin PATH      use this guzzi-site binary instead of building it            [BENCH_BIN]
#   --dynamic       link the Swift runtime and Foundation dynamically (the default build links them
#                   statically, like a Go binary such as Hugo: 10-15 ms less start-up per run)
#   --work DIR      scratch folder for data, outputs and results            [BENCH_WORK, default /tmp/guzzi-bench]
#   --settle S      seconds to sleep before each timed block [BENCH_SETTLE, default 5]
#                   (then it waits at most BENCH_MAX_WAIT s more, default 10, for CPU and IO pressure < 5 %)
#   --recent S      seconds to wait after files were deleted on the disk, before a timed block on it
#                   [BENCH_RECENT, default 370; see "Deleted files" below]
#
# What it measures, for each dataset, all with the same method (hyperfine -N, 1 warmup, RUNS runs,
# `--show-output` so that stderr can be kept, output to files):
#   ours   guzzi-site build --data D --output OUT  (release build, GUZZI_TIMINGS=1 for the phase times)
#   hugo   hugo --quiet --destination OUT in a copy of ../shared/bench/hugo/site whose content stubs were
#          made beforehand by its gen_content.py (stub generation is timed once, not part of Hugo's time)
#   cp     cp -r of our own output tree into a new folder (the floor of the disk the issue names)
#   floor  WriteFloor.swift: our output tree, read into memory beforehand, written into a new folder on all
#          cores with open/write/close, as the build writes it: the floor of any generator of this site.
#          It times itself (1 warm-up, RUNS runs) and writes a hyperfine-style JSON.
# Every timed run of those writes into a fresh destination: hyperfine's --prepare step renames the previous
# output into a trash folder on the same file system; before each timed block: `sync`, then a pause.
#
# Then the rebuilds (issue 13), each over the output of the build before it, as a publisher rebuilds:
#   ours-none   guzzi-site build again with the same inputs (nothing changed)
#   ours-one    guzzi-site build after one motorcycle's power changed (one_bike.py): --prepare swaps the data
#               file between the two versions, so every run is a one-bike edit
#   hugo-none   hugo again over its own destination (Hugo has no incremental production build)
#   hugo-one    the same after the same edit of Hugo's copy of the data (data/moto.json)
# After the timed runs, one more run of each edit counts the files it wrote (`find -newer`); ours also
# lists them (ours-one.files).
#
# Deleted files: this VM's ext4 has no journal, and without one the kernel's inode allocator skips every
# inode freed in the last 60 s, or 360 s once its inode-table block is dirty again (any new inode next to it
# dirties it), testing them one by one (fs/ext4/ialloc.c, recently_deleted()). Creating files after a mass
# delete then costs time in proportion to what was deleted: `cp -r` of our 10 000-bike output took 10.7 s
# five seconds after deleting a copy of it, 2.3 s with nothing deleted before. So nothing is deleted on the
# disk while the benchmark runs: old outputs, the Hugo stubs of the previous size and the previous Hugo
# project copy are all moved into the trash, which is emptied at the end (or when free space falls below
# BENCH_MIN_FREE_GB, default 15 GB, and then the next disk block waits --recent s). The time of that last
# delete is kept in WORK/.last-delete, so that a run started soon after the previous one waits too.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/Tests/Benchmark"
SHARED="$(cd "$ROOT/.." && pwd)/shared"
REAL_DATA="$SHARED/data/info_moto.json"
SYNTH="$SHARED/tools/synth_catalogue.py"
HUGO_ANCHOR="$SHARED/bench/hugo"

SIZES="${BENCH_SIZES:-real,1000,10000}"
RUNS="${BENCH_RUNS:-5}"
TMPFS=0
HUGO=1
STATIC=1
BIN="${BENCH_BIN:-}"
WORK="${BENCH_WORK:-/tmp/guzzi-bench}"
SETTLE="${BENCH_SETTLE:-5}"
RECENT="${BENCH_RECENT:-370}"
MIN_FREE_GB="${BENCH_MIN_FREE_GB:-15}"
MAX_WAIT="${BENCH_MAX_WAIT:-10}"
START=$(date +%s)
SHM_ROOT=/dev/shm/guzzi-bench
BASE_URL="https://guzzi.example.org/"

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) SIZES="$2"; shift 2 ;;
        --runs) RUNS="$2"; shift 2 ;;
        --tmpfs) TMPFS=1; shift ;;
        --no-hugo) HUGO=0; shift ;;
        --bin) BIN="$2"; shift 2 ;;
        --dynamic) STATIC=0; shift ;;
        --work) WORK="$2"; shift 2 ;;
        --settle) SETTLE="$2"; shift 2 ;;
        --recent) RECENT="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || { echo "bench.sh: --runs needs a positive number" >&2; exit 2; }
[ "$RUNS" -ge 5 ] || echo "bench.sh: note: fewer than 5 runs ($RUNS); the issue asks for at least 5" >&2

# --- what it needs -------------------------------------------------------------------------------
fail() { echo "bench.sh: $*" >&2; exit 1; }
for f in "$REAL_DATA" "$SYNTH"; do
    [ -f "$f" ] || fail "missing $f (the benchmark needs ../shared beside the repository: data and tools)"
done
if [ "$HUGO" = 1 ]; then
    [ -f "$HUGO_ANCHOR/gen_content.py" ] && [ -d "$HUGO_ANCHOR/site" ] \
        || fail "missing $HUGO_ANCHOR (gen_content.py, site/); use --no-hugo to skip Hugo"
fi
missing=""
command -v hyperfine >/dev/null || missing="$missing hyperfine"
[ -x /usr/bin/time ] || missing="$missing time"
[ "$HUGO" = 0 ] || command -v hugo >/dev/null || missing="$missing hugo"
# FoundationNetworking (used by `update`) links libcurl; statically, that needs its development files.
[ -n "$BIN" ] || [ "$STATIC" = 0 ] || [ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] \
    || missing="$missing libcurl4-openssl-dev"
[ -z "$missing" ] || fail "missing tools:$missing (apt-get install -y$missing)"
PY="$(python3 -c 'import sys; print(sys.executable)')"   # the real interpreter, not a pyenv shim

# --- the tool, release build ---------------------------------------------------------------------
mkdir -p "$WORK"
if [ -z "$BIN" ]; then
    SCRATCH="$ROOT/.build-bench"
    LINK=""
    if [ "$STATIC" = 1 ]; then SCRATCH="$ROOT/.build-bench-static"; LINK="--static-swift-stdlib"; fi
    echo "== swift build -c release $LINK --scratch-path $SCRATCH --product guzzi-site"
    (cd "$ROOT" && swift build -c release $LINK --scratch-path "$SCRATCH" --product guzzi-site >"$WORK/build.log" 2>&1) \
        || { grep -m 10 'error:' "$WORK/build.log" >&2; fail "release build failed (log: $WORK/build.log)"; }
    BIN="$SCRATCH/release/guzzi-site"
fi
[ -x "$BIN" ] || fail "no binary at $BIN"
BIN="$(realpath "$BIN")"
FLOOR_BIN="$WORK/write-floor"
if [ ! -x "$FLOOR_BIN" ] || [ "$HERE/WriteFloor.swift" -nt "$FLOOR_BIN" ]; then
    echo "== swiftc -O Tests/Benchmark/WriteFloor.swift"
    swiftc -O -o "$FLOOR_BIN" "$HERE/WriteFloor.swift" >"$WORK/floor-build.log" 2>&1 \
        || { cat "$WORK/floor-build.log" >&2; fail "WriteFloor.swift did not build"; }
fi

# --- scratch space -------------------------------------------------------------------------------
mkdir -p "$WORK/data" "$WORK/results"
RESULTS="$WORK/results"
rm -rf "${RESULTS:?}"/*
# Trash folders: one per file system, the old outputs are renamed into them (never deleted in a block).
DISK_TRASH="$WORK/.trash"
SHM_TRASH="$SHM_ROOT/.trash"
TRASHES="$DISK_TRASH"
[ "$TMPFS" = 0 ] || TRASHES="$TRASHES $SHM_TRASH"
# When something was last deleted on the disk by this script (0: not within the kept record).
DELETED_AT=$(cat "$WORK/.last-delete" 2>/dev/null || echo 0)
deleted() { DELETED_AT=$(date +%s); echo "$DELETED_AT" >"$WORK/.last-delete"; }
empty() { rm -rf "$1"; mkdir -p "$1"; }
cleanup() {
    for t in $TRASHES; do rm -rf "$t"; done
    deleted
    [ "$TMPFS" = 0 ] || rm -rf "$SHM_ROOT"
}
trap cleanup EXIT
# A trash left by an interrupted run: emptied now, and waited for before the first disk block.
if [ -n "$(ls -A "$DISK_TRASH" 2>/dev/null)" ]; then deleted; fi
for t in $TRASHES; do empty "$t"; done
trash_of() { case "$1" in "$SHM_ROOT"/*) echo "$SHM_TRASH" ;; *) echo "$DISK_TRASH" ;; esac; }
aside() { echo "bash -c '[ ! -e $1 ] || mv $1 $(trash_of "$1")/\$(date +%s%N)'"; }
free_gb() { df -P -BG "$WORK" | awk 'NR == 2 {sub("G", "", $4); print $4}'; }

psi() { awk -F'[ =]' '/^some/ {print $3}' "/proc/pressure/$1" 2>/dev/null || echo "?"; }
QUIET=""
# settle OUT: before a timed block writing OUT. The tmpfs trash is emptied (it is memory); the disk trash
# only when space runs low. Then `sync`, a pause, at least RECENT s since the last delete on the disk for a
# disk block, and at most MAX_WAIT s more for CPU and IO pressure below 5 %.
settle() {
    local recent=0
    [ "$TMPFS" = 0 ] || empty "$SHM_TRASH"
    if [ "$(free_gb)" -lt "$MIN_FREE_GB" ]; then empty "$DISK_TRASH"; deleted; fi
    sync
    sleep "$SETTLE"
    case "$1" in
        "$SHM_ROOT"/*) ;;
        *)  recent=$(( DELETED_AT + RECENT - $(date +%s) ))
            if [ "$recent" -gt 0 ]; then sync; sleep "$recent"; else recent=0; fi ;;
    esac
    local t=0
    while [ $t -lt "$MAX_WAIT" ] && [ -r /proc/pressure/cpu ]; do
        if awk -v c="$(psi cpu)" -v i="$(psi io)" 'BEGIN {exit !(c < 5 && i < 5)}'; then break; fi
        sleep 2; t=$((t + 2))
    done
    QUIET="waited ${SETTLE}+${recent}+${t}s; psi cpu $(psi cpu) io $(psi io); load $(cut -d' ' -f1-3 /proc/loadavg)"
}
median_ms() { python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["results"][0]["median"]*1000))' "$1"; }

# timed NAME DIR OUT CMD: RUNS runs (1 warmup) of CMD run in DIR, each into a fresh OUT.
timed() {
    local name="$1" dir="$2" out="$3" cmd="$4"
    settle "$out"
    (cd "$dir" && hyperfine -N -w 1 -r "$RUNS" --show-output --prepare "$(aside "$out")" \
        --export-json "$RES/$name.json" "$cmd" >"$RES/$name.stdout" 2>"$RES/$name.stderr") \
        || { cat "$RES/$name.stderr" >&2; fail "$name failed: $cmd"; }
    echo "$QUIET" >"$RES/$name.quiet"
    printf '   %-10s median %6s ms   [%s]\n' "$name" "$(median_ms "$RES/$name.json")" "$QUIET"
}

# peak NAME DIR OUT CMD...: one more run under /usr/bin/time -v into a fresh OUT (peak RSS)
peak() {
    local name="$1" dir="$2" out="$3"; shift 3
    [ ! -e "$out" ] || mv "$out" "$(trash_of "$out")/peak-$name-$(date +%s%N)"
    (cd "$dir" && /usr/bin/time -v -o "$RES/time-$name.txt" "$@" >"$RES/peak-$name.stdout" 2>"$RES/peak-$name.stderr") \
        || { cat "$RES/peak-$name.stderr" >&2; fail "$name failed under /usr/bin/time"; }
}

floors_aside() {   # floors_aside BASE: the folders write-floor wrote under BASE, into the trash
    local d
    for d in "$1"/floor-*; do
        [ ! -e "$d" ] || mv "$d" "$(trash_of "$d")/$(basename "$d")-$(date +%s%N)"
    done
}

# rebuilt NAME DIR OUT CMD PREPARE: RUNS runs (1 warmup) of CMD in DIR over OUT, which it wrote before;
# PREPARE (may be empty) runs before each.
rebuilt() {
    local name="$1" dir="$2" out="$3" cmd="$4" prep="$5"
    settle "$out"
    local args=(-N -w 1 -r "$RUNS" --show-output --export-json "$RES/$name.json")
    [ -z "$prep" ] || args+=(--prepare "$prep")
    (cd "$dir" && hyperfine "${args[@]}" "$cmd" >"$RES/$name.stdout" 2>"$RES/$name.stderr") \
        || { cat "$RES/$name.stderr" >&2; fail "$name failed: $cmd"; }
    echo "$QUIET" >"$RES/$name.quiet"
    printf '   %-10s median %6s ms   [%s]\n' "$name" "$(median_ms "$RES/$name.json")" "$QUIET"
}

# written NAME OUT CMD...: one more run, untimed; the files it wrote (modified after a stamp) into NAME.files
written() {
    local name="$1" out="$2"; shift 2
    local stamp="$WORK/.stamp"
    touch "$stamp"; sleep 0.05
    "$@" >"$RES/$name.last" 2>&1 || fail "$name failed: $*"
    (cd "$out" && find . -type f -newer "$stamp" | sed 's|^\./||' | sort) >"$RES/$name.files"
    echo "$(wc -l <"$RES/$name.files")" >"$RES/$name.count"
}

# rebuilds BASE SFX: the four rebuild cases of issue 13 for the current dataset, on BASE's file system
rebuilds() {
    local base="$1" sfx="$2"
    local out="$base/ours-rebuild" hout="$base/hugo-rebuild"
    local a="$WORK/data/a-$NAME.json" b="$WORK/data/b-$NAME.json" cur="$WORK/data/current-$NAME.json"
    cp "$DATA" "$a"
    "$PY" "$HERE/one_bike.py" "$a" "$b" >"$RES/one-bike.txt"
    cp "$a" "$cur"
    # swap FILE: FILE holds the other version of the data than it did
    local swap="bash -c 'if cmp -s $a \$0; then cp $b \$0; else cp $a \$0; fi'"
    local cmd="$BIN build --data $cur --output $out --templates $ROOT/Templates --resources $ROOT/Resources --base-url $BASE_URL"
    [ ! -e "$out" ] || mv "$out" "$(trash_of "$out")/rebuild-$(date +%s%N)"
    $cmd >/dev/null   # the output the rebuilds start from
    export GUZZI_TIMINGS=1
    rebuilt "ours-none$sfx" "$ROOT" "$out" "$cmd" ""
    written "ours-none$sfx" "$out" $cmd
    rebuilt "ours-one$sfx" "$ROOT" "$out" "$cmd" "$swap $cur"
    bash -c "$swap $cur"
    written "ours-one$sfx" "$out" $cmd
    unset GUZZI_TIMINGS
    cp "$a" "$cur"
    if [ "$HUGO" = 1 ]; then
        local moto="$HSITE/data/moto.json"
        [ ! -e "$hout" ] || mv "$hout" "$(trash_of "$hout")/hugo-rebuild-$(date +%s%N)"
        (cd "$HSITE" && hugo --quiet --destination "$hout")
        rebuilt "hugo-none$sfx" "$HSITE" "$hout" "hugo --quiet --destination $hout" ""
        (cd "$HSITE" && written "hugo-none$sfx" "$hout" hugo --quiet --destination "$hout")
        rebuilt "hugo-one$sfx" "$HSITE" "$hout" "hugo --quiet --destination $hout" "$swap $moto"
        bash -c "$swap $moto"
        (cd "$HSITE" && written "hugo-one$sfx" "$hout" hugo --quiet --destination "$hout")
        cp "$a" "$moto"
    fi
}

dataset() {   # dataset SIZE -> path of the JSON file (made once, kept in WORK/data)
    if [ "$1" = real ]; then echo "$REAL_DATA"; return; fi
    [[ "$1" =~ ^[1-9][0-9]*$ ]] || fail "bad size '$1' (use 'real' or a number)"
    local f="$WORK/data/synth-$1.json"
    if [ ! -s "$f" ] || [ "$SYNTH" -nt "$f" ]; then "$PY" "$SYNTH" "$1" >"$f.tmp" && mv "$f.tmp" "$f"; fi
    echo "$f"
}

if [ "$HUGO" = 1 ]; then   # a private copy of the Hugo project, so ../shared is never written to
    HSITE="$WORK/hugo-site"
    [ ! -e "$HSITE" ] || mv "$HSITE" "$DISK_TRASH/hugo-site-$(date +%s%N)"
    mkdir -p "$HSITE"
    cp -r "$HUGO_ANCHOR/site/." "$HSITE/"
    rm -rf "$HSITE/content" "$HSITE/data" "$HSITE/public" "$HSITE/resources"   # a few files of the anchor copy
fi

echo "== guzzi-site benchmark: sizes $SIZES, $RUNS runs + 1 warmup, tmpfs $([ "$TMPFS" = 1 ] && echo yes || echo no)"
echo "== $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)," \
    "$(swift --version 2>/dev/null | head -n 1 | sed 's/ (.*//'), $([ "$HUGO" = 0 ] || hugo version | cut -d' ' -f1-2)," \
    "$(hyperfine --version)"
echo "== load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
{
    echo "started=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "cores=$(nproc)"
    echo "runs=$RUNS"
    echo "bin=$BIN"
    echo "host=$(uname -sr)"
    echo "hugo=$([ "$HUGO" = 0 ] || hugo version | cut -d' ' -f1-2)"
} >"$RESULTS/run.env"

IFS=',' read -r -a SIZE_LIST <<<"$SIZES"
for size in "${SIZE_LIST[@]}"; do
    DATA="$(dataset "$size")"
    NAME="$([ "$size" = real ] && echo real || echo "$size")"
    RES="$RESULTS/$NAME"; mkdir -p "$RES"
    BIKES=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["elements"]))' "$DATA")
    echo "== $NAME: $BIKES bikes ($DATA); load average $(cut -d' ' -f1-3 /proc/loadavg)"
    { echo "bikes=$BIKES"; echo "data=$DATA"; echo "load=$(cut -d' ' -f1-3 /proc/loadavg)"; } >"$RES/meta.env"

    FS_LIST="disk"; [ "$TMPFS" = 0 ] || FS_LIST="disk shm"
    if [ "$HUGO" = 1 ]; then
        t0=$(date +%s%N)
        # gen_content.py deletes the stubs it finds: the previous size's go to the trash first.
        for d in content data; do
            [ ! -e "$HSITE/$d" ] || mv "$HSITE/$d" "$DISK_TRASH/hugo-$d-$(date +%s%N)"
        done
        "$PY" "$HUGO_ANCHOR/gen_content.py" "$DATA" "$HSITE/content" "$HSITE/data" >/dev/null
        echo "hugo_stubs_ms=$(( ($(date +%s%N) - t0) / 1000000 ))" >>"$RES/meta.env"
    fi
    for fs in $FS_LIST; do
        base="$WORK/$fs"; [ "$fs" = disk ] || base="$SHM_ROOT"
        sfx=""; [ "$fs" = disk ] || sfx="-shm"
        mkdir -p "$base"
        OURS_OUT="$base/ours"; HUGO_OUT="$base/hugo"; CP_OUT="$base/copy"; REF="$base/reference"
        OURS_CMD="$BIN build --data $DATA --output $OURS_OUT --templates $ROOT/Templates --resources $ROOT/Resources --base-url $BASE_URL"

        export GUZZI_TIMINGS=1
        timed "ours$sfx" "$ROOT" "$OURS_OUT" "$OURS_CMD"
        # the reference tree for cp -r: one more build, kept aside and not timed
        peak "ours$sfx" "$ROOT" "$OURS_OUT" $OURS_CMD
        unset GUZZI_TIMINGS
        [ ! -e "$REF" ] || mv "$REF" "$(trash_of "$REF")/reference-$(date +%s%N)"
        mv "$OURS_OUT" "$REF"
        timed "cp$sfx" "$base" "$CP_OUT" "cp -r $REF $CP_OUT"
        floors_aside "$base"
        settle "$base/floor"
        "$FLOOR_BIN" "$REF" "$base/floor" "$RUNS" >"$RES/floor$sfx.json" || fail "write-floor failed"
        echo "$QUIET" >"$RES/floor$sfx.quiet"
        printf '   %-10s median %6s ms   [%s]\n' "floor$sfx" "$(median_ms "$RES/floor$sfx.json")" "$QUIET"
        floors_aside "$base"
        if [ "$HUGO" = 1 ]; then
            timed "hugo$sfx" "$HSITE" "$HUGO_OUT" "hugo --quiet --destination $HUGO_OUT"
            peak "hugo$sfx" "$HSITE" "$HUGO_OUT" hugo --quiet --destination "$HUGO_OUT"
            {
                echo "hugo_pages$sfx=$(find "$HUGO_OUT" -type f -name '*.html' | wc -l)"
                echo "hugo_files$sfx=$(find "$HUGO_OUT" -type f | wc -l)"
                echo "hugo_bytes$sfx=$(du -sb "$HUGO_OUT" | cut -f1)"
            } >>"$RES/meta.env"
        fi
        {
            echo "ours_files_found$sfx=$(find "$REF" -type f | wc -l)"
            echo "ours_bytes$sfx=$(du -sb "$REF" | cut -f1)"
            echo "ours_content_bytes$sfx=$(find "$REF" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')"
        } >>"$RES/meta.env"
        rebuilds "$base" "$sfx"
        # the outputs of this size are no longer needed: into the trash
        for d in "$REF" "$CP_OUT" "$HUGO_OUT" "$OURS_OUT" "$base/ours-rebuild" "$base/hugo-rebuild"; do
            [ ! -e "$d" ] || mv "$d" "$(trash_of "$d")/end-$(basename "$d")-$(date +%s%N)"
        done
    done
done
{ echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)"; echo "elapsed=$(( $(date +%s) - START ))"; } >>"$RESULTS/run.env"
echo "== load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 "$HERE/report.py" "$RESULTS"
