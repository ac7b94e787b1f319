/**
 * Settings → Servidor de la tienda (issue 20): pair this till by the server's address and one-time code (checked
 * with the same shared schema as the core), see when it last answered and what waits for it, unpair, and the
 * edits the server did not apply ("Cambios no aplicados").
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { ShopServerDto } from '../../shared/bridge/types';
import { shopAddressChangeSchema, shopPairingSchema } from '../../shared/shop/pairing-form';
import { useApp } from '../app/app-store';
import { CheckField, TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { ProgressBar } from '../app/ProgressBar';

export function ShopServerSection(): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  // The status bar's snapshot moves with every push: the section reads again when it does.
  const line = useApp((s) => s.status?.shopServer);
  const [state, setState] = useState<ShopServerDto | null>(null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [seedShop, setSeedShop] = useState(false);
  const [tillName, setTillName] = useState('');
  const [errors, setErrors] = useState<{ address?: string; code?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [newAddress, setNewAddress] = useState('');
  const [extra, setExtra] = useState(false);
  const [addressError, setAddressError] = useState<string | undefined>(undefined);

  useEffect(() => {
    void bridge.call('shopServer.status', {}).then((answer) => { if (answer.ok) setState(answer.value); });
  }, [line?.salesWaiting, line?.salesUnsendable, line?.unreachableSince, line?.problem, line?.feedAside, line?.feedCursor]);
  if (!state) return null;
  const when = (ms: number) => formatDateTime(ms, locale);

  const pair = async () => {
    setProblem(null);
    setNotice(null);
    const parsed = shopPairingSchema.safeParse({ address, code, seedShop, ...(tillName.trim() ? { tillName: tillName.trim() } : {}) });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({ ...(fields.has('address') ? { address: t.shopAddressInvalid } : {}), ...(fields.has('code') ? { code: t.shopCodeInvalid } : {}) });
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await callWithOwner('shopServer.pair', parsed.data, 'settings');
    setBusy(false);
    if (!answer.ok) {
      const { reason, retryAfterSeconds } = answer.error;
      if ((reason === 'SHOP_TOO_MANY' || reason === 'SHOP_TOO_MANY_HERE') && retryAfterSeconds !== undefined) {
        setProblem(t.shopTooMany(retryAfterSeconds, reason === 'SHOP_TOO_MANY_HERE'));
        return;
      }
      setProblem(t.shopRefused[reason ?? ''] ?? describeBridgeError(answer.error, t));
      return;
    }
    setState(answer.value);
    setCode('');
    setNotice(answer.value.uploaded !== null ? `${t.shopPairedNow} ${t.shopUploaded(answer.value.uploaded)}` : t.shopPairedNow);
  };
  // Issue 27: another address of the paired server, checked live against the pin by the core before it is saved.
  const addAddress = async () => {
    setProblem(null);
    setNotice(null);
    const parsed = shopAddressChangeSchema.safeParse({ address: newAddress, ...(extra ? { extra } : {}) });
    if (!parsed.success) {
      setAddressError(t.shopAddressInvalid);
      return;
    }
    setAddressError(undefined);
    setBusy(true);
    const answer = await callWithOwner('shopServer.addAddress', parsed.data, 'settings');
    setBusy(false);
    if (!answer.ok) {
      const said = t.shopRefused[answer.error.reason ?? ''] ?? describeBridgeError(answer.error, t);
      if (answer.error.fields?.address) setAddressError(said);
      else setProblem(said);
      return;
    }
    setState(answer.value);
    setNewAddress('');
    setExtra(false);
    setNotice(t.shopAddressSaved(answer.value.serverUrls.find((u) => !state.serverUrls.includes(u)) ?? answer.value.serverUrl ?? ''));
  };
  const unpair = async () => {
    setProblem(null);
    setNotice(null);
    const answer = await callWithOwner('shopServer.unpair', {}, 'settings');
    if (answer.ok) setState(answer.value);
    else setProblem(describeBridgeError(answer.error, t));
  };

  return (
    <section className="panel shop-server-section" aria-labelledby="shop-server-title">
      <h2 id="shop-server-title">{t.shopTitle}</h2>
      <p className="muted">{t.shopIntro}</p>
      {state.paired ? (
        <>
          <p role="status">{t.shopPaired(state.shopName ?? '', state.tillNumber ?? 0, state.serverUrl ?? '')}</p>
          <p data-testid="shop-till-name">{t.shopPairedAs(state.tillName)}</p>
          {state.earlierNames.length > 0 ? (
            <p className="muted" data-testid="shop-earlier-names">
              {t.shopEarlierNames(state.earlierNames.map((e) => t.shopEarlierName(e.name, e.count, pad6(e.first), pad6(e.last))).join('; '))}
            </p>
          ) : null}
          <p>{state.lastContactAt !== null ? t.shopLastContact(when(state.lastContactAt)) : t.shopNoContact}</p>
          {state.unreachableSince !== null ? (
            <p className="field-error" role="alert">
              {/* Issue 27: too far apart in version is not "away": which side to update, and the sales wait here. */}
              {state.problem?.startsWith('CONTRACT_') && t.shopProblem[state.problem] ? t.shopProblem[state.problem] : (
                <>
                  {t.shopLine.away(when(state.unreachableSince), state.salesWaiting)}
                  {state.problem && t.shopProblem[state.problem] ? ` (${t.shopProblem[state.problem]})` : ''}
                </>
              )}
            </p>
          ) : null}
          {state.unreachableSince !== null ? <p className="muted" data-testid="shop-moved-hint">{t.shopMovedHint}</p> : null}
          <p>{t.shopWaiting(state.salesWaiting, state.editsWaiting)}</p>
          {line?.upload ? (
            <div data-testid="shop-upload">
              <ProgressBar progress={line.upload} label={t.progressLabel('shop.upload')} />
              {line.upload.state === 'running' ? <p className="muted">{t.shopUploadNote}</p> : null}
            </div>
          ) : null}
          <p className="muted" data-testid="shop-addresses">{t.shopAddresses(state.serverUrls.join(', '))}</p>
          <TextField id="shop-new-address" label={t.shopNewAddress} value={newAddress} onChange={setNewAddress} hint={t.shopNewAddressHint}
            placeholder="192.168.1.21:4300" error={addressError} />
          <CheckField id="shop-new-address-extra" label={t.shopNewAddressExtra} checked={extra} onChange={setExtra} />
          <div className="actions">
            <button type="button" className="primary" onClick={() => void addAddress()} disabled={busy}>{busy ? t.shopSavingAddress : t.shopSaveAddress}</button>
            <button type="button" onClick={() => void unpair()}>{t.shopUnpair}</button>
          </div>
        </>
      ) : (
        <>
          <p role="status">{t.shopNotPaired}</p>
          <TextField id="shop-address" label={t.shopAddress} value={address} onChange={setAddress} hint={t.shopAddressHint}
            placeholder="192.168.1.20:8443" error={errors.address} />
          <TextField id="shop-code" label={t.shopCode} value={code} onChange={setCode} hint={t.shopCodeHint}
            placeholder="K7QF2-M2XDA" maxLength={20} error={errors.code} />
          <TextField id="shop-till-name-input" label={t.shopTillName} value={tillName} onChange={setTillName} hint={t.shopTillNameHint}
            placeholder={t.shopTillNamePlaceholder} maxLength={40} />
          <CheckField id="shop-seed" label={t.shopSeed} checked={seedShop} onChange={setSeedShop} />
          <div className="actions">
            <button type="button" className="primary" onClick={() => void pair()} disabled={busy}>{busy ? t.shopPairing : t.shopPair}</button>
          </div>
        </>
      )}
      {notice ? <p className="panel notice-info" role="status">{notice}</p> : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      {state.salesUnsendable > 0 ? (
        <div className="shop-not-applied" data-testid="shop-unsendable">
          <h3>{t.shopUnsendableTitle(state.salesUnsendable)}</h3>
          <p className="muted">{t.shopUnsendableIntro}</p>
          <ul>
            {state.unsendable.map((sale) => (
              <li key={sale.referenceCode}>
                <strong>{t.shopSaleNumber(sale.saleNumber)}</strong> {when(sale.createdAt)} · {t.shopUnsendableReason[sale.reason] ?? sale.reason}{' '}
                {/* The field only: the server's message is for whoever fixes it (in the till's log), not in English here. */}
                <span className="muted">({t.shopUnsendableField(sale.detail.split(':')[0] || '—')})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {(state.feedAsideCount ?? 0) > 0 ? (
        <div className="shop-not-applied shop-feed-aside" data-testid="shop-feed-aside">
          <h3>{t.shopFeedAsideTitle(state.feedAsideCount ?? 0)}</h3>
          <p className="muted">{t.shopFeedAsideIntro}</p>
          <ul>
            {(state.feedAside ?? []).map((record) => (
              <li key={`${record.kind}-${record.since}-${record.label}`}>
                <strong>{record.label}</strong>: {record.reason}
                <br />
                <span className="feed-aside-action">{record.action}</span>{' '}
                <span className="muted">({t.shopFeedAsideSince(when(record.since))})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.notApplied.length > 0 ? (
        <div className="shop-not-applied">
          <h3>{t.shopNotAppliedTitle}</h3>
          <p className="muted">{t.shopNotAppliedIntro}</p>
          <ul>
            {state.notApplied.map((edit) => (
              <li key={`${edit.kind}-${edit.at}-${edit.label}`}>
                <strong>{t.shopNotAppliedKind[edit.kind] ?? edit.kind}</strong> {edit.label}{' '}
                <span className="muted">({t.shopNotAppliedWhen(when(edit.at), when(edit.decidedAt))})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

const pad6 = (n: number): string => String(n).padStart(6, '0');
