#!/usr/bin/env bash
# Builds the DocC documentation of ReactorKit, ReactorKitTesting, ServiceBus, TodoCore,
# TodoCoreTesting and TodoSync, with the guides of Docs/ as articles, into one static site: docs-build/site (serve it with
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
modules=(ReactorKit ReactorKitTesting ServiceBus TodoCore TodoCoreTesting TodoSync)

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
modules = ["ReactorKit", "ReactorKitTesting", "ServiceBus", "TodoCore", "TodoCoreTesting", "TodoSync"]
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
        --transform-for-static-hosting ${base:+--hosting-base-path "$base"} \
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
#    (/js/…) and its app fetches each page's JSON, which browsers refuse for file:// URLs (and
#    docc's --experimental-transform-for-static-hosting-with-content, which would write each
#    page's content in its HTML, crashes in FoundationXML on Linux: swift-docc issue 1666). So
#    each page gets its content as HTML written here from its JSON (title, abstract,
#    declaration, discussion, topics, with relative links checked to lead to a page), shown
#    when the page is opened from a file; served, the page starts DocC's app as before.
echo "== static pages for file://"
python3 - "$out/site" "$base" <<'EOF'
import glob, html, json, os, re, sys

site, base = sys.argv[1], sys.argv[2]
scripts = re.compile(r'<script>var baseUrl = "[^"]*"</script>((?:<script defer="defer" src="[^"]+"></script>)+)')
noscript = re.compile(r"<noscript>.*?</noscript>", re.S)
style = (
    "<style>html.static-page body{font:16px/1.5 -apple-system,'Helvetica Neue',Helvetica,Arial,sans-serif;"
    "max-width:54em;margin:2em auto;padding:0 1em;color:#1d1d1f}html.static-page pre{background:#f5f5f7;"
    "padding:.8em;overflow:auto}html.static-page code{font-family:Menlo,monospace;font-size:.9em}"
    "html.static-page #app{display:none}html.static-page dd{margin:0 0 .6em 1.5em}</style>"
)
problems, pages = [], 0


