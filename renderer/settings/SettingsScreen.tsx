/** F10: connection, numbering range, seller details, and this till's preferences. */
import type { ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { useScreenText } from '../i18n/screen-text';
import { ConnectionSection } from './ConnectionSection';
import { PreferencesSection } from './PreferencesSection';
import { PrinterSection } from './PrinterSection';
import { RangeSection } from './RangeSection';
import { SellerSection } from './SellerSection';
import { AuthorizationSection } from './AuthorizationSection';
import { SetupNotice } from './SetupNotice';
import { BackupSection } from './BackupSection';
import { ShopServerSection } from './ShopServerSection';
import { UpdatesSection } from './UpdatesSection';

export function SettingsScreen(): ReactNode {
  const t = useScreenText();
  const loaded = useApp((s) => s.settings !== null);
  if (!loaded) return <p className="muted">{t.loading}</p>;
  return (
    <div className="settings-screen">
      <h1 className="visually-hidden">{t.settings}</h1>
      <SetupNotice />
      <div className="settings-column">
        <ConnectionSection />
        <RangeSection />
        <PreferencesSection />
        <PrinterSection />
        <ShopServerSection />
      </div>
      <div className="settings-column">
        <SellerSection />
        <AuthorizationSection />
        <BackupSection />
        <UpdatesSection />
      </div>
    </div>
  );
}
