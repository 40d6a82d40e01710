#!/usr/bin/env python3
"""Inputs of tests/vectors/land.json (expected values are blessed with bless.mjs, then
reviewed by hand): the handoff, the commit split, the land report, the sync plan with
every refusal, the checkout-follow rule and carried checks."""
import hashlib
import json

D1, D2, D3 = "1" * 64, "2" * 64, "3" * 64
cases = []


def case(name, call, *args):
    cases.append({"name": name, "call": call, "args": list(args)})


def f(path, sha=D1):
    return {"path": path, "sha256": sha}


def t(id, files=(), title=None):
    return {"id": id, "title": title, "files": list(files)}


def handoff(files, tickets, inherited=()):
    return {"version": 1, "files": files, "tickets": tickets, "inherited": list(inherited)}


def now(path, sha=D1, dirty=True):
    return {"path": path, "sha256": sha, "dirty": dirty}


case("sealHandoff: a lone ticket claims every changed file", "sealHandoff",
     [f("b.txt"), f("a.txt", None)], [t("T-1", title="Fix it")], [])
case("sealHandoff: inherited files are set apart", "sealHandoff",
     [f("a.txt"), f("old.txt", D2)], [t("T-1", ["a.txt"]), t("T-2", ["a.txt"])], ["old.txt"])
case("sealHandoff: a changed file no ticket claims", "sealHandoff",
     [f("a.txt"), f("b.txt")], [t("T-1", ["a.txt"])], [])
case("sealHandoff: several tickets, one claims nothing", "sealHandoff",
     [f("a.txt")], [t("T-1", ["a.txt"]), t("T-2")], [])
case("sealHandoff: inherited but not dirty", "sealHandoff", [f("a.txt")], [], ["x.txt"])
case("sealHandoff: unsafe path", "sealHandoff", [f(".git/config")], [], [])

good = json.dumps(handoff([f("a.txt")], [t("T-1", ["a.txt"], "Title")], [f("z.txt", None)]))
case("parseHandoff: a valid handoff", "parseHandoff", good, "h.json")
case("parseHandoff: duplicate key", "parseHandoff", '{"version":1,"version":1}', "h.json")
case("parseHandoff: unknown key", "parseHandoff",
     '{"version":1,"files":[],"tickets":[],"inherited":[],"extra":true}', "h.json")
case("parseHandoff: newer version", "parseHandoff",
     '{"version":2,"files":[],"tickets":[],"inherited":[]}', None)
case("parseHandoff: bad digest", "parseHandoff",
     '{"version":1,"files":[{"path":"a","sha256":"xyz"}],"tickets":[],"inherited":[]}', "h.json")
case("parseHandoff: a claim of an unchanged file", "parseHandoff",
     json.dumps(handoff([f("a")], [t("T", ["a", "b"])])), "h.json")

split = handoff([f("a.txt"), f("b.txt")], [t("T-2", ["b.txt"], "Second"), t("T-1", ["a.txt"], "First")])
case("planLand: disjoint tickets split, in ticket order", "planLand", split, [now("a.txt"), now("b.txt")])
overlap = handoff([f("a.txt"), f("b.txt")], [t("T-1", ["a.txt", "b.txt"], "One"), t("T-2", ["b.txt"], "Two")])
case("planLand: overlapping tickets land as one commit named for all", "planLand", overlap,
     [now("a.txt"), now("b.txt")])
case("planLand: inherited files go with the first commit", "planLand",
     handoff([f("a.txt")], [t("T-1", ["a.txt"])], [f("old.txt", D2)]), [now("a.txt"), now("old.txt", D2)])
case("planLand: no tickets", "planLand", handoff([f("a.txt", None)], []), [now("a.txt", None)])
case("planLand: moved since the seal", "planLand", split, [now("a.txt", D3), now("b.txt", None)])
case("planLand: nothing to land", "planLand", handoff([], []), [])
case("planLand: a re-run after a partial land continues", "planLand", split,
     [now("a.txt"), now("b.txt", dirty=False)])
