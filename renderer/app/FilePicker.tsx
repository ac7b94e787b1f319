/**
 * A file input that speaks the screen's language. The browser draws its own "Choose File / No file chosen" in the
 * system's language (English on many tills), so the native input is kept (its label, keyboard and drop still work)
 * but drawn invisibly, and a button-like label in the screen's words stands in for it. The screens clear the input
 * after reading a file, so there is no chosen name to show.
 */
import type { ReactNode } from 'react';
import { useScreenText } from '../i18n/screen-text';
import '../styles/layout.css';

interface Props {
  id: string;
  accept: string;
  disabled?: boolean;
  describedBy?: string;
  onFile(file: File | undefined): void;
}

export function FilePicker({ id, accept, disabled, describedBy, onFile }: Props): ReactNode {
  const t = useScreenText();
  return (
    <span className="file-picker">
      <input id={id} type="file" className="file-picker-input" accept={accept} disabled={disabled} aria-describedby={describedBy}
        onChange={(e) => { onFile(e.target.files?.[0]); e.target.value = ''; }} />
      {/* Hidden from the accessibility tree so the input's name stays its field label. */}
      <label htmlFor={id} className="file-picker-button" aria-hidden="true">{t.layoutChooseFile}</label>
    </span>
  );
}
