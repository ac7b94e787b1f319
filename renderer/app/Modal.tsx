/**
 * A modal dialog: the native <dialog> opened with showModal(), so the rest of the window is inert behind a
 * backdrop, the focus stays inside, and Esc cancels (onCancel) instead of closing it behind React's back.
 */
import { useEffect, useRef, type ReactNode } from 'react';

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
    dialog.addEventListener('cancel', onEsc);
    return () => { dialog.removeEventListener('cancel', onEsc); if (dialog.open) dialog.close(); };
  }, []);
  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {children}
    </dialog>
  );
}
