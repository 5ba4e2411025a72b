#!/usr/bin/env python3
"""Holds the man page src/cli/gbr.1 to what `gbr --help` says.

The help strings (src/cli/cmd_*.c) are the source; the man page says more,
but its commands, synopses and options must be theirs:

  - every command `gbr --help` lists has a section `.SS NAME` under
    `.SH COMMANDS`, and every such section names one it lists;
  - a section's synopsis (its lines before the first `.PP`) reads, word for
    word, as the `usage:` lines of `gbr NAME --help`;
  - every option `gbr NAME --help` lists (in its usage or in an option line,
    "  -o FILE  ...") has a `.TP` item in the section, or under `.SH OPTIONS`
    (the options every command takes), with the same names and the same
    argument form (an option line's form; the usage's for an option without
    one), and every option item of the section and of OPTIONS is one that
    `gbr NAME --help` lists, with that form;
  - the top-level options of `gbr --help` are those of the page's SYNOPSIS;
  - every option a guide (README.md, docs/*.md) names in a command line
    `gbr NAME ...` is one `gbr NAME --help` lists;
  - `.TH` carries the version `gbr --version` prints, and a date (YYYY-MM-DD)
    no earlier than the newest release of CHANGELOG.md.

Each drift is printed as one line saying what is missing where; exit status 1
when there is any, 0 when none, 2 on a usage error.

--self-test plants drifts in copies of the real page and help texts (an item
removed, an argument renamed, an item and an option added, a section dropped,
the version changed) and passes when exactly those are reported.

usage: check_man_page.py --gbr GBR --page gbr.1 --changelog CHANGELOG.md
                         [--guide FILE]... [--self-test]
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "testsupport"))
import gbrtest  # noqa: E402

# ---- reading troff as text --------------------------------------------------

ESCAPES = {"-": "-", "e": "\\", "&": "", "|": "", "^": "", " ": " ", "~": " ", "0": " "}
NAMED = {"dq": '"', "aq": "'", "em": "--", "en": "-", "lq": '"', "rq": '"', "co": "(c)", "mu": "x"}
FONT_MACROS = {"B", "I", "R", "BI", "BR", "IB", "IR", "RB", "RI"}


def unescape(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\" or i + 1 == len(text):
            out.append(c)
            i += 1
            continue
        n = text[i + 1]
        if n == "f":  # a font change: \fB, \fR, \f(CW, \f[B]
            if text.startswith("(", i + 2):
                i += 5
            elif text.startswith("[", i + 2):
                i = text.index("]", i) + 1
            else:
                i += 3
        elif n == "(":
            out.append(NAMED.get(text[i + 2:i + 4], "?"))
            i += 4
        elif n == "[":
            end = text.index("]", i)
            out.append(NAMED.get(text[i + 2:end], "?"))
            i = end + 1
        else:
            out.append(ESCAPES.get(n, n))
            i += 2
    return "".join(out)


def macro_args(rest):
    """The arguments of a request line: words, or "quoted words"."""
    args, i = [], 0
    while i < len(rest):
        if rest[i] == " ":
            i += 1
        elif rest[i] == '"':
            end = rest.find('"', i + 1)
            end = len(rest) if end < 0 else end
            args.append(rest[i + 1:end])
            i = end + 1
        else:
            end = rest.find(" ", i)
            end = len(rest) if end < 0 else end
            args.append(rest[i:end])
            i = end
    return args


def render(line):
    """A line of the page as the text it prints (fonts dropped), or None for
    a request that prints nothing of its own."""
    if line.startswith((".", "'")):
        name, _, rest = line[1:].partition(" ")
        if name in FONT_MACROS:
            args = macro_args(rest)
            # .B and .I join their words with spaces; the alternating
            # macros join them without.
            return unescape((" " if len(name) == 1 else "").join(args))
        return None
    return unescape(line)


# ---- options, as --help and the page write them ----------------------------

NAME = r"(?:--[A-Za-z0-9][\w-]*|-[A-Za-z0-9])"
ARG = r"(?:[A-Z][A-Z0-9_]*|[a-z0-9][\w.-]*(?:\|[\w.-]+)+)"
# An option line of --help: two spaces, the names, then one space and the
# argument, or two spaces (or the end) and the description.
HELP_LINE = re.compile(r"^  (%s(?:, %s)*)(?: (%s))?(?= |$)" % (NAME, NAME, ARG))
ITEM_PART = re.compile(r"^(%s)(?: (\S+))?$" % NAME)


class Option:
    def __init__(self, names, arg, where):
        self.names, self.arg, self.where = tuple(names), arg, where

    def form(self):
        return ", ".join(self.names) + (" " + self.arg if self.arg else "")


def help_line_options(text, where):
    found = []
    for line in text.split("\n"):
        m = HELP_LINE.match(line)
        if m and not line.startswith("  - "):
            found.append(Option(m.group(1).split(", "), m.group(2), where))
    return found


def usage_text(help_text):
    """The usage lines of a --help, joined, without "usage:"."""
    lines = help_text.split("\n")
    if not lines or not lines[0].startswith("usage:"):
        return None
    used = []
    for line in lines:
        if not line.strip():
            break
        used.append(line)
    return " ".join(" ".join(used)[len("usage:"):].split())


def usage_options(usage):
    """The options a usage names, each with the word after it when that is
    its argument (not a bracket or another option)."""
    words = usage.split()
    found = []
    for i, word in enumerate(words):
        name = word.lstrip("[(").rstrip("])").replace("...", "")
        if not re.fullmatch(NAME, name):
            continue
        arg = None
        if not word.endswith(("]", ")")) and i + 1 < len(words):
            following = words[i + 1]
            if not following.startswith(("[", "(", "|", "-")):
                arg = following.rstrip("])").replace("...", "").rstrip(")") or None
        found.append(Option([name], arg, "usage"))
    return found


def help_options(help_text):
    """The options a command's --help lists, by name: an option line's form,
    else the usage's."""
    listed = help_line_options(help_text, "option line")
    by_name = {}
    for option in listed:
        for name in option.names:
            by_name.setdefault(name, option)
    result = list(dict.fromkeys(by_name.values()))
    for option in usage_options(usage_text(help_text) or ""):
        if option.names[0] not in by_name:
            by_name[option.names[0]] = option
            result.append(option)
    return result


