extension CompletionScript {
    /// The bash script: `complete -F _todo todo`.
    static func bash() -> String {
        var script = bashPrologue
        script += """
            # Offers the keys of the config file that start with the word being completed, each
            # followed by $1 (= after --set), then the families a name completes (alias., …); no
            # space after a key with = or a family.
            _todo_reply_keys() {
                local key
                COMPREPLY=()
                for key in \(configKeys.joined(separator: " ")); do
                    [[ $key == "$cur"* ]] && COMPREPLY+=("$prefix$key$1")
                done
                for key in \(configKeyFamilies.joined(separator: " ")); do
                    [[ $key == "$cur"* ]] && COMPREPLY+=("$prefix$key")
                done
                if [[ -n $1 || ${COMPREPLY[*]} == *. ]]; then
                    compopt -o nospace 2>/dev/null
                fi
            }

            _todo() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev="" prefix=""
                ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
                if [[ $cur == "=" ]]; then
                    cur=""
                elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
                    prev=${COMP_WORDS[COMP_CWORD - 2]}
                elif [[ $cur == --*=* ]]; then
                    prev=${cur%%=*}
                    prefix="$prev="
                    cur=${cur#*=}
                fi
                COMPREPLY=()

                # The command: the first word that is neither an option, the value of --file, nor a
                # filter term before the command (todo +work list, todo project:Home next; bash may
                # split key:value into three words).
                local command="" start=0 i word
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    case $word in
                        --file)
                            [[ ${COMP_WORDS[i + 1]} == "=" ]] && i=$((i + 1))
                            i=$((i + 1))
                            ;;
                        --set)
                            # --set key=value: bash splits it into key, = and value.
                            [[ ${COMP_WORDS[i + 1]} == "=" ]] && i=$((i + 1))
                            i=$((i + 1))
                            [[ ${COMP_WORDS[i + 1]} == "=" ]] && i=$((i + 2))
                            ;;
                        --)
                            if ((i + 1 < COMP_CWORD)); then
                                command=${COMP_WORDS[i + 1]}
                                start=$((i + 1))
                            fi
                            break
                            ;;
                        :) [[ ${COMP_WORDS[i + 1]} != -* ]] && ((i + 1 < COMP_CWORD)) && i=$((i + 1)) ;;
                        -* | = | +* | [0-9]* | \\(* | \\) | and | or | not | *:*) ;;
                        *)
                            [[ ${COMP_WORDS[i + 1]} == ":" ]] && continue
                            command=$word
                            start=$i
                            break
                            ;;
                    esac
                done

                case $prev in
                    --file)
                        _todo_reply_files
                        return
                        ;;
                    --set)
                        _todo_reply_keys =
                        return
                        ;;
                esac
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        _todo_reply_words \(bashQuoted(topLevelOptionWords))
                    else
                        _todo_reply_words "\(CommandCatalog.visibleNames.joined(separator: " ")) $(_todo_config_commands)"
                    fi
                    return
                fi

                local -a todo_arguments=()
                case $command in

            """
        for command in CommandCatalog.visibleCommands {
            script += bashCase(for: command)
        }
        script += """
                esac
            }

            complete -F _todo todo

            """
        return script
    }

