/**
 * The owner's dashboard (issue 21): today and this week by till and by hour, payment means, best sellers, tax
 * collected and what the DIAN has not validated yet, from the server's SQL aggregates. Each chart's figures are
 * also a table under it (read aloud, printed). It loads in its own chunk with uPlot, and redraws when the server's
 * change signal says a till pushed something (OwnerViewScreen's loop passes `dashboard` anew).
 */
import { useMemo, type ReactNode } from 'react';
import type { Dashboard } from '../../shared/shop/back-office';
import { labelOf, PAYMENT_MEANS } from '../../shared/codes';
import { formatCop, sumAmounts } from '../../shared/money';
import { compactCop } from '../format/compact-money';
import { useApp } from '../app/app-store';
import { formatQuantity } from '../format/date-time';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { BarChart, ChartKey, colourOf } from './BarChart';
import { InvoicingPanel } from './InvoicingPanel';
import { FitFigure, TableScroll } from './fit';
import { clockWarnings } from './clock-lines';
import { cumulative, hourLabel, hourSeries, oldestWaitMinutes, shares, weekSeries, type StackedSeries } from './dashboard-series';

export function DashboardView({ dashboard }: { dashboard: Dashboard }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const money = (amount: string) => formatCop(amount, locale);
  const compact = useMemo(() => (value: number | string) => compactCop(value, locale), [locale]);
  const figure = (amount: string) => ({ exact: money(amount), short: compact(amount) });
  const hours = useMemo(() => hourSeries(dashboard), [dashboard]);
  const week = useMemo(() => weekSeries(dashboard), [dashboard]);
  const { today } = dashboard;
  const wait = oldestWaitMinutes(dashboard);
  const weekday = (date: string) => t.dashWeekdays[week.keys.indexOf(date)] ?? date;
  const clocks = clockWarnings(dashboard, t);

  return (
    <div className="dashboard" data-testid="dashboard">
      {clocks.length > 0 ? (
        <section className="day-warning dash-clocks" aria-labelledby="dash-clocks" data-testid="dash-clocks">
          <h2 id="dash-clocks">{t.clockHeading}</h2>
          <ul>{clocks.map((line) => <li key={line}>{line}</li>)}</ul>
          <p>{t.clockNote}</p>
        </section>
      ) : null}
      {(dashboard.feedAside?.length ?? 0) > 0 ? (
        <section className="day-warning dash-feed-aside" aria-labelledby="dash-feed-aside" data-testid="dash-feed-aside">
          <h2 id="dash-feed-aside">{t.feedAsideHeading}</h2>
          {dashboard.feedAside!.map((till) => (
            <div key={till.tillNumber}>
              <h3>{t.feedAsideTill(till.tillName, till.count)}</h3>
              <ul>
                {till.records.map((record) => (
                  <li key={`${record.kind}-${record.key}`}>
                    <strong>{record.label}</strong>: {record.reason} <span className="feed-aside-action">{record.action}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <p>{t.feedAsideNote}</p>
        </section>
      ) : null}
      <section className="dash-cards" aria-label={t.dashFigures}>
        <Card title={t.dashToday} value={figure(today.sales.total)} note={plain(t.dashSalesCount(today.sales.count))} testId="dash-today" />
        <Card title={t.dashWeek} value={figure(dashboard.week.sales.total)} note={plain(t.dashSalesCount(dashboard.week.sales.count))} testId="dash-week" />
        <Card title={t.dashTaxCollected} value={figure(today.taxTotal)} testId="dash-tax" />
        <Card title={`${t.dashDian} · ${t.dashPending}`} value={plain(String(dashboard.dian.pending.count))} note={figure(dashboard.dian.pending.total)} testId="dash-pending" />
        <Card title={`${t.dashDian} · ${t.dashNeedsAttention}`} value={plain(String(dashboard.dian.needsAttention.count))} note={figure(dashboard.dian.needsAttention.total)}
          warn={dashboard.dian.needsAttention.count > 0} testId="dash-attention" />
        <Card title={t.dashOldestWait} value={plain(wait === null ? t.dashNoWait : t.dashWaited(wait))} warn={wait !== null && wait >= 60} testId="dash-oldest" />
      </section>

      <div className="dash-grid">
        <Stacked title={t.dashByHour} series={hours} keyLabel={(k) => hourLabel(Number(k))} keyHeader={t.dashHour} money={money} compact={compact} id="dash-hour" />
        <Stacked title={t.dashByDay} series={week} keyLabel={(k) => weekday(String(k))} keyHeader={t.dashDay} money={money} compact={compact} id="dash-week-chart" />

        {dashboard.invoicing ? <InvoicingPanel status={dashboard.invoicing} at={dashboard.at} /> : null}

        <section className="dash-panel" aria-labelledby="dash-means">
          <h2 id="dash-means">{t.dashByMeans}</h2>
          {today.byMeans.length === 0 ? <p className="muted">{t.dashNothingYet}</p> : <>
            <BarChart label={t.dashChartOf(t.dashByMeans, money(today.sales.total))} keys={today.byMeans.map((m) => labelOf(PAYMENT_MEANS, m.meansCode))}
              series={[{ label: t.dashTotal, values: today.byMeans.map((m) => Number(m.total)), colour: colourOf(0) }]} compact={compact} height={160} />
            <TableScroll label={t.dashByMeans}><table className="dash-table">
              <caption className="visually-hidden">{t.dashByMeans}</caption>
              <thead><tr><th scope="col">{t.dashMeans}</th><th scope="col" className="num">{t.dashCount}</th><th scope="col" className="num">{t.dashTotal}</th></tr></thead>
              <tbody>{today.byMeans.map((m) => (
                <tr key={m.meansCode}><th scope="row">{labelOf(PAYMENT_MEANS, m.meansCode)}</th><td className="num">{m.count}</td><td className="num">{money(m.total)}</td></tr>
              ))}</tbody>
            </table></TableScroll>
          </>}
        </section>

        <section className="dash-panel" aria-labelledby="dash-top">
          <h2 id="dash-top">{t.dashTopProducts}</h2>
          {today.topProducts.length === 0 ? <p className="muted">{t.dashNothingYet}</p> : (
            <TableScroll label={t.dashTopProducts}><table className="dash-table top-products" data-testid="dash-top-products">
              <caption className="visually-hidden">{t.dashTopProducts}</caption>
              <thead><tr><th scope="col">{t.dashProduct}</th><th scope="col" className="num">{t.dashQuantity}</th><th scope="col" className="num">{t.dashTotal}</th></tr></thead>
              <tbody>{today.topProducts.map((p, i) => (
                <tr key={p.code}>
                  <th scope="row"><span className="top-name">{p.name}</span>
                    <span className="top-meter" aria-hidden="true"><span style={{ width: `${Math.round(shares(today.topProducts.map((x) => x.total))[i]! * 100)}%` }} /></span></th>
                  <td className="num">{formatQuantity(p.quantity.replace(/\.?0+$/, ''), locale)}</td><td className="num">{money(p.total)}</td>
                </tr>
              ))}</tbody>
            </table></TableScroll>
          )}
        </section>

        <section className="dash-panel" aria-labelledby="dash-taxes">
          <h2 id="dash-taxes">{t.dashTaxes}</h2>
          {today.taxes.length === 0 ? <p className="muted">{t.dashNothingYet}</p> : (
            <TableScroll label={t.dashTaxes}><table className="dash-table" data-testid="dash-taxes">
              <caption className="visually-hidden">{t.dashTaxes}</caption>
              <thead><tr><th scope="col">{t.dashTax}</th><th scope="col" className="num">{t.dashBase}</th><th scope="col" className="num">{t.dashAmount}</th></tr></thead>
              <tbody>{today.taxes.map((x) => (
                <tr key={`${x.code}-${x.rate}`}><th scope="row">{taxLabel(x.code, x.rate, locale)}</th><td className="num">{money(x.taxableAmount)}</td><td className="num">{money(x.amount)}</td></tr>
              ))}</tbody>
              <tfoot><tr><th scope="row">{t.dashTotal}</th><td /><td className="num">{money(today.taxTotal)}</td></tr></tfoot>
            </table></TableScroll>
          )}
        </section>

        <section className="dash-panel" aria-labelledby="dash-tills">
          <h2 id="dash-tills">{t.dashByTill}</h2>
          <TableScroll label={t.dashByTill}><table className="dash-table" data-testid="dash-by-till">
            <caption className="visually-hidden">{t.dashByTill}</caption>
            <thead><tr><th scope="col">{t.dashTill}</th><th scope="col" className="num">{t.dashCount}</th><th scope="col" className="num">{t.dashToday}</th><th scope="col" className="num">{t.dashWeek}</th></tr></thead>
            <tbody>{hours.tills.map((till) => {
              const day = today.byTill.find((x) => x.tillNumber === till.number);
              const wk = dashboard.week.byTill.find((x) => x.tillNumber === till.number);
              return (
                <tr key={till.number}><th scope="row">{till.name}</th><td className="num">{day?.count ?? 0}</td>
                  <td className="num">{money(day?.total ?? '0.00')}</td><td className="num">{money(wk?.total ?? '0.00')}</td></tr>
              );
            })}</tbody>
          </table></TableScroll>
        </section>
      </div>
    </div>
  );
}

interface Figure { exact: string; short: string }
const plain = (text: string): Figure => ({ exact: text, short: text });

/** A card's figure and note on one line each: shrunk with the card, then shortened ("$ 105,7 M"), never broken. */
function Card({ title, value, note, warn, testId }: { title: string; value: Figure; note?: Figure; warn?: boolean; testId: string }): ReactNode {
  return (
    <div className={`dash-card${warn ? ' dash-warn' : ''}`} data-testid={testId}>
      <h2>{title}</h2>
      <FitFigure className="dash-figure" {...value} />
      {note ? <FitFigure className="dash-note" {...note} /> : null}
    </div>
  );
}

interface StackedProps {
  title: string; id: string; series: StackedSeries; keyHeader: string;
  keyLabel: (key: number | string) => string; money: (amount: string) => string; compact: (value: number | string) => string;
}

/** Stacked bars by till with the table of the same figures: a row per hour or day that sold, a column per till. */
function Stacked({ title, id, series, keyHeader, keyLabel, money, compact }: StackedProps): ReactNode {
  const t = useScreenText();
  const sums = useMemo(() => cumulative(series), [series]);
  const keys = useMemo(() => series.keys.map(keyLabel), [series, keyLabel]);
  // The running sums drawn tallest first, so each till's own part shows on top of the ones before it.
  const bars = useMemo(() => series.tills.map((till, i) => ({ label: till.name, values: sums[i]!, colour: colourOf(i) })).reverse(), [series, sums]);
  const total = sumAmounts(series.totals);
  const rows = series.keys.map((_, k) => k).filter((k) => series.totals[k] !== '0.00');
  return (
    // Beyond three tills the table takes the grid's whole row (it still scrolls inside its panel where that is short).
    <section className={`dash-panel dash-wide${series.tills.length > 3 ? ' dash-full' : ''}`} aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? <p className="muted">{t.dashNothingYet}</p> : <>
        <BarChart label={t.dashChartOf(title, money(total))} keys={keys} series={bars} compact={compact} />
        <ChartKey items={series.tills.map((till, i) => ({ label: till.name, colour: colourOf(i) }))} />
        <TableScroll label={title}><table className="dash-table dash-stacked" data-testid={`${id}-table`}>
          <caption className="visually-hidden">{title}</caption>
          <thead><tr><th scope="col">{keyHeader}</th>{series.tills.map((till) => <th key={till.number} scope="col" className="num">{till.name}</th>)}<th scope="col" className="num">{t.dashTotal}</th></tr></thead>
          <tbody>{rows.map((k) => (
            <tr key={String(series.keys[k])}><th scope="row">{keys[k]}</th>
              {series.tills.map((till, i) => <td key={till.number} className="num">{money(series.amounts[i]![k]!)}</td>)}
              <td className="num">{money(series.totals[k]!)}</td></tr>
          ))}</tbody>
        </table></TableScroll>
      </>}
    </section>
  );
}
