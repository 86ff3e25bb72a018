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
 *   readWordTo/readTokenTo/readLineTo, readToken/readWord/readLine(pattern, name), readInts/readLongs/readDoubles/
 *   readReals/readTokens/readWords(size[, min, max, name]), quitif/ensuref on a stream
 *   ensure, ensuref, setName, format, doubleCompare, doubleDelta, englishEnding, vtos, toString, compress,
 *   upperCase, lowerCase, trim, pattern (an ECMAScript regular expression, whole text), expectedButFound
 * The verdict's text goes to standard error, first line first: "ok …", "wrong answer …", "wrong output format …",
 * "FAIL …", "points <p> …". quitp's and quitpartial's points p from 0 to 1 are the fraction of the test's points;
 * above 1 they are the test's points themselves (Polygon's use), capped at what the test is worth; _pc(n) gives n %.
 * Reading past what the contestant printed is a presentation error; bad input or answer files are a checker failure.
 */
#ifndef OJ_TESTLIB_H
#define OJ_TESTLIB_H

// Checkers written against testlib use the standard library it brings in (sort, vector, map, set, ...) without
// including it themselves, so this header brings in the same.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

/** `message`: the printf-style arguments of the enclosing function, formatted (its last named parameter is `fmt`). */
#define OJ_FORMATTED(fmt, message)                    \
  va_list oj_args;                                    \
  va_start(oj_args, fmt);                             \
  std::string message = vformatString(fmt, oj_args); \
  va_end(oj_args)

