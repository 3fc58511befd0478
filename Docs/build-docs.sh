#!/usr/bin/env bash
# Builds the DocC documentation of ReactorKit, ReactorKitTesting, ServiceBus, TodoCore and
# TodoCoreTesting, with the guides of Docs/ as articles, into one static site: docs-build/site (serve it with
# `python3 -m http.server -d docs-build/site` and open /documentation/).
#
# Fails on any DocC warning, on a public declaration without a `///` summary, and on a public
# symbol missing from its catalog's Topics (listing them). Usage: Docs/build-docs.sh
#
# Environment: DOCS_OUTPUT (default docs-build), DOCS_HOSTING_BASE_PATH (default empty: the
# site is served from the root of its host), DOCC (default: the toolchain's docc).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${DOCS_OUTPUT:-docs-build}
base=${DOCS_HOSTING_BASE_PATH:-}
base=${base%/}
modules=(ReactorKit ReactorKitTesting ServiceBus TodoCore TodoCoreTesting)

# Which catalog carries each guide of Docs/ (guide file → module[:article name]). A guide not
# listed here goes to TodoCore under its own name.
guides=(
    GettingStarted.md=ReactorKit
    Reactor.md=ReactorKit:Reactors
    ReactiveCore.md=ReactorKit
    ReactorKitCompatibility.md=ReactorKit
    Testing.md=ReactorKitTesting
    Architecture.md=ServiceBus
    CLI.md=TodoCore
    StoreFormat.md=TodoCore
    Reliability.md=TodoCore
    UI.md=TodoCore
)

if [[ -n "${DOCC:-}" ]]; then
    docc=$DOCC
elif command -v docc >/dev/null; then
    docc=$(command -v docc)
else
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[[ -x "$docc" ]] || { echo "error: docc not found (set DOCC)" >&2; exit 1; }

started=$SECONDS
rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/catalogs" "$out/archives"

# 1. Symbol graphs, from the debug build (`swift build` first, so this reuses it).
echo "== symbol graphs"
swift build >"$out/build.log" 2>&1 || { cat "$out/build.log" >&2; exit 1; }
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
# It also tries the test targets' modules, which fail unless the tests were built: only an
# error about one of ours counts.
swift package dump-symbol-graph --emit-extension-block-symbols >"$out/symbol-graph.log" 2>&1 || true
if grep "^error:" "$out/symbol-graph.log" | grep -v "for 'ReactorKitPackage\(Discovered\)\?Tests'"; then
    echo "error: swift package dump-symbol-graph failed (see $out/symbol-graph.log)" >&2
    exit 1
fi
for module in "${modules[@]}"; do
    [[ -f "$graphs/$module.symbols.json" ]] || { echo "error: no symbol graph for $module" >&2; exit 1; }
    mkdir -p "$out/symbol-graphs/$module"
    cp "$graphs/$module.symbols.json" "$out/symbol-graphs/$module/"
    cp "$graphs/$module"@*.symbols.json "$out/symbol-graphs/$module/" 2>/dev/null || true
done

# 2. Catalogs: each module's own, plus its guides from Docs/ with their links made to work
#    in the site (a guide in the same catalog by <doc:…>, one in another catalog by its URL,
#    a file of the repository as its path).
echo "== catalogs"
python3 - "$out/catalogs" "$base" "${guides[@]}" <<'EOF'
import os, re, shutil, sys

out, base, mapping = sys.argv[1], sys.argv[2], sys.argv[3:]
modules = ["ReactorKit", "ReactorKitTesting", "ServiceBus", "TodoCore", "TodoCoreTesting"]
place = {}  # guide file -> (module, article name)
for item in mapping:
    name, target = item.split("=")
    module, _, article = target.partition(":")
    place[name] = (module, article or name[:-3])
for name in sorted(os.listdir("Docs")):
    if name.endswith(".md") and name not in place:
        place[name] = ("TodoCore", name[:-3])

for module in modules:
    shutil.copytree(f"Sources/{module}/{module}.docc", f"{out}/{module}.docc")

link = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")

