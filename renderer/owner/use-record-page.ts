/**
 * A searched, paged list of the shop server's records (products or customers) through the back-office session:
 * typing searches after a short pause, "Ver más" asks for a longer page, a closed session goes back to the PIN.
 */
import { useEffect, useState } from 'react';
import type { BridgeInput, BridgeResult } from '../../shared/bridge/contract';
import { RECORD_PAGE } from '../../shared/shop/back-office-records';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';

type PagedMethod = 'shop.products' | 'shop.customers';

export interface RecordPage<Row> {
  text: string;
  setText(text: string): void;
  rows: Row[];
  total: number;
  problem: string | null;
  /** More to show on a longer page (up to RECORD_PAGE.max; past it, searching narrows the list). */
  canMore: boolean;
  more(): void;
  reload(): void;
}

export function useRecordPage<M extends PagedMethod, Row>(
  method: M, read: (value: BridgeResult<M>) => { rows: Row[]; total: number }, onClosed: () => void,
): RecordPage<Row> {
  const t = useScreenText();
  const [text, setText] = useState('');
  const [limit, setLimit] = useState<number>(RECORD_PAGE.size);
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const q = text.trim();
      void bridge.call(method, { ...(q ? { q } : {}), limit } as BridgeInput<M>).then((reply) => {
        if (!live) return;
        if (reply.ok) { setAnswer(read(reply.value as BridgeResult<M>)); setProblem(null); } else if (reply.error.reason === 'BACK_OFFICE_CLOSED') onClosed();
        else setProblem(describeBridgeError(reply.error, t));
      });
    }, 200);
    return () => { live = false; clearTimeout(timer); };
  }, [method, text, limit, reloads]);

  return {
    text,
    setText: (next) => { setText(next); setLimit(RECORD_PAGE.size); },
    rows: answer.rows,
    total: answer.total,
    problem,
    canMore: answer.rows.length < answer.total && limit < RECORD_PAGE.max,
    more: () => setLimit((n) => Math.min(RECORD_PAGE.max, n + RECORD_PAGE.size)),
    reload: () => setReloads((n) => n + 1),
  };
}
