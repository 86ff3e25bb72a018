/**
 * Puts text on the clipboard: through the Clipboard API where the page may use it (a secure context: https or
 * localhost), else by the older select-and-copy command, which still works on a plain-http address. False when
 * neither could.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (a permission policy, a page without focus): the command below may still be allowed.
    }
  }
  return copyBySelection(text);
}

/** Selects the text in an off-screen field and runs the copy command; focus goes back where it was. */
function copyBySelection(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.setAttribute('aria-hidden', 'true');
  Object.assign(field.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  document.body.append(field);
  field.focus({ preventScroll: true });
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    focused?.focus();
  }
}
