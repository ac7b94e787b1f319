/** The progress bar as the screen draws it (renderer/app/ProgressBar.tsx): its words, its ARIA values, its Cancelar. */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProgressBar } from '../../../renderer/app/ProgressBar';
import type { JobProgressDto } from '../../../shared/progress';

const running: JobProgressDto = {
  jobId: 'catalog-import-1', kind: 'catalog.import', phase: 'writing', unit: 'rows', done: 12_400, total: 100_000,
  startedAt: 0, phaseStartedAt: 1_000, at: 2_240, state: 'running', cancellable: true,
};
const draw = (progress: JobProgressDto, onCancel?: () => void) =>
  renderToStaticMarkup(createElement(ProgressBar, { progress, ...(onCancel ? { onCancel } : {}) }));

describe('the progress bar', () => {
  it('says what is done of what and the time left, in Spanish, as its ARIA values too', () => {
    const html = draw(running, () => {});
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="12400"');
    expect(html).toContain('aria-valuemax="100000"');
    expect(html).toContain('aria-valuetext="12\u00a0400 de 100\u00a0000 filas · quedan unos 9 s"');
    expect(html).toContain('Importación del catálogo: guardando');
    expect(html).toContain('>Cancelar</button>');
  });

  it('offers no Cancelar when stopping is not safe, or once the job has ended', () => {
    expect(draw({ ...running, cancellable: false }, () => {})).not.toContain('Cancelar');
    const ended = draw({ ...running, state: 'cancelled', cancellable: false }, () => {});
    expect(ended).not.toContain('>Cancelar<');
    expect(ended).toContain('Cancelado');
    expect(ended).not.toContain('quedan');
  });

  it('has no value while the total is not known', () => {
    const html = draw({ ...running, total: null });
    expect(html).not.toContain('aria-valuenow');
    expect(html).toContain('12\u00a0400 filas');
  });
});
