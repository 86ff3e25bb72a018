/*
 * The box launcher: pid 1 of a reusable run box. What it guarantees and its protocol are described in
 * box-launcher.ts, which compiles it (gcc -O2 -Wall -Wextra -Werror) on the worker's first use.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <sys/wait.h>
#include <unistd.h>

enum { CMD = 5, REPLY = 6, MAX_RUN = 65536, MAX_FIELDS = 1024 };

static void reply_to(int fd, const char *s) { if (write(fd, s, strlen(s)) < 0) _exit(2); }
static void reply(const char *s) { reply_to(REPLY, s); }
static char command(void) { char c; return read(CMD, &c, 1) == 1 ? c : 0; }
static void kill_others(int sig) { (void)sig; kill(-1, SIGKILL); }

/* One run's command and limits, sent after 'g' as "<length>\n" and that many bytes of NUL-terminated fields:
   CPU seconds, stack bytes, file bytes, CPU to pin to (0: none, n: CPU n - 1), SIGPIPE ignored (0 or 1), argc,
   argv…, envc, env…. */
struct run {
  rlim_t cpu, stack, file;
  unsigned long long pin, sigpipe_ignored;
  char *argv[MAX_FIELDS], *envp[MAX_FIELDS];
};
static char run_text[MAX_RUN + 1];

static int read_exact(int fd, char *buf, size_t n) {
  while (n) {
    ssize_t got = read(fd, buf, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return -1;
    buf += got;
    n -= (size_t)got;
  }
  return 0;
}

static int parse_number(const char *s, unsigned long long *out) {
  char *end;
  errno = 0;
  *out = strtoull(s, &end, 10);
  return *s && !*end && !errno ? 0 : -1;
}

/* Fills `list` with `count` fields from *next on (NULL-terminated); -1 when the text runs out or they do not fit. */
static int take_list(char **next, const char *end, unsigned long long count, char **list) {
  if (count >= MAX_FIELDS) return -1;
  for (unsigned long long i = 0; i < count; i++) {
    if (*next >= end) return -1;
    list[i] = *next;
    *next += strlen(*next) + 1;
  }
  list[count] = 0;
  return 0;
}

static int read_run(struct run *run) {
  char line[16];
  size_t n = 0;
  for (;;) {
    if (n == sizeof line || read_exact(CMD, line + n, 1)) return -1;
    if (line[n] == '\n') break;
    n++;
  }
  line[n] = 0;
  unsigned long long length, cpu, stack, file, pin, sigpipe_ignored, argc, envc;
  if (parse_number(line, &length) || length == 0 || length > MAX_RUN || read_exact(CMD, run_text, length)) return -1;
  if (run_text[length - 1]) return -1;
  run_text[length] = 0;
  char *next = run_text, *end = run_text + length, *fields[7];
  if (take_list(&next, end, 6, fields) || parse_number(fields[0], &cpu) || parse_number(fields[1], &stack) ||
      parse_number(fields[2], &file) || parse_number(fields[3], &pin) || parse_number(fields[4], &sigpipe_ignored) ||
      sigpipe_ignored > 1 || parse_number(fields[5], &argc) || argc == 0 || take_list(&next, end, argc, run->argv))
    return -1;
  char *count[2];
  if (take_list(&next, end, 1, count) || parse_number(count[0], &envc) || take_list(&next, end, envc, run->envp) || next != end)
    return -1;
  run->cpu = cpu;
  run->stack = stack;
  run->file = file;
  run->pin = pin;
  run->sigpipe_ignored = sigpipe_ignored;
  return 0;
}

/* Pins the run to one CPU (an interactive pair shares one: ping-pong across CPUs is several times slower). Only
   speed depends on it, so a CPU the box may not use leaves the run unpinned. */
static void pin_run(const struct run *run) {
  if (!run->pin || run->pin > CPU_SETSIZE) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(run->pin - 1, &set);
  (void)sched_setaffinity(0, sizeof set, &set);
}

/* The run's own limits, set in its process before exec (a process may always lower its limits, never raise the
   hard ones): a box outlives many runs with different limits. */
static int limit_run(const struct run *run) {
  const struct { int resource; rlim_t value; } limits[] = {
    { RLIMIT_CPU, run->cpu }, { RLIMIT_STACK, run->stack }, { RLIMIT_FSIZE, run->file },
    { RLIMIT_NOFILE, 256 }, { RLIMIT_CORE, 0 }, { RLIMIT_MSGQUEUE, 0 },
  };
  for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    struct rlimit rl = { limits[i].value, limits[i].value };
    /* The soft CPU limit sends SIGXCPU, which the worker reads as a time limit; the hard one, a second later,
       kills a program that ignores it. With soft = hard the kernel sends SIGKILL at once, which reads as a crash:
       its tick-sampled CPU time can run ahead of the cgroup's exact count on a busy host. */
    if (limits[i].resource == RLIMIT_CPU) rl.rlim_max = run->cpu + 1;
    if (setrlimit(limits[i].resource, &rl) != 0) return -1;
  }
  return 0;
}

