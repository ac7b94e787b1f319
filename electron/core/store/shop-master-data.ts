/**
 * The shop server's master data at the till (issue 20): a page of the change feed applied in one transaction with
 * its cursor, and the edits made here recorded as commands (by trigger, see shop-sync-schema.ts) until the server
 * decides them. A refused edit stays listed for the owner ("Cambios no aplicados"), never silently lost.
 */
import type Database from 'better-sqlite3';
import { SHOP_WIDE_SETTING_KEYS, changeSchema, type ShopWideSettingKey, type Change, type ChangesResponse, type Command, type DocumentOutcome } from '../../../shared/shop/contract';
import { wordFeedAside, type FeedAsideReason, type FeedAsideRecord } from '../../../shared/shop/feed-aside';
import { foldText } from '../../../shared/folded-text';
import { StoreError } from './errors';

/**
 * A record of the feed this till could not read (it does not meet the contract's schema: a newer server, or a
 * broken one): it comes apart from the page's good changes and is set aside as it came (issue 27).
 */
export interface MalformedChange {
  seq: number;
  kind: string;
  key: string;
  raw: unknown;
  /** The first field at fault and its message. */
  problem: string;
}
/** A page of the feed as the till's client hands it on: the changes it could read, and those it could not. */
export type FeedPage = ChangesResponse & { malformed?: readonly MalformedChange[] };

/** A record set aside, as the owner sees it at the till (and as the till reports it to the server). */
export interface FeedAsideEntry extends FeedAsideRecord {
  /** The last time it was tried, and how often. */
  triedAt: number;
  tries: number;
}

/** Set-aside records tried again in one round (oldest first): a till with more tries the rest at the next round. */
const ASIDE_RETRIED_PER_ROUND = 100;

export interface ShopState {
  paired: boolean;
  cursor: number;
  /** The server's generation last seen in its feed (null: none yet, or a server from before generations). */
  generation: string | null;
}

/** Local settings that are the shop's, not the till's: the seller, DIAN's authorisation, the cashier rules. */
export const SHOP_WIDE_SETTINGS: readonly string[] = SHOP_WIDE_SETTING_KEYS;
const SHOP_WIDE = new Set(SHOP_WIDE_SETTINGS);
/** The settings row that holds this till's id at the server (shop/shop-pairing-record.ts). */
const SHOP_TILL_ID_KEY = 'shop.till_id';

/** A command the server refused, as the owner sees it. */
export interface NotAppliedEdit {
  id: number;
  kind: Command['kind'];
  /** What was edited: a product's code and name, a customer's identification and name, a person's name. */
  label: string;
  at: number;
  outcome: 'conflict' | 'refused';
  reason: string | null;
  decidedAt: number;
}

export interface CommandDecision {
  id: string;
  outcome: 'applied' | 'conflict' | 'refused';
  version: number | null;
  reason?: string | undefined;
}

