#!/usr/bin/env python3
"""Inputs of tests/vectors/lifecycle.json (expected values are blessed with bless.mjs, then
reviewed by hand): release specs, version choice, release layouts (the default manifest,
renames), cache keys and entry checks, .upkeep/source.json, upkeep new and adopt plans, the
sources of a bare update, manifest init rules and manifest check."""
import json

cases = []


def case(name, call, *args):
    cases.append({"name": name, "call": call, "args": list(args)})


# ---- release specs
for text in [
    "./template", "template", "/srv/templates/web//app/", "../tpl.tar.gz", "file:../tpl.tgz//x",
    "file:///srv/my%20tpl", "../tpl.git@1.2.0//app", "../tpl.git@^1.2", "../tpl#v1.2.0",
    "../t.tgz@1.0.0", "git+https://git.example/o/r.git#main//a/b", "https://git.example/o/r.git@^1",
    "git@git.example:o/r.git", "git@git.example:o/r.git@1.0.0", "ssh://git@git.example/o/r.git@~2.1",
    "git://git.example/o/r.git", "git+file:///srv/r.git#v2.0.0", "npm:create-vite",
    "npm:create-vite@6.5.0//template-react-ts", "npm:@scope/tpl@latest//t", "npm:create-vite@>=5 <7",
    "npm:create-vite@^6.0.0-beta.1",
]:
    case(f"parseReleaseSpec: {text}", "parseReleaseSpec", text)
for text in [
    "", " ./x", "-x", "svn://h/r", "github:o/r", "https://h/o/r", "./tpl//../etc", "./tpl//a/../../b",
    "./tpl//.git/config", "./tpl//", "./t.tgz@^1.0.0", "./t.tgz#v1", "file:./t@1.x", "./tpl@release-1",
    "./tpl#", "./tpl#-x", "./tpl#a..b", "npm:Bad Name", "npm:-x", "npm:x#main", "npm:x@", "npm:x@1.2.3.4",
    "npm:.hidden", "file://other/x", "@1.0.0", "a\u0007b",
]:
    case(f"parseReleaseSpec: refused {json.dumps(text)}", "parseReleaseSpec", text)


def spec(kind, source, location, version=None, ref=None, subpath=None, local=True):
    return {"kind": kind, "source": source, "location": location, "version": version, "ref": ref,
            "subpath": subpath, "local": local}


# Whether a local path is a git repository, from the names at its top.
case("isGitRepository: a work tree holds .git", "isGitRepository", {"directory": True, "dotGit": True})
case("isGitRepository: a bare repository holds HEAD, objects/ and refs/", "isGitRepository", {"directory": True, "head": True, "objectsDir": True, "refsDir": True})
case("isGitRepository: HEAD alone is not one", "isGitRepository", {"directory": True, "head": True, "refsDir": True})
case("isGitRepository: a file is not one", "isGitRepository", {"dotGit": True})
case("isGitRepository: a release folder is not one", "isGitRepository", {"directory": True})
case("resolveLocalSpec: a git repository is read at its tags", "resolveLocalSpec",
     spec("local", "../tpl", "/w/tpl", "^1.2", subpath="app"), True)
case("resolveLocalSpec: anything else is a directory", "resolveLocalSpec", spec("local", "../tpl", "/w/tpl", "1.2.0"), False)
case("resolveLocalSpec: a directory holds one version", "resolveLocalSpec", spec("local", "../tpl", "/w/tpl", "^1.2"), False)
case("resolveLocalSpec: other kinds unchanged", "resolveLocalSpec", spec("npm", "npm:x", "x", local=False), True)
case("relocateSpec: a path relative to the project", "relocateSpec", spec("git", "../tpl", "/w/tpl", "1.0.0"), "../../tpl")
case("relocateSpec: a bare name gets ./", "relocateSpec", spec("directory", "tpl", "/w/tpl"), "tpl")
case("relocateSpec: file: keeps its scheme", "relocateSpec", spec("tarball", "file:../t.tgz", "/w/t.tgz"), "../x/t.tgz")
case("relocateSpec: an npm spec is not a path", "relocateSpec", spec("npm", "npm:x", "x", local=False), "y")
case("renderReleaseSpec: everything", "renderReleaseSpec", "npm:create-vite", "6.5.0", "template-react-ts")
case("renderReleaseSpec: no version", "renderReleaseSpec", "../tpl.git", None, "app")
case("renderReleaseSpec: the source alone", "renderReleaseSpec", "git+https://h/r.git", None, None)

# ---- versions
LS = ("1111111111111111111111111111111111111111\trefs/tags/v1.0.0\n"
      "2222222222222222222222222222222222222222\trefs/tags/v1.1.0\n"
      "3333333333333333333333333333333333333333\trefs/tags/v1.1.0^{}\n"
      "4444444444444444444444444444444444444444\trefs/tags/v2.0.0-rc.1\n"
      "5555555555555555555555555555555555555555\trefs/tags/nightly\n"
      "6666666666666666666666666666666666666666\trefs/tags/v1.2\n"
      "7777777777777777777777777777777777777777\trefs/heads/main\n")
case("parseGitTags: light, annotated (peeled), pre-release and non-semver tags; heads ignored", "parseGitTags", LS)
case("parseGitTags: empty output", "parseGitTags", "")
case("parseNpmView: versions and dist-tags", "parseNpmView", '{"versions": ["1.0.0", "1.1.0-rc.1", "1.1.0"], "dist-tags": {"latest": "1.1.0", "next": "1.1.0-rc.1"}}')
case("parseNpmView: one version is printed as a string", "parseNpmView", '{"versions": "1.0.0", "dist-tags": {"latest": "1.0.0"}}')
case("parseNpmView: a field printed without its name", "parseNpmView", '["1.0.0", "2.0.0"]')
case("parseNpmView: nothing printed: no versions", "parseNpmView", "")
case("parseNpmView: values that are not strings are left out", "parseNpmView", '{"versions": ["1.0.0", 2, null], "dist-tags": {"latest": "1.0.0", "odd": 3}}')
case("parseNpmView: not JSON", "parseNpmView", "npm warn something\n")
case("npmPackIntegrity: the tarball's integrity", "npmPackIntegrity", '[{"id": "t@1.0.0", "integrity": "sha512-abc", "filename": "t-1.0.0.tgz"}]')
case("npmPackIntegrity: none named", "npmPackIntegrity", '[{"id": "t@1.0.0"}]')
case("npmPackIntegrity: not JSON", "npmPackIntegrity", "oops")
# What a spec's #ref names: a commit id is itself; a tag before a branch of the same name.
ID = "0123456789abcdef0123456789abcdef01234567"
case("gitRefLookup: a full commit id", "gitRefLookup", ID)
case("gitRefLookup: a name", "gitRefLookup", "v1.2.0")
case("gitRefLookup: an abbreviated or upper-case id is a name", "gitRefLookup", "0123456789ABCDEF0123456789abcdef01234567")
BOTH = "bbbb\trefs/heads/v1.2.0\naaaa\trefs/tags/v1.2.0\ncccc\trefs/tags/v1.2.0^{}\n"
case("gitRefFound: an annotated tag wins over a branch of the same name", "gitRefFound", "v1.2.0", BOTH)
case("gitRefFound: a lightweight tag", "gitRefFound", "v1.2.0", "aaaa\trefs/tags/v1.2.0\n")
case("gitRefFound: a tag not named as a version", "gitRefFound", "stable", "aaaa\trefs/tags/stable\n")
case("gitRefFound: a branch has no version", "gitRefFound", "1.2.0", "dddd\trefs/heads/1.2.0\n")
case("gitRefFound: nothing of that name", "gitRefFound", "main", "")
git_tags = [
    {"name": "v1.0.0", "version": "1.0.0", "commit": "1" * 40},
    {"name": "v1.1.0", "version": "1.1.0", "commit": "3" * 40},
    {"name": "v2.0.0-rc.1", "version": "2.0.0-rc.1", "commit": "4" * 40},
    {"name": "nightly", "version": None, "commit": "5" * 40},
]


