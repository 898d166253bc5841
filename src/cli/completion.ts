// Shell completion for the three commands, made from their commander definitions so it
// cannot fall behind them: `pen-paper completion bash` prints a bash script; `… zsh`
// the same through zsh's bashcompinit. Completes commands in first place, then the
// options of the command given (or of the program), and file names otherwise.
import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { quote } from "../io/quote.js";

/** A command's long and short option flags. */
function flags(command: Command): string[] {
  return command.options
    .filter((o) => !o.hidden)
    .flatMap((o) => [o.long, o.short].filter((f): f is string => f !== undefined))
    .concat("--help");
}

/**
 * The completion script of `name` for `shell`. `commands` are the subcommands with their
 * options (for a CLI that dispatches some itself, like count-farms merge).
 */
export function completionScript(name: string, shell: string, program: Command, extra: Record<string, readonly string[]> = {}): string {
  if (shell !== "bash" && shell !== "zsh") throw new UsageError(`completion ${quote(shell)} (expected bash or zsh)`);
  const fn = `_${name.replace(/\W/g, "_")}_complete`;
  const commands: Record<string, string[]> = {};
  for (const sub of program.commands) commands[sub.name()] = flags(sub);
  for (const [sub, options] of Object.entries(extra)) commands[sub] = [...options, "--help"];
  const cases = Object.entries(commands)
    .map(([sub, options]) => `    ${sub}) words="${options.join(" ")}" ;;`)
    .join("\n");
  const top = [...Object.keys(commands), ...flags(program)].join(" ");
  const script = [
    `# ${shell} completion for ${name} (tabula-grids): eval "$(${name} completion ${shell})", e.g. in ~/.${shell}rc`,
    ...(shell === "zsh" ? ["autoload -U +X bashcompinit && bashcompinit"] : []),
    `${fn}() {`,
    `  local cur="\${COMP_WORDS[COMP_CWORD]}" words`,
    `  case "\${COMP_WORDS[1]}" in`,
    cases,
    `    *) words="${top}" ;;`,
    `  esac`,
    `  if [[ $COMP_CWORD -eq 1 || "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); fi`,
    `  [[ \${#COMPREPLY[@]} -eq 0 ]] && COMPREPLY=($(compgen -f -- "$cur"))`,
    `  return 0`,
    `}`,
    `complete -o filenames -F ${fn} ${name}`,
  ];
  return `${script.join("\n")}\n`;
}
