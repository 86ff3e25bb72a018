import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'fs';
import { join } from 'path';

import { discoverLanguages } from '../../src/engines/local/language-catalog';
import { ownedPrefix } from '../../src/engines/local/worker-owned-names';
import { grade, localEngine, removeWorkRoot, workRoot } from './engine-fixture';
import { isOwnBoxCgroup, onceEmpty } from './live-boxes';

/** Hostile programs, run for real in the real sandbox. Each prints "ok" only when the attack was stopped. */
const C = 50;
const CPP = 54;
const TYPESCRIPT = 74;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const ok = [{ input: '', output: 'ok\n', points: 1 }];
const ACCEPTED_SUM = '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}';

interface HostProcess {
  pid: string;
  ppid: string;
  name: string;
  state: string;
  uids: string;
  gids: string;
  pidsCgroup: string;
}

/** Every process on the host, with its ids and pids cgroup (other test files run boxes at the same time). */
function hostProcesses(): HostProcess[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1].trim() ?? '';
        const pidsCgroup =
          readFileSync(`/proc/${pid}/cgroup`, 'utf8')
            .split('\n')
            .find((l) => /:pids:/.test(l))
            ?.split(':')[2] ?? '';
        return [
          { pid, ppid: field('PPid'), name: field('Name'), state: field('State'), uids: field('Uid'), gids: field('Gid'), pidsCgroup },
        ];
      } catch {
        return []; // exited meanwhile
      }
    });
}

const inOurBoxes = (p: HostProcess) => isOwnBoxCgroup(p.pidsCgroup);

const ofBoxUser = (p: HostProcess) => p.uids.split(/\s+/).includes('65534');

/**
 * Whether a process of the box user outside every box cgroup still belongs to a live box: its ancestors, up through
 * processes of the box user (a box without a cgroup, its outer bwrap, a test's own), reach the Node process that
 * started it (a worker, a test file, another checkout's). An escaped process has lost that line: the kernel handed it
 * to the host's init or a subreaper (systemd, a container's init), never to a Node process.
 */
function startedByALiveProcess(p: HostProcess, byPid: Map<string, HostProcess>): boolean {
  let parent = byPid.get(p.ppid);
  while (parent && parent.pid !== '1' && ofBoxUser(parent)) parent = byPid.get(parent.ppid);
  return parent !== undefined && parent.pid !== '1' && parent.name === 'node';
}

/**
 * Live processes left by this file's boxes, and any process of the box user that is outside every box cgroup and
 * has lost the process that started it (an escape). A box's init may take a moment to be reaped, hence the retries.
 */
function boxProcesses(): Promise<string[]> {
  return onceEmpty(() => {
    const processes = hostProcesses().filter((p) => !p.state.startsWith('Z'));
    const byPid = new Map(processes.map((p) => [p.pid, p]));
    return processes
      .filter((p) => inOurBoxes(p) || (ofBoxUser(p) && !p.pidsCgroup.includes('/oj-boxes/') && !startedByALiveProcess(p, byPid)))
      .map((p) => `${p.pid} ${p.name} ${p.pidsCgroup}`);
  });
}

/** This file's box cgroups still present in any of the hierarchies the engine uses (v1 here). */
function boxCgroups(): string[] {
  const own = readFileSync('/proc/self/cgroup', 'utf8').split('\n');
  return ['memory', 'pids', 'cpuacct'].flatMap((controller) => {
    const path = own.find((l) => l.split(':')[1]?.split(',').includes(controller))?.split(':')[2] ?? '/';
    const dir = join('/sys/fs/cgroup', controller, path, 'oj-boxes');
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((d) => d.startsWith(`box-${process.pid}-`) || d.startsWith(`run-${process.pid}-`))
          .map((d) => `${controller}:${d}`)
      : [];
  });
}

/** Files the box user owns in the host's shared temporary directories, and anything left in the work root. */
function strayFiles(): string[] {
  const owned = ['/tmp', '/var/tmp', '/dev/shm'].flatMap((dir) =>
    readdirSync(dir)
      .map((name) => join(dir, name))
      .filter((path) => {
        try {
          return statSync(path).uid === 65534;
        } catch {
          return false;
        }
      }),
  );
  // The launcher build, the engine's toolchain copies, its Java archives and precompiled header stay while it lives.
  const engineOwn = ['box-launcher-', ...(['tools', 'jcds', 'javacds', 'pch'] as const).map(ownedPrefix)];
  const leftovers = readdirSync(workRoot()).filter((name) => !engineOwn.some((prefix) => name.startsWith(prefix)));
  return [...owned, ...leftovers];
}

