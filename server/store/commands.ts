/**
 * Offline edits, decided by the contract's rule (compare-and-set on the record's version): a command applies when
 * its `baseVersion` is the record's version at the server (null: the record must not exist yet), else it is a
 * `conflict` and the server's version stands. Each command id is decided once and remembered with its answer, so
 * a batch resent after a lost reply answers the same and changes nothing.
 */
import type { Command } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';
import { customerKey, saveRecord, takeFeedLock, type MasterKind } from './master-data';

export interface CommandResult { id: string; outcome: 'applied' | 'conflict' | 'refused'; version: number | null; reason?: string }

interface Row { till_id: string; outcome: CommandResult['outcome']; version: number | null; reason: string | null }

function target(command: Command): { kind: MasterKind; key: string; data: unknown } {
  switch (command.kind) {
    case 'product.save': return { kind: 'product', key: command.data.code, data: command.data };
    case 'customer.save': return { kind: 'customer', key: customerKey(command.data), data: command.data };
    case 'person.save': {
      const { key, ...person } = command.data;
      return { kind: 'person', key, data: person };
    }
  }
}

/** Decides a batch in order, in the caller's transaction; `changed` says whether the feed moved. */
export async function decideCommands(tx: Queryable, tillId: string, commands: readonly Command[], now: number): Promise<{ results: CommandResult[]; changed: boolean }> {
  await takeFeedLock(tx);
  const results: CommandResult[] = [];
  let changed = false;
  for (const command of commands) {
    const { rows } = await tx.query<Row>('SELECT till_id, outcome, version, reason FROM commands WHERE id = $1', [command.id]);
    const earlier = rows[0];
    if (earlier) {
      results.push(earlier.till_id === tillId
        ? withReason({ id: command.id, outcome: earlier.outcome, version: earlier.version === null ? null : Number(earlier.version) }, earlier.reason)
        : { id: command.id, outcome: 'refused', version: null, reason: 'command_id_taken' });
      continue;
    }
    const { kind, key, data } = target(command);
    const saved = await saveRecord(tx, kind, key, data, now, { baseVersion: command.baseVersion });
    const result: CommandResult = saved.outcome === 'applied'
      ? { id: command.id, outcome: 'applied', version: saved.version }
      : { id: command.id, outcome: 'conflict', version: saved.version, reason: 'version_changed' };
    if (saved.outcome === 'applied' && saved.changed) changed = true;
    await tx.query(
      `INSERT INTO commands (id, till_id, kind, record_key, base_version, made_at, data, outcome, version, reason, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)`,
      [command.id, tillId, command.kind, key, command.baseVersion, command.at, JSON.stringify(command.data), result.outcome, result.version, result.reason ?? null, now],
    );
    results.push(result);
  }
  return { results, changed };
}

function withReason(result: CommandResult, reason: string | null): CommandResult {
  return reason === null ? result : { ...result, reason };
}