def rewrite(module, text):
    def replace(match):
        label, target = match.group(1), match.group(2)
        if re.match(r"[a-z]+:", target):
            return match.group(0)  # http(s), mailto
        path, _, _ = target.partition("#")
        if not path:
            return label  # a heading on the same page: GitHub's anchors are not DocC's
        if path in place and os.path.exists(f"Docs/{path}"):
            other, article = place[path]
            if other == module:
                return f"[{label}](<doc:{article}>)"
            return f"[{label}]({base}/documentation/{other.lower()}/{article.lower()})"
        repo_path = os.path.normpath(os.path.join("Docs", path))
        return label if label.strip("`") == repo_path else f"{label} (`{repo_path}`)"
    return link.sub(replace, text)

for name, (module, article) in sorted(place.items()):
    if not os.path.exists(f"Docs/{name}"):
        continue
    text = open(f"Docs/{name}", encoding="utf-8").read()
    os.makedirs(f"{out}/{module}.docc/Guides", exist_ok=True)
    with open(f"{out}/{module}.docc/Guides/{article}.md", "w", encoding="utf-8") as f:
        f.write(rewrite(module, text))
EOF

# 3. Every public declaration documented, every public symbol in its catalog's Topics.
echo "== documentation and topics check"
python3 - "$out" "${modules[@]}" <<'EOF'
import glob, json, os, re, sys

out, modules = sys.argv[1], sys.argv[2:]
problems = []

def strip_disambiguation(component):
    # A kind (-swift.struct), a hash (-1a2b3), or parameter or return types (-(Int,_), ->Int).
    return re.sub(r"-(swift\.[a-z.]+|[0-9a-f]{4,6}|\(.*\)|>.*)$", "", component)

