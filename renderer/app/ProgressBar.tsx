/**
 * A long job's bar (shared/progress.ts): what is done of what, the time left, and "Cancelar" while stopping is safe.
 * "12 400 de 100 000 filas · quedan unos 8 s". role=progressbar with aria-valuenow/max (no value while the total is
 * unknown); the text is also its aria-valuetext.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { progressFraction, timeLeftSeconds, type JobProgressDto } from '../../shared/progress';
import { useScreenText } from '../i18n/screen-text';
import '../styles/progress.css';

export function ProgressBar(p: {
  progress: JobProgressDto;
  /** Shown when the job says it is cancellable; the bar says "Cancelando…" once asked. */
  onCancel?: () => void;
  /** The bar's own name (its kind's words by default). */
  label?: string;
}): ReactNode {
  const t = useScreenText();
  const { progress } = p;
  const [asked, setAsked] = useState(false);
  // Shown where the work was asked for, maybe at a panel's bottom edge: brought whole into view once.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => { box.current?.scrollIntoView?.({ block: 'nearest' }); }, []);
  // The core's clock and this page's may differ: the time left is measured from the report's arrival here.
  const [arrived, setArrived] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => { setArrived(Date.now()); }, [progress]);
  useEffect(() => {
    if (progress.state !== 'running') return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [progress.state]);
  useEffect(() => { if (progress.jobId) setAsked(false); }, [progress.jobId]);

  const fraction = progressFraction(progress);
  const left = timeLeftSeconds(progress, progress.at + Math.max(0, now - arrived));
  const count = t.progressCount(progress.done, progress.total, progress.unit);
  const end = progress.state === 'finished' ? t.progressFinished : progress.state === 'cancelled' ? t.progressCancelled
    : progress.state === 'failed' ? t.progressFailed : null;
  const text = [count, end ?? (left !== null ? t.progressTimeLeft(left) : null)].filter((s) => s !== null).join(' · ');
  const label = p.label ?? `${t.progressLabel(progress.kind)}: ${t.progressPhase(progress.phase)}`;
  const max = progress.total ?? undefined;
  return (
    <div ref={box} className={`job-progress job-${progress.state}`} data-testid="job-progress">
      <div className="job-progress-head">
        <span className="job-progress-label">{label}</span>
        <span className="job-progress-text num" aria-hidden="true">{text}</span>
      </div>
      <div className="job-progress-row">
        <div
          className="job-progress-track"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          {...(max !== undefined ? { 'aria-valuemax': max, 'aria-valuenow': Math.min(progress.done, max) } : {})}
          aria-valuetext={text}
        >
          <div className="job-progress-fill" style={{ width: `${((fraction ?? 0) * 100).toFixed(1)}%` }} />
        </div>
        {p.onCancel && progress.state === 'running' && (progress.cancellable || asked) ? (
          <button type="button" className="job-progress-cancel" disabled={asked} onClick={() => { setAsked(true); p.onCancel?.(); }}>
            {asked ? t.progressCancelling : t.progressCancel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
