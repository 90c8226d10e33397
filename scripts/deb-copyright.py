#!/usr/bin/env python3
"""Writes the Debian copyright file (DEP-5) of the pos package to standard output.

pos is linked statically: the binary carries the code of every Swift package it uses, and their licenses ask for their
notices to travel with it (Apache-2.0 section 4(d): the NOTICE files; MIT/Expat: the permission notice). The packages
are found from the link itself, not from Package.resolved: each object file on pos's link line belongs to a module
build folder (`<Module>.build`), whose output file map (Swift) or dependency files (C) name its sources, and so the
checkout they came from. A license file found in a module's own source folder (a vendored C library) is added too.

Usage: deb-copyright.py BIN_PATH ROOT MAINTAINER   (BIN_PATH: `swift build -c release --show-bin-path`)
"""
import json
import pathlib
import re
import sys

bin_path, root, maintainer = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
checkouts = root / ".build" / "checkouts"
source_re = re.compile(r'(/[^\s"\\:]+\.(?:swift|c|cc|cpp|S))')


def module_sources(build_dir: pathlib.Path) -> list[pathlib.Path]:
    """The source files a module was compiled from: the output file map's keys (Swift), or the first prerequisite
    of each dependency file (C; the rest are the headers it included, which may belong to other packages)."""
    output_file_map = build_dir / "output-file-map.json"
    if output_file_map.is_file():
        paths = [key for key in json.loads(output_file_map.read_text()) if key]
    else:
        paths = []
        for depfile in build_dir.rglob("*.d"):
            prerequisites = depfile.read_text(errors="replace").split(":", 1)[-1].replace("\\\n", " ").split()
            paths += prerequisites[:1]
    return sorted({pathlib.Path(p) for p in paths if source_re.fullmatch(p)})


def license_kind(text: str) -> str:
    if "Apache License" in text and "Version 2.0" in text:
        return "Apache-2.0 with Swift exception" if "Runtime Library Exception" in text else "Apache-2.0"
    if "Permission is hereby granted, free of charge" in text:
        return "Expat"
    raise SystemExit(f"deb-copyright: unknown license: {text[:200]!r}")


def copyright_lines(package_dir: pathlib.Path, license_text: str, sources: list[pathlib.Path]) -> list[str]:
    candidates = []
    notice = package_dir / "NOTICE.txt"
    for text in ([notice.read_text(errors="replace")] if notice.is_file() else []) + [license_text]:
        candidates += [line.strip() for line in text.splitlines()
                       if re.match(r"\s*Copyright\b", line) and "[" not in line and "notice" not in line.lower()]
        if candidates:
            break
    if not candidates:  # the header of the first source file, as Swift packages carry their copyright there
        for source in sources[:1]:
            for line in source.read_text(errors="replace").splitlines()[:20]:
                match = re.search(r"(Copyright\b.*)", line)
                if match:
                    candidates.append(match.group(1).strip())
                    break
    lines = list(dict.fromkeys(re.sub(r"^Copyright\s*(\(c\)|\(C\)|©)?\s*", "", c) for c in candidates))
    return lines or [f"the {package_dir.name} authors"]


def field(text: str) -> str:
    """A multi-line DEP-5 field value: continuation lines indented, empty lines as '.'."""
    return "\n".join(" " + line.rstrip() if line.strip() else " ." for line in text.strip("\n").splitlines())


link_list = bin_path / "pos.product" / "Objects.LinkFileList"
modules: dict[str, list[pathlib.Path]] = {}
for line in link_list.read_text().splitlines():  # one path a line, quoted when it has a space
    if not line.strip():
        continue
    relative = pathlib.Path(line.strip().strip("'\"")).resolve().relative_to(bin_path.resolve())
    module_dir = relative.parts[0]
    if module_dir.endswith(".build") and module_dir not in modules:
        modules[module_dir] = module_sources(bin_path / module_dir)

