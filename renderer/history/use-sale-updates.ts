/**
 * A value that changes whenever a sale may have changed, so a screen can re-read what it shows: on the core's
 * `sale.updated` pushes, and when the status counts move (validations found by polling arrive that way).
 */
import { useEffect, useState } from 'react';
import type { SyncStatusDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';

const countsSignature = (status: SyncStatusDto | null): string =>
  status ? `${status.counts.waiting}.${status.counts.sending}.${status.counts.queued}.${status.counts.validated}.${status.counts.needs_attention}` : '';

export function useSaleUpdates(): string {
  const [version, setVersion] = useState(0);
  const counts = useApp((s) => countsSignature(s.status));
  useEffect(() => bridge.on('sale.updated', () => setVersion((v) => v + 1)), []);
  return `${version}|${counts}`;
}
