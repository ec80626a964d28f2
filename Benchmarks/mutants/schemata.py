"""Mutant schemata for Swift sources, token by token.

Finds mutation sites in a Swift file and rewrites the file so that every mutant is compiled into
one build behind a run-time switch: site N behaves as its mutant when the global `__mutant`
equals N, and as the original otherwise. No SwiftSyntax here, so this is a careful lexer (strings
with interpolation, raw and multi-line strings, nested comments) and rules that only fire where
the token context makes the rewrite safe; `Benchmarks/mutants/test_schemata.py` pins them.

Operators:
  relational    `<` `<=` `>` `>=`: the boundary moved (`<` -> `<=`, ...), and the comparison
                turned around (`<` -> `>`, `<=` -> `>=`, ...)
  equality      `==` <-> `!=`
  logical       `&&` <-> `||`
  negate        the condition of `if` / `guard` / `while` negated
  integer       an integer literal +1, and -1
  first-last    `.first` <-> `.last`, `.min(` <-> `.max(`, `min(` <-> `max(`
  remove-call   a statement that calls `record`, `append`, the store, the translator or the clock
                removed
  remove-return an early `return` removed (inside an `if` that more statements follow)

Operators for the reference adapters only (`rewrite(..., operators=ADAPTER_OPERATORS)`), which
the suites judge; the core's golden corpus was written against the set above:
  remove-call   every call statement removed, `close`, `fsync`, rename, unlock and removal
                included (ADAPTER_CALLS)
  remove-assignment
                an assignment to something that already exists removed (`x = y`, `x += 1`)
  boolean       a `true` or `false` literal turned around
  return-value  an explicit `return` of a function whose declared result is Bool, an integer,
                String, Data, an array, a dictionary or an optional answers the negation,
                0 (or 1 when it was 0), "" (or "mutant" when it was empty), empty, or nil
  swap-arguments
                a call's two arguments swapped, each keeping its label

No operator touches code in an `#if` branch this machine does not compile (a Darwin branch
here on Linux): no build would run it.

A rewrite that does not type-check (a swap of two arguments of different types, a removed
statement a closure returned) is rolled back by the runner (`mutate.py`), which rewrites the file
without the sites the compiler named; they are stillborn, not survivors.
"""

import re
from dataclasses import dataclass, field

OPERATOR_CHARS = set("/=-+!*%<>&|^~?")
KEYWORDS = {
    "if", "guard", "while", "for", "in", "return", "let", "var", "case", "switch", "default",
    "func", "struct", "enum", "class", "extension", "protocol", "import", "else", "do", "catch",
    "throw", "throws", "try", "await", "async", "defer", "break", "continue", "where", "static",
    "private", "public", "internal", "fileprivate", "init", "self", "Self", "true", "false", "nil",
    "mutating", "some", "any", "typealias", "repeat", "as", "is", "inout", "lazy", "final",
    "nonisolated", "actor", "deinit", "subscript", "operator", "precedencegroup", "associatedtype",
    "get", "set", "willSet", "didSet", "open", "weak", "unowned", "override", "required",
    "convenience", "indirect", "rethrows", "consume", "borrowing", "consuming",
}


@dataclass
class Token:
    kind: str  # ws, nl, comment, string, number, ident, op, punct
    text: str
    start: int
    end: int


class LexError(Exception):
    pass


def _string_end(src, i):
    """The index just past the string literal starting at `i` (at `#` or `"`)."""
    hashes = 0
    while src[i] == "#":
        hashes += 1
        i += 1
    multiline = src.startswith('"""', i)
    i += 3 if multiline else 1
    close = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    while i < len(src):
        if src.startswith(escape, i):
            j = i + len(escape)
            if j < len(src) and src[j] == "(":
                i = _interpolation_end(src, j + 1)
            else:
                i = j + 1
            continue
        if src.startswith(close, i):
            return i + len(close)
        if not multiline and src[i] == "\n":
            raise LexError("unterminated string")
        i += 1
    raise LexError("unterminated string")


