#!/usr/bin/env python3
"""Makes the ABNF of spec/gbr.md §9.1 executable, so the grammar and the
parsers cannot drift apart.

    check_abnf.py ANSWER_LINES SPEC [--seed N] [--count N]

1. Extracts the ```abnf block from SPEC and parses it (RFC 5234, with
   quoted strings matched case-sensitively as §9.1 says).
2. For every rule, derives random texts of it (seeded; the seed is printed)
   and puts each in the rule's frame below: a valid text of a whole form
   with a slot where the rule stands. Every framed text must be derived by
   the form's rule (this script's own matcher checks it), and both codecs
   must accept it or reject it with a semantic error of §9.2 only (counts,
   squares, promotions, men, groups, FEN kings and files): the syntax never
   rejects a text the grammar derives.
3. Mutates the framed texts (a byte substituted, inserted or deleted). A
   mutant the grammar does not derive must be rejected by both codecs; a
   mutant it derives is held to rule 2.

Failures name the text, the rule, what each codec answered and the seed.
"""
import random
import re
import sys

from protocol_answers import ask

SLOT = "\u2038"  # ‸

# Errors about counts and semantics (§9.2, §9.3 rules 2-4), not syntax: a
# text the grammar derives may get one of these and no other.
SEMANTIC = {"square-count", "duplicate-square", "square-order", "pawn-rank", "too-many-pawns", "promotions",
            "men-mismatch", "overflow-group", "fen-rank", "fen-kings"}

# The operation of §13.2 that reads a whole text of each form.
FORM_OPERATION = {"material": "material", "material-long": "material", "study": "study", "bare-study": "study",
                  "position": "position", "fen": "fen-position", "name": "name-material"}

# Where each rule stands in a valid text: (form rule, frame with the slot).
FRAMES = {
    "material": [("material", SLOT), ("study", "+" + SLOT + "e1e8")],
    "material-long": [("material", SLOT), ("position", "e1e8 " + SLOT + " 1/1.")],
    "piece-digit": [("material", SLOT + "000.00"), ("position", "e1e8 000" + SLOT + ".00 1/1.")],
    "pawn-digit": [("material", "0000." + SLOT + "0"), ("study", "0000.0" + SLOT + "e1e8")],
    "square": [("study", "0000.00" + SLOT + "e8"), ("position", "e1e8 0001.00 " + SLOT + " 2/1.")],
    "study": [("study", SLOT)],
    "bare-study": [("study", SLOT), ("study", "[" + SLOT + "]"), ("study", "(" + SLOT + ")")],
    "position": [("position", SLOT)],
    "square-field": [("position", "e1e8 0001.10 " + SLOT + " 3/1."), ("position", "e1e8 0009.00 " + SLOT + " 4/1.")],
    "group-or-square": [("position", "e1e8 0009.00 " + SLOT + " 4/1."), ("position", "e1e8 0001.00 " + SLOT + " 2/1.")],
    "men-count": [("position", "e1e8 0000.00 " + SLOT + "."), ("position", "e1e8 0001.00 a1 " + SLOT + "+.")],
    "count": [("position", "e1e8 0000.00 " + SLOT + "/1."), ("position", "e1e8 0000.00 1/" + SLOT + " BTM.")],
    "indicator": [("position", "e1e8 0000.00 1/1" + SLOT + "."),
                  ("position", "e1e8 9000.00 {a1b1c1/} 4/1" + SLOT + ".")],
    "fen": [("fen", SLOT)],
    "placement": [("fen", SLOT + " w"), ("fen", SLOT + " b - - 0 1")],
    "rank": [("fen", SLOT + "/8/8/8/8/8/8/8 w"), ("fen", "k7/8/8/" + SLOT + "/8/8/8/K7 b KQ -")],
    "fen-piece": [("fen", "k7/8/8/8/8/8/8/K6" + SLOT + " w"), ("fen", "k7/8/8/3" + SLOT + "4/8/8/8/K7 w")],
    "side": [("fen", "k7/8/8/8/8/8/8/K7 " + SLOT), ("fen", "k7/8/8/8/8/8/8/K7 " + SLOT + " - - 0 1")],
    "castling": [("fen", "k7/8/8/8/8/8/8/K7 w " + SLOT + " -")],
    "en-passant": [("fen", "k7/8/8/8/8/8/8/K7 b - " + SLOT), ("fen", "k7/8/8/8/8/8/8/K7 w Kq " + SLOT + " 0 1")],
    "clock": [("fen", "k7/8/8/8/8/8/8/K7 w - - " + SLOT + " 1"), ("fen", "k7/8/8/8/8/8/8/K7 w - - 0 " + SLOT)],
    "name": [("name", SLOT)],
    "side-men": [("name", SLOT + "vK"), ("name", "KQv" + SLOT)],
}

# Bytes a mutation puts in: the grammar's own characters are the near misses.
MUTATION_BYTES = b"0123456789abcdefghKQRBNPkqrbnpwvWTMB.+=-/{}[]() |x\x00\xff"


