/**
 * Test helpers for the embedded emulator: `useEmulator()` starts one per test file (closed after),
 * and `call()` sends a real HTTP request to it and returns status, headers and the parsed body.
 */
import { afterAll, beforeAll } from 'vitest';
import { fetch } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../source/emulator/server.js';

/** Starts an emulator before the file's tests and closes it after; call the returned getter inside tests. */
export function useEmulator(options: EmulatorOptions = {}): () => RunningEmulator {
  let running: RunningEmulator | undefined;
  beforeAll(async () => {
    running = await startEmulator({ rateLimits: 'off', ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  return () => {
    if (!running) throw new Error('emulator not started: call useEmulator() at the top of the test file');
    return running;
  };
}

export interface CallOptions {
  /** The whole Authorization header value; omit for none. */
  auth?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as is (with headers['content-type'] when needed). */
  raw?: string;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow';
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON; `any` because tests read arbitrary JSON. */
  body: any;
}

/** `path` is relative to baseUrl (`/applications/…`) unless it starts with `http` or `/__emulator`/`/oauth2`/`/api`. */
export async function call(emulator: RunningEmulator, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const absolute = /^https?:/.test(path)
    ? path
    : /^\/(__emulator|oauth2\/authorize|api)/.test(path)
      ? `${emulator.origin}${path}`
      : `${emulator.baseUrl}${path}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.authorization = options.auth;
  let body: string | undefined = options.raw;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(absolute, { method, headers, body, redirect: options.redirect ?? 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers as unknown as Headers, text, body: parsed };
}

export const botAuth = (emulator: RunningEmulator) => `Bot ${emulator.botToken}`;
export const bearer = (token: string) => `Bearer ${token}`;