case("planLand: state missing a file", "planLand", split, [now("a.txt")])

commit = {"tickets": ["T-1"], "files": ["a.txt"], "inherited": [], "subject": "T-1", "message": "T-1\n\nFiles:\n  a.txt\n"}
commit2 = {**commit, "tickets": ["T-2"], "files": ["b.txt"], "subject": "T-2", "message": "T-2\n\nFiles:\n  b.txt\n"}
ready = {"status": "ready", "overlap": False, "commits": [commit, commit2], "alreadyLanded": [], "moved": []}
# The run, commit by commit: the next commit, or done after the last, a failure or a stop.
case("landStep: the first commit", "landStep", ready, [])
case("landStep: the second commit", "landStep", ready, [{"sha": "a" * 40}])
case("landStep: done after the last", "landStep", ready, [{"sha": "a" * 40}, {"sha": "b" * 40}])
case("landStep: a failure ends the run", "landStep", ready, [{"error": "hook refused", "status": 1}])
case("landStep: a stop ends the run", "landStep", ready, [{"sha": "a" * 40}, {"stopped": True}])
case("landStep: inherited files are committed after the changed ones", "landStep",
     {**ready, "commits": [{**commit, "inherited": ["old.txt"]}]}, [])
case("landStep: a plan not ready commits nothing", "landStep",
     {"status": "nothing_to_land", "overlap": False, "commits": [], "alreadyLanded": [], "moved": []}, [])
case("landReport: landed", "landReport", ready, [{"sha": "a" * 40}, {"sha": "b" * 40}])
case("landReport: partly landed", "landReport", ready, [{"sha": "a" * 40}, {"error": "hook refused"}])
case("landReport: the first commit failed", "landReport", ready, [{"error": "hook refused"}])
# The shim hands git's raw words and status; the report words them (trimmed, or the status when git said nothing).
case("landReport: git's words trimmed", "landReport", ready, [{"sha": "a" * 40}, {"error": "  error: hook refused\n", "status": 1}])
case("landReport: git said nothing, its status is told", "landReport", ready, [{"error": "\n", "status": 128}])
case("landReport: git said nothing and a signal ended it", "landReport", ready, [{"error": "", "status": None}])
case("landReport: a stop before the second commit", "landReport", ready, [{"sha": "a" * 40}, {"stopped": True}])
case("landReport: a stop before the first commit", "landReport", ready, [{"stopped": True}])
# Ctrl-C reaches git too: the commit it was making failed because of the stop.
case("landReport: a stop that reached git during the first commit", "landReport", ready,
     [{"error": "", "status": None, "interrupted": True}])
case("landReport: a stop that reached git during the second commit", "landReport", ready,
     [{"sha": "a" * 40}, {"error": "", "status": 130, "interrupted": True}])
case("landReport: staging failed, so nothing is staged", "landReport", ready,
     [{"error": "fatal: Unable to create '.git/index.lock': File exists.\n", "status": 128, "stageFailed": True}])
# What land --seal reports once the handoff is written.
case("sealReport: a ticket, a file, an inherited file", "sealReport", "/w/.git/upkeep/handoff.json",
     handoff([f("a.txt")], [t("T-1", ["a.txt"], "Title")], [f("z.txt", None)]))
case("sealReport: nothing but a ticket", "sealReport", "handoff.json", handoff([], [t("T-1")]))
partly = {"status": "partly_landed", "landed": [{"sha": "a" * 40, **commit}], "alreadyLanded": [],
          "notLanded": [{"left": "staged", **commit2}], "inherited": [], "moved": [], "error": "hook refused"}
case("renderLandReport: partly landed", "renderLandReport", partly)
case("renderLandReport: stopped, nothing made, the first commit staged and the second not tried", "renderLandReport",
     {"status": "interrupted", "landed": [], "alreadyLanded": [], "inherited": [], "moved": [],
      "notLanded": [{"left": "staged", **commit}, {"left": "not_tried", **commit2}],
      "error": "stopped while git made this commit (the stop reached git too)"})