def git_query(wanted=None, pre=False, available=None):
    return {"label": "../tpl.git", "kind": "git", "available": available if available is not None else git_tags,
            "wanted": wanted, "pre": pre, "distTags": []}


case("selectVersion: git, the highest stable tag", "selectVersion", git_query())
case("selectVersion: git, --pre", "selectVersion", git_query(pre=True))
case("selectVersion: git, an exact version", "selectVersion", git_query("1.0.0"))
case("selectVersion: git, an exact version written with v", "selectVersion", git_query("v1.0.0"))
case("selectVersion: git, a range", "selectVersion", git_query("~1.0"))
case("selectVersion: git, no such version", "selectVersion", git_query("1.5.0"))
case("selectVersion: git, nothing matches the range", "selectVersion", git_query("^3"))
case("selectVersion: git, a range naming a pre-release lets it in (npm's rule)", "selectVersion", git_query(">=2.0.0-0"))
case("selectVersion: git, only pre-releases match without --pre", "selectVersion", git_query(">=1.2.0"))
case("selectVersion: git, only pre-releases match, --pre", "selectVersion", git_query(">=1.2.0", True))
case("selectVersion: git, no tag is a version", "selectVersion",
     git_query(available=[{"name": "release-1", "version": None, "commit": "1" * 40}]))
case("selectVersion: git, no tags at all", "selectVersion", git_query(available=[]))
case("selectVersion: git, a dist-tag name is not a git version", "selectVersion", git_query("latest"))
twins = [{"name": "1.0.0", "version": "1.0.0", "commit": "1" * 40}, {"name": "v1.0.0", "version": "1.0.0", "commit": "1" * 40}]
case("selectVersion: git, v1.0.0 and 1.0.0 on one commit", "selectVersion", git_query(available=twins))
twins2 = [twins[0], {**twins[1], "commit": "2" * 40}]
case("selectVersion: git, v1.0.0 and 1.0.0 on two commits", "selectVersion", git_query(available=twins2))
npm_versions = [{"name": v, "version": v} for v in ["4.4.1", "5.5.5", "6.5.0", "7.0.0-beta.0", "9.3.0", "10.0.0-beta.2"]]


def npm_query(wanted=None, pre=False):
    return {"label": "npm:create-vite", "kind": "npm", "available": npm_versions, "wanted": wanted, "pre": pre,
            "distTags": [["latest", "9.3.0"], ["beta", "10.0.0-beta.2"]]}


case("selectVersion: npm, the highest stable version", "selectVersion", npm_query())
case("selectVersion: npm, --pre", "selectVersion", npm_query(pre=True))
case("selectVersion: npm, an exact version", "selectVersion", npm_query("5.5.5"))
case("selectVersion: npm, a caret range", "selectVersion", npm_query("^6"))
case("selectVersion: npm, a range across majors", "selectVersion", npm_query(">=5 <7"))
case("selectVersion: npm, a dist-tag", "selectVersion", npm_query("beta"))
case("selectVersion: npm, an unknown dist-tag", "selectVersion", npm_query("canary"))
case("selectVersion: npm, a version never published", "selectVersion", npm_query("8.0.0"))
case("selectVersion: npm, a range written as a pre-release", "selectVersion", npm_query("^10.0.0-beta.0"))

# ---- layouts


def entries(*paths, kinds=None):
    kinds = kinds or {}
    return [{"path": p, "kind": kinds.get(p, "file")} for p in paths]


def layout(paths, manifest=None, version_file=None, tag_version="1.0.0", tag=None, view=False, kinds=None, state=".upkeep"):
    return {"label": "rel@1.0.0", "entries": entries(*paths, kinds=kinds), "manifest": manifest, "versionFile": version_file,
            "tagVersion": tag_version, "tag": tag, "stateDir": state, "view": view}


vite = ["_gitignore", "README.md", "index.html", "package.json", "public/vite.svg", "src/App.tsx", "src/main.tsx",
        "tsconfig.json", "_oxlintrc.json", "CHANGELOG.md"]
case("planLayout: no manifest: every file shared, package.json field-merged, create-* renames, CHANGELOG left to the project",
     "planLayout", layout(vite, tag_version="6.5.0"))
case("planLayout: nested package.json files are merged too; a dotfile shipped beside its stand-in is not renamed", "planLayout",
     layout(["package.json", "packages/web/package.json", "_gitignore", ".gitignore", "web/_npmrc", "_redirects"]))
case("planLayout: a shipped manifest and VERSION apply where they are", "planLayout",
     layout([".upkeep/VERSION", ".upkeep/manifest.json", ".upkeep/notes.txt", "a.txt", "b.txt"],
            manifest='{"schema":1,"files":{"a.txt":"owned"}}', version_file="v1.0.0\n", tag_version=None))
case("planLayout: a shipped manifest's renames", "planLayout",
     layout(["_npmrc", "a.txt"], manifest='{"schema":1,"files":{".npmrc":"shared","a.txt":"owned"},"install":{"_npmrc":".npmrc"}}'))
case("planLayout: a rename onto another shipped name", "planLayout",
     layout(["a", "b"], manifest='{"schema":1,"files":{},"install":{"a":"B"}}'))
case("planLayout: a rename of a file the release does not ship", "planLayout",
     layout(["a"], manifest='{"schema":1,"files":{},"install":{"x":"y"}}'))
case("planLayout: a rename into the state folder", "planLayout",
     layout(["a"], manifest='{"schema":1,"files":{},"install":{"a":".upkeep/VERSION"}}'))
case("planLayout: install is not an object", "planLayout", layout(["a"], manifest='{"schema":1,"files":{},"install":["a"]}'))
case("planLayout: a malformed manifest", "planLayout", layout(["a"], manifest='{"schema":1,"files":{"a":"mine"}}'))
case("planLayout: links and special files are refused", "planLayout",
     layout(["a", "l", "d", "fifo"], kinds={"l": "symlink", "fifo": "other", "d": "directory"}))