export interface ShopMasterData {
  shopState(): ShopState;
  /** Pairing: its settings rows, and the till starts recording its edits and reading the feed from `cursor`; one transaction. */
  recordShopPairing(settings: Readonly<Record<string, string>>, cursor: number): void;
  /**
   * Unpairing: the settings rows go, and with them what only meant something to that server (versions, the cursor,
   * unsent edits, what was pushed), so a later pairing starts clean. Sales and shifts stay, to be pushed again.
   */
  forgetShopPairing(settingKeys: readonly string[]): void;
  /**
   * One page, all or nothing, with the cursor it leads to. When the page is of another generation than the one last
   * seen (the server was restored from a copy), nothing of it is applied: the cursor goes back to 0 and the answer
   * is 'restart' (read the feed again from its start).
   */
  applyShopChanges(page: FeedPage): 'applied' | 'restart';
  /**
   * Issue 28: who applies a document's outcome the feed relays (the till's confirmations, which know the outbox and
   * the service): called inside the page's transaction, so the outcome and the cursor commit together. Without one,
   * outcomes are passed over (the till's own polling learns them).
   */
  setFeedDocumentApplier(apply: ((outcome: DocumentOutcome) => void) | null): void;
  /**
   * Issue 27: the records of the feed this till could not apply, set aside (oldest first; at most `limit`). A record
   * goes from the list when a newer version of it from the feed applies, or when a retry applies it.
   */
  feedAside(limit: number): FeedAsideEntry[];
  feedAsideCount(): number;
  /**
   * Tries the set-aside records again (after an edit here that may have resolved a clash; a page of the feed does it
   * by itself): how many applied now.
   */
  retryFeedAside(): number;
  /**
   * The next commands to send, oldest first: those already sent and not yet decided (same id, same data), then
   * pending ones, their data read from the record now and kept with them.
   */
  takeShopCommands(limit: number): Command[];
  recordShopDecisions(decisions: readonly CommandDecision[]): void;
  shopCommandsWaiting(): number;
  notAppliedEdits(limit: number): NotAppliedEdit[];
  /** Everyone with the server key made here, for the first till's upload. */
  peopleForShop(): Array<{ key: string; name: string; role: 'owner' | 'cashier'; pinHash: string; active: boolean }>;
  /** The server's key for a person of this till (what the back office's session names the owner by). */
  personShopKey(personId: number): string | null;
  /** The clock offset (server − till, ms) the sales made from now on keep (by trigger, migration of issue 25). */
  setShopClockOffset(offsetMs: number): void;
  /**
   * Issue 26: the shop-wide settings (seller, numbering authorisation…) whose value here is not the one the server's
   * feed last brought (or that the server has never had), for the till to send. A setting this till has no value for
   * is never sent (the server's stands).
   */
  shopSettingsToSend(): Array<{ key: ShopWideSettingKey; value: string }>;
  /**
   * The sales of this file made under a name other than `current` (a till that sold before pairing, or before a
   * rename): they keep the numbers they were made with. By name, with the first and last short number.
   */
  salesUnderOtherNames(current: string): Array<{ name: string; count: number; first: number; last: number }>;
}

interface CommandRow {
  id: number; command_id: string; kind: Command['kind']; record_key: string; base_version: number | null; at: number;
  state: string; data: string | null; reason: string | null; decided_at: number | null;
}

interface ProductRow {
  code: string; name: string; price: string; unit_measure: string; tax_code: string | null; tax_rate: string | null;
  discount_rate: string; active: number; category: string | null; quick_key: number; quick_key_order: number | null;
  shelf_price: string | null; barcodes: string;
}