# ---- ABNF: tokens, parse, match, derive -----------------------------------

class GrammarError(Exception):
    pass


def extract_abnf(spec_text):
    m = re.search(r"```abnf\n(.*?)```", spec_text, re.S)
    if not m:
        raise GrammarError("no ```abnf block")
    rules, current = {}, None
    for line in m.group(1).split("\n"):
        code = re.sub(r";.*", "", line).rstrip()
        if not code.strip():
            continue
        if code[0] not in " \t":
            name, eq, body = code.partition("=")
            if not eq:
                raise GrammarError(f"not a rule: {line!r}")
            current = name.strip()
            rules[current] = body
        elif current is None:
            raise GrammarError(f"continuation before any rule: {line!r}")
        else:
            rules[current] += " " + code
    return {name: Parser(body, name).parse() for name, body in rules.items()}


TOKEN = re.compile(r'\s*(?:(?P<rep>\d*\*\d*|\d+)(?=[\w"%(\[])|(?P<str>"[^"]*")|(?P<num>%x[0-9A-Fa-f]+(?:-[0-9A-Fa-f]+)?)'
                   r'|(?P<name>[A-Za-z][A-Za-z0-9-]*)|(?P<punct>[/()\[\]]))')


class Parser:
    """Nodes: ("alt", [..]), ("cat", [..]), ("rep", min, max|None, node),
    ("str", bytes), ("range", lo, hi), ("ref", name)."""

    def __init__(self, body, rule):
        self.tokens, self.rule, at = [], rule, 0
        body = body.rstrip()
        while at < len(body):
            m = TOKEN.match(body, at)
            if not m or m.end() == at:
                raise GrammarError(f"{rule}: cannot read {body[at:]!r}")
            self.tokens.append((m.lastgroup, m.group(m.lastgroup)))
            at = m.end()
            while at < len(body) and body[at] in " \t":
                at += 1
        self.at = 0

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else (None, None)

    def take(self):
        token = self.peek()
        self.at += 1
        return token

    def parse(self):
        node = self.alternation()
        if self.at != len(self.tokens):
            raise GrammarError(f"{self.rule}: unexpected {self.peek()[1]!r}")
        return node

    def alternation(self):
        items = [self.concatenation()]
        while self.peek() == ("punct", "/"):
            self.take()
            items.append(self.concatenation())
        return items[0] if len(items) == 1 else ("alt", items)

    def concatenation(self):
        items = []
        while self.peek()[0] in ("rep", "str", "num", "name") or self.peek() in (("punct", "("), ("punct", "[")):
            items.append(self.repetition())
        if not items:
            raise GrammarError(f"{self.rule}: an empty alternative")
        return items[0] if len(items) == 1 else ("cat", items)

    def repetition(self):
        low, high = 1, 1
        if self.peek()[0] == "rep":
            text = self.take()[1]
            if "*" in text:
                a, b = text.split("*")
                low, high = int(a or 0), int(b) if b else None
            else:
                low = high = int(text)
        node = self.element()
        return node if (low, high) == (1, 1) else ("rep", low, high, node)

    def element(self):
        kind, text = self.take()
        if kind == "str":
            return ("str", text[1:-1].encode("ascii"))
        if kind == "num":
            lo, _, hi = text[2:].partition("-")
            return ("range", int(lo, 16), int(hi or lo, 16))
        if kind == "name":
            return ("ref", text)
        if text == "(":
            node = self.alternation()
            if self.take() != ("punct", ")"):
                raise GrammarError(f"{self.rule}: ( without )")
            return node
        if text == "[":
            node = self.alternation()
            if self.take() != ("punct", "]"):
                raise GrammarError(f"{self.rule}: [ without ]")
            return ("rep", 0, 1, node)
        raise GrammarError(f"{self.rule}: unexpected {text!r}")


CORE = {"SP": ("str", b" "), "DIGIT": ("range", 0x30, 0x39)}