case("planLayout: VERSION and the tag disagree", "planLayout", layout(["a"], version_file="1.1.0\n"))
case("planLayout: VERSION is not a version", "planLayout", layout(["a"], version_file="one\n", tag_version=None))
case("planLayout: a git ref that is not a version, and no VERSION", "planLayout", layout(["a"], tag_version=None, tag="release-1"))
case("planLayout: nothing gives a version", "planLayout", layout(["a"], tag_version=None))
case("planLayout: a path upkeep refuses", "planLayout", layout(["a", "x/.git/config"]))
case("planLayout: colliding names", "planLayout", layout(["README.md", "readme.md"]))
case("planLayout: a release view is not renamed again", "planLayout",
     layout([".upkeep/VERSION", ".upkeep/manifest.json", ".gitignore"], view=True, tag_version=None, version_file="1.0.0\n",
            manifest='{"schema":1,"files":{".gitignore":"shared"},"install":{"_gitignore":".gitignore"}}'))
case("planLayout: a release view without its manifest", "planLayout", layout(["a"], view=True))
case("planLayout: another state folder", "planLayout",
     layout([".tpl/VERSION", "a"], version_file="1.0.0", tag_version=None, state=".tpl"))

# ---- cache
# Where the cache is (XDG Base Directory: a relative $XDG_CACHE_HOME is ignored).
case("cacheRoot: $XDG_CACHE_HOME", "cacheRoot", "/var/cache", "/home/ada")
case("cacheRoot: no $XDG_CACHE_HOME", "cacheRoot", None, "/home/ada")
case("cacheRoot: a relative $XDG_CACHE_HOME is ignored", "cacheRoot", "cache", "/home/ada")
case("cacheRoot: an empty $XDG_CACHE_HOME is ignored", "cacheRoot", "", "/home/ada/")
case("cacheKey: npm, scoped, with a sub-path", "cacheKey",
     {"kind": "npm", "identity": "@vitejs/create", "revision": "6.5.0", "subpath": "template-react-ts", "stateDir": ".upkeep"})
case("cacheKey: git URL", "cacheKey", {"kind": "git", "identity": "https://git.example/o/tpl.git", "revision": "1.2.0", "subpath": None, "stateDir": ".upkeep"})
case("cacheKey: another host, another entry", "cacheKey", {"kind": "git", "identity": "https://other.example/o/tpl.git", "revision": "1.2.0", "subpath": None, "stateDir": ".upkeep"})
case("cacheKey: a directory with another state folder", "cacheKey", {"kind": "directory", "identity": "/srv/t", "revision": "1.0.0+build.7", "stateDir": ".tpl"})
case("cacheKey: a nested sub-path", "cacheKey", {"kind": "tarball", "identity": "/srv/t.tgz", "revision": "1.0.0", "subpath": "a/b", "stateDir": ".upkeep"})
case("cacheKey: a revision that could leave the cache", "cacheKey", {"kind": "npm", "identity": "x", "revision": "../x", "stateDir": ".upkeep"})
case("cacheKey: a sub-path that could leave the cache", "cacheKey", {"kind": "npm", "identity": "x", "revision": "1.0.0", "subpath": "../x", "stateDir": ".upkeep"})
index = {"spec": "npm:x@1.0.0//t", "version": "1.0.0", "resolved": "sha512-abc", "files": [
    {"path": "b/c", "stamp": "2:1.5:1.5:7:33188"}, {"path": "a", "stamp": "1:1.5:1.5:6:33188"}]}
case("renderCacheIndex: sorted by path, one line", "renderCacheIndex", index)
case("renderCacheIndex: a folder's copy keeps the folder's fingerprint", "renderCacheIndex", {**index, "resolved": None, "origin": "stat-sha256:" + "0" * 64})
case("folderFingerprint: order does not matter", "folderFingerprint", [{"path": "b", "stamp": "2"}, {"path": "a", "stamp": "1"}])
case("folderFingerprint: every stamp counts", "folderFingerprint", [{"path": "a", "stamp": "1"}, {"path": "b", "stamp": "3"}])
index_text = ('{"schema":1,"spec":"npm:x@1.0.0//t","version":"1.0.0","resolved":"sha512-abc","files":['
              '{"path":"a","stamp":"1"},{"path":"b/c","stamp":"2"}]}\n')
found = [{"path": "b/c", "stamp": "2"}, {"path": "a", "stamp": "1"}]
case("cacheDamagedNotice: a damaged entry", "cacheDamagedNotice", "../tpl@1.3.0", "it has no entry.json (a fetch that did not finish)")
case("verifyCacheEntry: whole", "verifyCacheEntry", index_text, found)
case("verifyCacheEntry: whole, with its folder's fingerprint", "verifyCacheEntry", index_text.replace('"resolved":"sha512-abc"', '"resolved":null,"origin":"stat-sha256:x"'), found)
case("verifyCacheEntry: a file missing", "verifyCacheEntry", index_text, found[1:])
case("verifyCacheEntry: a file changed", "verifyCacheEntry", index_text, [{"path": "a", "stamp": "1"}, {"path": "b/c", "stamp": "9"}])
case("verifyCacheEntry: a file added", "verifyCacheEntry", index_text, found + [{"path": "a0", "stamp": "1"}])
case("verifyCacheEntry: no index (a fetch that did not finish)", "verifyCacheEntry", None, found)
case("verifyCacheEntry: an unreadable index", "verifyCacheEntry", '{"schema":1,', found)
case("verifyCacheEntry: a tree that cannot be listed", "verifyCacheEntry", index_text, [], "EACCES: permission denied, scandir '/c/tree'")
case("verifyCacheEntry: an index of another schema", "verifyCacheEntry", '{"schema":2,"spec":"x","version":"1.0.0","files":[]}', [])
case("verifyCacheEntry: an index not sorted", "verifyCacheEntry",
     '{"schema":1,"spec":"x","version":"1.0.0","resolved":null,"files":[{"path":"b","stamp":"1"},{"path":"a","stamp":"1"}]}', [])

# ---- .upkeep/source.json
good = '{"schema":1,"source":"npm:create-vite","version":"v5.5.5","subpath":"template-react-ts","resolved":"sha512-x"}'
case("parseProjectSource: a record (version normalized)", "parseProjectSource", good, ".upkeep/source.json")
case("parseProjectSource: subpath and resolved may be absent", "parseProjectSource", '{"schema":1,"source":"../tpl","version":"1.0.0"}', None)
for text, what in [
    ("[]", "not an object"), ('{"schema":2,"source":"x","version":"1.0.0"}', "a newer schema"),
    ('{"source":"x","version":"1.0.0"}', "no schema"), ('{"schema":1,"version":"1.0.0"}', "no source"),
    ('{"schema":1,"source":"svn://x","version":"1.0.0"}', "a source that is no spec"),
    ('{"schema":1,"source":"npm:x@1.0.0","version":"1.0.0"}', "a source with a version"),
    ('{"schema":1,"source":"./t","version":"1.0"}', "not a version"),
    ('{"schema":1,"source":"./t","version":"1.0.0","subpath":"../x"}', "a sub-path leaving the release"),
    ('{"schema":1,"source":"./t","version":"1.0.0","resolved":""}', "an empty resolved"),
    ('{"schema":1,"source":"./t","version":"1.0.0","extra":1}', "an unknown key"),
    ('{"schema":1,"source":"./t","source":"./u","version":"1.0.0"}', "a duplicate key"),
    ('\ufeff{"schema":1}', "a byte-order mark"),
]:
    case(f"parseProjectSource: refused, {what}", "parseProjectSource", text, ".upkeep/source.json")