case("renderLandReport: stopped before the second commit", "renderLandReport",
     {**partly, "status": "interrupted", "notLanded": [{"left": "not_tried", **commit2}],
      "error": "stopped before this commit (a stop was requested)"})


def facts(ahead, behind=(), picks=()):
    return {"checkoutHead": "c" * 40, "cloneHead": ahead[-1] if ahead else "c" * 40,
            "cloneAhead": list(ahead), "checkoutAhead": list(behind),
            "picks": [{"name": n, "sha": s, "onCheckout": n == "shared"} for n, s in picks]}


A, B, X = "a" * 40, "b" * 40, "e" * 40
case("planSync: fast-forward to the clone's head", "planSync", facts([A, B]))
case("planSync: nothing new", "planSync", facts([]))
case("planSync: the checkout has commits the clone lacks", "planSync", facts([A], [X]))
case("planSync: named commits cherry-picked in the clone's order", "planSync",
     facts([A, B], [X], [("bbbb", B), ("aaaa", A)]))
case("planSync: a name the clone does not know", "planSync", facts([A], [], [("nope", None)]))
case("planSync: a commit not on the clone's branch", "planSync", facts([A], [], [("f00", "f" * 40)]))
case("planSync: a commit already on the checkout", "planSync", facts([A], [X], [("eee", X)]))
case("planSync: a commit both branches share", "planSync", facts([A], [], [("shared", "d" * 40)]))
case("planSync: a commit named twice", "planSync", facts([A], [], [("a", A), ("aa", A)]))
case("checkoutRefusal: not on a branch", "checkoutRefusal", {"kind": "detached", "checkout": "/work/app"})
case("checkoutRefusal: no commits", "checkoutRefusal", {"kind": "no-commits", "checkout": "/work/app"})
case("checkoutRefusal: another sync holds the lock", "checkoutRefusal",
     {"kind": "busy", "checkout": "/work/app", "holder": {"pid": 42, "host": "dev", "since": "2026-01-01T00:00:00.000Z"}})
case("checkoutRefusal: another sync, owner unknown", "checkoutRefusal", {"kind": "busy", "checkout": "/work/app"})
case("syncCheckout: on a branch with commits", "syncCheckout", {"checkout": "/work/app", "branch": "main", "hasCommits": True})
case("syncCheckout: detached (commits or not)", "syncCheckout", {"checkout": "/work/app", "branch": None, "hasCommits": False})
case("syncCheckout: a branch with no commit yet", "syncCheckout", {"checkout": "/work/app", "branch": "main", "hasCommits": False})
case("checkoutRefusal: a clone git cannot read", "checkoutRefusal",
     {"kind": "clone-unreadable", "clone": "/work/clone", "said": "fatal: '/work/clone' does not appear to be a git repository"})

case("checkoutFollow: safe", "checkoutFollow", A, A, False, True)
case("checkoutFollow: moved", "checkoutFollow", A, B, False, True)
case("checkoutFollow: not on its branch", "checkoutFollow", A, None, False, True)
case("checkoutFollow: uncommitted changes", "checkoutFollow", A, A, True, True)
case("checkoutFollow: would not fast-forward", "checkoutFollow", A, A, False, False)

TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
case("checkDigest: command and tree", "checkDigest", "make test", TREE)
case("checkDigest: another command", "checkDigest", "make lint", TREE)


def rec(digest, status, place):
    return {"command": "make test", "digest": digest, "status": status, "place": place}


DIG = "ed0d1e5d5f0ef9e5e1b45a42bd1c9f3b3bd3f0e6ab3c17c57f9c12a9b0c7c4a1"
case("findCarried: the newest passed result with the digest", "findCarried", DIG,
     [rec(DIG, "passed", "first"), rec(DIG, "passed", "second"), rec(DIG, "failed", "third")])
