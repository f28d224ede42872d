import { EMBEDDED_OIDC_PATH } from './embedded';

/** Text safe inside the pages' HTML. */
export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The embedded provider's own pages (a dev stand-in for Google's): plain HTML, no script. */
export function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:Canvas;color:CanvasText}
main{width:min(420px,100% - 32px);padding:28px;border:1px solid #8884;border-radius:10px;box-shadow:0 2px 10px #0001}
h1{font-size:1.35rem;margin:0 0 4px}p{margin:0 0 16px;line-height:1.45;opacity:.85}
label{display:block;font-weight:600;margin:14px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:6px;border:1px solid #8888;font:inherit;background:Field;color:FieldText}
.hint{font-size:.85rem;opacity:.75;margin:4px 0 0}.error{color:#c92a2a;background:#c92a2a14;border-radius:6px;padding:10px;margin:12px 0}
.row{display:flex;gap:10px;margin-top:20px}button{flex:1;padding:11px;border-radius:6px;border:1px solid #8888;font:inherit;font-weight:600;cursor:pointer;background:ButtonFace;color:ButtonText}
button.primary{background:#1971c2;color:#fff;border-color:#1971c2}button:focus-visible,input:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
.badge{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;background:#fab00533;border-radius:4px;padding:2px 6px;margin-bottom:10px}
</style></head><body><main>${body}</main></body></html>`;
}

export function signInPage(options: { uid: string; needKey: boolean; error?: string; email?: string; name?: string }) {
  const action = `${EMBEDDED_OIDC_PATH}/interaction/${encodeURIComponent(options.uid)}`;
  return page(
    'Local sign-in (stands in for Google)',
    `<span class="badge">Development</span>
<h1>Local sign-in (stands in for Google)</h1>
<p>This page is Finu's built-in OpenID provider. It stands in for Google while no Google client is configured, so you can try “Continue with Google” without one. Type any email and name: no password, no real Google account.</p>
${options.error ? `<div class="error" role="alert">${escape(options.error)}</div>` : ''}
<form method="post" action="${action}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escape(options.email ?? '')}" autofocus>
<label for="name">Name</label><input id="name" name="name" autocomplete="name" maxlength="100" value="${escape(options.name ?? '')}">
${options.needKey ? '<label for="dev_key">Dev key</label><input id="dev_key" name="dev_key" type="password" autocomplete="off" required><p class="hint">Printed in the server log at start (also in DATA_DIR/dev-key).</p>' : ''}
<div class="row"><button class="primary" type="submit" name="action" value="login">Sign in</button><button type="submit" name="action" value="cancel">Cancel</button></div>
</form>`,
  );
}