packages: dict[str, dict] = {}
vendored: dict[pathlib.Path, list[str]] = {}
own = []
for module_dir, sources in sorted(modules.items()):
    module = module_dir.removesuffix(".build")
    in_checkout = [s for s in sources if s.is_relative_to(checkouts)]
    if not sources:
        raise SystemExit(f"deb-copyright: no sources found for {module_dir}")
    if not in_checkout:
        own.append(module)
        continue
    package = in_checkout[0].relative_to(checkouts).parts[0]
    entry = packages.setdefault(package, {"modules": [], "sources": []})
    entry["modules"].append(module)
    entry["sources"] += in_checkout
    for source in in_checkout:  # a license file in the module's own folders (a vendored library)
        directory = source.parent
        while directory != checkouts / package and directory.is_relative_to(checkouts / package):
            for candidate in directory.glob("LICENSE*"):
                vendored.setdefault(candidate, [])
                if module not in vendored[candidate]:
                    vendored[candidate].append(module)
            directory = directory.parent

licenses: dict[str, str] = {}
out = [
    "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
    "Upstream-Name: pos",
    f"Upstream-Contact: {maintainer}",
    "Comment: /usr/bin/pos is linked statically with the Swift runtime (the standard",
    " library, Foundation and Dispatch of the Swift toolchain: Copyright Apple Inc. and",
    " the Swift project authors, License: Apache-2.0 with Swift exception) and with the",
    " Swift packages below, built from the checkouts SwiftPM resolved (.build/checkouts).",
    "",
    "Files: *",
    "Copyright: the pos authors",
    "License: all-rights-reserved",
    f"Comment: pos's own modules: {', '.join(own)}.",
]
swift_exception_source = None
for package, entry in sorted(packages.items(), key=lambda item: item[0].lower()):
    directory = checkouts / package
    license_file = next(iter(sorted(directory.glob("LICENSE*"))), None)
    if license_file is None:
        raise SystemExit(f"deb-copyright: {package} has no LICENSE file")
    license_text = license_file.read_text(errors="replace")
    kind = license_kind(license_text)
    if kind == "Expat":
        licenses.setdefault("Expat", license_text)
    if kind.endswith("Swift exception"):
        swift_exception_source = swift_exception_source or license_text
    comment = f"Linked into /usr/bin/pos: {', '.join(sorted(entry['modules']))}."
    notice = directory / "NOTICE.txt"
    if notice.is_file():
        comment += "\n\nNOTICE.txt of " + package + ":\n\n" + notice.read_text(errors="replace")
    out += ["", f"Files: .build/checkouts/{package}/*",
            "Copyright: " + "\n ".join(copyright_lines(directory, license_text, entry["sources"])),
            f"License: {kind}", "Comment:" + "\n" + field(comment)]

for license_file, using in sorted(vendored.items()):
    text = license_file.read_text(errors="replace")
    kind = license_kind(text)
    short = "Expat-" + license_file.parent.name if kind == "Expat" else kind
    if kind == "Expat":
        licenses[short] = text
    relative = license_file.parent.relative_to(root)
    out += ["", f"Files: {relative}/*",
            "Copyright: " + "\n ".join(copyright_lines(license_file.parent, text, [])),
            f"License: {short}", f"Comment: Vendored in {', '.join(using)}; the license text is {license_file.name} there."]

out += ["", "License: all-rights-reserved",
        " The pos repository carries no license: no license to copy, modify or",
        " redistribute pos's own code is granted by this package."]
out += ["", "License: Apache-2.0",
        " On Debian systems, the full text of the Apache License, Version 2.0 is in",
        " /usr/share/common-licenses/Apache-2.0."]
if swift_exception_source is None:
    raise SystemExit("deb-copyright: no package carried the Runtime Library Exception text")
exception = swift_exception_source[swift_exception_source.index("Runtime Library Exception"):]
exception = "\n".join(line.strip() for line in exception.splitlines()[1:]).strip().strip("#").strip()
out += ["", "License: Apache-2.0 with Swift exception",
        " On Debian systems, the full text of the Apache License, Version 2.0 is in",
        " /usr/share/common-licenses/Apache-2.0. The Runtime Library Exception:",
        " .", field(exception)]
for short, text in sorted(licenses.items()):
    out += ["", f"License: {short}", field(text)]
print("\n".join(out))