/* Empties dirfd's directory; returns how many entries it could not remove. */
static int wipe(int dirfd) {
  DIR *d = fdopendir(dirfd);
  if (!d) { close(dirfd); return 1; }
  int left, removed;
  do {
    left = removed = 0;
    rewinddir(d);
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      if (unlinkat(dirfd, e->d_name, 0) == 0) { removed++; continue; }
      /* A directory, perhaps made unreadable on purpose: it is ours, so open it up first. */
      fchmodat(dirfd, e->d_name, 0700, AT_SYMLINK_NOFOLLOW);
      int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub >= 0) left += wipe(sub);
      if (unlinkat(dirfd, e->d_name, AT_REMOVEDIR) == 0) removed++; else left++;
    }
  } while (removed && left);
  closedir(d);
  return left;
}

#if defined(__x86_64__)
#define BOX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define BOX_ARCH AUDIT_ARCH_AARCH64
#endif

/* Kernel interfaces no solution needs and a box should not reach: keyrings, BPF, perf, io_uring, userfaultfd,
   tracing and other processes' memory, namespaces and mounts, modules. They fail with EPERM. */
static const long denied[] = {
  SYS_keyctl, SYS_add_key, SYS_request_key, SYS_bpf, SYS_perf_event_open, SYS_userfaultfd,
  SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register, SYS_ptrace, SYS_process_vm_readv,
  SYS_process_vm_writev, SYS_unshare, SYS_setns, SYS_mount, SYS_umount2, SYS_pivot_root, SYS_kexec_load,
  SYS_init_module, SYS_finit_module, SYS_delete_module, SYS_acct, SYS_swapon, SYS_swapoff, SYS_reboot,
};

/* Sockets: a solution talks to nothing, and the box has no network, but a socket of another family reaches the
   kernel all the same (netlink, packet, vsock, and each protocol's parsers). Only AF_UNIX is allowed: runtimes use
   Unix socket pairs for their own plumbing, and nothing run here needs AF_INET/AF_INET6 to start (Java, Go, Node,
   Python, PyPy, Rust, C, C++ and TypeScript all pass the verdict tests without). Other families fail with
   EAFNOSUPPORT, as on a kernel built without them. */
static const long socket_calls[] = { SYS_socket, SYS_socketpair };

