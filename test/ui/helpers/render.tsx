/**
 * Renders an Ink tree the way ink-testing-library does (debug frames, fake stdin), but with a fake
 * stdout of the given size that can be resized, so layout and resize behaviour can be tested.
 */
import { EventEmitter } from 'node:events';
import { render as inkRender, type Instance } from 'ink';
import type { ReactElement } from 'react';
import { act } from 'react';
import { onTestFinished } from 'vitest';

export class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  frames: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string, ...rest: unknown[]): boolean => {
    this.frames.push(frame);
    // Ink waits for the write callback before it reports a render as flushed (e.g. after a suspension).
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
    return true;
  };
  /** The last write that drew something (Ink also writes bare cursor codes, e.g. around a suspension). */
  lastFrame = (): string => [...this.frames].reverse().find((frame) => frame.replace(ANSI, '').trim() !== '') ?? '';
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export interface Rendered {
  stdout: FakeStdout;
  stdin: FakeStdin;
  instance: Instance;
  /** The last frame with ANSI codes removed. */
  frame(): string;
  /** Every frame drawn from the `start`th write on (stdout.frames.length before an action), ANSI codes removed. */
  framesFrom(start: number): string[];
  unmount(): void;
}

// Tells React that updates are wrapped in act() here (as in a DOM testing library).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Spinner frames and fake-API promises settle between two polls of waitFor (which then sees them);
// React's "not wrapped in act" warning for those is noise, every other console.error still shows.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
  consoleError(...args);
};

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function renderTui(tree: ReactElement, size: { columns?: number; rows?: number } = {}): Rendered {
  const stdout = new FakeStdout(size.columns ?? 100, size.rows ?? 30);
  const stdin = new FakeStdin();
  let instance!: Instance;
  act(() => {
    instance = inkRender(tree, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: new FakeStdout(100, 30) as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
  });
  let mounted = true;
  const unmount = () => {
    if (!mounted) return;
    mounted = false;
    instance.unmount();
    instance.cleanup();
  };
  unmountWhenTheTestEnds(unmount);
  const framesFrom = (start: number) => stdout.frames.slice(start).map((frame) => frame.replace(ANSI, '')).filter((frame) => frame.trim() !== '');
  return { stdout, stdin, instance, frame: () => stdout.lastFrame().replace(ANSI, ''), framesFrom, unmount };
}

/**
 * Rendered inside a test (or its beforeEach), the app is unmounted when the test ends, passed or failed;
 * elsewhere (a beforeAll, a benchmark outside vitest) whoever rendered it unmounts it.
 */
function unmountWhenTheTestEnds(unmount: () => void): void {
  try {
    onTestFinished(unmount);
  } catch {
    // Not inside a test.
  }
}
