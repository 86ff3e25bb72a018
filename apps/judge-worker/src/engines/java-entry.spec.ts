import { asMainJava, javaEntry } from './java-entry';

describe('javaEntry: which file and class a Java source is', () => {
  it('names the file after the public class and runs the class with main', () => {
    expect(javaEntry('import java.util.*;\npublic class Solution { public static void main(String[] a) {} }')).toEqual({
      packageName: null,
      sourceFile: 'Solution.java',
      mainClass: 'Solution',
      topLevelTypes: ['Solution'],
    });
  });

  it('without a public class, runs the class with main from Main.java', () => {
    const entry = javaEntry(
      'class Helper { static int f() { return 1; } }\nfinal class Prog { public static void main(String... args) {} }',
    );
    expect(entry).toMatchObject({ sourceFile: 'Main.java', mainClass: 'Prog', topLevelTypes: ['Helper', 'Prog'] });
  });

  it('prefers the public class when several have main; a nested class main does not count', () => {
    const source = `class A { public static void main(String[] a) {} }
public class B { static class Inner { public static void main(String[] a) {} } public static void main(String[] a) {} }`;
    expect(javaEntry(source)).toMatchObject({ sourceFile: 'B.java', mainClass: 'B' });
    expect(javaEntry('public class B { static class Inner { public static void main(String[] a) {} } }\nclass C {}')).toMatchObject({
      mainClass: 'B',
    });
  });

  it('reads the package line, annotations and generics, and is not fooled by comments, strings or .class', () => {
    const source = `// public class Fake { public static void main(String[] a) {} }
/* public class Other {} */ package foo . bar ;
import java.util.*;
@SuppressWarnings("unchecked") public final class Solution<T> {
  String s = "public class Str { public static void main(String[] a) {} }";
  char c = '"'; String t = """
    class Text {}
    """;
  Class<?> k = Solution.class;
  public static void main(final String[] args) throws Exception {}
}
record Point(int x, int y) {}
enum Colour { RED }
interface Shape {}`;
    expect(javaEntry(source)).toEqual({
      packageName: 'foo.bar',
      sourceFile: 'Solution.java',
      mainClass: 'Solution',
      topLevelTypes: ['Solution', 'Point', 'Colour', 'Shape'],
    });
  });

  it('two public top-level classes cannot be one file: a compile error that says so', () => {
    expect(javaEntry('public class A {}\npublic class B {}')).toMatch(/Only one top-level class may be public.*A, B/);
  });
});

describe('asMainJava: the same program for a runner that only runs `java Main` from Main.java (Judge0)', () => {
  it('leaves a plain Main alone', () => {
    const source = 'public class Main { public static void main(String[] a) {} }';
    expect(asMainJava(source)).toBe(source);
  });

  it('blanks the package line and the public modifier in place, and appends a Main that starts the class', () => {
    const source = 'package foo;\npublic class Solution { public static void main(String[] a) {} }';
    expect(asMainJava(source)).toBe(
      '            \n       class Solution { public static void main(String[] a) {} }\n' +
        'class Main { public static void main(String[] args) throws Throwable { Solution.main(args); } }\n',
    );
  });

  it('refuses a class Main beside another class to run, and two public classes', () => {
    expect(asMainJava('class Main {}\npublic class S { public static void main(String[] a) {} }')).toEqual({
      compileError: expect.stringContaining('also declares a class Main'),
    });
    expect(asMainJava('public class A {}\npublic class B {}')).toEqual({ compileError: expect.stringContaining('Only one') });
  });
});
