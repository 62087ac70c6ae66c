/**
 * What a tool of the agents' door is — its name (the interface), its input and output as schemas, and
 * a run over the operations layer that answers with its output or a refusal — and how an answer or a
 * failure becomes the protocol's result: the output as `structuredContent` and as JSON text; a refusal or
 * failure as `isError` with what happened, the hint, and any details (a plan's refusals, what a stopped
 * write did). No result carries a credential: each is passed through the process's secret redaction.
 */
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type * as z from './zod.js';
import { redactSecrets } from '../terminal/redact-secrets.js';
import type { PreparedPlan } from '../operations/prepare-plan.js';
import { remedyOf } from '../discord/remedy.js';
import type { McpDoor } from './door.js';
import { mcpRemedy } from './remedy-words.js';
import type { PlanStore } from './plan-store.js';

export interface ToolContext {
  door: McpDoor;
  plans: PlanStore<PreparedPlan>;
  /** The client cancelled the call (or went away). */
  signal: AbortSignal;
  /** Tells the client how far a long call got, when it asked to be told (a progress token); its timeout may start again. */
  progress(done: number, total: number, message: string): void;
}

export type ToolAnswer<Output> = { output: Output } | Refusal;

/** The tool would not (or could not) do it: what happened, what to do, and what an agent can act on. */
export interface Refusal {
  refused: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export interface Tool<Input extends z.ZodMiniObject = z.ZodMiniObject, Output extends z.ZodMiniObject = z.ZodMiniObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: ToolAnnotations;
  /**
   * The output is checked against `output` where it leaves (the SDK validates it, and the client again); typed
   * loosely here, since several outputs are the operations' own types that allow more fields than the schema names.
   */
  run(input: z.output<Input>, context: ToolContext): Promise<ToolAnswer<object>>;
}

/**
 * A tool whose run is typed by its input schema, as the server's table holds it: the SDK parses each call's
 * arguments with that schema before the run sees them, which is what makes the widening sound.
 */
export function defineTool<Input extends z.ZodMiniObject, Output extends z.ZodMiniObject>(tool: Tool<Input, Output>): Tool {
  return tool as unknown as Tool;
}

/** Every secret this process holds (its credentials, tokens it obtained) as `****`, wherever in the result. */
function redacted(result: CallToolResult): CallToolResult {
  return JSON.parse(redactSecrets(JSON.stringify(result))) as CallToolResult;
}

export function answerResult(answer: ToolAnswer<unknown>): CallToolResult {
  if ('output' in answer) {
    const output = answer.output as Record<string, unknown>;
    return redacted({ content: [{ type: 'text', text: JSON.stringify(output, null, 2) }], structuredContent: output });
  }
  return errorResult(answer);
}

function errorResult({ refused, hint, details }: Refusal): CallToolResult {
  const text = hint ? `${refused}\n${hint}` : refused;
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  if (details && Object.keys(details).length > 0) content.push({ type: 'text', text: JSON.stringify(details, null, 2) });
  return redacted({ content, isError: true });
}

/** An error that is a value with words for the user (a message and a hint, or Discord's refusal); anything else is a bug. */
export function isDescribed(error: unknown): error is Error {
  // Discord's refusal (DiscordApiError) may have no hint of ours.
  return error instanceof Error && (typeof (error as { hint?: unknown }).hint === 'string' || remedyOf(error) !== undefined || error.name === 'DiscordApiError');
}

/**
 * A failure as the agent should read it. Errors that are values (no credentials, Discord's refusal with its
 * field errors, a write stopped part-way with what it did) are told as they are; anything else is a fault of
 * cmd-tui's, said as one.
 */
export function failureResult(error: unknown): CallToolResult {
  if (!isDescribed(error)) return errorResult({ refused: `cmd-tui failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` });
  const { fieldErrors, report } = error as { fieldErrors?: unknown; report?: unknown };
  const remedy = remedyOf(error);
  const hint = remedy ? mcpRemedy(remedy) : (error as { hint?: unknown }).hint;
  const details: Record<string, unknown> = {
    ...(typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : {}),
    ...(Array.isArray(fieldErrors) && fieldErrors.length > 0 ? { fields: fieldErrors } : {}),
  };
  return errorResult({ refused: error.message, ...(typeof hint === 'string' ? { hint } : {}), details });
}
