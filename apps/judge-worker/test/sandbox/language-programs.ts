/** Per language: sources that read two integers and print their sum, and sources that misbehave on purpose. */
export interface VerdictPrograms {
  id: number;
  accepted: string;
  wrongAnswer: string;
  busyLoop: string;
  crash: string;
  /** Allocates and touches ~256 MiB, beyond the 64 MB limit of the memory test. */
  memoryHog: string;
  compileError?: string;
}

export const PROGRAMS: VerdictPrograms[] = [
  {
    id: 50,
    accepted: '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}',
    wrongAnswer: '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a-b);return 0;}',
    busyLoop: 'int main(void){volatile unsigned long x=0;for(;;)x++;}',
    crash: '#include <stdio.h>\nint main(void){int *p=0;*p=1;return 0;}',
    memoryHog:
      '#include <stdlib.h>\nint main(void){size_t n=256u<<20;volatile char*p=malloc(n);for(size_t i=0;i<n;i+=4096)p[i]=1;return 0;}',
    compileError: 'int main(void){ return undefined_name; }',
  },
  {
    id: 54,
    accepted: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}',
    wrongAnswer: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a*b<<"\\n";}',
    busyLoop: 'int main(){volatile unsigned long x=0;for(;;)x++;}',
    crash: '#include <cstdlib>\nint main(){std::abort();}',
    memoryHog: '#include <vector>\nint main(){std::vector<char> v(256u<<20,1);return v[12345]==9;}',
    compileError: 'int main(){ this is not C++ }',
  },
  {
    id: 62,
    accepted:
      'import java.util.*;\npublic class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);long x=s.nextLong(),y=s.nextLong();System.out.println(x+y);}}',
    wrongAnswer: 'public class Main{public static void main(String[] a){System.out.println(0);}}',
    busyLoop: 'public class Main{public static void main(String[] a){long x=0;while(true){x++;if(x==-1)System.out.println(x);}}}',
    crash: 'public class Main{public static void main(String[] a){throw new RuntimeException("boom");}}',
    memoryHog:
      'public class Main{public static void main(String[] a){byte[][] b=new byte[256][];for(int i=0;i<256;i++){b[i]=new byte[1<<20];b[i][5]=1;}System.out.println(b.length);}}',
    compileError: 'public class Main{ int broken( }',
  },
  {
    id: 63,
    accepted: 'const [a,b]=require("fs").readFileSync(0,"utf8").trim().split(/\\s+/).map(BigInt);console.log(String(a+b));',
    wrongAnswer: 'console.log("nope");',
    busyLoop: 'let x=0;for(;;){x++;}',
    crash: 'process.exit(3);',
    memoryHog: 'const a=[];for(let i=0;i<256;i++){a.push(Buffer.alloc(1<<20,1));}console.log(a.length);',
  },
  {
    id: 71,
    accepted: 'a, b = map(int, input().split())\nprint(a + b)',
    wrongAnswer: 'print(0)',
    busyLoop: 'x = 0\nwhile True:\n    x += 1',
    crash: 'raise SystemExit(1 / 0)',
    memoryHog: 'b = bytearray(256 * 1024 * 1024)\nprint(len(b))',
    compileError: 'a, b = map(int, input().split())\nprint(a +* b)',
  },
  {
    id: 1001,
    accepted: 'a, b = map(int, input().split())\nprint(a + b)',
    wrongAnswer: 'print(0)',
    busyLoop: 'x = 0\nwhile True:\n    x += 1',
    crash: 'raise SystemExit(1 / 0)',
    memoryHog: 'b = bytearray(256 * 1024 * 1024)\nprint(len(b))',
    compileError: 'a, b = map(int, input().split())\nprint(a +* b)',
  },
  {
    id: 74,
    accepted:
      'const [a, b]: bigint[] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(BigInt);\nconsole.log(String(a + b));',
    wrongAnswer: 'const n: number = 5;\nconsole.log(n);',
    busyLoop: 'let x: number = 0;\nfor (;;) { x++; }',
    crash: 'process.exit(3);',
    memoryHog: 'const a: Buffer[] = [];\nfor (let i = 0; i < 256; i++) { a.push(Buffer.alloc(1 << 20, 1)); }\nconsole.log(a.length);',
    compileError: 'const n: number = "text";\nconsole.log(n);',
  },
  {
    id: 60,
    accepted: 'package main\nimport "fmt"\nfunc main(){var a,b int64;fmt.Scan(&a,&b);fmt.Println(a+b)}',
    wrongAnswer: 'package main\nimport "fmt"\nfunc main(){fmt.Println(-1)}',
    busyLoop: 'package main\nfunc main(){x:=0;for{x++}}',
    crash: 'package main\nfunc main(){var p *int;*p=1}',
    memoryHog: 'package main\nimport "fmt"\nfunc main(){b:=make([]byte,256<<20);for i:=range b{b[i]=1};fmt.Println(len(b))}',
    compileError: 'package main\nfunc main(){ undefinedCall() }',
  },
  {
    id: 73,
    accepted:
      'use std::io::*;\nfn main(){let mut s=String::new();stdin().read_to_string(&mut s).unwrap();let v:Vec<i64>=s.split_whitespace().map(|x|x.parse().unwrap()).collect();println!("{}",v[0]+v[1]);}',
    wrongAnswer: 'fn main(){println!("7");}',
    busyLoop: 'fn main(){let mut x:u64=0;loop{x=x.wrapping_add(1);if x==u64::MAX{println!("{}",x);}}}',
    crash: 'fn main(){let v:Vec<i32>=Vec::new();println!("{}",v[3]);}',
    memoryHog: 'fn main(){let v=vec![1u8;256<<20];println!("{}",v[12345]);}',
    compileError: 'fn main(){ let x: i32 = "text"; }',
  },
];
