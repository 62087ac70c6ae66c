/**
 * `cmd-tui completion bash|zsh|fish|powershell`: prints a script that asks the hidden `cmd-tui
 * __complete WORD…` (complete.ts) for candidates, so what completes is always what this version of
 * cmd-tui accepts. The shell offers file names only when asked to (the `:files` candidate), never by
 * default. Each script silences `__complete`'s stderr the way its shell does (`2>/dev/null`, in
 * PowerShell `2>$null`): a warning there (an old Node) would otherwise be drawn into the prompt.
 */
import { ExitCode, UsageError, type CommandRun } from './types.js';

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
type Shell = (typeof SHELLS)[number];

const SCRIPTS: Record<Shell, string> = {
  // `eval "$(…)"`, not `source <(…)`: macOS's bash 3.2 sources nothing from a process substitution.
  bash: `# cmd-tui completion for bash. Load it with: eval "$(cmd-tui completion bash)"
_cmd_tui() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  local IFS=$'\\n'
  local candidates=($(cmd-tui __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null | cut -f1))
  if [[ \${candidates[0]} == :files ]]; then
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
  else
    COMPREPLY=($(compgen -W "\${candidates[*]}" -- "$cur"))
  fi
}
complete -F _cmd_tui cmd-tui
`,
  zsh: `#compdef cmd-tui
# cmd-tui completion for zsh. Load it with: source <(cmd-tui completion zsh), or save it as _cmd-tui in $fpath.
_cmd_tui() {
  local -a lines candidates
  local line
  lines=("\${(@f)$(cmd-tui __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ $lines[1] == :files ]]; then
    _files
    return
  fi
  for line in $lines; do
    [[ -z $line ]] && continue
    if [[ $line == *$'\\t'* ]]; then
      candidates+=("\${line%%$'\\t'*}:\${\${line#*$'\\t'}//:/\\\\:}")
    else
      candidates+=("$line")
    fi
  done
  (( \${#candidates} )) && _describe 'cmd-tui' candidates
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _cmd_tui "$@"
else
  compdef _cmd_tui cmd-tui
fi
`,
  fish: `# cmd-tui completion for fish. Save it as ~/.config/fish/completions/cmd-tui.fish
function __cmd_tui_complete
    set -l tokens (commandline -opc) (commandline -ct)
    set -l candidates (cmd-tui __complete $tokens[2..-1] 2>/dev/null)
    if test "$candidates[1]" = :files
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $candidates
    end
end
complete -c cmd-tui -f -a '(__cmd_tui_complete)'
`,
  // --words=N: Windows PowerShell 5.1 drops an empty argument on its way to a program, and the word
  // being started is one; __complete gets it back from the count.
  powershell: `# cmd-tui completion for PowerShell. Load it with: cmd-tui completion powershell | Out-String | Invoke-Expression
# (add that line to your $PROFILE to keep it).
Register-ArgumentCompleter -Native -CommandName cmd-tui -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 | Where-Object { $_.Extent.EndOffset -le $cursorPosition } | ForEach-Object { $_.Extent.Text })
    if ($wordToComplete -eq '') { $words += '' }
    $lines = @(cmd-tui __complete "--words=$($words.Count)" @words 2>$null)
    if ($lines.Count -gt 0 -and $lines[0] -eq ':files') {
        return [System.Management.Automation.CompletionCompleters]::CompleteFilename($wordToComplete)
    }
    foreach ($line in $lines) {
        $value, $description = $line -split "\`t", 2
        if ($value -and $value -like "$wordToComplete*") {
            [System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $(if ($description) { $description } else { $value }))
        }
    }
}
`,
};

export const run: CommandRun = async (args, io) => {
  const [shell, ...rest] = args.filter((arg) => arg !== '--no-color');
  if (rest.length > 0 || !SHELLS.includes(shell as Shell)) throw new UsageError(shell === undefined ? 'name the shell: bash, zsh, fish or powershell' : `no completion for "${shell}": bash, zsh, fish or powershell`);
  io.stdout.write(SCRIPTS[shell as Shell]);
  return ExitCode.Ok;
};
