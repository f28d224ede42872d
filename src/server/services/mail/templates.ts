const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(heading: string, body: string, link: string, action: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#1a1b1e">
<h2>${escapeHtml(heading)}</h2><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#228be6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#868e96;font-size:13px">Or open this link: ${escapeHtml(link)}</p></body></html>`;
}

export function verificationMail(to: string, link: string, hours: number) {
  const body = `Confirm your email address to start using Finu. The link works for ${hours} hours.`;
  return { to, subject: 'Verify your email for Finu', text: `${body}\n\n${link}\n`, html: layout('Welcome to Finu', body, link, 'Verify email'), link };
}

export function resetMail(to: string, link: string, minutes: number) {
  const body = `Someone asked to reset the password of your Finu account. If it was you, choose a new password within ${minutes} minutes. If not, ignore this email.`;
  return { to, subject: 'Reset your Finu password', text: `${body}\n\n${link}\n`, html: layout('Reset your password', body, link, 'Choose a new password'), link };
}

export function goodbyeMail(to: string, appUrl: string) {
  const body =
    'Your Finu account and everything in it (transactions, goals, coach conversations, rewards) have been deleted, and any subscription was cancelled. No further charges will be made. You can sign up again any time.';
  return {
    to,
    subject: 'Your Finu account has been deleted',
    text: `${body}\n\nIf you did not ask for this, reply to this email.\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#1a1b1e"><h2>Goodbye from Finu</h2><p>${escapeHtml(body)}</p><p style="color:#868e96;font-size:13px">${escapeHtml(appUrl)}</p></body></html>`,
  };
}

export function supportMail(to: string, from: { email: string; name: string | null }, topic: string, subject: string, message: string, id: string) {
  const who = from.name ? `${from.name} <${from.email}>` : from.email;
  const text = `From: ${who}\nTopic: ${topic}\nReference: ${id}\n\n${message}\n`;
  return {
    to,
    subject: `[Support · ${topic}] ${subject}`,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:620px;margin:auto;padding:24px;color:#1a1b1e"><p><b>From:</b> ${escapeHtml(who)}<br><b>Topic:</b> ${escapeHtml(topic)}<br><b>Reference:</b> ${escapeHtml(id)}</p><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(message)}</pre></body></html>`,
    replyTo: from.email,
  };
}

/** Sent to the owner whenever a way to sign in is added or removed, so a stolen session cannot plant one quietly. */
export function signInMethodMail(to: string, change: 'linked' | 'removed', method: string, appUrl: string) {
  const what = change === 'linked' ? `${method} was linked to your Finu account and can now sign in to it.` : `${method} was removed from the ways to sign in to your Finu account.`;
  const body = `${what} If this was not you, change your password, use “Log out everywhere” in Settings, and remove any sign-in method you do not recognise.`;
  const link = `${appUrl}/settings`;
  return {
    to,
    subject: change === 'linked' ? 'A new way to sign in to your Finu account' : 'A way to sign in to your Finu account was removed',
    text: `${body}\n\n${link}\n`,
    html: layout(change === 'linked' ? 'New sign-in method' : 'Sign-in method removed', body, link, 'Open Settings'),
  };
}