static int deny_syscalls(void) {
  enum { N = sizeof denied / sizeof denied[0], S = sizeof socket_calls / sizeof socket_calls[0] };
  struct sock_filter f[7 + 2 * N + 5 * S];
  int k = 0;
  f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
  /* Another ABI (i386 through int 0x80) would dodge the numbers below: such a process dies. */
  f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, BOX_ARCH, 1, 0);
  f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
  f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
  /* x32 numbers alias the x86_64 ones with bit 30 set. */
  f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
  f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
  for (int i = 0; i < N; i++) {
    f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, denied[i], 0, 1);
    f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
  }
  for (int i = 0; i < S; i++) {
    /* Each block returns when the call is its own, so the accumulator still holds nr for the next. */
    f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, socket_calls[i], 0, 4);
    /* The family is an int: the low half of args[0] (both architectures are little-endian). */
    f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]));
    f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1);
    f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EAFNOSUPPORT);
  }
  f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
  struct sock_fprog prog = { .len = (unsigned short)k, .filter = f };
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

/* The box's writable directories as the box started: /tmp (emptied after every run) and /box (the compile's, whose
   content the runs need; read-only elsewhere). A run owns them (they are the box user's), so it may change the
   directory itself — its mode, ACLs and extended attributes — and that outlives every file in it. */
struct kept_dir {
  const char *path;
  struct stat fresh;
  char xattrs[4096];
  ssize_t xattrs_size;
};
static struct kept_dir kept[] = { { .path = "/tmp" }, { .path = "/box" } };
enum { KEPT = sizeof kept / sizeof kept[0] };

static int remember(struct kept_dir *d) {
  d->xattrs_size = listxattr(d->path, d->xattrs, sizeof d->xattrs);
  return stat(d->path, &d->fresh) == 0 && d->xattrs_size >= 0 ? 0 : -1;
}

/* Whether `name` was among the directory's attributes when the box started (an LSM's label, if any). */
static int fresh_xattr(const struct kept_dir *d, const char *name) {
  for (const char *n = d->xattrs; n < d->xattrs + d->xattrs_size; n += strlen(n) + 1)
    if (!strcmp(n, name)) return 1;
  return 0;
}

/* Its mode back when it changed (a read-only /box is never written), and any ACL or attribute a run added removed. */
static int restore_dir(const struct kept_dir *d) {
  struct stat now;
  if (stat(d->path, &now) != 0) return -1;
  mode_t mode = d->fresh.st_mode & 07777;
  if ((now.st_mode & 07777) != mode && chmod(d->path, mode) != 0) return -1;
  char names[sizeof d->xattrs];
  ssize_t size = listxattr(d->path, names, sizeof names);
  if (size < 0) return -1;
  int removed = 0;
  for (const char *n = names; n < names + size; n += strlen(n) + 1) {
    if (fresh_xattr(d, n)) continue;
    if (removexattr(d->path, n) != 0) return -1;
    removed = 1;
  }
  /* Removing an access ACL leaves its mask in the group bits. */
  return removed && chmod(d->path, mode) != 0 ? -1 : 0;
}

static int unchanged(const struct kept_dir *d) {
  struct stat now;
  char names[sizeof d->xattrs];
  ssize_t size = listxattr(d->path, names, sizeof names);
  return stat(d->path, &now) == 0 && now.st_mode == d->fresh.st_mode && now.st_uid == d->fresh.st_uid &&
         now.st_gid == d->fresh.st_gid && size == d->xattrs_size && !memcmp(names, d->xattrs, (size_t)size);
}

/* Every kept directory as the box started and /tmp emptied (its mode first: one without read or write would keep
   the wipe out); 0 only when all of it is so. */
static int restore_box(void) {
  for (int i = 0; i < KEPT; i++)
    if (restore_dir(&kept[i]) != 0) return -1;
  int tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (tmp < 0 || wipe(tmp) > 0) return -1;
  for (int i = 0; i < KEPT; i++)
    if (!unchanged(&kept[i])) return -1;
  return 0;
}

static int remember_box(void) {
  for (int i = 0; i < KEPT; i++)
    if (remember(&kept[i]) != 0) return -1;
  return 0;
}