inline std::string format(const char *fmt, ...) {
  OJ_FORMATTED(fmt, out);
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

/** A text cut to fit a message: at most 64 characters, "..." in the middle of a longer one. */
inline std::string compress(const std::string &text) {
  if (text.size() <= 64) return text;
  return text.substr(0, 30) + "..." + text.substr(text.size() - 31);
}

inline std::string upperCase(std::string text) {
  for (size_t i = 0; i < text.size(); i++) text[i] = (char)std::toupper((unsigned char)text[i]);
  return text;
}

inline std::string lowerCase(std::string text) {
  for (size_t i = 0; i < text.size(); i++) text[i] = (char)std::tolower((unsigned char)text[i]);
  return text;
}

inline std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

template <typename T> std::string toString(const T &value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

/**
 * A testlib pattern ("[a-z]{1,10}", "0|-?[1-9][0-9]*"): the whole text must match it. Read as an ECMAScript
 * regular expression, which writes testlib's character classes, counts and alternatives the same way.
 */
class pattern {
 public:
  pattern(const std::string &source) : text(source), expression(source, std::regex::ECMAScript) {}
  pattern(const char *source) : text(source), expression(source, std::regex::ECMAScript) {}
  bool matches(const std::string &candidate) const { return std::regex_match(candidate, expression); }
  std::string src() const { return text; }

 private:
  std::string text;
  std::regex expression;
};

/** How far `result` is from `expected`: the smaller of the absolute and the relative error. */
inline double doubleDelta(double expected, double result) {
  double absolute = std::fabs(result - expected);
  if (std::fabs(expected) > 1e-9) return std::min(absolute, absolute / std::fabs(expected));
  return absolute;
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

  long long readLong() { return parseLong(readToken()); }
  /** A token read elsewhere as an integer, with this stream's errors. */
  long long parseLong(const std::string &token) {
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

  void readWordTo(std::string &result) { result = readToken(); }
  void readTokenTo(std::string &result) { result = readToken(); }
  void readLineTo(std::string &result) { result = readLine(); }
  void readStringTo(std::string &result) { result = readLine(); }

  /** A token (or line) that must match a testlib pattern; `what` names it in the message. */
  std::string readToken(const pattern &shape, const std::string &what = "") { return matching(readToken(), shape, what); }
  std::string readWord(const pattern &shape, const std::string &what = "") { return matching(readToken(), shape, what); }
  std::string readLine(const pattern &shape, const std::string &what = "") { return matching(readLine(), shape, what); }
  std::string readString(const pattern &shape, const std::string &what = "") { return matching(readLine(), shape, what); }

  /** `size` values separated by blanks, each in its range when one is given. */
  std::vector<int> readInts(int size) { return readMany<int>(size, [this]() { return readInt(); }); }
  std::vector<int> readInts(int size, int min, int max, const std::string &what = "") {
    return readMany<int>(size, [&]() { return readInt(min, max, what); });
  }
  std::vector<long long> readLongs(int size) { return readMany<long long>(size, [this]() { return readLong(); }); }
  std::vector<long long> readLongs(int size, long long min, long long max, const std::string &what = "") {
    return readMany<long long>(size, [&]() { return readLong(min, max, what); });
  }
  std::vector<double> readDoubles(int size) { return readMany<double>(size, [this]() { return readDouble(); }); }
  std::vector<double> readDoubles(int size, double min, double max, const std::string &what = "") {
    return readMany<double>(size, [&]() { return readDouble(min, max, what); });
  }
  std::vector<double> readReals(int size) { return readDoubles(size); }
  std::vector<double> readReals(int size, double min, double max, const std::string &what = "") { return readDoubles(size, min, max, what); }
  std::vector<std::string> readTokens(int size) { return readMany<std::string>(size, [this]() { return readToken(); }); }
  std::vector<std::string> readWords(int size) { return readTokens(size); }

  void quitif(bool condition, TResult result, const char *fmt, ...) {
    if (!condition) return;
    OJ_FORMATTED(fmt, message);
    quit(result, message);
  }
  void ensuref(bool condition, const char *fmt, ...) {
    if (condition) return;
    OJ_FORMATTED(fmt, message);
    quit(_wa, message);
  }

  /** Reading errors: the contestant's fault in their output, the problem's (a checker failure) elsewhere. */
  void quit(TResult result, const std::string &message) { ::quit(mode == _output ? result : _fail, message); }
  void quitf(TResult result, const char *fmt, ...) {
    OJ_FORMATTED(fmt, message);
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
  std::string matching(const std::string &value, const pattern &shape, const std::string &what) {
    if (!shape.matches(value))
      failRead(format("%s \"%s\" does not match the pattern \"%s\"", what.empty() ? "Token" : what.c_str(), shortened(value).c_str(),
                      shape.src().c_str()));
    return value;
  }
  template <typename T, typename Read> std::vector<T> readMany(int size, Read read) {
    std::vector<T> values;
    values.reserve(size > 0 ? size : 0);
    for (int i = 0; i < size; i++) values.push_back(read());
    return values;
  }
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

inline long long stringToLongLong(InStream &in, const std::string &token) { return in.parseLong(token); }
inline int stringToInt(InStream &in, const std::string &token) {
  long long value = in.parseLong(token);
  if (value < INT_MIN || value > INT_MAX) in.quit(_pe, "Integer " + vtos(value) + " does not fit in int");
  return (int)value;
}
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
  OJ_FORMATTED(fmt, message);
  quit(result, message);
}

/** Quits with `result` and "expected <expected>, found <found>", after an optional prefix. */
template <typename T> void expectedButFound(TResult result, const T &expected, const T &found, const char *prefix = "") {
  std::string lead = prefix && *prefix ? std::string(prefix) + ": " : "";
  quit(result, lead + "expected " + vtos(expected) + ", found " + vtos(found));
}
inline void expectedButFound(TResult result, const std::string &expected, const std::string &found, const char *prefix = "") {
  std::string lead = prefix && *prefix ? std::string(prefix) + ": " : "";
  quit(result, lead + "expected '" + compress(expected) + "', found '" + compress(found) + "'");
}
inline void expectedButFound(TResult result, const char *expected, const char *found, const char *prefix = "") {
  expectedButFound(result, std::string(expected), std::string(found), prefix);
}

inline void quitif(bool condition, TResult result, const char *fmt, ...) {
  if (!condition) return;
  OJ_FORMATTED(fmt, message);
  quit(result, message);
}

inline void quitPoints(double points, const std::string &message) {
  std::fprintf(stderr, "points %.10g %s\n", points, message.c_str());
  if (tout.is_open()) tout.close();
  std::exit(_points);
}

/** Partial credit: from 0 to 1 the fraction of the test's points, above 1 absolute points (capped by the judge). */
inline void quitp(double points, const char *fmt = "", ...) {
  OJ_FORMATTED(fmt, message);
  quitPoints(points, message);
}

/** Partial credit in whole points, as quitp reads them. */
inline void quitpartial(int points, const char *fmt = "", ...) {
  OJ_FORMATTED(fmt, message);
  quitPoints(points, message);
}

inline void ensuref(bool condition, const char *fmt, ...) {
  if (condition) return;
  OJ_FORMATTED(fmt, message);
  quit(_fail, message);
}
#define ensure(condition) ensuref((condition), "Condition failed: %s", #condition)

#endif
