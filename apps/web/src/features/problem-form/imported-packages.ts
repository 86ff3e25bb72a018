/** Packages this browser imported, so a second import of the same one is confirmed first (issue 33, defect 14). */
const IMPORTED_KEY = 'oj.importedPackages';

export interface ImportedPackage {
  problemId: number;
  title: string;
}

/**
 * What identifies a package file: its SHA-256 where the browser offers it (a secure context), else its name and size,
 * so a renamed copy is still recognised where it can be.
 */
export async function packageKey(file: File): Promise<string> {
  if (globalThis.crypto?.subtle && typeof file.arrayBuffer === 'function') {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return `sha256:${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  return `file:${file.name}:${file.size}`;
}

function readAll(): Record<string, ImportedPackage> {
  try {
    return JSON.parse(localStorage.getItem(IMPORTED_KEY) ?? '{}') as Record<string, ImportedPackage>;
  } catch {
    return {};
  }
}

export function importedBefore(key: string): ImportedPackage | undefined {
  return readAll()[key];
}

export function rememberImport(key: string, problem: ImportedPackage): void {
  try {
    localStorage.setItem(IMPORTED_KEY, JSON.stringify({ ...readAll(), [key]: problem }));
  } catch {
    // Storage refused: the next import of this package is not warned about, nothing else changes.
  }
}