def _interpolation_end(src, i):
    """The index just past the `)` closing an interpolation whose body starts at `i`."""
    depth = 1
    while i < len(src):
        c = src[i]
        if c == '"' or (c == "#" and src[i:].lstrip("#").startswith('"')):
            i = _string_end(src, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise LexError("unterminated interpolation")


def lex(src):
    tokens = []
    i = 0
    n = len(src)
    while i < n:
        c = src[i]
        start = i
        if c == "\n":
            i += 1
            kind = "nl"
        elif c in " \t\r":
            while i < n and src[i] in " \t\r":
                i += 1
            kind = "ws"
        elif src.startswith("//", i):
            while i < n and src[i] != "\n":
                i += 1
            kind = "comment"
        elif src.startswith("/*", i):
            depth = 0
            while i < n:
                if src.startswith("/*", i):
                    depth += 1
                    i += 2
                elif src.startswith("*/", i):
                    depth -= 1
                    i += 2
                    if depth == 0:
                        break
                else:
                    i += 1
            kind = "comment"
        elif c == '"' or (c == "#" and src[i:].lstrip("#").startswith('"')):
            i = _string_end(src, i)
            kind = "string"
        elif c.isdigit():
            m = re.compile(r"0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|[0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][-+]?[0-9]+)?").match(src, i)
            i = m.end()
            kind = "number"
        elif c.isalpha() or c == "_" or c in "#@$" or ord(c) > 127:
            i += 1
            while i < n and (src[i].isalnum() or src[i] == "_" or ord(src[i]) > 127):
                i += 1
            kind = "ident"
        elif c == "`":
            i = src.index("`", i + 1) + 1
            kind = "ident"
        elif c == "." and src.startswith("..", i):
            while i < n and (src[i] in OPERATOR_CHARS or src[i] == "."):
                i += 1
            kind = "op"
        elif c in OPERATOR_CHARS:
            while i < n and src[i] in OPERATOR_CHARS and not src.startswith("//", i) and not src.startswith("/*", i):
                i += 1
            kind = "op"
        else:
            i += 1
            kind = "punct"
        tokens.append(Token(kind, src[start:i], start, i))
    return tokens


@dataclass
class Site:
    """One mutant: where, which operator, and what the code reads before and after."""
    id: int
    line: int
    operator: str
    before: str
    after: str
    end_line: int = 0


@dataclass
class Edit:
    start: int
    end: int
    text: str


@dataclass
class Schemata:
    """The rewritten source, its sites, and the declarations the rewrite needs."""
    source: str
    sites: list = field(default_factory=list)
    declarations: list = field(default_factory=list)


RELATIONAL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
REVERSED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
EQUALITY = {"==": "!=", "!=": "=="}
LOGICAL = {"&&": "||", "||": "&&"}
PRECEDENCE = {
    **{op: "ComparisonPrecedence" for op in list(RELATIONAL) + list(EQUALITY)},
    "&&": "LogicalConjunctionPrecedence",
    "||": "LogicalDisjunctionPrecedence",
}
SWAPS = {"first": "last", "last": "first", "min": "max", "max": "min"}
DECLARATIONS = {"func", "struct", "enum", "extension", "class", "protocol", "init", "subscript", "typealias"}
CONTINUATIONS = {"->", "throws", "rethrows", "async", "where", ")", "{"}
CALL_TARGETS = re.compile(r"^(record\(|.*\.append\(|.*\bstore\.|.*\btranslator\.|.*\bclock\.|.*\bsaveProgress\()")
# The reference adapters: any call statement.
ADAPTER_CALLS = re.compile(r"^[A-Za-z_$][\w.$?!]*(\[[^\]]*\])?[\w.$?!]*\(")
CORE_OPERATORS = frozenset({
    "relational", "equality", "logical", "negate", "integer", "first-last", "remove-call",
    "remove-return"})
ADAPTER_OPERATORS = CORE_OPERATORS | {"remove-assignment", "boolean", "return-value", "swap-arguments"}
CONTROL = {"if", "else", "for", "while", "guard", "switch", "do", "catch", "repeat", "defer"}
INTEGER_TYPES = {"Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"}
OPEN = {"(": ")", "[": "]", "{": "}"}
CLOSE = {v: k for k, v in OPEN.items()}


def operator_name(original, site):
    """A custom operator unique to `site`, spelled from operator characters only."""
    digits = "^~%+"
    suffix = ""
    n = site
    while True:
        suffix = digits[n % 4] + suffix
        n //= 4
        if n == 0:
            break
    return original + "~" + suffix


class Rewriter:
    def __init__(self, src, first_id=1, path="", operators=CORE_OPERATORS, call_targets=CALL_TARGETS,
                 skipped=frozenset()):
        self.operators = operators
        self.call_targets = call_targets
        # Lines of this file where no site is made: the runner's rollback of what did not compile.
        self.skipped = skipped
        self.src = src
        self.tokens = lex(src)
        self.path = path
        self.next_id = first_id
        self.edits = []
        self.sites = []
        self.declarations = []
        self.sig = [i for i, t in enumerate(self.tokens) if t.kind not in ("ws", "nl", "comment")]
        self.sig_pos = {ti: k for k, ti in enumerate(self.sig)}
        self.match = self._matching()
        self.enclosing = self._enclosing()
        self.line_starts = [0] + [i + 1 for i, ch in enumerate(src) if ch == "\n"]
        self.excluded = self._excluded_ranges() + self._other_platforms()
        self.used = []  # character ranges already rewritten (sites never overlap)

    # ---- structure ----

    def _matching(self):
        stack, match = [], {}
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti].text
            if t in OPEN:
                stack.append(ti)
            elif t in CLOSE:
                if not stack:
                    raise LexError("unbalanced " + t)
                o = stack.pop()
                match[o] = ti
                match[ti] = o
        if stack:
            raise LexError("unbalanced brackets")
        return match

    def _enclosing(self):
        """For every token index, the index of the innermost open bracket around it (or None)."""
        stack, enclosing = [], {}
        for ti, t in enumerate(self.tokens):
            enclosing[ti] = stack[-1] if stack else None
            if t.kind == "punct" and t.text in OPEN:
                stack.append(ti)
            elif t.kind == "punct" and t.text in CLOSE:
                stack.pop()
                enclosing[ti] = stack[-1] if stack else None
        return enclosing

    def _excluded_ranges(self):
        """Attributes' arguments, `case` labels, `#if` lines and declarations' signatures (generic
        clauses, default values): places where an expression rewrite cannot compile or means
        nothing."""
        ranges = []
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            prev = self.tokens[self.sig[k - 1]] if k > 0 else None
            if t.kind == "ident" and t.text.startswith("@") and k + 1 < len(self.sig):
                nxt = self.sig[k + 1]
                if self.tokens[nxt].text == "(" and self.tokens[nxt].start == t.end:
                    ranges.append((t.start, self.tokens[self.match[nxt]].end))
            elif t.kind == "ident" and t.text.startswith("#"):
                end = self.src.find("\n", t.start)
                ranges.append((t.start, end if end >= 0 else len(self.src)))
            elif t.kind == "ident" and t.text == "case":
                ranges.append((t.start, self._clause_end(k, (":", "=", "{"))))
            elif t.kind == "ident" and t.text in DECLARATIONS and not (prev and prev.text == "."):
                ranges.append((t.start, self._clause_end(k, ("{",))))
        return ranges

    def _other_platforms(self):
        """The ranges of `#if` branches this machine does not compile: a branch for Darwin (or
        macOS or iOS) here on Linux, and an `#else` after a branch for Glibc or Linux. Code no
        build runs cannot be judged, so it gets no site."""
        ranges, stack = [], []
        linux = re.compile(r"canImport\(Glibc\)|os\(Linux\)")
        apple = re.compile(r"canImport\(Darwin\)|os\((macOS|iOS|watchOS|tvOS|visionOS)\)")
        for match in re.finditer(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$", self.src, re.M):
            directive, condition = match.group(1), match.group(2)
            if directive == "if":
                stack.append({"start": match.end(), "inactive": False, "taken": False, "condition": condition})
            elif not stack:
                continue
            else:
                frame = stack[-1]
                if frame["inactive"]:
                    ranges.append((frame["start"], match.start()))
                if directive == "endif":
                    stack.pop()
                    continue
                frame["start"] = match.end()
                frame["condition"] = condition if directive == "elseif" else None
            frame = stack[-1]
            if frame["condition"] is None:
                frame["inactive"] = frame["taken"]
            elif apple.search(frame["condition"]) and not linux.search(frame["condition"]):
                frame["inactive"] = True
            else:
                frame["inactive"] = False
                frame["taken"] = frame["taken"] or bool(linux.search(frame["condition"]))
        return ranges

    def _clause_end(self, k, stops):
        """The end offset of the clause opened at sig index `k`: up to (not including) a stop
        token at depth 0, or the end of its line when the line does not continue."""
        depth = 0
        end = self.tokens[self.sig[k]].end
        for j in range(k + 1, len(self.sig)):
            t = self.tokens[self.sig[j]]
            if depth == 0 and t.text in stops:
                return end
            if t.text in OPEN:
                depth += 1
            elif t.text in CLOSE:
                depth -= 1
                if depth < 0:
                    return end
            if depth == 0 and "\n" in self.src[end:t.start]:
                last = self.src[:end].rstrip()[-1:]
                if last not in (",", "(", ">") and t.text not in CONTINUATIONS:
                    return end
            end = t.end
        return end

    def _in_excluded(self, start, end):
        return any(a <= start and end <= b for a, b in self.excluded)

    def _free(self, start, end):
        """Whether a site over `start..<end` leaves every replaced range whole: it may wrap one,
        never cut into one or sit inside one (the replaced text is not in the output)."""
        return all(end <= a or start >= b or (start <= a and b <= end) for a, b in self.used)

    def line_of(self, offset):
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def prev_sig(self, ti):
        k = self.sig_pos.get(ti)
        if k is None:
            k = next((k for k, s in enumerate(self.sig) if s > ti), len(self.sig))
        return self.sig[k - 1] if k > 0 else None

    def next_sig(self, ti):
        k = self.sig_pos[ti]
        return self.sig[k + 1] if k + 1 < len(self.sig) else None

    def text(self, start, end):
        return self.src[start:end]

    def new_site(self, operator, start, end, before, after, edits, replaces=False):
        """Adds a site; `replaces` when its edit replaces the text (others only insert around
        it, so sites inside stay live)."""
        site = Site(self.next_id, self.line_of(start), operator, before, after, self.line_of(max(start, end - 1)))
        if self.is_skipped(start, end):
            return None
        self.next_id += 1
        self.sites.append(site)
        self.edits.extend(edits)
        if replaces:
            self.used.append((start, end))
        return site

    def is_skipped(self, start, end):
        """Whether a site over `start..<end` touches a line the runner rolled back."""
        return any(self.line_of(start) <= line <= self.line_of(max(start, end - 1)) for line in self.skipped)

    # ---- operators ----

    def binary_operators(self):
        for ti, t in enumerate(self.tokens):
            if t.kind != "op" or t.text not in PRECEDENCE:
                continue
            if not (0 < ti < len(self.tokens) - 1):
                continue
            if self.tokens[ti - 1].kind not in ("ws", "nl") or self.tokens[ti + 1].kind not in ("ws", "nl"):
                continue
            if self._in_excluded(t.start, t.end) or not self._free(t.start, t.end) or self.is_skipped(t.start, t.end):
                continue
            original = t.text
            replacement = {**RELATIONAL, **EQUALITY, **LOGICAL}[original]
            operator = "relational" if original in RELATIONAL else "equality" if original in EQUALITY else "logical"
            site_id = self.next_id
            name = operator_name(original, site_id)
            self.new_site(operator, t.start, t.end, original, replacement, [Edit(t.start, t.end, name)])
            reversed_to = REVERSED.get(original)
            if reversed_to:
                # The same site's second mutant: the comparison turned around.
                self.new_site(operator, t.start, t.end, original, reversed_to, [])
            self.declarations.append(binary_declaration(name, original, replacement, site_id, reversed_to))

    def negations(self):
        """Each plain boolean clause of an `if` / `guard` / `while` condition list, negated."""
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            if t.kind != "ident" or t.text not in ("if", "guard", "while"):
                continue
            stop = "else" if t.text == "guard" else "{"
            depth = 0
            clauses = [[]]
            closed = False
            for j in range(k + 1, len(self.sig)):
                s = self.tokens[self.sig[j]]
                if depth == 0 and s.text == stop:
                    closed = True
                    break
                if s.text in OPEN:
                    depth += 1
                elif s.text in CLOSE:
                    depth -= 1
                    if depth < 0:
                        break
                if depth == 0 and s.text == ",":
                    clauses.append([])
                else:
                    clauses[-1].append(j)
            if not closed:
                continue
            for clause in clauses:
                words = {self.tokens[self.sig[j]].text for j in clause}
                if not clause or words & {"let", "var", "case", "try", "await", "#available", "{"}:
                    continue
                if len(clause) == 1 and words & {"true", "false"}:
                    continue  # `while true` is how a function returns only from inside a loop
                start = self.tokens[self.sig[clause[0]]].start
                end = self.tokens[self.sig[clause[-1]]].end
                if self._in_excluded(start, end) or not self._free(start, end):
                    continue
                condition = self.text(start, end)
                site_id = self.next_id
                self.new_site(
                    "negate", start, end, condition, "!(" + condition + ")",
                    [Edit(start, start, "__negated(%d, " % site_id), Edit(end, end, ")")])

    def integers(self):
        for ti, t in enumerate(self.tokens):
            if t.kind != "number" or re.search(r"[.eE]", t.text) and not t.text.startswith("0x"):
                continue
            p = self.prev_sig(ti)
            if p is not None and self.tokens[p].text == "." and self.tokens[p].end == t.start:
                continue  # a tuple element, `pair.0`
            if self._in_excluded(t.start, t.end) or not self._free(t.start, t.end):
                continue
            site_id = self.next_id
            value = int(t.text.replace("_", ""), 0)
            self.new_site("integer", t.start, t.end, t.text, str(value + 1), [Edit(t.start, t.start, "__integer(%d, " % site_id), Edit(t.end, t.end, ")")])
            self.new_site("integer", t.start, t.end, t.text, str(value - 1), [])

    def receiver_start(self, dot):
        """The token index where the postfix expression ending just before `dot` begins."""
        i = dot - 1
        while i >= 0:
            t = self.tokens[i]
            if t.kind == "punct" and t.text in (")", "]"):
                i = self.match[i] - 1
                continue
            if t.kind in ("ident", "number", "string") or (t.kind == "punct" and t.text == ".") or (t.kind == "op" and t.text in ("?", "!")):
                if t.kind == "ident" and t.text in KEYWORDS and t.text not in ("self", "Self"):
                    return i + 1
                i -= 1
                continue
            return i + 1
        return 0

    def swaps(self):
        for ti, t in enumerate(self.tokens):
            if t.kind != "ident" or t.text not in SWAPS or ti == 0:
                continue
            other = SWAPS[t.text]
            prev = self.tokens[ti - 1]
            nxt = self.tokens[ti + 1] if ti + 1 < len(self.tokens) else None
            if prev.kind == "punct" and prev.text == ".":
                dot = ti - 1
                begin = self.receiver_start(dot)
                if begin >= dot:
                    continue  # an implicit member, `.first`
                if t.text in ("min", "max") and not (nxt and nxt.text == "("):
                    continue
                end_ti = ti
                if nxt and nxt.text == "(":
                    end_ti = self.match[ti + 1]
                start, end = self.tokens[begin].start, self.tokens[end_ti].end
            elif t.text in ("min", "max") and nxt and nxt.text == "(" and not (prev.kind == "ident" and prev.text == "func"):
                if prev.kind not in ("ws", "nl") and prev.text not in ("(", "["):
                    continue
                start, end = t.start, self.tokens[self.match[ti + 1]].end
            else:
                continue
            if self._in_excluded(start, end) or not self._free(start, end):
                continue
            original = self.text(start, end)
            offset = t.start - start
            mutated = original[:offset] + other + original[offset + len(t.text):]
            site_id = self.next_id
            self.new_site(
                "first-last", start, end, original, mutated,
                [Edit(start, end, "(__mutant == %d ? %s : %s)" % (site_id, mutated, original))],
                replaces=True)

    def statement_end(self, k):
        """The sig index of the last token of the statement starting at sig index `k`."""
        depth = 0
        j = k
        while j < len(self.sig):
            t = self.tokens[self.sig[j]]
            if t.text in OPEN:
                depth += 1
            elif t.text in CLOSE:
                depth -= 1
                if depth < 0:
                    return j - 1
            if depth == 0 and j + 1 < len(self.sig):
                nxt = self.tokens[self.sig[j + 1]]
                newline_between = "\n" in self.src[t.end:nxt.start]
                continues = (
                    t.kind == "op" or t.text in (",", ".", "(", "[", "=", ":")
                    or nxt.text == "." or (nxt.kind == "op" and nxt.text not in ("!",))
                )
                if (newline_between or nxt.text == ";") and not continues:
                    return j
            j += 1
        return len(self.sig) - 1

    def statement_starts(self):
        """Sig indexes of tokens that begin a statement directly inside braces."""
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            if k == 0:
                continue
            encl = self.enclosing[ti]
            if encl is None or self.tokens[encl].text != "{":
                continue
            prev = self.tokens[self.sig[k - 1]]
            line_start = "\n" in self.src[prev.end:t.start] or prev.text in ("{", ";") or (prev.text == ":" and self.is_case_colon(self.sig[k - 1]))
            if not line_start:
                continue
            if prev.kind == "op" or prev.text in (",", ".", "(", "[", "="):
                continue
            yield k

    def is_case_colon(self, ti):
        k = self.sig_pos[ti]
        depth = 0
        for j in range(k - 1, -1, -1):
            s = self.tokens[self.sig[j]].text
            if s in CLOSE:
                depth += 1
            elif s in OPEN:
                if depth == 0:
                    return False
                depth -= 1
            elif depth == 0 and s in ("case", "default"):
                return True
            elif depth == 0 and "\n" in self.src[self.tokens[self.sig[j]].end:self.tokens[self.sig[j + 1]].start]:
                return False
        return False

    def removals(self):
        for k in self.statement_starts():
            ti = self.sig[k]
            t = self.tokens[ti]
            end_k = self.statement_end(k)
            start, end = t.start, self.tokens[self.sig[end_k]].end
            body = self.text(start, end)
            if t.text == "return":
                if "remove-return" not in self.operators or not self.is_early_return(k, end_k):
                    continue
                operator = "remove-return"
            else:
                if t.kind != "ident" or (t.text in KEYWORDS and t.text not in ("try", "await", "self")) and t.text != "_":
                    continue
                if t.text == "_" and not body.startswith("_ ="):
                    continue
                stripped = re.sub(r"^(try\s+|await\s+)+", "", body)
                stripped = re.sub(r"^_ = ", "", stripped)
                stripped = re.sub(r"^(try\s+|await\s+)+", "", stripped)
                assigns = self.has_assignment(k, end_k) and not body.startswith("_ =")
                if assigns:
                    # Removing an assignment in an initializer leaves a property uninitialized,
                    # and one to a constant declared without a value leaves the constant so.
                    if "remove-assignment" not in self.operators or self.owner_of(ti)[0] == "init":
                        continue
                    if self.initializes(t.text):
                        continue
                    operator = "remove-assignment"
                else:
                    if "remove-call" not in self.operators or not self.call_targets.match(stripped):
                        continue
                    if re.match(r"(fatalError|precondition|preconditionFailure|assert|assertionFailure)\(", stripped):
                        continue  # what a `guard` body ends with
                    operator = "remove-call"
                if "remove-assignment" in self.operators and self.is_sole_value(k, end_k):
                    continue
            if self._in_excluded(start, end) or not self._free(start, end):
                continue
            site_id = self.next_id
            self.new_site(
                operator, start, end, body, "(removed)",
                [Edit(start, start, "if __mutant != %d { " % site_id), Edit(end, end, " }")])

    def initializes(self, name):
        """Whether `name` is declared without a value somewhere in the file, so an assignment
        to it may be its initialization."""
        escaped = re.escape(name)
        return bool(re.search(r"\blet\s+%s\b(?!\s*=)" % escaped, self.src)
                    or re.search(r"\bvar\s+%s\s*:[^=\n]*$" % escaped, self.src, re.M))

    def is_sole_value(self, k, end_k):
        """Whether the statement from sig index `k` to `end_k` is the only one in braces whose
        value it may be: a closure, or a function with a result (removing it would leave the
        body without one)."""
        brace = self.enclosing[self.sig[k]]
        if brace is None or self.tokens[brace].text != "{":
            return False
        close = self.match[brace]

        def only_directives(text):
            # `#if` lines, and the branches of other platforms after the statement.
            text = re.sub(r"^[ \t]*#(else|elseif)\b.*?^[ \t]*#endif\b", "", text, flags=re.M | re.S)
            text = re.sub(r"^[ \t]*#.*$", "", text, flags=re.M)
            return not "".join(t.text for t in lex(text) if t.kind not in ("ws", "nl", "comment"))

        before = self.src[self.tokens[brace].end:self.tokens[self.sig[k]].start]
        after = self.src[self.tokens[self.sig[end_k]].end:self.tokens[close].start]
        if not (only_directives(before) and only_directives(after)):
            return False
        kind, result = self.owner(brace)
        return kind not in ("control", "init") and not (kind == "function" and result is None)

    # ---- what a brace belongs to ----

    def header(self, brace):
        """The sig indexes of the tokens before `brace` that belong to the construct it opens:
        back to the start of its statement (bracket groups taken whole)."""
        k = self.sig_pos[brace]
        j = k - 1
        tokens = []
        while j >= 0:
            ti = self.sig[j]
            t = self.tokens[ti]
            if t.text in ("{", "}", ";"):
                break
            if t.text in (")", "]"):
                opener = self.sig_pos[self.match[ti]]
                tokens[:0] = list(range(opener, j + 1))
                j = opener - 1
            else:
                tokens.insert(0, j)
                j -= 1
            if j < 0:
                break
            before = self.tokens[self.sig[j]]
            after = self.tokens[self.sig[tokens[0]]]
            if "\n" in self.src[before.end:after.start]:
                continues = (
                    before.kind == "op" or before.text in (",", "(", "[", ":", "->")
                    or after.kind == "op" or after.text in (".", "->", "throws", "async", "where", ")"))
                if not continues:
                    break
        return tokens

    def owner(self, brace):
        """What `brace` opens: ("function", result type or None), ("init", None),
        ("control", None) for `if`, loops, `else`, `do`, `catch`, `defer`, or ("other", None)
        for a closure, a type or a computed property."""
        words = [self.tokens[self.sig[j]] for j in self.header(brace)]
        texts = [w.text for w in words]
        modifiers = {"public", "private", "fileprivate", "internal", "package", "static", "class",
                     "final", "override", "mutating", "nonmutating", "nonisolated", "convenience",
                     "required", "@discardableResult", "@inlinable", "@usableFromInline"}
        first = next((w for w in texts if w not in modifiers and not w.startswith("@")), None)
        if first in CONTROL:
            return "control", None
        if first == "init":
            return "init", None
        if first != "func":
            return "other", None
        if "->" not in texts:
            return "function", None
        arrow = len(texts) - 1 - texts[::-1].index("->")
        result = [w for w in words[arrow + 1:]]
        if "where" in texts[arrow + 1:]:
            result = result[:texts[arrow + 1:].index("where")]
        if not result:
            return "function", None
        return "function", self.text(result[0].start, result[-1].end)

    def owner_of(self, ti):
        """The function (or initializer) whose body token `ti` is in, across `if`s and loops:
        ("function", result), ("init", None), or ("other", None) inside a closure."""
        brace = self.enclosing[ti]
        while brace is not None and self.tokens[brace].text == "{":
            kind, result = self.owner(brace)
            if kind != "control":
                return kind, result
            brace = self.enclosing[brace]
        return "other", None

    # ---- operators for the adapters ----

    def booleans(self):
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            if t.kind != "ident" or t.text not in ("true", "false"):
                continue
            prev = self.tokens[self.sig[k - 1]] if k > 0 else None
            if prev is not None and prev.text in ("while", "."):
                continue  # `while true`, and `.true` is a member
            if self._in_excluded(t.start, t.end) or not self._free(t.start, t.end):
                continue
            site_id = self.next_id
            self.new_site(
                "boolean", t.start, t.end, t.text, "false" if t.text == "true" else "true",
                [Edit(t.start, t.start, "__flag(%d, " % site_id), Edit(t.end, t.end, ")")])

    def return_values(self):
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            if t.text != "return" or k + 1 >= len(self.sig):
                continue
            first = self.tokens[self.sig[k + 1]]
            if first.text in ("}", ";") or "\n" in self.src[t.end:first.start]:
                continue
            kind, result = self.owner_of(ti)
            helper = RESULT_HELPERS.get(result_class(result)) if kind == "function" else None
            if helper is None:
                continue
            end_k = self.statement_end(k)
            start, end = first.start, self.tokens[self.sig[end_k]].end
            expression = self.text(start, end)
            if expression in ("nil", "[]", "[:]", '""'):
                continue
            if self._in_excluded(start, end) or not self._free(start, end):
                continue
            site_id = self.next_id
            self.new_site(
                "return-value", start, end, "return " + expression, "return " + helper[1],
                [Edit(start, start, "%s(%d, " % (helper[0], site_id)), Edit(end, end, ")")])

    def swap_arguments(self):
        for k, ti in enumerate(self.sig):
            t = self.tokens[ti]
            if t.text != "(" or k == 0:
                continue
            callee = self.tokens[self.sig[k - 1]]
            if callee.kind != "ident" or callee.end != t.start or callee.text in KEYWORDS:
                continue
            if callee.text in ("min", "max") or callee.text.startswith(("#", "@")):
                continue  # min and max are symmetric
            close = self.match[ti]
            after = self.next_sig(close)
            if after is not None and self.tokens[after].text == "{":
                continue  # a trailing closure
            arguments = self.arguments(k, self.sig_pos[close])
            if arguments is None or len(arguments) != 2:
                continue
            (label_a, a), (label_b, b) = arguments
            if a == b or "{" in a + b or "&" in a + b:
                continue
            callee_ti = self.sig[k - 1]
            begin = callee_ti
            if callee_ti > 0 and self.tokens[callee_ti - 1].text == ".":
                begin = self.receiver_start(callee_ti - 1)
                if begin >= callee_ti - 1:
                    continue  # an implicit member, `.init(...)`
            start, end = self.tokens[begin].start, self.tokens[close].end
            if self._in_excluded(start, end) or not self._free(start, end):
                continue
            original = self.text(start, end)
            head = self.text(start, t.end)
            mutated = head + label_a + b + ", " + label_b + a + ")"
            site_id = self.next_id
            self.new_site(
                "swap-arguments", start, end, original, mutated,
                [Edit(start, end, "(__mutant == %d ? %s : %s)" % (site_id, mutated, original))],
                replaces=True)

    def arguments(self, open_k, close_k):
        """The top-level arguments between sig indexes `open_k` and `close_k`, each as (its
        label with ": ", or "", its expression), or None when one is empty."""
        parts, depth, current = [], 0, []
        for j in range(open_k + 1, close_k):
            t = self.tokens[self.sig[j]]
            if t.text in OPEN:
                depth += 1
            elif t.text in CLOSE:
                depth -= 1
            if depth == 0 and t.text == ",":
                parts.append(current)
                current = []
            else:
                current.append(self.sig[j])
        parts.append(current)
        result = []
        for part in parts:
            if not part:
                return None
            label = ""
            if len(part) > 2 and self.tokens[part[1]].text == ":" and self.tokens[part[0]].kind == "ident":
                label = self.tokens[part[0]].text + ": "
                part = part[2:]
            result.append((label, self.text(self.tokens[part[0]].start, self.tokens[part[-1]].end)))
        return result

    def has_assignment(self, k, end_k):
        depth = 0
        for j in range(k, end_k + 1):
            t = self.tokens[self.sig[j]]
            if t.text in OPEN:
                depth += 1
            elif t.text in CLOSE:
                depth -= 1
            elif depth == 0 and t.kind == "op" and t.text in ("=", "+=", "-=", "*=", "/=", "|=", "&="):
                return True
        return False

    def is_early_return(self, k, end_k):
        """A `return` that is the last statement of an `if` block (no `else`) that more
        statements follow, so removing it falls through to code that still compiles."""
        ti = self.sig[k]
        brace = self.enclosing[ti]
        if brace is None or self.tokens[brace].text != "{":
            return False
        close = self.match[brace]
        if end_k + 1 >= len(self.sig) or self.sig[end_k + 1] != close:
            return False
        # The statement the brace opens: walk back to the start of its line.
        bk = self.sig_pos[brace]
        j = bk - 1
        while j > 0 and "\n" not in self.src[self.tokens[self.sig[j - 1]].end:self.tokens[self.sig[j]].start]:
            j -= 1
        opener = self.tokens[self.sig[j]].text
        if opener != "if":
            return False
        after = self.next_sig(close)
        if after is None:
            return False
        following = self.tokens[after].text
        return following not in ("}", "else")

    def rewrite(self):
        # Whole-expression swaps first, so binary operators inside them are left alone; a
        # swap of arguments takes the whole call, so none may be inside it.
        if "swap-arguments" in self.operators:
            self.swap_arguments()
        if "first-last" in self.operators:
            self.swaps()
        self.removals()
        if "return-value" in self.operators:
            self.return_values()
        if "negate" in self.operators:
            self.negations()
        if self.operators & {"relational", "equality", "logical"}:
            self.binary_operators()
        if "integer" in self.operators:
            self.integers()
        if "boolean" in self.operators:
            self.booleans()
        out = []
        pos = 0
        for edit in sorted(self.edits, key=lambda e: (e.start, e.end - e.start == 0 and -1 or 0)):
            if edit.start < pos:
                raise LexError("overlapping edits at %d" % edit.start)
            out.append(self.src[pos:edit.start])
            out.append(edit.text)
            pos = edit.end
        out.append(self.src[pos:])
        return Schemata("".join(out), sorted(self.sites, key=lambda s: s.id), self.declarations)


def binary_declaration(name, original, replacement, site_id, reversed_to=None):
    precedence = PRECEDENCE[original]
    if original in ("&&", "||"):
        return (
            "infix operator %s: %s\n"
            "func %s(lhs: Bool, rhs: @autoclosure () throws -> Bool) rethrows -> Bool {\n"
            "  __mutant == %d ? (try lhs %s rhs()) : (try lhs %s rhs())\n}\n"
            % (name, precedence, name, site_id, replacement, original))
    protocol = "Comparable" if original in RELATIONAL else "Equatable"
    second = (" : __mutant == %d ? lhs %s rhs" % (site_id + 1, reversed_to)) if reversed_to else ""
    text = (
        "infix operator %s: %s\n"
        "func %s<T: %s>(lhs: T, rhs: T) -> Bool {\n"
        "  __mutant == %d ? lhs %s rhs%s : lhs %s rhs\n}\n"
        % (name, precedence, name, protocol, site_id, replacement, second, original))
    if original in EQUALITY:
        text += (
            "func %s<T>(lhs: T?, rhs: _OptionalNilComparisonType) -> Bool {\n"
            "  __mutant == %d ? lhs %s nil : lhs %s nil\n}\n"
            % (name, site_id, replacement, original))
    return text


# What `return-value` answers instead, by the function's declared result: the helper the
# return's expression goes through, and how a site describes its mutant.
RESULT_HELPERS = {
    "bool": ("__returnedBool", "!(...)"),
    "integer": ("__returnedInteger", "0 (1 when it was 0)"),
    "string": ("__returnedString", '"" ("mutant" when it was empty)'),
    "data": ("__returnedData", "Data()"),
    "array": ("__returnedArray", "[]"),
    "dictionary": ("__returnedDictionary", "[:]"),
    "optional": ("__returnedOptional", "nil"),
}


def result_class(result):
    """Which of RESULT_HELPERS a declared result type is, or None."""
    if not result:
        return None
    result = result.strip()
    if result.endswith("?"):
        return "optional"
    if result == "Bool":
        return "bool"
    if result in INTEGER_TYPES:
        return "integer"
    if result == "String":
        return "string"
    if result == "Data":
        return "data"
    if result.startswith("[") and result.endswith("]"):
        depth = 0
        for c in result[1:-1]:
            if c in "[(<":
                depth += 1
            elif c in "])>":
                depth -= 1
            elif c == ":" and depth == 0:
                return "dictionary"
        return "array"
    return None


def rewrite(src, first_id=1, path="", operators=CORE_OPERATORS, call_targets=CALL_TARGETS, skipped=frozenset()):
    """The schemata of one file: its rewritten source, sites and declarations. `skipped` holds
    line numbers where no site is made."""
    return Rewriter(src, first_id, path, operators, call_targets, skipped).rewrite()


def support_source(environment_variable, declarations):
    """The file that holds the switch and the helpers every rewritten file calls."""
    return (
        "// Generated by Benchmarks/mutants: the run-time switch of the mutant schemata.\n"
        "import Foundation\n\n"
        "/// The mutant this process runs: `$%s`, 0 for the original code.\n"
        "let __mutant: Int = ProcessInfo.processInfo.environment[\"%s\"].flatMap { Int($0) } ?? 0\n\n"
        "func __negated(_ site: Int, _ condition: Bool) -> Bool {\n"
        "  __mutant == site ? !condition : condition\n}\n\n"
        "func __integer<T: BinaryInteger>(_ site: Int, _ value: T) -> T {\n"
        "  __mutant == site ? value + 1 : __mutant == site + 1 ? value - 1 : value\n}\n\n"
        "func __integer<T: BinaryFloatingPoint>(_ site: Int, _ value: T) -> T {\n"
        "  __mutant == site ? value + 1 : __mutant == site + 1 ? value - 1 : value\n}\n\n"
        "func __flag(_ site: Int, _ value: Bool) -> Bool {\n"
        "  __mutant == site ? !value : value\n}\n\n"
        "func __returnedBool(_ site: Int, _ value: Bool) -> Bool {\n"
        "  __mutant == site ? !value : value\n}\n\n"
        "func __returnedInteger<T: BinaryInteger>(_ site: Int, _ value: T) -> T {\n"
        "  __mutant == site ? (value == 0 ? 1 : 0) : value\n}\n\n"
        "func __returnedString(_ site: Int, _ value: String) -> String {\n"
        "  __mutant == site ? (value.isEmpty ? \"mutant\" : \"\") : value\n}\n\n"
        "func __returnedData(_ site: Int, _ value: Data) -> Data {\n"
        "  __mutant == site ? Data() : value\n}\n\n"
        "func __returnedArray<Element>(_ site: Int, _ value: [Element]) -> [Element] {\n"
        "  __mutant == site ? [] : value\n}\n\n"
        "func __returnedDictionary<Key, Value>(_ site: Int, _ value: [Key: Value]) -> [Key: Value] {\n"
        "  __mutant == site ? [:] : value\n}\n\n"
        "func __returnedOptional<Wrapped>(_ site: Int, _ value: Wrapped?) -> Wrapped? {\n"
        "  __mutant == site ? nil : value\n}\n\n"
        % (environment_variable, environment_variable)
    ) + "\n".join(declarations)