def render_page(page, data):
    here = os.path.dirname(page)
    refs = data.get("references", {})

    def href(url):
        path, _, anchor = url.partition("#")
        path = path[len(base):] if base and path.startswith(base) else path
        target = os.path.join(site, path.strip("/"), "index.html")
        if not os.path.exists(target):
            problems.append(f"{page}: the link {url} leads nowhere")
        return os.path.relpath(target, here) + (f"#{anchor}" if anchor else "")

    def inline(items):
        out = []
        for item in items or []:
            kind = item.get("type")
            if kind == "text":
                out.append(html.escape(item["text"]))
            elif kind == "codeVoice":
                out.append(f"<code>{html.escape(item['code'])}</code>")
            elif kind in ("emphasis", "strong", "newTerm", "inlineHead", "strikethrough", "subscript", "superscript"):
                tag = {"emphasis": "em", "newTerm": "em", "strikethrough": "s", "subscript": "sub", "superscript": "sup"}.get(kind, "strong")
                out.append(f"<{tag}>{inline(item.get('inlineContent'))}</{tag}>")
            elif kind == "reference":
                ref = refs.get(item["identifier"], {})
                title = inline(item.get("overridingTitleInlineContent")) or html.escape(ref.get("title", item["identifier"]))
                if ref.get("type") == "link" or re.match(r"[a-z]+:", ref.get("url", "")):
                    out.append(f'<a href="{html.escape(ref.get("url", ""))}">{title}</a>')
                elif ref.get("url"):
                    out.append(f'<a href="{html.escape(href(ref["url"]))}">{title}</a>')
                else:
                    out.append(title)
            elif kind == "link":
                out.append(f'<a href="{html.escape(item.get("destination", ""))}">{html.escape(item.get("title", item.get("destination", "")))}</a>')
        return "".join(out)

    def blocks(items):
        out = []
        for item in items or []:
            kind = item.get("type")
            if kind == "paragraph":
                out.append(f"<p>{inline(item.get('inlineContent'))}</p>")
            elif kind == "heading":
                level = min(int(item.get("level", 2)) + 1, 6)
                out.append(f"<h{level}>{html.escape(item.get('text', ''))}</h{level}>")
            elif kind == "codeListing":
                out.append(f"<pre><code>{html.escape(chr(10).join(item.get('code', [])))}</code></pre>")
            elif kind in ("unorderedList", "orderedList"):
                tag = "ul" if kind == "unorderedList" else "ol"
                out.append(f"<{tag}>" + "".join(f"<li>{blocks(i.get('content'))}</li>" for i in item.get("items", [])) + f"</{tag}>")
            elif kind == "aside":
                out.append(f"<blockquote><strong>{html.escape(item.get('name', item.get('style', '').title()))}</strong>{blocks(item.get('content'))}</blockquote>")
            elif kind == "table":
                rows = "".join("<tr>" + "".join(f"<td>{blocks(cell)}</td>" for cell in row) + "</tr>" for row in item.get("rows", []))
                out.append(f"<table>{rows}</table>")
            elif kind == "termList":
                out.append("<dl>" + "".join(f"<dt>{inline(i['term']['inlineContent'])}</dt><dd>{blocks(i['definition']['content'])}</dd>" for i in item.get("items", [])) + "</dl>")
            elif kind == "thematicBreak":
                out.append("<hr>")
        return "".join(out)

    parts = [f"<h1>{html.escape(data.get('metadata', {}).get('title', ''))}</h1>", f"<p>{inline(data.get('abstract'))}</p>"]
    for section in data.get("primaryContentSections", []):
        kind = section.get("kind")
        if kind == "declarations":
            for declaration in section.get("declarations", []):
                code = "".join(token.get("text", "") for token in declaration.get("tokens", []))
                parts.append(f"<pre><code>{html.escape(code)}</code></pre>")
        elif kind == "parameters":
            parts.append("<h2>Parameters</h2><dl>" + "".join(f"<dt><code>{html.escape(p['name'])}</code></dt><dd>{blocks(p.get('content'))}</dd>" for p in section.get("parameters", [])) + "</dl>")
        elif kind == "content":
            parts.append(blocks(section.get("content")))
    for title, sections in (("Topics", data.get("topicSections", [])), ("See Also", data.get("seeAlsoSections", []))):
        if sections:
            parts.append(f"<h2>{title}</h2>")
        for section in sections:
            if section.get("title"):
                parts.append(f"<h3>{html.escape(section['title'])}</h3>")
            entries = []
            for identifier in section.get("identifiers", []):
                ref = refs.get(identifier, {})
                if not ref.get("url"):
                    continue
                entries.append(f'<dt><a href="{html.escape(href(ref["url"]))}"><code>{html.escape(ref.get("title", identifier))}</code></a></dt><dd>{inline(ref.get("abstract"))}</dd>')
            parts.append("<dl>" + "".join(entries) + "</dl>")
    return "".join(parts)


for page in glob.glob(f"{site}/**/index.html", recursive=True):
    text = open(page, encoding="utf-8").read()
    match = scripts.search(text)
    if not match:
        problems.append(f"{page}: no scripts to rewrite")
        continue
    relative = os.path.relpath(os.path.dirname(page), site)
    data_file = os.path.join(site, "data", (relative if relative != "." else "documentation") + ".json")
    if os.path.exists(data_file):
        content = render_page(page, json.load(open(data_file, encoding="utf-8")))
    else:  # the site's root: the way to the documentation
        content = f'<p><a href="{os.path.relpath(os.path.join(site, "documentation", "index.html"), os.path.dirname(page))}">Documentation</a></p>'
    app = re.findall(r'src="([^"]+)"', match.group(1))
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
    text = text[: match.start()] + loader + text[match.end() :]
    text = noscript.sub(lambda _: f"<noscript>{content}</noscript>", text, count=1)
    open(page, "w", encoding="utf-8").write(text)
    pages += 1
if problems:
    print("\n".join(problems[:40]), file=sys.stderr)
    print(f"error: {len(problems)} problems with the static pages", file=sys.stderr)
    sys.exit(1)
print(f"{pages} pages")
EOF

echo "== documentation built in $((SECONDS - started)) s: $out/site"
echo "   open $out/site/documentation/index.html from the files, or serve it"
echo "   (python3 -m http.server -d $out/site) and open /documentation/"