class Grammar:
    def __init__(self, rules):
        self.rules = dict(CORE, **rules)
        for name in rules:
            self.check_refs(rules[name], name)

    def check_refs(self, node, where):
        kind = node[0]
        if kind == "ref" and node[1] not in self.rules:
            raise GrammarError(f"{where}: no rule {node[1]}")
        for child in node[1] if kind in ("alt", "cat") else [node[3]] if kind == "rep" else []:
            self.check_refs(child, where)

    def ends(self, node, text, at):
        """Every position where a match of node starting at `at` can end."""
        kind = node[0]
        if kind == "str":
            return {at + len(node[1])} if text.startswith(node[1], at) else set()
        if kind == "range":
            return {at + 1} if at < len(text) and node[1] <= text[at] <= node[2] else set()
        if kind == "ref":
            return self.ends(self.rules[node[1]], text, at)
        if kind == "alt":
            return set().union(*(self.ends(item, text, at) for item in node[1]))
        if kind == "cat":
            positions = {at}
            for item in node[1]:
                positions = set().union(*(self.ends(item, text, p) for p in positions)) if positions else set()
            return positions
        _, low, high, child = node
        result, frontier, count = set(), {at}, 0
        if low == 0:
            result |= frontier
        while frontier and (high is None or count < high):
            frontier = set().union(*(self.ends(child, text, p) for p in frontier))
            count += 1
            if count >= low:
                # Once the minimum is met, a position reached before needs no
                # second visit: this also ends repetitions of empty matches.
                frontier -= result
                result |= frontier
        return result

    def derives(self, rule, text):
        return len(text) in self.ends(("ref", rule), text, 0)

    def derive(self, node, rng):
        kind = node[0]
        if kind == "str":
            return node[1]
        if kind == "range":
            return bytes([rng.randint(node[1], node[2])])
        if kind == "ref":
            return self.derive(self.rules[node[1]], rng)
        if kind == "alt":
            return self.derive(rng.choice(node[1]), rng)
        if kind == "cat":
            return b"".join(self.derive(item, rng) for item in node[1])
        _, low, high, child = node
        times = rng.randint(low, low + 3 if high is None else high)
        return b"".join(self.derive(child, rng) for _ in range(times))


# ---- the codecs ---------------------------------------------------------------

def error_class(answer):
    return None if answer.startswith("ok ") else answer.split(" ")[1]


def mutate(text, rng):
    at = rng.randrange(len(text) + 1)
    byte = bytes([rng.choice(MUTATION_BYTES)])
    how = rng.randrange(3) if text else 1
    if how == 0 and at < len(text):
        return text[:at] + byte + text[at + 1:]
    if how == 2 and at < len(text):
        return text[:at] + text[at + 1:]
    return text[:at] + byte + text[at:]


def main(argv):
    args = argv[1:]
    seed, count = random.randrange(1 << 32), 150
    for flag in ("--seed", "--count"):
        if flag in args:
            i = args.index(flag)
            value = int(args[i + 1])
            del args[i:i + 2]
            seed, count = (value, count) if flag == "--seed" else (seed, value)
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    answer_lines, spec = args
    print(f"check_abnf: seed {seed} (rerun with --seed {seed})")
    rng = random.Random(seed)
    with open(spec, encoding="utf-8") as f:
        grammar = Grammar(extract_abnf(f.read()))

    problems = []
    unframed = sorted(set(grammar.rules) - set(CORE) - set(FRAMES))
    if unframed:
        problems.append(f"rules without a frame in check_abnf.py: {', '.join(unframed)}")
    derived, mutants = [], []  # (rule, form, text)
    for rule, frames in sorted(FRAMES.items()):
        if rule not in grammar.rules:
            problems.append(f"check_abnf.py frames a rule the grammar no longer has: {rule}")
            continue
        for form, frame in frames:
            before, after = (part.encode("ascii") for part in frame.split(SLOT))
            for _ in range(count):
                text = before + grammar.derive(("ref", rule), rng) + after
                if not grammar.derives(form, text):
                    problems.append(f"{rule}: the frame {frame!r} filled as {text!r} is not a {form}")
                    continue
                derived.append((rule, form, text))
                mutant = mutate(text, rng)
                mutants.append((rule, form, mutant, grammar.derives(form, mutant)))

    requests = [(FORM_OPERATION[form], text) for _, form, text in derived]
    requests += [(FORM_OPERATION[form], text) for _, form, text, _ in mutants]
    counts = {"derived": len(derived), "mutants derived": 0, "mutants rejected": 0, "accepted": 0}
    for codec in ("ref", "fast"):
        answers = ask(answer_lines, codec, requests)
        for (rule, form, text), answer in zip(derived, answers):
            cls = error_class(answer)
            counts["accepted"] += codec == "ref" and cls is None
            if cls is not None and cls not in SEMANTIC:
                problems.append(f"{rule}: {codec} rejects {text!r}, which the grammar derives as a {form}: {answer}")
        for (rule, form, text, derivable), answer in zip(mutants, answers[len(derived):]):
            cls = error_class(answer)
            if derivable:
                counts["mutants derived"] += codec == "ref"
                if cls is not None and cls not in SEMANTIC:
                    problems.append(f"{rule}: {codec} rejects {text!r}, which the grammar derives as a {form}: "
                                    f"{answer}")
            else:
                counts["mutants rejected"] += codec == "ref"
                if cls is None:
                    problems.append(f"{rule}: {codec} accepts {text!r}, which the grammar does not derive as a "
                                    f"{form}: {answer}")
    for problem in sorted(set(problems))[:int(__import__("os").environ.get("ABNF_SHOW", "40"))]:
        print(problem)
    print(f"{len(grammar.rules) - len(CORE)} rules; {counts['derived']} derived texts ({counts['accepted']} valid), "
          f"{len(mutants)} mutants ({counts['mutants derived']} derived, {counts['mutants rejected']} not); "
          f"codecs ref fast; {len(set(problems))} problems; seed {seed}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
