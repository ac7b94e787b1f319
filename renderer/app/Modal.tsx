/**
 * A modal dialog: the native <dialog> opened with showModal(), so the rest of the window is inert behind a
 * backdrop and the focus stays inside. While it is open it owns the keyboard: Esc cancels (onCancel) and no
 * shortcut or scanner burst reaches the screen behind it (the window's listeners never see the keys).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import '../styles/modal.css';

interface Props {
  labelledBy: string;
  describedBy?: string;
  onCancel(): void;
  className?: string;
  children: ReactNode;
}

export function Modal({ labelledBy, describedBy, onCancel, className, children }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onEsc = (event: Event) => { event.preventDefault(); cancel.current(); };
    const onKey = (event: KeyboardEvent) => {
      event.stopPropagation(); // typing still types: only the listeners behind are skipped
      if (event.key === 'Escape') onEsc(event);
    };
    dialog.addEventListener('cancel', onEsc);
    window.addEventListener('keydown', onKey, true);
    return () => {
      dialog.removeEventListener('cancel', onEsc);
      window.removeEventListener('keydown', onKey, true);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {children}
    </dialog>
  );
}
