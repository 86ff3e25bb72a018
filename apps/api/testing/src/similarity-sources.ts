/**
 * Sources for the similarity check's tests and bench: per language, a solution, a copy of it with every name
 * renamed, constants changed, the layout redone and comments added, and unrelated solutions of the same task
 * (read n numbers, print the best sum of a contiguous run), written independently in other styles.
 */
export interface SimilarityCase {
  /** The language's name as the judge names it. */
  languageName: string;
  original: string;
  renamedCopy: string;
  unrelated: string[];
}

const C_ORIGINAL = `#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    long long best = -1000000000000LL, current = 0;
    for (int i = 0; i < n; i++) {
        long long value;
        scanf("%lld", &value);
        current = current + value;
        if (current > best) best = current;
        if (current < 0) current = 0;
    }
    printf("%lld\\n", best);
    return 0;
}
`;

const C_COPY = `#include <stdio.h>
/* my own solution */
int main(void)
{
  int count;
  if (scanf("%d", &count) != 1)
    return 0;
  long long answer = -999999999999LL,   running = 0;
  for (int k = 0; k < count; k++)
  {
    long long x;   // next number
    scanf("%lld", &x);
    running = running + x;
    if (running > answer) answer = running;
    if (running < 0) running = 0;
  }
  printf("%lld\\n", answer);
  return 0;
}
`;

const C_UNRELATED = [
  `#include <stdio.h>
#include <stdlib.h>

static long long prefix[200005];

int main() {
  int n; scanf("%d", &n);
  for (int i = 1; i <= n; ++i) { long long v; scanf("%lld", &v); prefix[i] = prefix[i - 1] + v; }
  long long lowest = 0, res = prefix[1];
  for (int i = 1; i <= n; ++i) {
    if (prefix[i] - lowest > res) res = prefix[i] - lowest;
    if (prefix[i] < lowest) lowest = prefix[i];
  }
  printf("%lld\\n", res);
}
`,
  `#include <stdio.h>
long long a[100000];
long long max(long long x, long long y) { return x > y ? x : y; }
long long solve(int lo, int hi) {
  if (lo == hi) return a[lo];
  int mid = (lo + hi) / 2;
  long long left = a[mid], s = 0;
  for (int i = mid; i >= lo; i--) { s += a[i]; left = max(left, s); }
  long long right = a[mid + 1]; s = 0;
  for (int i = mid + 1; i <= hi; i++) { s += a[i]; right = max(right, s); }
  return max(max(solve(lo, mid), solve(mid + 1, hi)), left + right);
}
int main() { int n; scanf("%d", &n); for (int i = 0; i < n; i++) scanf("%lld", &a[i]); printf("%lld\\n", solve(0, n - 1)); }
`,
];

const CPP_ORIGINAL = `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    vector<long long> values(n);
    for (auto &v : values) cin >> v;
    long long best = values[0], current = 0;
    for (long long v : values) {
        current = max(v, current + v);
        best = max(best, current);
    }
    cout << best << "\\n";
    return 0;
}
`;

const CPP_COPY = `#include <bits/stdc++.h>
using namespace std;
// Kadane, written from scratch
int main()
{
  ios::sync_with_stdio(false); cin.tie(nullptr);
  int len;
  cin >> len;
  vector<long long> arr(len);
  for (auto &e : arr) cin >> e;
  long long res = arr[0], here = 0;
  for (long long e : arr)
  {
    here = max(e, here + e);   // extend or restart
    res = max(res, here);
  }
  cout << res << "\\n";
  return 0;
}
`;

const CPP_UNRELATED = [
  `#include <iostream>
#include <vector>
#include <algorithm>
#include <climits>

struct Segment { long long sum, pre, suf, best; };

Segment combine(const Segment& l, const Segment& r) {
  return {l.sum + r.sum, std::max(l.pre, l.sum + r.pre), std::max(r.suf, r.sum + l.suf),
          std::max({l.best, r.best, l.suf + r.pre})};
}

int main() {
  int count; std::cin >> count;
  Segment acc{0, LLONG_MIN / 4, LLONG_MIN / 4, LLONG_MIN / 4};
  bool first = true;
  while (count--) {
    long long x; std::cin >> x;
    Segment one{x, x, x, x};
    acc = first ? one : combine(acc, one);
    first = false;
  }
  std::cout << acc.best << std::endl;
}
`,
  `#include <cstdio>
#include <deque>
typedef long long ll;
int main() {
  int n; if (std::scanf("%d", &n) != 1) return 1;
  std::deque<ll> pre; pre.push_back(0);
  ll total = 0, ans = -(1LL << 60), minPre = 0;
  for (int i = 0; i < n; i++) {
    ll t; std::scanf("%lld", &t);
    total += t;
    if (total - minPre > ans) ans = total - minPre;
    if (total < minPre) minPre = total;
    pre.push_back(total);
  }
  std::printf("%lld\\n", ans);
}
`,
];