static void drop_ipc(void) {
  const char *tables[] = { "/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem" };
  for (int t = 0; t < 3; t++) {
    FILE *f = fopen(tables[t], "re");
    if (!f) continue;
    int id;
    fscanf(f, "%*[^\n]\n");
    while (fscanf(f, "%*d %d%*[^\n]\n", &id) == 1) {
      if (t == 0) shmctl(id, IPC_RMID, 0);
      else if (t == 1) msgctl(id, IPC_RMID, 0);
      else semctl(id, 0, IPC_RMID);
    }
    fclose(f);
  }
}

int main(void) {
  if (getpid() != 1) return 2;
  /* Whatever descriptors the worker itself inherited without close-on-exec stop here. */
  close_range(3, CMD - 1, 0);
  close_range(REPLY + 1, ~0U, 0);
  prctl(PR_SET_DUMPABLE, 0);
  fcntl(CMD, F_SETFD, FD_CLOEXEC);
  fcntl(REPLY, F_SETFD, FD_CLOEXEC);
  struct sigaction sa = { .sa_handler = kill_others, .sa_flags = SA_RESTART };
  sigaction(SIGUSR1, &sa, 0);
  signal(SIGPIPE, SIG_IGN);
  /* A box it cannot vouch for is reported at once: the worker replaces the box before its first run. */
  int dirty = remember_box() != 0;
  char mode;
  while ((mode = command()) == 'r' || mode == 'p' || mode == 'q') {
    /* 'r': the worker relays stdin and stdout ('out' is opened for both, so its open never waits for the worker).
       'p' and 'q': stdin and stdout are pipes to another box's run (an interactive pair), 'out' write-only, so a
       run whose reader is gone gets EPIPE. Both opens block until the peer box holds the pipe's other end: a run
       reading a pipe whose writer has not opened it yet would read end of file at once, and a solution would
       fail for the host's scheduling. 'p' opens 'in' first and its peer, sent 'q', opens 'out' first, so each
       open meets the peer's rather than both waiting on their reads. */
    int in = -1, out = -1;
    if (mode == 'q') out = open("/io/out", O_WRONLY | O_CLOEXEC);
    in = open("/io/in", O_RDONLY | (mode == 'r' ? O_NONBLOCK : 0) | O_CLOEXEC);
    if (mode != 'q') out = open("/io/out", (mode == 'p' ? O_WRONLY : O_RDWR) | O_CLOEXEC);
    int err = open("/io/err", O_RDWR | O_CLOEXEC);
    if (in < 0 || out < 0 || err < 0) return 3;
    fcntl(in, F_SETFL, 0);
    reply(dirty ? "d\n" : "k\n");
    static struct run run;
    if (command() != 'g') return 0;
    if (read_run(&run)) return 4;
    pid_t pid = fork();
    if (pid == 0) {
      if (!run.sigpipe_ignored) signal(SIGPIPE, SIG_DFL);
      sigaction(SIGUSR1, &(struct sigaction){ .sa_handler = SIG_DFL }, 0);
      dup2(in, 0);
      dup2(out, 1);
      dup2(err, 2);
      close_range(3, ~0U, 0);
      /* Under memory pressure the test, never the launcher, is the one to go. */
      int adj = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
      if (adj >= 0) { (void)!write(adj, "1000", 4); close(adj); }
      /* Fail closed: nothing runs in a box without its limits and the filter. */
      if (limit_run(&run) != 0) { reply_to(2, "box launcher: cannot set the run's limits\n"); _exit(126); }
      pin_run(&run);
      if (deny_syscalls() != 0) { reply_to(2, "box launcher: seccomp unavailable\n"); _exit(126); }
      execve(run.argv[0], run.argv, run.envp);
      _exit(127);
    }
    close(in);
    close(out);
    close(err);
    int status = 127 << 8;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    for (;;) {
      kill(-1, SIGKILL);
      if (waitpid(-1, 0, 0) < 0 && errno == ECHILD) break;
    }
    char line[32];
    snprintf(line, sizeof line, "x %d\n", status);
    reply(line);
    dirty = restore_box() != 0;
    drop_ipc();
  }
  return 0;
}
