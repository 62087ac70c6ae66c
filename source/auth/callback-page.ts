/** The small page the loopback listener serves after the redirect: plain text, every value escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

export function callbackPage(title: string, detail: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cmd-tui: ${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto;">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
</body></html>
`;
}
