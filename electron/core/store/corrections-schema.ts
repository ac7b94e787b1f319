/**
 * Migration 16's SQL: corrections of sales that need attention, and their audit. Part of a migration: once released,
 * never edit this text; add a new migration instead.
 *
 * The rules the database itself enforces, whatever the code above it does:
 * - A sale is never deleted, and a correction record is never changed or deleted.
 * - A sale's content (customer, lines, totals) and a sent request body change only through the latest recorded
 *   correction that names exactly those new values, and only while the service never stored the sale: its POST
 *   was refused outright (last attempt `permanent`), no attempt was acknowledged or may have reached the service
 *   (`queued`, `validated`, `ambiguous`), and it has no remote id. The reference code never changes.
 * - A sale the service stored (and rejected) is corrected by a new sale with a new reference, linked to it
 *   (`corrects_sale_id`, at most one correction per sale); the first is then closed as `replaced`.
 * - A sale is voided only while the service never stored it. A voided or replaced sale never leaves
 *   `needs_attention` again, so it is never sent: never two valid invoices for one sale.
 */
const NEVER_STORED = `OLD.remote_id IS NULL AND NOT EXISTS (
    SELECT 1 FROM outbox_attempts a WHERE a.entry_id = OLD.id AND a.outcome IN ('queued', 'validated', 'ambiguous'))`;
const REFUSED_AT_CREATION = `OLD.state = 'needs_attention' AND ${NEVER_STORED}
  AND (SELECT a.outcome FROM outbox_attempts a WHERE a.entry_id = OLD.id ORDER BY a.id DESC LIMIT 1) = 'permanent'`;
const LATEST_CORRECTION = (saleId: string) =>
  `(SELECT max(c2.id) FROM sale_corrections c2 WHERE c2.sale_id = ${saleId})`;

export const CORRECTIONS_SQL = `
  ALTER TABLE sales ADD COLUMN corrects_sale_id INTEGER REFERENCES sales(id);
  CREATE UNIQUE INDEX sales_by_corrected_sale ON sales (corrects_sale_id) WHERE corrects_sale_id IS NOT NULL;
  ALTER TABLE outbox ADD COLUMN closed TEXT CHECK (closed IS NULL OR closed IN ('voided', 'replaced'));

  CREATE TABLE sale_corrections (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    at               INTEGER NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('same_reference', 'new_reference', 'void')),
    sale_id          INTEGER NOT NULL REFERENCES sales(id),
    new_sale_id      INTEGER UNIQUE REFERENCES sales(id),
    person_id        INTEGER REFERENCES people(id),
    person_name      TEXT NOT NULL,
    approved_by_id   INTEGER REFERENCES people(id),
    approved_by_name TEXT,
    what             TEXT NOT NULL,
    reason           TEXT NOT NULL,
    before           TEXT NOT NULL CHECK (json_valid(before)),
    after            TEXT CHECK (after IS NULL OR json_valid(after)),
    body_after       TEXT CHECK (body_after IS NULL OR json_valid(body_after)),
    CHECK ((kind = 'new_reference') = (new_sale_id IS NOT NULL)),
    CHECK ((kind = 'same_reference') = (body_after IS NOT NULL)),
    CHECK ((kind = 'void') = (after IS NULL))
  ) STRICT;
  CREATE INDEX sale_corrections_by_sale ON sale_corrections (sale_id, id);

  CREATE TRIGGER sale_corrections_never_changed BEFORE UPDATE ON sale_corrections BEGIN
    SELECT RAISE(ABORT, 'a correction record is never changed');
  END;
  CREATE TRIGGER sale_corrections_never_deleted BEFORE DELETE ON sale_corrections BEGIN
    SELECT RAISE(ABORT, 'a correction record is never deleted');
  END;
  CREATE TRIGGER sales_never_deleted BEFORE DELETE ON sales BEGIN
    SELECT RAISE(ABORT, 'a sale is never deleted: it is corrected or voided');
  END;

  CREATE TRIGGER sales_content_frozen
  BEFORE UPDATE OF reference_code, customer, items, payment, totals, payable, customer_name, customer_identification ON sales
  WHEN (NEW.reference_code IS NOT OLD.reference_code OR NEW.customer IS NOT OLD.customer OR NEW.items IS NOT OLD.items
        OR NEW.payment IS NOT OLD.payment OR NEW.totals IS NOT OLD.totals OR NEW.payable IS NOT OLD.payable
        OR NEW.customer_name IS NOT OLD.customer_name OR NEW.customer_identification IS NOT OLD.customer_identification)
    AND NOT (
      NEW.reference_code IS OLD.reference_code AND NEW.payment IS OLD.payment
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.id')} AND c.kind = 'same_reference'
        AND json(json_extract(c.before, '$.customer')) = json(OLD.customer) AND json(json_extract(c.before, '$.items')) = json(OLD.items)
        AND json(json_extract(c.after, '$.customer')) = json(NEW.customer) AND json(json_extract(c.after, '$.items')) = json(NEW.items))
    )
  BEGIN
    SELECT RAISE(ABORT, 'a sale''s content changes only through a recorded correction');
  END;

  -- Migration 1's rule, plus exactly one more case: a correction of a sale the service refused at creation.
  DROP TRIGGER outbox_request_body_frozen;
  CREATE TRIGGER outbox_request_body_frozen
  BEFORE UPDATE OF request_body, numbering_range_id ON outbox
  WHEN OLD.attempts > 0
    AND (NEW.request_body IS NOT OLD.request_body OR NEW.numbering_range_id IS NOT OLD.numbering_range_id)
    AND NEW.request_body IS NOT json_set(OLD.request_body, '$.numbering_range_id', NEW.numbering_range_id)
    AND NOT (
      OLD.closed IS NULL AND NEW.numbering_range_id IS OLD.numbering_range_id
      AND json_extract(NEW.request_body, '$.reference_code') IS json_extract(OLD.request_body, '$.reference_code')
      AND ${REFUSED_AT_CREATION}
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.sale_id')}
        AND c.kind = 'same_reference' AND c.body_after = NEW.request_body)
    )
  BEGIN
    SELECT RAISE(ABORT, 'request_body cannot change after the first attempt');
  END;

  CREATE TRIGGER outbox_closed_is_final
  BEFORE UPDATE OF closed, state ON outbox
  WHEN OLD.closed IS NOT NULL AND (NEW.closed IS NOT OLD.closed OR NEW.state IS NOT OLD.state)
  BEGIN
    SELECT RAISE(ABORT, 'this sale was voided or replaced by a correction; it is never sent again');
  END;

  CREATE TRIGGER outbox_closed_only_by_record
  BEFORE UPDATE OF closed ON outbox
  WHEN OLD.closed IS NULL AND NEW.closed IS NOT NULL AND NOT (
    (NEW.closed = 'voided' AND NEW.state = 'needs_attention' AND OLD.state IN ('waiting', 'needs_attention') AND ${NEVER_STORED}
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.sale_id')} AND c.kind = 'void'))
    OR (NEW.closed = 'replaced' AND OLD.state = 'needs_attention' AND OLD.remote_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.sale_id')} AND c.kind = 'new_reference'))
  )
  BEGIN
    SELECT RAISE(ABORT, 'a sale is voided only while the service never stored it, and replaced only by a recorded correction');
  END;
`;
