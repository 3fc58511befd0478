#!/usr/bin/env bash
# Builds `todo` (release, with the Swift runtime linked in) and installs it with its manual page
# and its bash, zsh and fish completions, where the shells and `man` look for them, and with
# `todo-caldav`, the helper `todo sync` runs for CalDAV (HTTP, TLS and XML stay out of `todo`):
#
#   $PREFIX/bin/todo
#   $PREFIX/bin/todo-caldav
#   $PREFIX/share/man/man1/todo.1
#   $PREFIX/share/bash-completion/completions/todo
#   $PREFIX/share/zsh/site-functions/_todo
#   $PREFIX/share/fish/vendor_completions.d/todo.fish
#
# Usage: Scripts/install.sh [--uninstall]
#   PREFIX       where to install (default: ~/.local; /usr/local for every user, as root)
#   DESTDIR      a staging folder prepended to every path (for packages); no checks then
#   TODO_BINARY  an already built `todo` to install instead of building one (its `todo-caldav` is
#                the one beside it, when there is one)
#
# Then it says what, if anything, your shell needs to find them (PATH, MANPATH, fpath).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=${PREFIX:-$HOME/.local}
prefix=${prefix%/}
destination=${DESTDIR:-}${prefix}
bin=$destination/bin
man1=$destination/share/man/man1
bash_dir=$destination/share/bash-completion/completions
zsh_dir=$destination/share/zsh/site-functions
fish_dir=$destination/share/fish/vendor_completions.d
installed=("$bin/todo" "$bin/todo-caldav" "$man1/todo.1" "$bash_dir/todo" "$zsh_dir/_todo" "$fish_dir/todo.fish")

if [[ ${1:-} == --uninstall ]]; then
    rm -f -- "${installed[@]}"
    printf 'Removed %s\n' "${installed[@]}"
    exit 0
elif [[ $# -gt 0 ]]; then
    echo "usage: [PREFIX=folder] $0 [--uninstall]" >&2
    exit 64
fi

binary=${TODO_BINARY:-}
if [[ -z $binary ]]; then
    if ! command -v swift >/dev/null; then
        echo "error: swift is not on PATH; install Swift 6.1 or later (https://swift.org/install)" >&2
        exit 69
    fi
    swift build -c release --static-swift-stdlib --product todo
    binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/todo
    # The helper links libcurl and libxml2: statically when their development files are there
    # (libcurl4-openssl-dev, libxml2-dev), else against the toolchain's shared libraries.
    helper_copy=$(mktemp)
    if swift build -c release --static-swift-stdlib --product todo-caldav >/dev/null 2>&1; then
        cp "$(dirname "$binary")/todo-caldav" "$helper_copy"
    else
        echo "Note: building todo-caldav against the toolchain's shared libraries (for a self-contained one," \
            "install libcurl4-openssl-dev and libxml2-dev)" >&2
        swift build -c release --product todo-caldav
        cp "$(swift build -c release --show-bin-path)/todo-caldav" "$helper_copy"
    fi
    chmod 755 "$helper_copy"
    trap 'rm -f "$helper_copy"' EXIT
fi
helper=${helper_copy:-$(dirname "$binary")/todo-caldav}
if [[ ! -x $binary ]]; then
    echo "error: $binary is not an executable todo" >&2
    exit 66
fi

install -d "$bin" "$man1" "$bash_dir" "$zsh_dir" "$fish_dir"
install -m 755 "$binary" "$bin/todo"
shown=("${installed[@]}")
if [[ -x $helper ]]; then
    install -m 755 "$helper" "$bin/todo-caldav"
else
    shown=("${installed[@]/"$bin/todo-caldav"/}")
    echo "Note: $helper is not there: todo sync works with folders, not with CalDAV servers" >&2
fi
# Written from the binary just installed, so that they describe that version.
generate() {
    local file=$1
    shift
    "$bin/todo" "$@" >"$file.tmp"
    chmod 644 "$file.tmp"
    mv -f "$file.tmp" "$file"
}
generate "$man1/todo.1" help --man
generate "$bash_dir/todo" completions bash
generate "$zsh_dir/_todo" completions zsh
generate "$fish_dir/todo.fish" completions fish
for file in "${shown[@]}"; do [[ -n $file ]] && printf 'Installed %s\n' "$file"; done

[[ -n ${DESTDIR:-} ]] && exit 0

# What the user's shell still needs, if anything.
notes=()
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) notes+=("add $prefix/bin to PATH: export PATH=\"$prefix/bin:\$PATH\" (in ~/.profile or your shell's rc file)") ;;
esac
if command -v man >/dev/null; then
    found=$(PATH="$prefix/bin:$PATH" man -w todo 2>/dev/null || true)
    if [[ -z $found || ! $found -ef $man1/todo.1 ]]; then
        notes+=("for man todo, add the manual's folder to MANPATH: export MANPATH=\"$prefix/share/man:\$MANPATH\" (the trailing colon keeps the system's pages when MANPATH was unset: export MANPATH=\"$prefix/share/man:\")")
    fi
fi
if [[ ! -r /usr/share/bash-completion/bash_completion && ! -r /etc/bash_completion ]]; then
    notes+=("bash: install the bash-completion package, which loads $bash_dir/todo, or add to ~/.bashrc: source \"$bash_dir/todo\"")
elif [[ $prefix != /usr && $prefix != /usr/local && $prefix != "$HOME/.local" ]]; then
    notes+=("bash: add $prefix/share to XDG_DATA_DIRS, or add to ~/.bashrc: source \"$bash_dir/todo\"")
fi
if command -v zsh >/dev/null && ! zsh -fc '(( ${fpath[(Ie)$1]} ))' zsh "$zsh_dir" 2>/dev/null; then
    notes+=("zsh: add to ~/.zshrc, before compinit: fpath=(\"$zsh_dir\" \$fpath)")
fi
if command -v fish >/dev/null && ! fish -c 'contains -- $argv[1] $fish_complete_path' "$fish_dir" &>/dev/null; then
    notes+=("fish: add to ~/.config/fish/config.fish: set -a fish_complete_path \"$fish_dir\"")
fi
for note in ${notes[@]+"${notes[@]}"}; do
    echo "Note: $note"
done
