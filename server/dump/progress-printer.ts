/**
 * A long command's progress on stderr (issue 29), in the owner's words like the rest of the server's commands:
 *   volcando la tienda: 120.000 de 600.000 filas (20 %) · quedan unos 12 s
 * On a terminal the line is rewritten in place; into a file or a pipe (`--progress`) a new line at most once a second
 * and always the last one, so a log keeps a few lines, not thousands. Steps that cannot be measured are one line each.
 */
import { timeLeftSeconds } from '../../shared/progress';

export interface ProgressOut { write(text: string): unknown; isTTY?: boolean }

export interface ProgressPrinter {
  /** `label: done of total unit (pct %) · quedan unos N s`; the estimate is made from this label's own start. */
  count(label: string, done: number, total: number, unit: string): void;
  /** A step with no figure ("comprobando el volcado…"). */
  step(text: string): void;
  /** Ends a line left open on a terminal. */
  end(): void;
}

/** "120 000": thousands split by a space, as the till's bar writes them. */
const number = (n: number) => n.toLocaleString('es-CO').replace(/\./g, ' ');

/** "quedan unos 12 s", "quedan unos 3 min", "queda más de una hora"; null when too early to say. */
export function leftInWords(s: number | null): string | null {
  if (s === null) return null;
  if (s < 90) return `quedan unos ${s} s`;
  const min = Math.round(s / 60);
  return min < 60 ? `quedan unos ${min} min` : 'queda más de una hora';
}

export function progressPrinter(out: ProgressOut, now: () => number = Date.now): ProgressPrinter {
  const tty = out.isTTY === true;
  let open = false;
  let label = '';
  let startedAt = 0;
  let lastLineAt = -Infinity;
  const close = () => {
    if (open) out.write('\n');
    open = false;
  };
  return {
    count(what, done, total, unit) {
      const t = now();
      if (what !== label) {
        close();
        label = what;
        startedAt = t;
        lastLineAt = -Infinity;
      }
      const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
      const left = done < total ? leftInWords(timeLeftSeconds({ done, total, phaseStartedAt: startedAt, at: t, state: 'running' })) : null;
      const line = `${what}: ${number(done)} de ${number(total)} ${unit} (${pct} %)${left ? ` · ${left}` : ''}`;
      if (tty) {
        out.write(`\r\u001b[K${line}`);
        open = true;
        if (done >= total) close();
        return;
      }
      if (done < total && t - lastLineAt < 1000) return;
      lastLineAt = t;
      out.write(`${line}\n`);
    },
    step(text) {
      close();
      label = '';
      out.write(`${text}\n`);
    },
    end: close,
  };
}
