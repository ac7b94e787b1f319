/** The numbering range: the automatic choice when the evidence is clear, or the one the user picks. */
import { useEffect, useState, type ReactNode } from 'react';
import type { RangeDto, RangesDto, SettingsDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { SelectField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { saveSettings } from './save-settings';
import { useSettingsDraft } from './use-settings-draft';

const pickRange = (s: SettingsDto | null) => ({ choice: s?.preferredRangeId ?? '' });

export function rangeLabel(r: RangeDto): string {
  const span = r.from !== null && r.to !== null ? ` ${r.from}–${r.to}` : '';
  return `${r.prefix ?? ''}${span}${r.resolution ? ` · ${r.resolution}` : ''}`.trim() || r.id;
}

export function RangeSection(): ReactNode {
  const t = useScreenText();
  const connection = useApp((s) => s.settings?.connection);
  const [ranges, setRanges] = useState<RangesDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { draft: { choice }, change, reset } = useSettingsDraft(pickRange);
  const setChoice = (value: string) => change(() => ({ choice: value }));

  useEffect(() => {
    let live = true;
    void bridge.call('ranges.list', {}).then((answer) => {
      if (!live) return;
      if (answer.ok) { setRanges(answer.value); setProblem(null); } else setProblem(describeBridgeError(answer.error, t));
    });
    return () => { live = false; };
  }, [connection?.mode, connection?.baseUrl, connection?.clientId]);

  const invoiceRanges = ranges?.ranges ?? [];
  const automatic = invoiceRanges.find((r) => r.id === ranges?.automaticId);
  const save = async () => {
    const outcome = await saveSettings({ preferredRangeId: choice === '' ? null : choice });
    if (outcome.ok) { reset(); setProblem(null); } else setProblem(outcome.fields.preferredRangeId ?? outcome.message);
  };

  return (
    <section className="panel" aria-labelledby="range-title">
      <h2 id="range-title">{t.numberingRange}</h2>
      <p>{automatic ? t.automaticRange(rangeLabel(automatic))
        : ranges === null && problem === null ? t.loadingRanges
          : (ranges?.message ?? t.noAutomaticRange)}</p>
      <SelectField id="range-choice" label={t.rangeChoice} value={choice} onChange={setChoice}
        options={[['', t.rangeAutomatic], ...invoiceRanges.map((r) => [r.id, `${rangeLabel(r)} (${t.validity[r.validity]})`] as const)]}
        error={problem} />
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()} disabled={!ranges}>{t.saveRange}</button>
      </div>
    </section>
  );
}