case("findCarried: failed, carried and digest-less never count", "findCarried", DIG,
     [rec(DIG, "failed", "f"), rec(DIG, "carried", "c"), rec(None, "passed", "p"), rec("0" * 64, "passed", "o")])

case("renderSyncReport: a carried check and no remote", "renderSyncReport", {
    "status": "synced", "checkout": "/repo", "branch": "main",
    "plan": {"action": "fast-forward", "base": "c" * 40, "target": A, "commits": [A], "refusal": None},
    "head": A, "checks": [{"command": "make test", "status": "carried", "digest": DIG, "passedIn": "sync of main"}],
    "pushed": False, "checkoutFollowed": True, "notes": ["no remote: main moved locally, nothing pushed"]})
case("renderSyncReport: refused", "renderSyncReport", {
    "status": "refused", "checkout": "/repo", "branch": "main",
    "plan": {"action": "refused", "base": "c" * 40, "target": None, "commits": [],
             "refusal": {"code": "nothing-new", "reason": "nothing new"}}})
case("renderSyncReport: a check failed, said in words", "renderSyncReport", {
    "status": "check_failed", "checkout": "/repo", "branch": "main",
    "plan": {"action": "fast-forward", "base": "c" * 40, "target": A, "commits": [A], "refusal": None},
    "head": A, "checks": [{"command": "make test", "status": "failed", "digest": DIG}],
    "pushed": False, "notes": ["check 'make test' failed (exit 2); nothing was pushed"]})
case("renderLandReport: nothing to land, said in words", "renderLandReport",
     {"status": "nothing_to_land", "landed": [], "alreadyLanded": [commit], "notLanded": [], "inherited": [], "moved": []})


# A sync run, step by step: syncStep over every prefix of a scenario's outcomes gives its
# whole step sequence; syncReport over all of them gives its report.
FF = {"action": "fast-forward", "base": "c" * 40, "target": B, "commits": [A, B], "refusal": None}
PICK = {"action": "cherry-pick", "base": "c" * 40, "target": None, "commits": [A], "refusal": None}
REFUSED = {"action": "refused", "base": "c" * 40, "target": None, "commits": [],
           "refusal": {"code": "nothing-new", "reason": "nothing new"}}
TREE2 = "5" * 40


def sync_run(plan, checks=(), dry_run=False):
    return {"plan": plan, "checkout": "/repo", "branch": "main", "dryRun": dry_run,
            "checks": list(checks), "at": "2026-01-02T03:04:05.678Z"}


def ok(stdout="", stderr=""):
    return {"status": 0, "stdout": stdout, "stderr": stderr}


def bad(stderr, stdout="", status=1):
    return {"status": status, "stdout": stdout, "stderr": stderr}


GO = {"stopped": False}
HEAD = ok(f"{B}\n{TREE2}")
NO_RECORDS = {"text": ""}
PUSHED = ok(f"To ../origin.git\n \t{B}:refs/heads/main\t{'c' * 7}..{'b' * 7}\nDone\n")
UP_TO_DATE = ok(f"To ../origin.git\n=\t{B}:refs/heads/main\t[up to date]\nDone\n")
NO_ORIGIN = bad("error: No such remote 'origin'\n", status=2)


def seen(head="c" * 40, branch="main", uncommitted=0, ff=True):
    return {"checkout": {"branch": branch, "head": head, "uncommittedPaths": uncommitted, "fastForwards": ff}}


def scenario(name, run, outcomes, every_step=False):
    if every_step:
        for n in range(len(outcomes) + 1):
            case(f"syncStep: {name}, after {n} step(s)", "syncStep", run, outcomes[:n])
    else:
        case(f"syncStep: {name}, at the end", "syncStep", run, outcomes)
    case(f"syncReport: {name}", "syncReport", run, outcomes)


