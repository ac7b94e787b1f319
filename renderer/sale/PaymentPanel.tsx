/** F8: payment form (contado/crédito) and means (efectivo, tarjeta, ...). */
import type { ReactNode } from 'react';
import { PAYMENT_FORMS, PAYMENT_MEANS } from '../../shared/codes';
import { codeOptions, SelectField } from '../app/fields';
import { useText } from '../i18n/use-text';
import { useSale } from './sale-store';

const FORMS = codeOptions(PAYMENT_FORMS);
const MEANS = codeOptions(PAYMENT_MEANS);

export function PaymentPanel(): ReactNode {
  const t = useText();
  const payment = useSale((s) => s.payment);
  const setPayment = useSale((s) => s.setPayment);
  return (
    <section className="panel payment" aria-labelledby="payment-title">
      <h2 id="payment-title">{t.payment} <kbd>F8</kbd></h2>
      <div className="row">
        <SelectField id="payment-means" label={t.paymentMeans} value={payment.means_code} options={MEANS}
          onChange={(means_code) => setPayment({ ...payment, means_code })} />
        <SelectField id="payment-form" label={t.paymentForm} value={payment.form_code} options={FORMS}
          onChange={(form_code) => setPayment({ ...payment, form_code })} />
      </div>
    </section>
  );
}