# No label: the engine names the record in the default state folder.
case("parseProjectSource: refused, named by the default label", "parseProjectSource", "[]", None)
case("renderProjectSource: every key, two-space indent", "renderProjectSource",
     {"source": "../tpl.git", "version": "1.2.0", "subpath": None, "resolved": "v1.2.0@" + "0" * 40})

# ---- upkeep new


def start_input(entries_, in_progress=None, force=False, run="20260101-120000-000", spec_="npm:x@1.0.0", state_entries=()):
    return {"target": "my-app", "entries": entries_, "inProgress": in_progress, "spec": spec_, "force": force, "runId": run,
            "stateDir": ".upkeep", "stateEntries": list(state_entries)}


case("scaffoldStart: a missing or empty folder", "scaffoldStart", start_input([]))
case("scaffoldStart: a folder holding only .git", "scaffoldStart", start_input([".git"]))
case("scaffoldStart: a folder holding files is refused", "scaffoldStart", start_input(["README.md", "src", "a", "b", ".git"]))
case("scaffoldStart: --force", "scaffoldStart", start_input(["README.md"], force=True))
case("scaffoldStart: a run killed before its progress record left only a lock and a temp file", "scaffoldStart",
     start_input([".upkeep", ".git"], state_entries=["update.lock", ".new-in-progress.json.upkeep-1-ab.tmp"]))
case("scaffoldStart: a state folder holding a project's files is not empty", "scaffoldStart",
     start_input([".upkeep"], state_entries=["VERSION", "update.lock"]))
case("scaffoldStart: an interrupted run of the same release resumes", "scaffoldStart",
     start_input(["README.md", ".upkeep"], '{"spec":"npm:x@1.0.0","runId":"20250101-000000-000"}\n'))
case("scaffoldStart: an interrupted run of another release", "scaffoldStart",
     start_input(["README.md", ".upkeep"], '{"spec":"npm:x@2.0.0","runId":"r1"}', force=True))
case("scaffoldStart: a damaged progress record", "scaffoldStart", start_input([".upkeep"], '{"spec":'))
case("scaffoldStart: a run id that could leave the backups folder", "scaffoldStart", start_input([], run="../x"))
record = {"source": "npm:create-vite", "version": "6.5.0", "subpath": "template-react-ts", "resolved": "sha512-x"}
A, B = "a" * 64, "b" * 64


def scaffold(mode, files, target="my-app"):
    return {"start": {"mode": mode, "probe": mode != "fresh", "runId": "r1"}, "target": target,
            "spec": "npm:create-vite@6.5.0//template-react-ts", "files": files, "record": record,
            "manifest": '{"schema":1,"files":{}}\n', "stateDir": ".upkeep"}


case("planScaffold: a fresh run creates every file", "planScaffold",
     scaffold("fresh", [{"path": "src/main.tsx"}, {"path": ".gitignore"}, {"path": "package.json"}]))
case("planScaffold: --force over a folder: identical kept, different backed up and replaced, missing created", "planScaffold",
     scaffold("force", [
         {"path": "README.md", "sha256": A, "current": {"kind": "file", "sha256": A}},
         {"path": "package.json", "sha256": A, "current": {"kind": "file", "sha256": B}},
         {"path": "src/main.tsx", "sha256": A, "current": None}], target="my app"))
case("planScaffold: resuming writes no progress record", "planScaffold",
     scaffold("resume", [{"path": "a", "sha256": A, "current": {"kind": "file", "sha256": A}}, {"path": "b", "sha256": A}]))
case("planScaffold: a folder or a link where the release has a file", "planScaffold",
     scaffold("force", [{"path": "a", "sha256": A, "current": {"kind": "directory"}}, {"path": "b", "sha256": A, "current": {"kind": "symlink"}},
                        {"path": "c", "sha256": A, "current": {"kind": "other"}}]))
case("planScaffold: an unsafe path", "planScaffold", scaffold("fresh", [{"path": "../x"}]))
case("planScaffold: a file the target holds without both digests is refused", "planScaffold",
     scaffold("force", [{"path": "a", "current": {"kind": "file", "sha256": A}}]))


def halt(outcomes, stopped=None):
    run = {"paths": [o[0] for o in outcomes], "outcomes": [o[1] for o in outcomes], "errors": [o[2] if len(o) > 2 else None for o in outcomes]}
    if stopped is not None: run["stopped"] = stopped
    return run


case("scaffoldHalt: every file done (or already there): the run finishes", "scaffoldHalt", halt([("a", "done"), ("b", "unchanged")]))
case("scaffoldHalt: nothing to do", "scaffoldHalt", {})
case("scaffoldHalt: a stop request", "scaffoldHalt", halt([("a", "done")], stopped=True))
case("scaffoldHalt: a file that appeared meanwhile is left alone", "scaffoldHalt", halt([("a", "done"), ("src/b.js", "changed")]))
case("scaffoldHalt: a release file that changed in the cache", "scaffoldHalt", halt([("c", "source-changed")]))
case("scaffoldHalt: a refused write stops the run with the system's code", "scaffoldHalt",
     halt([("a", "done"), ("d/e", "blocked", {"code": "ENOSPC", "message": "no space left on device", "stage": "stage"})]))
case("scaffoldHalt: a refused backup", "scaffoldHalt",
     halt([("f", "blocked", {"code": "EACCES", "message": "permission denied", "stage": "backup"})]))

# ---- upkeep adopt


def adopt(files, existing_version=None, existing_source=None, force=False):
    return {"spec": "../tpl.git@1.2.0", "files": files, "existingVersion": existing_version, "existingSource": existing_source,
            "force": force, "record": {"source": "../tpl.git", "version": "1.2.0", "subpath": None, "resolved": "v1.2.0@" + "1" * 40},
            "manifest": '{"schema":1,"files":{}}\n', "stateDir": ".upkeep"}


adopt_files = [
    {"path": "README.md", "class": "shared", "sha256": A, "current": {"kind": "file", "sha256": A}},
    {"path": "src/index.js", "class": "owned", "sha256": A, "current": {"kind": "file", "sha256": B}},
    {"path": "docs/guide.md", "class": "wiki-owned", "sha256": A, "current": None},
    {"path": "ci", "class": "owned", "sha256": A, "current": {"kind": "directory"}},
]
case("planAdopt: same, differing, missing and non-file managed paths", "planAdopt", adopt(adopt_files))
case("planAdopt: a file the manifest lists and the release lacks is refused, named", "planAdopt",
     adopt(adopt_files[:1] + [{"path": "docs/gone.md", "class": "shared", "sha256": None, "current": {"kind": "file", "sha256": B}}]))
