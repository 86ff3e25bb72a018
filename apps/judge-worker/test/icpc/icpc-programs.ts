/**
 * ICPC output validators as the problem package format describes them (`validator input answer feedback_dir
 * [flags] < team_output`, exit 42 accept / 43 reject, feedback files), written for these tests in C, C++ and
 * Python 3; none of them includes testlib.h.
 */

/** A support header (a validator's folder often has one): writes the judge message into the feedback directory. */
export const FEEDBACK_HEADER = `
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
inline void judge_message(const char *dir, const char *fmt, ...) {
  std::string path = std::string(dir) + "judgemessage.txt";
  FILE *f = std::fopen(path.c_str(), "w");
  va_list args;
  va_start(args, fmt);
  std::vfprintf(f, fmt, args);
  va_end(args);
  std::fclose(f);
}
`;

/** C++: any two numbers whose sum is the answer's (the input is "a b"); uses the support header. */
export const PAIR_SUM_VALIDATOR = `
#include <cstdio>
#include "validate.h"
int main(int argc, char **argv) {
  FILE *answer = std::fopen(argv[2], "r");
  long long sum, x, y;
  if (std::fscanf(answer, "%lld", &sum) != 1) return 1;
  if (std::scanf("%lld %lld", &x, &y) != 2) { judge_message(argv[3], "expected two numbers"); return 43; }
  if (x + y != sum) { judge_message(argv[3], "%lld + %lld is not %lld", x, y, sum); return 43; }
  char extra[2];
  if (std::scanf("%1s", extra) == 1) { judge_message(argv[3], "trailing output"); return 43; }
  return 42;
}
`;

/**
 * C: the team's word against the answer's, case-insensitive unless the flag `case_sensitive` is given; the judge
 * message names every flag it got, one argument each.
 */
export const WORD_VALIDATOR = `
#include <stdio.h>
#include <string.h>
#include <strings.h>
int main(int argc, char **argv) {
  char path[4096], expected[256] = "", got[256] = "", flags[1024] = "";
  int sensitive = 0;
  for (int i = 4; i < argc; i++) {
    if (strcmp(argv[i], "case_sensitive") == 0) sensitive = 1;
    strcat(flags, i > 4 ? "|" : "");
    strncat(flags, argv[i], 100);
  }
  FILE *answer = fopen(argv[2], "r");
  if (fscanf(answer, "%255s", expected) != 1) return 1;
  if (scanf("%255s", got) != 1) got[0] = 0;
  int same = sensitive ? strcmp(got, expected) == 0 : strcasecmp(got, expected) == 0;
  snprintf(path, sizeof path, "%sjudgemessage.txt", argv[3]);
  FILE *message = fopen(path, "w");
  fprintf(message, "flags: %s; %s %s %s\\n", flags, got, same ? "=" : "!=", expected);
  fclose(message);
  snprintf(path, sizeof path, "%steammessage.txt", argv[3]);
  message = fopen(path, "w");
  fprintf(message, "for the team\\n");
  fclose(message);
  return same ? 42 : 43;
}
`;

/** Python's support module: how many of the team's numbers are right. */
export const SCORING_MODULE = `
def right_numbers(team, answer):
    return sum(1 for t, a in zip(team, answer) if t == a)
`;

/**
 * Python 3, with its module: a scoring validator. score.txt holds the right numbers as points; with the flag
 * `multiplier` it writes score_multiplier.txt (the share of right numbers) instead; `over` scores more than any
 * test is worth. Nothing right is a rejection.
 */
export const SCORING_VALIDATOR = `
import sys
from scoring import right_numbers

_, input_file, answer_file, feedback = sys.argv[:4]
flags = sys.argv[4:]
answer = open(answer_file).read().split()
team = sys.stdin.read().split()
right = right_numbers(team, answer)
with open(feedback + "judgemessage.txt", "w") as f:
    f.write("%d of %d right" % (right, len(answer)))
if right == 0:
    sys.exit(43)
if "multiplier" in flags:
    with open(feedback + "score_multiplier.txt", "w") as f:
        f.write(str(right / len(answer)))
else:
    with open(feedback + "score.txt", "w") as f:
        f.write("%d\\n" % (99 if "over" in flags else right))
sys.exit(42)
`;

/** Crashes (a null write) before judging. */
export const CRASHING_VALIDATOR = `
#include <cstdio>
int main() {
  volatile int *nothing = nullptr;
  *nothing = 1;
  return 42;
}
`;

/** Exits 0: not a verdict in the ICPC protocol (the validator did not work properly). */
export const ZERO_EXIT_VALIDATOR = `
#include <cstdio>
int main() {
  std::fprintf(stderr, "done\\n");
  return 0;
}
`;

/** Python that raises (exit 1): a judge error, not a wrong answer. */
export const RAISING_VALIDATOR = `
import sys
raise RuntimeError("the answer file is broken")
`;

