extension CompletionScript {
    /// The zsh script: a `#compdef todo` function using `_arguments`, with the titles of the
    /// todos as descriptions of their ids.
    static func zsh() -> String {
        var script = zshPrologue
        script += """
            # Offers the keys of the config file, and the families a name completes (alias., …)
            # without a space after them; after --set, each key followed by = (no space either).
            _todo_config_keys() {
                compadd -- \(configKeys.joined(separator: " "))
                compadd -S '' -- \(configKeyFamilies.joined(separator: " "))
            }
            _todo_config_settings() {
                compadd -S '' -- \(configKeys.map { $0 + "=" }.joined(separator: " ")) \(configKeyFamilies.joined(separator: " "))
            }

            _todo() {
                local curcontext=$curcontext state state_descr line todo_file
                typeset -A opt_args
                local -a globals
                globals=(

            """
        script += (OptionSpec.globals + [.set, .help]).flatMap(zshSpecs(for:)).map { "        \($0)\n" }.joined()
        script += """
                )
                local -a commands
                commands=(

            """
        for command in CommandCatalog.visibleCommands {
            for name in command.names {
                script += "        \(shellQuoted("\(name):\(command.overview)"))\n"
            }
        }
        script += """
                )
                # (-): the options after the command are left in $words for the command's branch,
                # which reads them (the global ones too) with its arguments.
                _arguments -C $globals \\
                    \(zshSpecs(for: .version).joined(separator: " ")) \\
                    '(-)1: :->command' \\
                    '(-)*:: :->argument' && return 0

                case $state in
                    command)
                        _todo_commands
                        ;;
                    argument)
                        # Filter terms before the command (todo +work list, todo 3 done) are skipped.
                        while (( CURRENT > 1 )) && [[ $words[1] == ([+\\(0-9]*|[[:alpha:].]*:*|and|or|not|\\)) ]]; do
                            shift words
                            (( CURRENT-- ))
                        done
                        if (( CURRENT == 1 )); then
                            _todo_commands
                            return
                        fi
                        todo_file=${opt_args[--file]}
                        curcontext=${curcontext%:*:*}:todo-$words[1]:
                        case $words[1] in

            """
        for command in CommandCatalog.visibleCommands {
            script += zshCase(for: command)
        }
        script += """
                        esac
                        ;;
                esac
            }

            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
                _todo "$@"
            else
                compdef _todo todo
            fi

            """
        return script
    }