def item_options(head):
    """The options a .TP item's head documents: "-p, --position TEXT" is one
    option with two names, "--white LIST, --black LIST" two options."""
    options, names = [], []
    for part in head.split(", "):
        m = ITEM_PART.match(part.strip())
        if not m:
            return None
        names.append(m.group(1))
        if m.group(2):
            options.append(Option(names, m.group(2), "item"))
            names = []
    if names:
        options.append(Option(names, None, "item"))
    return options


# ---- the page -----------------------------------------------------------------


class Section:
    def __init__(self, name, line):
        self.name, self.line = name, line
        self.synopsis = []
        self.items = []          # (line number, Option)
        self.in_synopsis = True


class Page:
    def __init__(self, text):
        self.th = None
        self.synopsis_text = []
        self.commands = []       # Section, in page order
        self.common = []         # (line number, Option) of .SH OPTIONS
        self.problems = []       # (line number, message) of items that cannot be read
        self.parse(text.split("\n"))

    def parse(self, lines):
        chapter, section, after_tp = None, None, False
        for number, line in enumerate(lines, 1):
            if line.startswith(".TH "):
                self.th = (number, macro_args(line[4:]))
            if line.startswith(".SH"):
                chapter = " ".join(macro_args(line[3:]))
                section = None
                continue
            if chapter == "COMMANDS" and line.startswith(".SS"):
                section = Section(" ".join(macro_args(line[3:])), number)
                self.commands.append(section)
                continue
            if after_tp:
                after_tp = False
                head = render(line)
                if head is not None and head.startswith("-"):
                    options = item_options(head)
                    if options is None:
                        self.problems.append((number, "cannot read the option item %r" % head))
                    elif chapter == "OPTIONS":
                        self.common += [(number, o) for o in options]
                    elif section is not None:
                        section.items += [(number, o) for o in options]
                continue
            if line.startswith(".TP"):
                after_tp = True
            if chapter == "SYNOPSIS":
                text = render(line)
                if text is not None:
                    self.synopsis_text.append(text)
            if section is not None and section.in_synopsis:
                if line.startswith((".PP", ".TP", ".IP", ".RS", ".SS", ".SH")):
                    section.in_synopsis = False
                else:
                    text = render(line)
                    if text is not None:
                        section.synopsis.append(text)


# ---- the check ------------------------------------------------------------------


def help_commands(top_help):
    names, listing = [], False
    for line in top_help.split("\n"):
        if line == "Commands:":
            listing = True
        elif listing and line.startswith("  "):
            names.append(line.split()[0])
        elif listing:
            break
    return names


