import { TestCaseData } from '@oj/contracts';

import { CPYTHON_LANGUAGE_ID, discoverLanguages, PYPY3_LANGUAGE_ID } from '../../src/engines/local/language-catalog';
import { grade, removeWorkRoot } from './engine-fixture';

/**
 * Warm boxes serve one run after another and one submission after another: whatever a run can change in a box
 * (the mode, ACLs and extended attributes of its /tmp, files and directories of any mode, links) is restored
 * before the next run, or the box is replaced. Each attack runs for real, then a plain submission on the same
 * slot (the engine keeps one warm slot and grades one submission at a time) must be graded as on a fresh box.
 */
const C = 50;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const ok: TestCaseData[] = [{ input: '', output: 'ok\n', points: 1 }];

/** A POSIX ACL as the kernel's xattr holds it: version 2, then (tag, perm, id) entries. */
const DEFAULT_ACL_NO_ACCESS = `bytes([2,0,0,0, 1,0,0,0,255,255,255,255, 4,0,0,0,255,255,255,255, 32,0,0,0,255,255,255,255])`;

/** Everything a program in the box may try on what outlives it; each step may fail (a read-only /box, no CAP_CHOWN). */
const PYTHON_ATTACK = `
import os
def attempt(step, *args):
    try:
        step(*args)
    except OSError:
        pass
attempt(os.mkdir, '/tmp/d', 0o700)
attempt(os.mkdir, '/tmp/d/locked', 0o700)
attempt(os.symlink, '/box', '/tmp/d/link')
attempt(os.mkfifo, '/tmp/fifo', 0o000)
fd = os.open('/tmp/odd', os.O_CREAT | os.O_WRONLY, 0o4000)
os.close(fd)
attempt(os.chmod, '/tmp/d/locked', 0)
attempt(os.chmod, '/tmp/d', 0o1000)
attempt(os.symlink, '/tmp', '/tmp/self')
attempt(os.chmod, '.', 0o777)
attempt(os.chmod, '/box', 0)
attempt(os.chown, '/tmp', 0, 0)
attempt(os.chown, '/tmp', -1, 0)
attempt(os.setxattr, '/tmp', 'user.mark', b'1')
attempt(os.setxattr, '/tmp', 'system.posix_acl_default', ${DEFAULT_ACL_NO_ACCESS})
landed = sorted(os.listxattr('/tmp'))
# With /tmp empty and read-only, a wipe finds nothing to remove: only restoring its mode undoes this.
for name in ('odd', 'fifo', 'self'):
    attempt(os.unlink, '/tmp/' + name)
attempt(os.chmod, '/tmp/d/locked', 0o700)
attempt(os.rmdir, '/tmp/d/locked')
attempt(os.unlink, '/tmp/d/link')
attempt(os.chmod, '/tmp/d', 0o700)
attempt(os.rmdir, '/tmp/d')
attempt(os.chmod, '/tmp', MODE)
# The attack must have landed for the test to mean anything (tmpfs keeps ACLs and user attributes).
print('ok' if landed == ['system.posix_acl_default', 'user.mark'] and oct(os.stat('/tmp').st_mode & 0o7777) == oct(MODE) else landed)
`;

/** A plain program that needs a usable /tmp (as Python's tempfile does), and says what it found. */
const PYTHON_VICTIM = `
import os, tempfile
st = os.stat('/tmp')
found = [oct(st.st_mode & 0o7777)] + os.listxattr('/tmp') + os.listdir('/tmp')
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, 'f'), 'w') as f:
        f.write('x')
    with tempfile.NamedTemporaryFile('w+') as g:
        g.write('y')
        g.seek(0)
        assert g.read() == 'y'
print('ok' if found == ['0o755'] else ' '.join(found))
`;

const C_ATTACK = `#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void){ mkdir("/tmp/x",0); symlink("/box","/tmp/l"); unlink("/tmp/l"); rmdir("/tmp/x"); chmod("/tmp",MODE); puts("ok"); return 0; }`;

describe('warm boxes: whatever a run changes is restored before the next run or submission', () => {
  afterAll(removeWorkRoot);

  const pythons = [
    ['CPython', CPYTHON_LANGUAGE_ID],
    ['PyPy', PYPY3_LANGUAGE_ID],
  ] as const;

  for (const [name, id] of pythons) {
    const maybe = available.has(id) ? it : it.skip;
    for (const mode of ['0o555', '0o000', '0o700', '0o1777']) {
      maybe(
        `${name}: /tmp chmod ${mode}, ACLs, xattrs, odd files: the next submission's tempfile works`,
        async () => {
          const attack = await grade(id, PYTHON_ATTACK.replaceAll('MODE', mode), { tests: ok });
          expect(attack.status).toBe('accepted');
          // The next submission, on the same slot, and each of its tests after the first (the fork server's children).
          const victim = await grade(id, PYTHON_VICTIM, { tests: [ok[0], ok[0]] });
          expect(victim.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted', 'accepted']);
        },
        90_000,
      );
    }

    maybe(
      `${name}: a test that changes /tmp does not change it for the submission's next test`,
      async () => {
        const src = `${PYTHON_VICTIM}\nos.chmod('/tmp', 0o555)\n`;
        const r = await grade(id, src, { tests: [ok[0], ok[0], ok[0]] });
        expect(r.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted', 'accepted', 'accepted']);
      },
      90_000,
    );
  }

  it('C: /tmp chmod 0555 with nothing left in it: the next submission still gets a usable /tmp', async () => {
    const attack = await grade(C, C_ATTACK.replace('MODE', '0555'), { tests: ok });
    expect(attack.status).toBe('accepted');
    const victim = await grade(CPYTHON_LANGUAGE_ID, PYTHON_VICTIM, { tests: ok });
    expect(victim.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted']);
  }, 90_000);
});
