/**
 * The customer form as the counter shows it: its code comes with the counter's schemas chunk (the form checks each
 * field with the shared buyer schema), which is usually here long before F4; if not, the panel waits for it.
 */
import { Suspense, use, type ComponentProps, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { counterSchemasNow, loadCounterSchemas } from '../sale/counter-schemas-loader';
import type { CustomerForm } from './CustomerForm';

type Props = ComponentProps<typeof CustomerForm>;

function LoadedForm(props: Props): ReactNode {
  const { CustomerForm: Form } = counterSchemasNow() ?? use(loadCounterSchemas());
  return <Form {...props} />;
}

export function LazyCustomerForm(props: Props): ReactNode {
  const t = useText();
  return <Suspense fallback={<p className="muted" role="status">{t.loading}</p>}><LoadedForm {...props} /></Suspense>;
}