same = '{"schema":1,"source":"../tpl.git","version":"1.2.0","subpath":null,"resolved":null}'
other = '{"schema":1,"source":"../tpl.git","version":"1.1.0"}'
case("planAdopt: re-running over its own record", "planAdopt", adopt([], "1.2.0\n", same))
case("planAdopt: another version already recorded", "planAdopt", adopt([], None, other))
case("planAdopt: another version already recorded, --force", "planAdopt", adopt([], "1.1.0\n", other, True))
case("planAdopt: VERSION says another version", "planAdopt", adopt([], "1.1.0\n"))
case("planAdopt: a damaged record", "planAdopt", adopt([], None, "{"))

# ---- bare update and status
rec = '{"schema":1,"source":"npm:create-vite","version":"5.5.5","subpath":"template-react-ts","resolved":"sha512-x"}'


def sources(**kw):
    base = {"root": "/work/app", "stateDir": ".upkeep", "record": rec, "installed": "5.5.5\n"}
    base.update(kw)
    return base


case("updateSources: the recorded source at the installed version, and its newest", "updateSources", sources())
case("updateSources: --to", "updateSources", sources(to="6.5.0"))
case("updateSources: --to a range", "updateSources", sources(to="^6"))
case("updateSources: --pre counts pre-releases for the latest only", "updateSources", sources(pre=True))
case("updateSources: --latest takes precedence (the record moves with it, without a resolution)", "updateSources", sources(latest="../tpl-2"))
case("updateSources: --baseline takes precedence (resolved is not checked)", "updateSources", sources(baseline="../tpl-1"))
case("updateSources: --to with --latest", "updateSources", sources(latest="x", to="1.0.0"))
case("updateSources: the record behind VERSION", "updateSources", sources(installed="6.5.0\n"))
case("updateSources: no record and no flags", "updateSources", sources(record=None))
case("updateSources: no record, both flags", "updateSources", sources(record=None, baseline="a", latest="b"))
case("updateSources: a damaged record", "updateSources", sources(record='{"schema":1}'))


def chosen(record=True, latest_from_record=True):
    return {"baseline": "npm:create-vite@5.5.5//template-react-ts", "latest": "npm:create-vite//template-react-ts",
            "record": {"source": "npm:create-vite", "version": "5.5.5", "subpath": "template-react-ts", "resolved": "sha512-x"} if record else None,
            "expectResolved": "sha512-x" if record else None, "recordLatest": record, "latestFromRecord": latest_from_record, "notices": []}


# Where an extracted archive's release is.
for name, top in [("GitHub's archive: one folder", [{"name": "tpl-1.2.0", "directory": True}]),
                  ("npm's package: its folder and its package.json", [{"name": "package", "directory": True}]),
                  ("the state folder alone is the release's own", [{"name": ".upkeep", "directory": True}]),
                  ("a file alone", [{"name": "package", "directory": False}]),
                  ("several entries", [{"name": "a", "directory": True}, {"name": "b.txt", "directory": False}]),
                  ("nothing", [])]:
    case(f"archiveRoot: {name}", "archiveRoot", top, ".upkeep")
for name, text in [("a version", '{"name": "t", "version": "1.2.0"}'), ("a number", '{"version": 2}'), ("not JSON", "{"), ("none", "{}")]:
    case(f"packageVersion: {name}", "packageVersion", text)

installed = {"version": "6.5.0", "resolved": "sha512-y"}
case("installedRecord: the recorded source's release: its version and resolution", "installedRecord", chosen(), installed)
case("installedRecord: a release --latest named: its version, no resolution", "installedRecord", chosen(latest_from_record=False), installed)
case("installedRecord: no record kept", "installedRecord", chosen(record=False, latest_from_record=False), installed)
case("checkReleaseDrift: as recorded", "checkReleaseDrift", "npm:x@1.0.0", "sha512-a", "sha512-a", False)
case("checkReleaseDrift: nothing recorded", "checkReleaseDrift", "./t@1.0.0", None, None, False)
case("checkReleaseDrift: a moved tag is refused", "checkReleaseDrift", "../t.git@1.0.0", "v1.0.0@" + "1" * 40, "v1.0.0@" + "2" * 40, False)
case("recordBehindNotice: the update applied, the record behind", "recordBehindNotice", ".upkeep/source.json", "ENOSPC: no space left on device")
case("checkReleaseDrift: --allow-drift", "checkReleaseDrift", "npm:x@1.0.0", "sha512-a", "sha512-b", True)

# ---- manifest init and check
case("parseManifestRules: rules, renames, comments", "parseManifestRules",
     "# template rules\nowned  src/**\nshared **\n\nexclude **/*.snap\nwiki-owned docs/**\ninstall _npmrc .npmrc\n", "rules.txt")
case("parseManifestRules: an unknown rule", "parseManifestRules", "owned a\nmine b\n", "rules.txt")
case("parseManifestRules: two globs on a line", "parseManifestRules", "owned a b\n", None)
case("parseManifestRules: a bad install line", "parseManifestRules", "install x\n", "rules.txt")
tree = ["src/a.ts", "src/a.snap", "docs/guide.md", "README.md", "package.json", "_gitignore", "CHANGELOG.md", ".upkeep/VERSION", "_npmrc"]


def rules(*pairs, install=()):
    return {"rules": [{"class": c, "glob": g} for c, g in pairs], "install": [list(i) for i in install]}


case("manifestInit: no rules: everything shared, the conventions applied", "manifestInit",
     {"label": "tpl", "entries": entries(*tree), "rules": rules(), "stateDir": ".upkeep"})
case("manifestInit: the first matching rule decides, an exclude always wins", "manifestInit",
     {"label": "tpl", "entries": entries(*tree), "rules": rules(("owned", "src/**"), ("wiki-owned", "docs/**"), ("shared", "**"), ("exclude", "**/*.snap")), "stateDir": ".upkeep"})
case("manifestInit: files no rule matches are left to the project", "manifestInit",
     {"label": "tpl", "entries": entries(*tree), "rules": rules(("owned", "src/**/*.ts")), "stateDir": ".upkeep"})
case("manifestInit: links and special files are named, never listed", "manifestInit",
     {"label": "tpl", "entries": entries("a", "docs/latest", "fifo", ".upkeep/x", kinds={"docs/latest": "symlink", "fifo": "other", ".upkeep/x": "symlink"}),
      "rules": rules(), "stateDir": ".upkeep"})
case("manifestInit: an explicit rename", "manifestInit",
     {"label": "tpl", "entries": entries("_env", "a"), "rules": rules(("shared", "**"), install=[("_env", ".env")]), "stateDir": ".upkeep"})
case("manifestInit: a rename of a missing file", "manifestInit",
     {"label": "tpl", "entries": entries("a"), "rules": rules(install=[("x", "y")]), "stateDir": ".upkeep"})
case("manifestInit: a rename onto another file", "manifestInit",
     {"label": "tpl", "entries": entries("a", "b"), "rules": rules(install=[("a", "b")]), "stateDir": ".upkeep"})