    /// The branch of `case $words[1] in` for one command: `_arguments` with the global
    /// options, the command's options and its positional arguments.
    private static func zshCase(for command: CommandSpec) -> String {
        var specs = command.options.flatMap(zshSpecs(for:))
        for (position, argument) in command.arguments.enumerated() {
            let place = argument.isVariadic ? "*" : String(position + 1)
            let optional = argument.isRequired || argument.isVariadic ? "" : ":"
            specs.append(shellQuoted("\(place):\(optional)\(argument.value.name):\(zshAction(for: argument.value))"))
        }
        var lines = ["                \(command.names.joined(separator: " | ")))"]
        lines.append("                    _arguments $globals" + (specs.isEmpty ? "" : " \\"))
        for (offset, spec) in specs.enumerated() {
            lines.append("                        \(spec)" + (offset == specs.count - 1 ? "" : " \\"))
        }
        lines.append("                    ;;")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `_arguments` specs of an option: one per spelling, each excluding the other
    /// spellings unless the option is repeatable.
    private static func zshSpecs(for option: OptionSpec) -> [String] {
        let spellings = option.spellings
        let description = "[\(zshEscaped(summary(of: option.help)))]"
        let value = option.value.map { ":\($0.name):\(zshAction(for: $0))" } ?? ""
        return spellings.map { spelling in
            let exclusion: String
            if option == .help || option == .version {
                exclusion = "(- *)"
            } else if option.isRepeatable {
                exclusion = "*"
            } else {
                exclusion = "(\(spellings.joined(separator: " ")))"
            }
            let equals = option.isFlag || !spelling.hasPrefix("--") ? "" : "="
            return shellQuoted(exclusion + spelling + equals + description + value)
        }
    }

    /// The `_arguments` action that completes a value.
    private static func zshAction(for value: ValueSpec) -> String {
        switch candidates(for: value) {
        case .nothing: return " "
        case .words(let words): return "(\(words.joined(separator: " ")))"
        case .files: return "_files"
        case .ids(.all): return "_todo_ids"
        case .ids(.pending), .ids(.waiting): return "_todo_pending_ids"
        case .ids(.done): return "_todo_done_ids"
        case .tags(let ofTheTodo): return ofTheTodo ? "_todo_tags_of_todo" : "_todo_tags"
        case .filterTerms(let status): return "_todo_filter_" + (status?.rawValue ?? "terms")
        case .commands: return "_todo_commands"
        case .configKeys(let assignment): return assignment ? "_todo_config_settings" : "_todo_config_keys"
        }
    }

    /// `text` with the characters `_arguments` or the shell give a meaning to inside `[…]`
    /// escaped.
    private static func zshEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]\\:$`".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// The helpers of the zsh script.
    private static let zshPrologue = """
        #compdef todo
        # zsh completion for todo; generated by `todo completions zsh`.
        # Install: todo completions zsh > ~/.zfunc/_todo (with fpath+=(~/.zfunc) before compinit)

        # Runs `todo "$@"`, quietly, on the store named with --file on the command line, if any.
        # Offers the commands of $commands and the reports and aliases of the config file, which run
        # as commands (NAME<TAB>DESCRIPTION lines from `todo __complete-commands`).
        _todo_commands() {
            local config_command
            for config_command in ${(f)"$(_todo_run __complete-commands)"}; do
                commands+=("${config_command/$'\\t'/:}")
            done
            _describe -t commands 'todo command' commands
        }

        _todo_run() {
            local file=$todo_file i
            for ((i = 1; i < $#words; i++)); do
                case $words[i] in
                    --file) file=$words[i+1] ;;
                    --file=*) file=${words[i]#--file=} ;;
                esac
            done
            if [[ -n $file ]]; then
                todo --file ${~file} "$@" 2>/dev/null
            else
                todo "$@" 2>/dev/null
            fi
        }

        # Offers the ids of the todos with their titles, from `todo __complete-ids $1` (all the
        # todos, or those with the status $1).
        _todo_describe_ids() {
            local line
            local -a lines ids
            lines=(${(f)"$(_todo_run __complete-ids $1)"})
            for line in $lines; do
                ids+=("${line%%$'\\t'*}:${line#*$'\\t'}")
            done
            _describe -t todos 'todo' ids
        }

        # Offers the ids of every todo, of the pending ones, of the done ones.
        _todo_ids() { _todo_describe_ids; }
        _todo_pending_ids() { _todo_describe_ids pending; }
        _todo_done_ids() { _todo_describe_ids done; }

        # Offers the tags from `todo __complete-tags $1`: those in use, or those of the todo $1.
        _todo_describe_tags() {
            local -a tags
            tags=(${(f)"$(_todo_run __complete-tags $1)"})
            _wanted tags expl tag compadd -a tags
        }

        # Offers the filter terms that complete the word being typed, from `todo __complete-filter`:
        # tags after + or -, projects after project:, attribute names (no space after their
        # colon), date words.
        _todo_filter_terms() {
            local -a terms open closed
            [[ -n $PREFIX && $PREFIX != [0-9\\(\\)]* ]] || return 0
            terms=(${(f)"$(_todo_run __complete-filter -- $PREFIX)"})
            open=(${(M)terms:#*:})
            closed=(${terms:#*:})
            compadd -S '' -a open
            compadd -a closed
        }

        # Offers the ids of every todo, of the pending ones, of the done ones, then filter terms.
        _todo_filter_all() { _todo_ids; _todo_filter_terms; }
        _todo_filter_pending() { _todo_pending_ids; _todo_filter_terms; }
        _todo_filter_done() { _todo_done_ids; _todo_filter_terms; }

        # Offers the tags in use; the tags of the todo whose id is the command's first argument.
        _todo_tags() { _todo_describe_tags; }
        _todo_tags_of_todo() { _todo_describe_tags $line[1]; }


        """
}
