#!/usr/bin/env python3
"""Which commits changed the site a reader gets, and which files: a clean build per commit, compared with the
build of its first parent.

Usage: python3 Tests/History/output_by_commit.py FIRST [--data D] [--sidecar-data S] [--work DIR]

For every commit from FIRST's parent to HEAD (merges compared with their first parent), in a worktree of its own
under WORK: when the commit changed what a site is built from (Sources, Templates, Resources but documents,
Package.swift), a debug build of guzzi-site, then five clean builds: the dataset D with and without a base URL,
S (a dataset with a photo sidecar beside it) with one, the commit's own sample with and without one. Each output
tree is reduced to the digests of its files (the build's manifest `.guzzi-site` left out). A commit that changed
none of those inputs has its parent's trees. Prints a line per commit that changed bytes, with the builds that
changed and up to ten of the files. Issue 27 asks that a refactoring commit changes no byte of the site unless its
message says which and why: this is the `diff -r` before and after of every commit at once.

It takes about 20 s per commit that changed the inputs (2 cores). D defaults to ../shared/data/info_moto.json;
without S the sidecar build is left out.
"""
import argparse
import hashlib
import os
import subprocess
import sys

INPUTS = ["Sources", "Templates", "Resources", "Package.swift", ":!*.md"]


def git(*args, cwd):
    return subprocess.run(["git", "-C", cwd, *args], capture_output=True, text=True, check=True).stdout.strip()


def tree_digests(folder):
    """{relative path: sha1} of every file under folder but the manifest."""
    found = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            relative = os.path.relpath(path, folder)
            if relative == ".guzzi-site":
                continue
            with open(path, "rb") as f:
                found[relative] = hashlib.sha1(f.read()).hexdigest()
    return found


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("--data", default=os.path.join(os.path.dirname(repo), "shared", "data", "info_moto.json"))
    parser.add_argument("--sidecar-data")
    parser.add_argument("--work", default="/tmp/guzzi-output-by-commit")
    options = parser.parse_args()
    for path in [options.data] + ([options.sidecar_data] if options.sidecar_data else []):
        if not os.path.isfile(path):
            sys.exit("no dataset at " + path)
    worktree = os.path.join(options.work, "worktree")
    os.makedirs(options.work, exist_ok=True)
    if not os.path.isdir(worktree):
        subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", "-f", worktree, "HEAD"], check=True,
                       capture_output=True)
    # FIRST's parent first: the build every later one is compared with
    commits = [git("rev-parse", options.first + "^", cwd=repo)]
    commits += git("rev-list", "--reverse", "--topo-order", options.first + "^..HEAD", cwd=repo).split()
    builds = [("real", options.data, "https://example.org/guzzi/"), ("real, no base URL", options.data, None)]
    if options.sidecar_data:
        builds.append(("real with sidecar", options.sidecar_data, "https://example.org/"))
    builds += [("sample", "SAMPLE", "https://example.org/guzzi/"), ("sample, no base URL", "SAMPLE", None)]
    trees = {}
    for commit in commits:
        parents = git("log", "-1", "--format=%P", commit, cwd=repo).split()
        parent = parents[0] if parents else None
        subject = git("log", "-1", "--format=%h %s", commit, cwd=repo)[:100]
        if parent in trees and not git("diff", "--name-only", parent, commit, "--", *INPUTS, cwd=repo):
            trees[commit] = trees[parent]
            continue
        git("checkout", "-q", "--detach", commit, cwd=worktree)
        built = subprocess.run(["swift", "build", "--product", "guzzi-site"], cwd=worktree, capture_output=True)
        if built.returncode != 0:
            print(subject, "| the build failed", flush=True)
            continue
        binary = os.path.join(worktree, ".build", "debug", "guzzi-site")
        trees[commit] = {}
        for name, data, base in builds:
            data = os.path.join(worktree, "Resources", "sample", "info_moto.json") if data == "SAMPLE" else data
            out = os.path.join(options.work, "out")
            subprocess.run(["rm", "-rf", out], check=True)
            command = [binary, "build", "--data", data, "--output", out, "--templates",
                       os.path.join(worktree, "Templates"), "--resources", os.path.join(worktree, "Resources")]
            if base:
                command += ["--base-url", base]
            done = subprocess.run(command, capture_output=True)
            trees[commit][name] = tree_digests(out) if done.returncode == 0 else None
        if parent not in trees:
            continue  # FIRST's parent
        changes = {}  # what changed → the builds it changed in
        for name, _, _ in builds:
            before, after = trees[parent][name], trees[commit][name]
            if before is None or after is None:
                changes.setdefault("a build failed", []).append(name)
            elif before != after:
                files = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
                text = "%d files (%s%s)" % (len(files), ", ".join(files[:10]), ", …" if len(files) > 10 else "")
                changes.setdefault(text, []).append(name)
        said = ["%s: %s" % ("every build" if len(names) == len(builds) else ", ".join(names), text)
                for text, names in changes.items()]
        print(subject, "|", "; ".join(said) if said else "same bytes", flush=True)
    subprocess.run(["git", "-C", repo, "worktree", "remove", "--force", worktree], capture_output=True)


if __name__ == "__main__":
    main()
