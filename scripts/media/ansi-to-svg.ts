/**
 * Turns a terminal screen captured with colours (`tmux capture-pane -e -p`) into an SVG image, so the
 * README's screenshots come from real runs and stay text-sharp. Understands the SGR sequences tmux emits.
 */

interface Style {
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

interface Cell {
  char: string;
  style: Style;
}

const PALETTE = [
  '#1e1e2e', '#f38ba8', '#a6e3a1', '#f9e2af', '#89b4fa', '#f5c2e7', '#94e2d5', '#bac2de',
  '#585b70', '#f38ba8', '#a6e3a1', '#f9e2af', '#89b4fa', '#f5c2e7', '#94e2d5', '#ffffff',
];
const DEFAULT_FG = '#cdd6f4';
const DEFAULT_BG = '#11111b';

function xterm256(index: number): string {
  if (index < 16) return PALETTE[index] ?? DEFAULT_FG;
  if (index >= 232) {
    const level = 8 + (index - 232) * 10;
    return rgb(level, level, level);
  }
  const cube = index - 16;
  const steps = [0, 95, 135, 175, 215, 255];
  return rgb(steps[Math.floor(cube / 36)] ?? 0, steps[Math.floor(cube / 6) % 6] ?? 0, steps[cube % 6] ?? 0);
}

function rgb(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function applySgr(style: Style, params: number[]): Style {
  const next = { ...style };
  for (let i = 0; i < params.length; i++) {
    const p = params[i] ?? 0;
    if (p === 0) Object.keys(next).forEach((k) => delete next[k as keyof Style]);
    else if (p === 1) next.bold = true;
    else if (p === 2) next.dim = true;
    else if (p === 3) next.italic = true;
    else if (p === 4) next.underline = true;
    else if (p === 7) next.inverse = true;
    else if (p === 22) next.bold = next.dim = false;
    else if (p === 23) next.italic = false;
    else if (p === 24) next.underline = false;
    else if (p === 27) next.inverse = false;
    else if (p >= 30 && p <= 37) next.fg = PALETTE[p - 30];
    else if (p >= 90 && p <= 97) next.fg = PALETTE[p - 90 + 8];
    else if (p === 39) delete next.fg;
    else if (p >= 40 && p <= 47) next.bg = PALETTE[p - 40];
    else if (p >= 100 && p <= 107) next.bg = PALETTE[p - 100 + 8];
    else if (p === 49) delete next.bg;
    else if (p === 38 || p === 48) {
      const key = p === 38 ? 'fg' : 'bg';
      if (params[i + 1] === 5) {
        next[key] = xterm256(params[i + 2] ?? 0);
        i += 2;
      } else if (params[i + 1] === 2) {
        next[key] = rgb(params[i + 2] ?? 0, params[i + 3] ?? 0, params[i + 4] ?? 0);
        i += 4;
      }
    }
  }
  return next;
}

/** Parses captured text into rows of styled cells. */
export function parseAnsi(text: string): Cell[][] {
  const rows: Cell[][] = [];
  let style: Style = {};
  for (const line of text.replace(/\n$/, '').split('\n')) {
    const row: Cell[] = [];
    const pattern = /\x1b\[([0-9;]*)m|\x1b\[[0-9;?]*[A-Za-z]|([^\x1b])/gu;
    for (const match of line.matchAll(pattern)) {
      if (match[1] !== undefined) style = applySgr(style, match[1] === '' ? [0] : match[1].split(';').map(Number));
      else if (match[2] !== undefined) row.push({ char: match[2], style });
    }
    rows.push(row);
  }
  return rows;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Renderers collapse runs of spaces despite xml:space; no-break spaces keep every column. */
function keepSpaces(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

export function ansiToSvg(text: string, options: { columns: number; title?: string }): string {
  const rows = parseAnsi(text);
  const cellWidth = 8.4;
  const lineHeight = 18;
  const pad = 12;
  const titleBar = 26;
  const width = Math.ceil(options.columns * cellWidth + pad * 2);
  const height = Math.ceil(rows.length * lineHeight + pad * 2 + titleBar);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" rx="8" fill="${DEFAULT_BG}"/>`,
    `<circle cx="18" cy="13" r="5" fill="#f38ba8"/><circle cx="34" cy="13" r="5" fill="#f9e2af"/><circle cx="50" cy="13" r="5" fill="#a6e3a1"/>`,
  ];
  if (options.title) {
    parts.push(`<text x="${width / 2}" y="17" fill="#7f849c" font-family="monospace" font-size="12" text-anchor="middle">${escapeXml(options.title)}</text>`);
  }
  parts.push(`<g font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="14">`);
  rows.forEach((row, rowIndex) => {
    const y = pad + titleBar + rowIndex * lineHeight;
    let column = 0;
    for (const run of runs(row)) {
      const x = pad + column * cellWidth;
      const fg = run.style.inverse ? (run.style.bg ?? DEFAULT_BG) : (run.style.fg ?? DEFAULT_FG);
      const bg = run.style.inverse ? (run.style.fg ?? DEFAULT_FG) : run.style.bg;
      const length = [...run.text].length;
      if (bg) parts.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(length * cellWidth).toFixed(1)}" height="${lineHeight}" fill="${bg}"/>`);
      if (run.text.trim() !== '') {
        const attrs = [
          `x="${x.toFixed(1)}"`,
          `y="${y + 14}"`,
          `fill="${fg}"`,
          // Pin each run to its cells so a font with other metrics cannot drift the columns.
          `textLength="${(length * cellWidth).toFixed(1)}" lengthAdjust="spacingAndGlyphs"`,
          run.style.bold ? 'font-weight="bold"' : '',
          run.style.italic ? 'font-style="italic"' : '',
          run.style.underline ? 'text-decoration="underline"' : '',
          run.style.dim ? 'opacity="0.6"' : '',
        ].filter(Boolean);
        parts.push(`<text ${attrs.join(' ')}>${keepSpaces(escapeXml(run.text))}</text>`);
      }
      column += length;
    }
  });
  parts.push('</g></svg>');
  return parts.join('\n');
}

function runs(row: Cell[]): { text: string; style: Style }[] {
  const result: { text: string; style: Style }[] = [];
  for (const cell of row) {
    const last = result.at(-1);
    if (last && last.style === cell.style) last.text += cell.char;
    else result.push({ text: cell.char, style: cell.style });
  }
  return result;
}
