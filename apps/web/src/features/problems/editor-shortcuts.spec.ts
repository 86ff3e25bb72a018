import { editorShortcut } from './editor-shortcuts';

const keys = (key: string, extra: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('editorShortcut', () => {
  it.each([
    [keys('Enter', { ctrlKey: true }), 'submit'],
    [keys('Enter', { metaKey: true }), 'submit'],
    [keys("'", { ctrlKey: true }), 'run'],
    [keys('Enter'), null],
    [keys("'"), null],
    [keys('Enter', { ctrlKey: true, shiftKey: true }), null],
    [keys("'", { ctrlKey: true, altKey: true }), null],
    [keys('s', { ctrlKey: true }), null],
  ])('reads %o as %s', (event, shortcut) => {
    expect(editorShortcut(event)).toBe(shortcut);
  });
});