def check(page_name, page_text, top_help, version_line, helps, changelog):
    """The drifts between the page and the help texts, one message each."""
    page = Page(page_text)
    drifts = ["%s:%d: %s" % (page_name, n, m) for n, m in page.problems]

    def say(line, message):
        drifts.append("%s:%d: %s" % (page_name, line, message))

    # .TH: the version, and a date no older than the newest release.
    version = version_line.split()[1] if len(version_line.split()) > 1 else version_line
    th_line, th = page.th if page.th else (1, [])
    if len(th) < 4 or th[3] != "gbr " + version:
        say(th_line, '.TH says %r; `gbr --version` says gbr %s: write .TH GBR 1 "DATE" "gbr %s" ...'
            % (th[3] if len(th) > 3 else None, version, version))
    releases = re.findall(r"^## \[[^\]]+\] - (\d{4}-\d{2}-\d{2})", changelog, re.M)
    date = th[2] if len(th) > 2 else ""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        say(th_line, ".TH date %r is not YYYY-MM-DD (the date of the page's last change)" % date)
    elif releases and date < max(releases):
        say(th_line, ".TH date %s is older than the newest release in CHANGELOG.md (%s): "
            "write the date of this change" % (date, max(releases)))

    # The top-level options.
    top_usage = {o.names[0] for o in usage_options(usage_text(top_help) or "")}
    page_top = {o.names[0] for o in usage_options(" ".join(page.synopsis_text))}
    for name in sorted(top_usage - page_top):
        say(1, "SYNOPSIS lacks %s, which `gbr --help` lists" % name)
    for name in sorted(page_top - top_usage):
        say(1, "SYNOPSIS names %s, which `gbr --help` does not list" % name)

    # The commands and their sections.
    commands = help_commands(top_help)
    sections = {s.name: s for s in page.commands}
    for name in commands:
        if name not in sections:
            say(1, "no section for the command %s (`gbr --help` lists it): add `.SS %s` under .SH COMMANDS"
                % (name, name))
    for s in page.commands:
        if s.name not in commands:
            say(s.line, "section %s: `gbr --help` lists no such command" % s.name)

    common = page.common
    for s in page.commands:
        if s.name not in helps:
            continue
        text = helps[s.name]
        want = usage_text(text)
        got = " ".join(" ".join(s.synopsis).split())
        if got != want:
            # Where they part, then the whole usage to copy.
            g, w = got.split(), (want or "").split()
            i = next((k for k in range(min(len(g), len(w))) if g[k] != w[k]), min(len(g), len(w)))
            say(s.line, "section %s: the synopsis parts from `gbr %s --help`'s usage at word %d: "
                "the page has %r, the usage %r (usage: %s)"
                % (s.name, s.name, i + 1, " ".join(g[i:i + 3]), " ".join(w[i:i + 3]), want))
        listed = help_options(text)
        listed_by_name = {n: o for o in listed for n in o.names}
        documented = s.items + common
        documented_by_name = {n: (line, o) for line, o in documented for n in o.names}
        for option in listed:
            hit = [documented_by_name.get(n) for n in option.names if n in documented_by_name]
            if not hit:
                say(s.line, "section %s: no .TP item for %s, which `gbr %s --help` lists (%s)"
                    % (s.name, option.form(), s.name, option.where))
        for line, option in documented:
            theirs = [listed_by_name[n] for n in option.names if n in listed_by_name]
            where = "section %s" % s.name if (line, option) in s.items else "OPTIONS (for %s)" % s.name
            if not theirs:
                say(line, "%s: item %s, which `gbr %s --help` does not list"
                    % (where, option.form(), s.name))
                continue
            help_form = theirs[0]
            if set(help_form.names) != set(option.names) or help_form.arg != option.arg:
                say(line, "%s: item %s; `gbr %s --help` lists %s"
                    % (where, option.form(), s.name, help_form.form()))
    return drifts


# A command line in a guide: "gbr NAME" and what follows it up to the end of
# its code span, a pipe or a list of commands.
GUIDE_COMMAND = re.compile(r"\bgbr ([a-z][a-z0-9_]*)((?: +[^`|;&\n]*)?)")
GUIDE_OPTION = re.compile(r"(?<![\w./-])(--?[A-Za-z][\w-]*)")


def check_guides(guides, helps):
    """The options the guides name after `gbr NAME` that its --help lacks."""
    drifts = []
    for name, text in guides:
        for number, line in enumerate(text.split("\n"), 1):
            for m in GUIDE_COMMAND.finditer(line):
                command = m.group(1)
                if command not in helps:
                    continue
                listed = {n for o in help_options(helps[command]) for n in o.names}
                for option in GUIDE_OPTION.findall(m.group(2)):
                    if option != "--" and option not in listed:
                        drifts.append("%s:%d: `gbr %s ... %s`: `gbr %s --help` lists no %s"
                                      % (name, number, command, option, command, option))
    return drifts


# ---- running gbr ----------------------------------------------------------------


