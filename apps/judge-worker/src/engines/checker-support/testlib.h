/*
 * testlib.h — the online judge's testlib-compatible checker and interactor header (MIT licence, like the rest of
 * the project).
 *
 * This is NOT upstream testlib: it is our own implementation of the subset checkers and interactors commonly use,
 * with the same names and conventions, so most testlib checkers and interactors compile and behave unchanged:
 *   registerTestlibCmd(argc, argv)       checker <input> <contestant output> <jury answer>
 *   registerInteraction(argc, argv)      interactor <input> <output>: inf is the input file, ouf what the program
 *                                         writes (the interactor's stdin), tout the output file (a checker may read
 *                                         it); what the interactor prints on stdout goes to the program (flush it)
 *   inf, ouf, ans                         readInt/readLong/readDouble/readReal/readToken/readWord/readLine/
 *                                         readString/readChar/readSpace/readEoln/readEof, eof/seekEof/eoln/seekEoln
 *   quit, quitf, quitif, quitp,           _ok (exit 0), _wa (1), _pe (2), _fail (3), points (exit 7), _pc(n) (16 + n)
 *   quitpartial
 *   ensure, ensuref, setName, format, doubleCompare, englishEnding, vtos
 * The verdict's text goes to standard error, first line first: "ok …", "wrong answer …", "wrong output format …",
 * "FAIL …", "points <p> …". quitp's and quitpartial's points p from 0 to 1 are the fraction of the test's points;
 * above 1 they are the test's points themselves (Polygon's use), capped at what the test is worth; _pc(n) gives n %.
 * Reading past what the contestant printed is a presentation error; bad input or answer files are a checker failure.
 */
#ifndef OJ_TESTLIB_H
#define OJ_TESTLIB_H

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <csignal>
#include <fstream>
#include <string>
#include <sstream>

typedef int TResult;
const TResult _ok = 0;
const TResult _wa = 1;
const TResult _pe = 2;
const TResult _fail = 3;
const TResult _points = 7;
const TResult _partially = 16;
inline TResult _pc(int percent) { return _partially + percent; }

enum TMode { _input, _output, _answer };

static std::string testlibCheckerName;
inline void quit(TResult result, const std::string &message);

inline std::string vformatString(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int size = std::vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (size < 0) return std::string(fmt);
  std::string out(size + 1, '\0');
  std::vsnprintf(&out[0], out.size(), fmt, args);
  out.resize(size);
  return out;
}

inline std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vformatString(fmt, args);
  va_end(args);
  return out;
}

