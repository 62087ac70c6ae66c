/**
 * The HTML pages of /oauth2/authorize: the consent page (app name, who is signing in, requested
 * scopes, Authorize / Cancel) and the error page shown when it is unsafe to redirect. Every value
 * from the request is HTML-escaped. The form re-posts the authorization parameters, so a script can
 * approve by POSTing the same fields plus `action=authorize` (documented in the README).
 */
const SCOPE_TEXT: Record<string, string> = {
  identify: 'Access your username, avatar, and banner',
  email: 'Access your email address',
  guilds: 'Know what servers you\'re in',
  'guilds.members.read': 'Read your member info in servers you\'re in',
  connections: 'Access your third-party connections',
  'applications.commands': 'Use commands in a server',
  'applications.commands.update': 'Update its own commands',
  'applications.commands.permissions.update': 'Update permissions for its commands in servers you manage',
  bot: 'Add a bot to a server',
  openid: 'Sign you in with OpenID Connect',
  'sdk.social_layer': 'Use the Social SDK communication features',
  'sdk.social_layer_presence': 'See your presence and friends for the Social SDK',
};

export function knownScope(scope: string): boolean {
  return scope in SCOPE_TEXT;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#313338;color:#dbdee1;display:flex;justify-content:center;padding:3rem}
main{background:#2b2d31;border-radius:8px;padding:2rem;max-width:28rem;width:100%}h1{font-size:1.2rem;color:#fff}
ul{padding-left:1.2rem}li{margin:.4rem 0}.muted{color:#949ba4;font-size:.85rem}
.buttons{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}
button{border:0;border-radius:4px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}
button[value=authorize]{background:#5865f2;color:#fff}button[value=cancel]{background:transparent;color:#dbdee1}`;

export interface ConsentView {
  appName: string;
  action: string;
  scopes: string[];
  /** What happens on Authorize: the redirect, or the server the app is added to. */
  afterwards: string;
  /** The authorization parameters, re-posted as hidden fields. */
  fields: Record<string, string>;
  users: { id: string; label: string }[];
  selectedUserId: string;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const scopes = view.scopes.map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)} <span class="muted">(${escapeHtml(scope)})</span></li>`).join('');
  const users = view.users
    .map((user) => `<option value="${escapeHtml(user.id)}"${user.id === view.selectedUserId ? ' selected' : ''}>${escapeHtml(user.label)}</option>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize ${escapeHtml(view.appName)} · Discord (emulator)</title><style>${STYLE}</style></head>
<body><main>
  <p class="muted">cmd-tui Discord emulator — nothing here reaches Discord</p>
  <h1>${escapeHtml(view.appName)} wants to access your account</h1>
  <form method="post" action="${escapeHtml(view.action)}">
    <label>Signed in as <select name="user_id">${users}</select></label>
    <p>This will allow the developer of ${escapeHtml(view.appName)} to:</p>
    <ul>${scopes}</ul>
    <p class="muted">${escapeHtml(view.afterwards)}</p>
      ${hidden}
    <div class="buttons">
      <button type="submit" name="action" value="cancel">Cancel</button>
      <button type="submit" name="action" value="authorize">Authorize</button>
    </div>
  </form>
</main></body></html>`;
}

export function errorPage(title: string, detail: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Discord (emulator)</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
}