    /// The branch of `case $command in` for one command: its option values, its options, then
    /// its positional arguments.
    private static func bashCase(for command: CommandSpec) -> String {
        let options = options(of: command)
        var lines = ["        \(command.names.joined(separator: " | ")))"]
        let usesArguments = command.arguments.contains { candidates(for: $0.value) != .nothing }
        if usesArguments || needsArguments(command) {
            let skipped = valueOptionSpellings(of: command).joined(separator: " ")
            lines.append("            _todo_collect_arguments \"$start\" \(skipped)")
        }
        let valueOptions = options.filter { !$0.isFlag && $0 != .file }
        if !valueOptions.isEmpty {
            lines.append("            case $prev in")
            for option in valueOptions {
                let reply = option.value.map { bashReply(for: candidates(for: $0)) } ?? ":"
                lines.append("                \(option.spellings.joined(separator: " | "))) \(reply); return ;;")
            }
            lines.append("            esac")
        }
        let optionWords = options.flatMap(\.spellings) + OptionSpec.help.spellings
        lines.append("            if [[ $cur == -* && $cur != -[0-9]* ]]; then")
        lines.append("                _todo_reply_words \(bashQuoted(optionWords))")
        if command.arguments.contains(where: {
            if case .filterTerms = candidates(for: $0.value) { true } else { false }
        }) {
            // `-tag`: a filter term as well as an option.
            lines.append("                [[ $cur == -[!-]* ]] && _todo_reply_filter +")
        }
        lines.append("                return")
        lines.append("            fi")
        if usesArguments {
            lines.append("            case ${#todo_arguments[@]} in")
            for (position, argument) in command.arguments.enumerated()
            where candidates(for: argument.value) != .nothing {
                let pattern = argument.isVariadic ? "*" : String(position)
                lines.append("                \(pattern)) \(bashReply(for: candidates(for: argument.value))) ;;")
            }
            lines.append("            esac")
        }
        lines.append("            ;;")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bash statement that fills `COMPREPLY` with `candidates`.
    private static func bashReply(for candidates: Candidates) -> String {
        switch candidates {
        case .nothing: return ":"
        case .words(let words): return "_todo_reply_words \(bashQuoted(words))"
        case .files: return "_todo_reply_files"
        case .ids(let status): return "_todo_reply_ids" + (status == .all ? "" : " \(status.rawValue)")
        case .tags(let ofTheTodo):
            return "_todo_reply_tags" + (ofTheTodo ? " ${todo_arguments[0]:+\"${todo_arguments[0]}\"}" : "")
        case .filterTerms(let status): return "_todo_reply_filter " + (status?.rawValue ?? "-")
        case .commands:
            return
                "_todo_reply_words \"\(CommandCatalog.visibleNames.joined(separator: " ")) $(_todo_config_commands)\""
        case .configKeys(let assignment): return "_todo_reply_keys" + (assignment ? " =" : "")
        }
    }

    /// The options offered before the command.
    private static var topLevelOptionWords: [String] {
        (OptionSpec.globals + [.set, .version, .help]).flatMap(\.spellings)
    }

    /// `words` as one single-quoted bash word, separated by spaces.
    private static func bashQuoted(_ words: [String]) -> String {
        shellQuoted(words.joined(separator: " "))
    }

    /// The helpers of the bash script.
    private static let bashPrologue = """
        # bash completion for todo; generated by `todo completions bash`.
        # Install: todo completions bash > ~/.local/share/bash-completion/completions/todo

        # Sets COMPREPLY to the lines of standard input (after the "--opt=" being completed).
        _todo_reply() {
            COMPREPLY=()
            local line
            while IFS= read -r line; do
                COMPREPLY+=("$prefix$line")
            done
        }

        # Offers the words of $1 that start with the word being completed.
        _todo_reply_words() {
            _todo_reply < <(compgen -W "$1" -- "$cur")
        }

        # Offers file paths.
        _todo_reply_files() {
            compopt -o filenames 2>/dev/null
            _todo_reply < <(compgen -f -- "$cur")
        }

        # Runs `todo "$@"`, quietly, on the store named with --file on the command line, if any.
        _todo_run() {
            local file="" i
            for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
                if [[ ${COMP_WORDS[i]} == --file ]]; then
                    if [[ ${COMP_WORDS[i + 1]} == "=" ]]; then
                        file=${COMP_WORDS[i + 2]}
                    else
                        file=${COMP_WORDS[i + 1]}
                    fi
                elif [[ ${COMP_WORDS[i]} == --file=* ]]; then
                    file=${COMP_WORDS[i]#--file=}
                fi
            done
            if [[ -n $file ]]; then
                file=${file/#\\~/$HOME}
                todo --file "$file" "$@" 2>/dev/null
            else
                todo "$@" 2>/dev/null
            fi
        }

        # Offers the ids of the todos, all or those with the status $1 (pending, done), from
        # `todo __complete-ids` (ID<TAB>TITLE lines).
        _todo_reply_ids() {
            local ids
            ids=$(_todo_run __complete-ids "$@" | while IFS=$'\\t' read -r id _; do printf '%s ' "$id"; done)
            _todo_reply_words "$ids"
        }

        # Prints the reports and aliases of the config file, which run as commands, from
        # `todo __complete-commands` (NAME<TAB>DESCRIPTION lines).
        _todo_config_commands() {
            _todo_run __complete-commands | while IFS=$'\\t' read -r name _; do printf '%s ' "$name"; done
        }

        # Offers the tags in use, or those of the todo whose id is $1, from `todo __complete-tags`
        # (one per line), that start with the word being completed.
        _todo_reply_tags() {
            local tag
            COMPREPLY=()
            while IFS= read -r tag; do
                [[ $tag == "$cur"* ]] && COMPREPLY+=("$prefix$tag")
            done < <(_todo_run __complete-tags "$@")
        }

        # Offers the filter terms that complete the word being typed, from `todo __complete-filter`
        # (tags after + or -, projects after project:, attribute names, date words), after the ids
        # of the todos with the status $1 (all, pending, done); $1 is - for no ids, + to add to
        # the candidates already there. bash splits key:value into three words: the key is put
        # back before asking, and taken off the answers.
        _todo_reply_filter() {
            local word=$cur strip="" line
            case $1 in
                -) COMPREPLY=() ;;
                +) ;;
                all) _todo_reply_ids ;;
                *) _todo_reply_ids "$1" ;;
            esac
            if [[ $cur == ":" ]] && ((COMP_CWORD > 1)); then
                word="$prev:"
                strip=$prev
            elif [[ $prev == ":" ]] && ((COMP_CWORD > 1)); then
                strip="${COMP_WORDS[COMP_CWORD - 2]}:"
                word="$strip$cur"
            fi
            [[ -z $word || $word == [0-9\\(\\)]* ]] && return
            while IFS= read -r line; do
                [[ -n $line ]] && COMPREPLY+=("${line#"$strip"}")
            done < <(_todo_run __complete-filter -- "$word")
            if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *: ]]; then
                compopt -o nospace 2>/dev/null
            fi
        }

        # Sets todo_arguments to the command's arguments before the word being completed.
        # $1: the index of the command's word; the other arguments: the options that take a value.
        _todo_collect_arguments() {
            local start=$1 ended=0 i word
            shift
            todo_arguments=()
            for ((i = start + 1; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if ((ended)); then
                    todo_arguments+=("$word")
                    continue
                fi
                case $word in
                    --) ended=1 ;;
                    =) i=$((i + 1)) ;;
                    --*=*) ;;
                    - | -[0-9]*) todo_arguments+=("$word") ;;
                    -*)
                        if [[ " $* " == *" $word "* && ${COMP_WORDS[i + 1]} != "=" ]]; then
                            i=$((i + 1))
                        fi
                        ;;
                    *) todo_arguments+=("$word") ;;
                esac
            done
        }


        """
}
