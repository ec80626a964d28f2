// Explicit examples for the Go, Python and C-family scanners.

import Testing

@_spi(Benchmarks) @testable import AnchorCheck

@Suite struct GoScannerTests {
  @Test func functionsMethodsTypesAndGroups() {
    let lines = [
      "package main",  // 1
      "",  // 2
      "import (",  // 3
      "\t\"fmt\"",  // 4
      ")",  // 5
      "",  // 6
      "// Recv is a receiver.",  // 7
      "type Recv struct {",  // 8
      "\ta int // }",  // 9
      "}",  // 10
      "",  // 11
      "// Name does things.",  // 12
      "// More doc.",  // 13
      "func (r *Recv) Name(x int) (int, error) {",  // 14
      "\ts := \"}\"",  // 15
      "\tt := `raw",  // 16
      "} string`",  // 17
      "\tc := '}'",  // 18
      "\tf := func() { type Local int }",  // 19
      "\treturn 0, nil",  // 20
      "}",  // 21
      "",  // 22
      "func Generic[T any](x T) T {",  // 23
      "\treturn x",  // 24
      "}",  // 25
      "func (g *G[K, V]) M() {}",  // 26
      "func (Plain) N() {}",  // 27
      "const (",  // 28
      "\tA = iota",  // 29
      "\t// B doc",  // 30
      "\tB",  // 31
      "\tC, D = 1, 2",  // 32
      ")",  // 33
      "var x, y int = 1, 2",  // 34
      "var handler = func(",  // 35
      "\ta int,",  // 36
      ") {",  // 37
      "}",  // 38
      "type (",  // 39
      "\tAlias = Recv",  // 40
      "\tNum   int",  // 41
      ")",  // 42
      "type I interface {",  // 43
      "\tM()",  // 44
      "}",  // 45
      "/* block */",  // 46
      "const Single = \"{\"",  // 47
    ]
    #expect(
      scan(.go, lines) == [
        "type Recv 7 8 10 0",
        "func Recv.Name 12 14 21 0",
        "func Generic 23 23 25 0",
        "func G.M 26 26 26 0",
        "func Plain.N 27 27 27 0",
        "const A 29 29 29 0",
        "const B 30 31 31 0",
        "const C 32 32 32 0",
        "const D 32 32 32 0",
        "var x 34 34 34 0",
        "var y 34 34 34 0",
        "var handler 35 35 38 0",
        "type Alias 40 40 40 0",
        "type Num 41 41 41 0",
        "type I 43 43 45 0",
        "const Single 46 47 47 0",
      ])
  }
}

@Suite struct PythonScannerTests {
  @Test func classesFunctionsDecoratorsAndDocstrings() {
    let lines = [
      "import os",  // 1
      "",  // 2
      "# comment about Outer",  // 3
      "@decorator(",  // 4
      "    arg=1,",  // 5
      ")",  // 6
      "class Outer(Base):",  // 7
      "    \"\"\"Docstring with",  // 8
      "def fake():",  // 9
      "    \"\"\"",  // 10
      "",  // 11
      "    def method(self, a,",  // 12
      "               b):",  // 13
      "        x = '''",  // 14
      "def also_fake():",  // 15
      "'''",  // 16
      "        return x",  // 17
      "        # trailing deep comment",  // 18
      "",  // 19
      "    # comment for Inner",  // 20
      "    class Inner:",  // 21
      "        pass",  // 22
      "",  // 23
      "    @staticmethod",  // 24
      "    async def am():",  // 25
      "        return (1,",  // 26
      "2)",  // 27
      "",  // 28
      "def top(): pass",  // 29
      "",  // 30
      "",  // 31
      "def f(s='def g(): #'):",  // 32
      "    def g():",  // 33
      "        return 1",  // 34
      "  # shallow comment",  // 35
      "    return g",  // 36
      "# not part of f",  // 37
      "x = 1",  // 38
    ]
    #expect(
      scan(.python, lines) == [
        "class Outer 3 7 27 0",
        "def Outer.method 12 12 18 1",
        "class Outer.Inner 20 21 22 1",
        "def Outer.am 24 25 27 1",
        "def top 29 29 29 0",
        "def f 32 32 36 0",
        "def f.g 33 33 34 1",
      ])
  }
}

