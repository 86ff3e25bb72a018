/**
 * The interactive corpus: guess the number (1 to 10^9) in at most 30 queries. The program asks "? x" and hears
 * "<" (the number is smaller), ">" (greater) or "="; it answers "! x". The test's input is the number, and
 * optionally the queries that still earn full points (more, up to 30, earn half).
 */

/** The guessing game's interactor, as problem authors write it (C++ with testlib.h). */
export const GUESS_INTERACTOR = `
#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  long long secret = inf.readLong(1, 1000000000, "number");
  int full = inf.seekEof() ? 30 : inf.readInt(1, 30, "full");
  for (int queries = 0;;) {
    std::string kind = ouf.readToken();
    long long x = ouf.readLong();
    if (kind == "!") {
      tout << queries << std::endl;
      if (x != secret) quitf(_wa, "guessed %lld, the number was %lld", x, secret);
      if (queries > full) quitp(0.5, "guessed in %d queries, %d earn full points", queries, full);
      quitf(_ok, "guessed in %d queries", queries);
    }
    if (kind != "?") quitf(_pe, "expected ? or !, found %s", kind.c_str());
    if (++queries > 30) quitf(_wa, "more than 30 queries");
    std::cout << (secret < x ? "<" : secret > x ? ">" : "=") << std::endl;
  }
}
`;

/** Crashes after reading its input. */
export const CRASHING_INTERACTOR = `
#include "testlib.h"
#include <cstdlib>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  inf.readLong();
  std::abort();
}
`;

/** Computes forever instead of answering. */
export const LOOPING_INTERACTOR = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  volatile unsigned long long spins = 0;
  for (;;) spins++;
}
`;

/** Declares the test broken (exit 3). */
export const FAILING_INTERACTOR = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  quitf(_fail, "the test's number is out of range");
}
`;

/** The guessing game's solutions and misbehaviours, in each language of the corpus. */
export interface GuessPrograms {
  id: number;
  /** Binary search: at most 30 queries. */
  binarySearch: string;
  /** Always guesses 1 without asking. */
  wrongGuess: string;
  /** Asks 1, 2, 3 … until it hears "=": more than 30 queries for a large number. */
  linearSearch: string;
  /** Asks without flushing, then waits for the answer that never comes. */
  noFlush: string;
  /** Asks once and leaves. */
  earlyExit: string;
  /** Asks without end, reading nothing. */
  endlessWriter: string;
  /** Reads without end, writing nothing. */
  endlessReader: string;
  /** Sleeps instead of answering. */
  sleeper: string;
  /** Allocates 512 MiB. */
  memoryBomb: string;
}

const CPP_SEARCH = `
#include <iostream>
#include <string>
int main() {
  long long lo = 1, hi = 1000000000;
  while (lo < hi) {
    long long mid = (lo + hi) / 2;
    std::cout << "? " << mid << std::endl;
    std::string a;
    std::cin >> a;
    if (a == "=") { lo = hi = mid; break; }
    if (a == "<") hi = mid - 1; else lo = mid + 1;
  }
  std::cout << "! " << lo << std::endl;
}
`;

const PY_SEARCH = `
lo, hi = 1, 10**9
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    a = input()
    if a == "=":
        lo = hi = mid
    elif a == "<":
        hi = mid - 1
    else:
        lo = mid + 1
print("!", lo, flush=True)
`;

const JAVA_SEARCH = `
import java.io.*;
public class Main {
  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    long lo = 1, hi = 1000000000;
    while (lo < hi) {
      long mid = (lo + hi) / 2;
      System.out.println("? " + mid);
      System.out.flush();
      String a = in.readLine().trim();
      if (a.equals("=")) { lo = hi = mid; break; }
      if (a.equals("<")) hi = mid - 1; else lo = mid + 1;
    }
    System.out.println("! " + lo);
    System.out.flush();
  }
}
`;