case("manifestInit: an empty glob", "manifestInit", {"label": "tpl", "entries": entries("a"), "rules": rules(("owned", "")), "stateDir": ".upkeep"})
case("manifestInit: a rules file's rules come before the flags', a flag's rename is the last", "manifestInit",
     {"label": "tpl", "entries": entries(*tree), "rules": rules(("owned", "src/**"), install=[("README.md", "DOC.md")]),
      "flagRules": rules(("shared", "**"), ("owned", "docs/**"), install=[("README.md", "README.txt")]), "stateDir": ".upkeep"})
case("manifestInit: an empty glob among the flags", "manifestInit", {"label": "tpl", "entries": entries("a"), "flagRules": rules(("owned", "")), "stateDir": ".upkeep"})
broken = ('{"schema":1,"files":{"a.md":"shared","gone.md":"owned","dir":"owned",".upkeep/VERSION":"owned",".npmrc":"shared","doc.md":"shared"},'
          '"install":{"_npmrc":".npmrc","x":"a.md"},"merges":{"other.json":{"format":"json","maps":["a"]}},'
          '"regions":[{"id":"r","startMarker":"<!-- s -->","endMarker":"<!-- e -->","paths":["doc.md","a.md"],'
          '"regenerate":{"interpreter":"sh","operand":"gen.sh","args":[]}},{"id":1}],'
          '"claims":[{"file":"d.md","flag":"mine","paths":["nope.md"]}]}')
case("manifestCheckReads: the files regions name, as shipped and as installed", "manifestCheckReads", broken)
case("manifestCheckReads: an unreadable manifest needs nothing", "manifestCheckReads", "{")
case("checkManifest: every problem named", "checkManifest", {
    "label": "tpl", "manifest": broken,
    "entries": [{"path": "a.md"}, {"path": "dir", "kind": "symlink"}, {"path": "_npmrc"}, {"path": "doc.md"}, {"path": ".upkeep/manifest.json"}],
    "texts": [{"path": "doc.md", "bytes": {"$text": "x\n<!-- s -->\n<!-- s -->\n"}}, {"path": "a.md", "bytes": {"$text": "plain\n"}}],
    "stateDir": ".upkeep"})
valid = ('{"schema":1,"files":{"README.md":"shared","docs/team.md":"shared","gen.sh":"owned","package.json":"shared",".gitignore":"shared"},'
         '"install":{"_gitignore":".gitignore"},"merges":{"package.json":{"format":"json","maps":["scripts"]}},'
         '"regions":[{"id":"team","startMarker":"<!-- team -->","endMarker":"<!-- /team -->","paths":["docs/team.md"],'
         '"regenerate":{"interpreter":"sh","operand":"gen.sh","args":[]}}]}')
case("checkManifest: a valid release", "checkManifest", {
    "label": "tpl", "manifest": valid,
    "entries": [{"path": "README.md"}, {"path": "docs/team.md"}, {"path": "gen.sh"}, {"path": "package.json"}, {"path": "_gitignore"}],
    "texts": [{"path": "docs/team.md", "bytes": {"$text": "# Team\n<!-- team -->\nann\n<!-- /team -->\n"}}],
    "stateDir": ".upkeep"})
case("checkManifest: no manifest", "checkManifest", {"label": "tpl", "manifest": None, "entries": [], "stateDir": ".upkeep"})
case("checkManifest: an unreadable manifest", "checkManifest", {"label": "tpl", "manifest": '{"schema":1,"files":{"a":"b"}}', "entries": [], "stateDir": ".upkeep"})
case("checkManifest: markers missing and out of order", "checkManifest", {
    "label": "tpl", "manifest": '{"schema":1,"files":{"a.md":"shared","b.md":"shared","g.sh":"owned"},"regions":[{"id":"r","startMarker":"S","endMarker":"E","paths":["a.md","b.md"],"regenerate":{"interpreter":"sh","operand":"g.sh","args":[]}}]}',
    "entries": [{"path": "a.md"}, {"path": "b.md"}, {"path": "g.sh"}],
    "texts": [{"path": "a.md", "bytes": {"$text": "E\nS\n"}}, {"path": "b.md", "bytes": {"$text": "nothing\n"}}], "stateDir": ".upkeep"})

# ---- adopt: a spec must name the version the project was made from (refused before any fetch)
for text in ["../tpl", "npm:create-vite//template-react-ts", "../tpl@1.2.0", "../tpl.git#main", "npm:create-vite@5.5.5//template-react-ts"]:
    case(f"adoptRefusal: {text}", "adoptRefusal", text)
case("adoptRefusal: a spec that does not parse", "adoptRefusal", "")
# ---- new --git: the first commit's words and exit code
SCAFFOLD = {"spec": "../tpl@1.2.0", "target": "app", "version": "1.2.0", "created": ["a.md"], "replaced": ["b.md"], "unchanged": [],
            "backupDir": ".upkeep/backups/20260101-000000-000", "resumed": False}
RELEASE = {"spec": "../tpl@1.2.0", "resolved": None}
case("newDocument: without --git", "newDocument", {"status": "created", "report": SCAFFOLD, "notices": [], "release": RELEASE})
case("newDocument: a first commit made", "newDocument", {"status": "resumed", "report": SCAFFOLD, "notices": ["n"], "release": RELEASE,
                                                         "git": {"committed": True, "commit": "3f2c1e9"}})
case("newDocument: a first commit that failed", "newDocument", {"status": "created", "report": SCAFFOLD, "notices": [], "release": RELEASE,
                                                               "git": {"committed": False, "error": "git commit failed"}})
case("adoptDocument: differences and a missing file", "adoptDocument", {"status": "adopted", "notices": [], "release": RELEASE, "report": {
    "spec": "../tpl@1.2.0", "version": "1.2.0", "same": ["a.md"], "differs": [{"path": "b.md", "class": "shared"}],
    "missing": [{"path": "c.md", "class": "owned"}], "notFiles": [], "replacedRecord": False}})
case("firstCommitSubject: a package spec", "firstCommitSubject", "@acme/web-template@1.2.0")
case("firstCommitSubject: a release folder", "firstCommitSubject", "../template-1.2.0")
def ran(status, stdout="", stderr=""): return {"status": status, "stdout": stdout, "stderr": stderr}
OUTSIDE = ran(128, stderr="fatal: not a git repository (or any of the parent directories): .git\n")
case("firstCommitStep: first, is the folder in a work tree", "firstCommitStep", "../tpl@1.2.0", [])
case("firstCommitStep: in none, a repository is made", "firstCommitStep", "../tpl@1.2.0", [OUTSIDE])
case("firstCommitStep: in one, the folder is added", "firstCommitStep", "../tpl@1.2.0", [ran(0, "/w\n")])
case("firstCommitStep: then committed, named for the spec", "firstCommitStep", "../tpl@1.2.0", [OUTSIDE, ran(0), ran(0)])
case("firstCommitStep: then its id is read", "firstCommitStep", "../tpl@1.2.0", [ran(0, "/w\n"), ran(0), ran(0)])
case("firstCommitStep: committed", "firstCommitStep", "../tpl@1.2.0", [ran(0, "/w\n"), ran(0), ran(0), ran(0, "3f2c1e9a\n")])
case("firstCommitStep: git init failed", "firstCommitStep", "../tpl@1.2.0", [OUTSIDE, ran(1, stderr="fatal: cannot mkdir .git: Permission denied\n")])
case("firstCommitStep: git add failed", "firstCommitStep", "../tpl@1.2.0", [ran(0, "/w\n"), ran(128, stderr="fatal: Unable to create '/w/.git/index.lock': File exists.\n")])
case("firstCommitStep: git commit failed", "firstCommitStep", "../tpl@1.2.0",
     [ran(0, "/w\n"), ran(0), ran(128, stderr="Author identity unknown\nfatal: no email was given and auto-detection is disabled\n")])
