/**
 * The SQL of the migration "voids only of sales the service provably never stored (issue 19)". Part of a migration:
 * once released, never edit this text; add a new migration instead.
 *
 * A gateway that forwards the POST and then answers 502 leaves an invoice at the service that the till saw as a
 * mere transient failure. So each attempt now says whether its request may have reached the service
 * (`outbox_attempts.may_have_reached`): only a refusal before sending (connection refused, DNS, our own checks) or a
 * definite 4xx refusal is 0; a 5xx, a timeout, a reset after sending, and every past attempt we cannot prove was a
 * refusal, are 1. A sale with such an attempt is voided only after the service, asked by its reference code, said
 * it has no such document (`service_lookups`, append-only), and only if no attempt was made since that answer.
 */

/** True when the entry `entry` (an SQL expression for an outbox id) may be, or is, stored by the service. */
export const MAY_BE_STORED = (entry: string): string => `(
  (SELECT o.remote_id FROM outbox o WHERE o.id = ${entry}) IS NOT NULL
  OR EXISTS (SELECT 1 FROM outbox_attempts a WHERE a.entry_id = ${entry} AND a.outcome IN ('queued', 'validated'))
  OR (EXISTS (SELECT 1 FROM outbox_attempts a WHERE a.entry_id = ${entry} AND (a.may_have_reached = 1 OR a.outcome = 'ambiguous'))
      AND NOT EXISTS (SELECT 1 FROM service_lookups l WHERE l.entry_id = ${entry} AND l.found = 0
        AND l.as_of_attempt = (SELECT max(a.id) FROM outbox_attempts a WHERE a.entry_id = ${entry}))))`;

const LATEST_CORRECTION = (saleId: string) => `(SELECT max(c2.id) FROM sale_corrections c2 WHERE c2.sale_id = ${saleId})`;

export const VOID_GUARD_SQL = `
  ALTER TABLE outbox_attempts ADD COLUMN may_have_reached INTEGER NOT NULL DEFAULT 1 CHECK (may_have_reached IN (0, 1));
  -- Past attempts: only what is provably a refusal is 0. A 4xx is the service's (or its gateway's) definite refusal;
  -- "Could not connect" is written only for failures before any byte was sent (common/invoicing/http.ts).
  UPDATE outbox_attempts SET may_have_reached = 0
  WHERE outcome IN ('transient', 'permanent')
    AND (http_status BETWEEN 400 AND 499
      OR (outcome = 'transient' AND http_status IS NULL AND message LIKE 'Could not connect to the invoicing service%'));

  CREATE TABLE service_lookups (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id      INTEGER NOT NULL REFERENCES outbox(id),
    at            INTEGER NOT NULL,
    -- The entry's latest attempt when the question was asked: an answer says nothing about a later attempt.
    as_of_attempt INTEGER,
    found         INTEGER NOT NULL CHECK (found IN (0, 1)),
    document_id   TEXT,
    CHECK ((found = 1) = (document_id IS NOT NULL))
  ) STRICT;
  CREATE INDEX service_lookups_by_entry ON service_lookups (entry_id, id);
  CREATE TRIGGER service_lookups_never_changed BEFORE UPDATE ON service_lookups BEGIN
    SELECT RAISE(ABORT, 'a look-up of the service is never changed');
  END;
  CREATE TRIGGER service_lookups_never_deleted BEFORE DELETE ON service_lookups BEGIN
    SELECT RAISE(ABORT, 'a look-up of the service is never deleted');
  END;

  -- Migration 16's rule, with "never stored" now meaning: no attempt may have reached the service, or the service
  -- said it has no such document after the latest one.
  DROP TRIGGER outbox_closed_only_by_record;
  CREATE TRIGGER outbox_closed_only_by_record
  BEFORE UPDATE OF closed ON outbox
  WHEN OLD.closed IS NULL AND NEW.closed IS NOT NULL AND NOT (
    (NEW.closed = 'voided' AND NEW.state = 'needs_attention' AND OLD.state IN ('waiting', 'needs_attention')
      AND NOT ${MAY_BE_STORED('OLD.id')}
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.sale_id')} AND c.kind = 'void'))
    OR (NEW.closed = 'replaced' AND OLD.state = 'needs_attention' AND OLD.remote_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM sale_corrections c WHERE c.id = ${LATEST_CORRECTION('OLD.sale_id')} AND c.kind = 'new_reference'))
  )
  BEGIN
    SELECT RAISE(ABORT, 'a sale is voided only while the service never stored it, and replaced only by a recorded correction');
  END;

  -- The void's record itself is refused too, so no void is written down for a sale the service may hold.
  CREATE TRIGGER sale_corrections_void_only_if_never_stored
  BEFORE INSERT ON sale_corrections
  WHEN NEW.kind = 'void' AND ${MAY_BE_STORED('(SELECT o.id FROM outbox o WHERE o.sale_id = NEW.sale_id)')}
  BEGIN
    SELECT RAISE(ABORT, 'a sale the invoicing service may hold is never voided; ask the service first');
  END;
`;
