// The file system refusing an update halfway, for real: a read-only bind mount over one
// of the project's folders, a tmpfs that fills up (ENOSPC), a disk too full to take the
// lock. Each run happens inside a private mount namespace (root), so its mounts vanish
// with it. The report must list what was already replaced (each with its backup), name
// the file it stopped at with the operating system's words, leave no temp file, and a
// re-run must finish.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { bigTemplate, canMount, inMountNamespace, upkeepBin } from './race-kit.js';
import { runUpdate, snapshot, tempDir } from './update-fixtures.js';

const dirs = /** @type {string[]} */ ([]);
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const track = (/** @type {string} */ d) => (dirs.push(d), d);
const read = (/** @type {string} */ root, /** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
const skip = canMount ? false : 'needs root and util-linux unshare (mount namespaces) to mount read-only folders and a small tmpfs';
if (skip) console.log(`# update-faults: skipped: ${skip}`);

/** Runs `upkeep update --json` on `root` as the last command of a namespace script; its JSON and exit status. */
const UPDATE = `"$NODE" "$UPKEEP" update --root "$ROOT" --baseline "$V1" --latest "$V2" --json --yes > "$OUT/report.json" && echo 0 > "$OUT/status" || echo $? > "$OUT/status"`;

describe('the file system refuses an update halfway', { skip }, () => {
  test('a read-only bind mount over one folder: the run stops there, reports what it replaced, and a re-run finishes', () => {
    const t = bigTemplate(600, { dirs: 6 });
    [t.v1, t.v2, t.project].forEach(track);
    const out = track(tempDir());
    const ns = inMountNamespace(`set -e; mount --bind "$ROOT/d3" "$ROOT/d3"; mount -o remount,bind,ro "$ROOT/d3"; ${UPDATE}`, [], {
      NODE: process.execPath,
      UPKEEP: upkeepBin,
      ROOT: t.project,
      V1: t.v1,
      V2: t.v2,
      OUT: out,
    });
    assert.equal(ns.status, 0, ns.stderr);
    assert.equal(read(out, 'status').trim(), '74', 'exit 74: the file system refused a write');
    const report = JSON.parse(read(out, 'report.json'));
    assert.equal(report.status, 'failed');
    const blocked = report.run.blocked;
    assert.match(blocked.path, /^d3\//);
    assert.equal(blocked.code, 'EROFS');
    assert.equal(blocked.message, `cannot write '${blocked.path}': read-only file system (EROFS)`);
    // Every file before the blocked folder was replaced, each with its backup of the old content.
    const before = t.names.filter((p) => p < 'd3/').sort();
    assert.deepEqual(
      report.run.replaced.filter((/** @type {any} */ r) => !r.path.startsWith('.')).map((/** @type {any} */ r) => r.path),
      before,
    );
    for (const { path, backup } of report.run.replaced) if (!path.startsWith('.')) assert.equal(read(t.project, backup), `v1 ${path}\n`);
    assert.deepEqual(report.overwrite, before, 'the buckets claim only what was written');
    for (const p of t.names) assert.equal(read(t.project, p), p < 'd3/' ? `v2 ${p}\n` : `v1 ${p}\n`, p);
    assert.deepEqual(
      Object.keys(snapshot(t.project)).filter((p) => p.endsWith('.tmp')),
      [],
      'no temp file left',
    );
    assert.equal(read(t.project, '.upkeep/VERSION'), '1.0.0\n');
    // Outside the namespace the folder is writable again: re-running finishes.
    const again = runUpdate(t.project, t.v1, t.v2);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.equal(again.json.status, 'updated');
    for (const p of t.names) assert.equal(read(t.project, p), `v2 ${p}\n`);
    assert.equal(read(t.project, '.upkeep/VERSION'), '1.1.0\n');
  });

  test('a tmpfs that fills up (ENOSPC) names the file; no temp file is left; freed, a re-run finishes', () => {
    const t = bigTemplate(300, { dirs: 3 });
    [t.v1, t.v2, t.project].forEach(track);
    const out = track(tempDir());
    const mnt = track(tempDir());
    const ns = inMountNamespace(
      `set -e
      mount -t tmpfs -o size=3m,nr_inodes=10000 tmpfs "$MNT"
      cp -a "$PROJECT/." "$MNT/"
      dd if=/dev/zero of="$MNT/filler" bs=4k count=$(( ($(stat -f -c '%a' "$MNT") - 80) )) 2>/dev/null
      ROOT="$MNT"; ${UPDATE}
      find "$MNT" -name '*.tmp' > "$OUT/temps"
      tar -C "$MNT" -cf "$OUT/after.tar" --exclude=./filler .
      rm "$MNT/filler"
      "$NODE" "$UPKEEP" update --root "$MNT" --baseline "$V1" --latest "$V2" --json --yes > "$OUT/again.json" && echo 0 > "$OUT/again.status" || echo $? > "$OUT/again.status"
      tar -C "$MNT" -cf "$OUT/final.tar" .`,
      [],
      { NODE: process.execPath, UPKEEP: upkeepBin, PROJECT: t.project, MNT: mnt, V1: t.v1, V2: t.v2, OUT: out },
    );
    assert.equal(ns.status, 0, ns.stderr);
    assert.equal(read(out, 'status').trim(), '74', read(out, 'report.json'));
    const report = JSON.parse(read(out, 'report.json'));
    assert.equal(report.run.blocked.code, 'ENOSPC');
    assert.match(report.run.blocked.message, /^cannot (write|back up|replace) '[^']+': no space left on device \(ENOSPC\)$/);
    assert.ok(!report.run.blocked.message.includes('.tmp'), 'the file is named, not a temp file');
    assert.equal(read(out, 'temps'), '', 'no temp file left on the full disk');
    const after = track(tempDir());
    execFileSync('tar', ['-C', after, '-xf', join(out, 'after.tar')]);
    for (const p of t.names) assert.ok([`v1 ${p}\n`, `v2 ${p}\n`].includes(read(after, p)), `${p} torn`);
    for (const { path, backup } of report.run.replaced) if (backup) assert.equal(read(after, backup), `v1 ${path}\n`);
    assert.equal(read(out, 'again.status').trim(), '0', read(out, 'again.json'));
    const final = track(tempDir());
    execFileSync('tar', ['-C', final, '-xf', join(out, 'final.tar')]);
    for (const p of t.names) assert.equal(read(final, p), `v2 ${p}\n`);
  });

  test('a disk too full to take the lock: refused by name, no empty lock temp left, however many tries', () => {
    const t = bigTemplate(20, { dirs: 1 });
    [t.v1, t.v2, t.project].forEach(track);
    const out = track(tempDir());
    const mnt = track(tempDir());
    const ns = inMountNamespace(
      `set -e
      mount -t tmpfs -o size=1m tmpfs "$MNT"
      cp -a "$PROJECT/." "$MNT/"
      dd if=/dev/zero of="$MNT/filler" bs=4k 2>/dev/null || true
      for i in 1 2 3; do "$NODE" "$UPKEEP" update --root "$MNT" --baseline "$V1" --latest "$V2" --json --yes > "$OUT/report.json" || echo $? > "$OUT/status"; done
      ls -a "$MNT/.upkeep" > "$OUT/state"`,
      [],
      { NODE: process.execPath, UPKEEP: upkeepBin, PROJECT: t.project, MNT: mnt, V1: t.v1, V2: t.v2, OUT: out },
    );
    assert.equal(ns.status, 0, ns.stderr);
    assert.equal(read(out, 'status').trim(), '74');
    const report = JSON.parse(read(out, 'report.json'));
    assert.equal(report.error.code, 'ENOSPC');
    assert.deepEqual(
      read(out, 'state').trim().split('\n').sort(),
      ['.', '..', 'VERSION', 'manifest.json'],
      'no lock and no lock temp left',
    );
  });
});