@Suite struct CScannerTests {
  @Test func functionsNamespacesClassesAndDefines() {
    let lines = [
      "#include <stdio.h>",  // 1
      "#define SIMPLE 1",  // 2
      "/* doc */",  // 3
      "#define MULTI(x) \\",  // 4
      "  do { \\",  // 5
      "  } while (0)",  // 6
      "",  // 7
      "namespace N {",  // 8
      "// doc for f",  // 9
      "static int",  // 10
      "f(int a,",  // 11
      "  int b)",  // 12
      "{",  // 13
      "  if (a) { return b; }",  // 14
      "  return \"}\"[0] + '}';",  // 15
      "}",  // 16
      "",  // 17
      "class C : public Base {",  // 18
      "public:",  // 19
      "  C(int x) : x_(x) {}",  // 20
      "  void method() const;",  // 21
      "  int inline_m() { return 1; }",  // 22
      "  ~C();",  // 23
      "private:",  // 24
      "  int x_;",  // 25
      "};",  // 26
      "",  // 27
      "int C::method2(int) { return 0; }",  // 28
      "bool operator==(const C &a, const C &b) { return true; }",  // 29
      "}  // namespace N",  // 30
      "",  // 31
      "typedef struct Point { int x; } Point_t;",  // 32
      "typedef struct {",  // 33
      "  int y;",  // 34
      "} Anon;",  // 35
      "typedef unsigned long ulong;",  // 36
      "typedef int (*callback)(int);",  // 37
      "enum class Color : int { Red, Green };",  // 38
      "int prototype(void);",  // 39
      "TEST(Foo, Bar) {",  // 40
      "}",  // 41
      "if (x) {",  // 42
      "}",  // 43
      "int main(int argc, char **argv) {",  // 44
      "  while (1) {}",  // 45
      "  return 0;",  // 46
      "}",  // 47
      "int table[] = { 1, 2 };",  // 48
      "extern \"C\" {",  // 49
      "void c_api(void) {}",  // 50
      "}",  // 51
      "template <typename T>",  // 52
      "T max_of(T a, T b) { return a; }",  // 53
      "const char *raw = R\"x(})x\";",  // 54
    ]
    #expect(
      scan(.cFamily, lines) == [
        "define SIMPLE 2 2 2 0",
        "define MULTI 3 4 6 0",
        "namespace N 8 8 30 0",
        "function N.f 9 11 16 1",
        "class N.C 18 18 26 1",
        "function N.C.C 20 20 20 2",
        "function N.C.method 21 21 21 2",
        "function N.C.inline_m 22 22 22 2",
        "function N.C.~C 23 23 23 2",
        "function N.C.method2 28 28 28 1",
        "function N.operator== 29 29 29 1",
        "struct Point 32 32 32 0",
        "typedef Point_t 32 32 32 0",
        "typedef Anon 33 33 35 0",
        "typedef ulong 36 36 36 0",
        "typedef callback 37 37 37 0",
        "enum Color 38 38 38 0",
        "function prototype 39 39 39 0",
        "function main 44 44 47 0",
        "function c_api 50 50 50 0",
        "function max_of 52 53 53 0",
      ])
  }

  @Test func objectiveCInterfacesAndMethods() {
    let lines = [
      "@interface Foo : NSObject <Bar>",  // 1
      "@property (nonatomic) int x;",  // 2
      "/// Does it.",  // 3
      "- (void)doIt:(int)a with:(int)b;",  // 4
      "@end",  // 5
      "",  // 6
      "@implementation Foo",  // 7
      "- (void)doIt:(int)a with:(int)b {",  // 8
      "  if (a) { [self run]; }",  // 9
      "}",  // 10
      "+ (instancetype)shared {",  // 11
      "  return nil;",  // 12
      "}",  // 13
      "@end",  // 14
      "@protocol Forward;",  // 15
    ]
    #expect(
      scan(.cFamily, lines) == [
        "class Foo 1 1 5 0",
        "method Foo.doIt:with: 3 4 4 1",
        "class Foo 7 7 14 0",
        "method Foo.doIt:with: 8 8 10 1",
        "method Foo.shared 11 11 13 1",
      ])
  }
}

@Suite struct MoreEdgeCaseTests {
  @Test func cTemplatesDefinesInBodiesAndOperators() {
    let lines = [
      "template <>",  // 1
      "void swap<int>(int &a, int &b) {}",  // 2
      "template <typename T>",  // 3
      "T Box<T>::get() const { return value; }",  // 4
      "struct S {",  // 5
      "  int operator[](int i) const { return i; }",  // 6
      "  operator bool() const;",  // 7
      "};",  // 8
      "void f(void) {",  // 9
      "#define INSIDE 1",  // 10
      "}",  // 11
      "struct Foo *make_foo(int x);",  // 12
      "struct Foo foo_value = { 0 };",  // 13
    ]
    #expect(
      scan(.cFamily, lines) == [
        "function swap 1 2 2 0",
        "function Box.get 3 4 4 0",
        "struct S 5 5 8 0",
        "function S.operator[] 6 6 6 1",
        "function S.operator bool 7 7 7 1",
        "function f 9 9 11 0",
        "define INSIDE 10 10 10 1",
        "function make_foo 12 12 12 0",
      ])
  }

  @Test func pythonDeepCommentsEndTheBodyAboveThem() {
    let lines = [
      "def a():",  // 1
      "    x = 1",  // 2
      "    # belongs to a",  // 3
      "# belongs to b",  // 4
      "def b():",  // 5
      "    pass",  // 6
    ]
    #expect(scan(.python, lines) == ["def a 1 1 3 0", "def b 4 5 6 0"])
  }

  @Test func declarationsNestedTooDeeplyAreNotReported() {
    let depth = 100
    let swift =
      String(repeating: "struct A {\n", count: depth)
      + String(repeating: "}\n", count: depth)
    let found = DeclarationScanner.declarations(in: swift, language: .swift)
    #expect(found.count == 64)
    #expect(found.last?.depth == 63)
    #expect(found.first?.end == 2 * depth)
    let python = (0..<depth).map { String(repeating: " ", count: $0) + "class A:\n" }.joined()
    #expect(DeclarationScanner.declarations(in: python, language: .python).count == 64)
    let c = String(repeating: "namespace N {\n", count: depth)
    #expect(DeclarationScanner.declarations(in: c, language: .cFamily).count == 64)
  }
}
