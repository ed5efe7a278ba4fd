#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The app's translations with gettext's own tools, for `make` (meson installs them through its i18n module).

  i18n.py pot OUT          the template: every message of the files in POTFILES.in, extracted by xgettext
  i18n.py compile DIR      each language of LINGUAS, and the generated pseudo-locale en@pseudo, compiled into
                           DIR/LANG/LC_MESSAGES/cardstack.mo, where an uninstalled binary finds them
  i18n.py check            fails when a source file with messages is missing from POTFILES.in (or a listed one
                           has none), when a message is not a plain one-line literal, or when msgfmt -c rejects a
                           catalogue

xgettext 0.21 reads Swift as C: it sees a message only when it is one plain literal on one line. The wrappers
take StaticString, so the compiler refuses interpolation; this check refuses what the compiler lets through
(a literal over several lines, a raw literal, a concatenation).
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DOMAIN = "cardstack"
PSEUDO = "en@pseudo"
# The wrappers and which of their arguments are messages: tr(message), trn(singular, plural, count),
# trp(context, message).
KEYWORDS = ["--keyword=tr", "--keyword=trn:1,2", "--keyword=trp:1c,2"]
MESSAGE_ARGUMENTS = {"tr": 1, "trn": 2, "trp": 2}
CALL = re.compile(r"(?<![\w.])(tr|trn|trp)\(")


def listed_files():
    with open(os.path.join(HERE, "POTFILES.in"), encoding="utf-8") as listing:
        return [line.strip() for line in listing if line.strip() and not line.startswith("#")]


def languages():
    with open(os.path.join(HERE, "LINGUAS"), encoding="utf-8") as listing:
        return [word for line in listing if not line.startswith("#") for word in line.split()]


def run(command, **options):
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)}:\n{result.stderr}")
    return result


def pot(output):
    """Extracts the template, the files named relative to the repository: the Swift sources read as Objective-C
    (so `%@` marks a message objc-format, which msgfmt -c then checks), the desktop file and the metainfo by
    their own rules."""
    listed = listed_files()
    swift = [path for path in listed if path.endswith(".swift")]
    data = [path for path in listed if not path.endswith(".swift")]
    with tempfile.TemporaryDirectory() as work:
        parts = []
        for name, files, language in [("swift", swift, ["--language=ObjectiveC", *KEYWORDS]), ("data", data, [])]:
            if not files:
                continue
            listing = os.path.join(work, name + ".txt")
            with open(listing, "w", encoding="utf-8") as out:
                out.write("\n".join(files) + "\n")
            part = os.path.join(work, name + ".pot")
            run(["xgettext", "--from-code=UTF-8", *language, "--add-comments=Translators:", "--package-name=" + DOMAIN,
                 "--sort-by-file", "--directory=" + ROOT, "--files-from=" + listing, "--output=" + part])
            parts.append(part)
        run(["msgcat", "--use-first", "--output-file=" + output, *parts])


def pseudo(template, output):
    """The pseudo-locale: every message between ⟦ ⟧ and a third longer, so an untranslated string or a label
    too narrow for a longer language shows at once. Made from the template, never committed."""
    english = output + ".en"
    run(["msginit", "--no-translator", "--locale=" + PSEUDO, "--input=" + template, "--output-file=" + english],
        env=dict(os.environ, LANG="C.UTF-8"))
    # msgfilter starts the filter once a message: Perl, which starts at once, where starting Python for each
    # made this the slowest step of the build. Lengths are in characters (-CS reads and writes UTF-8).
    run(["msgfilter", "--keep-header", "--input=" + english, "--output-file=" + output,
         "perl", "-CS", "-Mutf8", "-0777", "-ne", PSEUDO_FILTER])
    os.unlink(english)


# A message between ⟦ ⟧, followed by a third of its length (rounded up) in middle dots; an empty one stays empty.
PSEUDO_FILTER = 'print "⟦" . $_ . ("·" x int((length($_) + 2) / 3)) . "⟧" if length'


def compile_catalogues(directory):
    with tempfile.TemporaryDirectory() as work:
        template = os.path.join(work, DOMAIN + ".pot")
        pot(template)
        sources = {language: os.path.join(HERE, language + ".po") for language in languages()}
        sources[PSEUDO] = os.path.join(work, PSEUDO + ".po")
        pseudo(template, sources[PSEUDO])
        for language, source in sources.items():
            messages = os.path.join(directory, language, "LC_MESSAGES")
            os.makedirs(messages, exist_ok=True)
            run(["msgfmt", "--check", "--output-file=" + os.path.join(messages, DOMAIN + ".mo"), source])
        print(f"i18n: {', '.join(sorted(sources))} compiled into {directory}")


def literal_end(text, start):
    """The index after the plain one-line string literal that starts at `start`, or None."""
    if text.startswith('"""', start) or text[start] != '"':
        return None
    index = start + 1
    while index < len(text):
        character = text[index]
        if character == "\\":
            index += 2
            continue
        if character == "\n":
            return None
        if character == '"':
            return index + 1
        index += 1
    return None


def check():
    problems = []
    listed = set(listed_files())
    with_messages = set()
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            if relative.startswith("Sources/Translation/"):
                continue
            with open(path, encoding="utf-8") as source:
                text = source.read()
            for call in CALL.finditer(text):
                line = text.count("\n", 0, call.start()) + 1
                before = text[text.rfind("\n", 0, call.start()) + 1:call.start()]
                # A comment, or a wrapper's own definition (the core has its own, as it doesn't link gettext).
                if before.strip().startswith("//") or before.rstrip().endswith("func"):
                    continue
                with_messages.add(relative)
                index = call.end()
                for argument in range(MESSAGE_ARGUMENTS[call.group(1)]):
                    while text[index] in " \t\n":
                        index += 1
                    end = literal_end(text, index)
                    if end is None:
                        problems.append(f"{relative}:{line}: {call.group(1)}(…) needs a plain one-line literal for xgettext")
                        break
                    index = end
                    while text[index] in " \t\n":
                        index += 1
                    if text[index] not in ",)":
                        problems.append(f"{relative}:{line}: {call.group(1)}(…): a message is one literal, not a concatenation")
                        break
                    index += 1
    for missing in sorted(with_messages - listed):
        problems.append(f"po/POTFILES.in: {missing} has messages but is not listed")
    for extra in sorted(path for path in listed - with_messages if path.endswith(".swift")):
        problems.append(f"po/POTFILES.in: {extra} is listed but has no messages")
    for data in sorted(path for path in listed if not path.endswith(".swift")):
        if not os.path.exists(os.path.join(ROOT, data)):
            problems.append(f"po/POTFILES.in: {data} does not exist")
    for language in languages():
        result = subprocess.run(["msgfmt", "--check", "--statistics", "--output-file=/dev/null", os.path.join(HERE, language + ".po")],
                                capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"po/{language}.po: msgfmt -c: {result.stderr.strip()}")
    if problems:
        sys.exit("\n".join(["i18n: " + problem for problem in problems]))
    print(f"i18n: {len(with_messages)} files with messages, all in POTFILES.in; {', '.join(languages()) or 'no'} catalogues pass msgfmt -c")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "pot" and len(sys.argv) == 3:
        pot(sys.argv[2])
    elif command == "compile" and len(sys.argv) == 3:
        compile_catalogues(sys.argv[2])
    elif command == "check":
        check()
    else:
        sys.exit(__doc__)
