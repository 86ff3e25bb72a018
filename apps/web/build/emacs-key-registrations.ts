import type { Plugin } from 'vite';

/** `/*@__PURE__*\/EmacsHandler.bindKey(…)` and `.addCommands(…)`: the module's own registrations, called for their effect. */
const PURE_REGISTRATION = /\/\*@__PURE__\*\/(EmacsHandler\.(?:bindKey|addCommands)\()/g;

/**
 * @replit/codemirror-emacs (6.1.0) registers its key bindings and commands at module load with calls it marks pure,
 * and declares `sideEffects: false`, so a production build drops them and the Emacs keymap binds nothing. Removing
 * those marks keeps the calls; everything else in the package is left to tree-shaking as before.
 */
export function emacsKeyRegistrations(): Plugin {
  return {
    name: 'oj-emacs-key-registrations',
    enforce: 'pre',
    transform(code, id) {
      if (!/@replit\/codemirror-emacs\/dist\/index\.js$/.test(id.split('?')[0])) return null;
      return { code: code.replace(PURE_REGISTRATION, '$1'), map: null };
    },
  };
}
