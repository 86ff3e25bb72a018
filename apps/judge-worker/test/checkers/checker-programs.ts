/** Checkers of the test corpus, written as problem authors write them (C++ with testlib.h). */

/** Compares n integers; partial credit for the share that is right. */
export const PARTIAL_POINTS_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = inf.readInt(1, 1000, "n");
  int right = 0;
  for (int i = 0; i < n; i++) {
    long long expected = ans.readLong();
    if (ouf.readLong() == expected) right++;
  }
  if (right == n) quitf(_ok, "%d numbers", n);
  if (right == 0) quitf(_wa, "no number is right");
  quitp(double(right) / n, "%d of %d right", right, n);
}
`;

/**
 * Polygon's use of quitp: absolute points, 3 per right number (quitp), or whole points (quitpartial) when the first
 * number is wrong.
 */
export const ABSOLUTE_POINTS_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = inf.readInt(1, 1000, "n");
  int right = 0;
  bool firstWrong = false;
  for (int i = 0; i < n; i++) {
    long long expected = ans.readLong();
    bool same = ouf.readLong() == expected;
    if (same) right++;
    else if (i == 0) firstWrong = true;
  }
  if (right == 0) quitf(_wa, "no number is right");
  if (firstWrong) quitpartial(3 * right, "%d right after a wrong first", right);
  quitp(3.0 * right, "%d of %d right", right, n);
}
`;

/** Accepts any two numbers that sum to the input's n: a problem with many right answers. */
export const ANY_PAIR_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long n = inf.readLong();
  long long a = ouf.readLong(), b = ouf.readLong();
  if (a + b != n) quitf(_wa, "%lld + %lld is not %lld", a, b, n);
  quitf(_ok, "%lld + %lld", a, b);
}
`;

export const CRASHING_CHECKER = `
#include "testlib.h"
#include <cstdlib>
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  std::abort();
}
`;

/** Reads a number the (empty) input does not have: a fault in the problem's files, so a checker failure. */
export const FAILING_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  inf.readInt();
  quitf(_ok, "unreachable");
}
`;

export const LOOPING_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  volatile unsigned long long spins = 0;
  for (;;) spins++;
}
`;

/**
 * Tries to reach past its box: the network, the host's files, writing anywhere. Accepts only when every attempt
 * failed and its /box holds exactly the three files it was given.
 */
export const ESCAPING_CHECKER = `
#include "testlib.h"
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <string>
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  ouf.readToken();
  std::string reached;
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s >= 0) {
    sockaddr_in addr = {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(5432);
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    if (connect(s, (sockaddr *)&addr, sizeof addr) == 0) reached += " network";
  }
  const char *secrets[] = {"/etc/passwd", "/etc/shadow", "/root", "/work", "/home"};
  for (const char *path : secrets) if (open(path, O_RDONLY) >= 0) reached += std::string(" ") + path;
  const char *writable[] = {"/box/planted", "/checker", "/box/answer.txt", "/usr/planted"};
  for (const char *path : writable) if (open(path, O_WRONLY | O_CREAT, 0644) >= 0) reached += std::string(" write:") + path;
  int files = 0;
  if (DIR *box = opendir("/box")) {
    while (dirent *entry = readdir(box)) if (entry->d_name[0] != '.') files++;
    closedir(box);
  }
  if (files != 3) reached += " box-has-" + std::to_string(files) + "-files";
  if (!reached.empty()) quitf(_wa, "reached:%s", reached.c_str());
  quitf(_ok, "contained");
}
`;

export const BROKEN_CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv)
  quitf(_ok, "missing semicolon above");
}
`;

/** Compiles to a 200 MB binary: the array is initialised, so it is in the file, not in .bss. */
export const HUGE_CHECKER = `
#include "testlib.h"
char table[200000000] = {1};
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  quitf(_ok, "%d", table[argc * 12345]);
}
`;

/**
 * A checker in the way upstream testlib's users write them, leaning on what our header now has besides the basics:
 * the standard library it brings in (vector, sort), vector reads with ranges, a pattern, upperCase, compress and
 * expectedButFound. The input is n and n numbers; the output must be them sorted, then a word naming the order.
 */
export const UPSTREAM_STYLE_CHECKER = `
#include "testlib.h"
using namespace std;
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int n = inf.readInt();
  vector<int> expected = inf.readInts(n, -1000, 1000, "a_i");
  sort(expected.begin(), expected.end());
  vector<int> got = ouf.readInts(n, -1000, 1000, "b_i");
  for (int i = 0; i < n; i++)
    if (got[i] != expected[i]) expectedButFound(_wa, expected[i], got[i], format("%d%s number", i + 1, englishEnding(i + 1).c_str()).c_str());
  string order = upperCase(ouf.readWord(pattern("[a-zA-Z]{1,10}"), "order"));
  if (order != "ASCENDING") quitf(_wa, "order %s", compress(order).c_str());
  quitf(_ok, "%d numbers", n);
}
`;
