# The fork server of a Python submission (see fork-server.ts, which starts it as `<python> -S -c <this> <program>`
# in the submission's run box). It initialises the interpreter once and runs no user code itself; for each test it
# forks a child that becomes `<python> -S <program>` as far as the program can tell, then runs it as __main__.
import sys

# What a bare `python -S` has imported: the child forgets every other module the server needed.
_initial_modules = set(sys.modules)
_initial_path = list(sys.path)
# CPython's __main__ starts with an empty __annotations__, PyPy's without.
_main_annotations = '__annotations__' in globals()

import ctypes
import gc
import itertools
import os
import resource
import signal

_libc = ctypes.CDLL(None, use_errno=True)
_PR_SET_DUMPABLE, _PR_SET_CHILD_SUBREAPER = 4, 36
_CATCHABLE = [s for s in signal.valid_signals() if s not in (signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD)]


def _reply(fd, text):
    os.write(fd, text.encode())


def _wipe(path):
    """Empties a directory a test could write (/tmp); returns how many entries stayed."""
    left = 0
    for name in os.listdir(path):
        entry = path + '/' + name
        try:
            os.unlink(entry)
            continue
        except OSError:
            pass
        try:
            # A directory, perhaps made unreadable on purpose: the box user owns it, so it opens it up first.
            os.chmod(entry, 0o700)
            left += _wipe(entry)
            os.rmdir(entry)
        except OSError:
            left += 1
    return left


# /tmp as the box's launcher keeps it between runs (box-launcher.c): a test owns it, so it may change its mode, ACLs
# and extended attributes, and those outlive every file in it.
_tmp_fresh = os.stat('/tmp')
_tmp_fresh_xattrs = os.listxattr('/tmp')


def _restore_tmp():
    """/tmp's mode, attributes and (emptied) content as the box started; False when that could not be done."""
    try:
        # The mode first: one without read or write would keep the wipe out.
        os.chmod('/tmp', _tmp_fresh.st_mode & 0o7777)
        for name in os.listxattr('/tmp'):
            if name not in _tmp_fresh_xattrs:
                os.removexattr('/tmp', name)
        # Removing an access ACL leaves its mask in the group bits.
        os.chmod('/tmp', _tmp_fresh.st_mode & 0o7777)
        if _wipe('/tmp') > 0:
            return False
        now = os.stat('/tmp')
        return ((now.st_mode, now.st_uid, now.st_gid) == (_tmp_fresh.st_mode, _tmp_fresh.st_uid, _tmp_fresh.st_gid)
                and os.listxattr('/tmp') == _tmp_fresh_xattrs)
    except OSError:
        return False


def _drop_ipc():
    """SysV IPC objects a test made would outlive it: removed like the box launcher does (box-launcher.c)."""
    for table, remove in (('shm', lambda i: _libc.shmctl(i, 0, None)), ('msg', lambda i: _libc.msgctl(i, 0, None)),
                          ('sem', lambda i: _libc.semctl(i, 0, 0))):
        try:
            with open('/proc/sysvipc/' + table) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            remove(int(row.split()[1]))