def run_gbr(gbr, *args):
    done = subprocess.run([gbr] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit("check_man_page.py: %s %s exited %d: %s"
                 % (gbr, " ".join(args), done.returncode, done.stderr.decode(errors="replace")))
    return done.stdout.decode()


def gather(gbr):
    top = run_gbr(gbr, "--help")
    helps = {name: run_gbr(gbr, name, "--help") for name in help_commands(top)}
    if not helps:
        sys.exit("check_man_page.py: `%s --help` lists no command" % gbr)
    return top, run_gbr(gbr, "--version").split("\n")[0], helps


def self_test(page_name, page, top, version, helps, changelog, guides):
    """Plants one drift of each kind and wants exactly those reported."""
    clean = check(page_name, page, top, version, helps, changelog) + check_guides(guides, helps)
    if clean:
        print("self-test: the real page must be clean first; it has:\n  " + "\n  ".join(clean))
        return 1

    def lines_of(text):
        return text.split("\n")

    p = lines_of(page)
    def find(pattern, start=0):
        for i in range(start, len(p)):
            if re.search(pattern, p[i]):
                return i
        raise SystemExit("self-test: the page has no line matching %r" % pattern)

    sort_at = find(r"^\.SS sort$")
    memory = find(r"^\.BI \\-\\-memory \" SIZE\"$", sort_at)     # sort's --memory
    p[memory] = '.BI \\-\\-memory " BYTES"'
    o_item = find(r"^\.BI \\-o \" FILE\"$", sort_at)             # sort's -o, removed
    del p[o_item - 1:o_item + 1]
    sort_text = find(r"^\.PP$", find(r"^\.SS sort$"))         # an item added after the synopsis
    p.insert(sort_text + 1, ".TP\n.B \\-\\-bogus\nNo such option.\n.PP")
    study_at = find(r"^\.SS study$")
    end = study_at + 1
    while not p[end].startswith((".SS", ".SH")):
        end += 1
    del p[study_at:end]
    th = find(r"^\.TH ")
    p[th] = p[th].replace('"gbr ', '"gbr 0.')
    planted_page = "\n".join(p)

    planted_helps = dict(helps)
    planted_helps["select"] = helps["select"].replace(
        "\nOptions:\n", "\nOptions:\n  --shrink-share N  a planted option\n")
    planted_helps["check"] = helps["check"].replace("[--impl ref|fast]", "[--impl ref|fast] [--planted]")

    planted_guide = ("planted.md", "Run `gbr sort --memory 64K -o out.txt` or\n"
                     "    gbr audit --fix --add-codes gbr --dry-run -o - db.pgn | less\n")
    got = check(page_name, planted_page, top, version, planted_helps, changelog)
    got += check_guides(guides + [planted_guide], helps)
    want = [
        r":\d+: \.TH says 'gbr 0\.",
        r":\d+: no section for the command study ",
        r":\d+: section sort: no \.TP item for -o FILE, which `gbr sort --help` lists \(option line\)$",
        r":\d+: section sort: item --memory BYTES; `gbr sort --help` lists --memory SIZE$",
        r":\d+: section sort: item --bogus, which `gbr sort --help` does not list$",
        r":\d+: section select: no \.TP item for --shrink-share N, which `gbr select --help` lists",
        r":\d+: section check: the synopsis parts from `gbr check --help`'s usage at word 5: "
        r"the page has '\[TEXT\.\.\.\]', the usage '\[--planted\] \[TEXT\.\.\.\]' \(usage: .*\[--planted\]",
        r":\d+: section check: no \.TP item for --planted, which `gbr check --help` lists \(usage\)$",
        r"^planted\.md:2: `gbr audit \.\.\. --dry-run`: `gbr audit --help` lists no --dry-run$",
    ]
    if not gbrtest.reported_exactly(got, want, matches=lambda w, g: re.search(w, g), wanted="planted"):
        print("self-test failed")
        return 1
    print("self-test passed: the %d planted drifts, and nothing else, were reported" % len(want))
    return 0


def main():
    parser = argparse.ArgumentParser(description="Checks the man page against gbr --help.")
    parser.add_argument("--gbr", required=True)
    parser.add_argument("--page", required=True)
    parser.add_argument("--changelog", required=True)
    parser.add_argument("--root", help="the repository root, for the guides' names in reports")
    parser.add_argument("--guide", action="append", default=[], help="a guide whose gbr command lines are checked")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    with open(args.page, encoding="utf-8") as f:
        page = f.read()
    with open(args.changelog, encoding="utf-8") as f:
        changelog = f.read()
    guides = []
    for path in args.guide:
        with open(path, encoding="utf-8") as f:
            guides.append((os.path.relpath(path, args.root) if args.root else path, f.read()))
    top, version, helps = gather(args.gbr)
    name = "src/cli/gbr.1"
    if args.self_test:
        return self_test(name, page, top, version, helps, changelog, guides)
    drifts = check(name, page, top, version, helps, changelog) + check_guides(guides, helps)
    for drift in drifts:
        print(drift)
    print("%d commands, %d options of --help checked against %s and %d guides; %d drifts"
          % (len(helps), sum(len(help_options(t)) for t in helps.values()), name, len(guides), len(drifts)))
    return 1 if drifts else 0


if __name__ == "__main__":
    sys.exit(main())