export const GUESS_PROGRAMS: GuessPrograms[] = [
  {
    id: 54,
    binarySearch: CPP_SEARCH,
    wrongGuess: '#include <iostream>\nint main(){std::cout<<"! 1"<<std::endl;}',
    linearSearch:
      '#include <iostream>\n#include <string>\nint main(){for(long long x=1;;x++){std::cout<<"? "<<x<<std::endl;std::string a;if(!(std::cin>>a))return 1;if(a=="="){std::cout<<"! "<<x<<std::endl;return 0;}}}',
    noFlush: '#include <cstdio>\nint main(){std::printf("? 500000000\\n");int c=std::getchar();return c;}',
    earlyExit: '#include <iostream>\nint main(){std::cout<<"? 5"<<std::endl;return 0;}',
    endlessWriter: '#include <cstdio>\nint main(){for(;;){std::printf("? 1\\n");std::fflush(stdout);}}',
    endlessReader: '#include <cstdio>\nint main(){for(;;)if(std::getchar()==EOF)return 0;}',
    sleeper: '#include <unistd.h>\nint main(){sleep(30);return 0;}',
    memoryBomb:
      '#include <vector>\n#include <iostream>\nint main(){std::vector<char> v(512u<<20,1);std::cout<<"! "<<int(v[7])<<std::endl;}',
  },
  {
    id: 71,
    binarySearch: PY_SEARCH,
    wrongGuess: 'print("! 1", flush=True)\n',
    linearSearch:
      'x = 1\nwhile True:\n    print("?", x, flush=True)\n    if input() == "=":\n        print("!", x, flush=True)\n        break\n    x += 1\n',
    noFlush: 'import sys\nsys.stdout.write("? 500000000\\n")\nsys.stdin.readline()\n',
    earlyExit: 'print("? 5", flush=True)\n',
    endlessWriter: 'while True:\n    print("? 1", flush=True)\n',
    endlessReader: 'import sys\nwhile sys.stdin.read(1):\n    pass\n',
    sleeper: 'import time\ntime.sleep(30)\n',
    memoryBomb: 'b = bytearray(b"\\x01") * (512 << 20)\nprint("!", b[7], flush=True)\n',
  },
  {
    id: 62,
    binarySearch: JAVA_SEARCH,
    wrongGuess: 'public class Main{public static void main(String[] a){System.out.println("! 1");System.out.flush();}}',
    linearSearch:
      'import java.io.*;\npublic class Main{public static void main(String[] args)throws IOException{BufferedReader in=new BufferedReader(new InputStreamReader(System.in));for(long x=1;;x++){System.out.println("? "+x);System.out.flush();String a=in.readLine();if(a==null)throw new EOFException();if(a.trim().equals("=")){System.out.println("! "+x);System.out.flush();return;}}}}',
    noFlush:
      'import java.io.*;\npublic class Main{public static void main(String[] args)throws IOException{PrintWriter out=new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));out.println("? 500000000");System.in.read();}}',
    earlyExit: 'public class Main{public static void main(String[] a){System.out.println("? 5");System.out.flush();}}',
    endlessWriter: 'public class Main{public static void main(String[] a){while(true){System.out.println("? 1");System.out.flush();}}}',
    endlessReader: 'public class Main{public static void main(String[] a)throws Exception{while(System.in.read()>=0){}}}',
    sleeper: 'public class Main{public static void main(String[] a)throws Exception{Thread.sleep(30000);}}',
    memoryBomb:
      'public class Main{public static void main(String[] a){byte[][] b=new byte[512][];for(int i=0;i<512;i++){b[i]=new byte[1<<20];b[i][5]=1;}System.out.println("! "+b.length);}}',
  },
];

/**
 * A C program that looks for the interactor from its side of the pipe before it plays: other processes, the
 * interactor's files (its box's /box holds its binary, the test's input and its output file), more than its own
 * three pipes in /io (which it may not even list); and signals every process it can. It plays the game (a binary search) only when it reached
 * nothing, so an accepted verdict means it was contained; what it reached goes to its stderr.
 */
export const PIPE_ATTACK = `
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
static int reached = 0;
static void look(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0) { fprintf(stderr, "reached %s\\n", path); reached = 1; }
}
static int entries(const char *dir, int numeric) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (!numeric || (e->d_name[0] >= '0' && e->d_name[0] <= '9')) n++;
  }
  if (d) closedir(d);
  return n;
}
int main(void) {
  int processes = entries("/proc", 1), pipes = entries("/io", 0);
  if (processes > 2) { fprintf(stderr, "saw %d processes\\n", processes); reached = 1; }
  if (pipes > 3) { fprintf(stderr, "saw %d entries in /io\\n", pipes); reached = 1; }
  const char *paths[] = { "/box/input.txt", "/box/interactor", "/box/output.txt", "/jury", "/io/../jury", "/interactor",
                          "/input.txt", "/output.txt", "/tmp/input.txt", "/proc/1/root/box/input.txt" };
  for (unsigned i = 0; i < sizeof paths / sizeof paths[0]; i++) look(paths[i]);
  kill(-1, SIGKILL);
  long long lo = 1, hi = reached ? 1 : 1000000000;
  while (lo < hi) {
    long long mid = (lo + hi) / 2;
    char answer[4];
    printf("? %lld\\n", mid);
    fflush(stdout);
    if (scanf("%3s", answer) != 1) return 1;
    if (!strcmp(answer, "=")) { lo = hi = mid; break; }
    if (!strcmp(answer, "<")) hi = mid - 1; else lo = mid + 1;
  }
  printf("! %lld\\n", lo);
  return 0;
}
`;