def _fork(handlers, fifos, replies):
    """
    Forks the next test's child on /io/{in,out,err}-<fifos>; answers its pid, or, in the child, None once the
    worker has moved it into the test's cgroup and let it go with the test's rlimits: `g <cpu> <file> <stack>` to
    run the program, `c …` to check its syntax only (the submission's compile step, before its first test), `s …`
    to check its syntax and then run it (the compile step folded into the first test, see _checked_code).
    """
    stdin = os.open('/io/in-' + fifos, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    os.set_blocking(stdin, True)
    stdout = os.open('/io/out-' + fifos, os.O_RDWR | os.O_CLOEXEC)
    stderr = os.open('/io/err-' + fifos, os.O_RDWR | os.O_CLOEXEC)
    # Read-write, so the child's read waits for the worker's byte instead of seeing EOF; nothing else holds it.
    go = os.open('/io/go-' + fifos, os.O_RDWR | os.O_CLOEXEC)
    pid = os.fork()
    if pid == 0:
        go_message = os.read(go, 64).split()
        if len(go_message) != 4 or go_message[0] not in (b'g', b'c', b's'):
            os._exit(125)
        task = go_message[0]
        # Only the folded check keeps the server's reply FIFO, to say a syntax error; it is closed before any of the
        # program runs, so the program can neither forge a reply nor read one.
        kept = replies if task == b's' else None
        _become_program(handlers, [int(f) for f in go_message[1:]], (stdin, stdout, stderr), kept)
        _child.update(task=task, replies=kept)
        return None
    for fd in (go, stdin, stdout, stderr):
        os.close(fd)
    return pid


def _serve():
    """
    Forks a child for the next test as soon as the last one is over and says so (see fork-server.ts); returns only
    in a test's child, set up as the program.
    """
    _libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    # Orphans of a test become the server's children, so it knows when every process of the test is gone.
    _libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    handlers = {s: signal.getsignal(s) for s in _CATCHABLE}
    for s in _CATCHABLE:
        signal.signal(s, signal.SIG_IGN)
    replies = os.open('/io/ctl-reply', os.O_WRONLY | os.O_CLOEXEC)
    # The interpreter's objects stay in the parent's pages: a child's collections do not copy them.
    if hasattr(gc, 'freeze'):
        gc.freeze()
    # Its own pid in the box, so the worker can tell it from the children among the box's processes.
    _reply(replies, 'ready %d\n' % os.getpid())
    for test in itertools.count():
        # Tests take two sets of FIFOs in turn: the worker may still be reading the last test's when this one forks.
        pid = _fork(handlers, str(test % 2), replies)
        if pid is None:
            return
        _reply(replies, 'k %d\n' % pid)
        _, status = os.waitpid(pid, 0)
        _reply(replies, 'x %d\n' % status)
        # The worker kills whatever the test left running; every such process is reaped here.
        while True:
            try:
                os.waitpid(-1, 0)
            except ChildProcessError:
                break
        _drop_ipc()
        if not _restore_tmp():
            # What the next test would find: the server ends, and the launcher clears the box as after any run.
            _reply(replies, 'd\n')
            os._exit(5)


_child = {}


def _become_program(handlers, limits, fds, kept):
    """
    The child: the test's limits, descriptors (all others closed but `kept`, if any) and signals, then the
    interpreter state of `python -S <program>`.
    """
    cpu, file_bytes, stack = limits
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    resource.setrlimit(resource.RLIMIT_STACK, (stack, stack))
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    open_max = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if kept is None:
        os.closerange(3, open_max)
    else:
        os.closerange(3, kept)
        os.closerange(kept + 1, open_max)
    for s, handler in handlers.items():
        signal.signal(s, signal.SIG_DFL if handler is None else handler)
    _libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)
    program = sys.argv[1]
    sys.argv = [program]
    sys.path[:] = [os.path.dirname(program)] + _initial_path[1:]
    if hasattr(sys, 'orig_argv'):
        sys.orig_argv = [sys.orig_argv[0], '-S', program]
    for name in list(sys.modules):
        if name not in _initial_modules:
            del sys.modules[name]
    main = type(sys)('__main__')
    main.__file__ = program
    main.__cached__ = None
    if _main_annotations:
        main.__annotations__ = {}
    main.__builtins__ = sys.modules['builtins']
    main.__loader__ = sys.modules['_frozen_importlib_external'].SourceFileLoader('__main__', program)
    sys.modules['__main__'] = main
    _child.update(program=program, globals=main.__dict__)


def _finish(code):
    """
    Ends the child as the interpreter's finalization would (threads joined, atexit handlers, standard streams
    flushed: a failed flush is exit code 120), but without tearing the interpreter down: freeing the server's
    objects would copy all of their pages into the test, which a fresh start's exit does not pay for. Objects still
    alive at exit are not finalized (their __del__ does not run), as for any program that ends with os._exit.
    """
    if 'threading' in sys.modules:
        sys.modules['threading']._shutdown()
    import atexit
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            code = 120
    os._exit(code)


def _exit_code(exit):
    """The exit code of an uncaught SystemExit, as the interpreter decides it (a message goes to stderr, code 1)."""
    if exit.code is None:
        return 0
    if isinstance(exit.code, int):
        return exit.code if -(2 ** 31) <= exit.code < 2 ** 31 else -1
    sys.stderr.write(str(exit.code) + '\n')
    return 1


def _checked_code(program, replies):
    """
    The syntax check (language-catalog.ts's, in the warm interpreter): the program's code, compiled, none of it
    run. A syntax error is written as the interpreter writes it, and exit code 1 makes it the submission's compile
    error; when the check is folded into the first test (`replies`), `c` on the reply FIFO says the exit is the
    check's, not the program's.
    """
    try:
        with open(program, 'rb') as source:
            return compile(source.read(), program, 'exec', dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        import traceback
        sys.stderr.write(''.join(traceback.format_exception_only(type(error), error)))
    except BaseException as error:
        # A source too deep for the compiler (RecursionError, MemoryError): a compile error too, as in a box.
        sys.excepthook(type(error), error, error.__traceback__)
    if replies is not None:
        _reply(replies, 'c\n')
    _finish(1)


_serve()
_program, _globals, _task, _replies = _child['program'], _child['globals'], _child['task'], _child['replies']
if _task == b'c':
    _checked_code(_program, None)
    _finish(0)
if _task == b's':
    _code = _checked_code(_program, _replies)
    os.close(_replies)
del _become_program, _serve, _fork, _child, _initial_modules, _initial_path, _main_annotations, _checked_code, _replies
try:
    if _task != b's':
        with open(_program, 'rb') as _source:
            _code = compile(_source.read(), _program, 'exec', dont_inherit=True)
        del _source
    del _task
    exec(_code, _globals)
except SystemExit as _exit:
    _finish(_exit_code(_exit))
except BaseException as _error:
    # As the interpreter reports an uncaught exception: through sys.excepthook, without this file's frame.
    _error.__traceback__ = _error.__traceback__.tb_next
    sys.excepthook(type(_error), _error, _error.__traceback__)
    _finish(1)
_finish(0)