scenario("a fast-forward, checked, pushed, the checkout follows", sync_run(FF, ["make test"]),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok(), {}, GO, ok("../origin.git\n"), PUSHED, seen(), ok()],
         every_step=True)
scenario("a refused plan does nothing", sync_run(REFUSED), [])
scenario("a dry run plans only", sync_run(FF, dry_run=True), [])
scenario("stopped before the worktree", sync_run(FF), [{"stopped": True}])
scenario("the worktree cannot be made", sync_run(FF), [GO, bad("fatal: could not create leading directories\n")])
scenario("the fast-forward failed", sync_run(FF), [GO, ok(), bad("fatal: Not possible to fast-forward, aborting.\n")])
scenario("a conflicting cherry-pick is aborted", sync_run(PICK),
         [GO, ok(), bad("error: could not apply aaaaaaa... change\nhint: after resolving\n"), ok(f"{A}\n")], every_step=True)
scenario("a cherry-pick failed before it started", sync_run(PICK), [GO, ok(), bad("fatal: bad revision\n"), bad("", status=1)])
scenario("a failing check", sync_run(FF, ["true", "exit 3", "never"]),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, {"status": 0}, {}, GO, {"status": 3}, {}])
scenario("a check killed by a signal", sync_run(FF, ["sleep 9"]),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, {"status": None, "signal": "SIGINT"}, {}])
scenario("stopped between two checks", sync_run(FF, ["true", "true"]),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, {"status": 0}, {}, {"stopped": True}])
scenario("stopped before the push", sync_run(FF), [GO, ok(), ok(), HEAD, NO_RECORDS, {"stopped": True}])
scenario("origin refused the push", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"),
          bad("To ../origin.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs\n",
              stdout=f"To ../origin.git\n!\t{B}:refs/heads/main\t[rejected] (fetch first)\nDone\n")])
scenario("origin already had the head", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"), UP_TO_DATE, seen(), ok()])
scenario("a dirty checkout stays behind", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"), PUSHED, seen(uncommitted=2)])
scenario("a checkout that moved stays behind", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"), PUSHED, seen(head="9" * 40, ff=False)])
scenario("a checkout on another branch stays behind", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"), PUSHED, seen(branch="topic")])
scenario("the checkout's own fast-forward failed", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, ok("../origin.git\n"), PUSHED, seen(),
          bad("error: Your local changes would be overwritten\nAborting\n")])
scenario("no origin: the branch moves locally", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, NO_ORIGIN, seen(), ok()])
scenario("no origin and the checkout cannot follow: the commit is kept aside", sync_run(FF),
         [GO, ok(), ok(), HEAD, NO_RECORDS, GO, NO_ORIGIN, seen(uncommitted=1), ok()], every_step=True)

RECORDS = "\n".join([
    "not json",
    json.dumps({"command": "make test", "digest": "0" * 64, "status": "passed", "place": "elsewhere"}),
    json.dumps({"command": "make test", "digest": "@DIGEST@", "status": "passed", "place": "sync of main to bbbbbbbbbbbb in /repo at then"}),
    json.dumps({"command": "make test", "digest": 7, "status": "passed", "place": "digest not a string"}),
    "[1, 2]",
    "",
]).replace("@DIGEST@", hashlib.sha256(b"upkeep-check/1\0make test\0" + TREE2.encode()).hexdigest())
scenario("a check that passed on the same tree is carried; a new one runs", sync_run(FF, ["make test", "make lint"]),
         [GO, ok(), ok(), HEAD, {"text": RECORDS}, GO, {}, GO, {"status": 0}, {}, GO, ok("../origin.git\n"), PUSHED, seen(), ok()],
         every_step=True)

print(json.dumps({"$comment": "The land capability: sealed handoffs (strict parsing), the commit split, land reports, sync plans with every refusal, the checkout-follow rule and carried checks. Inputs from tests/vectors/src/land_cases.py; expected values blessed from the native addon and reviewed by hand. Format: tests/vectors/README.md.", "cases": cases}, indent=1))
