import '../problem-form.css';

import { useId } from 'react';

/**
 * A button that picks one .zip (Upload ZIP, Import package): a label styled as a button over a hidden file input,
 * cleared after each pick so the same file can be chosen again.
 */
export function ZipFileButton({ label, pending, onFile }: { label: string; pending: boolean; onFile: (file: File | undefined) => void }) {
  const id = useId();
  return (
    <>
      <label className="btn small file-button" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept=".zip,application/zip"
        disabled={pending}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
