/**
 * The files a tried command names, held to what Discord's client lets a person attach: each an upload
 * not yet sent (attachments.ts), given to one option, an ATTACHMENT one (any other takes typed text),
 * of a type its `file_types` allows.
 */
import { fileTypeProblem } from '../../discord/attachments.js';
import { OPTION_TYPE_NAMES, OptionType, type Command, type CommandOption } from '../../discord/model.js';
import type { AttachmentStore, StoredAttachment } from './attachments.js';

/** The uploads by id, or why one cannot be sent. */
export function chosenUploads(store: AttachmentStore, attachments: Readonly<Record<string, string>>): Map<string, StoredAttachment> | string {
  const uploads = new Map<string, StoredAttachment>();
  for (const [name, id] of Object.entries(attachments)) {
    const upload = store.unsent(id);
    if (typeof upload === 'string') return `option "${name}": ${upload}`;
    if (uploads.has(id)) return `upload ${id} (${upload.filename}) is given to two options: upload the file once for each`;
    uploads.set(id, upload);
  }
  return uploads;
}

/** The options of the subcommand `path` names (the command's own without subcommands); none when the path leads nowhere. */
function leafOptions(command: Pick<Command, 'options'>, path: readonly string[]): readonly CommandOption[] {
  let level = command.options ?? [];
  for (const name of path) level = level.find((option) => option.name === name && (option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup))?.options ?? [];
  return level;
}

/** Why the client would not attach these files where they are given (an unknown option is fillOptions' to name). */
export function uploadProblems(
  command: Pick<Command, 'options'>,
  path: readonly string[],
  uploads: ReadonlyMap<string, StoredAttachment>,
  attachments: Readonly<Record<string, string>>,
  typed: Readonly<Record<string, string>>,
): string[] {
  const options = leafOptions(command, path);
  const problems: string[] = [];
  for (const [name, id] of Object.entries(attachments)) {
    const upload = uploads.get(id)!;
    const option = options.find((candidate) => candidate.name === name);
    if (!option) continue;
    const named = `option "${name}" (${OPTION_TYPE_NAMES[option.type] ?? option.type})`;
    if (Object.hasOwn(typed, name)) problems.push(`${named} is given both a value and a file (${upload.filename}): give one`);
    else if (option.type !== OptionType.Attachment) problems.push(`${named} is not an ATTACHMENT, so it takes no file (${upload.filename}): give its value as text`);
    else {
      const wrongType = fileTypeProblem(option.file_types, upload.filename, upload.content_type);
      if (wrongType) problems.push(`${named} ${wrongType}`);
    }
  }
  return problems;
}
