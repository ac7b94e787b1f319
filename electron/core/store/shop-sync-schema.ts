/**
 * Migration 30's SQL (issue 20): what a till keeps to sync with the shop server. Part of a migration: once released,
 * never edit this text; add a new migration instead.
 *
 * - `shop_state`: one row; whether the till is paired, the feed's cursor, and `applying` (set only inside the pull's
 *   own transaction) so the triggers below tell a server change being applied from an edit made at this till.
 * - Master data rows carry the server's version they derive from (`shop_version`, NULL: never seen at the server);
 *   people get a server key of their own, made here, so the first till's upload and the feed agree on who is who.
 * - `shop_commands`: edits made at the till while paired, recorded by trigger in the edit's own transaction (nothing
 *   in a handler can forget one). One pending command per record: later edits before it is sent join it and keep
 *   its base version, the one the owner's copy came from. The data is read from the row when the command is sent,
 *   then kept with it, so a resend sends the same command.
 * - Sales: `shop_revision` grows by trigger, inside the writer's transaction, whenever what the contract carries of a
 *   sale changes (service state, number, CUFE, closing, a correction, a reprint, the cashier or shift stamp);
 *   `shop_pushed_revision` is the highest the server acknowledged. A crash between the two only resends.
 */
const NOW_MS = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`;
const EDITING = `(SELECT paired = 1 AND applying = 0 FROM shop_state WHERE id = 1)`;
const RECORD = (kind: string, key: string, version: string) =>
  `INSERT OR IGNORE INTO shop_commands (kind, record_key, base_version, at) VALUES ('${kind}', ${key}, ${version}, ${NOW_MS});`;

export const SHOP_SYNC_SQL = `
  CREATE TABLE shop_state (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    paired   INTEGER NOT NULL DEFAULT 0 CHECK (paired IN (0, 1)),
    applying INTEGER NOT NULL DEFAULT 0 CHECK (applying IN (0, 1)),
    cursor   INTEGER NOT NULL DEFAULT 0 CHECK (cursor >= 0)
  ) STRICT;
  INSERT INTO shop_state (id) VALUES (1);

  ALTER TABLE products ADD COLUMN shop_version INTEGER;
  ALTER TABLE customers ADD COLUMN shop_version INTEGER;
  ALTER TABLE people ADD COLUMN shop_version INTEGER;
  ALTER TABLE people ADD COLUMN shop_key TEXT;
  UPDATE people SET shop_key = lower(hex(randomblob(16)));
  CREATE UNIQUE INDEX people_by_shop_key ON people (shop_key);
  CREATE TRIGGER people_get_a_shop_key AFTER INSERT ON people WHEN NEW.shop_key IS NULL BEGIN
    UPDATE people SET shop_key = lower(hex(randomblob(16))) WHERE id = NEW.id;
  END;

  CREATE TABLE shop_tills (
    till_id TEXT PRIMARY KEY,
    number  INTEGER NOT NULL,
    name    TEXT NOT NULL,
    revoked INTEGER NOT NULL CHECK (revoked IN (0, 1)),
    version INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE shop_settings (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL CHECK (json_valid(value)),
    version INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE shop_commands (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    command_id   TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),
    kind         TEXT NOT NULL CHECK (kind IN ('product.save', 'customer.save', 'person.save')),
    -- product code, customer "type:identification", person's local id
    record_key   TEXT NOT NULL,
    base_version INTEGER,
    at           INTEGER NOT NULL,
    state        TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'applied', 'conflict', 'refused')),
    data         TEXT CHECK (data IS NULL OR json_valid(data)),
    reason       TEXT,
    decided_at   INTEGER,
    CHECK ((state = 'pending') = (data IS NULL))
  ) STRICT;
  CREATE UNIQUE INDEX shop_commands_one_pending ON shop_commands (kind, record_key) WHERE state = 'pending';
  CREATE INDEX shop_commands_unsent ON shop_commands (id) WHERE state IN ('pending', 'sent');
  CREATE INDEX shop_commands_not_applied ON shop_commands (decided_at) WHERE state IN ('conflict', 'refused');

  CREATE TRIGGER products_shop_edit_insert AFTER INSERT ON products WHEN ${EDITING} BEGIN
    ${RECORD('product.save', 'NEW.code', 'NEW.shop_version')}
  END;
  CREATE TRIGGER products_shop_edit_update
  AFTER UPDATE OF name, price, unit_measure, tax_code, tax_rate, discount_rate, active, category, quick_key, quick_key_order ON products
  WHEN ${EDITING} BEGIN
    ${RECORD('product.save', 'NEW.code', 'NEW.shop_version')}
  END;
  CREATE TRIGGER product_barcodes_shop_edit_insert AFTER INSERT ON product_barcodes WHEN ${EDITING} BEGIN
    ${RECORD('product.save', 'NEW.code', '(SELECT shop_version FROM products WHERE code = NEW.code)')}
  END;
  CREATE TRIGGER product_barcodes_shop_edit_delete AFTER DELETE ON product_barcodes WHEN ${EDITING} BEGIN
    ${RECORD('product.save', 'OLD.code', '(SELECT shop_version FROM products WHERE code = OLD.code)')}
  END;
  CREATE TRIGGER customers_shop_edit_insert AFTER INSERT ON customers WHEN ${EDITING} BEGIN
    ${RECORD('customer.save', "NEW.identification_type || ':' || NEW.identification", 'NEW.shop_version')}
  END;
  CREATE TRIGGER customers_shop_edit_update
  AFTER UPDATE OF identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code ON customers
  WHEN ${EDITING} BEGIN
    ${RECORD('customer.save', "NEW.identification_type || ':' || NEW.identification", 'NEW.shop_version')}
  END;
  CREATE TRIGGER people_shop_edit_insert AFTER INSERT ON people WHEN ${EDITING} BEGIN
    ${RECORD('person.save', 'CAST(NEW.id AS TEXT)', 'NEW.shop_version')}
  END;
  CREATE TRIGGER people_shop_edit_update AFTER UPDATE OF name, role, pin_hash, active ON people WHEN ${EDITING} BEGIN
    ${RECORD('person.save', 'CAST(NEW.id AS TEXT)', 'NEW.shop_version')}
  END;

  ALTER TABLE sales ADD COLUMN shop_revision INTEGER NOT NULL DEFAULT 1 CHECK (shop_revision >= 1);
  ALTER TABLE sales ADD COLUMN shop_pushed_revision INTEGER NOT NULL DEFAULT 0 CHECK (shop_pushed_revision >= 0);
  CREATE INDEX sales_shop_unpushed ON sales (id) WHERE shop_revision > shop_pushed_revision;
  CREATE TRIGGER sales_shop_revision_outbox
  AFTER UPDATE OF state, full_number, cufe, closed, validated_at, request_body ON outbox
  WHEN NEW.state IS NOT OLD.state OR NEW.full_number IS NOT OLD.full_number OR NEW.cufe IS NOT OLD.cufe
    OR NEW.closed IS NOT OLD.closed OR NEW.validated_at IS NOT OLD.validated_at OR NEW.request_body IS NOT OLD.request_body
  BEGIN
    UPDATE sales SET shop_revision = shop_revision + 1 WHERE id = NEW.sale_id;
  END;
  CREATE TRIGGER sales_shop_revision_reprint AFTER INSERT ON reprints BEGIN
    UPDATE sales SET shop_revision = shop_revision + 1 WHERE id = NEW.sale_id;
  END;
  CREATE TRIGGER sales_shop_revision_corrected AFTER INSERT ON sales WHEN NEW.corrects_sale_id IS NOT NULL BEGIN
    UPDATE sales SET shop_revision = shop_revision + 1 WHERE id = NEW.corrects_sale_id;
  END;
  CREATE TRIGGER sales_shop_revision_stamp AFTER UPDATE OF cashier_name, shift_id ON sales
  WHEN NEW.cashier_name IS NOT OLD.cashier_name OR NEW.shift_id IS NOT OLD.shift_id
  BEGIN
    UPDATE sales SET shop_revision = shop_revision + 1 WHERE id = NEW.id;
  END;

  -- A closed shift never changes (its trigger forbids it), so what was pushed is kept beside it.
  CREATE TABLE shop_pushed_shifts (
    shift_id  INTEGER PRIMARY KEY REFERENCES shifts(id),
    pushed_at INTEGER NOT NULL
  ) STRICT;
`;