for module in modules:
    symbols = {}  # path -> symbol
    for path in glob.glob(f"{out}/symbol-graphs/{module}/*.symbols.json"):
        name = os.path.basename(path)[: -len(".symbols.json")]
        extended = name.split("@")[1] if "@" in name else None
        for symbol in json.load(open(path))["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            key = "/".join(symbol["pathComponents"])
            if extended:
                key = f"{extended}/{key}"
            symbol["_extended"] = extended
            symbols[key] = symbol

    def synthesized(symbol):
        return "::SYNTHESIZED::" in symbol["identifier"]["precise"]

    def where(symbol):
        location = symbol.get("location", {})
        uri = location.get("uri", "?").split("/Sources/")[-1]
        return f"Sources/{uri}:{location.get('position', {}).get('line', 0) + 1}"

    for key, symbol in sorted(symbols.items()):
        if not synthesized(symbol) and not symbol.get("docComment"):
            problems.append(f"{module}: {key} has no /// summary ({where(symbol)})")

    # What the catalog's Topics sections link, and the pages (extension files) that curate
    # a type's members.
    linked, curated_types = set(), set()
    for page in glob.glob(f"{out}/catalogs/{module}.docc/**/*.md", recursive=True):
        text = open(page, encoding="utf-8").read()
        title = re.match(r"#\s+``([^`]+)``", text)
        scope = title.group(1).split("/") if title else []
        if scope and scope[0] == module:
            scope = scope[1:]
        topics = re.split(r"^## Topics\s*$", text, maxsplit=1, flags=re.M)
        if len(topics) < 2:
            continue
        if scope:
            curated_types.add("/".join(scope))
        for target in re.findall(r"^\s*-\s+``([^`]+)``", topics[1], flags=re.M):
            parts = [strip_disambiguation(p) for p in target.strip("/").split("/")]
            if parts and parts[0] == module:
                parts = parts[1:]
            for candidate in ("/".join(scope + parts), "/".join(parts)):
                if candidate in symbols:
                    linked.add(candidate)
                    break
            else:
                linked.add("/".join(parts))

    def required(key, symbol):
        if synthesized(symbol):
            return False
        depth = len(symbol["pathComponents"])
        if depth == 1 or symbol["_extended"]:
            return True  # a top-level symbol, or a member this module adds to another's type
        return "/".join(symbol["pathComponents"][:-1]) in curated_types

    for key, symbol in sorted(symbols.items()):
        if required(key, symbol) and key not in linked:
            problems.append(f"{module}: {key} is in no Topics section ({where(symbol)})")

if problems:
    print("\n".join(problems), file=sys.stderr)
    print(f"error: {len(problems)} documentation problems", file=sys.stderr)
    sys.exit(1)
EOF

# 4. One archive per module (any warning fails), merged into one static site.
for module in "${modules[@]}"; do
    echo "== docc convert $module"
    if ! "$docc" convert "$out/catalogs/$module.docc" \
        --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
        --output-dir "$out/archives/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --transform-for-static-hosting --experimental-transform-for-static-hosting-with-content \
        ${base:+--hosting-base-path "$base"} \
        --warnings-as-errors >"$out/docc-$module.log" 2>&1 \
        || grep -q "warning:" "$out/docc-$module.log"; then
        cat "$out/docc-$module.log" >&2
        echo "error: docc convert $module failed or warned" >&2
        exit 1
    fi
done
echo "== docc merge"
archives=()
for module in "${modules[@]}"; do archives+=("$out/archives/$module.doccarchive"); done
"$docc" merge "${archives[@]}" --output-path "$out/site" \
    --synthesized-landing-page-name "ReactorKit for Linux" >"$out/docc-merge.log" 2>&1 \
    || { cat "$out/docc-merge.log" >&2; exit 1; }
# 5. A site that works from file:// too. DocC's pages load their scripts from absolute paths
#    (/js/…), and its app fetches each page's JSON, which browsers refuse for file:// URLs. Each
#    page also holds its content as HTML (in <noscript>, with relative links, from
#    --experimental-transform-for-static-hosting-with-content): opened from a file, a page shows
#    that content instead of starting the app; served, it starts the app as before.
echo "== static pages for file://"
python3 - "$out/site" "$base" <<'EOF'
import glob, os, re, sys

site, base = sys.argv[1], sys.argv[2]
scripts = re.compile(r'<script>var baseUrl = "[^"]*"</script>((?:<script defer="defer" src="[^"]+"></script>)+)')
sources = re.compile(r'src="([^"]+)"')
style = (
    "<style>html.static-page body{font:16px/1.5 -apple-system,'Helvetica Neue',Helvetica,Arial,sans-serif;"
    "max-width:54em;margin:2em auto;padding:0 1em;color:#1d1d1f}html.static-page pre{background:#f5f5f7;"
    "padding:.8em;overflow:auto}html.static-page code{font-family:Menlo,monospace;font-size:.9em}"
    "html.static-page #app{display:none}html.static-page a p{margin:.2em 0}</style>"
)
problems, pages = [], 0
for page in glob.glob(f"{site}/**/index.html", recursive=True):
    html = open(page, encoding="utf-8").read()
    match = scripts.search(html)
    if not match or "<noscript>" not in html:
        problems.append(f"{page}: no scripts or no content to rewrite")
        continue
    app = sources.findall(match.group(1))
    loader = (
        f'<script>var baseUrl = "{base}/";'
        '(function(){if(location.protocol==="file:"){document.documentElement.classList.add("static-page");'
        'document.addEventListener("DOMContentLoaded",function(){var n=document.querySelector("noscript");'
        'if(!n)return;var m=document.createElement("main");m.innerHTML=n.textContent;'
        'n.parentNode.insertBefore(m,n);});return;}'
        + "".join(
            f'var s=document.createElement("script");s.src="{src}";s.async=false;document.head.appendChild(s);'
            for src in app)
        + "})();</script>" + style
    )
    html = html[: match.start()] + loader + html[match.end() :]
    open(page, "w", encoding="utf-8").write(html)
    pages += 1
    # Every link of the page's own content must lead to a page of the site.
    content = html.split("<noscript>", 1)[1].split("</noscript>", 1)[0]
    for href in re.findall(r'href="([^"#]+)', content):
        if re.match(r"[a-z]+:", href) or href.startswith("/"):
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(page), href))
        if not os.path.exists(target):
            problems.append(f"{page}: the link {href} leads nowhere")
if problems:
    print("\n".join(problems[:40]), file=sys.stderr)
    print(f"error: {len(problems)} problems with the static pages", file=sys.stderr)
    sys.exit(1)
print(f"{pages} pages")
EOF

echo "== documentation built in $((SECONDS - started)) s: $out/site"
echo "   open $out/site/documentation/index.html from the files, or serve it"
echo "   (python3 -m http.server -d $out/site) and open /documentation/"