template <typename T> std::string vtos(const T &value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

inline std::string englishEnding(int x) {
  x %= 100;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

inline bool doubleCompare(double expected, double result, double maxError) {
  if (std::isnan(expected)) return std::isnan(result);
  if (std::isinf(expected)) return expected == result;
  if (std::isnan(result) || std::isinf(result)) return false;
  double distance = std::fabs(result - expected);
  return distance <= maxError + 1e-15 || distance <= std::fabs(expected) * maxError + 1e-15;
}

class InStream {
 public:
  InStream() : file(NULL), mode(_input) {}

  void init(const char *path, TMode streamMode) {
    mode = streamMode;
    name = path;
    file = std::fopen(path, "rb");
    if (!file) quit(_fail, std::string("Cannot open file ") + path);
  }
  /** An open stream (an interactor's stdin: what the program writes). */
  void init(FILE *stream, const char *streamName, TMode streamMode) {
    mode = streamMode;
    name = streamName;
    file = stream;
  }

  int peekChar() {
    int c = std::getc(file);
    if (c != EOF) std::ungetc(c, file);
    return c;
  }
  int nextChar() { return std::getc(file); }
  char readChar() {
    int c = nextChar();
    if (c == EOF) failRead("Unexpected end of file - char expected");
    return (char)c;
  }
  char readChar(char expected) {
    char c = readChar();
    if (c != expected) failRead(format("Unexpected character '%c', expected '%c'", c, expected));
    return c;
  }

  bool eof() { return peekChar() == EOF; }
  bool seekEof() {
    skipBlanks();
    return eof();
  }
  bool eoln() {
    int c = peekChar();
    return c == '\n' || c == '\r';
  }
  bool seekEoln() {
    int c;
    while ((c = peekChar()) == ' ' || c == '\t') nextChar();
    return c == EOF || eoln();
  }

  void readSpace() { readChar(' '); }
  void readEoln() {
    int c = nextChar();
    if (c == '\r') c = nextChar();
    if (c != '\n') failRead("Line end expected");
  }
  void readEof() {
    if (!eof()) failRead("Expected end of file");
  }

  std::string readToken() {
    skipBlanks();
    std::string token;
    int c;
    while ((c = peekChar()) != EOF && !isBlank(c)) token += (char)nextChar();
    if (token.empty()) failRead("Unexpected end of file - token expected");
    return token;
  }
  std::string readWord() { return readToken(); }

  std::string readLine() {
    if (eof()) failRead("Unexpected end of file - line expected");
    std::string line;
    int c;
    while ((c = nextChar()) != EOF && c != '\n') line += (char)c;
    if (!line.empty() && line[line.size() - 1] == '\r') line.erase(line.size() - 1);
    return line;
  }
  std::string readString() { return readLine(); }

  long long readLong() {
    std::string token = readToken();
    errno = 0;
    char *end = NULL;
    long long value = std::strtoll(token.c_str(), &end, 10);
    if (errno || *end || !isIntegerText(token)) failRead("Expected an integer, found \"" + shortened(token) + "\"");
    return value;
  }
  long long readLong(long long min, long long max, const std::string &what = "") {
    long long value = readLong();
    if (value < min || value > max) failRange(what, vtos(value), vtos(min), vtos(max));
    return value;
  }
  int readInt() {
    long long value = readLong();
    if (value < INT_MIN || value > INT_MAX) failRead("Integer " + vtos(value) + " does not fit in int");
    return (int)value;
  }
  int readInt(int min, int max, const std::string &what = "") { return (int)readLong(min, max, what); }

  double readDouble() {
    std::string token = readToken();
    errno = 0;
    char *end = NULL;
    double value = std::strtod(token.c_str(), &end);
    if (*end || token.find_first_not_of("+-0123456789.eE") != std::string::npos || std::isnan(value) || std::isinf(value)) {
      failRead("Expected a real number, found \"" + shortened(token) + "\"");
    }
    return value;
  }
  double readDouble(double min, double max, const std::string &what = "") {
    double value = readDouble();
    if (value < min || value > max) failRange(what, vtos(value), vtos(min), vtos(max));
    return value;
  }
  double readReal() { return readDouble(); }
  double readReal(double min, double max, const std::string &what = "") { return readDouble(min, max, what); }

  /** Reading errors: the contestant's fault in their output, the problem's (a checker failure) elsewhere. */
  void quit(TResult result, const std::string &message) { ::quit(mode == _output ? result : _fail, message); }
  void quitf(TResult result, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string message = vformatString(fmt, args);
    va_end(args);
    quit(result, message);
  }

  std::string name;

 private:
  static bool isBlank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
  static bool isIntegerText(const std::string &token) {
    size_t start = token[0] == '-' || token[0] == '+' ? 1 : 0;
    return start < token.size() && token.find_first_not_of("0123456789", start) == std::string::npos;
  }
  static std::string shortened(const std::string &text) { return text.size() > 64 ? text.substr(0, 64) + "..." : text; }
  void skipBlanks() {
    int c;
    while ((c = peekChar()) != EOF && isBlank(c)) nextChar();
  }
  void failRead(const std::string &message) { quit(_pe, message); }
  void failRange(const std::string &what, const std::string &value, const std::string &min, const std::string &max) {
    quit(_wa, format("%s %s violates the range [%s, %s]", what.empty() ? "Value" : what.c_str(), value.c_str(), min.c_str(), max.c_str()));
  }

  FILE *file;
  TMode mode;
};

static InStream inf, ouf, ans;
/** An interactor's output file, for a checker to read after the interaction. */
static std::ofstream tout;
static bool testlibInteraction = false;

inline void setName(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  testlibCheckerName = vformatString(fmt, args);
  va_end(args);
}

inline void registerTestlibCmd(int argc, char *argv[]) {
  if (argc < 4) quit(_fail, "Usage: checker <input> <contestant output> <jury answer>");
  inf.init(argv[1], _input);
  ouf.init(argv[2], _output);
  ans.init(argv[3], _answer);
}

/**
 * Interactor mode: what the program writes comes on stdin (reading past its end is "Unexpected end of file", a
 * presentation error: the program stopped talking), and what the interactor writes to a program that left fails
 * quietly rather than killing it (SIGPIPE ignored), so it still gives its verdict.
 */
inline void registerInteraction(int argc, char *argv[]) {
  if (argc < 3) quit(_fail, "Usage: interactor <input> <output>");
  std::signal(SIGPIPE, SIG_IGN);
  testlibInteraction = true;
  inf.init(argv[1], _input);
  ouf.init(stdin, "stdin", _output);
  tout.open(argv[2], std::ios::out | std::ios::trunc);
  if (!tout) quit(_fail, std::string("Cannot open file ") + argv[2]);
  if (argc > 3) ans.init(argv[3], _answer);
}

inline void quit(TResult result, const std::string &message) {
  // Like testlib, an accepted output must not go on after what the checker read (an interactor reads a dialogue,
  // whose end it decides itself).
  if (result == _ok && !testlibInteraction && !ouf.name.empty() && !ouf.seekEof()) {
    std::fprintf(stderr, "wrong output format Extra information in the output file\n");
    std::exit(_pe);
  }
  const char *prefix = "FAIL";
  if (result == _ok) prefix = "ok";
  else if (result == _wa) prefix = "wrong answer";
  else if (result == _pe) prefix = "wrong output format";
  else if (result >= _partially && result <= _partially + 100) prefix = "partially correct";
  else result = _fail;
  if (result >= _partially) std::fprintf(stderr, "%s (%d) %s\n", prefix, result - _partially, message.c_str());
  else std::fprintf(stderr, "%s %s\n", prefix, message.c_str());
  if (tout.is_open()) tout.close();
  std::exit(result);
}

inline void quitf(TResult result, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string message = vformatString(fmt, args);
  va_end(args);
  quit(result, message);
}

inline void quitif(bool condition, TResult result, const char *fmt, ...) {
  if (!condition) return;
  va_list args;
  va_start(args, fmt);
  std::string message = vformatString(fmt, args);
  va_end(args);
  quit(result, message);
}

inline void quitPoints(double points, const std::string &message) {
  std::fprintf(stderr, "points %.10g %s\n", points, message.c_str());
  if (tout.is_open()) tout.close();
  std::exit(_points);
}

/** Partial credit: from 0 to 1 the fraction of the test's points, above 1 absolute points (capped by the judge). */
inline void quitp(double points, const char *fmt = "", ...) {
  va_list args;
  va_start(args, fmt);
  std::string message = vformatString(fmt, args);
  va_end(args);
  quitPoints(points, message);
}

/** Partial credit in whole points, as quitp reads them. */
inline void quitpartial(int points, const char *fmt = "", ...) {
  va_list args;
  va_start(args, fmt);
  std::string message = vformatString(fmt, args);
  va_end(args);
  quitPoints(points, message);
}

inline void ensuref(bool condition, const char *fmt, ...) {
  if (condition) return;
  va_list args;
  va_start(args, fmt);
  std::string message = vformatString(fmt, args);
  va_end(args);
  quit(_fail, message);
}
#define ensure(condition) ensuref((condition), "Condition failed: %s", #condition)

#endif