case("firstCommitStep: a signal ended git commit", "firstCommitStep", "../tpl@1.2.0", [ran(0, "/w\n"), ran(0), ran(None)])
case("firstCommitWords: no --git", "firstCommitWords", None)
case("firstCommitWords: committed", "firstCommitWords", {"committed": True, "commit": "3f2c1e9a"})
case("firstCommitWords: the commit failed", "firstCommitWords",
     {"committed": False, "error": "git commit failed: fatal: no email was given and auto-detection is disabled"})
# ---- How a release is named in messages, the flag of its side, and what pins what was fetched
for label in ["baseline", "latest", "release", "other"]:
    case(f"releaseWords: {label}", "releaseWords", label, "../tpl@1.3.0")
# ---- A release that cannot be opened as named
NAME = "the latest release '../tpl@1.3.0'"
for title, problem in [
    ("nothing there, any kind would do", {"kind": "not-found", "name": NAME, "location": "/work/tpl", "anyKind": True}),
    ("nothing there, a directory named", {"kind": "not-found", "name": NAME, "location": "/work/tpl", "anyKind": False}),
    ("another version there, kinds hinted", {"kind": "version-gone", "name": NAME, "location": "/work/tpl", "holds": "1.4.0",
                                             "wanted": "1.3.0", "cache": "/root/.cache/upkeep", "flag": "--latest", "kindsHint": True}),
    ("another version in the archive", {"kind": "version-gone", "name": NAME, "location": "/work/tpl.tgz", "holds": "1.4.0",
                                        "wanted": "1.3.0", "cache": "/root/.cache/upkeep", "flag": "--latest", "kindsHint": False}),
    ("a ref the remote lacks", {"kind": "no-ref", "name": NAME, "location": "https://git.example/tpl.git", "reference": "v9"}),
    ("no such folder", {"kind": "no-subfolder", "name": NAME, "subpath": "web", "folders": ["api", "docs"]}),
    ("no such folder, and no folders", {"kind": "no-subfolder", "name": NAME, "subpath": "web", "folders": []}),
    ("no such folder, thirteen listed as twelve", {"kind": "no-subfolder", "name": NAME, "subpath": "web", "folders": [f"d{i:02}" for i in range(13)]}),
    ("no such folder, listed in byte order", {"kind": "no-subfolder", "name": NAME, "subpath": "web", "folders": ["docs", "Zed", "api", "b"]}),
    ("no such folder, .git never offered", {"kind": "no-subfolder", "name": NAME, "subpath": "web", "folders": [".git", "api"]}),
]:
    case(f"releaseRefusal: {title}", "releaseRefusal", problem)
# ---- Whether a release being opened comes from the cache, and from which entry
def question(kind, identity, version, moment, found=None, origin=None, retain=False, subpath=None):
    q = {"kind": kind, "identity": identity, "version": version, "subpath": subpath, "stateDir": ".upkeep", "name": NAME,
         "flag": "--latest", "cache": "/root/.cache/upkeep", "retain": retain, "moment": moment}
    if found is not None:
        q["found"] = found
    if origin is not None:
        q["origin"] = origin
    return q