const PYTHON_ORIGINAL = `import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    values = [int(x) for x in data[1:n + 1]]
    best = values[0]
    current = 0
    for value in values:
        current = max(value, current + value)
        if current > best:
            best = current
    print(best)


if __name__ == "__main__":
    main()
`;

const PYTHON_COPY = `import sys

# solution to the task
def solve():
    tokens = sys.stdin.read().split()
    size = int(tokens[0])
    nums = [int(t) for t in tokens[1:size + 2]]
    answer = nums[0]
    acc = 0
    for num in nums:
        acc = max(num, acc + num)  # keep or restart
        if acc > answer:
            answer = acc
    print(answer)

if __name__ == "__main__":
    solve()
`;

const PYTHON_UNRELATED = [
  `from itertools import accumulate

n = int(input())
a = list(map(int, input().split()))
prefix = [0] + list(accumulate(a))
lowest = 0
result = -10**18
for p in prefix[1:]:
    result = max(result, p - lowest)
    lowest = min(lowest, p)
print(result)
`,
  `import sys
sys.setrecursionlimit(10000)

def best(arr, lo, hi):
    if lo == hi:
        return arr[lo]
    mid = (lo + hi) // 2
    s, left = 0, float('-inf')
    for i in range(mid, lo - 1, -1):
        s += arr[i]
        left = max(left, s)
    s, right = 0, float('-inf')
    for i in range(mid + 1, hi + 1):
        s += arr[i]
        right = max(right, s)
    return max(best(arr, lo, mid), best(arr, mid + 1, hi), left + right)

nums = list(map(int, sys.stdin.read().split()))[1:]
print(best(nums, 0, len(nums) - 1))
`,
];

const JAVA_ORIGINAL = `import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        StreamTokenizer in = new StreamTokenizer(reader);
        in.nextToken();
        int n = (int) in.nval;
        long best = Long.MIN_VALUE, current = 0;
        for (int i = 0; i < n; i++) {
            in.nextToken();
            long value = (long) in.nval;
            current = Math.max(value, current + value);
            best = Math.max(best, current);
        }
        System.out.println(best);
    }
}
`;

const JAVA_COPY = `import java.io.*;
import java.util.*;

/** My solution. */
public class Main
{
  public static void main(String[] argv) throws IOException
  {
    BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
    StreamTokenizer tok = new StreamTokenizer(br);
    tok.nextToken();
    int total = (int) tok.nval;
    long answer = Long.MIN_VALUE,  run = 0;
    for (int j = 0; j < total; j++)
    {
      tok.nextToken();
      long x = (long) tok.nval;   // the next number
      run = Math.max(x, run + x);
      answer = Math.max(answer, run);
    }
    System.out.println(answer);
  }
}
`;

const JAVA_UNRELATED = [
  `import java.util.Scanner;

public class Main {
  static long[] prefix;

  public static void main(String[] a) {
    Scanner sc = new Scanner(System.in);
    int n = sc.nextInt();
    prefix = new long[n + 1];
    for (int i = 1; i <= n; i++) prefix[i] = prefix[i - 1] + sc.nextLong();
    long low = 0;
    long res = Long.MIN_VALUE;
    for (int i = 1; i <= n; i++) {
      res = Math.max(res, prefix[i] - low);
      low = Math.min(low, prefix[i]);
    }
    System.out.println(res);
  }
}
`,
  `import java.util.*;
import java.util.stream.*;

public class Main {
  record Part(long sum, long pre, long suf, long best) {
    Part join(Part o) {
      return new Part(sum + o.sum, Math.max(pre, sum + o.pre), Math.max(o.suf, o.sum + suf),
          Math.max(Math.max(best, o.best), suf + o.pre));
    }
  }

  public static void main(String[] args) {
    Scanner s = new Scanner(System.in);
    int n = s.nextInt();
    List<Part> parts = IntStream.range(0, n).mapToObj(i -> { long v = s.nextLong(); return new Part(v, v, v, v); }).collect(Collectors.toList());
    System.out.println(parts.stream().reduce(Part::join).get().best());
  }
}
`,
];

export const SIMILARITY_CASES: readonly SimilarityCase[] = [
  { languageName: 'C (GCC 12.2.0)', original: C_ORIGINAL, renamedCopy: C_COPY, unrelated: C_UNRELATED },
  { languageName: 'C++ (GCC 12.2.0)', original: CPP_ORIGINAL, renamedCopy: CPP_COPY, unrelated: CPP_UNRELATED },
  { languageName: 'Python (3.11.2)', original: PYTHON_ORIGINAL, renamedCopy: PYTHON_COPY, unrelated: PYTHON_UNRELATED },
  { languageName: 'Java (OpenJDK 17.0.13)', original: JAVA_ORIGINAL, renamedCopy: JAVA_COPY, unrelated: JAVA_UNRELATED },
];