/** A Python validator with a syntax error: refused when it is built. */
export const BROKEN_PYTHON_VALIDATOR = `
def main(:
    pass
`;

/**
 * The guessing game (see interactive-programs.ts) as an ICPC interactive validator in C++, no testlib: the input
 * file holds the number, the optional first flag the most queries allowed (30 by default); it talks to the program
 * on stdin/stdout and judges with 42/43, its judge message in the feedback directory.
 */
export const GUESS_VALIDATOR = `
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
static std::string feedback;
static void reject(const char *message) {
  FILE *f = std::fopen((feedback + "judgemessage.txt").c_str(), "w");
  std::fputs(message, f);
  std::fclose(f);
  std::exit(43);
}
int main(int argc, char **argv) {
  FILE *input = std::fopen(argv[1], "r");
  feedback = argv[3];
  long long secret;
  if (std::fscanf(input, "%lld", &secret) != 1) return 1;
  int allowed = argc > 4 ? std::atoi(argv[4]) : 30;
  char kind[8], text[200];
  long long x;
  for (int queries = 0;;) {
    if (std::scanf("%7s %lld", kind, &x) != 2) reject("unexpected EOF from the program");
    if (std::strcmp(kind, "!") == 0) {
      if (x != secret) {
        std::snprintf(text, sizeof text, "guessed %lld, the number was %lld", x, secret);
        reject(text);
      }
      return 42;
    }
    if (std::strcmp(kind, "?") != 0) reject("expected ? or !");
    if (++queries > allowed) {
      std::snprintf(text, sizeof text, "more than %d queries", allowed);
      reject(text);
    }
    std::printf("%s\\n", secret < x ? "<" : secret > x ? ">" : "=");
    std::fflush(stdout);
  }
}
`;

/**
 * The same game's validator in C, waiting in poll() before each read, and for the end of the program's output after
 * a right answer (it refuses anything more): the worker must see it waiting there, or it would never read that end.
 */
export const POLLING_GUESS_VALIDATOR = `
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static char feedback[4096];
static void reject(const char *message) {
  char path[4200];
  snprintf(path, sizeof path, "%sjudgemessage.txt", feedback);
  FILE *f = fopen(path, "w");
  fputs(message, f);
  fclose(f);
  exit(43);
}
static void await_input(void) {
  struct pollfd p = { 0, POLLIN, 0 };
  while (poll(&p, 1, -1) < 0) {}
}
int main(int argc, char **argv) {
  FILE *input = fopen(argv[1], "r");
  snprintf(feedback, sizeof feedback, "%s", argv[3]);
  long long secret, x;
  char kind[8];
  if (fscanf(input, "%lld", &secret) != 1) return 1;
  setvbuf(stdin, NULL, _IONBF, 0);
  for (;;) {
    await_input();
    if (scanf("%7s %lld", kind, &x) != 2) reject("no guess");
    if (strcmp(kind, "!") == 0) {
      if (x != secret) reject("wrong guess");
      await_input();
      char more;
      if (read(0, &more, 1) > 0 && more != '\\n') reject("output after the answer");
      await_input();
      return read(0, &more, 1) == 0 ? 42 : 43;
    }
    printf("%s\\n", secret < x ? "<" : secret > x ? ">" : "=");
    fflush(stdout);
  }
}
`;

/** The same game's validator in Python 3. */
export const PY_GUESS_VALIDATOR = `
import sys
secret = int(open(sys.argv[1]).read().split()[0])
feedback = sys.argv[3]
def reject(message):
    with open(feedback + "judgemessage.txt", "w") as f:
        f.write(message)
    sys.exit(43)
queries = 0
for line in sys.stdin:
    kind, x = line.split()
    x = int(x)
    if kind == "!":
        if x != secret:
            reject("guessed %d, the number was %d" % (x, secret))
        sys.exit(42)
    queries += 1
    if queries > 30:
        reject("more than 30 queries")
    print("<" if secret < x else ">" if secret > x else "=", flush=True)
reject("unexpected EOF from the program")
`;

/**
 * A testlib interactor whose every answer costs it CPU time (about 20 ms), with no bound on the queries: a
 * program that floods it with queries and never reads the answers keeps it computing while the program itself
 * sleeps, blocked on the full pipe. That program is not waiting for the interactor (issue 32, item 7).
 */
export const SLOW_ANSWER_INTERACTOR = `
#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  long long secret = inf.readLong();
  for (;;) {
    std::string kind = ouf.readToken();
    long long x = ouf.readLong();
    if (kind == "!") {
      if (x != secret) quitf(_wa, "wrong guess");
      quitf(_ok, "guessed");
    }
    volatile unsigned long long spin = 0;
    for (unsigned long long i = 0; i < 40000000ULL; i++) spin += i;
    std::cout << (secret < x ? "<" : secret > x ? ">" : "=") << std::endl;
  }
}
`;