/** Once the engine's warm boxes are ended (an attack must not outlive them), nothing of this file's boxes is left. */
async function expectHostClean(): Promise<void> {
  await localEngine().close();
  expect(await boxProcesses()).toEqual([]);
  expect(boxCgroups()).toEqual([]);
  expect(strayFiles()).toEqual([]);
  const next = await grade(C, ACCEPTED_SUM);
  expect(next.status).toBe('accepted');
}

describe('sandbox attacks', () => {
  afterAll(removeWorkRoot);
  afterEach(async () => {
    await expectHostClean();
  }, 60_000);

  it('fork bomb: stopped by the pids cap and the time limit', async () => {
    const r = await grade(C, '#include <unistd.h>\nint main(void){for(;;)fork();}', { tests: ok });
    expect(['tle', 'rte']).toContain(r.status);
  }, 60_000);

  it('thread storm: thread creation fails at the cap', async () => {
    const src = `#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
void *idle(void *a){ (void)a; sleep(5); return 0; }
int main(void){ int n=0; pthread_t t; while(n<10000 && pthread_create(&t,0,idle,0)==0) n++; printf(n<100?"ok\\n":"escaped %d\\n",n); return 0; }`;
    const r = await grade(C, src, { tests: ok, cpu: 1 });
    expect(r.testCaseResults[0].status === 'accepted' || r.status === 'tle').toBe(true);
  }, 60_000);

  it('memory bomb: killed at the limit', async () => {
    const r = await grade(
      C,
      '#include <stdlib.h>\nint main(void){for(;;){volatile char*p=malloc(1<<20);if(!p)return 7;for(int i=0;i<(1<<20);i+=4096)p[i]=1;}}',
      { tests: ok, memory: 32 },
    );
    expect(r).toMatchObject({ status: 'rte' });
    expect(r.testCaseResults[0].message).toBe('Memory limit exceeded');
  }, 60_000);

  it('busy loop: CPU time limit', async () => {
    const r = await grade(C, 'int main(void){volatile int x=0;for(;;)x++;}', { tests: ok, cpu: 0.3 });
    expect(r.status).toBe('tle');
  }, 60_000);

  it('sleep: wall-clock limit', async () => {
    const started = Date.now();
    const r = await grade(C, '#include <unistd.h>\nint main(void){sleep(100);return 0;}', { tests: ok, cpu: 0.5 });
    expect(r.status).toBe('tle');
    expect(r.testCaseResults[0].message).toBe('Time limit exceeded (wall clock)');
    // Far below the program's 100 s: ended by the wall limit (2 s), with room for a loaded machine's compile.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('output flood: stopped at the output limit', async () => {
    const r = await grade(
      C,
      '#include <stdio.h>\n#include <string.h>\nint main(void){static char b[1<<20];memset(b,65,sizeof b);for(;;)fwrite(b,1,sizeof b,stdout);}',
      { tests: ok, cpu: 5 },
    );
    expect(r.status).toBe('ole');
    expect(r.testCaseResults[0].message).toBe('Output limit exceeded');
  }, 60_000);

  it('64 MiB of newlines (a legal output): accepted, checked without the worker holding the output', async () => {
    const status = () => readFileSync('/proc/self/status', 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(status())?.[1]);
    // Resets this process's peak RSS (VmHWM), so the peak below is the grading's, synchronous stalls included.
    writeFileSync('/proc/self/clear_refs', '5');
    const before = kib('VmRSS');
    const src =
      '#include <stdio.h>\n#include <string.h>\nint main(void){static char b[1<<20];memset(b,10,sizeof b);for(int i=0;i<64;i++)fwrite(b,1,sizeof b,stdout);return 0;}';
    const r = await grade(C, src, { tests: [{ input: '', output: '\n', points: 1 }], cpu: 5, output: 65 });
    const grownMiB = (kib('VmHWM') - before) / 1024;
    expect(r.status).toBe('accepted');
    // Well under the output itself; the old checker held it as a buffer, a string and 64 million lines: 1.5 GB.
    expect(grownMiB).toBeLessThan(48);
  }, 60_000);

  it('disk fill: writes stop at the file-size and tmpfs limits', async () => {
    const src = `#include <stdio.h>
#include <signal.h>
#include <string.h>
int main(void){ signal(SIGXFSZ, SIG_IGN); static char b[1<<16]; memset(b,1,sizeof b);
  FILE *f=fopen("/tmp/fill","w"); long total=0; if(f){ while(fwrite(b,1,sizeof b,f)==sizeof b){ total+=sizeof b; if(total>(1L<<30)) break; } fclose(f); }
  FILE *g=fopen("/box/fill","w");
  printf(total<=(16L<<20) && !g ? "ok\\n" : "escaped %ld\\n", total); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    expect(r.status).toBe('accepted');
  }, 60_000);

  it('network: no connection to 127.0.0.1 services or the outside', async () => {
    const src = `#include <stdio.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>
int try(const char*ip,int port){ int s=socket(AF_INET,SOCK_STREAM,0); if(s<0) return 0; struct sockaddr_in a={0}; a.sin_family=AF_INET; a.sin_port=htons(port); inet_pton(AF_INET,ip,&a.sin_addr); int r=connect(s,(struct sockaddr*)&a,sizeof a); close(s); return r==0; }
int main(void){ int any=try("127.0.0.1",5432)|try("127.0.0.1",6379)|try("10.0.0.1",80)|try("8.8.8.8",53); printf(any?"escaped\\n":"ok\\n"); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    expect(r.status).toBe('accepted');
  }, 60_000);

  it('host files: /etc/shadow, /root and the project tree are not there; nothing outside the box is writable', async () => {
    const src = `#include <stdio.h>
#include <unistd.h>
int main(void){ const char *reads[]={"/etc/shadow","/etc/passwd","/root/.bashrc","${process.cwd()}/package.json","/proc/1/root/etc/shadow",0};
  const char *writes[]={"/usr/bin/evil","/box/evil","/evil","/etc/evil","/proc/evil","/opt/cxx-pch/evil","/opt/cxx-pch/bits/stdc++.h.gch",0};
  for(int i=0;reads[i];i++){ FILE*f=fopen(reads[i],"r"); if(f){ printf("read %s\\n",reads[i]); return 0; } }
  for(int i=0;writes[i];i++){ FILE*f=fopen(writes[i],"a"); if(f){ printf("wrote %s\\n",writes[i]); return 0; } }
  if(unlink("/opt/cxx-pch/bits/stdc++.h.gch")==0||rename("/opt/cxx-pch/bits","/opt/cxx-pch/b")==0){ printf("moved the header\\n"); return 0; }
  printf(getuid()==65534 && geteuid()==65534 ? "ok\\n" : "uid %d\\n", getuid()); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    expect(r.status).toBe('accepted');
  }, 60_000);

  it("secrets and processes: no worker environment, no other process's /proc entries, no capabilities", async () => {
    process.env.OJ_SECRET_PROBE = 'sekr1t-probe-value';
    const src = `#include <stdio.h>
#include <string.h>
#include <dirent.h>
#include <ctype.h>
extern char **environ;
int contains(const char*path){ FILE*f=fopen(path,"r"); if(!f) return 0; char b[8192]; size_t n=fread(b,1,sizeof b-1,f); fclose(f); for(size_t i=0;i<n;i++) if(!b[i]) b[i]=' '; b[n]=0; return strstr(b,"sekr1t")!=0; }
int main(void){ for(char**e=environ;*e;e++) if(strstr(*e,"sekr1t")||strstr(*e,"DATABASE_URL")){ printf("env leak\\n"); return 0; }
  int procs=0; DIR*d=opendir("/proc"); struct dirent*de; char p[300];
  while(d&&(de=readdir(d))){ if(!isdigit(de->d_name[0])) continue; procs++; snprintf(p,sizeof p,"/proc/%s/environ",de->d_name); if(contains(p)){ printf("proc leak\\n"); return 0; } }
  char caps[4096]={0}; FILE*s=fopen("/proc/self/status","r"); if(s){ fread(caps,1,sizeof caps-1,s); fclose(s); }
  int nocaps=strstr(caps,"CapEff:\\t0000000000000000")!=0;
  if(d) closedir(d);
  int fds=0; DIR*f=opendir("/proc/self/fd"); while(f&&(de=readdir(f))) if(isdigit(de->d_name[0])) fds++;
  /* stdin, stdout, stderr and the descriptor reading /proc/self/fd: nothing inherited from the worker. */
  printf(procs<=3 && nocaps && fds==4 ? "ok\\n" : "procs %d caps %d fds %d\\n", procs, nocaps, fds); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    delete process.env.OJ_SECRET_PROBE;
    expect(r.status).toBe('accepted');
  }, 60_000);

  it('kill(-1): only the box is hit', async () => {
    const r = await grade(C, '#include <signal.h>\n#include <stdio.h>\nint main(void){kill(-1,SIGKILL);printf("ok\\n");return 0;}', {
      tests: ok,
    });
    expect(r.status).toBe('accepted');
    expect(process.kill(process.pid, 0)).toBe(true);
  }, 60_000);

  it('a background process left running is killed with the box', async () => {
    const started = Date.now();
    const src =
      '#include <stdio.h>\n#include <unistd.h>\nint main(void){if(fork()==0){setsid();if(fork()==0){sleep(100);return 0;}return 0;}printf("ok\\n");return 0;}';
    const r = await grade(C, src, { tests: ok });
    expect(r.status).toBe('accepted');
    // Far below the grandchild's 100 s: the box did not wait for it (the rest is the compile, on a loaded machine).
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('runs as uid 65534 on the host, never as root', async () => {
    const running = grade(C, '#include <unistd.h>\nint main(void){sleep(1);return 0;}', {
      tests: [{ input: '', output: '', points: 1 }],
      cpu: 1,
    });
    // Once the program runs (the compile takes longer on a loaded machine), its box holds it and the launcher;
    // the submission's compile box waits beside it with its own launcher.
    let boxed: HostProcess[] = [];
    for (let i = 0; i < 200 && !boxed.some((p) => p.name === 'main'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      boxed = hostProcesses().filter(inOurBoxes);
    }
    await running;
    expect(boxed.map((p) => p.name).sort()).toEqual(['launcher', 'launcher', 'main']);
    for (const p of boxed) expect([p.uids, p.gids]).toEqual(['65534\t65534\t65534\t65534', '65534\t65534\t65534\t65534']);
  }, 60_000);

  it('tests of one submission share nothing: files, SysV IPC and processes are gone before the next test', async () => {
    const src = `#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/shm.h>
int main(void){ int leaks=0, procs=0;
  if(access("/tmp/mark",F_OK)==0) leaks|=1;
  if(shmget(4242,4096,0)>=0) leaks|=2;
  DIR*d=opendir("/proc"); struct dirent*e; while(d&&(e=readdir(d))) if(isdigit(e->d_name[0])) procs++;
  if(procs>2) leaks|=4;
  FILE*f=fopen("/tmp/mark","w"); if(f) fclose(f);
  mkdir("/tmp/locked",0700); mkdir("/tmp/locked/deep",0700); f=fopen("/tmp/locked/deep/f","w"); if(f) fclose(f); chmod("/tmp/locked",0);
  shmget(4242,4096,IPC_CREAT|0600);
  if(fork()==0){ setsid(); sleep(100); return 0; }
  if(leaks) printf("leak %d\\n",leaks); else printf("ok\\n"); return 0; }`;
    const tests = [ok[0], ok[0], ok[0]];
    const r = await grade(C, src, { tests });
    expect(r.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted', 'accepted', 'accepted']);
  }, 60_000);

  it('a /tmp too deep for the launcher to clear gets the run box replaced, not reused', async () => {
    const src = `#include <stdio.h>
#include <unistd.h>
#include <sys/stat.h>
int main(void){ int seen=access("/tmp/d",F_OK)==0;
  if(chdir("/tmp")!=0) return 1;
  for(int i=0;i<400;i++){ if(mkdir("d",0700)!=0 || chdir("d")!=0) break; }
  printf(seen ? "leak\\n" : "ok\\n"); return 0; }`;
    const r = await grade(C, src, { tests: [ok[0], ok[0], ok[0]] });
    expect(r.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted', 'accepted', 'accepted']);
  }, 60_000);

  it('kernel interfaces a solution never needs are refused (io_uring, keyrings, BPF, perf, userfaultfd, unshare)', async () => {
    const src = `#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
int main(void){ char params[120]; memset(params,0,sizeof params); int refused=0, n=0;
  long calls[][2]={{SYS_io_uring_setup,8},{SYS_keyctl,0},{SYS_bpf,0},{SYS_perf_event_open,0},{SYS_userfaultfd,0},{SYS_unshare,0x10000000}};
  for(unsigned i=0;i<sizeof calls/sizeof calls[0];i++){ n++; errno=0;
    long r = calls[i][0]==SYS_io_uring_setup ? syscall(calls[i][0],calls[i][1],params) : syscall(calls[i][0],calls[i][1],0,0,0,0);
    if(r==-1 && errno==EPERM) refused++; else printf("syscall %ld: %ld errno %d\\n",calls[i][0],r,errno); }
  if(refused==n) printf("ok\\n"); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    expect(r.testCaseResults[0].status).toBe('accepted');
  }, 60_000);

  it('sockets of every family but AF_UNIX are refused: netlink, packet, vsock, inet, inet6', async () => {
    const src = `#include <stdio.h>
#include <errno.h>
#include <sys/socket.h>
#include <linux/netlink.h>
int main(void){ int families[]={AF_NETLINK,AF_PACKET,AF_VSOCK,AF_INET,AF_INET6,AF_ALG}; int sv[2], bad=0;
  for(unsigned i=0;i<sizeof families/sizeof families[0];i++){ errno=0; int s=socket(families[i],SOCK_RAW,0); if(s<0) s=socket(families[i],SOCK_DGRAM,0);
    if(s>=0 || errno!=EAFNOSUPPORT){ printf("family %d: %d errno %d\\n",families[i],s,errno); bad=1; } }
  if(socketpair(AF_INET,SOCK_STREAM,0,sv)==0 || errno!=EAFNOSUPPORT){ printf("socketpair inet\\n"); bad=1; }
  if(socketpair(AF_UNIX,SOCK_STREAM,0,sv)!=0 || socket(AF_UNIX,SOCK_DGRAM,0)<0){ printf("no unix sockets\\n"); bad=1; }
  if(!bad) printf("ok\\n"); return 0; }`;
    const r = await grade(C, src, { tests: ok });
    expect(r.testCaseResults[0].status).toBe('accepted');
  }, 60_000);

  describe("mountinfo shows no host path: not the work root, the worker's directories or the project", () => {
    const hostPaths = [workRoot(), process.cwd(), `-${process.pid}-`];

    it('at run time, in /proc/self/mountinfo and /proc/self/mounts', async () => {
      const src = `#include <stdio.h>
#include <string.h>
int main(void){ const char *host[]={${hostPaths.map((p) => JSON.stringify(p)).join(',')},0}; const char *files[]={"/proc/self/mountinfo","/proc/self/mounts","/proc/1/mountinfo",0};
  for(int f=0;files[f];f++){ FILE*in=fopen(files[f],"r"); if(!in){ printf("cannot read %s\\n",files[f]); return 0; } char line[4096];
    while(fgets(line,sizeof line,in)) for(int i=0;host[i];i++) if(strstr(line,host[i])){ printf("%s shows %s\\n",files[f],host[i]); return 0; }
    fclose(in); }
  printf("ok\\n"); return 0; }`;
      const r = await grade(C, src, { tests: ok });
      expect(r.testCaseResults[0].status).toBe('accepted');
    }, 60_000);

    (available.has(TYPESCRIPT) ? it : it.skip)(
      'in a TypeScript box, whose toolchain comes from the workspace',
      async () => {
        const src = `import { readFileSync } from 'fs';
const info: string = readFileSync('/proc/self/mountinfo', 'utf8');
const host: string[] = ${JSON.stringify(hostPaths)};
console.log(info.includes('/opt/typescript') && !host.some((p) => info.includes(p)) ? 'ok' : info);`;
        const r = await grade(TYPESCRIPT, src, { tests: ok, cpu: 5 });
        expect(r.testCaseResults[0]?.status ?? r.message).toBe('accepted');
      },
      90_000,
    );
  });

  it('the box launcher cannot be signalled, traced or read by a test', async () => {
    const src = `#include <stdio.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/ptrace.h>
int main(void){ int hit=0;
  if(kill(1,SIGKILL)==0 && kill(1,0)!=0) hit|=1;
  if(ptrace(PTRACE_ATTACH,1,0,0)==0) hit|=2;
  if(open("/proc/1/fd/5",O_RDONLY)>=0 || open("/proc/1/fd/6",O_WRONLY)>=0) hit|=4;
  if(open("/proc/1/mem",O_RDONLY)>=0) hit|=8;
  if(hit) printf("hit %d\\n",hit); else printf("ok\\n"); return 0; }`;
    const r = await grade(C, src, { tests: [ok[0], ok[0]] });
    expect(r.testCaseResults.map((t) => t.message ?? t.status)).toEqual(['accepted', 'accepted']);
  }, 60_000);

  it('compile-time bombs end as compile errors within the compile limits', async () => {
    const started = Date.now();
    const zero = await grade(C, '#include </dev/zero>\nint main(void){return 0;}');
    expect(zero.status).toBe('ce');
    const flood = await grade(CPP, Array.from({ length: 5000 }, (_, i) => `int f${i}() { return undefined_${i}; }`).join('\n'));
    expect(flood.status).toBe('ce');
    expect((flood.message ?? '').length).toBeLessThanOrEqual(16 * 1024 + 100);
    const templates = await grade(
      CPP,
      'template<int N> struct F { static const int v = F<N-1>::v + F<N-2>::v; };\nint main(){ return F<100000>::v; }',
    );
    expect(templates.status).toBe('ce');
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