export function shopMasterDataTable(db: Database.Database, now: () => number): ShopMasterData {
  const state = db.prepare<[], { paired: number; cursor: number; generation: string | null }>('SELECT paired, cursor, generation FROM shop_state WHERE id = 1');
  const setGeneration = db.prepare<[string | null]>('UPDATE shop_state SET generation = ? WHERE id = 1');
  const setApplying = db.prepare<[number]>('UPDATE shop_state SET applying = ? WHERE id = 1');
  const setCursor = db.prepare<[number]>('UPDATE shop_state SET cursor = ? WHERE id = 1');
  const setPaired = db.prepare<[number, number]>('UPDATE shop_state SET paired = ?, cursor = ? WHERE id = 1');
  const setClockOffset = db.prepare<[number]>('UPDATE shop_state SET clock_offset_ms = ? WHERE id = 1');
  const writeSetting = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const dropSetting = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const readSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const otherNames = db.prepare<[string], { name: string; count: number; first: number; last: number }>(
    `SELECT till_name AS name, count(*) AS count, min(coalesce(short_number, id)) AS first, max(coalesce(short_number, id)) AS last
       FROM sales WHERE till_name <> ? GROUP BY till_name ORDER BY first LIMIT 20`);

  const productRow = db.prepare<[string], ProductRow>(
    `SELECT p.*, (SELECT json_group_array(barcode) FROM (SELECT barcode FROM product_barcodes b WHERE b.code = p.code ORDER BY position)) AS barcodes
     FROM products p WHERE p.code = ?`,
  );
  const upsertProduct = db.prepare(
    `INSERT INTO products (code, name, price, unit_measure, tax_code, tax_rate, discount_rate, active, category, shelf_price,
       quick_key, quick_key_order, search_key, updated_at, shop_version)
     VALUES (@code, @name, @price, @unitMeasure, @taxCode, @taxRate, @discountRate, @active, @category, @shelfPrice,
       @quickKey, @quickKeyOrder, @searchKey, @now, @version)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, price = excluded.price, unit_measure = excluded.unit_measure,
       tax_code = excluded.tax_code, tax_rate = excluded.tax_rate, discount_rate = excluded.discount_rate,
       active = excluded.active, category = excluded.category, shelf_price = excluded.shelf_price,
       quick_key = excluded.quick_key, quick_key_order = excluded.quick_key_order, search_key = excluded.search_key,
       updated_at = excluded.updated_at, shop_version = excluded.shop_version`,
  );
  const dropBarcodes = db.prepare<[string]>('DELETE FROM product_barcodes WHERE code = ?');
  // The server's truth wins: a barcode it gave to this product leaves whichever product held it here.
  const takeBarcode = db.prepare<[string]>('DELETE FROM product_barcodes WHERE barcode = ?');
  const addBarcode = db.prepare<[string, string, number]>('INSERT INTO product_barcodes (barcode, code, position) VALUES (?, ?, ?)');

  const upsertCustomer = db.prepare(
    `INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code,
       updated_at, folded_name, created_at, shop_version)
     VALUES (@identification_type, @identification, @dv, @name, @person_type, @tax_regime, @email, @municipality_code,
       @now, @folded_name, @now, @version)
     ON CONFLICT (identification_type, identification) DO UPDATE SET dv = excluded.dv, name = excluded.name,
       person_type = excluded.person_type, tax_regime = excluded.tax_regime, email = excluded.email,
       municipality_code = excluded.municipality_code, updated_at = excluded.updated_at, folded_name = excluded.folded_name,
       shop_version = excluded.shop_version`,
  );

  const personByKey = db.prepare<[string], { id: number }>('SELECT id FROM people WHERE shop_key = ?');
  // The first till's own people come back from its upload with the keys it made; another till meets them by name
  // (people it had before pairing). A person made here since pairing, whose save has not been decided yet, is this
  // till's own: a server person of the same name is then a clash (set aside), never silently merged into it.
  const personByName = db.prepare<[string], { id: number }>(
    `SELECT id FROM people p WHERE name = ? COLLATE NOCASE AND shop_version IS NULL
       AND NOT EXISTS (SELECT 1 FROM shop_commands c WHERE c.kind = 'person.save' AND c.record_key = CAST(p.id AS TEXT)
                         AND c.state IN ('pending', 'sent'))`,
  );
  const updatePerson = db.prepare(
    `UPDATE people SET shop_key = @key, name = @name, role = @role, pin_hash = @pinHash, active = @active, updated_at = @now,
       shop_version = @version WHERE id = @id`,
  );
  const insertPerson = db.prepare(
    `INSERT INTO people (name, role, pin_hash, active, created_at, updated_at, shop_key, shop_version)
     VALUES (@name, @role, @pinHash, @active, @now, @now, @key, @version)`,
  );

  const upsertTill = db.prepare(
    `INSERT INTO shop_tills (till_id, number, name, revoked, version) VALUES (@tillId, @number, @name, @revoked, @version)
     ON CONFLICT (till_id) DO UPDATE SET number = excluded.number, name = excluded.name, revoked = excluded.revoked, version = excluded.version`,
  );
  const upsertSetting = db.prepare<[string, string, number]>(
    `INSERT INTO shop_settings (key, value, version) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version`,
  );

  const unsent = db.prepare<[number], CommandRow>(
    `SELECT * FROM shop_commands WHERE state IN ('pending', 'sent') ORDER BY state = 'pending', id LIMIT ?`,
  );
  const markSent = db.prepare<[string, number]>(`UPDATE shop_commands SET state = 'sent', data = ? WHERE id = ? AND state = 'pending'`);
  const dropUnsendable = db.prepare<[number, number]>(
    `UPDATE shop_commands SET state = 'refused', data = '{}', reason = 'missing_record', decided_at = ? WHERE id = ?`,
  );
  const byCommandId = db.prepare<[string], CommandRow>('SELECT * FROM shop_commands WHERE command_id = ?');
  const decide = db.prepare<[string, string | null, number, number]>(
    `UPDATE shop_commands SET state = ?, reason = ?, decided_at = ? WHERE id = ? AND state = 'sent'`,
  );
  const waiting = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM shop_commands WHERE state IN ('pending', 'sent')`);
  const notApplied = db.prepare<[number], CommandRow>(
    `SELECT * FROM shop_commands WHERE state IN ('conflict', 'refused') ORDER BY decided_at DESC, id DESC LIMIT ?`,
  );
  const customerByKey = db.prepare<[string, string], Record<string, string>>(
    'SELECT * FROM customers WHERE identification_type = ? AND identification = ?',
  );
  const personById = db.prepare<[number], { id: number; shop_key: string; name: string; role: string; pin_hash: string; active: number }>(
    'SELECT * FROM people WHERE id = ?',
  );

  const everyone = db.prepare<[], { shop_key: string; name: string; role: 'owner' | 'cashier'; pin_hash: string; active: number }>(
    'SELECT shop_key, name, role, pin_hash, active FROM people ORDER BY id',
  );
  // After an applied command the record's copy is the server's new version; later edits made here build on it.
  const versionSetters = {
    'product.save': db.prepare<[number, string, number | null]>('UPDATE products SET shop_version = ? WHERE code = ? AND shop_version IS ?'),
    'customer.save': db.prepare<[number, string, number | null]>(
      `UPDATE customers SET shop_version = ? WHERE identification_type || ':' || identification = ? AND shop_version IS ?`,
    ),
    'person.save': db.prepare<[number, string, number | null]>('UPDATE people SET shop_version = ? WHERE CAST(id AS TEXT) = ? AND shop_version IS ?'),
  };
  const rebase = db.prepare<[number, string, string, number | null]>(
    `UPDATE shop_commands SET base_version = ? WHERE kind = ? AND record_key = ? AND state = 'pending' AND base_version IS ?`,
  );

  interface AsideRow {
    kind: string; record_key: string; seq: number; record: string; label: string; reason_code: FeedAsideReason;
    reason: string; action: string; detail: string; since: number; tried_at: number; tries: number;
  }
  const putAside = db.prepare(
    `INSERT INTO shop_feed_aside (kind, record_key, seq, record, label, reason_code, reason, action, detail, since, tried_at)
     VALUES (@kind, @key, @seq, @record, @label, @reasonCode, @reason, @action, @detail, @at, @at)
     ON CONFLICT (kind, record_key) DO UPDATE SET seq = excluded.seq, record = excluded.record, label = excluded.label,
       reason_code = excluded.reason_code, reason = excluded.reason, action = excluded.action, detail = excluded.detail,
       tried_at = excluded.tried_at, tries = tries + 1`,
  );
  const dropAside = db.prepare<[string, string]>('DELETE FROM shop_feed_aside WHERE kind = ? AND record_key = ?');
  const asideRows = db.prepare<[number], AsideRow>('SELECT * FROM shop_feed_aside ORDER BY since, seq LIMIT ?');
  const asideCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM shop_feed_aside');

  /**
   * Whether a failure is the record's own (a clash, a rule this store refuses, data it cannot take), so it is set
   * aside; a failure of the file itself (full disk, I/O, busy, corrupt) fails the page instead, tried again later.
   */
  function recordsOwnFault(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return !(typeof code === 'string' && code.startsWith('SQLITE_') && !code.startsWith('SQLITE_CONSTRAINT'));
  }
  function labelOfChange(change: Change): string {
    switch (change.kind) {
      case 'product': return `${change.data.code} · ${change.data.name}`;
      case 'customer': return `${change.data.customer.identification} · ${change.data.customer.name}`;
      case 'person': return change.data.name;
      case 'till': return change.data.name;
      case 'setting': return change.data.key;
      case 'document': return change.data.referenceCode;
    }
  }
  function setAside(entry: { seq: number; kind: string; key: string; record: unknown; label: string; code: FeedAsideReason; detail: string }, at: number): void {
    const detail = entry.detail.replace(/\s+/g, ' ').slice(0, 200);
    const label = entry.label.slice(0, 200);
    const words = wordFeedAside(entry.code, entry.kind, label, detail);
    putAside.run({
      kind: entry.kind.slice(0, 20), key: entry.key.slice(0, 120), seq: entry.seq, record: JSON.stringify(entry.record ?? null), label,
      reasonCode: entry.code, reason: words.reason, action: words.action, detail, at,
    });
  }
  /** One change in its own savepoint: applied (and whatever was set aside of that record goes), or set aside. */
  function applyOrSetAside(change: Change, at: number): boolean {
    try {
      db.transaction(() => applyChange(change, at))();
    } catch (error) {
      if (!recordsOwnFault(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const clash = change.kind === 'person' && /name of another person|UNIQUE constraint failed: people\.name/.test(message);
      setAside({ seq: change.seq, kind: change.kind, key: change.key, record: change, label: labelOfChange(change), code: clash ? 'name_clash' : 'refused', detail: message }, at);
      return false;
    }
    dropAside.run(change.kind, change.key);
    return true;
  }
  /** Tries the set-aside records again, in the caller's transaction (with `applying` set); `skip`: just tried. */
  function retryAside(at: number, skip: ReadonlySet<string> = new Set()): number {
    let applied = 0;
    for (const row of asideRows.all(ASIDE_RETRIED_PER_ROUND)) {
      if (skip.has(`${row.kind}\u0000${row.record_key}`)) continue;
      let raw: unknown = null;
      try {
        raw = JSON.parse(row.record);
      } catch {
        raw = null;
      }
      // A record this version could not read stays aside until a newer version of it comes (or Mostrador is updated).
      const parsed = changeSchema.safeParse(raw);
      if (!parsed.success) continue;
      if (applyOrSetAside(parsed.data, at)) applied += 1;
    }
    return applied;
  }
  function asideEntry(row: AsideRow): FeedAsideEntry {
    return {
      seq: row.seq, kind: row.kind, key: row.record_key, label: row.label, reasonCode: row.reason_code, reason: row.reason,
      action: row.action, since: row.since, triedAt: row.tried_at, tries: row.tries,
    };
  }

  /**
   * One page, all or nothing, with its cursor. `careful`: each change in its own savepoint, one that cannot apply set
   * aside (issue 27); otherwise the first failure throws and rolls the whole page back.
   */
  function applyPage(page: FeedPage, careful: boolean): 'applied' | 'restart' {
    return db.transaction(() => {
      if (page.generation !== undefined) {
        const seen = state.get()?.generation ?? null;
        if (seen !== page.generation) setGeneration.run(page.generation);
        if (seen !== null && seen !== page.generation) {
          setCursor.run(0);
          // Read again from the start, each record comes again: what still cannot apply is set aside again.
          db.exec('DELETE FROM shop_feed_aside');
          return 'restart' as const;
        }
      }
      const at = now();
      setApplying.run(1);
      const malformed = page.malformed ?? [];
      // Records it could not read take their place by seq (a newer good version of the same key then wins).
      const steps: Array<{ seq: number; change?: Change; bad?: MalformedChange }> = [
        ...page.changes.map((change) => ({ seq: change.seq, change })),
        ...malformed.map((bad) => ({ seq: bad.seq, bad })),
      ];
      if (malformed.length > 0) steps.sort((a, b) => a.seq - b.seq);
      const hadAside = (asideCount.get()?.n ?? 0) > 0;
      for (const step of steps) {
        if (step.change && !careful) {
          applyChange(step.change, at);
          if (hadAside) dropAside.run(step.change.kind, step.change.key);
        } else if (step.change) {
          applyOrSetAside(step.change, at);
        } else if (step.bad) {
          const bad = step.bad;
          const data = (bad.raw as { data?: { name?: unknown; code?: unknown } } | null)?.data;
          const label = typeof data?.name === 'string' ? data.name : typeof data?.code === 'string' ? data.code : bad.key;
          setAside({ seq: bad.seq, kind: bad.kind, key: bad.key, record: bad.raw, label, code: 'malformed', detail: bad.problem }, at);
        }
      }
      // What this page brought may have resolved an earlier clash (the other person renamed at the server).
      if (steps.length > 0 && (careful || hadAside)) {
        const seen = new Set(steps.map((step) => `${step.change?.kind ?? step.bad?.kind}\u0000${step.change?.key ?? step.bad?.key}`));
        retryAside(at, seen);
      }
      setCursor.run(page.cursor);
      setApplying.run(0);
      return 'applied' as const;
    }).immediate();
  }

  const pendingFor = db.prepare<[string, string], CommandRow>(`SELECT * FROM shop_commands WHERE kind = ? AND record_key = ? AND state = 'pending'`);
  /** An edit made here and not sent yet keeps what was edited before the server's copy replaces the record. */
  function freezePending(kind: Command['kind'], key: string): void {
    const row = pendingFor.get(kind, key);
    if (!row) return;
    const data = commandData(row);
    if (data) markSent.run(JSON.stringify(data), row.id);
  }

  let documentApplier: ((outcome: DocumentOutcome) => void) | null = null;
  function applyChange(change: Change, at: number): void {
    switch (change.kind) {
      case 'product': {
        const p = change.data;
        freezePending('product.save', p.code);
        const old = productRow.get(p.code);
        const price = String(p.price);
        upsertProduct.run({
          code: p.code, name: p.name, price, unitMeasure: p.unitMeasure,
          taxCode: p.tax?.code ?? null, taxRate: p.tax ? String(p.tax.rate) : null, discountRate: String(p.discountRate),
          active: p.active ? 1 : 0, category: p.category, quickKey: p.quickKey ? 1 : 0, quickKeyOrder: p.quickKey ? p.quickKeyOrder ?? null : null,
          // The server carries the base price only; the shelf price entered here stands while the base is the same.
          shelfPrice: old && old.price === price ? old.shelf_price : null,
          searchKey: foldText(`${p.code} ${p.name}`), now: at, version: p.version,
        });
        dropBarcodes.run(p.code);
        p.barcodes.forEach((barcode, position) => {
          takeBarcode.run(barcode);
          addBarcode.run(barcode, p.code, position);
        });
        return;
      }
      case 'customer': {
        const c = change.data.customer;
        freezePending('customer.save', `${c.identification_type}:${c.identification}`);
        upsertCustomer.run({ ...c, folded_name: foldText(c.name), now: at, version: change.data.version });
        return;
      }
      case 'person': {
        const p = change.data;
        const row = personByKey.get(p.key) ?? personByName.get(p.name);
        if (row) freezePending('person.save', String(row.id));
        const values = { key: p.key, name: p.name, role: p.role, pinHash: p.pinHash, active: p.active ? 1 : 0, now: at, version: p.version };
        try {
          if (row) updatePerson.run({ ...values, id: row.id });
          else insertPerson.run(values);
        } catch (error) {
          if (error instanceof Error && /UNIQUE/.test(error.message)) {
            throw new StoreError(`The shop server's person "${p.name}" has the name of another person at this till.`, { cause: error });
          }
          throw error;
        }
        return;
      }
      case 'till':
        upsertTill.run({ ...change.data, revoked: change.data.revoked ? 1 : 0 });
        // The name the shop gives this till is the one its receipts and sale numbers carry.
        if (change.data.tillId === readSetting.get(SHOP_TILL_ID_KEY)?.value) writeSetting.run('till_name', change.data.name);
        return;
      case 'document':
        documentApplier?.(change.data);
        return;
      case 'setting': {
        const { key, value, version } = change.data;
        upsertSetting.run(key, JSON.stringify(value), version);
        // The till's settings rows hold these as text; the server keeps that text as a JSON string.
        if (SHOP_WIDE.has(key) && typeof value === 'string') writeSetting.run(key, value);
        return;
      }
    }
  }

  function commandData(row: CommandRow): Command['data'] | null {
    switch (row.kind) {
      case 'product.save': {
        const p = productRow.get(row.record_key);
        if (!p) return null;
        return {
          code: p.code, name: p.name, barcodes: JSON.parse(p.barcodes) as string[], unitMeasure: p.unit_measure,
          price: Number(p.price),
          tax: p.tax_code !== null && p.tax_rate !== null ? { code: p.tax_code, rate: Number(p.tax_rate) } : null,
          discountRate: Number(p.discount_rate), category: p.category, active: p.active === 1,
          quickKey: p.quick_key === 1, quickKeyOrder: p.quick_key_order,
        } as Command['data'];
      }
      case 'customer.save': {
        const split = row.record_key.indexOf(':');
        const c = customerByKey.get(row.record_key.slice(0, split), row.record_key.slice(split + 1));
        if (!c) return null;
        return {
          identification_type: c.identification_type, identification: c.identification, dv: c.dv, person_type: c.person_type,
          name: c.name, tax_regime: c.tax_regime, email: c.email, municipality_code: c.municipality_code,
        } as Command['data'];
      }
      case 'person.save': {
        const p = personById.get(Number(row.record_key));
        if (!p) return null;
        return { key: p.shop_key, name: p.name, role: p.role, pinHash: p.pin_hash, active: p.active === 1 } as Command['data'];
      }
    }
  }

  const toCommand = (row: CommandRow, data: Command['data']): Command =>
    ({ id: row.command_id, kind: row.kind, baseVersion: row.base_version, at: row.at, data }) as Command;

  function labelOf(row: CommandRow): string {
    const data = (row.data ? JSON.parse(row.data) : {}) as Record<string, unknown>;
    if (row.kind === 'product.save') return `${row.record_key} · ${String(data.name ?? '')}`.replace(/ · $/, '');
    if (row.kind === 'customer.save') return `${String(data.identification ?? row.record_key)} · ${String(data.name ?? '')}`.replace(/ · $/, '');
    return String(data.name ?? row.record_key);
  }

  const serverSetting = db.prepare<[string], { value: string }>('SELECT value FROM shop_settings WHERE key = ?');
  return {
    shopSettingsToSend() {
      return SHOP_WIDE_SETTING_KEYS.flatMap((key) => {
        const local = readSetting.get(key)?.value;
        if (local === undefined || local === '') return [];
        const held = serverSetting.get(key)?.value;
        let server: unknown = null;
        try {
          server = held === undefined ? null : JSON.parse(held);
        } catch {
          server = null;
        }
        return server === local ? [] : [{ key, value: local }];
      });
    },
    setShopClockOffset(offsetMs) {
      setClockOffset.run(Math.round(offsetMs));
    },
    shopState() {
      const row = state.get();
      return { paired: row?.paired === 1, cursor: row?.cursor ?? 0, generation: row?.generation ?? null };
    },
    salesUnderOtherNames: (current) => otherNames.all(current),
    recordShopPairing(settings, cursor) {
      db.transaction(() => {
        for (const [key, value] of Object.entries(settings)) writeSetting.run(key, value);
        setPaired.run(1, cursor);
      }).immediate();
    },
    forgetShopPairing(settingKeys) {
      db.transaction(() => {
        setPaired.run(0, 0);
        setGeneration.run(null);
        for (const key of settingKeys) dropSetting.run(key);
        db.exec(`
          DELETE FROM shop_commands WHERE state IN ('pending', 'sent');
          UPDATE products SET shop_version = NULL WHERE shop_version IS NOT NULL;
          UPDATE customers SET shop_version = NULL WHERE shop_version IS NOT NULL;
          UPDATE people SET shop_version = NULL WHERE shop_version IS NOT NULL;
          UPDATE sales SET shop_pushed_revision = 0 WHERE shop_pushed_revision <> 0;
          DELETE FROM shop_pushed_shifts;
          DELETE FROM shop_tills;
          DELETE FROM shop_settings;
          DELETE FROM shop_feed_aside;
        `);
      }).immediate();
    },
    setFeedDocumentApplier(apply) {
      documentApplier = apply;
    },
    applyShopChanges(page) {
      // The usual page applies as it always did, in one transaction with no savepoint (a savepoint makes SQLite
      // journal every page it touches: twice the time of a 1 000-change page, bench:feed-apply). Only when a record
      // of it fails for a reason of its own is the page applied again, change by change, to set that record aside.
      if (!page.malformed?.length) {
        try {
          return applyPage(page, false);
        } catch (error) {
          if (!recordsOwnFault(error)) throw error;
        }
      }
      return applyPage(page, true);
    },
    feedAside: (limit) => asideRows.all(limit).map(asideEntry),
    feedAsideCount: () => asideCount.get()?.n ?? 0,
    retryFeedAside() {
      if ((asideCount.get()?.n ?? 0) === 0) return 0;
      return db.transaction(() => {
        setApplying.run(1);
        const applied = retryAside(now());
        setApplying.run(0);
        return applied;
      }).immediate();
    },
    takeShopCommands(limit) {
      return db.transaction(() => {
        const out: Command[] = [];
        for (const row of unsent.all(limit)) {
          if (row.state === 'sent' && row.data) {
            out.push(toCommand(row, JSON.parse(row.data) as Command['data']));
            continue;
          }
          const data = commandData(row);
          if (!data) {
            dropUnsendable.run(now(), row.id);
            continue;
          }
          markSent.run(JSON.stringify(data), row.id);
          out.push(toCommand(row, data));
        }
        return out;
      }).immediate();
    },
    recordShopDecisions(decisions) {
      db.transaction(() => {
        const at = now();
        for (const d of decisions) {
          const row = byCommandId.get(d.id);
          if (!row || row.state !== 'sent') continue;
          decide.run(d.outcome, d.outcome === 'applied' ? null : d.reason ?? null, at, row.id);
          if (d.outcome === 'applied' && d.version !== null) {
            versionSetters[row.kind].run(d.version, row.record_key, row.base_version);
            rebase.run(d.version, row.kind, row.record_key, row.base_version);
          }
        }
      }).immediate();
    },
    shopCommandsWaiting: () => waiting.get()?.n ?? 0,
    personShopKey: (personId) => personById.get(personId)?.shop_key ?? null,
    peopleForShop() {
      return everyone.all().map((p) => ({ key: p.shop_key, name: p.name, role: p.role, pinHash: p.pin_hash, active: p.active === 1 }));
    },
    notAppliedEdits(limit) {
      return notApplied.all(limit).map((row) => ({
        id: row.id, kind: row.kind, label: labelOf(row), at: row.at, outcome: row.state as 'conflict' | 'refused',
        reason: row.reason, decidedAt: row.decided_at ?? row.at,
      }));
    },
  };
}