WHOLE = {"resolved": None, "origin": None}
GONE = {"kind": "local-gone"}
SELECTED = {"kind": "selected", "version": "1.2.0", "tag": "v1.2.0", "commit": "c1"}
for title, q in [
    ("a gone local spec, an exact version: git then the folder", question("local", "/work/tpl", "v1.2.0", GONE)),
    ("a gone local spec, the folder kept", question("local", "/work/tpl", "v1.2.0", GONE, found=[None, WHOLE])),
    ("a gone local spec, git kept first", question("local", "/work/tpl", "1.2.0", GONE, found=[WHOLE, WHOLE])),
    ("a gone local spec, nothing kept", question("local", "/work/tpl", "1.2.0", GONE, found=[None, None])),
    ("a gone local spec, a range", question("local", "/work/tpl", "^1", GONE)),
    ("a gone local spec, no version", question("local", "/work/tpl", None, GONE, subpath="web")),
    ("an unreadable archive, no version", question("tarball", "/work/t.tgz", None, {"kind": "unreadable", "error": "EACCES: permission denied, open '/work/t.tgz'"})),
    ("an unreadable archive, an exact version", question("tarball", "/work/t.tgz", "2.0.0", {"kind": "unreadable", "error": "EACCES"})),
    ("an unreadable archive, kept", question("tarball", "/work/t.tgz", "2.0.0", {"kind": "unreadable", "error": "EACCES"}, found=[WHOLE])),
    ("an unreadable archive, not kept", question("tarball", "/work/t.tgz", "2.0.0", {"kind": "unreadable", "error": "EACCES"}, found=[None])),
    ("a folder read in place", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": True})),
    ("a folder read in place, the version asked for written another way", question("directory", "/work/tpl", "v1.0.0", {"kind": "folder-holds", "holds": "1.0.0", "inPlace": True})),
    ("a folder kept for the baseline: look up with its fingerprint", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": True}, retain=True)),
    ("a folder laid out: look up with its fingerprint", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": False})),
    ("a folder's copy, unchanged", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": False}, found=[{"resolved": None, "origin": "f1"}], origin="f1")),
    ("a folder's copy, the folder written since", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": False}, found=[{"resolved": None, "origin": "f1"}], origin="f2")),
    ("a folder's copy of an older upkeep (no fingerprint)", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": False}, found=[WHOLE], origin="f1")),
    ("a folder, no copy", question("directory", "/work/tpl", None, {"kind": "folder-holds", "holds": "1.0.0", "inPlace": False}, found=[None], origin="f1")),
    ("a folder holding another version", question("directory", "/work/tpl", "1.0.0", {"kind": "folder-holds", "holds": "1.1.0", "inPlace": True})),
    ("a folder holding another version, kept", question("directory", "/work/tpl", "1.0.0", {"kind": "folder-holds", "holds": "1.1.0", "inPlace": True}, found=[WHOLE])),
    ("a folder holding another version, not kept", question("directory", "/work/tpl", "1.0.0", {"kind": "folder-holds", "holds": "1.1.0", "inPlace": True}, found=[None])),
    ("a folder asked for a range", question("directory", "/work/tpl", "^1", {"kind": "folder-holds", "holds": "1.1.0", "inPlace": True})),
    ("an archive holding the version asked for", question("tarball", "/work/t.tgz", "1.1.0", {"kind": "archive-holds", "holds": "1.1.0"})),
    ("an archive holding another version, not kept", question("tarball", "/work/t.tgz", "1.0.0", {"kind": "archive-holds", "holds": "1.1.0"}, found=[None])),
    ("git before listing, an exact version", question("git", "https://git.example/tpl.git", "1.2.0", {"kind": "before-listing"})),
    ("git before listing, kept", question("git", "https://git.example/tpl.git", "1.2.0", {"kind": "before-listing"}, found=[WHOLE])),
    ("git before listing, not kept", question("git", "https://git.example/tpl.git", "1.2.0", {"kind": "before-listing"}, found=[None])),
    ("npm before listing, a dist-tag", question("npm", "create-x", "latest", {"kind": "before-listing"})),
    ("npm before listing, no version", question("npm", "@acme/create-x", None, {"kind": "before-listing"}, subpath="template")),
    ("git selected: look up", question("git", "https://git.example/tpl.git", "^1", SELECTED)),
    ("git selected, the tag on the same commit", question("git", "https://git.example/tpl.git", "^1", SELECTED, found=[{"resolved": "v1.2.0@c1", "origin": None}])),
    ("git selected, the tag moved", question("git", "https://git.example/tpl.git", "^1", SELECTED, found=[{"resolved": "v1.2.0@c0", "origin": None}])),
    ("npm selected, kept", question("npm", "create-x", "^1", {"kind": "selected", "version": "1.2.0"}, found=[WHOLE])),
    ("npm selected, not kept", question("npm", "create-x", "^1", {"kind": "selected", "version": "1.2.0"}, found=[None])),
    ("git fetched: store", question("git", "https://git.example/tpl.git", "^1", {"kind": "fetched", "holds": "1.2.0"})),
    ("placed first, the same content", question("npm", "create-x", None, {"kind": "placed", "version": "1.2.0", "resolved": "sha512-a"}, found=[{"resolved": "sha512-a", "origin": None}])),
    ("placed first, other content", question("npm", "create-x", None, {"kind": "placed", "version": "1.2.0", "resolved": "sha512-a"}, found=[{"resolved": "sha512-b", "origin": None}])),
    ("placed first, damaged", question("tarball", "/work/t.tgz", None, {"kind": "placed", "version": "1.2.0", "resolved": "sha512-a"}, found=[None])),
    ("placed first, a folder's copy", question("directory", "/work/tpl", None, {"kind": "placed", "version": "1.2.0", "resolved": None}, found=[WHOLE])),
    ("a bad state folder", {**question("npm", "create-x", "1.0.0", {"kind": "before-listing"}), "stateDir": "../x"}),
]:
    case(f"releaseCacheMove: {title}", "releaseCacheMove", q)
# ---- A release that could not be fetched or read
FATAL = "error: some detail\nfatal: unable to access 'https://git.example/tpl.git/': Could not resolve host: git.example\n"
for title, problem in [
    ("git ls-remote --tags failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "list-tags", "location": "https://git.example/tpl.git"}, "stderr": FATAL}),
    ("git ls-remote of a ref failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "look-up", "reference": "v1", "location": "../tpl.git"}, "stderr": "fatal: no\n"}),
    ("the scratch repository", {"kind": "tool-failed", "name": NAME, "step": {"step": "create-scratch"}, "stderr": "fatal: disk full\n"}),
    ("git fetch failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "fetch", "refspec": "refs/tags/v1", "location": "../tpl.git"}, "stderr": FATAL}),
    ("the fetched commit", {"kind": "tool-failed", "name": NAME, "step": {"step": "read-fetched"}, "stderr": ""}),
    ("git archive failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "archive"}, "stderr": "fatal: archive cut short\n"}),
    ("npm view failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "list-versions", "package": "create-x"}, "stderr": "npm error code E404\nnpm error 404 Not Found\n"}),
    ("npm pack failed", {"kind": "tool-failed", "name": NAME, "step": {"step": "download", "package": "create-x", "version": "1.0.0"}, "stderr": "npm error code EINTEGRITY\n"}),
    ("git not installed", {"kind": "tool-not-run", "name": NAME, "step": {"step": "list-tags", "location": "../tpl.git"}, "error": "spawn git ENOENT"}),
    ("npm not installed", {"kind": "tool-not-run", "name": NAME, "step": {"step": "list-versions", "package": "create-x"}, "error": "spawn npm ENOENT"}),
    ("npm view printed no JSON", {"kind": "no-version-list", "name": NAME, "package": "create-x"}),
    ("npm pack wrote no tarball", {"kind": "no-tarball", "name": NAME, "package": "create-x", "version": "1.0.0"}),
    ("a tarball that cannot be read", {"kind": "unreadable", "name": NAME, "error": "EACCES: permission denied, open '/work/tpl.tgz'"}),
    ("an archive that cannot be extracted", {"kind": "bad-archive", "name": NAME, "error": "TAR_BAD_ARCHIVE: Unrecognized archive format"}),
    ("entries that could escape", {"kind": "escaping-entries", "name": NAME, "entries": [{"path": "../x", "problem": "it leaves the archive"}, {"path": "l", "problem": "it is a symbolic link"}]}),
    ("stopped while fetching", {"kind": "stopped", "name": NAME, "copying": False}),
    ("stopped while copying", {"kind": "stopped", "name": NAME, "copying": True}),
]:
    case(f"fetchRefusal: {title}", "fetchRefusal", problem)
for name, facts in [
    ("a directory", {"kind": "directory"}),
    ("a tarball", {"kind": "tarball", "integrity": "sha512-AAAA"}),
    ("an npm package without an integrity", {"kind": "npm", "integrity": None}),
    ("a git tag", {"kind": "git", "tag": "v1.3.0", "commit": "1" * 40}),
    ("a git ref without its commit", {"kind": "git", "tag": "main"}),
]:
    case(f"resolvedIdentity: {name}", "resolvedIdentity", facts)
# ---- Release archives: which entries are refused before extraction
for path, kind in [("package/index.js", "File"), ("package/", "Directory"), ("a", "OldFile"), ("a", "ContiguousFile"),
                   ("l", "SymbolicLink"), ("h", "Link"), ("d", "CharacterDevice"), ("f", "FIFO"),
                   ("/etc/passwd", "File"), ("C:/x", "File"), ("a\\b", "File"), ("a/../../b", "File"), ("..", "Directory"),
                   ("a\u0000b", "File"), ("a..b/c", "File")]:
    case(f"archiveEntryProblem: {kind} {path!r}", "archiveEntryProblem", path, kind)

print(json.dumps({"$comment": "Generated by tests/vectors/src/lifecycle_cases.py; expected values blessed with bless.mjs and reviewed by hand.", "cases": cases}, indent=2, ensure_ascii=False))
